//! The counters every search keeps.

use crate::solver::deadlock::PruneReason;
use std::time::Duration;

/// Counters of a search. `elapsed` and `peak_memory` are filled in by the front door.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Children generated (every legal push, pruned ones included).
    pub generated: u64,
    /// Nodes expanded.
    pub expanded: u64,
    /// Children that were already known with no shorter path.
    pub duplicates: u64,
    /// Children pruned, by [`PruneReason::index`].
    pub pruned: [u64; PruneReason::ALL.len()],
    /// Nodes waiting to be expanded (open list, or the depth-first stack).
    pub open: u64,
    /// Nodes stored (closed set / transposition table).
    pub closed: u64,
    /// Current cost bound (IDA*), depth limit (depth-first) or best f (best-first).
    pub bound: u32,
    /// Deepest push count reached.
    pub depth: u32,
    /// Wall-clock time searched.
    pub elapsed: Duration,
    /// Largest memory estimate seen, in bytes.
    pub peak_memory: usize,
    /// The method's own counters, named (Talking Stones' failed tests, the planner's
    /// developed nodes, …); empty for the other searches.
    pub measures: Vec<(&'static str, u64)>,
}

impl Stats {
    /// Children pruned for `reason`.
    pub fn pruned_by(&self, reason: PruneReason) -> u64 {
        self.pruned[reason.index()]
    }

    /// The method's counter named `name`, if it keeps one.
    pub fn measure(&self, name: &str) -> Option<u64> {
        self.measures.iter().find(|(n, _)| *n == name).map(|&(_, v)| v)
    }

    /// Sets the method's counter named `name`.
    pub fn set_measure(&mut self, name: &'static str, value: u64) {
        match self.measures.iter_mut().find(|(n, _)| *n == name) {
            Some(m) => m.1 = value,
            None => self.measures.push((name, value)),
        }
    }

    /// Drops the method's counter named `name`.
    pub fn remove_measure(&mut self, name: &str) {
        self.measures.retain(|(n, _)| *n != name);
    }

    /// All pruned children.
    pub fn pruned_total(&self) -> u64 {
        self.pruned.iter().sum()
    }
}
