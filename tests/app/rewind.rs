//! Going back: *Step back* (`Backspace`) and *Go to this expansion* put the search itself
//! at an earlier expansion, its node, children, frontier, counters, history and tree as a
//! recorded run showed them then, and *Step* goes on from there the same way.

use egui_kittest::kittest::{NodeT, Queryable};
use sokolab::app::App;
use sokolab::app::command::Command;
use sokolab::app::inspector::text::child_row;
use sokolab::solver::inspect::trace::Step;
use sokolab::solver::{ChildView, Config, Method, NodeView};

use crate::harness::{lab_with, wait_while, window};

type Harness = egui_kittest::Harness<'static, App>;

const ROOM: &str = "; Room\n#########\n#   #   #\n# $ $ $ #\n#  ...  #\n#   @   #\n#########\n";

/// What the inspector shows of the search that must be as it was.
#[derive(Debug, PartialEq)]
struct Seen {
    expanded: u64,
    generated: u64,
    open: u64,
    closed: u64,
    pruned: Vec<u64>,
    current: Option<NodeView>,
    children: Vec<ChildView>,
    frontier: Vec<NodeView>,
    history: Vec<Step>,
    tree_edges: usize,
}

fn seen(h: &Harness) -> Seen {
    let inspector = h.state().inspector();
    let snap = &inspector.snapshot;
    let session = inspector.session.as_ref().expect("a search");
    let (history, tree_edges) = session.with_trace(|t| (t.steps.clone(), t.edges.len()));
    Seen {
        expanded: snap.stats.expanded,
        generated: snap.stats.generated,
        open: snap.stats.open,
        closed: snap.stats.closed,
        pruned: snap.stats.pruned.to_vec(),
        current: snap.current,
        children: snap.children.clone(),
        frontier: snap.frontier.clone(),
        history,
        tree_edges,
    }
}

/// Waits for going back to end (in place, or by a re-run from the start).
fn settle(h: &mut Harness) {
    h.step();
    wait_while(h, "going back", 20, |app| {
        let inspector = app.inspector();
        inspector.building.is_some() || inspector.session.as_ref().is_some_and(|s| s.is_running())
    });
}

#[test]
fn step_back_three_times_shows_what_the_search_showed_then_and_step_goes_on_alike() {
    let mut h = window(ROOM);
    h.get_by_label("Inspector").click();
    h.run();
    let mut recorded = vec![seen(&h)];
    for _ in 0..6 {
        h.get_by_label("Step").click();
        h.run();
        recorded.push(seen(&h));
    }
    assert_eq!(recorded[6].expanded, 6);
    let session = h.state().inspector().session.as_ref().expect("a search");
    assert!(session.rewinds(), "A* goes back in place, by its marks");
    for k in [5, 4, 3] {
        h.key_press(egui::Key::Backspace);
        settle(&mut h);
        assert_eq!(seen(&h), recorded[k], "back at expansion {k}");
        assert_eq!(h.state().inspector().state_line(), format!("Back at expansion {k}."));
        // The children table lists the children of then.
        for c in &recorded[k].children {
            let row = child_row(c, Method::AStar.info().order);
            assert!(h.query_by_label(&row).is_some(), "{row}");
        }
    }
    h.get_by_label("Step").click();
    h.run();
    assert_eq!(seen(&h), recorded[4], "a step from expansion 3 makes expansion 4 again");
    assert_eq!(h.state().inspector().state_line(), "Paused.");

    // The history view: the search itself put at the expansion scrubbed to.
    h.get_by_label("History").click();
    h.run();
    h.state_mut().send(Command::InspectScrub(1));
    h.run();
    h.get_by_label("Go to this expansion").click();
    settle(&mut h);
    assert_eq!(seen(&h), recorded[2]);
    // Back to the start, and Step back has nothing left.
    for _ in 0..2 {
        h.key_press(egui::Key::Backspace);
        settle(&mut h);
    }
    assert_eq!(seen(&h), recorded[0]);
    assert!(h.get_by_label("Step back").accesskit_node().is_disabled());
}

/// A search that found its solution goes back too, and goes on from there.
#[test]
fn a_solved_search_steps_back_and_on() {
    let mut h = window(ROOM);
    h.get_by_label("Inspector").click();
    h.run();
    crate::harness::run_inspector_to_the_end(&mut h);
    let solved = h.state().inspector().state_line();
    assert!(solved.starts_with("Solved"), "{solved}");
    let n = seen(&h).expanded;
    h.key_press(egui::Key::Backspace);
    settle(&mut h);
    assert_eq!(seen(&h).expanded, n - 1);
    assert_eq!(h.state().inspector().state_line(), format!("Back at expansion {}.", n - 1));
    assert!(!h.get_by_label("Step").accesskit_node().is_disabled());
    h.get_by_label("Step").click();
    h.run();
    assert_eq!(seen(&h).expanded, n);
    // A* tests the goal when it takes it from the open list: the next step, no expansion.
    h.get_by_label("Step").click();
    h.run();
    assert_eq!(h.state().inspector().state_line(), solved, "solved again, alike");
    assert_eq!(seen(&h).expanded, n);
}

/// A search that keeps no marks (IDA*) goes back by a re-run from its start, to the same
/// effect.
#[test]
fn a_search_without_marks_goes_back_by_a_rerun_from_its_start() {
    let mut h = window(ROOM);
    h.get_by_label("Inspector").click();
    h.run();
    h.state_mut().send(Command::SetSearchConfig(Config::with_method(Method::IdaStar)));
    h.run();
    h.state_mut().send(Command::InspectStep);
    h.run();
    wait_while(&mut h, "building", 20, |app| app.inspector().building.is_some());
    let mut recorded = vec![seen(&h)];
    for _ in 0..5 {
        h.get_by_label("Step").click();
        h.run();
        recorded.push(seen(&h));
    }
    assert_eq!(recorded[5].expanded, recorded[0].expanded + 5);
    let session = h.state().inspector().session.as_ref().expect("a search");
    assert!(!session.rewinds(), "IDA* keeps no marks");
    h.key_press(egui::Key::Backspace);
    settle(&mut h);
    assert_eq!(seen(&h), recorded[4]);
    let k = recorded[4].expanded;
    assert_eq!(h.state().inspector().state_line(), format!("Back at expansion {k}."));
}

/// The lab's puzzle searches go back the same way: A* on the 8-puzzle stepped five times,
/// back twice, shows the node, children and counters of expansion 3; the history's *Go to
/// this expansion* puts it at expansion 1.
#[test]
fn the_labs_puzzle_search_steps_back_to_what_it_showed_then() {
    use sokolab::app::lab::LowerView;
    use sokolab::solver::Textbook;
    let mut h = lab_with(ROOM, Textbook::AStar);
    let lab_seen = |h: &Harness| {
        let s = &h.state().lab().run.search;
        (
            s.stats().clone(),
            s.current(),
            s.children().to_vec(),
            h.state().lab().run.history.steps.len(),
        )
    };
    let mut recorded = vec![lab_seen(&h)];
    for _ in 0..5 {
        h.get_by_label("Step").click();
        h.run();
        recorded.push(lab_seen(&h));
    }
    for k in [4, 3] {
        h.get_by_label("Step back").click();
        h.run();
        assert_eq!(lab_seen(&h), recorded[k], "back at expansion {k}");
    }
    h.state_mut().lab_mut().view = LowerView::History;
    h.state_mut().lab_mut().scrub = Some(0);
    h.run();
    h.get_by_label("Go to this expansion").click();
    h.run();
    assert_eq!(lab_seen(&h), recorded[1]);
    h.get_by_label("Step").click();
    h.run();
    assert_eq!(lab_seen(&h), recorded[2], "Step goes on from there as before");
}

/// The history's *Save trace…* writes every expansion so far as a JSON line, the search
/// re-run to where it stands: one line per expansion, each the node the history shows, with
/// its children and their verdicts.
#[test]
fn the_history_saves_the_whole_trace_as_json_lines() {
    let mut h = window(ROOM);
    h.get_by_label("Inspector").click();
    h.run();
    for _ in 0..5 {
        h.get_by_label("Step").click();
        h.run();
    }
    h.get_by_label("History").click();
    h.run();
    h.get_by_label("Save trace…").click();
    h.run();
    h.get_by_label("Save the search's trace (JSON lines) as");
    h.get_by_label("Cancel").click();
    h.run();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("trace.jsonl");
    h.state_mut().send(Command::SaveExport(path.clone()));
    h.step();
    wait_while(&mut h, "the save", 10, |app| app.inspector().saving.busy());
    let status = h.state().messages().status.clone();
    assert!(status.starts_with("Saved the search's trace (JSON lines) to"), "{status}");
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<serde_json::Value> =
        text.lines().map(|l| serde_json::from_str(l).expect("each line is JSON")).collect();
    let session = h.state().inspector().session.as_ref().unwrap();
    let steps = session.with_trace(|t| t.steps.clone());
    assert_eq!(lines.len(), steps.len());
    for (i, (line, step)) in lines.iter().zip(&steps).enumerate() {
        assert_eq!(line["expansion"], i as u64 + 1);
        assert_eq!(line["node"], step.node);
        assert_eq!(line["g"], u64::from(step.g));
    }
    let last = lines.last().unwrap()["children"].as_array().unwrap().len();
    assert_eq!(last, h.state().inspector().snapshot.children.len());
}
