//! Breadth-first search over pushes: expands positions in order of push count, so the first
//! solution found is push-optimal. Ignores the lower bound except to prune infinite ones.

use crate::solver::model::table::{NodeId, NodeInfo};
use crate::solver::search::core::{Algorithm, Core};
use crate::solver::search::expand::Expander;
use crate::solver::search::step::Flow;
use crate::solver::search::{NodeView, Observer, Progress};

/// Breadth-first search state.
#[derive(Debug)]
pub(crate) struct Bfs<O: Observer> {
    core: Core<O>,
    /// Every node queued, in order; those from `head` on wait. The ones taken are dropped
    /// now and then, unless the search keeps marks (a mark is then the two ends).
    queue: Vec<NodeId>,
    head: usize,
}

impl<O: Observer> Bfs<O> {
    /// A search from the expander's start position.
    pub fn new(expander: Expander, observer: O) -> Self {
        Bfs { core: Core::new(expander, observer), queue: vec![0], head: 0 }
    }

    fn waiting(&self) -> &[NodeId] {
        &self.queue[self.head..]
    }
}

impl<O: Observer> Algorithm for Bfs<O> {
    type Trace = O;

    fn core(&self) -> &Core<O> {
        &self.core
    }

    fn core_mut(&mut self) -> &mut Core<O> {
        &mut self.core
    }

    fn advance(&mut self) -> Flow {
        let Some(&id) = self.queue.get(self.head) else {
            return Flow::End(Progress::Exhausted { complete: true });
        };
        self.head += 1;
        if self.core.journal.is_none() && self.head >= 4096 && self.head * 2 >= self.queue.len() {
            self.queue.drain(..self.head);
            self.head = 0;
        }
        self.core.expanding(id, self.core.nodes.info(id).g);
        self.core.close(id);
        self.core.expand(id, true);
        let queue = &mut self.queue;
        let found = self.core.absorb(
            id,
            |i| i.g,
            |child, _, _| {
                queue.push(child);
                true
            },
        );
        self.core.stats.open = self.waiting().len() as u64;
        self.core.stats.bound = self.core.nodes.info(id).g;
        match found {
            Some(goal) => Flow::End(Progress::Solved(goal)),
            None => Flow::Go,
        }
    }

    fn own_memory(&self) -> usize {
        self.queue.capacity() * 4
    }

    fn optimal(&self) -> bool {
        true
    }

    fn frontier(&self, k: usize) -> Vec<NodeView> {
        self.waiting()
            .iter()
            .take(k)
            .map(|&id| self.core.node_view(id, self.core.nodes.info(id).g))
            .collect()
    }

    fn f(&self, _: NodeId, info: &NodeInfo) -> u32 {
        info.g
    }

    fn frontier_mark(&self) -> Option<[u64; 2]> {
        Some([self.head as u64, self.queue.len() as u64])
    }

    fn rewind_frontier(&mut self, [head, len]: [u64; 2]) {
        self.queue.truncate(len as usize);
        self.head = head as usize;
    }
}
