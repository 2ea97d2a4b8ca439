//! What a puzzle search did, expansion by expansion, for the lab's lower views: the
//! history (which node each expansion took, with g, h, f and the open and closed sizes
//! then), the chart drawn from it, and the tree of the first expansions, grown by the
//! inspector's own [`Growing`].

use crate::solver::NodeId;
use crate::solver::inspect::trace::TREE_EXPANSIONS;
use crate::solver::inspect::tree::{Growing, TreeNode};
use crate::solver::textbook::{BookSearch, Problem};

/// One expansion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Expansion {
    /// The node expanded.
    pub node: NodeId,
    /// Its cost from the start.
    pub g: u32,
    /// Its estimate.
    pub h: u32,
    /// Its score, as the search orders by it.
    pub f: u32,
    /// Open states after it.
    pub open: u32,
    /// Closed states after it.
    pub closed: u32,
    /// The bound (IDA*'s threshold, DFS's depth bound) then.
    pub bound: u32,
}

/// The expansions of one search, from its start.
#[derive(Clone, Debug, Default)]
pub struct History {
    /// Every expansion, in order.
    pub steps: Vec<Expansion>,
    /// The trees of the first [`TREE_EXPANSIONS`] expansions: one per pass over the start
    /// (IDA* starts again from it for each bound; the other searches make one pass).
    passes: Vec<Pass>,
}

/// One pass over the start: its bound and its tree.
#[derive(Clone, Debug)]
pub struct Pass {
    /// The bound when the pass began.
    pub bound: u32,
    /// The tree of its expansions (`born` and `expanded` count from the search's first).
    pub tree: Growing,
}

impl History {
    /// The history of `search` as built: its first expansion, when building made one (IDA*
    /// expands the start at once).
    pub fn of<P: Problem>(search: &dyn BookSearch<P>) -> Self {
        let mut history = History::default();
        if search.stats().expanded > 0 {
            history.record(search);
        }
        history
    }

    /// Records the expansion `search` made last (it must trace its children).
    pub fn record<P: Problem>(&mut self, search: &dyn BookSearch<P>) {
        let Some(node) = search.current() else { return };
        let Some(n) = search.tree().get(node) else { return };
        let s = search.stats();
        let k = self.steps.len();
        let count = |v: u64| u32::try_from(v).unwrap_or(u32::MAX);
        self.steps.push(Expansion {
            node,
            g: n.g,
            h: n.h,
            f: search.f(node),
            open: count(s.open),
            closed: count(s.closed),
            bound: s.bound,
        });
        if k < TREE_EXPANSIONS {
            // The start expanded again: a new pass, a tree of its own.
            if n.g == 0 {
                self.passes.push(Pass { bound: s.bound, tree: Growing::default() });
            }
            let children = search.children().iter().map(|c| (c.node, None, c.verdict));
            let pass = self.passes.last_mut().expect("the first expansion began a pass");
            pass.tree.expand(k, node, children);
        }
    }

    /// The passes over the start of the first expansions, first to latest.
    pub fn passes(&self) -> &[Pass] {
        &self.passes
    }

    /// The tree of the latest pass.
    pub fn tree(&self) -> &[TreeNode] {
        self.passes.last().map_or(&[], |p| &p.tree.nodes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::puzzle::{Evaluator, Puzzle};
    use crate::solver::Progress;
    use crate::solver::Random;
    use crate::solver::textbook::AStar;

    #[test]
    fn the_history_and_tree_follow_the_search_one_expansion_at_a_time() {
        let puzzle = Puzzle::solved(3, Evaluator::Good).unwrap();
        let puzzle = puzzle.scrambled(10, &mut Random::new(7));
        let mut search = AStar::new(puzzle, true);
        let mut history = History::default();
        let (mut children, mut after) = (0, (0, 0));
        loop {
            let before = search.stats().expanded;
            let progress = search.step(1);
            if search.stats().expanded > before {
                history.record(&search);
                children += search.children().len();
                after = (search.stats().open, search.stats().closed);
            }
            if progress != Progress::Running {
                break;
            }
        }
        let s = search.stats();
        assert_eq!(history.steps.len() as u64, s.expanded);
        let last = history.steps.last().unwrap();
        assert_eq!((u64::from(last.open), u64::from(last.closed)), after);
        assert_eq!(last.open as u64, s.open + 1, "A* takes the goal off open, not expanding it");
        assert_eq!(history.steps[0].g, 0, "the start is expanded first");
        // Each expansion hangs its children under the node it expanded.
        let tree = history.tree();
        assert_eq!(tree.len(), 1 + children);
        for (k, step) in history.steps.iter().enumerate() {
            let at = tree.iter().position(|n| n.expanded == Some(k));
            let at = at.unwrap_or_else(|| panic!("expansion {k} is in the tree"));
            assert_eq!(tree[at].node, Some(step.node));
            assert_eq!(tree[at].depth as u32, step.g, "a move costs 1");
        }
    }

    /// IDA* expands the start again for each bound: each pass is a tree of its own, rooted
    /// at that expansion of the start, holding every child its expansions generated.
    #[test]
    fn ida_star_draws_one_tree_per_bound() {
        use crate::solver::textbook::IdaStar;
        // The weak estimate needs several bounds.
        let puzzle = Puzzle::solved(3, Evaluator::Weak).unwrap();
        let puzzle = puzzle.scrambled(12, &mut Random::new(3));
        let mut search = IdaStar::new(puzzle, true);
        // Built, it has expanded the start: the first pass's root.
        let mut history = History::of(&search);
        assert_eq!(history.steps.len(), 1);
        let mut children_of_pass: Vec<usize> = vec![search.children().len()];
        loop {
            let before = search.stats().expanded;
            let progress = search.step(1);
            if search.stats().expanded > before {
                let k = history.steps.len();
                history.record(&search);
                let starts = search.tree().get(history.steps[k].node).unwrap().g == 0;
                if starts {
                    children_of_pass.push(0);
                }
                *children_of_pass.last_mut().unwrap() += search.children().len();
            }
            if progress != Progress::Running || history.steps.len() >= TREE_EXPANSIONS {
                break;
            }
        }
        let passes = history.passes();
        assert!(passes.len() >= 2, "{} passes", passes.len());
        assert_eq!(passes.len(), children_of_pass.len());
        for (i, (pass, children)) in passes.iter().zip(&children_of_pass).enumerate() {
            let root = &pass.tree.nodes[0];
            assert!(root.parent.is_none() && root.expanded.is_some(), "pass {i}: {root:?}");
            assert_eq!(pass.tree.nodes.len(), 1 + children, "pass {i} holds every child");
        }
        assert!(passes.windows(2).all(|w| w[0].bound < w[1].bound), "the bound grows");
        assert_eq!(history.tree(), &passes[passes.len() - 1].tree.nodes[..]);
    }
}
