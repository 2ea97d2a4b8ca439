//! Two searches side by side: *Compare* adds a second search of the level with choices of
//! its own; *Step* advances both by one expansion; run to their ends, each has the counts it
//! has alone, and the one that finished first is marked.

use egui_kittest::kittest::{NodeT, Queryable};
use sokolab::app::App;
use sokolab::app::command::Command;
use sokolab::app::inspector::Session;
use sokolab::level::Level;
use sokolab::level::format::read_collection;
use sokolab::solver::{Config, Method, NoTrace, Progress, Stats, build};

use crate::harness::{wait_while, window, window_on};

type Harness = egui_kittest::Harness<'static, App>;

const ROOM: &str = "; Room\n#########\n#   #   #\n# $ $ $ #\n#  ...  #\n#   @   #\n#########\n";

/// The counters of `method` alone on `level`, run to its end.
fn alone(level: &Level, method: Method) -> (Stats, Progress) {
    let mut search = build(level, &Config::with_method(method), NoTrace).unwrap();
    let mut progress = Progress::Running;
    while progress == Progress::Running {
        progress = search.step(100_000);
    }
    (search.stats().clone(), progress)
}

/// Counters that do not depend on the clock.
fn counts(s: &Stats) -> (u64, u64, u64, u64, u64) {
    (s.expanded, s.generated, s.duplicates, s.closed, s.open)
}

/// Window `h` comparing A* (the inspector's) with BFS (the second search).
fn comparing(mut h: Harness) -> Harness {
    h.get_by_label("Inspector").click();
    h.run();
    h.state_mut().send(Command::SetSearchConfig(Config::with_method(Method::AStar)));
    h.run();
    h.get_by_label("Compare").click();
    h.run();
    h.state_mut().send(Command::SetCompareConfig(Config::with_method(Method::Bfs)));
    h.run();
    wait_while(&mut h, "the second search's build", 20, |app| {
        app.inspector().compare.session.is_none()
    });
    h
}

/// Runs both to their ends and checks each against its run alone, and the mark of the one
/// that finished first.
fn run_both_and_check(h: &mut Harness, level: &Level) {
    h.get_by_label("Run to solution").click();
    h.step();
    wait_while(h, "both searches", 60, |app| {
        let i = app.inspector();
        let running = |s: Option<&Session>| s.is_some_and(Session::is_running);
        running(i.session.as_ref()) || running(i.compare.session.as_ref())
    });
    let i = h.state().inspector();
    let (a, b) = (i.session.as_ref().unwrap(), i.compare.session.as_ref().unwrap());
    let (a_alone, a_end) = alone(level, Method::AStar);
    let (b_alone, b_end) = alone(level, Method::Bfs);
    assert_eq!(counts(a.search().stats()), counts(&a_alone), "A* side by side as alone");
    assert_eq!(counts(b.search().stats()), counts(&b_alone), "BFS side by side as alone");
    assert_eq!((a.progress(), b.progress()), (a_end, b_end));
    let first = if a_alone.expanded <= b_alone.expanded { "A*" } else { "breadth-first" };
    let marks: Vec<_> = h.query_all_by_label_contains("finished first").collect();
    assert_eq!(marks.len(), 1 + usize::from(a_alone.expanded == b_alone.expanded));
    assert!(a_alone.expanded < b_alone.expanded, "A* expands fewer ({first} first)");
}

#[test]
fn step_advances_both_and_each_ends_with_the_counts_it_has_alone() {
    let mut h = comparing(window(ROOM));
    for k in 1..=3u64 {
        h.get_by_label("Step").click();
        h.run();
        let i = h.state().inspector();
        assert_eq!(i.session.as_ref().unwrap().search().stats().expanded, k);
        assert_eq!(i.compare.session.as_ref().unwrap().search().stats().expanded, k);
    }
    // Both in place of the board, the chart and the trees below.
    h.get_by_label("A* (matching)");
    h.get_by_label("breadth-first (matching)");
    assert_eq!(h.query_all_by_label_contains("running: 3 expansions").count(), 2);
    h.get_by_label_contains("A* (matching): open");
    h.get_by_label_contains("breadth-first (matching): open");
    // Step back puts both back.
    h.key_press(egui::Key::Backspace);
    h.step();
    wait_while(&mut h, "going back", 20, |app| {
        let i = app.inspector();
        let running = |s: Option<&Session>| s.is_some_and(Session::is_running);
        i.building.is_some()
            || i.compare.building.is_some()
            || running(i.session.as_ref())
            || running(i.compare.session.as_ref())
    });
    assert_eq!(h.query_all_by_label_contains("running: 2 expansions").count(), 2);
    let level = h.state().level().clone();
    run_both_and_check(&mut h, &level);
    // Turned off, the board is back and the second search gone.
    h.get_by_label("Compare").click();
    h.run();
    assert!(h.state().inspector().compare.session.is_none());
    assert!(h.query_by_label("breadth-first (matching)").is_none());
}

/// Microban 1 (from `../shared/levels`, skipped with a note when absent).
#[test]
fn side_by_side_bfs_and_a_star_on_microban_1_end_as_each_does_alone() {
    let Some(file) = crate::common::level_file("microban-155.xsb") else { return };
    let text = std::fs::read_to_string(file).unwrap();
    let mut collection = read_collection(&text).unwrap();
    collection.levels.truncate(1);
    let level = collection.levels[0].clone();
    let mut h = comparing(window_on(collection));
    run_both_and_check(&mut h, &level);
}

/// Turned on part way, the second search starts where the inspector's stands, in step.
#[test]
fn compare_turned_on_part_way_starts_in_step() {
    let mut h = window(ROOM);
    h.get_by_label("Inspector").click();
    h.run();
    for _ in 0..2 {
        h.get_by_label("Step").click();
        h.run();
    }
    h.get_by_label("Compare").click();
    h.step();
    wait_while(&mut h, "the second search", 20, |app| app.inspector().compare.session.is_none());
    h.get_by_label("Step").click();
    h.run();
    let i = h.state().inspector();
    assert_eq!(i.session.as_ref().unwrap().search().stats().expanded, 3);
    assert_eq!(i.compare.session.as_ref().unwrap().search().stats().expanded, 3);
}

/// The lab's own lesson: BFS against A* on one 8-puzzle. *Step* advances both; run to their
/// ends, each has the counts it has alone, and the one that needed fewer expansions is
/// marked as finished first.
#[test]
fn the_labs_bfs_against_a_star_on_one_eight_puzzle_ends_with_the_counts_each_has_alone() {
    use sokolab::app::inspector::compare::First;
    use sokolab::solver::textbook::{AStar, Bfs, BookSearch};
    let mut h = window(ROOM);
    h.get_by_label("Lab").click();
    h.run();
    let start = h.state().lab().puzzle.clone();
    h.get_by_label("Compare").click();
    h.run();
    let lab = h.state().lab();
    let rival = lab.rival.as_ref().expect("the second search is built");
    assert_eq!((lab.run.algorithm.label(), rival.algorithm.label()), ("BFS".into(), "A*".into()));
    h.get_by_label("Step").click();
    h.run();
    let expanded: Vec<u64> = h.state().lab().runs().map(|r| r.expanded()).collect();
    assert_eq!(expanded, [1, 1], "one Step, one expansion of each");
    let seen = |h: &Harness| -> Vec<_> {
        let lab = h.state().lab();
        lab.runs().map(|r| (counts(r.search.stats()), r.search.current())).collect()
    };
    let at_one = seen(&h);
    h.get_by_label("Step").click();
    h.run();
    h.get_by_label("Step back").click();
    h.run();
    assert_eq!(seen(&h), at_one, "Step back puts both back");

    h.get_by_label("Run").click();
    for _ in 0..500 {
        h.run();
        if !h.state().lab().running {
            break;
        }
    }
    fn alone(mut s: Box<dyn BookSearch<sokolab::lab::puzzle::Puzzle>>) -> (Stats, Progress) {
        let mut progress = Progress::Running;
        while progress == Progress::Running {
            progress = s.step(100_000);
        }
        (s.stats().clone(), progress)
    }
    let bfs = alone(Box::new(Bfs::new(start.clone(), true)));
    let astar = alone(Box::new(AStar::new(start, true)));
    let lab = h.state().lab();
    let rival = lab.rival.as_ref().unwrap();
    assert_eq!((counts(lab.run.search.stats()), lab.run.progress), (counts(&bfs.0), bfs.1));
    assert_eq!((counts(rival.search.stats()), rival.progress), (counts(&astar.0), astar.1));
    assert!(matches!(bfs.1, Progress::Solved(_)) && matches!(astar.1, Progress::Solved(_)));
    let first = match bfs.0.expanded.cmp(&astar.0.expanded) {
        std::cmp::Ordering::Less => First::Left,
        std::cmp::Ordering::Equal => First::Both,
        std::cmp::Ordering::Greater => First::Right,
    };
    assert_eq!(lab.first(), Some(first));
    let winner = if first == First::Left { "BFS" } else { "A*" };
    h.get_by_label(&format!("{winner} (finished first)"));

    // Turned off, the lab is one search again, where it stood.
    h.get_by_label("Compare").click();
    h.run();
    assert!(h.state().lab().rival.is_none());
    assert_eq!(counts(h.state().lab().run.search.stats()), counts(&bfs.0));
}

/// The two searches step together: while the second is being prepared (a big level, built
/// on a worker), Step is refused with a word why, not made by the first search alone; once
/// both are ready, one Step is one expansion of each.
#[test]
fn step_waits_for_the_second_search_to_be_prepared() {
    let mut h = window(&crate::inspect::big_room(160));
    h.get_by_label("Inspector").click();
    h.run();
    wait_while(&mut h, "building the search", 120, |app| app.inspector().building.is_some());
    h.state_mut().send(Command::ToggleCompare);
    h.run();
    assert!(h.state().inspector().compare.building.is_some(), "prepared on a worker");
    assert!(h.get_by_label("Step").accesskit_node().is_disabled());
    h.state_mut().send(Command::InspectStep);
    h.run();
    let status = h.state().messages().status.clone();
    assert!(status.starts_with("The second search is still being prepared"), "{status}");
    assert_eq!(h.state().inspector().snapshot.stats.expanded, 0, "no step alone");
    // The side-by-side view says so too, rather than asking to turn Compare on.
    h.state_mut().send(Command::SetLowerView(sokolab::app::inspector::LowerView::Compare));
    h.run();
    assert!(h.query_by_label_contains("The second search is being prepared").is_some());
    assert!(h.query_by_label_contains("Turn on Compare").is_none());
    wait_while(&mut h, "building the second search", 120, |app| {
        app.inspector().compare.building.is_some()
    });
    h.get_by_label("Step").click();
    h.run();
    let inspector = h.state().inspector();
    let second = inspector.compare.session.as_ref().expect("built").search().stats().expanded;
    assert_eq!((inspector.snapshot.stats.expanded, second), (1, 1));
}
