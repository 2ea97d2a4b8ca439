//! Going back in the inspector (*Step back*, *Go to this expansion*): the search is put
//! back at its last mark before the expansion asked for (its stores truncated, what it
//! learned since forgotten) and re-run from there, as the inspector's worker does. Runs the
//! inspector's traced BFS in the benches' room to N expansions, then times going back from
//! N to the first, the middle and the last but one expansion (going forward to N again in
//! between, untimed, and checking that the search ends where it was). Targets: from a
//! million expansions under 200 ms, from ten million under 1 s (`REWIND_10M=1` adds the ten
//! million row: about 15 minutes and 4 GB); the 100,000 row has none. Run with
//! `cargo bench --bench rewind`.

#[path = "support/room.rs"]
mod room;

use std::time::{Duration, Instant};

use sokolab::app::document::LevelKey;
use sokolab::app::inspector::Session;
use sokolab::solver::{Config, Interrupt, Method};

fn main() {
    let mut sizes = vec![(100_000u64, 3), (1_000_000, 3)];
    if std::env::var_os("REWIND_10M").is_some() {
        sizes.push((10_000_000, 1));
    }
    println!("going back by the search's marks, BFS, median of the runs");
    let mut ok = true;
    for (n, runs) in sizes {
        let target = match n {
            10_000_000.. => Some(1.0),
            1_000_000.. => Some(0.2),
            _ => None,
        };
        let interrupt = Interrupt::default();
        let key = LevelKey { id: 1, board: 1 };
        let config = Config::with_method(Method::Bfs);
        let mut session = Session::new(key, &room::room(), config, &interrupt)
            .expect("the room can be searched")
            .expect("not interrupted");
        assert!(session.rewinds(), "BFS keeps marks");
        let start = Instant::now();
        session.advance(n, &interrupt, |_| {});
        let there = session.search().stats().clone();
        let memory = session.search().memory();
        println!(
            "{n} expansions in {:.1} s, the search holding {:.0} bytes an expansion, the \
             history {:.1}",
            start.elapsed().as_secs_f64(),
            memory as f64 / n as f64,
            session.with_trace(|t| t.bytes()) as f64 / n as f64
        );
        let mut worst = 0.0f64;
        for k in [n - 1, n / 2, 1] {
            let mut times: Vec<Duration> = (0..runs)
                .map(|_| {
                    let t = Instant::now();
                    assert!(session.go_back(k, &interrupt));
                    let t = t.elapsed();
                    assert_eq!(session.search().stats().expanded, k);
                    assert_eq!(session.with_trace(|t| t.steps.len() as u64), k);
                    session.advance(n, &interrupt, |_| {});
                    assert_eq!(session.search().stats(), &there, "on to {n} again, as it was");
                    t
                })
                .collect();
            times.sort();
            let t = times[times.len() / 2].as_secs_f64();
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
