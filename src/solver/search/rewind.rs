//! Going back to an earlier expansion without re-running the search from its start.
//!
//! A search on a [`Core`](super::core::Core) whose algorithm can say where its frontier
//! stands keeps, once [`Search::keep_marks`](super::Search::keep_marks) switched it on, a
//! [`Mark`] every [`MARK_EVERY`] expansions and a journal of the few changes that are not
//! appends: nodes closed, nodes re-opened with fewer pushes, and what the judge learned.
//! Its stores otherwise only grow, so going back to expansion `k` truncates them to the
//! last mark before `k` and re-runs the expansions from there (fewer than [`MARK_EVERY`]).
//! The search is deterministic, so it ends exactly as it was after `k` expansions.
//!
//! Invariant: a mark is taken between two units of the algorithm's work, and every change
//! after it to what existed at the mark is undone by [`Journal::rewind`] or by the
//! algorithm's own [`Algorithm::rewind_frontier`](super::core::Algorithm::rewind_frontier).

use crate::solver::deadlock::judge::JudgeMark;
use crate::solver::model::box_moves::Macro;
use crate::solver::model::table::{NodeId, NodeInfo, Nodes};
use crate::solver::search::Stats;
use std::collections::HashMap;

/// Expansions between two marks: going back re-runs at most this many (a few in the unit
/// tests, so that they go back across many marks).
#[cfg(not(test))]
pub(crate) const MARK_EVERY: u64 = 4096;
#[cfg(test)]
pub(crate) const MARK_EVERY: u64 = 64;

/// Where a search stood between two units of its work.
#[derive(Clone, Debug)]
pub(crate) struct Mark {
    /// Its counters (expansions among them).
    pub stats: Stats,
    /// Nodes stored.
    pub nodes: usize,
    /// Entries of the journal's logs.
    closed: usize,
    improved: usize,
    /// What the judge had learned.
    pub judge: JudgeMark,
    /// Where the algorithm's frontier stood, in its own terms.
    pub frontier: [u64; 2],
}

/// The marks of a search and the changes since each.
#[derive(Debug, Default)]
pub(crate) struct Journal {
    marks: Vec<Mark>,
    /// Nodes closed (each logged when it was first closed).
    pub closed: Vec<NodeId>,
    /// Nodes reached again with fewer pushes, with what they held before.
    pub improved: Vec<(NodeId, NodeInfo, Option<Macro>)>,
}

impl Journal {
    /// Whether a mark is due before the next unit of work, at `expanded` expansions.
    pub fn due(&self, expanded: u64) -> bool {
        expanded.is_multiple_of(MARK_EVERY)
            && self.marks.last().is_none_or(|m| m.stats.expanded < expanded)
    }

    /// Takes a mark of a search that stands at `stats` with `nodes` nodes.
    pub fn mark(&mut self, stats: &Stats, nodes: usize, judge: JudgeMark, frontier: [u64; 2]) {
        let (closed, improved) = (self.closed.len(), self.improved.len());
        let stats = stats.clone();
        self.marks.push(Mark { stats, nodes, closed, improved, judge, frontier });
    }

    /// The last mark from which expansion `to` is re-run (before it, so that the re-run
    /// makes that expansion again and shows its children; the first mark for `to == 0`),
    /// with every later mark dropped.
    pub fn back_to(&mut self, to: u64) -> Option<Mark> {
        let keep = self.marks.partition_point(|m| m.stats.expanded < to.max(1));
        self.marks.truncate(keep.max(1));
        self.marks.last().cloned()
    }

    /// Bytes the marks and logs hold.
    pub fn memory(&self) -> usize {
        self.marks.capacity() * (std::mem::size_of::<Mark>() + 64)
            + self.closed.capacity() * 4
            + self.improved.capacity() * std::mem::size_of::<(NodeId, NodeInfo, Option<Macro>)>()
    }

    /// Undoes the logged changes made after `mark` to the nodes it kept: nodes re-opened
    /// since get back what they held (newest change first), nodes closed since are open.
    pub fn rewind(&mut self, mark: &Mark, nodes: &mut Nodes, macros: &mut HashMap<NodeId, Macro>) {
        for (id, info, m) in self.improved.drain(mark.improved..).rev() {
            if (id as usize) < mark.nodes {
                *nodes.info_mut(id) = info;
                match m {
                    Some(m) => macros.insert(id, m),
                    None => macros.remove(&id),
                };
            }
        }
        for id in self.closed.drain(mark.closed..) {
            if (id as usize) < mark.nodes {
                nodes.info_mut(id).closed = false;
            }
        }
    }
}
