//! The move-optimal methods (`--metric moves`: moves-astar, moves-idastar, moves-bfs) find
//! the fewest moves, then the fewest pushes among those: on small levels they agree with a
//! uniform-cost search over the player's single steps written here from the rules alone;
//! with a bound that may overestimate they never claim optimality; and the optimiser's
//! `--metric moves` proves the same optimum from a longer solution.

mod common;

use std::cmp::Reverse;
use std::collections::{BTreeSet, BinaryHeap, HashMap};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use sokolab::level::format::load_file;
use sokolab::level::metrics::Metrics;
use sokolab::level::{Dir, Level, Pos, replay};
use sokolab::solver::optimize::{Metric, optimize};
use sokolab::solver::{Config, Limits, LowerBound, Method, MoveSearch, Outcome, solve};

/// A position: the boxes, then the player.
type State = (BTreeSet<Pos>, Pos);

/// The fewest moves, then pushes, that solve `level` (`None` when nothing does), by a
/// uniform-cost search over single steps with no pruning at all.
fn fewest_moves(level: &Level) -> Option<(usize, usize)> {
    let walkable = |p: Pos| level.contains(p) && level.square(p).terrain.is_walkable();
    let goals: BTreeSet<Pos> = level.goals().into_iter().collect();
    let start: State = (level.boxes().into_iter().collect(), level.player()?);
    let mut best: HashMap<State, (usize, usize)> = HashMap::from([(start.clone(), (0, 0))]);
    let mut open = BinaryHeap::from([Reverse(((0, 0), start))]);
    while let Some(Reverse((cost, (boxes, player)))) = open.pop() {
        if best.get(&(boxes.clone(), player)) != Some(&cost) {
            continue;
        }
        if boxes == goals {
            return Some(cost);
        }
        for dir in Dir::ALL {
            let Some(to) = player.step(dir).filter(|&q| walkable(q)) else { continue };
            let mut next = boxes.clone();
            let mut pushes = cost.1;
            if boxes.contains(&to) {
                let Some(beyond) = to.step(dir).filter(|&q| walkable(q) && !boxes.contains(&q))
                else {
                    continue;
                };
                next.remove(&to);
                next.insert(beyond);
                pushes += 1;
            }
            let c = (cost.0 + 1, pushes);
            let state = (next, to);
            if best.get(&state).is_none_or(|&old| c < old) {
                best.insert(state.clone(), c);
                open.push(Reverse((c, state)));
            }
        }
    }
    None
}

const MOVE_METHODS: [MoveSearch; 3] = [MoveSearch::AStar, MoveSearch::IdaStar, MoveSearch::Bfs];

/// Our levels.
fn ours() -> Vec<Level> {
    load_file(concat!(env!("CARGO_MANIFEST_DIR"), "/levels/default.xsb")).unwrap().levels
}

/// Our small levels (several of them with push-optimal lines that walk further).
fn small_levels() -> Vec<(String, Level)> {
    let small = ours().into_iter().filter(|l| l.boxes().len() <= 3);
    small.map(|l| (l.meta.title.clone(), l)).collect()
}

#[test]
fn move_optimal_methods_agree_with_a_search_over_single_steps() {
    let limits = Limits { time: Some(Duration::from_secs(60)), ..Limits::default() };
    let cancel = AtomicBool::new(false);
    let mut checked = 0;
    let mut differs = 0;
    for (title, level) in small_levels() {
        let Some(expected) = fewest_moves(&level) else { continue };
        for search in MOVE_METHODS {
            // IDA* keeps no table: on three boxes it takes seconds a level.
            if search == MoveSearch::IdaStar && level.boxes().len() > 2 {
                continue;
            }
            let config = Config::with_method(Method::Moves(search));
            let Outcome::Solved(solution, _) = solve(&level, &config, &limits, &cancel) else {
                panic!("{title}: {search:?} found no solution");
            };
            assert!(replay(&level, &solution.moves).solved, "{title}: {search:?}");
            assert!(solution.move_optimal && !solution.optimal, "{title}: {search:?}");
            assert_eq!((solution.moves.len(), solution.pushes), expected, "{title}: {search:?}");
        }
        let pushes = solve(&level, &Config::with_method(Method::AStar), &limits, &cancel);
        if let Outcome::Solved(p, _) = pushes
            && p.moves.len() > expected.0
        {
            differs += 1;
        }
        checked += 1;
    }
    assert!(checked >= 10, "{checked} levels checked");
    assert!(differs >= 1, "some level's push-optimal line has more moves than the fewest");
}

#[test]
fn a_bound_that_may_overestimate_claims_no_move_optimum() {
    let level = Level::from_rows(&["#######", "#@ $ .#", "#######"]).unwrap();
    let limits = Limits { time: Some(Duration::from_secs(10)), ..Limits::default() };
    for search in MOVE_METHODS.into_iter().filter(|&s| s != MoveSearch::Bfs) {
        for bound in LowerBound::ALL {
            let config =
                Config { lower_bound: bound, ..Config::with_method(Method::Moves(search)) };
            let outcome = solve(&level, &config, &limits, &AtomicBool::new(false));
            let Outcome::Solved(solution, _) = outcome else { panic!("{search:?} {bound:?}") };
            assert_eq!(solution.move_optimal, bound.admissible(), "{search:?} {}", bound.name());
        }
    }
}

#[test]
fn the_optimiser_proves_the_move_optimum() {
    // Level 10: A*'s push-optimal line has 20 moves, the fewest are 15.
    let level = ours().swap_remove(9);
    let expected = fewest_moves(&level).unwrap();
    let astar = solve(
        &level,
        &Config::with_method(Method::AStar),
        &Limits::default(),
        &AtomicBool::new(false),
    );
    let Outcome::Solved(start, _) = astar else { panic!("A* solves it") };
    let limits = Limits { time: Some(Duration::from_secs(30)), ..Limits::default() };
    let out = optimize(
        &level,
        &start.moves,
        Metric::Moves,
        &limits,
        &AtomicBool::new(false),
        &mut |_| {},
    )
    .unwrap();
    assert!(out.proved, "the whole level was searched");
    assert_eq!((out.after.moves, out.after.pushes), expected);
    assert_eq!(Metrics::of(&level, &out.moves).map(|m| (m.moves, m.pushes)), Some(expected));
}

/// On Microban 1-6 (from `../shared/levels`, skipped with a note when absent) moves-astar
/// finds the fewest moves the single-step search finds.
#[test]
fn moves_astar_agrees_on_microban() {
    let Some(file) = common::level_file("microban-155.xsb") else { return };
    let collection = load_file(&file).unwrap();
    let limits = Limits { time: Some(Duration::from_secs(60)), ..Limits::default() };
    let config = Config::with_method(Method::Moves(MoveSearch::AStar));
    for (i, level) in collection.levels.iter().take(6).enumerate() {
        let expected = fewest_moves(level).unwrap();
        let Outcome::Solved(s, _) = solve(level, &config, &limits, &AtomicBool::new(false)) else {
            panic!("level {}", i + 1)
        };
        assert_eq!((s.moves.len(), s.pushes), expected, "level {}", i + 1);
    }
}
