//! `sokolab deadlocks FILE [--level N | --levels A-B | --all] [--pushes K | --sample N]`:
//! is a position really dead? The oracle's verdict on each level's position beside every
//! detector's, or, with `--pushes` or `--sample`, a level's coverage: how many of its dead
//! positions each detector catches, whether any calls a live one dead, and the dead
//! positions no rule catches, grouped by their smallest dead set.

use crate::cli::bench::parse_range;
use crate::cli::error::CliError;
use crate::cli::progress::Bar;
use crate::cli::time_limit::{TimeLimit, parse_time_limit};
use crate::cli::{interrupt, parallel};
use crate::level::format::{Format, load_file, save_file};
use crate::solver::inspect::export::square;
use crate::solver::oracle::{self, Coverage, Decision, Spread, Verdict};
use crate::solver::{Limits, Unsearchable};
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Options of `sokolab deadlocks`.
#[derive(clap::Args, Debug)]
pub struct DeadlocksArgs {
    /// The level file (XSB, SOK or RLE); each level's board is the position judged.
    pub file: PathBuf,
    /// The level (from 1).
    #[arg(long, value_name = "N", conflicts_with_all = ["levels", "all"])]
    pub level: Option<usize>,
    /// Level range `A-B` (from 1, inclusive).
    #[arg(long, value_name = "A-B", conflicts_with = "all")]
    pub levels: Option<String>,
    /// Every level of the file (the default when no level is named), with a table of each
    /// detector over them all.
    #[arg(long)]
    pub all: bool,
    /// Only levels with at most this many boxes.
    #[arg(long, value_name = "B")]
    pub max_boxes: Option<usize>,
    /// Coverage: every position within K pushes of the start (0 and up; use a large K for
    /// every position reachable).
    #[arg(long, value_name = "K", conflicts_with = "sample")]
    pub pushes: Option<u32>,
    /// Coverage: N distinct positions met by random push walks from the start.
    #[arg(long, value_name = "N")]
    pub sample: Option<usize>,
    /// The walks' seed (the same seed, the same sample).
    #[arg(long, default_value_t = 1, value_name = "S")]
    pub seed: u64,
    /// Positions one search of the oracle may store: a position it cannot decide within
    /// them is "unknown".
    #[arg(long, default_value_t = oracle::BUDGET, value_name = "N")]
    pub budget: u64,
    /// Seconds per level (0 = no limit); a coverage run stopped by it reports the
    /// positions it classified.
    #[arg(
        long,
        value_name = "S",
        default_value_t = TimeLimit(Some(Duration::from_secs(60))),
        value_parser = parse_time_limit,
        allow_hyphen_values = true
    )]
    pub time_limit: TimeLimit,
    /// Levels judged in parallel.
    #[arg(long, default_value_t = 1, value_name = "J")]
    pub jobs: usize,
    /// Where live positions that a detector called dead are saved, one XSB file each
    /// (default: the system's temporary folder).
    #[arg(long, value_name = "DIR")]
    pub false_claims: Option<PathBuf>,
    /// One JSON object per level, then a summary object.
    #[arg(long)]
    pub json: bool,
}

/// A detector's verdict on one position, in JSON.
#[derive(Serialize, Debug)]
struct Claim {
    detector: &'static str,
    /// The rule by which it calls the position dead; null: no claim.
    dead_by: Option<&'static str>,
}

/// A detector's tally over positions, in JSON.
#[derive(Serialize, Debug, Clone)]
struct Row {
    detector: &'static str,
    /// Positions it called dead.
    claims: usize,
    /// Of those, positions the oracle proved dead.
    caught: usize,
    /// caught / dead positions (null without dead positions).
    recall: Option<f64>,
    /// Positions the oracle solved that it called dead: soundness bugs.
    false_claims: usize,
}

/// Dead positions no rule caught, in JSON.
#[derive(Serialize, Debug)]
struct Missed {
    /// Boxes of the smallest dead set, as `[row, column]` from 1.
    dead_set: Vec<[usize; 2]>,
    count: usize,
}

/// One line of `deadlocks --json`.
#[derive(Serialize, Debug, Default)]
struct Line {
    level: usize,
    title: String,
    boxes: usize,
    /// `position` (the oracle on the level's board) or `coverage`.
    mode: &'static str,
    /// position: alive, dead, unknown, failed or invalid.
    #[serde(skip_serializing_if = "Option::is_none")]
    decision: Option<&'static str>,
    /// position, alive: the oracle's replayed solution (LURD).
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
    /// position, dead: the boxes of a smallest dead set.
    #[serde(skip_serializing_if = "Option::is_none")]
    dead_set: Option<Vec<[usize; 2]>>,
    /// position: each detector's verdict, the pipeline last.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    claims: Vec<Claim>,
    /// position: dead, and no rule says so.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    missed: bool,
    /// coverage: positions classified, and the oracle's verdicts.
    #[serde(skip_serializing_if = "Option::is_none")]
    positions: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    alive: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    dead: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    unknown: Option<usize>,
    /// coverage: whether every position asked for was classified.
    #[serde(skip_serializing_if = "Option::is_none")]
    complete: Option<bool>,
    /// coverage: one row per detector, the pipeline last.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    rows: Vec<Row>,
    /// coverage: dead positions no rule caught, by dead set, most frequent first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    missed_sets: Vec<Missed>,
    /// coverage: seconds the oracle took per position (median, 99th percentile, most) and
    /// the most a missed position's dead set took.
    #[serde(skip_serializing_if = "Option::is_none")]
    decide_secs: Option<[f64; 3]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    dead_set_secs: Option<f64>,
    /// Live positions a detector called dead, saved as XSB files.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    false_claim_files: Vec<String>,
    /// Positions the oracle searched.
    searched: u64,
    /// Whether the time limit, memory limit or Ctrl-C stopped the work.
    stopped: bool,
    secs: f64,
    #[serde(skip_serializing_if = "String::is_empty")]
    message: String,
    /// Live positions a detector called dead (not printed: the summary counts them).
    #[serde(skip)]
    false_claims: usize,
}

/// `deadlocks --json`'s last line.
#[derive(Serialize, Debug)]
struct Summary {
    levels: usize,
    positions: usize,
    dead: usize,
    alive: usize,
    unknown: usize,
    /// Each detector over every level.
    rows: Vec<Row>,
    /// Live positions called dead, over every level (must be 0).
    false_claims: usize,
    /// The most seconds the oracle took on one position, and on one dead set.
    slowest_decision: f64,
    slowest_dead_set: f64,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    interrupted: bool,
}

/// Runs `deadlocks`: exit status 0, or 1 when a detector called a live position dead (a
/// soundness bug, its position saved); 128 + the signal's number after Ctrl-C.
pub fn run(args: &DeadlocksArgs) -> Result<ExitCode, CliError> {
    let collection = load_file(&args.file)?;
    let count = collection.levels.len();
    let (first, last) = match (args.level, args.levels.as_deref()) {
        (Some(n), _) if n == 0 || n > count => {
            return Err(CliError::NoSuchLevel { file: args.file.clone(), number: n, count });
        }
        (Some(n), _) => (n, n),
        (None, Some(text)) => parse_range(text, count)?,
        (None, None) => (1, count),
    };
    let spread = match (args.pushes, args.sample) {
        (Some(k), _) => Some(Spread::Pushes(k)),
        (None, Some(n)) => Some(Spread::Sample { count: n, seed: args.seed }),
        (None, None) => None,
    };
    let chosen: Vec<usize> = (first..=last)
        .filter(|&n| args.max_boxes.is_none_or(|b| collection.levels[n - 1].boxes().len() <= b))
        .collect();
    let dir = args.false_claims.clone().unwrap_or_else(std::env::temp_dir);
    let limits = Limits {
        time: args.time_limit.0,
        nodes: None,
        memory_bytes: Some(Limits::DEFAULT_MEMORY_MIB << 20),
    };
    let cancel = interrupt::catch();
    let bar = Bar::new(Some(chosen.len() as u64), "levels", args.json);
    let saved = Mutex::new(Vec::new());
    let job = |&n: &usize| {
        let level = &collection.levels[n - 1];
        let mut line = Line {
            level: n,
            title: level.meta.title.clone(),
            boxes: level.boxes().len(),
            mode: if spread.is_some() { "coverage" } else { "position" },
            ..Line::default()
        };
        let clock = Instant::now();
        match spread {
            None => position(&mut line, oracle::decide(level, args.budget, &limits, cancel)),
            Some(spread) => {
                let result =
                    oracle::coverage(level, spread, args.budget, &limits, cancel, &mut |_, _| {});
                coverage(&mut line, result, &args.file, &dir, &saved);
                line.secs = clock.elapsed().as_secs_f64();
            }
        }
        // A level whose work a cancel cut short is left out.
        Some(line)
    };
    let lines =
        parallel::in_order(&chosen, args.jobs, cancel, &bar, job, |l| print_line(l, args.json));
    let done: Vec<&Line> = lines.iter().flatten().collect();
    let summary = summarise(&done);
    if args.json {
        println!("{}", serde_json::json!({ "summary": summary }));
    } else if done.len() > 1 {
        print_summary(&summary);
    }
    if let Some(code) = interrupt::exit_code() {
        return Ok(code);
    }
    Ok(if summary.false_claims > 0 { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

fn position(line: &mut Line, verdict: Result<Verdict, Unsearchable>) {
    let v = match verdict {
        Ok(v) => v,
        Err(why) => {
            line.decision = Some("invalid");
            line.message = why.to_string();
            return;
        }
    };
    line.searched = v.searched;
    line.stopped = v.stopped;
    line.secs = v.secs;
    line.missed = v.missed();
    line.false_claims = v.false_claims().len();
    line.claims = v.claims.iter().map(|&(detector, dead_by)| Claim { detector, dead_by }).collect();
    line.decision = Some(match &v.decision {
        Decision::Alive { moves } => {
            line.solution = Some(moves.iter().map(|m| m.lurd()).collect());
            "alive"
        }
        Decision::Dead { dead_set } => {
            line.dead_set = Some(dead_set.iter().map(|&p| square(p)).collect());
            "dead"
        }
        Decision::Unknown => "unknown",
        Decision::Failed(why) => {
            line.message.clone_from(why);
            "failed"
        }
    });
    if line.false_claims > 0 {
        line.message = format!(
            "UNSOUND: {} called a position the oracle solved dead; please report it",
            v.false_claims().join(", ")
        );
    }
}

fn coverage(
    line: &mut Line,
    result: Result<Coverage, Unsearchable>,
    file: &Path,
    dir: &Path,
    saved: &Mutex<Vec<PathBuf>>,
) {
    let c = match result {
        Ok(c) => c,
        Err(why) => {
            line.message = why.to_string();
            return;
        }
    };
    line.positions = Some(c.positions);
    line.alive = Some(c.alive);
    line.dead = Some(c.dead);
    line.unknown = Some(c.unknown);
    line.complete = Some(c.complete);
    line.decide_secs = Some(c.decide_secs);
    line.dead_set_secs = Some(c.dead_set_secs);
    line.searched = c.searched;
    line.stopped = c.stopped;
    line.rows = c
        .rows
        .iter()
        .map(|r| Row {
            detector: r.detector,
            claims: r.claims,
            caught: r.caught,
            recall: r.recall(c.dead),
            false_claims: r.false_claims,
        })
        .collect();
    line.missed_sets = c
        .missed
        .iter()
        .map(|m| Missed {
            dead_set: m.dead_set.iter().map(|&p| square(p)).collect(),
            count: m.count,
        })
        .collect();
    line.false_claims = c.rows.iter().map(|r| r.false_claims).sum();
    let stem = file.file_stem().map_or("level".into(), |s| s.to_string_lossy().into_owned());
    for claim in &c.false_claims {
        let mut saved = saved.lock().unwrap_or_else(|e| e.into_inner());
        let path = dir.join(format!("{stem}-{}-false-claim-{}.xsb", line.level, saved.len() + 1));
        let file = oracle::false_claim(&claim.position, claim.detector);
        match save_file(&path, &file, Format::Xsb) {
            Ok(()) => line.false_claim_files.push(path.display().to_string()),
            Err(e) => line.message = e.to_string(),
        }
        saved.push(path);
    }
    if line.false_claims > 0 && line.message.is_empty() {
        line.message =
            "UNSOUND: a detector called a position the oracle solved dead; please report it".into();
    }
}

fn summarise(lines: &[&Line]) -> Summary {
    let mut s = Summary {
        levels: lines.len(),
        positions: 0,
        dead: 0,
        alive: 0,
        unknown: 0,
        rows: Vec::new(),
        false_claims: lines.iter().map(|l| l.false_claims).sum(),
        slowest_decision: 0.0,
        slowest_dead_set: 0.0,
        interrupted: interrupt::signal().is_some(),
    };
    for l in lines {
        let decision =
            l.decide_secs.map_or(if l.mode == "position" { l.secs } else { 0.0 }, |t| t[2]);
        s.slowest_decision = s.slowest_decision.max(decision);
        s.slowest_dead_set = s.slowest_dead_set.max(l.dead_set_secs.unwrap_or(0.0));
        // A position judged alone counts as a coverage of one position.
        let (rows, counts) = match l.decision {
            Some(decision) if l.mode == "position" && !l.claims.is_empty() => {
                let dead = decision == "dead";
                let alive = decision == "alive";
                let rows = l
                    .claims
                    .iter()
                    .map(|c| Row {
                        detector: c.detector,
                        claims: usize::from(c.dead_by.is_some()),
                        caught: usize::from(c.dead_by.is_some() && dead),
                        recall: None,
                        false_claims: usize::from(c.dead_by.is_some() && alive),
                    })
                    .collect();
                (rows, [1, usize::from(dead), usize::from(alive), usize::from(!dead && !alive)])
            }
            _ => {
                let n = |x: Option<usize>| x.unwrap_or(0);
                (l.rows.clone(), [n(l.positions), n(l.dead), n(l.alive), n(l.unknown)])
            }
        };
        s.positions += counts[0];
        s.dead += counts[1];
        s.alive += counts[2];
        s.unknown += counts[3];
        for r in rows {
            match s.rows.iter_mut().find(|t| t.detector == r.detector) {
                Some(t) => {
                    t.claims += r.claims;
                    t.caught += r.caught;
                    t.false_claims += r.false_claims;
                }
                None => s.rows.push(r),
            }
        }
    }
    let dead = s.dead;
    s.rows.iter_mut().for_each(|r| r.recall = (dead > 0).then(|| r.caught as f64 / dead as f64));
    s
}

fn percent(x: Option<f64>) -> String {
    x.map_or("-".into(), |x| format!("{:.1}%", 100.0 * x))
}

fn print_rows(rows: &[Row]) {
    println!("  {:<16} {:>9} {:>9} {:>7} {:>6}", "detector", "claims", "caught", "recall", "false");
    for r in rows {
        let false_claims =
            if r.false_claims > 0 { format!("{} !", r.false_claims) } else { "0".into() };
        println!(
            "  {:<16} {:>9} {:>9} {:>7} {:>6}",
            r.detector,
            r.claims,
            r.caught,
            percent(r.recall),
            false_claims
        );
    }
}

fn print_line(l: &Line, json: bool) {
    if json {
        println!("{}", serde_json::to_string(l).expect("lines serialise"));
        return;
    }
    let title: String = l.title.chars().take(24).collect();
    let head = format!("{:>4}  {title:<24} {} boxes", l.level, l.boxes);
    let list = |set: &[[usize; 2]]| {
        set.iter().map(|[r, c]| format!("{r}:{c}")).collect::<Vec<_>>().join(" ")
    };
    match l.mode {
        "position" => {
            let decision = l.decision.unwrap_or("invalid");
            let what = match decision {
                "alive" => {
                    format!("alive: solved in {} moves", l.solution.as_ref().map_or(0, String::len))
                }
                "dead" => format!(
                    "dead: smallest dead set {}",
                    list(l.dead_set.as_deref().unwrap_or_default())
                ),
                "unknown" => "unknown within the budget (give more with --budget)".into(),
                other => other.to_string(),
            };
            println!("{head}  {what}  ({} positions searched, {:.2} s)", l.searched, l.secs);
            for c in &l.claims {
                let verdict = match c.dead_by {
                    None => "no claim".to_string(),
                    Some(rule) if rule == c.detector => "dead".to_string(),
                    Some(rule) => format!("dead ({rule})"),
                };
                println!("      {:<16} {verdict}", c.detector);
            }
            if l.missed {
                println!("      missed by every rule");
            }
            if let Some(s) = &l.solution {
                println!("      solution {s}");
            }
        }
        _ if l.positions.is_none() => {}
        _ => {
            let n = |x: Option<usize>| x.unwrap_or(0);
            let t = l.decide_secs.unwrap_or_default();
            println!(
                "{head}  {} positions{}: {} alive, {} dead, {} unknown  ({} searched; {:.2} s; \
                 per position median {:.0} µs, most {:.3} s)",
                n(l.positions),
                if l.complete == Some(true) { "" } else { " (incomplete)" },
                n(l.alive),
                n(l.dead),
                n(l.unknown),
                l.searched,
                l.secs,
                t[0] * 1e6,
                t[2]
            );
            print_rows(&l.rows);
            let missed: usize = l.missed_sets.iter().map(|m| m.count).sum();
            if missed > 0 {
                println!(
                    "  missed by every rule: {missed} positions, {} dead sets; most frequent:",
                    l.missed_sets.len()
                );
                for m in l.missed_sets.iter().take(5) {
                    println!("    {:>7}  {}", m.count, list(&m.dead_set));
                }
            }
        }
    }
    if !l.message.is_empty() {
        println!("      {}", l.message);
    }
    for f in &l.false_claim_files {
        println!("      saved {f}");
    }
}

fn print_summary(s: &Summary) {
    if s.interrupted {
        println!("interrupted: the levels finished before the signal");
    }
    println!(
        "{} levels, {} positions: {} alive, {} dead, {} unknown",
        s.levels, s.positions, s.alive, s.dead, s.unknown
    );
    print_rows(&s.rows);
    println!(
        "slowest: {:.3} s to decide a position, {:.3} s to find a missed position's dead set",
        s.slowest_decision, s.slowest_dead_set
    );
    if s.false_claims > 0 {
        println!("{} live positions called dead: soundness bugs, saved above", s.false_claims);
    }
}
