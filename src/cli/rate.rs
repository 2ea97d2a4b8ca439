//! `sokolab rate FILE [--levels A-B] [--jobs J] [--time-limit S] [--json]`: each level's
//! difficulty and the measures it is built from.

use crate::cli::bench::parse_range;
use crate::cli::error::CliError;
use crate::cli::progress::Bar;
use crate::cli::time_limit::{TimeLimit, parse_time_limit};
use crate::cli::{interrupt, parallel};
use crate::level::format::load_file;
use crate::solver::rating::{Rating, TIME_LIMIT, Unrated, rate, spearman};
use serde::Serialize;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// Options of `sokolab rate`.
#[derive(clap::Args, Debug)]
pub struct RateArgs {
    /// The level file (XSB, SOK or RLE).
    pub file: PathBuf,
    /// Level range `A-B` (from 1, inclusive), or a single number.
    #[arg(long, value_name = "A-B")]
    pub levels: Option<String>,
    /// Levels rated in parallel (the measures do not depend on it: every limit is a node
    /// count).
    #[arg(long, default_value_t = 1, value_name = "J")]
    pub jobs: usize,
    /// Seconds per level (0 = no limit): a level that takes longer is not rated, and the
    /// run goes on. Only a level that would take too long is stopped: the measures are the
    /// same on every machine.
    #[arg(
        long,
        value_name = "S",
        default_value_t = TimeLimit(Some(TIME_LIMIT)),
        value_parser = parse_time_limit,
        allow_hyphen_values = true
    )]
    pub time_limit: TimeLimit,
    /// One JSON object per level, then a summary object.
    #[arg(long)]
    pub json: bool,
}

/// One line of `rate --json`.
#[derive(Serialize, Debug)]
struct Line {
    level: usize,
    title: String,
    /// rated, unsolvable, not-rated (the time limit passed), or invalid.
    status: &'static str,
    /// From 0 to 10 (null without a known solution).
    difficulty: Option<f64>,
    /// Expansions of the reference search (FESS, one thread); null when not known.
    effort: Option<u64>,
    /// Whether the reference search solved the level.
    reference_solved: bool,
    /// The fewest pushes known, and that solution's moves, box lines and box changes.
    pushes: Option<usize>,
    moves: Option<usize>,
    box_lines: Option<usize>,
    box_changes: Option<usize>,
    /// The most boxes whose pushes interleave on that solution (the decomposition).
    interleaved: Option<usize>,
    /// Whether A* proved the push count the least.
    proved: bool,
    /// Whether the box changes and lines are proved the fewest of any solution with those
    /// pushes (else they are the best line's known).
    changes_proved: bool,
    /// Moves on the reference search's line that no advisor proposed.
    hard_decisions: Option<u64>,
    secs: f64,
    message: String,
}

/// `rate --json`'s last line.
#[derive(Serialize, Debug)]
struct Summary {
    /// Levels whose line was printed (all asked for, unless interrupted).
    levels: usize,
    rated: usize,
    /// Spearman's rank correlation of difficulty with the level's number (rated levels).
    spearman_with_order: Option<f64>,
    /// The same with the reference search's effort.
    spearman_with_effort: Option<f64>,
    /// Whether Ctrl-C (or SIGTERM) ended the run before every level was rated.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    interrupted: bool,
}

/// Runs `rate`: exit status 0 after rating every level asked for, 128 + the signal's
/// number (130 after Ctrl-C) after the levels finished before it; an error on a bad file or
/// range.
pub fn run(args: &RateArgs) -> Result<ExitCode, CliError> {
    let collection = load_file(&args.file)?;
    let count = collection.levels.len();
    let (first, last) = match args.levels.as_deref() {
        Some(text) => parse_range(text, count)?,
        None => (1, count),
    };
    if !args.json {
        println!(
            "difficulty 0-10 from: effort (expansions of the reference search, FESS on one \
             thread; + = not solved within them), the fewest pushes known (* = proved by \
             A*), that solution's box lines and box changes, and hard decisions (moves no \
             advisor proposed); the mean of the measures known (- = not known, left out); \
             interleaved: the most boxes whose pushes interleave (not in the difficulty)"
        );
    }
    let levels = &collection.levels;
    let cancel = interrupt::catch();
    let bar = Bar::new(Some((last + 1 - first) as u64), "levels", args.json);
    let numbers: Vec<usize> = (first..=last).collect();
    let job = |&n: &usize| {
        let start = Instant::now();
        let level = &levels[n - 1];
        let rating = rate(level, args.time_limit.0, cancel);
        if matches!(rating, Ok(None)) {
            return None; // cancelled: the level is not finished
        }
        let secs = start.elapsed().as_secs_f64();
        Some(line(n, &level.meta.title, rating, secs))
    };
    let lines =
        parallel::in_order(&numbers, args.jobs, cancel, &bar, job, |l| print_line(l, args.json));
    let rated: Vec<&Line> = lines.iter().flatten().filter(|l| l.difficulty.is_some()).collect();
    let difficulty: Vec<f64> = rated.iter().filter_map(|l| l.difficulty).collect();
    let order: Vec<f64> = rated.iter().map(|l| l.level as f64).collect();
    // Against the effort, only the levels whose effort is known.
    let (with_effort, effort): (Vec<f64>, Vec<f64>) =
        rated.iter().filter_map(|l| Some((l.difficulty?, l.effort? as f64))).unzip();
    let summary = Summary {
        levels: lines.iter().flatten().count(),
        rated: rated.len(),
        spearman_with_order: spearman(&difficulty, &order),
        spearman_with_effort: spearman(&with_effort, &effort),
        interrupted: interrupt::signal().is_some(),
    };
    if args.json {
        let json = serde_json::json!({ "summary": summary });
        println!("{json}");
    } else {
        if summary.interrupted {
            println!("interrupted: the levels finished before the signal");
        }
        let r = |x: Option<f64>| x.map_or("-".into(), |x| format!("{x:.2}"));
        println!(
            "{} of {} levels rated; rank correlation of difficulty with level order {}, with \
             the reference search's effort {}",
            summary.rated,
            summary.levels,
            r(summary.spearman_with_order),
            r(summary.spearman_with_effort)
        );
    }
    Ok(interrupt::exit_code().unwrap_or(ExitCode::SUCCESS))
}

fn line(level: usize, title: &str, rating: Result<Option<Rating>, Unrated>, secs: f64) -> Line {
    let mut l = Line {
        level,
        title: title.to_string(),
        status: "invalid",
        difficulty: None,
        effort: None,
        reference_solved: false,
        pushes: None,
        moves: None,
        box_lines: None,
        box_changes: None,
        interleaved: None,
        proved: false,
        changes_proved: false,
        hard_decisions: None,
        secs,
        message: String::new(),
    };
    match rating {
        Err(why @ Unrated::TimeLimit(_)) => {
            l.status = "not-rated";
            l.message = format!("{why}; give more with --time-limit");
        }
        Err(why) => l.message = why.to_string(),
        Ok(None) => l.message = "cancelled".into(),
        Ok(Some(r)) => {
            l.status = if r.unsolvable { "unsolvable" } else { "rated" };
            l.difficulty = r.difficulty();
            l.effort = r.effort;
            l.reference_solved = r.solved;
            l.pushes = r.best.map(|b| b.pushes);
            l.moves = r.best.map(|b| b.moves);
            l.box_lines = r.best.map(|b| b.box_lines);
            l.box_changes = r.best.map(|b| b.box_changes);
            l.interleaved = r.interleaved;
            l.proved = r.proved;
            l.changes_proved = r.fewest_changes;
            l.hard_decisions = r.hard_decisions;
            if r.best.is_none() && !r.unsolvable {
                l.message = "no solution known within the node limits".into();
            }
        }
    }
    l
}

fn print_line(l: &Line, json: bool) {
    if json {
        println!("{}", serde_json::to_string(l).expect("lines serialise"));
        return;
    }
    let opt = |x: Option<usize>| x.map_or("-".to_string(), |x| x.to_string());
    let difficulty = l.difficulty.map_or("-".to_string(), |d| format!("{d:.1}"));
    let proved = if l.proved { "*" } else { "" };
    let solved = if l.reference_solved { "" } else { "+" };
    println!(
        "{:>4}  {:<24} {:>4}  effort {:>7}{solved:<1}  pushes {:>4}{proved:<1}  box lines {:>4}  \
         changes {:>4}  interleaved {:>2}  hard {:>3}  {:.1} s{}",
        l.level,
        l.title.chars().take(24).collect::<String>(),
        difficulty,
        l.effort.map_or("-".to_string(), |e| e.to_string()),
        opt(l.pushes),
        opt(l.box_lines),
        opt(l.box_changes),
        opt(l.interleaved),
        l.hard_decisions.map_or("-".to_string(), |h| h.to_string()),
        l.secs,
        if l.message.is_empty() { String::new() } else { format!("  ({})", l.message) }
    );
}
