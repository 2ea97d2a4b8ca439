//! Nodes, moves and children as the inspector shows them: positions on the level's grid,
//! not the compiled board's square numbers.

use crate::level::{Dir, Pos};
use crate::solver::deadlock::PruneReason;
use crate::solver::model::table::NodeId;

/// A move of one box as the inspector shows it: a single push, or a macro move (several
/// pushes of the same box, as feature-space search and macros make).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PushView {
    /// The box's position before the move.
    pub from: Pos,
    /// The direction of the last push (for a single push, the push itself).
    pub dir: Dir,
    /// The box's position after the move.
    pub to: Pos,
    /// Pushes the move makes (1 for a single push).
    pub pushes: u32,
}

impl PushView {
    /// A single push of the box on `from` in direction `dir`.
    pub fn single(from: Pos, dir: Dir) -> Self {
        let to = from.step(dir).expect("a push stays on the board");
        PushView { from, dir, to, pushes: 1 }
    }
}

/// One strategy of a portfolio as the inspector shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StrategyView {
    /// What the strategy is.
    pub name: &'static str,
    /// Its planned share of the thread, in percent (of the time for a timed portfolio, of
    /// each budget of expansions otherwise).
    pub share: u32,
    /// The time it has run.
    pub used: std::time::Duration,
    /// Its expansions.
    pub expanded: u64,
    /// Whether it was stepped last (or is the one that finished).
    pub running: bool,
}

/// A node as the inspector shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeView {
    /// The node's id (valid for [`Search::path`](super::Search::path),
    /// [`Search::board`](super::Search::board)).
    pub id: NodeId,
    /// Pushes from the start.
    pub g: u32,
    /// Lower bound of the remaining pushes.
    pub h: u32,
    /// Priority the algorithm orders by (g + h for A*, h for greedy, …).
    pub f: u32,
    /// The push that reached this node (none for the root).
    pub push: Option<PushView>,
}

/// What became of one child of an expansion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A new node, added to the frontier.
    Kept,
    /// Already known at no greater push count.
    Duplicate,
    /// Already known, now reached with fewer pushes (re-opened).
    Improved,
    /// Cut by the cost bound or depth limit.
    OverBound,
    /// Removed by a deadlock detector or an infinite lower bound.
    Pruned(PruneReason),
    /// Kept, and solvable stone by stone (Talking Stones' success test).
    Passes,
    /// Kept, and not solvable stone by stone: where the test stopped.
    Fails(StoneFailure),
}

impl Verdict {
    /// Its name in the JSON output: `kept`, `duplicate`, `improved`, `over-bound`,
    /// `pruned` (the rule said beside it), `passes`, `fails`.
    pub fn key(self) -> &'static str {
        match self {
            Verdict::Kept => "kept",
            Verdict::Duplicate => "duplicate",
            Verdict::Improved => "improved",
            Verdict::OverBound => "over-bound",
            Verdict::Pruned(_) => "pruned",
            Verdict::Passes => "passes",
            Verdict::Fails(_) => "fails",
        }
    }
}

/// Where the stone-by-stone test of a position stopped: no stone could be brought alone
/// onto the next goal of the order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoneFailure {
    /// The goal no stone reached.
    pub goal: Pos,
    /// Goals filled before it.
    pub filled: u32,
    /// The stones that could move and were tried, each failing to reach it alone.
    pub tried: u32,
}

/// One child of the node being expanded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChildView {
    /// The push leading to the child.
    pub push: PushView,
    /// The child's node, when it has one (kept, duplicate or improved).
    pub node: Option<NodeId>,
    /// Pushes from the start.
    pub g: u32,
    /// Lower bound (0 when pruned before it was computed).
    pub h: u32,
    /// The algorithm's priority.
    pub f: u32,
    /// What happened to it.
    pub verdict: Verdict,
    /// The deadlock pattern that pruned it (an index into
    /// [`Search::patterns`](super::Search::patterns)).
    pub pattern: Option<u32>,
}

/// The sub-problem a planner is solving (Demaret's planner: bring some stone onto the next
/// goal of the schedule).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SubProblem {
    /// Which sub-problem, from 1.
    pub index: usize,
    /// How many there are (one per goal).
    pub count: usize,
    /// The square it fills: a goal, or a parking square when the goals are rearranged.
    pub goal: Pos,
    /// Whether `goal` is a parking square (a later sub-problem moves its stone on).
    pub parking: bool,
    /// The parking square whose stone this sub-problem moves onto `goal`, if any.
    pub from: Option<Pos>,
    /// Its depth limit in moves now (the iterative deepening's).
    pub depth: u32,
    /// The stones that could be pushed alone onto the goal from the node developed last
    /// (empty: none can, and the sub-problem searches push by push).
    pub stones: Vec<Pos>,
    /// The goal ordering the plan follows (1, 2 or 3), and whether the user chose it.
    pub ordering: (u32, bool),
    /// Whether and how the goals were rearranged.
    pub rearranged: Rearranged,
    /// Whether this is the plan's second try, keeping only the proved learned patterns.
    pub retry: bool,
}

/// Whether and how the planner's goals were rearranged (stones parked on the way).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rearranged {
    /// Not rearranged.
    No,
    /// By the planner's analysis, where no ordering fills the goals directly.
    ByAnalysis,
    /// By hand (`--park`).
    ByHand,
}
