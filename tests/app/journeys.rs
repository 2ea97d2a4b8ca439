//! One scripted journey per kind of user, through the window's own controls, checking what
//! the screen says at each step: an author (paint, check, solve, optimise, rate, save,
//! reopen), a teacher (BFS, A* and IDA* stepped on one level, their children and trees) and
//! someone debugging a solver (a pruned child, F7, the pattern view).

use egui::Key;
use egui_kittest::kittest::Queryable;
use sokolab::app::command::Command;
use sokolab::app::inspector::Shown;
use sokolab::app::inspector::patterns::pattern_label;
use sokolab::app::inspector::text::child_row;
use sokolab::level::moves::parse_lurd;
use sokolab::level::{Pos, Terrain, replay};
use sokolab::solver::{Config, LowerBound, Method, Source, Verdict};

use crate::harness::{
    badge_pushes, board, check_one_tree_per_bound, click, finish_files, live_badge, shipped,
    step_listing_every_child, wait_while, window, window_on,
};

type Harness = egui_kittest::Harness<'static, sokolab::app::App>;

/// A room with one box and its goal.
const ROOM: &str = "; Room\n#######\n#     #\n# $ . #\n#   @ #\n#######\n";

/// Clicks the control labelled `label` and runs the frames that follow.
fn press(h: &mut Harness, label: &str) {
    h.get_by_label(label).click();
    h.run();
}

/// Clicks the control labelled `label`, which starts work that repaints while it goes on
/// (a spinner, an animation): one frame, not a run.
fn start(h: &mut Harness, label: &str) {
    h.get_by_label(label).click();
    h.step();
}

#[test]
fn an_author_paints_checks_solves_optimises_rates_saves_and_reopens_a_level() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("mine.xsb");
    let mut h = window(ROOM);
    h.get_by_label("No problems found");
    assert!(live_badge(&mut h).starts_with("Solvable: 2 pushes"));

    // Paint a second box: the checks say what is wrong, and the badge waits for a valid level.
    h.key_press(Key::B);
    h.run();
    click(&mut h, Pos::new(2, 3));
    assert!(board(&h).square(Pos::new(2, 3)).has_box);
    h.get_by_label_contains("2 boxes but 1 goal");
    let text = live_badge(&mut h);
    assert_eq!(text, "Not checked until the level is valid");
    h.get_by_label(&text);
    // Its goal: the level is valid again, and solvable.
    h.key_press(Key::G);
    h.run();
    click(&mut h, Pos::new(1, 3));
    assert_eq!(board(&h).square(Pos::new(1, 3)).terrain, Terrain::Goal);
    h.get_by_label("No problems found");
    let text = live_badge(&mut h);
    assert!(badge_pushes(&text) >= 3, "the level needs 3 pushes: {text}");
    h.get_by_label(&text);

    // Solve, and keep the solution with the level.
    start(&mut h, "Solve");
    wait_while(&mut h, "the solver", 30, |app| app.solver().run.is_some());
    let status = h.state().messages().status.clone();
    assert!(status.contains("Solved"), "{status}");
    // Replayed on the board to the end, it can be kept with the level.
    start(&mut h, "Replay solution");
    wait_while(&mut h, "the replay", 30, |app| !app.board_level().is_solved());
    h.get_by_label("Solved!");
    press(&mut h, "Save solution into the level");
    h.get_by_label("Saved the solution into the level.");
    let level = h.state().document().level().clone();
    assert_eq!(level.meta.solutions.len(), 1);
    // Which portfolio member answers first depends on timing, so any solution will do:
    // it solves the level, in no fewer pushes than the level needs.
    let first = replay(&level, &parse_lurd(&level.meta.solutions[0]).unwrap());
    assert!(first.solved && first.pushes >= 3, "{first:?}");

    // Optimise it on the timeline: a shorter solution is saved beside it, or none exists.
    press(&mut h, "Timeline");
    start(&mut h, "Fewer moves");
    wait_while(&mut h, "the optimiser", 30, |app| app.timeline().optimize.is_some());
    let status = h.state().messages().status.clone();
    let solutions = h.state().document().level().meta.solutions.clone();
    if status.contains("saved as solution 2") {
        let shorter = replay(&level, &parse_lurd(&solutions[1]).unwrap());
        assert!(shorter.solved && shorter.moves < first.moves, "{shorter:?} after {first:?}");
        h.get_by_label("Playing: saved solution 2");
    } else {
        assert!(status.starts_with("No shorter solution"), "{status}");
        assert_eq!(solutions.len(), 1);
    }

    // Rate it: the list shows its difficulty.
    press(&mut h, "Editor");
    start(&mut h, "Rate levels");
    wait_while(&mut h, "the rating", 60, |app| app.rating().progress().is_some());
    let key = h.state().document().key();
    let rating = h.state().rating().of(key).cloned().unwrap().unwrap().unwrap();
    assert_eq!(rating.best.unwrap().pushes, 3, "{rating:?}");
    h.get_by_label(&format!("{:.1}", rating.difficulty().unwrap()));
    assert!(h.state().messages().status.starts_with("Rated every level"));

    // Save, then open the file again: the same level with its solutions, nothing unsaved.
    let saved = h.state().document().doc.collection.clone();
    h.state_mut().send(Command::SaveTo(file.clone()));
    finish_files(&mut h);
    h.get_by_label(&format!("Saved {}.", file.display()));
    assert!(!h.state().document().doc.dirty);
    h.state_mut().send(Command::AddLevel);
    h.run();
    h.state_mut().send(Command::DeleteLevel);
    h.run();
    h.state_mut().send(Command::OpenPath(file.clone()));
    finish_files(&mut h);
    if h.query_by_label("Discard and open").is_some() {
        press(&mut h, "Discard and open");
    }
    assert_eq!(h.state().document().doc.collection, saved);
    assert_eq!(h.state().document().doc.path.as_deref(), Some(file.as_path()));
    h.get_by_label_contains(&format!("Opened {}", file.display()));
    let text = live_badge(&mut h);
    assert!(badge_pushes(&text) >= 3, "the level needs 3 pushes: {text}");
}

/// A level on which each method needs a few expansions.
const TWO: &str = "; Two\n########\n#      #\n# $  . #\n#@$  . #\n#      #\n########\n";

#[test]
fn a_teacher_steps_bfs_a_star_and_ida_star_on_one_level_and_reads_children_and_trees() {
    let mut h = window(TWO);
    press(&mut h, "Inspector");
    for method in [Method::Bfs, Method::AStar, Method::IdaStar] {
        let name = method.name();
        let order = method.info().order;
        // A weak bound, so that IDA* needs several bounds on this small level.
        let lower_bound = LowerBound::BoxesOffGoal;
        let config = Config { lower_bound, ..Config::with_method(method) };
        h.state_mut().send(Command::SetSearchConfig(config));
        h.run();
        let deepening = method == Method::IdaStar;
        let mut over = false;
        for k in 1..=if deepening { 6 } else { 3 } {
            let snap = step_listing_every_child(&mut h, &name);
            assert!(deepening || snap.stats.expanded == k, "{name}: {k} expansions");
            // Each child with its verdict, in the method's words.
            for c in &snap.children {
                let row = child_row(c, order);
                assert!(h.query_all_by_label(&row).next().is_some(), "{name}: {row}");
                over |= c.verdict == Verdict::OverBound;
            }
        }
        // The tree holds the expansions so far and every child they generated.
        press(&mut h, "Search tree");
        if !deepening {
            let session = h.state().inspector().session.as_ref().unwrap();
            let (expansions, edges) = session.with_trace(|t| (t.steps.len(), t.edges.len()));
            h.get_by_label(&format!("expansions: {expansions}, nodes: {}", 1 + edges));
            continue;
        }
        // IDA*: the verdict it is about has a name on screen, and each bound has a tree.
        assert!(over, "some child was over the bound");
        h.get_all_by_label_contains("over the bound").next().expect("the verdict, named");
        check_one_tree_per_bound(&mut h, &name);
    }
}

#[test]
fn someone_debugging_opens_a_pruned_child_asks_f7_and_finds_its_pattern() {
    // Switchback, which the program ships: A* learns a pattern at its first expansion and
    // prunes with it on the next ones.
    let mut h = window_on(shipped("Switchback"));
    press(&mut h, "Inspector");
    let mut found = None;
    for _ in 0..6 {
        press(&mut h, "Step");
        let snap = &h.state().inspector().snapshot;
        if let Some(c) = snap.children.iter().find(|c| c.pattern.is_some()) {
            found = Some((snap.current.unwrap().id, *c));
            break;
        }
    }
    let (parent, child) = found.expect("a child pruned by a pattern within six expansions");
    let row = child_row(&child, Method::AStar.info().order);
    let id = child.pattern.unwrap();
    assert!(row.ends_with(&format!("pruned: pattern #{id}")), "{row}");

    // Clicking the row shows the pruned position on the board.
    press(&mut h, &row);
    assert_eq!(h.state().inspector().shown, Shown::After(parent, child.push));
    let shown = h.state().board_level();
    let to = child.push.to;
    assert!(shown.square(to).has_box, "the pushed box stands on {to:?}");

    // F7 says why it is a deadlock: the pattern, and where it came from.
    h.key_press(Key::F7);
    h.run();
    let explained = h.state().overlays().explanation.as_ref().expect("an answer").text();
    assert!(explained.contains(&format!("Deadlock pattern #{id} (")), "{explained}");
    let status = h.state().messages().status.clone();
    assert!(status.contains("under Overlays"), "{status}");

    // Shift+F7 asks the oracle: dead, proved, each rule's verdict beside it (the pattern
    // database alone calls it dead), and the smallest dead set drawn on the board.
    h.key_press_modifiers(egui::Modifiers::SHIFT, Key::F7);
    h.step();
    crate::harness::wait_while(&mut h, "the oracle", 30, |app| app.overlays().oracle.running());
    let answer = h.state().overlays().oracle.answer.clone().expect("an answer");
    assert_eq!(&answer.level, h.state().board_level(), "about the pruned child");
    assert!(answer.headline().starts_with("Oracle: dead, proved"), "{}", answer.headline());
    let verdict = answer.verdict.as_ref().unwrap();
    assert!(verdict.claims.contains(&("pattern", Some("pattern"))), "{:?}", verdict.claims);
    assert!(verdict.false_claims().is_empty());
    assert!(!answer.dead_set().is_empty());
    assert_eq!(h.state().view().drawn.dead_set, answer.dead_set());
    h.get_by_label("pipeline");

    // The pattern view lists it, selected, with the hits the counters count.
    press(&mut h, "Deadlock patterns");
    let session = h.state().inspector().session.as_ref().unwrap();
    let patterns = session.search().patterns();
    let pattern = patterns.iter().find(|p| p.id == id).unwrap();
    assert_eq!(pattern.source, Source::Learned, "{pattern:?}");
    h.get_by_label(&pattern_label(pattern));
    assert_eq!(h.state().inspector().patterns.selected, Some(id));
    let hits: u64 = patterns.iter().map(|p| p.hits).sum();
    let pruned =
        h.state().inspector().snapshot.stats.pruned_by(sokolab::solver::PruneReason::Pattern);
    assert_eq!(pruned, hits, "the counter is the sum of the patterns' hits");
}
