//! Tracing: an [`Observer`] receives every expansion. The default [`NoTrace`] does nothing
//! and is compiled away; [`Recorder`] keeps the last expansion for display.

use crate::solver::model::table::Nodes;
use crate::solver::search::stats::Stats;
use crate::solver::search::view::{ChildView, NodeView};

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
    /// A child a depth-first search kept when it expanded the child's parent (at the
    /// latest expansion of `child.g - 1` pushes) turned out otherwise when the search tried
    /// it later: `child` with its final verdict (a sibling's subtree reached it first).
    fn tried(&mut self, _child: ChildView) {}
    /// The search went back to where it stood after `expansions` expansions (about to
    /// re-run from there); `nodes` still holds every node expanded since, to take what was
    /// recorded of them out.
    fn rewind(&mut self, _expansions: u64, _nodes: &Nodes) {}
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
