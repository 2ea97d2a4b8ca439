//! The textbook's searches ("Algorithms in a Nutshell", chapter 7), written once and
//! generic over a small [`Problem`] trait, in the spirit of the `pathfinding` crate: BFS,
//! DFS with a closed set and a depth bound, A* and IDA*, one per file. They run on the
//! book's puzzles (`crate::lab`) and on Sokoban pushes ([`Pushes`], whose successors are
//! the engineered searches' own expander: the same moves, pruning pipeline and bounds).
//!
//! They keep the book's rules, not the engineered searches' (`solver::algo`): BFS and DFS
//! test the goal when a state is generated, A* when it is removed from open; only the
//! closed set is checked, so open may hold a state twice; a closed state is never
//! re-opened, which is what gives DFS its horizon effect; counts are taken at the end as
//! the book's code takes them.
//!
//! Like the engineered searches they are resumable ([`BookSearch::step`] runs up to a
//! budget of expansions) and can be inspected one expansion at a time: the node expanded
//! last, its children with g, h, f and a verdict, the frontier, the path to any node.
//! [`Inspected`] puts one on Sokoban pushes behind the solver's [`crate::solver::Search`],
//! so the inspector and the command line step it like any other method.

mod astar;
mod bfs;
mod book;
mod changes;
mod dfs;
mod ida_star;
mod inspected;
mod pushes;
mod tree;
mod walks;

pub use astar::AStar;
pub use bfs::Bfs;
pub(crate) use changes::Changes;
pub use dfs::Dfs;
pub use ida_star::IdaStar;
pub(crate) use inspected::Inspected;
pub use pushes::Pushes;
pub use tree::{Node, Tree};
pub(crate) use walks::{Keep, Walks};

use crate::solver::deadlock::PruneReason;
use crate::solver::model::box_moves::Macro;
use crate::solver::model::metric::Metric;
use crate::solver::model::table::NodeId;
use crate::solver::search::expand::Expander;
use crate::solver::search::{Progress, Stats, Verdict};
use std::hash::Hash;

/// A search problem: states, the moves between them with their costs, an estimate of the
/// cost still to pay, and a goal test. A problem owns what it needs (no borrowed data), so
/// a search of it can move to a worker thread.
pub trait Problem: Send + 'static {
    /// A state; the closed set holds whole states (no hash can cut a branch).
    type State: Clone + Eq + Hash + Send;
    /// A move from a state to a successor.
    type Move: Clone + Send;

    /// The start state and its estimate (`u32::MAX` when the start is dead).
    fn start(&mut self) -> (Self::State, u32);
    /// Replaces `out` with the successors of `state`, in the order the book tries them.
    fn successors(&mut self, state: &Self::State, out: &mut Vec<Successor<Self>>);
    /// Whether `state` is a goal.
    fn is_goal(&self, state: &Self::State) -> bool;
    /// The score A* orders by and IDA* bounds: g + h unless the estimate says otherwise
    /// (the book's BadEvaluator scores h alone).
    fn score(&self, g: u32, h: u32) -> u32 {
        g.saturating_add(h)
    }
    /// Whether the estimate never overestimates (IDA* then finds a cheapest solution).
    fn admissible(&self) -> bool;
    /// Whether the estimate is consistent: it drops by at most a move's cost along the
    /// move (A* then finds a cheapest solution without re-opening a closed state).
    fn consistent(&self) -> bool;
    /// Whether the search must stop at once (a limit was reached).
    fn interrupted(&self) -> bool {
        false
    }
    /// Heap bytes one state holds, for the memory limit.
    fn state_bytes(&self) -> usize {
        0
    }
}

/// A textbook problem on a level's pushes (its state the box words, then the player's
/// square), which [`Inspected`] shows as the engineered searches are shown.
pub(crate) trait OnLevel: Problem<State = Box<[u64]>> {
    /// The expander its pushes come from.
    fn expander(&self) -> &Expander;
    /// The expander, to change (a pattern added to its judge).
    fn expander_mut(&mut self) -> &mut Expander;
    /// A move as the pushes it makes.
    fn macro_of(&self, mv: &Self::Move) -> Macro;
    /// What its costs count.
    fn metric(&self) -> Metric {
        Metric::Pushes
    }
    /// A cost as shown: in the metric's units.
    fn shown(&self, g: u32) -> u32 {
        g
    }
    /// An estimate as shown: in the metric's units.
    fn shown_h(&self, h: u32) -> u32 {
        h
    }
    /// The search's order value `f` of a node shown with cost `g` and estimate `h`.
    fn shown_f(&self, f: u32, _g: u32, _h: u32) -> u32 {
        f
    }
}

/// One successor of a state.
#[derive(Clone, Debug)]
pub struct Successor<P: Problem + ?Sized> {
    /// The state reached.
    pub state: P::State,
    /// The move that reaches it.
    pub mv: P::Move,
    /// What the move costs.
    pub cost: u32,
    /// The estimate of the state reached (meaningless when pruned).
    pub h: u32,
    /// Why the problem's own pruning refuses it (Sokoban's deadlock rules), if it does.
    pub pruned: Option<PruneReason>,
    /// The deadlock pattern that pruned it, if one did.
    pub pattern: Option<u32>,
}

/// One child of the last expansion, as the inspector shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Child<M> {
    /// The move from the expanded node.
    pub mv: M,
    /// Its node, when it was stored.
    pub node: Option<NodeId>,
    /// Cost from the start.
    pub g: u32,
    /// Estimate.
    pub h: u32,
    /// Score (see [`Problem::score`]).
    pub f: u32,
    /// What the search did with it.
    pub verdict: Verdict,
    /// The deadlock pattern that pruned it, if one did.
    pub pattern: Option<u32>,
}

/// A textbook search, resumable and inspectable.
pub trait BookSearch<P: Problem>: Send {
    /// Runs up to `budget` expansions.
    fn step(&mut self, budget: u64) -> Progress;
    /// The counters: `open` and `closed` are the book's (open may count a state twice).
    fn stats(&self) -> &Stats;
    /// The problem searched.
    fn problem(&self) -> &P;
    /// The problem searched, to change (a pattern added to its judge).
    fn problem_mut(&mut self) -> &mut P;
    /// The stored nodes; node 0 is the start.
    fn tree(&self) -> &Tree<P::State, P::Move>;
    /// The node expanded last.
    fn current(&self) -> Option<NodeId>;
    /// The children of the last expansion with their verdicts.
    fn children(&self) -> &[Child<P::Move>];
    /// Up to `k` stored nodes of open, the next to be expanded first.
    fn frontier(&self, k: usize) -> Vec<NodeId>;
    /// The f of stored node `id`, as this search orders or bounds by it: the depth for BFS
    /// and DFS, the problem's score for A* and IDA*.
    fn f(&self, id: NodeId) -> u32;
    /// Whether a solution it finds is a cheapest one.
    fn optimal(&self) -> bool;
    /// Bytes held: nodes, states, open and closed.
    fn memory(&self) -> usize;
    /// Length of the solution found, in moves (the goal node's depth).
    fn solution_length(&self, goal: NodeId) -> u32 {
        self.tree().node(goal).depth
    }
}
