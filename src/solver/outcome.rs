//! What a search ends with.

use crate::level::Move;
use crate::solver::error::Unsearchable;
use crate::solver::search::Stats;

/// A verified solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Every move, walks and pushes, from the start position.
    pub moves: Vec<Move>,
    /// Number of pushes among the moves.
    pub pushes: usize,
    /// Whether no solution has fewer pushes (proved by the method and an admissible bound).
    pub optimal: bool,
    /// The strategy that found it, for a method made of several (`auto`).
    pub found_by: Option<&'static str>,
}

impl Solution {
    /// The solution as a LURD string.
    pub fn lurd(&self) -> String {
        self.moves.iter().map(|m| m.lurd()).collect()
    }
}

/// Why a search stopped without an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// The time limit was reached.
    Time,
    /// The node limit was reached.
    Nodes,
    /// The memory limit was reached.
    Memory,
    /// The cancel flag was set.
    Cancelled,
    /// A depth-limited search finished without a solution (no proof of unsolvability).
    DepthLimit,
    /// The method gave up without a solution (its own cap, or its rules found none), with
    /// no proof of unsolvability.
    NotFound,
}

impl StopReason {
    /// The status word of the JSON contract (`timeout`, `memory`, …).
    pub fn status(self) -> &'static str {
        match self {
            StopReason::Time => "timeout",
            StopReason::Nodes => "nodes",
            StopReason::Memory => "memory",
            StopReason::Cancelled => "cancelled",
            StopReason::DepthLimit => "depth-limit",
            StopReason::NotFound => "not-found",
        }
    }
}

/// The result of [`crate::solver::solve`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A solution, replayed and verified.
    Solved(Solution, Stats),
    /// The search space was exhausted with sound pruning: no solution exists.
    Unsolvable(Stats),
    /// The search stopped early.
    Stopped(StopReason, Stats),
    /// The level cannot be searched (no single player, box and goal counts differ, …).
    Invalid(Unsearchable),
}

impl Outcome {
    /// The status word of the JSON contract.
    pub fn status(&self) -> &'static str {
        match self {
            Outcome::Solved(..) => "solved",
            Outcome::Unsolvable(_) => "unsolvable",
            Outcome::Stopped(reason, _) => reason.status(),
            Outcome::Invalid(_) => "invalid",
        }
    }

    /// The counters, if a search ran.
    pub fn stats(&self) -> Option<&Stats> {
        match self {
            Outcome::Solved(_, s) | Outcome::Unsolvable(s) | Outcome::Stopped(_, s) => Some(s),
            Outcome::Invalid(_) => None,
        }
    }

    /// The solution, if one was found.
    pub fn solution(&self) -> Option<&Solution> {
        match self {
            Outcome::Solved(s, _) => Some(s),
            _ => None,
        }
    }
}
