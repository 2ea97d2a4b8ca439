//! Overlays: toggles change what the board draws; "why is this a deadlock?" names the rule
//! and marks its boxes.

use egui_kittest::kittest::Queryable;
use sokolab::level::Pos;
use sokolab::solver::inspect::Analyser;

use crate::harness::{PARKED, window};

const CORNER: &str = "#######\n#$  @.#\n#     #\n#######\n";

/// Steps frames until `done` holds for the window (20 s at most).
fn until(
    h: &mut egui_kittest::Harness<'_, sokolab::app::App>,
    done: impl Fn(&sokolab::app::App) -> bool,
) {
    let start = std::time::Instant::now();
    while !done(h.state()) {
        assert!(start.elapsed().as_secs() < 20, "the overlay never arrives");
        std::thread::sleep(std::time::Duration::from_millis(2));
        h.step();
    }
    h.run();
}

#[test]
fn toggling_overlays_draws_and_removes_them() {
    let mut h = window(CORNER);
    assert!(h.state().view().drawn.dead.is_empty() && h.state().view().drawn.reach.is_empty());
    h.get_by_label("Dead squares").click();
    // The first frames draw nothing while a worker analyses the level.
    let mut frames = 0;
    while !h.state().overlays().cache.analysing() {
        assert!(h.state().view().drawn.dead.is_empty(), "analysed on the window's thread");
        frames += 1;
        assert!(frames < 10, "no analysis started");
        h.step();
    }
    until(&mut h, |app| !app.view().drawn.dead.is_empty());
    let expected = Analyser::new(h.state().level()).unwrap().squares().dead;
    assert!(!expected.is_empty());
    assert_eq!(h.state().view().drawn.dead, expected);

    h.get_by_label("Player-reachable area").click();
    h.run();
    assert!(h.state().view().drawn.reach.contains(&Pos::new(4, 2)));
    assert!(!h.state().view().drawn.reach.contains(&Pos::new(1, 1)), "a box is not walkable");

    h.get_by_label("Push distance to the nearest goal").click();
    h.run();
    assert!(h.state().view().drawn.numbers.contains(&(Pos::new(5, 1), 0)));

    h.get_by_label("Dead squares").click();
    h.run();
    assert!(h.state().view().drawn.dead.is_empty(), "switched off again");
    assert!(!h.state().view().drawn.reach.is_empty(), "the others stay");
}

#[test]
fn why_is_this_a_deadlock_names_the_rule_and_marks_the_box() {
    let mut h = window(CORNER);
    h.get_by_label("Why is this a deadlock?").click();
    h.run();
    let status = h.state().messages().status.clone();
    assert!(status.contains("Deadlock (dead square)"), "{status}");
    assert_eq!(h.state().view().drawn.culprits, vec![Pos::new(1, 1)]);
    // The status bar says it in a few words; the whole answer is in the panel.
    let whole = h.state().overlays().explanation.as_ref().expect("an answer").text();
    assert!(whole.len() > status.len() && status.contains("under Overlays"), "{status}");
    h.get_by_label(&whole);
    // Once the position changes, the status goes and the panel marks the answer as old.
    h.state_mut().send(sokolab::app::command::Command::MirrorHorizontal);
    h.run();
    assert_eq!(h.state().messages().status, "", "the status spoke of the old board");
    h.get_by_label("(about a position no longer shown)");
}

/// "Opened …" goes with the first edit: a status line never outlives what it spoke of.
#[test]
fn a_status_message_goes_when_the_board_changes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("corner.xsb");
    std::fs::write(&path, CORNER).unwrap();
    let mut h = window(CORNER);
    h.state_mut().send(sokolab::app::command::Command::OpenPath(path));
    crate::harness::finish_files(&mut h);
    h.run();
    assert!(h.state().messages().status.starts_with("Opened"), "{}", h.state().messages().status);
    h.state_mut().send(sokolab::app::command::Command::MirrorVertical);
    h.run();
    assert_eq!(h.state().messages().status, "");
}

/// Three goals at the end of a one-wide dead-end corridor: the far one is filled first.
const CORRIDOR: &str = "; Corridor
##########
#        #
# $$$    #
#   @    ######
#         ...#
#        #####
##########
";

/// Steps frames until the plan overlays have something to draw (the plan is computed on a
/// worker thread).
fn until_plan_drawn(h: &mut egui_kittest::Harness<'_, sokolab::app::App>) {
    let start = std::time::Instant::now();
    let drawn = |h: &egui_kittest::Harness<'_, sokolab::app::App>| {
        let d = &h.state().view().drawn;
        !(d.order.is_empty() && d.goal_lines.is_empty() && d.parking.is_empty())
    };
    while !drawn(h) {
        assert!(start.elapsed().as_secs() < 20, "the plan never arrives");
        std::thread::sleep(std::time::Duration::from_millis(2));
        h.step();
    }
    h.run();
}

#[test]
fn the_packing_order_and_the_goal_rooms_are_drawn_when_switched_on() {
    let mut h = window(CORRIDOR);
    h.get_by_label("Packing order (1 = fill first)").click();
    until_plan_drawn(&mut h);
    let (far, mid, near) = (Pos::new(12, 4), Pos::new(11, 4), Pos::new(10, 4));
    assert_eq!(h.state().view().drawn.order, vec![(far, 1), (mid, 2), (near, 3)]);
    h.get_by_label("Packing order (1 = fill first): Each step of the order is proved.");
    assert!(h.state().view().drawn.goal_lines.is_empty(), "the rooms overlay is off");

    h.get_by_label("Goal rooms and entrances").click();
    h.run();
    let drawn = &h.state().view().drawn;
    assert_eq!(drawn.entrances, vec![Pos::new(8, 4)]);
    // The goal area is the corridor, columns 9 to 12 of row 4: its outline is two long
    // lines and its two ends.
    let mut goal_lines = drawn.goal_lines.clone();
    goal_lines.sort();
    assert_eq!(
        goal_lines,
        vec![[(9, 4), (9, 5)], [(9, 4), (13, 4)], [(9, 5), (13, 5)], [(13, 4), (13, 5)]]
    );
    assert!(!drawn.room_lines.is_empty());
    h.get_by_label_contains("Thick outline: a goal area");

    h.get_by_label("Packing order (1 = fill first)").click();
    h.run();
    assert!(h.state().view().drawn.order.is_empty(), "switched off again");
    assert!(!h.state().view().drawn.goal_lines.is_empty(), "the rooms stay");
}

/// Demaret's goal column B: potential entrances (1,6), (2,6), (4,6), real (2,6), (4,6).
const COLUMN: &str = "#########\n####   .#\n#  $ $ .#\n# $  # .#\n#  $ @ .#\n#   #####\n#####\n";

#[test]
fn the_seed_orders_and_entrances_are_drawn_when_switched_on() {
    let mut h = window(COLUMN);
    h.get_by_label("Goal schedule and entrances (Demaret's planner)").click();
    until_plan_drawn(&mut h);
    let drawn = &h.state().view().drawn;
    assert_eq!(drawn.entrances, vec![Pos::new(6, 2), Pos::new(6, 4)], "real: filled");
    assert_eq!(drawn.potential, vec![Pos::new(6, 1)], "potential only: hollow");
    let goal = |row| Pos::new(7, row);
    assert_eq!(drawn.order, vec![(goal(3), 1), (goal(1), 2), (goal(2), 3), (goal(4), 4)]);
    h.get_by_label_contains("Ordering 2.");

    h.get_by_label("Goal schedule and entrances (Demaret's planner)").click();
    h.get_by_label("Goal order by walls (Talking Stones; 1 = fill first)").click();
    h.run();
    let drawn = &h.state().view().drawn;
    assert_eq!(drawn.order, vec![(goal(4), 1), (goal(3), 2), (goal(2), 3), (goal(1), 4)]);
    assert!(drawn.potential.is_empty() && drawn.entrances.is_empty());
    h.get_by_label_contains("Most walls around first; a filled goal counts as a wall.");
}

#[test]
fn a_rearranged_schedule_draws_its_parking_square_and_the_move_on() {
    // B with (4,6) walled: no order fills the column directly.
    let mut h = window(&COLUMN.replace("#  $ @ .#", "#  $ @#.#"));
    h.get_by_label("Goal schedule and entrances (Demaret's planner)").click();
    until_plan_drawn(&mut h);
    let drawn = &h.state().view().drawn;
    assert!(drawn.order.is_empty(), "the steps are drawn, not goal numbers");
    let parked: Vec<_> = drawn.parking.iter().filter(|s| s.parked).collect();
    assert_eq!(parked.len(), 1, "{:?}", drawn.parking);
    let moved_on = drawn.parking.iter().find(|s| s.from == Some(parked[0].to)).unwrap();
    assert!(moved_on.to.x == 7, "the parked stone moves on to a goal: {moved_on:?}");
    h.get_by_label_contains("Ordering 1 with the goals rearranged");
}

#[test]
fn the_backward_plan_draws_an_arrow_from_each_steps_box_and_rings_its_parking_square() {
    let mut h = window(PARKED);
    h.get_by_label("Packing-and-parking plan (FESS's steps)").click();
    until_plan_drawn(&mut h);
    let level = h.state().level().clone();
    let drawn = &h.state().view().drawn;
    assert!(!drawn.parking.is_empty());
    // Every step that moves a box starts from a square where a box starts or where an
    // earlier step parked one; the others are boxes that stay where they stand.
    for (i, step) in drawn.parking.iter().enumerate() {
        match step.from {
            Some(from) => {
                let parked_before = drawn.parking[..i].iter().any(|s| s.parked && s.to == from);
                assert!(level.square(from).has_box || parked_before, "{step:?}");
            }
            None => assert!(level.square(step.to).has_box, "{step:?}"),
        }
    }
    // The box on the room's mouth stays there for a while, is parked outside, then brought
    // back in.
    let parked =
        drawn.parking.iter().find(|s| s.parked && s.from.is_some()).expect("a parking square");
    assert!(parked.to.x > 4, "outside the room: {:?}", drawn.parking);
    assert!(drawn.parking.iter().any(|s| s.from == Some(parked.to) && !s.parked));
    h.get_by_label_contains("Arrow: a step's box");
}

/// Two boxes side by side on the top wall: frozen together off goals, though each alone
/// could be pushed along the wall to the goal at (6, 1).
const WALL_PAIR: &str = "##########\n# $$  .  #\n#  .   . #\n# $ .$ $ #\n#   .  @ #\n##########\n";

/// "Is it really dead?" (Shift+F7) asks the oracle on a worker about the position shown:
/// dead, with the pair as its smallest dead set, outlined on the board, and each rule's
/// verdict beside it; a live position is answered alive; the same command stops a run.
#[test]
fn the_oracle_names_the_smallest_dead_set_and_lists_each_rules_verdict() {
    let mut h = window(WALL_PAIR);
    h.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::F7);
    h.step();
    until(&mut h, |app| app.overlays().oracle.answer.is_some());
    let status = h.state().messages().status.clone();
    assert!(status.starts_with("Oracle: dead, proved by exhausting"), "{status}");
    assert_eq!(h.state().view().drawn.dead_set, vec![Pos::new(2, 1), Pos::new(3, 1)]);
    h.get_by_label("pipeline");
    h.get_by_label("dead (freeze)");
    assert!(h.query_by_label_contains("UNSOUND").is_none());
    // Once the position changes, the outline goes and the answer is marked as old.
    h.state_mut().send(sokolab::app::command::Command::MirrorHorizontal);
    h.run();
    assert!(h.state().view().drawn.dead_set.is_empty());
    h.get_by_label("(about a position no longer shown)");

    let mut h = window("#######\n#@ $ .#\n#######\n");
    h.get_by_label("Is it really dead?").click();
    h.step();
    until(&mut h, |app| app.overlays().oracle.answer.is_some());
    let status = h.state().messages().status.clone();
    assert!(status.starts_with("Oracle: alive. It found a solution of 3 moves"), "{status}");
    assert!(h.state().view().drawn.dead_set.is_empty());

    let mut h = window(&crate::inspect::big_room(60));
    h.get_by_label("Is it really dead?").click();
    h.step();
    assert!(h.state().overlays().oracle.running(), "worked out off the window's thread");
    h.get_by_label("Is it really dead?").click();
    h.step();
    h.run();
    assert_eq!(h.state().messages().status, "Stopped the oracle.");
    assert!(!h.state().overlays().oracle.running());
}
