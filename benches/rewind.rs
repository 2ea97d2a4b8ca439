//! Going back in the inspector: the search is re-run from its start to the expansion asked
//! for (a fresh build, then the expansions), as *Step back* and *Go to this expansion* do.
//! Times going back from N expansions to the first, the middle and the last but one, each
//! the median of three. Targets: from 1 million expansions under 200 ms, from 10 million
//! under 1 s (`REWIND_10M=1` adds the 10 million row: minutes, gigabytes); the 100,000 row
//! has none. Run with `cargo bench --bench rewind`.

#[path = "support/room.rs"]
mod room;

use std::time::{Duration, Instant};

use sokolab::app::document::LevelKey;
use sokolab::app::inspector::Session;
use sokolab::level::Level;
use sokolab::solver::{Config, Interrupt, Method};

fn main() {
    let level = room::room();
    let mut sizes = vec![100_000u64, 1_000_000];
    if std::env::var_os("REWIND_10M").is_some() {
        sizes.push(10_000_000);
    }
    println!("going back by a re-run from the start, BFS, median of 3");
    let mut ok = true;
    for n in sizes {
        let target = match n {
            10_000_000.. => Some(1.0),
            1_000_000.. => Some(0.2),
            _ => None,
        };
        let mut worst = 0.0f64;
        for k in [1, n / 2, n - 1] {
            let mut times: Vec<Duration> = (0..3).map(|_| rewind(&level, k)).collect();
            times.sort();
            let t = times[1].as_secs_f64();
            worst = worst.max(t);
            println!("from {n:>10} to {k:>10}: {t:8.3} s");
        }
        let Some(target) = target else { continue };
        let met = worst <= target;
        ok &= met;
        println!(
            "from {n:>10}: worst {worst:.3} s against {target} s: {}",
            if met { "within target" } else { "OVER target" }
        );
    }
    if !ok {
        std::process::exit(1);
    }
}

/// Builds the inspector's traced search afresh and re-runs it to expansion `k`.
fn rewind(level: &Level, k: u64) -> Duration {
    let key = LevelKey { id: 1, board: 1 };
    let start = Instant::now();
    let interrupt = Interrupt::default();
    let mut session = Session::new(key, level, Config::with_method(Method::Bfs), &interrupt)
        .expect("the room can be searched")
        .expect("not interrupted");
    session.advance(k, &interrupt, |_| {});
    let t = start.elapsed();
    assert_eq!(session.with_trace(|t| t.steps.len() as u64), k);
    t
}
