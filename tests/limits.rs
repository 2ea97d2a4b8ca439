//! The solver's limits hold in every phase, the analysis before the search included, on
//! boards big enough that one phase or one expansion takes long (issue 18, item 3). The
//! bounds here are generous (the machine is shared); `cargo bench --bench limits` measures
//! how closely the limits hold.

#[path = "boards/big.rs"]
mod boards;

use sokolab::level::format::load_file;
use sokolab::level::{Level, replay};
use sokolab::solver::{Config, Limits, Method, Outcome, StopReason, solve};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Solves `level` with `method` under `limits`, cancelling after `cancel_after` if given;
/// the outcome and the wall time.
fn run(
    level: &Level,
    method: Method,
    limits: Limits,
    cancel_after: Option<Duration>,
) -> (Outcome, Duration) {
    let cancel = AtomicBool::new(false);
    let start = Instant::now();
    let cancel_ref = &cancel;
    let outcome = std::thread::scope(|scope| {
        if let Some(after) = cancel_after {
            scope.spawn(move || {
                std::thread::sleep(after);
                cancel_ref.store(true, Ordering::Relaxed);
            });
        }
        solve(level, &Config::with_method(method), &limits, &cancel)
    });
    (outcome, start.elapsed())
}

fn seconds(s: f64) -> Limits {
    Limits { time: Some(Duration::from_secs_f64(s)), ..Limits::default() }
}

fn stopped(outcome: &Outcome) -> Option<StopReason> {
    match outcome {
        Outcome::Stopped(reason, _) => Some(*reason),
        _ => None,
    }
}

#[test]
fn a_time_limit_holds_while_a_big_board_is_analysed() {
    // The analysis of this room took 30 s before it looked at the clock.
    let room = boards::room_200();
    // Demaret's goal schedule took 37 s here before it looked at the clock.
    for method in [Method::AStar, Method::Auto, Method::Fess, Method::Planner(5)] {
        let (outcome, took) = run(&room, method, seconds(0.5), None);
        assert_eq!(stopped(&outcome), Some(StopReason::Time), "{method:?}: {outcome:?}");
        assert!(took < Duration::from_secs(5), "{method:?} took {took:?}");
    }
    let many = boards::boxes_500();
    for method in [Method::AStar, Method::Dfs(300), Method::Greedy] {
        let (outcome, took) = run(&many, method, seconds(0.5), None);
        assert!(stopped(&outcome).is_some(), "{method:?}: {outcome:?}");
        assert!(took < Duration::from_secs(5), "{method:?} took {took:?}");
    }
}

#[test]
fn a_long_corridor_is_analysed_quickly() {
    // 64,000 squares: the analysis took 13 s (one flood per square for the player's sides).
    let (outcome, took) = run(&boards::corridor_1000(), Method::AStar, seconds(10.0), None);
    assert!(matches!(outcome, Outcome::Solved(..)), "{outcome:?}");
    assert!(took < Duration::from_secs(5), "took {took:?}");
}

#[test]
fn cancel_stops_a_big_search_in_any_phase() {
    let room = boards::room_200();
    for (method, after) in [(Method::AStar, 100), (Method::Fess, 1500), (Method::Auto, 300)] {
        let after = Duration::from_millis(after);
        let (outcome, took) = run(&room, method, Limits::default(), Some(after));
        assert_eq!(stopped(&outcome), Some(StopReason::Cancelled), "{method:?}: {outcome:?}");
        assert!(took < after + Duration::from_secs(2), "{method:?} took {took:?}");
    }
}

#[test]
fn a_memory_limit_holds_when_one_expansion_weighs_much() {
    // One FESS expansion here makes over a million moves; checked every 64 expansions, the
    // search grew to 1.9 GB under a 200 MB limit.
    let limits = Limits { memory_bytes: Some(100 << 20), ..seconds(60.0) };
    let (outcome, _) = run(&boards::room_200(), Method::Fess, limits, None);
    let Outcome::Stopped(StopReason::Memory, stats) = &outcome else { panic!("{outcome:?}") };
    assert!(stats.peak_memory < 150 << 20, "peak {} bytes", stats.peak_memory);
}

#[test]
fn a_memory_limit_holds_in_the_pull_searchs_first_expansion() {
    // The pull search's first expansion here stores a position for every square each box
    // can be pulled to: it grew to 2.5 GB under a 64 MB limit, stopped only by the clock.
    let limits = Limits { memory_bytes: Some(64 << 20), ..seconds(60.0) };
    let (outcome, took) = run(&boards::room_200(), Method::Pull, limits, None);
    let Outcome::Stopped(StopReason::Memory, stats) = &outcome else { panic!("{outcome:?}") };
    assert!(stats.peak_memory < 96 << 20, "peak {} bytes", stats.peak_memory);
    assert!(took < Duration::from_secs(30), "took {took:?}");
}

/// `auto` spread over 4 and 8 threads, more than this machine has: every answer is a
/// solution that replays, and under a memory limit the threads together keep to it, each
/// to its share, within the one heavy step a check can miss (as above).
#[test]
fn auto_on_four_and_eight_threads_solves_and_keeps_to_its_memory() {
    let levels = load_file(std::path::Path::new("levels/default.xsb")).unwrap().levels;
    let cancel = AtomicBool::new(false);
    for threads in [4, 8] {
        let config = Config { threads, ..Config::default() };
        for level in &levels {
            let outcome = solve(level, &config, &seconds(60.0), &cancel);
            let Outcome::Solved(solution, _) = &outcome else { panic!("{outcome:?}") };
            let check = replay(level, &solution.moves);
            assert!(check.solved && check.error.is_none(), "{threads} threads");
        }
        let limits = Limits { memory_bytes: Some(256 << 20), ..seconds(60.0) };
        let outcome = solve(&boards::room_200(), &config, &limits, &cancel);
        let Outcome::Stopped(StopReason::Memory, stats) = &outcome else { panic!("{outcome:?}") };
        let peak = stats.peak_memory;
        assert!(peak < 384 << 20, "{threads} threads: peak {peak} bytes");
    }
}
