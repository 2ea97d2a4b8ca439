//! The search inspector: stepping A* from the panel shows what the solver says.

use egui::Key;
use egui_kittest::kittest::Queryable;
use sokolab::app::inspector::Shown;
use sokolab::app::inspector::panel::child_row;
use sokolab::solver::{Config, Method, Recorder, Search, build};

use crate::harness::window;

const TWO: &str = "; Two\n########\n#      #\n# $  . #\n#@$  . #\n#      #\n########\n";

/// A* on the window's level, stepped `n` times outside the window.
fn reference(h: &egui_kittest::Harness<'_, sokolab::app::App>, n: u64) -> Box<dyn Search> {
    let level = h.state().level().clone();
    let mut search =
        build(&level, &Config::with_method(Method::AStar), Recorder::default()).unwrap();
    search.step(n);
    search
}

#[test]
fn stepping_a_star_shows_the_solvers_counters_and_children() {
    let mut h = window(TWO);
    h.get_by_label("Inspector").click();
    h.run();
    h.get_by_label("No node expanded yet.");
    h.get_by_label("Step").click();
    h.run();

    let one = reference(&h, 1);
    assert_eq!(h.state().inspector.snapshot.stats, *one.stats());
    h.get_by_label(&format!("{} children", one.children().len()));
    for c in one.children() {
        h.get_by_label(&child_row(c));
    }
    assert!(one.children().len() > 1, "the start has several pushes");
    h.get_all_by_label(&one.stats().generated.to_string()).next().expect("generated shown");

    // Space steps again; the table follows the solver's second expansion.
    h.key_press(Key::Space);
    h.run();
    let two = reference(&h, 2);
    assert_eq!(h.state().inspector.snapshot.stats.expanded, 2);
    assert_eq!(h.state().inspector.snapshot.stats, *two.stats());
    for c in two.children() {
        h.get_by_label(&child_row(c));
    }
    assert_eq!(h.state().inspector.snapshot.current, two.current());
}

#[test]
fn a_frontier_node_shows_its_board_and_running_finds_the_solution() {
    let mut h = window(TWO);
    h.get_by_label("Inspector").click();
    h.run();
    h.get_by_label("Step").click();
    h.run();
    let best = h.state().inspector.snapshot.frontier[0];
    h.state_mut().queue.push(sokolab::app::command::Command::InspectShow(Shown::Node(best.id)));
    h.run();
    let one = reference(&h, 1);
    assert_eq!(h.state().board_level(), &one.board(best.id).unwrap(), "the board follows");
    h.get_by_label("Path from the start: 1 pushes");

    h.get_by_label("Run to solution").click();
    h.step(); // The click is carried out: the worker starts.
    let start = std::time::Instant::now();
    while h.state().inspector.session.as_ref().is_some_and(|s| s.is_running()) {
        assert!(start.elapsed().as_secs() < 30, "the search did not finish");
        std::thread::sleep(std::time::Duration::from_millis(10));
        h.step();
    }
    h.run();
    let line = h.state().inspector.state_line();
    assert!(line.starts_with("Solved:"), "{line}");
    h.get_by_label(&line);
    assert!(
        h.state().inspector.snapshot.steps as u64 == h.state().inspector.snapshot.stats.expanded
    );
}
