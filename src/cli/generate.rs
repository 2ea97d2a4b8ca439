//! `sokolab generate --size WxH --boxes N --count K --seed S [--min-pushes N]
//! [--min-difficulty D] [--time-limit S]`: new levels,
//! each with its push-optimal solution and rating, as XSB on standard output, each written
//! whole as soon as it is made; what it took on standard error. A time limit, SIGINT or
//! SIGTERM ends the run after the levels made so far.

use crate::cli::error::CliError;
use crate::cli::interrupt;
use crate::cli::progress::Bar;
use crate::cli::time_limit::{TimeLimit, parse_time_limit};
use crate::level::Collection;
use crate::level::format::{Format, write_collection};
use crate::solver::generate::{Generated, Spec, Tally, difficulty_spread, generate};
use std::io::Write as _;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Options of `sokolab generate`.
#[derive(clap::Args, Debug)]
pub struct GenerateArgs {
    /// Board size, walls included, e.g. 8x8.
    #[arg(long, value_name = "WxH", value_parser = parse_size)]
    pub size: (usize, usize),
    /// Boxes (and goals) per level.
    #[arg(long, value_name = "N")]
    pub boxes: usize,
    /// Levels to make.
    #[arg(long, value_name = "K", default_value_t = 1)]
    pub count: usize,
    /// Keep only levels whose solution needs at least N pushes (0: any).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub min_pushes: usize,
    /// Keep only levels rated at least D, from 0 to 10 (0: any).
    #[arg(long, value_name = "D", default_value_t = 0.0, value_parser = parse_difficulty)]
    pub min_difficulty: f64,
    /// The seed: the same seed gives the same levels.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Seconds in all (0 = no limit): the run ends with the levels made by then.
    #[arg(
        long,
        value_name = "S",
        default_value = "0",
        value_parser = parse_time_limit,
        allow_hyphen_values = true
    )]
    pub time_limit: TimeLimit,
}

/// A difficulty from 0 to 10.
fn parse_difficulty(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(d) if (0.0..=10.0).contains(&d) => Ok(d),
        _ => Err(format!("`{text}`: expected a difficulty from 0 to 10, such as 4.5")),
    }
}

/// `WxH`, both from 1.
fn parse_size(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("`{text}`: expected WIDTHxHEIGHT, such as 8x8");
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    Ok((w.trim().parse().map_err(|_| bad())?, h.trim().parse().map_err(|_| bad())?))
}

/// Runs `generate`: exit status 0 when every level asked for was made, 1 when fewer were
/// (they are printed), 128 + the signal's number after SIGINT or SIGTERM; an error for a
/// size or box count that cannot give levels.
pub fn run(args: &GenerateArgs) -> Result<ExitCode, CliError> {
    let spec = Spec {
        min_pushes: args.min_pushes,
        min_difficulty: args.min_difficulty,
        ..Spec::new(args.size.0, args.size.1, args.boxes)
    };
    let start = Instant::now();
    let signalled = interrupt::catch();
    let (cancel, finished) = (AtomicBool::new(false), AtomicBool::new(false));
    let bar = Bar::new(Some(args.count as u64), "levels", false);
    let mut out = std::io::stdout().lock();
    let (mut written, mut closed) = (0, false);
    let made = std::thread::scope(|scope| {
        scope.spawn(|| watch(args.time_limit.0, start, signalled, &cancel, &finished));
        let mut write = |tally: Tally, level: Option<&Generated>| {
            bar.message(format!("draws tried: {}", tally.draws));
            let Some(g) = level else { return };
            bar.inc(1);
            let one = Collection { levels: vec![g.level.clone()], ..Collection::default() };
            let gap = if written == 0 { "" } else { "\n" };
            let text = format!("{gap}{}", write_collection(&one, Format::Xsb));
            written += 1;
            // A reader that has gone (a closed pipe) ends the run.
            let wrote = bar.suspend(|| out.write_all(text.as_bytes()).and_then(|()| out.flush()));
            if wrote.is_err() {
                closed = true;
                cancel.store(true, Ordering::Relaxed);
            }
        };
        let made = generate(spec, args.seed, args.count, &cancel, &mut write);
        finished.store(true, Ordering::Relaxed);
        made
    })
    .map_err(|e| CliError::Generate(e.to_string()))?;
    bar.finish();
    let secs = start.elapsed().as_secs_f64();
    let spread = match difficulty_spread(&made) {
        Some((lo, median, hi)) => format!("; difficulty {lo:.1} to {hi:.1}, median {median:.1}"),
        None => String::new(),
    };
    let pushes: usize = made.iter().map(|g| g.pushes).sum();
    let stopped = match (interrupt::signal(), args.time_limit.0) {
        _ if made.len() == args.count => String::new(),
        (None, _) if closed => "; stopped: standard output was closed".into(),
        (None, Some(t)) if start.elapsed() >= t => format!(
            "; stopped at the time limit ({} s): give more with --time-limit, or fewer boxes \
             or a larger board{}",
            t.as_secs_f64(),
            if spec.has_minimum() { ", or a lower --min-pushes or --min-difficulty" } else { "" }
        ),
        (None, _) if spec.has_minimum() => "; gave up: few draws reach the minimum asked for: \
             lower --min-pushes or --min-difficulty, or give a larger board"
            .into(),
        (None, _) => "; gave up: few draws give levels of this size and box count".into(),
        (Some(s), _) => format!("; stopped by signal {s}"),
    };
    eprintln!(
        "made {} of {} levels ({}x{}, {} boxes) in {secs:.1} s: {:.1} a minute; {:.1} pushes \
         on average{spread}{stopped}",
        made.len(),
        args.count,
        spec.width,
        spec.height,
        spec.boxes,
        made.len() as f64 * 60.0 / secs.max(1e-9),
        pushes as f64 / made.len().max(1) as f64
    );
    Ok(match interrupt::exit_code() {
        Some(code) => code,
        None if made.len() == args.count => ExitCode::SUCCESS,
        None => ExitCode::from(1),
    })
}

/// Sets `cancel` when `limit` has passed since `start` or `signalled` is raised, until
/// `finished`.
fn watch(
    limit: Option<Duration>,
    start: Instant,
    signalled: &AtomicBool,
    cancel: &AtomicBool,
    finished: &AtomicBool,
) {
    while !finished.load(Ordering::Relaxed) {
        if signalled.load(Ordering::Relaxed) || limit.is_some_and(|t| start.elapsed() >= t) {
            cancel.store(true, Ordering::Relaxed);
            return;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}
