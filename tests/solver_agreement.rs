//! Push-optimal methods agree: on the first 30 Microban levels (from `../shared/levels` or
//! `$SOKOLAB_LEVELS`) BFS, A* and IDA* with every detector on, and BFS with every detector
//! and technique off (so no pruning can hide a shorter solution), find solutions of the same push count,
//! each replayed and claimed optimal; and the pushes left that play mode shows are never more
//! than such a solution has left. Skipped with a note when the levels are absent.

mod common;

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use sokolab::level::format::load_file;
use sokolab::level::{Level, replay};
use sokolab::solver::inspect::Analyser;
use sokolab::solver::{
    Config, Deadlocks, Limits, Method, Outcome, Solution, Technique, Techniques, solve,
};

/// The four push-optimal searches agree, and along each of their solutions the pushes left
/// that play mode shows ("at least N pushes to go") are never more than the solution has left.
#[test]
fn bfs_astar_and_idastar_agree_on_push_counts() {
    let Some(file) = common::level_file("microban-155.xsb") else { return };
    let collection = load_file(&file).unwrap();
    let limits = Limits { time: Some(Duration::from_secs(30)), ..Limits::default() };
    let cancel = AtomicBool::new(false);
    let mut exact = 0;
    for (i, level) in collection.levels.iter().take(30).enumerate() {
        let analyser = Analyser::new(level).unwrap();
        let unpruned = Config {
            deadlocks: Deadlocks::NONE,
            techniques: Techniques::NONE,
            ..Config::with_method(Method::Bfs)
        };
        let configs = [
            Config::with_method(Method::Bfs),
            Config::with_method(Method::AStar),
            Config::with_method(Method::IdaStar),
            unpruned,
        ];
        let pushes = configs.map(|config| {
            let name = config.method.name();
            match solve(level, &config, &limits, &cancel) {
                Outcome::Solved(solution, _) => {
                    assert!(solution.optimal, "level {}: {name}", i + 1);
                    assert!(replay(level, &solution.moves).solved, "level {}", i + 1);
                    exact += check_pushes_left(&analyser, level, &solution, i + 1);
                    solution.pushes
                }
                other => panic!("level {}: {name} ended {}", i + 1, other.status()),
            }
        });
        assert!(pushes.iter().all(|&p| p == pushes[0]), "level {}: {pushes:?}", i + 1);
    }
    // Not a bound that says 0 everywhere: near the end of a line the matching is exact.
    assert!(exact >= 30, "{exact} positions with the bound exact");
}

/// Checks that at every push of `solution` (optimal) of level `number` the bound is at most
/// the pushes left, and 0 at the end; returns at how many positions it is exact.
fn check_pushes_left(
    analyser: &Analyser,
    level: &Level,
    solution: &Solution,
    number: usize,
) -> usize {
    let (mut position, mut left, mut exact) = (level.clone(), solution.pushes as u32, 0);
    for (n, m) in solution.moves.iter().enumerate() {
        if m.push || n == 0 {
            let bound = analyser.pushes_left(&position).expect("a live position");
            assert!(bound <= left, "level {number} move {n}: {bound} > {left}");
            exact += usize::from(bound == left);
        }
        position.try_move(m.dir).unwrap();
        left -= u32::from(m.push);
    }
    assert_eq!(analyser.pushes_left(&position), Some(0), "level {number}: solved");
    exact
}

/// A claim of unsolvability is a proof: no search may make it on a level that has a
/// solution. Every Microban level is solvable; each search gets a small budget and must end
/// solved or stopped, never "unsolvable".
#[test]
fn no_search_calls_a_solvable_microban_level_unsolvable() {
    let Some(file) = common::level_file("microban-155.xsb") else { return };
    let collection = load_file(&file).unwrap();
    let limits =
        Limits { time: Some(Duration::from_secs(2)), nodes: Some(20_000), ..Limits::default() };
    let cancel = AtomicBool::new(false);
    for (i, level) in collection.levels.iter().enumerate() {
        for method in [Method::Greedy, Method::Fess, Method::WeightedAStar(3)] {
            let outcome = solve(level, &Config::with_method(method), &limits, &cancel);
            assert!(
                !matches!(outcome, Outcome::Unsolvable(_)),
                "level {}: {} called it unsolvable",
                i + 1,
                method.name()
            );
        }
    }
}

/// PI-corral pruning only drops pushes a solution can do without: on the Microban levels,
/// every level A* solves with PI-corrals off within its node budget is solved with them on
/// (given four times the budget), with the same push count.
#[test]
fn pi_corral_pruning_never_loses_a_solution() {
    let Some(file) = common::level_file("microban-155.xsb") else { return };
    let collection = load_file(&file).unwrap();
    let cancel = AtomicBool::new(false);
    let budget = 100_000;
    let mut compared = 0;
    for (i, level) in collection.levels.iter().enumerate() {
        let mut without = Config::with_method(Method::AStar);
        without.techniques.set(Technique::PiCorrals, false);
        let limits = Limits { nodes: Some(budget), ..Limits::default() };
        let Outcome::Solved(plain, _) = solve(level, &without, &limits, &cancel) else {
            continue;
        };
        let limits = Limits { nodes: Some(4 * budget), ..Limits::default() };
        let with = Config::with_method(Method::AStar);
        assert!(with.techniques.on(Technique::PiCorrals));
        match solve(level, &with, &limits, &cancel) {
            Outcome::Solved(pruned, _) => {
                assert!(replay(level, &pruned.moves).solved, "level {}", i + 1);
                assert_eq!(pruned.pushes, plain.pushes, "level {}", i + 1);
            }
            other => panic!("level {}: with PI-corrals A* ended {}", i + 1, other.status()),
        }
        compared += 1;
    }
    eprintln!("PI-corrals compared on {compared} levels");
    assert!(compared >= 120, "only {compared} levels solved without PI-corrals");
}
