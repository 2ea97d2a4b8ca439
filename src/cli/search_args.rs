//! Search options shared by `solve` and `bench`.

use crate::solver::{Config, Deadlocks, Limits, LowerBound, Method};
use std::time::Duration;

/// How to search: method, bound, detectors and limits.
#[derive(clap::Args, Clone, Debug)]
pub struct SearchArgs {
    /// auto, astar, idastar, wastar[:W], greedy, bfs, dfs[:DEPTH], iddfs, fess.
    #[arg(long, default_value = "auto", value_parser = parse_method)]
    pub method: Method,
    /// Seconds per level (0 = no limit).
    #[arg(long, value_name = "S")]
    pub time_limit: Option<f64>,
    /// Expanded nodes per level.
    #[arg(long, value_name = "N")]
    pub node_limit: Option<u64>,
    /// Memory per search in MiB.
    #[arg(long, value_name = "MIB", default_value_t = 2048)]
    pub memory_limit: usize,
    /// matching, simple, boxes-off-goal, greedy, stable-marriage, boxes-off-goal-plus-player.
    #[arg(long, default_value = "matching", value_parser = parse_bound)]
    pub lower_bound: LowerBound,
    /// Deadlock detectors to switch off: dead-squares, freeze, bipartite, corral
    /// (comma-separated).
    #[arg(long, value_delimiter = ',', value_name = "LIST")]
    pub disable: Vec<Detector>,
}

/// A deadlock detector that can be switched off.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Detector {
    /// Dead squares.
    DeadSquares,
    /// Freeze deadlocks.
    Freeze,
    /// Bipartite deadlocks.
    Bipartite,
    /// Corral deadlocks.
    Corral,
}

fn parse_method(s: &str) -> Result<Method, String> {
    Method::from_name(s)
        .ok_or_else(|| format!("unknown method `{s}`; use one of {}", Method::NAMES.join(", ")))
}

fn parse_bound(s: &str) -> Result<LowerBound, String> {
    LowerBound::from_name(s).ok_or_else(|| {
        let names: Vec<_> = LowerBound::ALL.iter().map(|b| b.name()).collect();
        format!("unknown lower bound `{s}`; use one of {}", names.join(", "))
    })
}

impl SearchArgs {
    /// The solver configuration these options describe.
    pub fn config(&self) -> Config {
        let mut deadlocks = Deadlocks::default();
        for d in &self.disable {
            match d {
                Detector::DeadSquares => deadlocks.dead_squares = false,
                Detector::Freeze => deadlocks.freeze = false,
                Detector::Bipartite => deadlocks.bipartite = false,
                Detector::Corral => deadlocks.corral = false,
            }
        }
        Config { method: self.method, lower_bound: self.lower_bound, deadlocks }
    }

    /// The limits these options describe.
    pub fn limits(&self) -> Limits {
        Limits {
            time: self.time_limit.filter(|&t| t > 0.0).map(Duration::from_secs_f64),
            nodes: self.node_limit,
            memory_bytes: Some(self.memory_limit.saturating_mul(1 << 20)),
        }
    }
}
