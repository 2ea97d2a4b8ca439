//! One level's result as the JSON contract and the readable table show it.

use crate::level::Level;
use crate::level::format::BoardOrigin;
use crate::solver::{Limits, Outcome, PLAN_STEPS, StopReason};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The `--json` option's long help: `what` (the objects printed), then what their counts
/// are, `closed` as each method's catalogue entry says (the inspector names it so too).
pub fn json_help(what: &str) -> String {
    let mut kinds: Vec<(crate::solver::Count, Vec<&str>)> = Vec::new();
    for info in crate::solver::METHODS {
        match kinds.iter_mut().find(|(c, _)| *c == info.stored) {
            Some((_, names)) => names.push(info.name),
            None => kinds.push((info.stored, vec![info.name])),
        }
    }
    let closed: Vec<String> = kinds
        .iter()
        .map(|(c, names)| {
            let meaning = c.meaning.to_lowercase();
            format!("for {}: {meaning} (the inspector's `{}`)", names.join(", "), c.name)
        })
        .collect();
    format!(
        "{what}. Their counts, when the search ended: `expanded`, the nodes expanded; \
         `generated`, the children generated, pruned ones included; `open`, the nodes \
         waiting to be expanded (the open list or stack); `closed`, {}; `measures`, the \
         method's own counts.",
        closed.join("; ")
    )
}

/// Where a level was read, to name it in messages.
#[derive(Clone, Copy, Debug)]
pub struct Place<'a> {
    /// The file.
    pub file: &'a Path,
    /// Where the level's board is in the file.
    pub origin: &'a BoardOrigin,
}

/// One line of `solve --json` / `bench --json` (`report` reads them back).
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct LevelReport {
    /// Level number in the file, from 1.
    pub level: usize,
    /// The level's title.
    pub title: String,
    /// solved, unsolvable, timeout, memory, nodes, cancelled, depth-limit, not-found or
    /// invalid.
    pub status: String,
    /// Whether a verified solution was found.
    pub solved: bool,
    /// Whether the solution is proved push-optimal.
    pub optimal: bool,
    /// Whether the solution is proved move-optimal (a moves-* method's).
    #[serde(default)]
    pub move_optimal: bool,
    /// Pushes in the solution (0 without one).
    pub pushes: usize,
    /// Moves in the solution (0 without one).
    pub moves: usize,
    /// The solution in LURD ("" without one).
    pub solution: String,
    /// Seconds searched.
    pub secs: f64,
    /// Nodes expanded.
    pub expanded: u64,
    /// Children generated.
    pub generated: u64,
    /// Nodes waiting to be expanded when the search ended (open list or stack).
    pub open: u64,
    /// Nodes stored when the search ended (closed set or transposition table).
    pub closed: u64,
    /// The method's own counters (Talking Stones' `failed tests` and `stone moves`, …).
    pub measures: std::collections::BTreeMap<String, u64>,
    /// The strategy that found the solution, for a method made of several (`auto`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub strategy: Option<String>,
    /// Peak memory estimate in bytes.
    pub peak_memory: usize,
    /// Boxes on the level.
    pub boxes: usize,
    /// Children kept for the frontier: generated, less duplicates and pruned ones.
    pub queued: u64,
    /// Why the level is invalid (`FILE:LINE:COL: reason`) or the search stopped, with the
    /// limit and what to do; empty for solved and unsolvable levels.
    pub message: String,
}

impl LevelReport {
    /// The report of `outcome` on level number `number`, read at `place` and searched
    /// within `limits`.
    pub fn new(
        number: usize,
        level: &Level,
        outcome: &Outcome,
        limits: &Limits,
        place: Place,
    ) -> Self {
        let stats = outcome.stats().cloned().unwrap_or_default();
        let solution = outcome.solution();
        LevelReport {
            level: number,
            title: level.meta.title.clone(),
            status: outcome.status().to_string(),
            solved: solution.is_some(),
            optimal: solution.is_some_and(|s| s.optimal),
            move_optimal: solution.is_some_and(|s| s.move_optimal),
            pushes: solution.map_or(0, |s| s.pushes),
            moves: solution.map_or(0, |s| s.moves.len()),
            solution: solution.map(|s| s.lurd()).unwrap_or_default(),
            secs: stats.elapsed.as_secs_f64(),
            expanded: stats.expanded,
            generated: stats.generated,
            open: stats.open,
            closed: stats.closed,
            measures: stats.measures.iter().map(|&(n, v)| (n.to_string(), v)).collect(),
            strategy: solution.and_then(|s| s.found_by).map(String::from),
            peak_memory: stats.peak_memory,
            boxes: level.boxes().len(),
            queued: stats
                .generated
                .saturating_sub(stats.duplicates + stats.pruned.iter().sum::<u64>()),
            message: message(outcome, limits, place),
        }
    }

    /// The JSON line.
    pub fn json(&self) -> String {
        serde_json::to_string(self).expect("reports serialise")
    }

    /// Generated children per second.
    pub fn rate(&self) -> f64 {
        if self.secs > 0.0 { self.generated as f64 / self.secs } else { 0.0 }
    }

    /// The table header matching [`LevelReport::row`].
    pub fn header() -> String {
        format!(
            "{:>5}  {:<16} {:<11} {:>3} {:>6} {:>7} {:>8} {:>11} {:>11} {:>9}",
            "level",
            "title",
            "status",
            "opt",
            "pushes",
            "moves",
            "secs",
            "expanded",
            "generated",
            "memory"
        )
    }

    /// One table row, ending with the method's own counters (an invalid level's row ends
    /// with the reason).
    pub fn row(&self) -> String {
        let title: String = self.title.chars().take(16).collect();
        let mib = self.peak_memory as f64 / (1 << 20) as f64;
        let mut why =
            if self.status == "invalid" { format!("  {}", self.message) } else { String::new() };
        if let Some(strategy) = &self.strategy {
            why.push_str(&format!("  by: {strategy}"));
        }
        for (name, value) in &self.measures {
            why.push_str(&format!("  {name}: {value}"));
        }
        format!(
            "{:>5}  {:<16} {:<11} {:>3} {:>6} {:>7} {:>8.2} {:>11} {:>11} {:>7.1}Mi{why}",
            self.level,
            title,
            self.status,
            match (self.optimal, self.move_optimal) {
                (true, _) => "yes",
                (_, true) => "mov",
                _ => "",
            },
            self.pushes,
            self.moves,
            self.secs,
            self.expanded,
            self.generated,
            mib
        )
    }
}

/// Why `outcome` is not an answer, in words that say what to do: an invalid level's reason
/// at its place in the file (the square concerned, or the board's first line), or the
/// limit a search stopped at.
fn message(outcome: &Outcome, limits: &Limits, place: Place) -> String {
    match outcome {
        Outcome::Solved(..) | Outcome::Unsolvable(_) => String::new(),
        Outcome::Failed(_) => outcome.message().unwrap_or_default(),
        Outcome::Invalid(why) => {
            let (line, column) = match why.square() {
                Some(pos) => place.origin.locate(pos),
                None => (place.origin.first_line(), 1),
            };
            format!("{}:{line}:{column}: {why}", place.file.display())
        }
        Outcome::Stopped(reason, _) => match reason {
            StopReason::Time => match limits.time {
                Some(t) => format!(
                    "stopped at the time limit ({} s); give more with --time-limit",
                    t.as_secs_f64()
                ),
                None => "stopped at the time limit; give more with --time-limit".into(),
            },
            StopReason::Nodes => format!(
                "stopped at the node limit ({} expansions); raise --node-limit",
                limits.nodes.unwrap_or_default()
            ),
            StopReason::Memory => format!(
                "stopped at the memory limit ({} MiB); raise --memory-limit",
                limits.memory_bytes.unwrap_or_default() >> 20
            ),
            StopReason::Cancelled => "cancelled".into(),
            StopReason::DepthLimit => "no solution within the depth limit, which proves \
                nothing; raise it (dfs:DEPTH) or use another method"
                .into(),
            StopReason::NotFound => match outcome.stats().and_then(|s| s.measure(PLAN_STEPS)) {
                Some(steps) => format!(
                    "the backward search ends with a packing-and-parking plan of {steps} steps \
                     for feature-space search, not a solution; solve with --method fess or auto"
                ),
                None => "the method gave up without a solution, which proves nothing; raise \
                    its cap or use another method"
                    .into(),
            },
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::{Stats, Unsearchable};
    use std::time::Duration;

    #[test]
    fn messages_name_the_place_or_the_limit() {
        let origin = BoardOrigin::default();
        let place = Place { file: Path::new("a.xsb"), origin: &origin };
        let limits = Limits {
            time: Some(Duration::from_millis(2500)),
            nodes: None,
            memory_bytes: Some(200 << 20),
        };
        let say = |o: Outcome| message(&o, &limits, place);
        let stopped = |r| Outcome::Stopped(r, Stats::default());
        assert_eq!(
            say(stopped(StopReason::Time)),
            "stopped at the time limit (2.5 s); give more with --time-limit"
        );
        assert_eq!(
            say(stopped(StopReason::Memory)),
            "stopped at the memory limit (200 MiB); raise --memory-limit"
        );
        assert_eq!(
            say(Outcome::Invalid(Unsearchable::NoBoxes)),
            "a.xsb:1:1: the level has no boxes"
        );
        assert_eq!(say(Outcome::Unsolvable(Stats::default())), "");
        let mut planned = Stats::default();
        planned.set_measure(PLAN_STEPS, 7);
        let plan = say(Outcome::Stopped(StopReason::NotFound, planned));
        assert!(plan.contains("plan of 7 steps") && plan.contains("not a solution"), "{plan}");
        assert!(say(stopped(StopReason::NotFound)).contains("proves nothing"));
    }
}
