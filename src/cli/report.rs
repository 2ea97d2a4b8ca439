//! One level's result as the JSON contract and the readable table show it.

use crate::level::Level;
use crate::solver::Outcome;
use serde::Serialize;

/// One line of `solve --json` / `bench --json`.
#[derive(Serialize, Clone, Debug)]
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
    /// The method's own counters (Talking Stones' `failed tests` and `stone moves`, …).
    pub measures: std::collections::BTreeMap<&'static str, u64>,
    /// Peak memory estimate in bytes.
    #[serde(skip)]
    pub peak_memory: usize,
    /// Why the level is invalid, if it is.
    #[serde(skip)]
    pub message: Option<String>,
}

impl LevelReport {
    /// The report of `outcome` on level number `number`.
    pub fn new(number: usize, level: &Level, outcome: &Outcome) -> Self {
        let stats = outcome.stats().cloned().unwrap_or_default();
        let solution = outcome.solution();
        LevelReport {
            level: number,
            title: level.meta.title.clone(),
            status: outcome.status().to_string(),
            solved: solution.is_some(),
            optimal: solution.is_some_and(|s| s.optimal),
            pushes: solution.map_or(0, |s| s.pushes),
            moves: solution.map_or(0, |s| s.moves.len()),
            solution: solution.map(|s| s.lurd()).unwrap_or_default(),
            secs: stats.elapsed.as_secs_f64(),
            expanded: stats.expanded,
            generated: stats.generated,
            measures: stats.measures.iter().copied().collect(),
            peak_memory: stats.peak_memory,
            message: match outcome {
                Outcome::Invalid(m) => Some(m.to_string()),
                _ => None,
            },
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
        let mut why = self.message.as_deref().map(|m| format!("  {m}")).unwrap_or_default();
        for (name, value) in &self.measures {
            why.push_str(&format!("  {name}: {value}"));
        }
        format!(
            "{:>5}  {:<16} {:<11} {:>3} {:>6} {:>7} {:>8.2} {:>11} {:>11} {:>7.1}Mi{why}",
            self.level,
            title,
            self.status,
            if self.optimal { "yes" } else { "" },
            self.pushes,
            self.moves,
            self.secs,
            self.expanded,
            self.generated,
            mib
        )
    }
}
