//! The trait every algorithm implements, its statistics, and the inspection API.
//!
//! A search is a resumable struct: [`Search::step`] runs up to `budget` expansions and
//! returns. The worker thread calls it with large budgets; the inspector calls it with a
//! budget of one and reads the node just expanded, its children with their verdicts, the
//! best frontier nodes and the path to any node. Tracing goes through an [`Observer`]: the
//! default [`NoTrace`] does nothing and is compiled away, [`Recorder`] keeps the last
//! expansion for display.

use crate::level::{Dir, Level, Pos};
use crate::solver::box_moves::Macro;
use crate::solver::deadlock::PruneReason;
use crate::solver::expand::Expander;
use crate::solver::problem::Problem;
use crate::solver::table::{NodeId, NodeInfo, Nodes};
use std::collections::HashMap;
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
}

impl Stats {
    /// Children pruned for `reason`.
    pub fn pruned_by(&self, reason: PruneReason) -> u64 {
        self.pruned[reason.index()]
    }

    /// All pruned children.
    pub fn pruned_total(&self) -> u64 {
        self.pruned.iter().sum()
    }
}

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
}

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

/// A node as the inspector shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeView {
    /// The node's id (valid for [`Search::path`], [`Search::board`]).
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
    /// The deadlock pattern that pruned it (an index into [`Search::patterns`]).
    pub pattern: Option<u32>,
}

/// Receives every expansion. `ENABLED = false` lets the compiler drop all tracing code.
pub trait Observer: Send {
    /// Whether the search should build views for this observer at all.
    const ENABLED: bool;
    /// A node is about to be expanded.
    fn expanding(&mut self, _node: NodeView) {}
    /// The state of that node (box bitset words, then the player square) and the counters
    /// just before it is expanded.
    fn state(&mut self, _state: &[u64], _stats: &Stats) {}
    /// One child of that node and its verdict.
    fn child(&mut self, _child: ChildView) {}
    /// The node of the last expansion.
    fn current(&self) -> Option<NodeView> {
        None
    }
    /// The children of the last expansion.
    fn children(&self) -> &[ChildView] {
        &[]
    }
}

/// The fast path: records nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoTrace;

impl Observer for NoTrace {
    const ENABLED: bool = false;
}

/// Keeps the last expansion: its node and its children with verdicts.
#[derive(Clone, Debug, Default)]
pub struct Recorder {
    current: Option<NodeView>,
    children: Vec<ChildView>,
}

impl Observer for Recorder {
    const ENABLED: bool = true;
    fn expanding(&mut self, node: NodeView) {
        self.current = Some(node);
        self.children.clear();
    }
    fn child(&mut self, child: ChildView) {
        self.children.push(child);
    }
    fn current(&self) -> Option<NodeView> {
        self.current
    }
    fn children(&self) -> &[ChildView] {
        &self.children
    }
}

/// What every algorithm holds: the expander (problem and successor generation), the node
/// store, the counters and the observer.
#[derive(Debug)]
pub struct Core<O: Observer> {
    /// Successor generation.
    pub expander: Expander,
    /// Stored nodes.
    pub nodes: Nodes,
    /// Counters.
    pub stats: Stats,
    /// Tracing.
    pub observer: O,
    /// Copy of the state being expanded (the expander must not borrow the store).
    pub scratch: Vec<u64>,
    /// The nodes reached by a macro move (several pushes of one box), with that move.
    pub macros: HashMap<NodeId, Macro>,
}

impl<O: Observer> Core<O> {
    /// A core for `expander` with tracing by `observer`.
    pub fn new(expander: Expander, observer: O) -> Self {
        let nodes = Nodes::new(expander.problem.stride);
        Core {
            expander,
            nodes,
            stats: Stats::default(),
            observer,
            scratch: Vec::new(),
            macros: HashMap::new(),
        }
    }

    /// The view of macro move `m`.
    pub fn macro_view(&self, m: Macro) -> PushView {
        let board = &self.expander.problem.board;
        PushView {
            from: board.pos(m.from),
            dir: Dir::ALL[m.dir as usize],
            to: board.pos(m.to),
            pushes: u32::from(m.pushes),
        }
    }

    /// The view of a child's move.
    fn child_view(&self, child: &crate::solver::expand::Child) -> PushView {
        match child.macro_move {
            Some(m) => self.macro_view(m),
            None => self.push_view(child.push),
        }
    }

    /// Every single push from the root to node `id`, macro moves expanded.
    pub fn pushes_to(&self, id: NodeId) -> Vec<(crate::level::Pos, Dir)> {
        let path = self.nodes.path(id);
        let p = &self.expander.problem;
        let mut moves = crate::solver::box_moves::BoxMoves::default();
        let mut out = Vec::new();
        for pair in path.windows(2) {
            match self.macros.get(&pair[1]) {
                Some(&m) => {
                    let state = self.nodes.state(pair[0]);
                    let pushes = moves.pushes_of(p, state, m).unwrap_or_default();
                    out.extend(
                        pushes.into_iter().map(|(s, d)| (p.board.pos(s), Dir::ALL[d as usize])),
                    );
                }
                None => {
                    let push = self.nodes.info(pair[1]).push;
                    out.push((p.board.pos(push.from), Dir::ALL[push.dir as usize]));
                }
            }
        }
        out
    }

    /// The view of a push stored in node form.
    pub fn push_view(&self, push: crate::solver::table::Push) -> PushView {
        let board = &self.expander.problem.board;
        let to = board.nbr(push.from, push.dir as usize);
        PushView {
            from: board.pos(push.from),
            dir: Dir::ALL[push.dir as usize],
            to: board.pos(to),
            pushes: 1,
        }
    }

    /// The view of node `id`, with `f` computed by the caller's priority.
    pub fn node_view(&self, id: NodeId, f: u32) -> NodeView {
        let info = self.nodes.info(id);
        let push = (info.parent != id).then(|| match self.macros.get(&id) {
            Some(&m) => self.macro_view(m),
            None => self.push_view(info.push),
        });
        NodeView { id, g: info.g, h: info.h, f, push }
    }

    /// Copies node `id`'s state into the scratch buffer and expands it. With `skip_stored`,
    /// children already in the node store are not judged again (see [`Expander::expand`]);
    /// searches whose store holds every node they reached use it.
    pub fn expand(&mut self, id: NodeId, skip_stored: bool) {
        self.scratch.clear();
        self.scratch.extend_from_slice(self.nodes.state(id));
        if O::ENABLED {
            self.observer.state(&self.scratch, &self.stats);
        }
        let nodes = &self.nodes;
        self.expander.expand(&self.scratch, |state, hash| {
            if skip_stored { nodes.find(state, hash) } else { None }
        });
        self.stats.expanded += 1;
        self.stats.generated += self.expander.children.len() as u64;
    }

    /// Memory held by the store and expander buffers, in bytes.
    pub fn memory(&self) -> usize {
        self.nodes.memory() + self.expander.states.capacity() * 8
    }
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
    /// Whether a solution this search finds is push-optimal (given its configuration).
    fn optimal(&self) -> bool;
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
    /// counts; empty for searches without a pattern database.
    fn patterns(&self) -> Vec<crate::solver::deadlock::patterns::PatternView> {
        Vec::new()
    }
    /// Named measurements of node `id` beyond g, h and f, for the inspector (feature-space
    /// search lists its features); empty for searches without any.
    fn node_features(&self, _id: NodeId) -> Vec<(&'static str, u32)> {
        Vec::new()
    }
    /// Every single push from the root to node `id`, in order, macro moves expanded (empty
    /// for an unknown id). Solutions are rebuilt from it.
    fn pushes_to(&self, id: NodeId) -> Vec<(Pos, Dir)> {
        self.path(id)
            .iter()
            .filter_map(|&n| self.node(n).and_then(|v| v.push))
            .map(|p| (p.from, p.dir))
            .collect()
    }
}

/// Implements the inspection methods that only read the [`Core`] in field `core`; `$f` maps
/// a `&NodeInfo` to the algorithm's priority.
macro_rules! core_inspection {
    ($f:expr) => {
        fn stats(&self) -> &$crate::solver::search::Stats {
            &self.core.stats
        }
        fn problem(&self) -> &$crate::solver::problem::Problem {
            &self.core.expander.problem
        }
        fn current(&self) -> Option<$crate::solver::search::NodeView> {
            self.core.observer.current()
        }
        fn children(&self) -> &[$crate::solver::search::ChildView] {
            self.core.observer.children()
        }
        fn node(
            &self,
            id: $crate::solver::table::NodeId,
        ) -> Option<$crate::solver::search::NodeView> {
            ((id as usize) < self.core.nodes.len()).then(|| {
                let f: fn(&Self, &$crate::solver::table::NodeInfo) -> u32 = $f;
                self.core.node_view(id, f(self, self.core.nodes.info(id)))
            })
        }
        fn path(&self, id: $crate::solver::table::NodeId) -> Vec<$crate::solver::table::NodeId> {
            if (id as usize) < self.core.nodes.len() {
                self.core.nodes.path(id)
            } else {
                Vec::new()
            }
        }
        fn board(&self, id: $crate::solver::table::NodeId) -> Option<$crate::level::Level> {
            ((id as usize) < self.core.nodes.len())
                .then(|| self.core.expander.problem.level_of(self.core.nodes.state(id)))
        }
        fn patterns(&self) -> Vec<$crate::solver::deadlock::patterns::PatternView> {
            self.core.expander.patterns().views(&self.core.expander.problem)
        }
        fn pushes_to(
            &self,
            id: $crate::solver::table::NodeId,
        ) -> Vec<($crate::level::Pos, $crate::level::Dir)> {
            if (id as usize) < self.core.nodes.len() { self.core.pushes_to(id) } else { Vec::new() }
        }
    };
}
pub(crate) use core_inspection;

impl<O: Observer> Core<O> {
    /// Stores the kept children of the last expansion of `parent` (pushes count one each).
    /// `admit` is called with every child that is new or now reached with fewer pushes; it
    /// returns whether the child's goal test should end the search (the first such child
    /// is returned). `f` is the algorithm's priority, used for tracing only.
    pub fn absorb(
        &mut self,
        parent: NodeId,
        f: impl Fn(&NodeInfo) -> u32,
        mut admit: impl FnMut(NodeId, &NodeInfo, bool) -> bool,
    ) -> Option<NodeId> {
        use crate::solver::table::Insert;
        let base = self.nodes.info(parent).g;
        let mut found = None;
        for i in 0..self.expander.children.len() {
            let child = self.expander.children[i];
            let g = base + child.macro_move.map_or(1, |m| u32::from(m.pushes));
            if let Some(reason) = child.pruned {
                self.stats.pruned[reason.index()] += 1;
                if O::ENABLED {
                    let push = self.child_view(&child);
                    let verdict = Verdict::Pruned(reason);
                    let v = ChildView {
                        push,
                        node: None,
                        g,
                        h: child.h,
                        f: 0,
                        verdict,
                        pattern: child.pattern,
                    };
                    self.observer.child(v);
                }
                continue;
            }
            let info = NodeInfo { parent, push: child.push, g, h: child.h, closed: false };
            let state = self.expander.child_state(i);
            let inserted = match child.stored {
                Some(id) => Insert::Known(id),
                None => self.nodes.insert(state, child.hash, info),
            };
            let (id, verdict) = match inserted {
                Insert::New(id) => (id, Verdict::Kept),
                Insert::Known(id) => {
                    let old = self.nodes.info_mut(id);
                    if g < old.g {
                        *old = NodeInfo { h: old.h, closed: old.closed, ..info };
                        (id, Verdict::Improved)
                    } else {
                        self.stats.duplicates += 1;
                        (id, Verdict::Duplicate)
                    }
                }
            };
            if verdict != Verdict::Duplicate {
                match child.macro_move {
                    Some(m) => self.macros.insert(id, m),
                    None => self.macros.remove(&id),
                };
            }
            self.stats.depth = self.stats.depth.max(g);
            let info = *self.nodes.info(id);
            if O::ENABLED {
                let push = self.child_view(&child);
                let v = ChildView {
                    push,
                    node: Some(id),
                    g,
                    h: info.h,
                    f: f(&info),
                    verdict,
                    pattern: None,
                };
                self.observer.child(v);
            }
            if verdict != Verdict::Duplicate
                && admit(id, &info, verdict == Verdict::Improved)
                && child.solved
                && found.is_none()
            {
                found = Some(id);
            }
        }
        self.stats.closed = self.nodes.len() as u64;
        found
    }
}
