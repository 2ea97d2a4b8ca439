//! The pattern database view and the pattern overlay: what the inspector lists and draws is
//! what the search's `patterns()` and its children say.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sokolab::app::App;
use sokolab::app::command::Command;
use sokolab::app::inspector::patterns::pattern_label;
use sokolab::app::inspector::text::child_row;
use sokolab::app::inspector::{PatternOrder, Shown};
use sokolab::app::overlay::Overlay;
use sokolab::level::Level;
use sokolab::solver::ChildView;
use sokolab::solver::oracle::Coverage;
use sokolab::solver::{Config, Method, Recorder, Search, build};
use sokolab::solver::{PatternView, Source};

use crate::harness::{shipped, window_on};

/// "Switchback" from the levels the program ships: A* learns a pattern at its first
/// expansion and prunes with it again on the next ones.
fn switchback() -> Level {
    shipped("Switchback").levels.remove(0)
}

/// A window in the inspector on Switchback after `steps` single steps of A*.
fn stepped(steps: usize) -> Harness<'static, App> {
    let mut h = window_on(shipped("Switchback"));
    h.get_by_label("Inspector").click();
    h.run();
    for _ in 0..steps {
        h.get_by_label("Step").click();
        h.run();
    }
    h
}

/// A* on Switchback, stepped `steps` times outside the window.
fn reference(steps: u64) -> Box<dyn Search> {
    let mut search =
        build(&switchback(), &Config::with_method(Method::AStar), Recorder::default()).unwrap();
    search.step(steps);
    search
}

/// The child of the last expansion that `pattern` pruned.
fn pruned_by(search: &dyn Search, pattern: u32) -> ChildView {
    *search.children().iter().find(|c| c.pattern == Some(pattern)).expect("a child it pruned")
}

#[test]
fn the_pattern_view_lists_the_searchs_patterns_by_hits_and_follows_what_it_learns() {
    let mut h = stepped(3);
    h.get_by_label("Deadlock patterns").click();
    h.run();
    let patterns = reference(3).patterns();
    let count = |s: Source| patterns.iter().filter(|p| p.source == s).count();
    let (pre, learned) = (count(Source::Precomputed), count(Source::Learned));
    assert!(pre > 0 && learned > 0, "both sources: {patterns:?}");
    let hits: u64 = patterns.iter().map(|p| p.hits).sum();
    assert!(hits > 0, "a pattern has pruned a position: {patterns:?}");
    h.get_by_label(&format!(
        "{} deadlock patterns: {pre} precomputed, {learned} learned; {hits} hits",
        patterns.len()
    ));
    for p in &patterns {
        h.get_by_label(&pattern_label(p));
    }

    // Most hits first; the order found on request.
    let listed = |h: &Harness<'_, App>| -> Vec<PatternView> {
        h.state().inspector().patterns.listed().cloned().collect()
    };
    let mut by_hits = patterns.clone();
    by_hits.sort_by_key(|p| std::cmp::Reverse(p.hits));
    assert_eq!(listed(&h), by_hits);
    assert_ne!(by_hits, patterns, "the most hit pattern was not found first");
    h.state_mut().send(Command::SetPatternOrder(PatternOrder::Found));
    h.run();
    assert_eq!(listed(&h), patterns);

    // Three more steps learn another pattern; the list shows it.
    for _ in 0..3 {
        h.get_by_label("Step").click();
        h.run();
    }
    let more = reference(6).patterns();
    assert!(more.len() > patterns.len(), "the search learned a pattern: {more:?}");
    assert_eq!(listed(&h), more);
    h.get_by_label(&pattern_label(more.last().unwrap()));
}

#[test]
fn selecting_a_pattern_highlights_its_boxes_and_player_area_on_the_board() {
    let mut h = stepped(3);
    h.get_by_label("Deadlock patterns").click();
    h.run();
    assert!(h.state().view().drawn.pattern_boxes.is_empty(), "nothing selected yet");
    let patterns = reference(3).patterns();
    let p = patterns.iter().max_by_key(|p| p.boxes.len()).unwrap();
    h.get_by_label(&pattern_label(p)).click();
    h.run();
    assert_eq!(h.state().inspector().patterns.selected, Some(p.id));
    assert_eq!(h.state().view().drawn.pattern_boxes, p.boxes);
    assert_eq!(h.state().view().drawn.pattern_area, p.area);
    assert!(!p.area.is_empty());
    h.get_by_label_contains(&format!("Selected #{}: boxes at", p.id));

    // Another one replaces it; clicking it again clears the selection.
    let q = patterns.iter().find(|q| q.id != p.id).unwrap();
    h.get_by_label(&pattern_label(q)).click();
    h.run();
    assert_eq!(h.state().view().drawn.pattern_boxes, q.boxes);
    h.get_by_label(&pattern_label(q)).click();
    h.run();
    assert_eq!(h.state().inspector().patterns.selected, None);
    assert!(
        h.state().view().drawn.pattern_boxes.is_empty()
            && h.state().view().drawn.pattern_area.is_empty()
    );
}

#[test]
fn a_child_pruned_by_a_pattern_names_it_and_shows_it_on_the_board() {
    let mut h = stepped(3);
    let search = reference(3);
    let patterns = search.patterns();
    let learned = patterns.iter().find(|p| p.source == Source::Learned).unwrap();
    let child = pruned_by(search.as_ref(), learned.id);
    let row = child_row(&child, Method::AStar.info().order);
    assert!(row.ends_with(&format!("pruned: pattern #{}", learned.id)), "{row}");

    // Hovering the row draws the pattern; moving away takes it off.
    h.get_by_label(&row).hover();
    h.run();
    assert_eq!(h.state().view().drawn.pattern_boxes, learned.boxes);
    assert_eq!(h.state().view().drawn.pattern_area, learned.area);
    h.get_by_label("Search inspector").hover();
    h.run();
    assert!(h.state().view().drawn.pattern_boxes.is_empty());

    // Clicking it shows the pruned position with the pattern, selected in the list.
    h.get_by_label(&row).click();
    h.run();
    let current = search.current().unwrap();
    assert_eq!(h.state().inspector().shown, Shown::After(current.id, child.push));
    assert_eq!(h.state().inspector().patterns.selected, Some(learned.id));
    assert_eq!(h.state().view().drawn.pattern_boxes, learned.boxes);
    let board = h.state().board_level();
    assert!(learned.boxes.iter().all(|&b| board.square(b).has_box), "its boxes are there");

    // The overlay's toggle hides it (the toggles are scrolled out of view below the panel).
    h.state_mut().send(Command::ToggleOverlay(Overlay::Pattern));
    h.run();
    assert!(!h.state().settings().overlays.contains(&Overlay::Pattern));
    assert!(h.state().view().drawn.pattern_boxes.is_empty());
}

/// F7 on a child the search pruned with a learned pattern names that pattern and where it
/// came from (not "no deadlock rule applies"); the "pruned: pattern" counter is the sum of
/// the patterns' hits.
#[test]
fn f7_names_the_learned_pattern_that_pruned_the_child_and_the_counts_agree() {
    let steps = 3;
    let search = reference(steps);
    let patterns = search.patterns();
    let learned = search
        .children()
        .iter()
        .filter_map(|c| Some((c, &patterns[c.pattern? as usize])))
        .find(|(_, p)| p.source == Source::Learned);
    let (child, pattern) = learned.expect("a child pruned by a learned pattern");
    let hits: u64 = patterns.iter().map(|p| p.hits).sum();
    assert_eq!(search.stats().pruned_by(sokolab::solver::PruneReason::Pattern), hits);

    let mut h = stepped(steps as usize);
    let parent = h.state().inspector().snapshot.current.expect("an expansion").id;
    h.state_mut().send(Command::InspectShow(Shown::After(parent, child.push)));
    h.run();
    h.key_press(egui::Key::F7);
    h.run();
    let explained = h.state().overlays().explanation.as_ref().expect("an answer").text();
    assert!(
        explained.contains(&format!("Deadlock pattern #{} (learned during the search", pattern.id)),
        "{explained}"
    );
    let status = &h.state().messages().status;
    assert!(status.contains("under Overlays"), "the status bar points to it: {status}");
}

/// A window in the inspector's deadlock coverage view of the shipped level `title`, once
/// the coverage (run on a worker) is done, and the coverage.
fn covered(title: &str) -> (Harness<'static, App>, Coverage) {
    let mut h = window_on(shipped(title));
    h.get_by_label("Inspector").click();
    h.run();
    h.get_by_label("Deadlock coverage").click();
    h.run();
    h.get_by_label("Run coverage").click();
    h.step();
    assert!(h.state().inspector().coverage.progress().is_some(), "on a worker");
    crate::harness::wait_while(&mut h, "the coverage", 60, |app| {
        app.inspector().coverage.progress().is_some()
    });
    let key = h.state().inspector().key();
    let c = h.state().inspector().coverage.of(key).expect("a result").clone().expect("covered");
    (h, c)
}

/// The deadlock coverage view, beside the pattern view, covers the level on a worker: each
/// rule with its claims and recall and no false claim, the pipeline last; a dead set no rule
/// catches, clicked, puts its first position on the board with the set outlined, and
/// clicked again gives the board back to the search.
#[test]
fn deadlock_coverage_lists_each_rule_and_shows_a_missed_dead_set() {
    let (mut h, c) = covered("Which Goal?");
    assert!(c.complete && c.dead > 0 && c.alive > 0, "{c:?}");
    assert_eq!(c.rows.last().unwrap().detector, "pipeline");
    assert!(c.rows.iter().all(|r| r.false_claims == 0 && r.caught <= c.dead));
    h.get_by_label("pipeline");
    let m = c.missed.first().expect("a dead position no rule catches");
    let boxes: Vec<String> = m.dead_set.iter().map(|p| p.to_string()).collect();
    let entry = format!("{} × boxes at {}", m.count, boxes.join(", "));
    let start = h.state().board_level().clone();
    h.get_by_label(&entry).click();
    h.run();
    assert_eq!(h.state().board_level(), &m.example);
    assert_ne!(h.state().board_level(), &start);
    assert_eq!(h.state().view().drawn.dead_set, m.dead_set);
    h.get_by_label(&entry).click();
    h.run();
    assert_eq!(h.state().board_level(), &start);
    assert!(h.state().view().drawn.dead_set.is_empty());
}

#[test]
fn the_oracles_dead_set_added_to_the_search_prunes_the_missed_position_in_every_search() {
    // The start is alive: nothing to add.
    let mut start = window_on(shipped("Which Goal?"));
    start.get_by_label("Is it really dead?").click();
    start.step();
    crate::harness::wait_while(&mut start, "the oracle", 30, |app| app.overlays().oracle.running());
    assert!(start.query_by_label("Add to the search's patterns").is_none());
    let (mut h, c) = covered("Which Goal?");
    let m = c.missed.first().expect("a dead position no rule catches").clone();
    let boxes: Vec<String> = m.dead_set.iter().map(|p| p.to_string()).collect();
    h.get_by_label(&format!("{} × boxes at {}", m.count, boxes.join(", "))).click();
    h.run();
    h.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::F7);
    h.step();
    crate::harness::wait_while(&mut h, "the oracle", 30, |app| app.overlays().oracle.running());
    assert_eq!(h.state().overlays().oracle.answer.as_ref().unwrap().dead_set(), m.dead_set);
    let oracles = |h: &Harness<'_, App>| -> Vec<PatternView> {
        let session = h.state().inspector().session.as_ref().expect("a search");
        let patterns = session.search().patterns();
        patterns.into_iter().filter(|p| p.source == Source::Oracle).collect()
    };
    assert!(oracles(&h).is_empty());
    h.get_by_label("Add to the search's patterns").click();
    h.run();
    let status = h.state().messages().status.clone();
    assert!(status.starts_with("Added the dead set as deadlock pattern #"), "{status}");
    let added = oracles(&h);
    assert_eq!(added.len(), 1);
    assert_eq!(added[0].boxes, m.dead_set);
    // Added twice, it is known.
    h.get_by_label("Add to the search's patterns").click();
    h.run();
    assert!(h.state().messages().status.contains("already covers"));
    // A search built again of the board starts with it, and its first expansion prunes the
    // position no rule caught by it.
    h.get_by_label("Reset").click();
    h.run();
    crate::harness::wait_while(&mut h, "the build", 30, |app| app.inspector().building.is_some());
    assert_eq!(oracles(&h).len(), 1);
    h.get_by_label("Step").click();
    h.run();
    let pattern = oracles(&h)[0].id;
    assert_eq!(oracles(&h)[0].hits, 1);
    let children = &h.state().inspector().snapshot.children;
    assert!(children.iter().any(|c| c.pattern == Some(pattern)), "{children:?}");
    h.get_by_label("Deadlock patterns").click();
    h.run();
    h.get_by_label_contains("1 added from the oracle");
}
