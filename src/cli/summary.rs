//! The summary of a run of levels: `bench` prints it after its levels, and `sokolab report
//! FILES…` prints it for the JSON lines of several runs (the shards of one run, say), with
//! the levels in order, as one run would have.

use crate::cli::error::CliError;
use crate::cli::report::LevelReport;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Options of `sokolab report`.
#[derive(clap::Args, Clone, Debug)]
pub struct ReportArgs {
    /// Files of JSON lines written by `sokolab bench --json` (`-` reads standard input).
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// The merged levels as JSON lines, then one summary object.
    #[arg(long)]
    pub json: bool,
}

/// Share `k` of `n` of a file's levels: those whose number leaves `k - 1` when divided
/// by `n` after subtracting one, so shards stay the same whatever else is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which share, from 1.
    pub k: usize,
    /// How many shares.
    pub n: usize,
}

impl Shard {
    /// Whether level `number` (from 1) is in this share.
    pub fn holds(self, number: usize) -> bool {
        (number - 1) % self.n == self.k - 1
    }
}

impl std::str::FromStr for Shard {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let bad = || format!("`{text}`: expected K/N with 1 <= K <= N, such as 2/8");
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let (k, n) = (k.trim().parse().map_err(|_| bad())?, n.trim().parse().map_err(|_| bad())?);
        if k == 0 || k > n {
            return Err(bad());
        }
        Ok(Shard { k, n })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.k, self.n)
    }
}

impl Serialize for Shard {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Shard {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        String::deserialize(d)?.parse().map_err(serde::de::Error::custom)
    }
}

/// A run's totals: the last JSON line of `bench --json`.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Totals {
    /// Levels reported.
    pub levels: usize,
    /// Levels solved.
    pub solved: usize,
    /// Wall-clock seconds of the run (of the longest, for runs merged).
    pub secs: f64,
    /// The share of the file's levels the run took (`bench --shard`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<Shard>,
    /// Whether the run was interrupted (Ctrl-C) before every level was done.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub interrupted: bool,
}

#[derive(Serialize, Deserialize)]
struct SummaryLine {
    summary: Totals,
}

/// Prints the summary of `results` after a run of `secs` wall seconds: one JSON object, or
/// the readable lines (counts, median rate, rates by box count, slowest, not solved).
pub fn print(results: &[LevelReport], totals: &Totals, json: bool) {
    if json {
        let line = SummaryLine { summary: totals.clone() };
        println!("{}", serde_json::to_string(&line).expect("the summary serialises"));
        return;
    }
    let mut rates: Vec<f64> = results.iter().filter(|r| r.secs > 0.01).map(|r| r.rate()).collect();
    rates.sort_by(f64::total_cmp);
    let median = rates.get(rates.len() / 2).copied();
    // + 0.0: the sum of no levels is -0.0, which would print as "-0.0 s".
    let search_secs = results.iter().map(|r| r.secs).sum::<f64>() + 0.0;
    let optimal = match results.iter().filter(|r| r.move_optimal).count() {
        0 => format!("{} push-optimal", results.iter().filter(|r| r.optimal).count()),
        moves => format!("{moves} move-optimal"),
    };
    let hardest = results.iter().filter(|r| r.solved).max_by(|a, b| a.secs.total_cmp(&b.secs));
    if totals.interrupted {
        println!("interrupted: the levels finished before the signal");
    }
    println!(
        "{} levels, {} solved ({optimal}), {:.1} s wall, {search_secs:.1} s searching",
        results.len(),
        totals.solved,
        totals.secs
    );
    match median {
        Some(m) => println!("median generated/s (levels searched > 10 ms): {m:.0}"),
        None => println!("median generated/s: n/a (no level searched longer than 10 ms)"),
    }
    print_rates_by_boxes(results);
    if let Some(h) = hardest {
        println!(
            "slowest solved: level {} in {:.2} s, peak memory {:.1} MiB",
            h.level,
            h.secs,
            h.peak_memory as f64 / (1 << 20) as f64
        );
    }
    let mut unsolved: Vec<usize> = results.iter().filter(|r| !r.solved).map(|r| r.level).collect();
    unsolved.sort_unstable();
    if !unsolved.is_empty() {
        println!("not solved: {unsolved:?}");
    }
}

/// Generated, queued and expanded nodes per second by box count (the KTH report's table):
/// each group's counts over its time searched, so that short runs weigh little.
fn print_rates_by_boxes(results: &[LevelReport]) {
    let mut by_boxes: BTreeMap<usize, (usize, f64, [u64; 3])> = BTreeMap::new();
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

/// The runs read from the files: every level (in order of number) and each run's totals.
#[derive(Debug, Default)]
pub struct Merged {
    /// The levels, by number.
    pub levels: Vec<LevelReport>,
    /// Each run's summary line.
    pub runs: Vec<Totals>,
}

impl Merged {
    /// The totals of the runs as one: the levels and solved counted again from the levels,
    /// the wall time the longest run's; `None` for the shard of one run.
    pub fn totals(&self) -> Totals {
        Totals {
            levels: self.levels.len(),
            solved: self.levels.iter().filter(|r| r.solved).count(),
            secs: self.runs.iter().map(|t| t.secs).fold(0.0, f64::max),
            shard: None,
            interrupted: self.runs.iter().any(|t| t.interrupted),
        }
    }

    /// What is missing for the runs to be one whole run: shards not given, runs without a
    /// summary line (interrupted before it was written).
    pub fn gaps(&self, files: usize) -> Vec<String> {
        let mut gaps = Vec::new();
        if self.runs.len() < files {
            gaps.push(format!(
                "{} of {files} files end without a summary line (an interrupted run?)",
                files - self.runs.len()
            ));
        }
        let shards: Vec<Shard> = self.runs.iter().filter_map(|t| t.shard).collect();
        if let Some(n) = shards.first().map(|s| s.n) {
            let missing: Vec<String> = (1..=n)
                .filter(|&k| !shards.contains(&Shard { k, n }))
                .map(|k| format!("{k}/{n}"))
                .collect();
            if !missing.is_empty() {
                gaps.push(format!("shard(s) {} not given", missing.join(", ")));
            }
        }
        gaps
    }
}

/// Reads the JSON lines of `text`, from `file`, into `merged`; `seen` says where each level
/// was read, to refuse one given twice.
fn read(
    file: &Path,
    text: &str,
    merged: &mut Merged,
    seen: &mut BTreeMap<usize, String>,
) -> Result<(), CliError> {
    for (i, line) in text.lines().enumerate() {
        let at = format!("{}:{}", file.display(), i + 1);
        if line.trim().is_empty() {
            continue;
        }
        let bad = |e: serde_json::Error| {
            CliError::Report(format!(
                "{at}:{}: not a line of `sokolab bench --json` ({e}); give the files that \
                 `bench --json` wrote",
                e.column()
            ))
        };
        if line.trim_start().starts_with("{\"summary\"") {
            let summary: SummaryLine = serde_json::from_str(line).map_err(bad)?;
            merged.runs.push(summary.summary);
            continue;
        }
        let level: LevelReport = serde_json::from_str(line).map_err(bad)?;
        if let Some(before) = seen.insert(level.level, at.clone()) {
            return Err(CliError::Report(format!(
                "{at}: level {} was already read at {before}; give each shard once",
                level.level
            )));
        }
        merged.levels.push(level);
    }
    Ok(())
}

/// Reads every file of `files` (`-` is standard input).
pub fn merge(files: &[PathBuf]) -> Result<Merged, CliError> {
    let mut merged = Merged::default();
    let mut seen = BTreeMap::new();
    for file in files {
        let text = crate::level::format::read_text(file)?;
        read(file, &text, &mut merged, &mut seen)?;
    }
    merged.levels.sort_by_key(|r| r.level);
    Ok(merged)
}

/// Runs `report`: the levels in order and their summary; status 0.
pub fn run(args: &ReportArgs) -> Result<ExitCode, CliError> {
    let merged = merge(&args.files)?;
    for gap in merged.gaps(args.files.len()) {
        eprintln!("sokolab: warning: {gap}");
    }
    if !args.json {
        println!("{}", LevelReport::header());
    }
    for r in &merged.levels {
        println!("{}", if args.json { r.json() } else { r.row() });
    }
    print(&merged.levels, &merged.totals(), args.json);
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_are_parsed_and_split_the_levels_among_them() {
        assert_eq!("2/3".parse(), Ok(Shard { k: 2, n: 3 }));
        for bad in ["0/3", "4/3", "3", "a/b", "1/0"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
        let shards = [Shard { k: 1, n: 3 }, Shard { k: 2, n: 3 }, Shard { k: 3, n: 3 }];
        for number in 1..=20 {
            assert_eq!(shards.iter().filter(|s| s.holds(number)).count(), 1, "{number}");
        }
    }

    #[test]
    fn a_line_that_is_not_a_report_is_named_by_file_and_line() {
        let mut merged = Merged::default();
        let e = read(Path::new("a.jsonl"), "\n{\"level\": 1}\n", &mut merged, &mut BTreeMap::new())
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("a.jsonl:2:"), "{e}");
        assert!(e.contains("bench --json"), "{e}");
    }
}
