use super::*;
use crate::level::moves::parse_lurd;
use crate::solver::config::Method;
use crate::solver::outcome::Outcome;
use crate::solver::solve;

/// A room with one box two squares from its goal.
const ROOM: [&str; 6] =
    ["#########", "#       #", "#   $ . #", "#  @    #", "#       #", "#########"];

/// ROOM's box pushed down, up again, then home: 13 moves, 4 pushes (3 and 2 will do).
const WASTEFUL: &str = "uurDlddrUluRR";

fn room() -> Level {
    Level::from_rows(&ROOM).unwrap()
}

fn run(level: &Level, lurd: &str, metric: Metric, limits: &Limits) -> Optimized {
    let moves = parse_lurd(lurd).unwrap();
    optimize(level, &moves, metric, limits, &AtomicBool::new(false), &mut |_| {}).unwrap()
}

fn pushes_proved_optimal(level: &Level) -> usize {
    let config = Config { method: Method::AStar, ..Config::default() };
    match solve(level, &config, &Limits::default(), &AtomicBool::new(false)) {
        Outcome::Solved(s, _) if s.optimal => s.pushes,
        other => panic!("A* did not prove an optimum: {other:?}"),
    }
}

#[test]
fn a_wasteful_solution_is_cut_to_the_push_optimum_that_astar_proves() {
    let level = room();
    let before = verified(&level, &parse_lurd(WASTEFUL).unwrap()).unwrap();
    assert_eq!((before.moves, before.pushes), (13, 4));
    for metric in [Metric::Pushes, Metric::Moves] {
        let out = run(&level, WASTEFUL, metric, &Limits::default());
        assert_eq!(out.before, before);
        assert_eq!(out.after.pushes, pushes_proved_optimal(&level), "{metric:?}");
        assert_eq!(out.after.moves, 3, "{metric:?}");
        assert!(out.improvements >= 1 && out.stopped.is_none());
        assert_eq!(verified(&level, &out.moves).unwrap(), out.after);
    }
}

#[test]
fn only_the_walks_shortened_count_as_better_and_an_optimum_stays_as_it_is() {
    let level = room();
    // The optimum, with a walk there and back first: the same pushes, shorter walks.
    let out = run(&level, "lruRR", Metric::Moves, &Limits::default());
    assert_eq!((out.after.moves, out.after.pushes, out.improvements), (3, 2, 0));
    let out = run(&level, "uRR", Metric::Pushes, &Limits::default());
    assert_eq!(out.moves, parse_lurd("uRR").unwrap());
    assert_eq!(out.before, out.after);
}

#[test]
fn the_shipped_levels_solutions_come_back_no_worse_and_replaying() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/levels/default.xsb");
    let collection = crate::level::format::load_file(path).unwrap();
    let limits = Limits { nodes: Some(20_000), ..Limits::default() };
    let mut improved = 0;
    for level in collection.levels.iter().take(12) {
        let config = Config { method: Method::Greedy, ..Config::default() };
        let Outcome::Solved(s, _) = solve(level, &config, &limits, &AtomicBool::new(false)) else {
            panic!("greedy solves the shipped level {:?}", level.meta.title);
        };
        for metric in [Metric::Moves, Metric::Pushes] {
            let out = run(level, &s.lurd(), metric, &limits);
            assert_eq!(verified(level, &out.moves).unwrap(), out.after);
            assert!(metric.key(&out.after) <= metric.key(&out.before), "{:?}", level.meta.title);
            improved += usize::from(metric.key(&out.after) < metric.key(&out.before));
        }
    }
    assert!(improved > 0, "greedy's solutions are not all optimal");
}

#[test]
fn a_limit_stops_it_with_the_best_solution_so_far() {
    let level = room();
    let limits = Limits { nodes: Some(1), ..Limits::default() };
    let out = run(&level, WASTEFUL, Metric::Pushes, &limits);
    assert_eq!(out.stopped, Some(StopReason::Nodes));
    assert_eq!(verified(&level, &out.moves).unwrap(), out.after);
    assert!(Metric::Pushes.key(&out.after) <= Metric::Pushes.key(&out.before));
    let cancel = AtomicBool::new(true);
    let moves = parse_lurd(WASTEFUL).unwrap();
    let out = optimize(&level, &moves, Metric::Moves, &Limits::default(), &cancel, &mut |_| {});
    assert_eq!(out.unwrap().stopped, Some(StopReason::Cancelled));
}

#[test]
fn moves_that_do_not_solve_the_level_are_refused() {
    let level = room();
    let none = AtomicBool::new(false);
    let refuse = |lurd: &str| {
        let moves = parse_lurd(lurd).unwrap();
        optimize(&level, &moves, Metric::Moves, &Limits::default(), &none, &mut |_| {})
    };
    assert!(matches!(refuse("uR"), Err(OptimizeError::NotASolution(w)) if w.contains("off goals")));
    assert!(matches!(refuse("R"), Err(OptimizeError::NotASolution(w)) if w.contains("move 1")));
}
