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
    assert!(h.state().solver.run.is_some(), "the solver runs in the background");
    let start = Instant::now();
    while h.state().solver.run.is_some() {
        assert!(start.elapsed() < Duration::from_secs(30), "the solver did not finish");
        std::thread::sleep(Duration::from_millis(10));
        h.step();
    }
    h.run();
    let status = h.state().messages.status.clone();
    assert!(status.contains("Solved"), "{status}");
    let moves = h.state().solver.found.as_ref().expect("a solution").moves.len();

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
