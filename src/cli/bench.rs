//! `sokolab bench FILE [--levels A-B] [--shard K/N] [--method M] [--time-limit S] [--jobs J]
//! [--json]`.

use crate::cli::error::CliError;
use crate::cli::interrupt;
use crate::cli::progress::Bar;
use crate::cli::report::{LevelReport, Place};
use crate::cli::search_args::SearchArgs;
use crate::cli::summary::{self, Shard, Totals};
use crate::level::format::load_located;
use crate::solver::{Config, Outcome, StopReason, solve};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// Options of `sokolab bench`.
#[derive(clap::Args, Clone, Debug)]
pub struct BenchArgs {
    /// The level file (XSB, SOK or RLE).
    pub file: PathBuf,
    /// Level range `A-B` (from 1, inclusive), or a single number.
    #[arg(long, value_name = "A-B")]
    pub levels: Option<String>,
    /// Only levels with at least this many boxes.
    #[arg(long, value_name = "N")]
    pub min_boxes: Option<usize>,
    /// Only levels with at most this many boxes.
    #[arg(long, value_name = "N")]
    pub max_boxes: Option<usize>,
    /// Only share K of N of the levels (those numbered K, K + N, K + 2N, …), so that N runs,
    /// on one machine or several, share a file; `sokolab report` merges their JSON lines.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<Shard>,
    /// How to search (the time limit defaults to 10 s here).
    #[command(flatten)]
    pub search: SearchArgs,
    /// Levels solved in parallel.
    #[arg(long, default_value_t = 1, value_name = "J")]
    pub jobs: usize,
    /// One JSON object per level, then a summary object.
    #[arg(long, long_help = crate::cli::report::json_help("One JSON object per level, then a summary object"))]
    pub json: bool,
}

/// Parses `A-B` or `N` into an inclusive range checked against `count`.
pub(crate) fn parse_range(text: &str, count: usize) -> Result<(usize, usize), CliError> {
    let bad = || CliError::BadRange { text: text.to_string(), count };
    let (a, b) = match text.split_once('-') {
        Some((a, b)) => {
            (a.trim().parse().map_err(|_| bad())?, b.trim().parse().map_err(|_| bad())?)
        }
        None => {
            let n = text.trim().parse().map_err(|_| bad())?;
            (n, n)
        }
    };
    if a == 0 || a > b || b > count {
        return Err(bad());
    }
    Ok((a, b))
}

/// Runs `bench`: exit status 0 after a complete run, 128 + the signal's number (130 after
/// Ctrl-C) after the levels finished before it; an error on a bad file or range.
pub fn run(args: &BenchArgs) -> Result<ExitCode, CliError> {
    let located = load_located(&args.file)?;
    let collection = &located.collection;
    let count = collection.levels.len();
    let (first, last) = match args.levels.as_deref() {
        Some(text) => parse_range(text, count)?,
        None => (1, count),
    };
    let numbers: Vec<usize> = (first..=last)
        .filter(|&n| args.shard.is_none_or(|s| s.holds(n)))
        .filter(|&n| {
            let boxes = collection.levels[n - 1].boxes().len();
            args.min_boxes.is_none_or(|m| boxes >= m) && args.max_boxes.is_none_or(|m| boxes <= m)
        })
        .collect();
    if numbers.is_empty() {
        let boxes = match (args.min_boxes, args.max_boxes) {
            (Some(a), Some(b)) => format!(" with {a} to {b} boxes"),
            (Some(a), None) => format!(" with at least {a} boxes"),
            (None, Some(b)) => format!(" with at most {b} boxes"),
            (None, None) => String::new(),
        };
        let shard = args.shard.map(|_| " in this shard").unwrap_or_default();
        return Err(CliError::NoLevels(format!(
            "{}: no level of {first}-{last}{boxes}{shard} is left to run; widen --levels, \
             --min-boxes or --max-boxes",
            args.file.display(),
        )));
    }
    let mut config = args.search.config()?;
    for &n in &numbers {
        args.search.check_level(n, &collection.levels[n - 1])?;
    }
    // Levels run in parallel already: they share the machine's threads.
    let machine = Config::machine_threads();
    let per_level = (machine / args.jobs.max(1)).max(1);
    if config.threads > per_level {
        if args.search.threads.is_some() {
            eprintln!(
                "sokolab: note: {} threads a level with --jobs {} would oversubscribe this \
                 machine's {machine}; using {per_level}",
                config.threads, args.jobs
            );
        }
        config.threads = per_level;
    }
    let mut limits = args.search.limits();
    if args.search.time_limit.is_none() {
        limits.time = Some(std::time::Duration::from_secs(10));
    }
    let start = Instant::now();
    let next = AtomicUsize::new(0);
    let solved = AtomicUsize::new(0);
    // Ctrl-C cancels the searches running; the levels they were on are left out.
    let cancel = interrupt::catch();
    let results: Mutex<Vec<LevelReport>> = Mutex::new(Vec::new());
    let bar = Bar::new(Some(numbers.len() as u64), "levels", args.json);
    if !args.json {
        println!("{}", LevelReport::header());
    }
    std::thread::scope(|scope| {
        for _ in 0..args.jobs.max(1) {
            scope.spawn(|| {
                while !cancel.load(Ordering::Relaxed) {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&n) = numbers.get(i) else { break };
                    let level = &collection.levels[n - 1];
                    let outcome = solve(level, &config, &limits, cancel);
                    if matches!(outcome, Outcome::Stopped(StopReason::Cancelled, _)) {
                        break;
                    }
                    let place = Place { file: &args.file, origin: &located.origins[n - 1] };
                    let report = LevelReport::new(n, level, &outcome, &limits, place);
                    let ok = solved.fetch_add(usize::from(report.solved), Ordering::Relaxed);
                    // One lock for the line and the list, so lines never interleave.
                    let mut results = results.lock().expect("results lock");
                    bar.println(&if args.json { report.json() } else { report.row() });
                    bar.inc(1);
                    bar.message(format!("solved {}", ok + usize::from(report.solved)));
                    results.push(report);
                }
            });
        }
    });
    bar.finish();
    let results = results.into_inner().expect("results lock");
    let totals = Totals {
        levels: results.len(),
        solved: results.iter().filter(|r| r.solved).count(),
        secs: start.elapsed().as_secs_f64(),
        shard: args.shard,
        interrupted: interrupt::signal().is_some(),
    };
    summary::print(&results, &totals, args.json);
    Ok(interrupt::exit_code().unwrap_or(ExitCode::SUCCESS))
}

#[cfg(test)]
mod tests {
    use super::parse_range;

    #[test]
    fn ranges_are_checked() {
        assert_eq!(parse_range("3-7", 10).ok(), Some((3, 7)));
        assert_eq!(parse_range("4", 10).ok(), Some((4, 4)));
        assert!(parse_range("0-3", 10).is_err());
        assert!(parse_range("5-3", 10).is_err());
        assert!(parse_range("1-11", 10).is_err());
        assert!(parse_range("x", 10).is_err());
    }
}
