//! How closely every limit holds on boards where one phase or one expansion is slow
//! (issue 18, item 3; issue 36, item 2): for each case, the limit asked for, the wall time
//! and the peak memory (the process's high-water mark) actually used, and for cancel the
//! time from the cancel to the answer. Every method runs on every board, with a time limit
//! and with a cancel; the commands with limits of their own (`rate`, `lab`, `generate`,
//! `bench`) run on the reproducers of `../shared/repro/limits/`. Each case runs in a child
//! process of its own, so that its peak memory is its own.
//!
//! `cargo bench --bench limits` runs every case; `-- N` runs case N alone. Cases that need
//! `../shared/repro/limits` (or `$SOKOLAB_REPRO`) are skipped, with a note, without it.

#[path = "../tests/boards/big.rs"]
mod boards;

use sokolab::level::Level;
use sokolab::solver::{Config, Limits, METHODS, Method, Outcome, solve};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// One case: a solve of a board by a method under limits (and a cancel, if any), or a
/// command of the binary.
enum Case {
    Solve {
        board: &'static str,
        method: Method,
        time: Option<f64>,
        memory_mib: Option<usize>,
        cancel_after: Option<f64>,
    },
    Command {
        /// The command line after `sokolab`; `{repro}` stands for the reproducers' folder.
        args: &'static str,
        /// The limits it runs under, in words.
        asked: &'static str,
    },
}

/// The boards, each with every method.
const BOARDS: [&str; 4] =
    ["room 200x200, 30 boxes", "corridor of 64,000 squares", "500 boxes beside goals", BOX500];

/// The reproducer of issue 36: a 60x60 room with 500 boxes, whose backward expansions
/// make thousands of children, each matched.
const BOX500: &str = "box500.xsb (60x60, 500 boxes)";

fn cases() -> Vec<Case> {
    let solve = |board, method, time, memory_mib, cancel_after| Case::Solve {
        board,
        method,
        time,
        memory_mib,
        cancel_after,
    };
    let mut out = vec![
        solve(BOARDS[0], Method::Auto, Some(10.0), None, None),
        solve(BOARDS[0], Method::Auto, Some(10.0), Some(200), None),
        solve(BOARDS[0], Method::Fess, Some(1.0), Some(200), None),
        solve(BOARDS[0], Method::Fess, Some(30.0), Some(200), None),
        solve(BOX500, Method::Backward, Some(10.0), Some(400), None),
        solve(BOX500, Method::Fess, Some(10.0), None, None),
    ];
    for board in BOARDS {
        for info in METHODS {
            out.push(solve(board, info.method(), Some(1.0), None, None));
        }
    }
    for board in BOARDS {
        for info in METHODS {
            out.push(solve(board, info.method(), None, None, Some(1.0)));
        }
    }
    let command = |args, asked| Case::Command { args, asked };
    out.extend([
        command("rate {repro}/box500.xsb --time-limit 1", "time 1 s"),
        command("rate {repro}/box500.xsb", "time 30 s (default)"),
        command("rate {repro}/mixed.xsb --jobs 2 --time-limit 1", "time 1 s per level"),
        command("bench {repro}/mixed.xsb --jobs 2 --time-limit 3", "time 3 s per level"),
        command("lab {repro}/lab_fifteen_bfs.ron --png - --time-limit 1", "time 1 s"),
        command("lab {repro}/lab_fifteen_bfs.ron --png - --memory-limit 64", "memory 64 MiB"),
        command("lab {repro}/lab_fifteen_bfs.ron --png -", "memory 8192 MiB (default)"),
        command("generate --size 40x40 --boxes 481 --time-limit 2", "time 2 s"),
        command("generate --size 7x7 --boxes 2 --count 1000000000 --time-limit 1", "time 1 s"),
    ]);
    out
}

/// The folder of the reproducers, if present.
fn repro() -> Option<PathBuf> {
    let dir = std::env::var_os("SOKOLAB_REPRO").map(PathBuf::from).unwrap_or_else(|| {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/repro/limits")
    });
    dir.is_dir().then_some(dir)
}

/// Board `name`, or `None` when it is a reproducer and the folder is absent.
fn board(name: &str) -> Option<Level> {
    Some(match name {
        "room 200x200, 30 boxes" => boards::room_200(),
        "corridor of 64,000 squares" => boards::corridor_1000(),
        "500 boxes beside goals" => boards::boxes_500(),
        _ => {
            let path = repro()?.join("box500.xsb");
            let collection = sokolab::level::format::load_file(&path).expect("box500.xsb reads");
            collection.levels.into_iter().next().expect("box500.xsb holds a level")
        }
    })
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

/// The peak resident memory of the largest child process waited for, in MiB (Unix; 0
/// elsewhere). Each case runs one command at most, so it is that command's.
fn children_peak_mib() -> f64 {
    #[cfg(unix)]
    {
        let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
        // SAFETY: `usage` is a valid, writable rusage for the call to fill.
        if unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, usage.as_mut_ptr()) } == 0 {
            // SAFETY: getrusage returned 0, so it filled `usage`.
            return unsafe { usage.assume_init() }.ru_maxrss as f64 / 1024.0;
        }
    }
    0.0
}

/// What `outcome` is called in the table.
fn status(outcome: &Outcome) -> String {
    match outcome {
        Outcome::Solved(..) => "solved".to_string(),
        other => other.status().to_string(),
    }
}

/// Runs case `n` in this process and prints `status`, the wall seconds, the cancel
/// latency and the peak MiB, tab-separated.
fn child(n: usize) {
    let (status, wall, latency, peak) = match &cases()[n] {
        Case::Solve { board: name, method, time, memory_mib, cancel_after } => {
            let Some(level) = board(name) else {
                println!("skipped ({name} is absent)\t-\t-\t-");
                return;
            };
            let limits = Limits {
                time: time.map(Duration::from_secs_f64),
                memory_bytes: memory_mib.map(|m| m << 20),
                nodes: None,
            };
            // Leaked, so that the thread that sets it is not joined: a solve that ends
            // first does not wait for it.
            let cancel: &'static AtomicBool = Box::leak(Box::new(AtomicBool::new(false)));
            if let Some(after) = *cancel_after {
                let after = Duration::from_secs_f64(after);
                std::thread::spawn(move || {
                    std::thread::sleep(after);
                    cancel.store(true, Ordering::Relaxed);
                });
            }
            let start = Instant::now();
            let outcome = solve(&level, &Config::with_method(*method), &limits, cancel);
            let wall = start.elapsed().as_secs_f64();
            // The latency of a cancel that stopped the search.
            let stopped = matches!(outcome, Outcome::Stopped(..));
            let latency = cancel_after.filter(|_| stopped).map(|after| wall - after);
            (status(&outcome), wall, latency, peak_mib())
        }
        Case::Command { args, .. } => {
            let Some(dir) = repro().or_else(|| (!args.contains("{repro}")).then(PathBuf::new))
            else {
                println!("skipped (../shared/repro/limits is absent)\t-\t-\t-");
                return;
            };
            let args = args.replace("{repro}", &dir.to_string_lossy());
            let start = Instant::now();
            let out = Command::new(env!("CARGO_BIN_EXE_sokolab"))
                .args(args.split_whitespace())
                .stdin(Stdio::null())
                .output()
                .expect("the binary runs");
            let wall = start.elapsed().as_secs_f64();
            // What it said last: its error, else the last line of its report.
            let last = |bytes: &[u8]| {
                let text = String::from_utf8_lossy(bytes).into_owned();
                text.lines().rev().find(|l| !l.trim().is_empty()).map(str::to_string)
            };
            let said = if args.starts_with("lab") { None } else { last(&out.stdout) };
            let said = last(&out.stderr).or(said).unwrap_or_default();
            let said = said.replace(&format!("{}/", dir.display()), "").replace('|', "/");
            let code = out.status.code().map_or("signal".to_string(), |c| c.to_string());
            let status = format!("exit {code}: {}", said.trim());
            (status, wall, None, children_peak_mib())
        }
    };
    let latency = latency.map_or("-".to_string(), |l| format!("{:.0}", l * 1000.0));
    println!("{status}\t{wall:.3}\t{latency}\t{peak:.0}");
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
        "| # | board or command | method | limit asked | status | wall time | cancel to answer | peak memory |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for (n, case) in cases().iter().enumerate() {
        if only.is_some_and(|o| o != n) {
            continue;
        }
        let (what, method, asked) = match case {
            Case::Solve { board, method, time, memory_mib, cancel_after } => {
                let mut asked = Vec::new();
                if let Some(t) = time {
                    asked.push(format!("time {t} s"));
                }
                if let Some(m) = memory_mib {
                    asked.push(format!("memory {m} MiB"));
                }
                if let Some(c) = cancel_after {
                    asked.push(format!("cancel at {c} s"));
                }
                (board.to_string(), method.name(), asked.join(", "))
            }
            Case::Command { args, asked } => {
                (format!("`{}`", args.replace("{repro}/", "")), "–".to_string(), asked.to_string())
            }
        };
        let out = Command::new(&exe).args(["--case", &n.to_string()]).output().expect("runs");
        let text = String::from_utf8_lossy(&out.stdout);
        let fields: Vec<&str> = text.trim_end().split('\t').collect();
        let [status, wall, latency, peak] = fields[..] else {
            println!("| {n} | {what} | {method} | {asked} | failed: {} |", text.trim());
            continue;
        };
        let unit = |v: &str, u: &str| if v == "-" { "–".to_string() } else { format!("{v} {u}") };
        println!(
            "| {n} | {what} | {method} | {asked} | {status} | {} | {} | {} |",
            unit(wall, "s"),
            unit(latency, "ms"),
            unit(peak, "MiB")
        );
    }
}
