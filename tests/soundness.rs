//! What a search concludes is true, whatever it was told to search with: every method of the
//! catalogue with every lower bound, and the default setting with each deadlock detector and
//! each technique switched off in turn, and Demaret's pruning in place of ours, on our levels and the first Microban levels (from
//! `../shared/levels` or `$SOKOLAB_LEVELS`, skipped with a note when absent). No search
//! calls a solvable level unsolvable, every claim of push-optimality has BFS's push count,
//! and every claim of move-optimality the moves and pushes of the breadth-first search on
//! moves. A bound that is not admissible may misguide a search, never prune it.

mod common;

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use sokolab::level::Level;
use sokolab::level::format::load_file;
use sokolab::solver::{
    Config, Deadlocks, Limits, LowerBound, METHODS, Method, MoveSearch, Outcome, PruneReason,
    Technique, Techniques, solve,
};

/// Small budgets: the matrix is large, and a stopped search claims nothing.
fn limits() -> Limits {
    Limits { time: Some(Duration::from_secs(1)), nodes: Some(3_000), ..Limits::default() }
}

/// Every method of the catalogue, with its default parameter.
fn methods() -> Vec<Method> {
    METHODS.iter().map(|m| m.method()).collect()
}

/// The levels of the matrix: ours, then the first Microban levels when present.
fn levels() -> Vec<(String, Level)> {
    let ours = load_file(format!("{}/levels/default.xsb", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let mut levels: Vec<(String, Level)> = ours
        .levels
        .into_iter()
        .enumerate()
        .map(|(i, l)| (format!("default.xsb level {}", i + 1), l))
        .collect();
    if let Some(file) = common::level_file("microban-155.xsb") {
        let microban = load_file(&file).unwrap();
        levels.extend(
            microban
                .levels
                .into_iter()
                .take(12)
                .enumerate()
                .map(|(i, l)| (format!("microban level {}", i + 1), l)),
        );
    }
    levels
}

/// The optima the references found: BFS's pushes, and the moves and pushes of BFS on moves.
#[derive(Clone, Copy)]
struct Optima {
    pushes: Option<usize>,
    moves: Option<(usize, usize)>,
}

/// Checks one run: never unsolvable (every level of the matrix is solvable), and an
/// optimal claim has the `optima` the references found.
fn check(name: &str, what: &str, level: &Level, config: &Config, optima: Optima) {
    let cancel = AtomicBool::new(false);
    match solve(level, config, &limits(), &cancel) {
        Outcome::Unsolvable(_) => panic!("{name}: {what} called a solvable level unsolvable"),
        Outcome::Solved(solution, _) => {
            if let Some(optimum) = optima.pushes.filter(|_| solution.optimal) {
                assert_eq!(solution.pushes, optimum, "{name}: {what} claimed push-optimal");
            }
            if let Some(optimum) = optima.moves.filter(|_| solution.move_optimal) {
                let counts = (solution.moves.len(), solution.pushes);
                assert_eq!(counts, optimum, "{name}: {what} claimed move-optimal");
            }
        }
        _ => {}
    }
}

#[test]
fn no_setting_proves_a_solvable_level_unsolvable_or_claims_a_false_optimum() {
    let cancel = AtomicBool::new(false);
    let big = Limits { time: Some(Duration::from_secs(10)), ..Limits::default() };
    for (name, level) in levels() {
        let bfs = solve(&level, &Config::with_method(Method::Bfs), &big, &cancel);
        let pushes = match bfs {
            Outcome::Solved(solution, _) => Some(solution.pushes),
            Outcome::Unsolvable(_) => panic!("{name}: BFS called it unsolvable"),
            _ => None,
        };
        let on_moves = Config::with_method(Method::Moves(MoveSearch::Bfs));
        let moves = match solve(&level, &on_moves, &big, &cancel) {
            Outcome::Solved(solution, _) => Some((solution.moves.len(), solution.pushes)),
            Outcome::Unsolvable(_) => panic!("{name}: BFS on moves called it unsolvable"),
            _ => None,
        };
        let optimum = Optima { pushes, moves };
        for method in methods() {
            for bound in LowerBound::ALL {
                let config = Config { lower_bound: bound, ..Config::with_method(method) };
                let what = format!("{} with {}", method.name(), bound.name());
                check(&name, &what, &level, &config, optimum);
            }
        }
        for method in methods() {
            for reason in PruneReason::ALL {
                let mut config = Config::with_method(method);
                let Some(on) = config.deadlocks.flag(reason) else { continue };
                *on = false;
                let what = format!("{} without {}", method.name(), reason.name());
                check(&name, &what, &level, &config, optimum);
            }
            for technique in Technique::ALL.into_iter().filter(|t| t.on_by_default()) {
                let mut techniques = Techniques::default();
                techniques.set(technique, false);
                let config = Config { techniques, ..Config::with_method(method) };
                let what = format!("{} without {}", method.name(), technique.name());
                check(&name, &what, &level, &config, optimum);
            }
            // `--pruning demaret`: his rules alone, no PI-corrals, a bound that prunes nothing.
            let mut techniques = Techniques::default();
            techniques.set(Technique::PiCorrals, false);
            let config = Config {
                deadlocks: Deadlocks::DEMARET,
                techniques,
                lower_bound: LowerBound::BoxesOffGoal,
                ..Config::with_method(method)
            };
            let what = format!("{} with Demaret's pruning", method.name());
            check(&name, &what, &level, &config, optimum);
        }
    }
}

/// No deadlock detector, alone or in the pipeline, calls a live position dead: every
/// position reachable from the start of every Microban level with at most four boxes (about
/// three million), decided by the oracle, which prunes nothing. A false claim fails here
/// with the level and the detector; `sokolab deadlocks` saves its position.
#[test]
fn no_detector_calls_a_live_position_of_small_microban_levels_dead() {
    use sokolab::solver::oracle::{BUDGET, Spread, coverage};
    let Some(file) = common::level_file("microban-155.xsb") else { return };
    let levels: Vec<(usize, Level)> = load_file(&file)
        .expect("Microban loads")
        .levels
        .into_iter()
        .enumerate()
        .filter(|(_, l)| l.boxes().len() <= 4)
        .map(|(i, l)| (i + 1, l))
        .collect();
    assert!(levels.len() > 100, "{} levels", levels.len());
    let next = std::sync::atomic::AtomicUsize::new(0);
    let (positions, dead) = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..2)
            .map(|_| {
                scope.spawn(|| {
                    let (mut positions, mut dead) = (0, 0);
                    let cancel = AtomicBool::new(false);
                    loop {
                        let at = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some((n, level)) = levels.get(at) else { break };
                        let everything = Spread::Pushes(u32::MAX);
                        let c = coverage(
                            level,
                            everything,
                            BUDGET,
                            &Limits::default(),
                            &cancel,
                            &mut |_, _| {},
                        )
                        .expect("Microban's levels can be searched");
                        assert!(c.complete && c.unknown == 0, "level {n}: every position decided");
                        for row in &c.rows {
                            assert_eq!(
                                row.false_claims, 0,
                                "level {n}: {} calls a live position dead",
                                row.detector
                            );
                        }
                        positions += c.positions;
                        dead += c.dead;
                    }
                    (positions, dead)
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
    });
    assert!(positions > 1_000_000 && dead > positions / 2, "{positions} positions, {dead} dead");
}
