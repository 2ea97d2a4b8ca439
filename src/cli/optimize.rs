//! `sokolab optimize FILE --level N [--solution LURD] --metric moves|pushes [--json]`:
//! shortens a solution by a search of the positions near it.

use crate::cli::error::{CliError, level_of};
use crate::cli::interrupt;
use crate::cli::progress::Bar;
use crate::cli::search_args::MetricArg;
use crate::cli::time_limit::{TimeLimit, parse_time_limit};
use crate::level::format::{Format, load_file, save_file};
use crate::level::metrics::Metrics;
use crate::level::moves::parse_lurd;
use crate::level::{Level, Move};
use crate::solver::optimize::{Metric, Optimized, Round, optimize};
use crate::solver::{Config, Limits, Outcome, StopReason, solve};
use serde::Serialize;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// Options of `sokolab optimize`.
#[derive(clap::Args, Debug)]
pub struct OptimizeArgs {
    /// The level file (XSB, SOK or RLE).
    pub file: PathBuf,
    /// Level number in the file, from 1.
    #[arg(long, default_value_t = 1)]
    pub level: usize,
    /// The solution to shorten (default: the level's saved solution that is best by the
    /// metric, else the one `auto` finds).
    #[arg(long)]
    pub solution: Option<String>,
    /// What to shorten first; the other count breaks ties.
    #[arg(long, value_enum, default_value_t = MetricArg::Moves)]
    pub metric: MetricArg,
    /// Seconds in all, the solve for a solution included (0 = no limit).
    #[arg(
        long,
        value_name = "S",
        default_value = "60",
        value_parser = parse_time_limit,
        allow_hyphen_values = true
    )]
    pub time_limit: TimeLimit,
    /// Positions expanded by the optimiser, in all.
    #[arg(long, value_name = "N")]
    pub node_limit: Option<u64>,
    /// Memory per search in MiB.
    #[arg(long, value_name = "MIB", default_value_t = Limits::DEFAULT_MEMORY_MIB)]
    pub memory_limit: usize,
    /// Add the shorter solution to the level's solutions in FILE (kept as XSB, SOK or RLE
    /// by its name; the old solutions stay).
    #[arg(long)]
    pub save: bool,
    /// One JSON object.
    #[arg(long)]
    pub json: bool,
}

/// What `optimize --json` prints.
#[derive(Serialize, Debug)]
struct Report {
    level: usize,
    title: String,
    metric: &'static str,
    /// given, saved or solver.
    source: &'static str,
    /// improved, no-better (every vicinity searched), or the limit that stopped it.
    status: String,
    improved: bool,
    /// Whether the solution is proved the shortest by the metric, then the other count
    /// (the search of the whole level ended).
    proved: bool,
    moves_before: usize,
    pushes_before: usize,
    moves: usize,
    pushes: usize,
    box_lines: usize,
    box_changes: usize,
    pushing_sessions: usize,
    improvements: u32,
    expanded: u64,
    secs: f64,
    solution: String,
}

/// Runs `optimize`: exit status 0 with a solution no worse than the one given (1 when
/// there was none to start from; 128 + the signal's number, 130 after Ctrl-C, with the best
/// found before it); an error on a bad file, level number, solution or save.
pub fn run(args: &OptimizeArgs) -> Result<ExitCode, CliError> {
    let mut collection = load_file(&args.file)?;
    let level = level_of(&collection, &args.file, args.level)?.clone();
    // Known before the search, so that a save that cannot be done costs no time.
    let format = if args.save {
        let format = Format::from_extension(&args.file);
        Some(format.ok_or_else(|| CliError::UnknownFormat(args.file.clone()))?)
    } else {
        None
    };
    let metric = Metric::from(args.metric);
    let TimeLimit(time) = args.time_limit;
    let memory_bytes = Some(args.memory_limit.saturating_mul(1 << 20));
    let started = std::time::Instant::now();
    let (source, solution) = match start_from(args, &level, metric, time, memory_bytes)? {
        Ok(start) => start,
        Err(why) => {
            println!("level {}: no solution to start from: {why}", args.level);
            return Ok(interrupt::exit_code().unwrap_or(ExitCode::from(1)));
        }
    };
    let left = time.map(|t| t.saturating_sub(started.elapsed()).max(Duration::from_millis(1)));
    let limits = Limits { time: left, nodes: args.node_limit, memory_bytes };
    let bar = Bar::new(None, "optimising", args.json);
    let mut progress = |r: &Round| {
        bar.message(format!(
            "best {} moves, {} pushes; searching: {}; {} expanded",
            r.best.moves,
            r.best.pushes,
            r.searching(),
            r.expanded
        ));
    };
    let out = optimize(&level, &solution, metric, &limits, interrupt::catch(), &mut progress);
    bar.finish();
    let out = out.map_err(|error| CliError::Optimize { level: args.level, error })?;
    let report = report(args, &level, metric, source, &out);
    if let Some(format) = format
        && report.improved
    {
        collection.levels[args.level - 1].meta.solutions.push(report.solution.clone());
        save_file(&args.file, &collection, format)?;
    }
    if args.json {
        println!("{}", serde_json::to_string(&report).expect("reports serialise"));
    } else {
        print_table(&report, metric, args.save);
    }
    Ok(interrupt::exit_code().unwrap_or(ExitCode::SUCCESS))
}

/// The solution to start from and where it came from: `--solution`, the best saved one,
/// or `auto`'s; else why there is none.
fn start_from(
    args: &OptimizeArgs,
    level: &Level,
    metric: Metric,
    time: Option<Duration>,
    memory_bytes: Option<usize>,
) -> Result<Result<(&'static str, Vec<Move>), String>, CliError> {
    if let Some(text) = &args.solution {
        return Ok(Ok(("given", parse_lurd(text).map_err(CliError::BadSolution)?)));
    }
    let saved = level.meta.solutions.iter().filter_map(|s| parse_lurd(s).ok());
    let saved = Metrics::best_of(level, saved, |k| metric.key(k));
    if let Some((moves, _)) = saved {
        return Ok(Ok(("saved", moves)));
    }
    let limits = Limits { time, nodes: None, memory_bytes };
    let outcome = solve(level, &Config::default(), &limits, interrupt::catch());
    Ok(match outcome {
        Outcome::Solved(s, _) => Ok(("solver", s.moves)),
        Outcome::Unsolvable(_) => Err("`auto` proved the level unsolvable".into()),
        Outcome::Stopped(StopReason::Time, _) => Err(format!(
            "`auto` found none within the time limit ({} s); give more with --time-limit or \
             give one with --solution",
            time.unwrap_or_default().as_secs_f64()
        )),
        Outcome::Stopped(StopReason::Memory, _) => Err(format!(
            "`auto` found none within the memory limit ({} MiB); raise --memory-limit or give \
             one with --solution",
            args.memory_limit
        )),
        Outcome::Stopped(reason, _) => Err(format!("`auto` stopped ({})", reason.status())),
        Outcome::Invalid(_) | Outcome::Failed(_) => Err(outcome.message().unwrap_or_default()),
    })
}

fn report(
    args: &OptimizeArgs,
    level: &Level,
    metric: Metric,
    source: &'static str,
    out: &Optimized,
) -> Report {
    let improved = metric.key(&out.after) < metric.key(&out.before);
    let status = match out.stopped {
        Some(reason) => reason.status().to_string(),
        None if improved => "improved".into(),
        None => "no-better".into(),
    };
    Report {
        level: args.level,
        title: level.meta.title.clone(),
        metric: metric.name(),
        source,
        status,
        improved,
        proved: out.proved,
        moves_before: out.before.moves,
        pushes_before: out.before.pushes,
        moves: out.after.moves,
        pushes: out.after.pushes,
        box_lines: out.after.box_lines,
        box_changes: out.after.box_changes,
        pushing_sessions: out.after.pushing_sessions,
        improvements: out.improvements,
        expanded: out.expanded,
        secs: out.elapsed.as_secs_f64(),
        solution: out.moves.iter().map(|m| m.lurd()).collect(),
    }
}

fn print_table(r: &Report, metric: Metric, save: bool) {
    let name = if r.title.is_empty() { String::new() } else { format!(" ({})", r.title) };
    println!("level {}{name}: {} by {} ({} solution)", r.level, r.status, r.metric, r.source);
    let proved = if r.proved { format!(" ({}, proved)", metric.optimal()) } else { String::new() };
    println!(
        "  before {} moves, {} pushes; after {} moves, {} pushes{proved}",
        r.moves_before, r.pushes_before, r.moves, r.pushes
    );
    println!(
        "  {} box lines, {} box changes, {} pushing sessions; {} improvements, {} expanded, {:.2} s",
        r.box_lines, r.box_changes, r.pushing_sessions, r.improvements, r.expanded, r.secs
    );
    if r.improved {
        println!("  {}", r.solution);
        if save {
            println!("  saved beside the level's other solutions");
        }
    }
}
