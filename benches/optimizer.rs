//! The solution optimiser on Microban: for each level, `auto`'s solution, shortened by
//! moves and (separately) by pushes, beside the push-optimal count `astar` proves, and
//! whether the optimiser's search of the whole level proved each result the shortest (`*`).
//!
//! `cargo bench --bench optimizer` runs every level; `--levels A-B` picks a range,
//! `--nodes N` the optimiser's expansions per level and metric (default 200,000) and
//! `--astar-nodes N` A*'s (default 2,000,000). Node limits, not time, keep the figures the
//! same from run to run on a busy machine (only `auto`'s solution may differ). The levels
//! come from `../shared/levels/microban-155.xsb` (or `$SOKOLAB_LEVELS`).

#[path = "../tests/common/mod.rs"]
mod common;

use sokolab::level::format::load_file;
use sokolab::level::metrics::Metrics;
use sokolab::solver::optimize::{Metric, optimize};
use sokolab::solver::{Config, Limits, Method, Outcome, solve};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1));
    let nodes: u64 = value("--nodes").map_or(200_000, |s| s.parse().unwrap());
    let astar_nodes: u64 = value("--astar-nodes").map_or(2_000_000, |s| s.parse().unwrap());
    let Some(file) = common::level_file("microban-155.xsb") else {
        println!("note: nothing to measure");
        return;
    };
    let levels = load_file(&file).expect("Microban loads").levels;
    let (first, last) = match value("--levels").and_then(|r| r.split_once('-')) {
        Some((a, b)) => (a.parse().unwrap(), b.parse().unwrap()),
        None => (1, levels.len()),
    };
    let none = AtomicBool::new(false);
    let auto_limits = Limits { time: Some(Duration::from_secs(10)), ..Limits::default() };
    let limits = Limits { nodes: Some(nodes), ..Limits::default() };
    let astar_limits = Limits { nodes: Some(astar_nodes), ..Limits::default() };
    println!("level   auto m/p   by moves m/p   by pushes m/p   astar p   secs");
    let (mut count, mut saved_moves, mut saved_pushes) = (0usize, 0usize, 0usize);
    let (mut proved, mut reached, mut stopped, mut secs) = (0, 0, 0, 0.0);
    let (mut proved_moves, mut proved_pushes) = (0, 0);
    for n in first..=last {
        let level = &levels[n - 1];
        let Outcome::Solved(s, _) = solve(level, &Config::default(), &auto_limits, &none) else {
            println!("{n:>5}   auto found no solution in 10 s");
            continue;
        };
        let start = Instant::now();
        let run = |metric| optimize(level, &s.moves, metric, &limits, &none, &mut |_| {});
        let (by_moves, by_pushes) = (run(Metric::Moves).unwrap(), run(Metric::Pushes).unwrap());
        secs += start.elapsed().as_secs_f64();
        stopped +=
            usize::from(by_moves.stopped.is_some()) + usize::from(by_pushes.stopped.is_some());
        proved_moves += usize::from(by_moves.proved);
        proved_pushes += usize::from(by_pushes.proved);
        let before = by_moves.before;
        count += 1;
        saved_moves += before.moves - by_moves.after.moves;
        saved_pushes += before.pushes - by_pushes.after.pushes;
        let astar = match solve(level, &Config::with_method(Method::AStar), &astar_limits, &none) {
            Outcome::Solved(o, _) if o.optimal => Some(o.pushes),
            _ => None,
        };
        if let Some(p) = astar {
            proved += 1;
            reached += usize::from(by_pushes.after.pushes == p);
        }
        let mp = |m: &Metrics, proved| {
            format!("{}/{}{}", m.moves, m.pushes, if proved { "*" } else { " " })
        };
        println!(
            "{n:>5}   {:>9}   {:>12}   {:>13}   {:>7}   {:.2}",
            mp(&before, false),
            mp(&by_moves.after, by_moves.proved),
            mp(&by_pushes.after, by_pushes.proved),
            astar.map_or("-".into(), |p| p.to_string()),
            start.elapsed().as_secs_f64()
        );
    }
    let avg = |x: usize| x as f64 / count.max(1) as f64;
    println!(
        "{count} levels: {:.1} moves saved on average by moves, {:.1} pushes by pushes; \
         {reached} of the {proved} push optima A* proved reached by pushes; proved the \
         shortest: {proved_moves} by moves, {proved_pushes} by pushes; {stopped} of {} \
         runs stopped at the node limit; {secs:.1} s optimising",
        avg(saved_moves),
        avg(saved_pushes),
        2 * count
    );
}
