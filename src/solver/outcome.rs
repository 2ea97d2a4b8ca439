//! What a search ends with.

use crate::solver::model::error::{Unsearchable, WrongSolution};
use crate::solver::search::Stats;
use crate::solver::solution::Solution;

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
    /// The search's line does not replay: a bug of the solver's, reported as such (see
    /// [`Outcome::message`]), never as a solution.
    Failed(WrongSolution),
}

impl Outcome {
    /// The status word of the JSON contract.
    pub fn status(&self) -> &'static str {
        match self {
            Outcome::Solved(..) => "solved",
            Outcome::Unsolvable(_) => "unsolvable",
            Outcome::Stopped(reason, _) => reason.status(),
            Outcome::Invalid(_) => "invalid",
            Outcome::Failed(_) => "error",
        }
    }

    /// The counters, if a search ran.
    pub fn stats(&self) -> Option<&Stats> {
        match self {
            Outcome::Solved(_, s) | Outcome::Unsolvable(s) | Outcome::Stopped(_, s) => Some(s),
            Outcome::Invalid(_) | Outcome::Failed(_) => None,
        }
    }

    /// What went wrong, for an outcome that is an error: the level cannot be searched, or
    /// the solver's line does not replay.
    pub fn message(&self) -> Option<String> {
        match self {
            Outcome::Invalid(why) => Some(format!("the level cannot be searched: {why}")),
            Outcome::Failed(why) => Some(format!(
                "internal error: the search's line does not replay ({why}); please report it"
            )),
            _ => None,
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
