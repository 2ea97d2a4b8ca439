//! The search tree of the first expansions, as data for a tree view: one node per child
//! generated, under the node of the search node expanded. Built from a [`Trace`]'s steps
//! and edges, or grown one expansion at a time by any search that can say what it
//! expanded and generated (the lab's puzzle searches).
//!
//! A depth-first search that deepens (IDA*, iterative deepening) expands the start again
//! for each bound: [`passes`] draws each of its passes as a tree of its own.
//!
//! [`Trace`]: crate::solver::inspect::Trace

use std::collections::HashMap;
use std::ops::Range;

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

/// A tree grown one expansion at a time: its first expansion's node is the root, each
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
        let first = self.nodes.is_empty();
        if first {
            self.nodes.push(TreeNode {
                parent: None,
                node: Some(node),
                push: None,
                verdict: None,
                born: k,
                expanded: None,
                depth: 0,
            });
        }
        let at = if first { Some(0) } else { self.latest.get(&node).copied() };
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

/// One pass of a search over the start: the expansions from one expansion of the start to
/// the next (a search that never expands the start again has one), as a tree.
#[derive(Clone, Debug, PartialEq)]
pub struct Pass {
    /// The bound of the pass (the counters' bound at its first expansion).
    pub bound: u32,
    /// Its expansions (indices into the trace's steps).
    pub steps: Range<usize>,
    /// Its tree; `born` and `expanded` are indices into the trace's steps.
    pub nodes: Vec<TreeNode>,
}

/// The recorded expansions as trees: one per pass over the start for a depth-first search
/// (whose node ids are reused, so an expansion is placed by its depth and its push under
/// the latest expansion one push shallower), else the one tree of [`build_tree`].
pub fn passes(steps: &[Step], edges: &[Edge], depth_first: bool) -> Vec<Pass> {
    let recorded = steps.len().min(TREE_EXPANSIONS);
    if !depth_first || recorded == 0 {
        let bound = steps.first().map_or(0, |s| u32::from(s.bound));
        return vec![Pass { bound, steps: 0..recorded, nodes: build_tree(steps, edges) }];
    }
    let mut starts: Vec<usize> = (1..recorded).filter(|&k| steps[k].push().is_none()).collect();
    starts.insert(0, 0);
    starts.push(recorded);
    starts
        .windows(2)
        .map(|w| Pass {
            bound: u32::from(steps[w[0]].bound),
            steps: w[0]..w[1],
            nodes: depth_first_tree(steps, edges, w[0]..w[1]),
        })
        .collect()
}

/// The tree of one pass of a depth-first search: the pass's first expansion is the root,
/// each later one hangs where its parent generated it (the child with its push under the
/// node expanded at one push less on the current path, or else the deepest node on the
/// path with such a child), with every child each expansion generated.
fn depth_first_tree(steps: &[Step], edges: &[Edge], pass: Range<usize>) -> Vec<TreeNode> {
    let mut nodes: Vec<TreeNode> = Vec::new();
    // The edges come in the order of their expansions.
    let children_of = |k: usize| {
        let first = edges.partition_point(|e| (e.step as usize) < k);
        let end = edges.partition_point(|e| (e.step as usize) <= k);
        &edges[first..end]
    };
    let add_children = |nodes: &mut Vec<TreeNode>, parent: usize, k: usize| {
        let depth = nodes[parent].depth + 1;
        for e in children_of(k) {
            let c = &e.child;
            nodes.push(TreeNode {
                parent: Some(parent),
                node: c.node,
                push: Some(c.push),
                verdict: Some(c.verdict),
                born: k,
                expanded: None,
                depth,
            });
        }
    };
    // The tree nodes expanded on the current path, from the root.
    let mut path: Vec<usize> = Vec::new();
    for k in pass {
        let step = &steps[k];
        if path.is_empty() {
            nodes.push(TreeNode {
                parent: None,
                node: Some(step.node),
                push: None,
                verdict: None,
                born: k,
                expanded: Some(k),
                depth: 0,
            });
            path.push(0);
            add_children(&mut nodes, 0, k);
            continue;
        }
        let push = step.push();
        let waiting = |nodes: &[TreeNode], parent: usize| {
            nodes.iter().position(|n| {
                n.parent == Some(parent)
                    && n.expanded.is_none()
                    && n.push.map(|p| (p.from, p.dir)) == push
                    && matches!(n.verdict, Some(Verdict::Kept | Verdict::Improved))
            })
        };
        let g = usize::from(step.g);
        let by_depth = (1..=path.len()).contains(&g).then(|| (g, waiting(&nodes, path[g - 1])));
        let found = match by_depth {
            Some((g, Some(i))) => Some((g, i)),
            _ => (1..=path.len()).rev().find_map(|d| waiting(&nodes, path[d - 1]).map(|i| (d, i))),
        };
        let Some((d, i)) = found else { continue };
        path.truncate(d);
        nodes[i].expanded = Some(k);
        path.push(i);
        add_children(&mut nodes, i, k);
    }
    nodes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Level;
    use crate::solver::inspect::trace::{Tracer, lock};
    use crate::solver::{Config, LowerBound, Method, Textbook, build};

    #[test]
    fn a_deepening_search_is_one_tree_per_pass_holding_every_expansion_and_child() {
        let level = Level::from_rows(&[
            "########", "#      #", "# $  . #", "#@$  . #", "#      #", "########",
        ])
        .unwrap();
        for method in
            [Method::IdaStar, Method::IterativeDeepening, Method::Textbook(Textbook::IdaStar)]
        {
            let tracer = Tracer::new();
            let trace = tracer.trace();
            let config =
                Config { lower_bound: LowerBound::BoxesOffGoal, ..Config::with_method(method) };
            let mut search = build(&level, &config, tracer).unwrap();
            search.step(u64::MAX);
            let t = lock(&trace).clone();
            assert!(t.steps.len() < TREE_EXPANSIONS, "{}", method.name());
            let passes = passes(&t.steps, &t.edges, true);
            assert!(passes.len() >= 2, "{}: {} passes", method.name(), passes.len());
            assert_eq!(passes.last().unwrap().steps.end, t.steps.len());
            let mut bound = 0;
            for p in &passes {
                assert!(p.bound > bound || bound == 0, "{}: the bound grows", method.name());
                bound = p.bound;
                let edges = t.edges.iter().filter(|e| p.steps.contains(&(e.step as usize)));
                assert_eq!(p.nodes.len(), 1 + edges.count(), "{}: every child", method.name());
                let expanded = p.nodes.iter().filter(|n| n.expanded.is_some()).count();
                assert_eq!(expanded, p.steps.len(), "{}: every expansion", method.name());
                for n in &p.nodes[1..] {
                    assert_eq!(n.depth, p.nodes[n.parent.unwrap()].depth + 1);
                }
                // A finished pass tried every child it kept: each was expanded, or found a
                // duplicate when its turn came (and shown so).
                if p.steps.end < t.steps.len() {
                    let kept = |n: &&TreeNode| matches!(n.verdict, Some(Verdict::Kept));
                    let waiting = p.nodes.iter().filter(kept).filter(|n| n.expanded.is_none());
                    assert_eq!(waiting.count(), 0, "{}", method.name());
                }
            }
        }
    }
}
