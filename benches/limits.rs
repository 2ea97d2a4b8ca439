//! How closely the solver keeps its limits on boards where one phase or one expansion is
//! slow (issue 18, item 3): for each case, the limit asked for, the wall time and the peak
//! memory (the process's high-water mark) actually used, and for cancel the time from the
//! cancel to the answer. Each case runs in a child process of its own, so that its peak
//! memory is its own.
//!
//! `cargo bench --bench limits` runs every case; `-- N` runs case N alone.

#[path = "../tests/boards/big.rs"]
mod boards;

use sokolab::level::Level;
use sokolab::solver::{Config, Limits, Method, Outcome, solve};
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// One case: a board, a method, the limits, and when to cancel (if at all).
struct Case {
    board: &'static str,
    method: Method,
    time: Option<f64>,
    memory_mib: Option<usize>,
    cancel_after: Option<f64>,
}

fn cases() -> Vec<Case> {
    let case = |board, method, time, memory_mib, cancel_after| Case {
        board,
        method,
        time,
        memory_mib,
        cancel_after,
    };
    let mut out = vec![
        case("room 200x200, 30 boxes", Method::Auto, Some(10.0), None, None),
        case("room 200x200, 30 boxes", Method::Auto, Some(10.0), Some(200), None),
        case("room 200x200, 30 boxes", Method::Fess, Some(1.0), Some(200), None),
        case("room 200x200, 30 boxes", Method::Fess, Some(30.0), Some(200), None),
        case("room 200x200, 30 boxes", Method::AStar, Some(1.0), None, None),
        case("corridor of 64,000 squares", Method::Auto, Some(1.0), None, None),
        case("corridor of 64,000 squares", Method::AStar, Some(1.0), None, None),
    ];
    for method in [
        Method::Auto,
        Method::Fess,
        Method::AStar,
        Method::IdaStar,
        Method::Greedy,
        Method::Bfs,
        Method::Dfs(Method::DFS_LIMIT),
        Method::IterativeDeepening,
    ] {
        out.push(case("500 boxes beside goals", method, Some(1.0), None, None));
    }
    for method in [Method::Auto, Method::Fess, Method::AStar] {
        out.push(case("room 200x200, 30 boxes", method, None, None, Some(1.0)));
        out.push(case("500 boxes beside goals", method, None, None, Some(1.0)));
    }
    out
}

fn board(name: &str) -> Level {
    match name {
        "room 200x200, 30 boxes" => boards::room_200(),
        "corridor of 64,000 squares" => boards::corridor_1000(),
        _ => boards::boxes_500(),
    }
}

/// The process's peak resident memory, in MiB (Linux; 0 elsewhere).
fn peak_mib() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kib = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .unwrap_or(0.0);
    kib / 1024.0
}

/// Runs case `n` in this process and prints `status wall-seconds cancel-latency peak-MiB`.
fn child(n: usize) {
    let case = &cases()[n];
    let level = board(case.board);
    let limits = Limits {
        time: case.time.map(Duration::from_secs_f64),
        memory_bytes: case.memory_mib.map(|m| m << 20),
        nodes: None,
    };
    let cancel = AtomicBool::new(false);
    let start = Instant::now();
    let mut cancelled_at = None;
    let cancel_ref = &cancel;
    let outcome = std::thread::scope(|scope| {
        if let Some(after) = case.cancel_after {
            scope.spawn(move || {
                std::thread::sleep(Duration::from_secs_f64(after));
                cancel_ref.store(true, Ordering::Relaxed);
            });
        }
        let config = Config::with_method(case.method);
        solve(&level, &config, &limits, &cancel)
    });
    let wall = start.elapsed().as_secs_f64();
    if let Some(after) = case.cancel_after {
        cancelled_at = Some(wall - after);
    }
    let status = match &outcome {
        Outcome::Solved(..) => "solved".to_string(),
        other => other.status().to_string(),
    };
    let latency = cancelled_at.map_or("-".to_string(), |l| format!("{:.0}", l * 1000.0));
    println!("{status} {wall:.3} {latency} {:.0}", peak_mib());
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(i) = args.iter().position(|a| a == "--case") {
        child(args[i + 1].parse().expect("a case number"));
        return;
    }
    let only: Option<usize> = args.iter().find_map(|a| a.parse().ok());
    let exe = std::env::current_exe().expect("the benchmark's own path");
    println!(
        "| # | board | method | limit asked | status | wall time | cancel to answer | peak memory |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for (n, case) in cases().iter().enumerate() {
        if only.is_some_and(|o| o != n) {
            continue;
        }
        let out = Command::new(&exe).args(["--case", &n.to_string()]).output().expect("runs");
        let text = String::from_utf8_lossy(&out.stdout);
        let fields: Vec<&str> = text.split_whitespace().collect();
        let [status, wall, latency, peak] = fields[..] else {
            println!("| {n} | {} | {} | failed: {} |", case.board, case.method.name(), text.trim());
            continue;
        };
        let mut asked = Vec::new();
        if let Some(t) = case.time {
            asked.push(format!("time {t} s"));
        }
        if let Some(m) = case.memory_mib {
            asked.push(format!("memory {m} MiB"));
        }
        if let Some(c) = case.cancel_after {
            asked.push(format!("cancel at {c} s"));
        }
        let latency = if latency == "-" { "–".to_string() } else { format!("{latency} ms") };
        println!(
            "| {n} | {} | {} | {} | {status} | {wall} s | {latency} | {peak} MiB |",
            case.board,
            case.method.name(),
            asked.join(", ")
        );
    }
}
