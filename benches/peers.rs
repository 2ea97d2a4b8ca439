//! Sokolab beside the `soukoban` crate (0.1.5) on the same Microban levels, in one process,
//! one thread, alternating level by level, each solution replayed by `level::replay`.
//!
//! `cargo bench --bench peers` compares `auto` with soukoban's quick strategy;
//! `cargo bench --bench peers -- optimal` compares `astar` with its push-optimal strategy.
//! `--levels A-B` picks a range and `--time-limit S` the seconds per level (default 10).
//! The levels come from `../shared/levels/microban-155.xsb` (or `$SOKOLAB_LEVELS`).

#[path = "../tests/common/mod.rs"]
mod common;

use sokolab::level::format::load_file;
use sokolab::level::moves::parse_lurd;
use sokolab::level::{Level, replay};
use sokolab::solver::{Config, Limits, Method, Outcome, solve};
use soukoban::solver::{Algorithm, Solver, Strategy};
use std::sync::atomic::AtomicBool;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// One solver's result on one level: solved (and verified), optimal claim, seconds.
struct Run {
    solved: bool,
    pushes: usize,
    secs: f64,
}

fn ours(level: &Level, method: Method, limit: Duration) -> Run {
    let limits = Limits { time: Some(limit), ..Limits::default() };
    let start = Instant::now();
    let outcome = solve(level, &Config::with_method(method), &limits, &AtomicBool::new(false));
    let secs = start.elapsed().as_secs_f64();
    match outcome {
        // `solve` has already replayed the solution through `level::replay`.
        Outcome::Solved(s, _) => Run { solved: true, pushes: s.pushes, secs },
        _ => Run { solved: false, pushes: 0, secs },
    }
}

fn theirs(level: &Level, strategy: Strategy, limit: Duration) -> Run {
    let xsb = level.to_rows().join("\n");
    let start = Instant::now();
    let Ok(map) = xsb.parse::<soukoban::map::Map>() else {
        return Run { solved: false, pushes: 0, secs: 0.0 };
    };
    let solver = Solver::new(map, strategy);
    let stopper = solver.clone();
    let (done, wait) = mpsc::channel::<()>();
    let timer = std::thread::spawn(move || {
        if wait.recv_timeout(limit).is_err() {
            stopper.request_stop();
        }
    });
    let result = solver.search(Algorithm::AStar);
    let secs = start.elapsed().as_secs_f64();
    let _ = done.send(());
    timer.join().expect("timer thread");
    let Ok(actions) = result else { return Run { solved: false, pushes: 0, secs } };
    let check = parse_lurd(&actions.to_string()).map(|moves| replay(level, &moves));
    match check {
        Ok(r) if r.solved => Run { solved: true, pushes: r.pushes, secs },
        _ => Run { solved: false, pushes: 0, secs },
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let optimal = args.iter().any(|a| a == "optimal");
    let value = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1));
    let limit = Duration::from_secs_f64(value("--time-limit").map_or(10.0, |s| s.parse().unwrap()));
    let Some(file) = common::level_file("microban-155.xsb") else {
        println!("note: nothing to compare");
        return;
    };
    let levels = load_file(&file).expect("Microban loads").levels;
    let (first, last) = match value("--levels").and_then(|r| r.split_once('-')) {
        Some((a, b)) => (a.parse().unwrap(), b.parse().unwrap()),
        None => (1, levels.len()),
    };
    let (method, strategy) = if optimal {
        (Method::AStar, Strategy::PushOptimal)
    } else {
        (Method::Auto, Strategy::Quick)
    };
    println!(
        "levels {first}-{last}, {} s per level: sokolab {} vs soukoban {strategy:?}",
        limit.as_secs_f64(),
        method.name()
    );
    let (mut a, mut b) = ((0, 0.0), (0, 0.0));
    let mut differ = Vec::new();
    for n in first..=last {
        let level = &levels[n - 1];
        let x = ours(level, method, limit);
        let y = theirs(level, strategy, limit);
        a = (a.0 + x.solved as usize, a.1 + x.secs);
        b = (b.0 + y.solved as usize, b.1 + y.secs);
        if optimal && x.solved && y.solved && x.pushes != y.pushes {
            differ.push((n, x.pushes, y.pushes));
        }
        println!(
            "{n:>4}  sokolab {:<8} {:>7.2} s   soukoban {:<8} {:>7.2} s",
            if x.solved { "solved" } else { "-" },
            x.secs,
            if y.solved { "solved" } else { "-" },
            y.secs
        );
    }
    let count = last + 1 - first;
    println!("sokolab  {}: {}/{count} solved, {:.1} s", method.name(), a.0, a.1);
    println!("soukoban {strategy:?}: {}/{count} solved, {:.1} s", b.0, b.1);
    println!("time ratio soukoban/sokolab: {:.2}", b.1 / a.1.max(1e-9));
    if optimal {
        println!("push counts that differ (level, sokolab, soukoban): {differ:?}");
    }
}
