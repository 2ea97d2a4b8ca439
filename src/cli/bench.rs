//! `sokolab bench FILE [--levels A-B] [--method M] [--time-limit S] [--jobs J] [--json]`.

use crate::cli::error::CliError;
use crate::cli::report::{LevelReport, Place};
use crate::cli::search_args::SearchArgs;
use crate::level::format::load_located;
use crate::solver::solve;
use std::io::{IsTerminal as _, Write as _};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Instant;

/// Options of `sokolab bench`.
#[derive(clap::Args, Clone, Debug)]
pub struct BenchArgs {
    /// The level file (XSB, SOK or RLE).
    pub file: PathBuf,
    /// Level range `A-B` (from 1, inclusive), or a single number.
    #[arg(long, value_name = "A-B")]
    pub levels: Option<String>,
    /// Only levels with at most this many boxes.
    #[arg(long, value_name = "N")]
    pub max_boxes: Option<usize>,
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

/// Runs `bench`: exit status 0 after a complete run; an error on a bad file or range.
pub fn run(args: &BenchArgs) -> Result<ExitCode, CliError> {
    let located = load_located(&args.file)?;
    let collection = &located.collection;
    let count = collection.levels.len();
    let (first, last) = match args.levels.as_deref() {
        Some(text) => parse_range(text, count)?,
        None => (1, count),
    };
    let numbers: Vec<usize> = (first..=last)
        .filter(|&n| args.max_boxes.is_none_or(|m| collection.levels[n - 1].boxes().len() <= m))
        .collect();
    let mut config = args.search.config();
    // Levels run in parallel already: each search keeps to one thread.
    config.parallel = args.jobs <= 1;
    let mut limits = args.search.limits();
    if args.search.time_limit.is_none() {
        limits.time = Some(std::time::Duration::from_secs(10));
    }
    let start = Instant::now();
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let solved = AtomicUsize::new(0);
    let cancel = AtomicBool::new(false);
    let results: Mutex<Vec<LevelReport>> = Mutex::new(Vec::new());
    let out = Mutex::new(());
    if !args.json {
        println!("{}", LevelReport::header());
    }
    // The progress line goes to a terminal only, redrawn as levels finish and every 250 ms.
    let show_progress = !args.json && std::io::stderr().is_terminal();
    let progress_line = |finished: usize, ok: usize| {
        let secs = start.elapsed().as_secs_f64();
        eprint!("\r\x1b[K[{finished}/{}] solved {ok}, {secs:.1} s", numbers.len());
        let _ = std::io::stderr().flush();
    };
    std::thread::scope(|scope| {
        if show_progress {
            scope.spawn(|| {
                while done.load(Ordering::Relaxed) < numbers.len() {
                    std::thread::sleep(std::time::Duration::from_millis(250));
                    let _lock = out.lock().expect("output lock");
                    progress_line(done.load(Ordering::Relaxed), solved.load(Ordering::Relaxed));
                }
            });
        }
        for _ in 0..args.jobs.max(1) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&n) = numbers.get(i) else { break };
                    let level = &collection.levels[n - 1];
                    let outcome = solve(level, &config, &limits, &cancel);
                    let place = Place { file: &args.file, origin: &located.origins[n - 1] };
                    let report = LevelReport::new(n, level, &outcome, &limits, place);
                    let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
                    let ok = solved.fetch_add(report.solved as usize, Ordering::Relaxed)
                        + report.solved as usize;
                    {
                        let _lock = out.lock().expect("output lock");
                        if args.json {
                            println!("{}", report.json());
                        } else {
                            if show_progress {
                                eprint!("\r\x1b[K");
                            }
                            println!("{}", report.row());
                            if show_progress {
                                progress_line(finished, ok);
                            }
                        }
                    }
                    results.lock().expect("results lock").push(report);
                }
            });
        }
    });
    let secs = start.elapsed().as_secs_f64();
    let results = results.into_inner().expect("results lock");
    let solved = results.iter().filter(|r| r.solved).count();
    if args.json {
        #[derive(serde::Serialize)]
        struct Totals {
            levels: usize,
            solved: usize,
            secs: f64,
        }
        #[derive(serde::Serialize)]
        struct Summary {
            summary: Totals,
        }
        let summary = Summary { summary: Totals { levels: results.len(), solved, secs } };
        println!("{}", serde_json::to_string(&summary).expect("the summary serialises"));
    } else {
        if show_progress {
            eprintln!();
        }
        let mut rates: Vec<f64> =
            results.iter().filter(|r| r.secs > 0.01).map(|r| r.rate()).collect();
        rates.sort_by(f64::total_cmp);
        let median = rates.get(rates.len() / 2).copied();
        let search_secs: f64 = results.iter().map(|r| r.secs).sum();
        let optimal = results.iter().filter(|r| r.optimal).count();
        let hardest = results.iter().filter(|r| r.solved).max_by(|a, b| a.secs.total_cmp(&b.secs));
        println!(
            "{} levels, {solved} solved ({optimal} push-optimal), {secs:.1} s wall, {search_secs:.1} s searching",
            results.len()
        );
        match median {
            Some(m) => println!("median generated/s (levels searched > 10 ms): {m:.0}"),
            None => println!("median generated/s: n/a (no level searched longer than 10 ms)"),
        }
        print_rates_by_boxes(&results);
        if let Some(h) = hardest {
            println!(
                "slowest solved: level {} in {:.2} s, peak memory {:.1} MiB",
                h.level,
                h.secs,
                h.peak_memory as f64 / (1 << 20) as f64
            );
        }
        let mut unsolved: Vec<usize> =
            results.iter().filter(|r| !r.solved).map(|r| r.level).collect();
        unsolved.sort_unstable();
        if !unsolved.is_empty() {
            println!("not solved: {unsolved:?}");
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Generated, queued and expanded nodes per second by box count (the KTH report's table):
/// each group's counts over its time searched, so that short runs weigh little.
fn print_rates_by_boxes(results: &[LevelReport]) {
    let mut by_boxes: std::collections::BTreeMap<usize, (usize, f64, [u64; 3])> =
        std::collections::BTreeMap::new();
    for r in results.iter().filter(|r| r.secs > 0.0) {
        let (levels, secs, counts) = by_boxes.entry(r.boxes).or_default();
        *levels += 1;
        *secs += r.secs;
        for (c, n) in counts.iter_mut().zip([r.generated, r.queued, r.expanded]) {
            *c += n;
        }
    }
    if by_boxes.is_empty() {
        return;
    }
    println!("per second by box count:");
    println!(
        "{:>5} {:>6} {:>12} {:>12} {:>12}",
        "boxes", "levels", "generated", "queued", "expanded"
    );
    for (boxes, (levels, secs, [generated, queued, expanded])) in by_boxes {
        let rate = |n: u64| n as f64 / secs;
        println!(
            "{boxes:>5} {levels:>6} {:>12.0} {:>12.0} {:>12.0}",
            rate(generated),
            rate(queued),
            rate(expanded)
        );
    }
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
