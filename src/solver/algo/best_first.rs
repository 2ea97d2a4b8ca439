//! Best-first search on an open list ordered by a priority: A* (g + h, push-optimal with an
//! admissible bound), weighted A* (g + w·h) and greedy best-first (h alone).
//!
//! Ties go to the lower h, then to the newer node. A* tests for the goal when a node is
//! taken from the open list and re-opens nodes reached with fewer pushes, so it stays
//! optimal even where the bound is not consistent; the other two test when a child is
//! generated and never re-open an expanded node.

use crate::solver::model::table::{NodeId, NodeInfo};
use crate::solver::search::core::{Algorithm, Core};
use crate::solver::search::expand::Expander;
use crate::solver::search::step::Flow;
use crate::solver::search::{NodeView, Observer, Progress};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// How the open list is ordered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Priority {
    /// f = g + h.
    AStar,
    /// f = g + w·h.
    Weighted(u32),
    /// f = h.
    Greedy,
}

impl Priority {
    /// The priority of a node.
    #[inline]
    pub fn f(self, info: &NodeInfo) -> u32 {
        match self {
            Priority::AStar => info.g + info.h,
            Priority::Weighted(w) => info.g.saturating_add(w.saturating_mul(info.h)),
            Priority::Greedy => info.h,
        }
    }
}

/// Open-list entry: priority, bound, and the node id inverted so newer nodes come first.
type Entry = Reverse<(u32, u32, Reverse<NodeId>)>;

/// Best-first search state.
#[derive(Debug)]
pub(crate) struct BestFirst<O: Observer> {
    core: Core<O>,
    priority: Priority,
    admissible: bool,
    open: BinaryHeap<Entry>,
}

impl<O: Observer> BestFirst<O> {
    /// A search from the expander's start position ordered by `priority`.
    pub fn new(expander: Expander, priority: Priority, observer: O) -> Self {
        let admissible = expander.lower_bound().admissible();
        let core = Core::new(expander, observer);
        let mut open = BinaryHeap::new();
        if core.done.is_none() {
            let root = core.nodes.info(0);
            open.push(Reverse((priority.f(root), root.h, Reverse(0))));
        }
        BestFirst { core, priority, admissible, open }
    }
}

impl<O: Observer> Algorithm for BestFirst<O> {
    type Trace = O;

    fn core(&self) -> &Core<O> {
        &self.core
    }

    fn core_mut(&mut self) -> &mut Core<O> {
        &mut self.core
    }

    /// Takes the best entry of the open list: a stale one is dropped, a goal ends the
    /// search (A* tests the goal when it takes a node), any other node is expanded.
    fn advance(&mut self) -> Flow {
        let priority = self.priority;
        let reopen = priority == Priority::AStar;
        let Some(Reverse((f, _, Reverse(id)))) = self.open.pop() else {
            return Flow::End(Progress::Exhausted { complete: true });
        };
        let info = *self.core.nodes.info(id);
        if priority.f(&info) != f || (!reopen && info.closed) {
            return Flow::Go;
        }
        if reopen && self.core.problem().is_solved(self.core.nodes.state(id)) {
            return Flow::End(Progress::Solved(id));
        }
        self.core.expanding(id, f);
        self.core.nodes.info_mut(id).closed = true;
        self.core.stats.bound = f;
        self.core.expand(id, true);
        let open = &mut self.open;
        let found = self.core.absorb(
            id,
            |i| priority.f(i),
            |child, info, improved| {
                if reopen || !(improved && info.closed) {
                    open.push(Reverse((priority.f(info), info.h, Reverse(child))));
                }
                !reopen
            },
        );
        self.core.stats.open = self.open.len() as u64;
        match found {
            Some(goal) => Flow::End(Progress::Solved(goal)),
            None => Flow::Go,
        }
    }

    fn own_memory(&self) -> usize {
        self.open.capacity() * std::mem::size_of::<Entry>()
    }

    fn optimal(&self) -> bool {
        self.priority == Priority::AStar && self.admissible
    }

    /// Walks the heap's array from the root, best entry first, so the cost grows with `k`
    /// (and the stale entries met on the way), not with the size of the open list.
    fn frontier(&self, k: usize) -> Vec<NodeView> {
        let heap = self.open.as_slice();
        let mut out: Vec<NodeView> = Vec::with_capacity(k);
        let mut next: BinaryHeap<(Entry, usize)> = BinaryHeap::new();
        if let Some(&root) = heap.first() {
            next.push((root, 0));
        }
        while let Some((Reverse((f, _, Reverse(id))), i)) = next.pop() {
            if out.len() == k {
                break;
            }
            let info = self.core.nodes.info(id);
            let live = self.priority.f(info) == f
                && !(self.priority != Priority::AStar && info.closed)
                && !out.iter().any(|v| v.id == id);
            if live {
                out.push(self.core.node_view(id, f));
            }
            for child in [2 * i + 1, 2 * i + 2] {
                if let Some(&entry) = heap.get(child) {
                    next.push((entry, child));
                }
            }
        }
        out
    }

    fn f(&self, _: NodeId, info: &NodeInfo) -> u32 {
        self.priority.f(info)
    }
}
