//! The search tree of the first expansions, as data for a tree view: one node per child
//! generated, under the node of the search node expanded. Built from a [`Trace`]'s steps
//! and edges, or grown one expansion at a time by any search that can say what it
//! expanded and generated (the lab's puzzle searches).
//!
//! [`Trace`]: crate::solver::inspect::Trace

use std::collections::HashMap;

use crate::solver::inspect::trace::{Edge, Step, TREE_EXPANSIONS};
use crate::solver::{NodeId, PushView, Verdict};

/// One node of the tree.
#[derive(Clone, Debug, PartialEq)]
pub struct TreeNode {
    /// Its parent in the tree (none for the start).
    pub parent: Option<usize>,
    /// The search's node id, when it has one.
    pub node: Option<NodeId>,
    /// The push from the parent.
    pub push: Option<PushView>,
    /// What became of it when it was generated (none for the start).
    pub verdict: Option<Verdict>,
    /// The expansion that generated it.
    pub born: usize,
    /// The expansion that expanded it, if it was expanded.
    pub expanded: Option<usize>,
    /// Pushes from the start.
    pub depth: usize,
}

/// A tree grown one expansion at a time: the first expansion's node is the root, each
/// child hangs under the tree node of the search node expanded, and a kept child is where
/// that search node's next expansion is drawn.
#[derive(Clone, Debug, Default)]
pub struct Growing {
    /// The nodes, parents before children.
    pub nodes: Vec<TreeNode>,
    latest: HashMap<NodeId, usize>,
}

impl Growing {
    /// Expansion `k` expanded search node `node` and generated `children` (each its node,
    /// the push to it when Sokoban's, and its verdict).
    pub fn expand(
        &mut self,
        k: usize,
        node: NodeId,
        children: impl IntoIterator<Item = (Option<NodeId>, Option<PushView>, Verdict)>,
    ) {
        if self.nodes.is_empty() {
            self.nodes.push(TreeNode {
                parent: None,
                node: Some(node),
                push: None,
                verdict: None,
                born: 0,
                expanded: None,
                depth: 0,
            });
        }
        let at = if k == 0 { Some(0) } else { self.latest.get(&node).copied() };
        if let Some(t) = at {
            self.nodes[t].expanded.get_or_insert(k);
        }
        let Some(parent) = at else { return };
        for (child, push, verdict) in children {
            let index = self.nodes.len();
            if let (
                Some(id),
                Verdict::Kept | Verdict::Improved | Verdict::Passes | Verdict::Fails(_),
            ) = (child, verdict)
            {
                self.latest.insert(id, index);
            }
            let depth = self.nodes[parent].depth + 1;
            self.nodes.push(TreeNode {
                parent: Some(parent),
                node: child,
                push,
                verdict: Some(verdict),
                born: k,
                expanded: None,
                depth,
            });
        }
    }
}

/// The tree of the recorded expansions: the start, then one node per generated child.
pub fn build_tree(steps: &[Step], edges: &[Edge]) -> Vec<TreeNode> {
    let mut tree = Growing::default();
    let mut next_edge = 0;
    for (k, step) in steps.iter().enumerate().take(TREE_EXPANSIONS) {
        let first = next_edge;
        while next_edge < edges.len() && edges[next_edge].step as usize == k {
            next_edge += 1;
        }
        let children = edges[first..next_edge].iter().map(|e| {
            let c = &e.child;
            (c.node, Some(c.push), c.verdict)
        });
        tree.expand(k, step.node, children);
    }
    if tree.nodes.is_empty() {
        tree.expand(0, 0, []);
        tree.nodes[0].node = None;
    }
    tree.nodes
}
