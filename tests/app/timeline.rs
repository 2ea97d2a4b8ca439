//! The solution timeline: jumping to push N shows the replayed position.

use egui_kittest::kittest::Queryable;
use sokolab::app::command::Command;
use sokolab::level::format::read_collection;
use sokolab::level::moves::parse_lurd;
use sokolab::level::replay;

use crate::harness::{wait_while, window_on};

const LEVEL: &str = "#######\n#@$  .#\n#  $ .#\n#######\n";
const SOLUTION: &str = "RRRlldRR";

fn with_solution() -> egui_kittest::Harness<'static, sokolab::app::App> {
    let mut c = read_collection(LEVEL).unwrap();
    c.levels[0].meta.solutions.push(SOLUTION.into());
    let mut h = window_on(c);
    h.get_by_label("Timeline").click();
    h.run();
    h
}

/// The squares of the position after the first `n` moves of the solution.
fn after(n: usize) -> Vec<sokolab::level::Square> {
    let level = read_collection(LEVEL).unwrap().levels.remove(0);
    replay(&level, &parse_lurd(SOLUTION).unwrap()[..n]).end.squares().to_vec()
}

fn shown(h: &egui_kittest::Harness<'static, sokolab::app::App>) -> Vec<sokolab::level::Square> {
    h.state().board_level().squares().to_vec()
}

#[test]
fn jumping_to_push_n_shows_the_replayed_position() {
    let mut h = with_solution();
    h.get_by_label("Playing: saved solution 1");
    h.get_by_label("Move 0/8   Push 0/5");

    h.get_by_label("Jump").click();
    h.run();
    assert_eq!(shown(&h), after(1), "push 1 is the first move");
    h.get_by_label("Move 1/8   Push 1/5");

    h.state_mut().send(Command::TimelineToPush(4));
    h.run();
    assert_eq!(shown(&h), after(7));
    h.get_by_label("Move 7/8   Push 4/5");

    h.get_by_label("<").click();
    h.run();
    assert_eq!(shown(&h), after(6));
    for _ in 0..2 {
        h.get_by_label(">").click();
        h.run();
    }
    assert!(h.state().board_level().is_solved());
    assert!(!h.state().document().doc.dirty, "watching a solution does not edit the level");
}

#[test]
fn pasted_lurd_loads_and_an_illegal_one_is_refused() {
    let mut h = with_solution();
    h.state_mut()
        .send(Command::TimelineLoad(sokolab::app::timeline::TimelineSource::Lurd("RRRR".into())));
    h.run();
    assert!(h.state().messages().status.contains("move 4"), "{}", h.state().messages().status);
    h.get_by_label("Playing: saved solution 1");
    h.state_mut()
        .send(Command::TimelineLoad(sokolab::app::timeline::TimelineSource::Lurd("RRR".into())));
    h.run();
    h.get_by_label("Playing: pasted LURD");
    h.get_by_label("Move 0/3   Push 0/3");
    // Three pushes of one box in one direction, without a walk between.
    h.get_by_label("1 box line, 0 box changes, 1 pushing session");
}

/// Solutions are offered by moves and pushes and say that nothing proved a saved one
/// optimal; the inspector's solution is offered too once its search has solved the level,
/// and its proof of the fewest pushes labels the saved solution with as few.
#[test]
fn the_timeline_labels_solutions_and_offers_the_inspectors() {
    let mut h = with_solution();
    h.get_by_label("Saved solution 1: 8 moves, 5 pushes, saved with the level, not proved optimal");

    h.get_by_label("Inspector").click();
    h.run();
    h.get_by_label("Run to solution").click();
    wait_while(&mut h, "the inspector's search", 30, |app| app.inspector().solution.is_none());
    h.get_by_label("Timeline").click();
    h.run();
    let solution = h.state().inspector().solution.clone().unwrap().unwrap();
    let (moves, optimal) = (solution.moves, solution.optimal);
    assert!(optimal, "A* with the matching bound proves it");
    let pushes = moves.iter().filter(|m| m.push).count();
    assert_eq!(pushes, 5);
    // The saved solution has as few pushes as the inspector proved the board needs.
    h.get_by_label(
        "Saved solution 1: 8 moves, 5 pushes, saved with the level, push-optimal (proved)",
    );
    h.get_by_label_contains("Inspector's solution: ").click();
    h.run();
    assert_eq!(h.state().timeline().loaded.as_ref().unwrap().moves, moves);
}

/// Fewer moves optimises the solution on the timeline on a worker; the shorter one is saved
/// beside the old (one undo step) and put on the timeline.
#[test]
fn the_optimiser_saves_a_shorter_solution_beside_the_old_one() {
    // The level's solution with a walk the long way round: 10 moves, 5 pushes.
    let wasteful = "RRRllldrRR";
    let mut c = read_collection(LEVEL).unwrap();
    c.levels[0].meta.solutions.push(wasteful.into());
    let level = c.levels[0].clone();
    let before = replay(&level, &parse_lurd(wasteful).unwrap());
    assert!(before.solved && before.moves == 10, "{before:?}");
    let mut h = window_on(c);
    h.get_by_label("Timeline").click();
    h.run();
    h.get_by_label("Fewer moves").click();
    h.step(); // not run: the spinner repaints while it works
    wait_while(&mut h, "the optimiser", 30, |app| app.timeline().optimize.is_some());
    let status = h.state().messages().status.clone();
    assert!(status.contains("saved as solution 2"), "{status}");
    let solutions = h.state().document().level().meta.solutions.clone();
    assert_eq!(solutions.len(), 2);
    assert_eq!(solutions[0], wasteful, "the old solution stays");
    let shorter = replay(&level, &parse_lurd(&solutions[1]).unwrap());
    assert!(shorter.solved, "{shorter:?}");
    assert_eq!((shorter.moves, shorter.pushes), (8, 5), "as short as the level's own");
    h.get_by_label("Playing: saved solution 2");
    h.state_mut().send(Command::Undo);
    h.run();
    assert_eq!(h.state().document().level().meta.solutions.len(), 1);
}

/// A running optimiser shows its progress and stops when asked, keeping the best so far.
#[test]
fn the_optimiser_can_be_stopped() {
    let mut h = with_solution();
    h.state_mut().send(Command::OptimizeSolution(sokolab::solver::optimize::Metric::Pushes));
    h.state_mut().send(Command::CancelOptimize);
    h.step();
    wait_while(&mut h, "stopping the optimiser", 30, |app| app.timeline().optimize.is_some());
    let status = h.state().messages().status.clone();
    assert!(status.starts_with("No shorter solution") || status.contains("stopped"), "{status}");
    assert_eq!(h.state().document().level().meta.solutions.len(), 1);
}
