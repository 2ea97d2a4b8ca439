//! What recording a search's history costs: bytes per expansion held by the inspector's
//! trace (target: at most 32) and the time of a search traced as the inspector traces it
//! (keeping marks to go back to, for the methods that keep them) against the same search
//! untraced (target: at most 1.1× slower). Each search is timed three times and the best
//! time kept. Run with `cargo bench --bench trace`.

#[path = "support/room.rs"]
mod room;

use std::time::{Duration, Instant};

use sokolab::level::Level;
use sokolab::solver::inspect::trace::{Tracer, lock};
use sokolab::solver::{Config, Method, NoTrace, Traced, build};

/// Expansions per timed search.
const EXPANSIONS: u64 = 300_000;

fn main() {
    let level = room::room();
    println!("history recording, {EXPANSIONS} expansions, best of 3");
    let mut ok = true;
    // Depth-first search orders children by the bound and would solve the room at once; cut
    // at 12 pushes (the room needs 16) it has millions of positions to go through instead.
    for method in [Method::Bfs, Method::Dfs(12)] {
        let config = Config::with_method(method);
        let plain = best(|| time(&level, &config, NoTrace, false));
        let mut bytes = 0.0;
        let traced = best(|| {
            let tracer = Tracer::new();
            let trace = tracer.trace();
            let t = time(&level, &config, tracer, true);
            let trace = lock(&trace);
            bytes = trace.bytes() as f64 / trace.steps.len().max(1) as f64;
            t
        });
        let slowdown = traced.as_secs_f64() / plain.as_secs_f64();
        let met = slowdown <= 1.1 && bytes <= 32.0;
        ok &= met;
        println!(
            "{:8} untraced {:7.3} s   traced {:7.3} s   slowdown {slowdown:.2}x   {bytes:.1} bytes/expansion   {}",
            method.name(),
            plain.as_secs_f64(),
            traced.as_secs_f64(),
            if met { "within target" } else { "OVER target" }
        );
    }
    if !ok {
        std::process::exit(1);
    }
}

fn best(mut f: impl FnMut() -> Duration) -> Duration {
    (0..3).map(|_| f()).min().expect("three runs")
}

/// Time to make `EXPANSIONS` expansions (the searches cannot end sooner on the bench room),
/// keeping marks to go back to if `marks` (and the method keeps them).
fn time<O: Traced>(level: &Level, config: &Config, observer: O, marks: bool) -> Duration {
    let mut search = build(level, config, observer).expect("the bench level is valid");
    if marks {
        search.keep_marks();
    }
    // Depth-first search expands its root when it is built, so count from there.
    let before = search.stats().expanded;
    let start = Instant::now();
    search.step(EXPANSIONS);
    let elapsed = start.elapsed();
    assert_eq!(search.stats().expanded - before, EXPANSIONS, "the search ended early");
    elapsed
}
