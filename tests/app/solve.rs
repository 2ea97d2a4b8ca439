//! Solving from the window: the solver runs in the background and its solution replays.

use std::time::{Duration, Instant};

use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;

use crate::harness::{board, window};

#[test]
fn solving_a_small_level_from_the_ui_and_replaying_it() {
    let mut h = window("; Two\n########\n#      #\n# $  . #\n#@$  . #\n#      #\n########\n");
    h.get_by_label("Solve").click();
    h.step();
    assert!(h.state().solver().run.is_some(), "the solver runs in the background");
    let start = Instant::now();
    while h.state().solver().run.is_some() {
        assert!(start.elapsed() < Duration::from_secs(30), "the solver did not finish");
        std::thread::sleep(Duration::from_millis(10));
        h.step();
    }
    h.run();
    let status = h.state().messages().status.clone();
    assert!(status.contains("Solved"), "{status}");
    let moves = h.state().solver().found.as_ref().expect("a solution").moves.len();

    h.get_by_label("Replay solution").click();
    h.run();
    assert!(!board(&h).is_solved());
    for _ in 0..moves {
        h.key_press_modifiers(Modifiers::COMMAND, Key::Y);
        h.run();
    }
    assert!(board(&h).is_solved(), "the replayed solution solves the level");
    h.get_by_label("Solved!");
    h.get_by_label("Save solution into the level").click();
    h.run();
    assert_eq!(h.state().level().meta.solutions.len(), 1);
}

/// Runs frames until the solver is done (30 s at most).
fn finish_solving(h: &mut egui_kittest::Harness<'_, sokolab::app::App>) {
    h.step();
    let start = Instant::now();
    while h.state().solver().run.is_some() {
        assert!(start.elapsed() < Duration::from_secs(30), "the solver did not finish");
        std::thread::sleep(Duration::from_millis(10));
        h.step();
    }
    h.run();
}

/// Every answer says how it was found and whether it is proved optimal; the user chooses
/// fast or push-optimal, and the choice is kept in the settings.
#[test]
fn solve_says_what_kind_of_answer_it_gives_and_offers_push_optimal() {
    let mut h = window("; Two\n########\n#      #\n# $  . #\n#@$  . #\n#      #\n########\n");
    h.get_by_label("Solve").click();
    finish_solving(&mut h);
    let status = h.state().messages().status.clone();
    assert!(status.contains("by the fast solver (auto)"), "{status}");
    let fast = h.state().solver().found.clone().expect("a solution").describe();
    h.get_by_label(&format!("Solution: {fast}"));
    assert!(fast.ends_with("(found by the fast solver (auto))"), "{fast}");
    assert!(fast.contains("not proved optimal") || fast.contains("push-optimal (proved)"));

    h.get_by_label("Push-optimal").click();
    h.run();
    assert_eq!(h.state().settings().solve_aim, sokolab::app::solving::Aim::PushOptimal);
    h.get_by_label("Solve").click();
    finish_solving(&mut h);
    let found = h.state().solver().found.clone().expect("a solution");
    assert_eq!(found.proved, Some("push-optimal"));
    let line = format!(
        "Solution: {} moves, {} pushes, push-optimal (proved) (found by the push-optimal \
         solver (A*))",
        found.moves.len(),
        found.pushes
    );
    h.get_by_label(&line);

    // The timeline names it the same way.
    h.get_by_label("Timeline").click();
    h.run();
    h.get_by_label_contains("Solver's solution: ");
}

/// Move-optimal: fewer moves than the push-optimal solution on a level where they differ
/// (our level 6: 13 moves push-optimal, 10 at least), labelled so, and no push proof.
#[test]
fn solve_offers_move_optimal_and_says_so() {
    let mut h = window(LEVEL_SIX);
    h.get_by_label("Push-optimal").click();
    h.get_by_label("Solve").click();
    finish_solving(&mut h);
    let by_pushes = h.state().solver().found.clone().expect("a solution");
    h.get_by_label("Move-optimal").click();
    h.run();
    assert_eq!(h.state().settings().solve_aim, sokolab::app::solving::Aim::MoveOptimal);
    h.get_by_label("Solve").click();
    finish_solving(&mut h);
    let by_moves = h.state().solver().found.clone().expect("a solution");
    assert_eq!(by_moves.proved, Some("move-optimal"));
    assert!(by_moves.moves.len() < by_pushes.moves.len(), "{by_moves:?} {by_pushes:?}");
    let line = format!(
        "Solution: {} moves, {} pushes, move-optimal (proved) (found by the move-optimal \
         solver (A* on moves))",
        by_moves.moves.len(),
        by_moves.pushes
    );
    h.get_by_label(&line);
}

/// Level 6 of `levels/default.xsb` ("Along the Wall").
const LEVEL_SIX: &str =
    "; Along the Wall\n########\n#      #\n#.$  $ #\n#   #  #\n#  @  .#\n########\n";

/// "Replay solution" plays the moves itself, a few a second, until the level is solved.
#[test]
fn replay_solution_animates_to_the_end() {
    let mut h = window("; One\n#######\n#@ $ .#\n#######\n");
    h.get_by_label("Solve").click();
    finish_solving(&mut h);
    h.get_by_label("Replay solution").click();
    h.run();
    let start = Instant::now();
    while !board(&h).is_solved() {
        assert!(start.elapsed() < Duration::from_secs(20), "the replay does not move");
        std::thread::sleep(Duration::from_millis(20));
        h.step();
    }
    assert!(h.state().play().autoplay.is_none(), "it stops at the end");
}
