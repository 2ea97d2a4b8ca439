//! The inspector as a teacher shows it: IDA* and iterative deepening drawn one tree per
//! bound with every child's verdict, each method's order and counts named for what they
//! are, and the node, its children and the frontier in sight on a laptop's screen.

use egui_kittest::kittest::Queryable;
use sokolab::app::command::Command;
use sokolab::app::inspector::text::node_row;
use sokolab::solver::{Config, LowerBound, Method, MoveSearch, Technique, Textbook, Verdict};

use crate::harness::{
    check_one_tree_per_bound, run_inspector_to_the_end, step_listing_every_child, window,
    window_sized,
};

type Harness = egui_kittest::Harness<'static, sokolab::app::App>;

const TWO: &str = "; Two\n########\n#      #\n# $  . #\n#@$  . #\n#      #\n########\n";

const ROOM: &str = "; Room\n#########\n#   #   #\n# $ $ $ #\n#  ...  #\n#   @   #\n#########\n";

/// Window `h` in inspect mode, its search set to `config`.
fn inspect(mut h: Harness, config: Config) -> Harness {
    h.get_by_label("Inspector").click();
    h.run();
    h.state_mut().send(Command::SetSearchConfig(config));
    h.run();
    h
}

fn step(h: &mut Harness) {
    h.get_by_label("Step").click();
    h.run();
}

/// IDA* (the engineered one and the textbook's) and iterative deepening: each expansion's
/// table lists every child generated with its verdict, over the bound included; after the
/// solution the tree view offers one tree per bound, each holding every child its
/// expansions generated.
#[test]
fn deepening_searches_list_every_child_and_draw_one_tree_per_bound() {
    for method in [Method::IdaStar, Method::Textbook(Textbook::IdaStar), Method::IterativeDeepening]
    {
        let name = method.name();
        // A weak bound, so that IDA* needs several bounds on this small level.
        let config =
            Config { lower_bound: LowerBound::BoxesOffGoal, ..Config::with_method(method) };
        let mut h = inspect(window(TWO), config);
        let mut over = false;
        for _ in 0..6 {
            let snap = step_listing_every_child(&mut h, &name);
            over |= snap.children.iter().any(|c| c.verdict == Verdict::OverBound);
        }
        assert!(over, "{name}: some child was over the bound");
        assert!(h.query_all_by_label_contains("over the bound").next().is_some(), "{name}");
        check_one_tree_per_bound(&mut h, &name);
    }
}

/// Breadth-first search orders by depth: its rows say depth where A*'s say f, and its
/// bound's counter and chart line are both "depth"; each count has one name in the
/// counters and the chart, in the inspector and in the lab alike.
#[test]
fn each_method_names_what_it_orders_by_and_each_count_has_one_name() {
    let mut h = inspect(window(TWO), Config::with_method(Method::Bfs));
    for _ in 0..2 {
        step(&mut h);
    }
    let snap = h.state().inspector().snapshot.clone();
    assert!(!snap.children.is_empty() && !snap.frontier.is_empty());
    assert!(h.query_all_by_label_contains(" f ").next().is_none(), "BFS shows no f");
    for c in snap.children.iter().filter(|c| c.verdict == Verdict::Kept) {
        let row = format!("g {} h {} depth {}", c.g, c.h, c.g);
        h.get_all_by_label_contains(&row).next().expect("the child's row");
    }
    let current = snap.current.unwrap();
    let row = format!("Expanded: {}", node_row(&current, Method::Bfs.info().order));
    assert!(row.ends_with(&format!("g {} h {} depth {}", current.g, current.h, current.g)));
    h.get_by_label(&row);
    // The counter and the chart's line of the same count share a name.
    assert_eq!(h.get_all_by_label("depth").count(), 2, "BFS's bound is its depth");
    assert_eq!(h.get_all_by_label("seen").count(), 2);
    assert!(h.query_by_label("bound").is_none());
    assert!(h.query_by_label("closed").is_none());

    // A* orders by f = g + h.
    let mut h = inspect(window(TWO), Config::with_method(Method::AStar));
    step(&mut h);
    let current = h.state().inspector().snapshot.current.unwrap();
    assert_eq!(current.f, current.g + current.h);
    let row = format!("Expanded: {}", node_row(&current, Method::AStar.info().order));
    assert!(row.ends_with(&format!("g {} h {} f {}", current.g, current.h, current.f)));
    h.get_by_label(&row);
    assert_eq!(h.get_all_by_label("best f").count(), 2);

    // The lab's BFS: its counters and its chart name the closed set alike.
    let mut h = window(TWO);
    h.get_by_label("Lab").click();
    h.run();
    for _ in 0..2 {
        step(&mut h);
    }
    h.get_by_label("Chart").click();
    h.run();
    assert_eq!(h.get_all_by_label("closed").count(), 2, "the lab's counter and chart line");
    assert_eq!(h.get_all_by_label("depth").count(), 2);
    assert!(h.query_by_label("seen").is_none() && h.query_by_label("bound").is_none());
    assert!(h.query_all_by_label_contains(" f ").next().is_none(), "the lab's BFS shows no f");
}

/// On a 1180 by 760 screen, FESS's node, a good part of its children and the frontier are
/// in sight without scrolling the panel; the switches offered are those of the method.
#[test]
fn the_node_its_children_and_the_frontier_are_in_sight_on_a_laptop_screen() {
    let mut config = Config::with_method(Method::Fess);
    config.techniques.set(Technique::Meeting, false);
    let mut h = inspect(window_sized(ROOM, 1180.0, 760.0), config);
    // Two of the three expansions FESS solves the room in.
    for _ in 0..2 {
        step(&mut h);
    }
    let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1180.0, 760.0));
    let n = h.state().inspector().snapshot.children.len();
    assert!(n >= 10, "FESS's node has many children: {n}");
    let expanded = h.get_by_label_contains("Expanded: ").rect();
    assert!(screen.contains_rect(expanded), "{expanded:?}");
    let table = h.get_by_label(&format!("{n} children")).rect();
    let frontier = h.get_by_label("Best frontier nodes").rect();
    assert!(screen.contains_rect(frontier), "the frontier is in sight: {frontier:?}");
    // Children rows shown between the table's head and the frontier.
    let rows = h
        .query_all_by_label_contains("  g ")
        .map(|r| r.rect())
        .filter(|r| r.top() >= table.bottom() && r.bottom() <= frontier.top())
        .count();
    let all: Vec<_> = h.query_all_by_label_contains("  g ").map(|r| r.rect()).take(4).collect();
    assert!(rows >= 10, "only {rows} of {n} children in sight {table:?} {frontier:?} {all:?}");

    // The switches: FESS's features for FESS, none of them for BFS, A* or IDA*.
    h.get_by_label_contains("Switches").click();
    h.run();
    h.get_by_label("packing");
    h.get_by_label("dead square");
    for method in [Method::Bfs, Method::AStar, Method::IdaStar] {
        let config = Config { method, ..h.state().inspector().config() };
        h.state_mut().send(Command::SetSearchConfig(config));
        h.run();
        assert!(h.query_by_label("packing").is_none(), "{}", method.name());
        assert!(h.query_by_label("connectivity").is_none(), "{}", method.name());
        h.get_by_label("dead square");
        h.get_by_label("pi-corrals");
    }
}

/// A* on moves steps like the others, its costs in moves: g is the moves to a node (its
/// walks and pushes), h the push bound, f their sum, every child listed; Run to solution
/// ends move-optimal.
#[test]
fn a_star_on_moves_is_stepped_in_moves() {
    let method = Method::Moves(MoveSearch::AStar);
    let mut h = inspect(window(TWO), Config::with_method(method));
    for _ in 0..3 {
        step_listing_every_child(&mut h, "A* on moves");
    }
    let snap = h.state().inspector().snapshot.clone();
    let current = snap.current.unwrap();
    assert_eq!(current.f, current.g + current.h);
    let row = format!("Expanded: {}", node_row(&current, method.info().order));
    h.get_by_label(&row);
    // g counts moves: at least one walk step or push per push on the way, and more
    // than the pushes once the player has walked.
    let pushes = h.state().inspector().session.as_ref().unwrap().search().pushes_to(current.id);
    assert!(current.g as usize >= pushes.len(), "{current:?}");
    assert!(snap.children.iter().any(|c| c.g > current.g + 1), "a child a walk away");
    // The counters and the chart's history count moves too: best f is the last f.
    assert_eq!(snap.stats.bound, current.f);
    let session = h.state().inspector().session.as_ref().unwrap();
    let bounds: Vec<u16> = session.with_trace(|t| t.steps.iter().map(|s| s.bound).collect());
    assert!(bounds.iter().all(|&b| u32::from(b) <= current.f), "{bounds:?}");
    run_inspector_to_the_end(&mut h);
    let line = h.state().inspector().state_line();
    assert!(line.ends_with("(move-optimal)."), "{line}");
}
