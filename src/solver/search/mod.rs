//! How a search runs and is inspected: the resumable [`Search`] trait, its counters, the
//! views the inspector reads, the tracing observer, and the [`core::Core`] every graph
//! search stands on (the node store, the expander with the pruning pipeline, and the
//! inspection methods written once).
//!
//! A search is a resumable struct: [`Search::step`] runs up to `budget` expansions and
//! returns. The worker thread calls it with large budgets; the inspector calls it with a
//! budget of one and reads the node just expanded, its children with their verdicts, the
//! best frontier nodes and the path to any node.

pub(crate) mod core;
pub(crate) mod expand;
mod observer;
pub(crate) mod perimeter;
pub(crate) mod pull_core;
pub(crate) mod rewind;
mod stats;
pub(crate) mod step;
mod view;

pub use observer::{NoTrace, Observer, Recorder};
pub use stats::Stats;
pub use view::{
    ChildView, NodeView, PushView, Rearranged, StoneFailure, StrategyView, SubProblem, Verdict,
};

use crate::level::{Dir, Level, Pos};
use crate::solver::analysis::problem::Problem;
use crate::solver::deadlock::patterns::{Adopted, PatternView};
use crate::solver::model::metric::Metric;
use crate::solver::model::table::NodeId;

/// What one call of [`Search::step`] ended with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// The budget is spent; call again to continue.
    Running,
    /// A solution ends at this node.
    Solved(NodeId),
    /// Nothing is left to search. `complete` says whether the space was searched in full
    /// (false when a depth limit cut it), so that `true` proves the level unsolvable.
    Exhausted {
        /// Whether every reachable position was considered.
        complete: bool,
    },
    /// The method gave up without a solution (its own cap, or its rules found none) and
    /// proved nothing.
    NotFound,
}

/// The object-safe part of a search the inspector and the front door use. Searches are
/// `Send`, so a search built on one thread can be stepped on another.
pub trait Search: Send {
    /// Runs up to `budget` expansions.
    fn step(&mut self, budget: u64) -> Progress;
    /// The counters so far.
    fn stats(&self) -> &Stats;
    /// Memory the search holds, in bytes (nodes, tables, frontier).
    fn memory(&self) -> usize;
    /// The analysed level.
    fn problem(&self) -> &Problem;
    /// Whether a solution this search finds is the shortest by its [`Search::metric`]
    /// (given its configuration).
    fn optimal(&self) -> bool;
    /// What [`Search::optimal`] counts: pushes, or moves for the move-optimal methods.
    fn metric(&self) -> Metric {
        Metric::Pushes
    }
    /// The node expanded last (only with a tracing observer).
    fn current(&self) -> Option<NodeView>;
    /// The children of the last expansion with their verdicts (only with a tracing
    /// observer). Depth-first searches list pruned children at once and the others as they
    /// try them.
    fn children(&self) -> &[ChildView];
    /// Up to `k` frontier nodes, the next to be expanded first. Depth-first searches list
    /// the untried children of the deepest node, with id `NodeId::MAX` (not stored yet).
    fn frontier(&self, k: usize) -> Vec<NodeView>;
    /// The view of a stored node.
    fn node(&self, id: NodeId) -> Option<NodeView>;
    /// The nodes from the root to `id`, root first (empty for an unknown id).
    fn path(&self, id: NodeId) -> Vec<NodeId>;
    /// The board of node `id` as a level (player on its normalised square).
    fn board(&self, id: NodeId) -> Option<Level>;
    /// The deadlock patterns the search has (precomputed and learned), with their hit
    /// counts.
    fn patterns(&self) -> Vec<PatternView>;
    /// Adds the dead set `boxes`, the player on `player` (the oracle's smallest dead set of
    /// a position of this level), to the search's deadlock patterns, so that it prunes every
    /// later position holding them; why not, for a method without a pattern database or
    /// with the pattern rule off.
    fn add_pattern(&mut self, _boxes: &[Pos], _player: Pos) -> Result<Adopted, String> {
        Err("this method keeps no deadlock pattern database".into())
    }
    /// Named measurements of node `id` beyond g, h and f, for the inspector (feature-space
    /// search lists its features); empty for searches without any.
    fn node_features(&self, id: NodeId) -> Vec<(&'static str, u32)>;
    /// Every single push from the root to node `id`, in order, macro moves expanded (empty
    /// for an unknown id). Solutions are rebuilt from it and [`Search::tail`].
    fn pushes_to(&self, id: NodeId) -> Vec<(Pos, Dir)>;
    /// The pushes after node `id` that complete the solution ending there, when reaching
    /// `id` is not itself the solution (Talking Stones' stone-by-stone tail); empty
    /// otherwise.
    fn tail(&self, id: NodeId) -> Vec<(Pos, Dir)>;
    /// The sub-problem being solved, for a method made of them (Demaret's planner).
    fn sub_problem(&self) -> Option<SubProblem>;
    /// The strategies of a portfolio, in order (empty for a single search).
    fn strategies(&self) -> Vec<StrategyView> {
        Vec::new()
    }
    /// Keeps marks from now on so that [`Search::rewind`] can go back without re-running
    /// from the start; whether this search can (asked before its first expansion).
    fn keep_marks(&mut self) -> bool {
        false
    }
    /// Puts the search back at its last mark before expansion `to` (at most its expansions
    /// so far; the first mark for 0): its stores truncated, what it learned since forgotten.
    /// Returns the mark's expansions: stepping `to` minus that many puts the search exactly
    /// as it was after `to` expansions. `None`, changing nothing, when it keeps no marks.
    fn rewind(&mut self, _to: u64) -> Option<u64> {
        None
    }
}
