//! Breadth-first search over pushes: expands positions in order of push count, so the first
//! solution found is push-optimal. Ignores the lower bound except to prune infinite ones.

use crate::solver::model::table::{NodeId, NodeInfo};
use crate::solver::search::core::{Algorithm, Core};
use crate::solver::search::expand::Expander;
use crate::solver::search::step::Flow;
use crate::solver::search::{NodeView, Observer, Progress};
use std::collections::VecDeque;

/// Breadth-first search state.
#[derive(Debug)]
pub(crate) struct Bfs<O: Observer> {
    core: Core<O>,
    queue: VecDeque<NodeId>,
}

impl<O: Observer> Bfs<O> {
    /// A search from the expander's start position.
    pub fn new(expander: Expander, observer: O) -> Self {
        Bfs { core: Core::new(expander, observer), queue: VecDeque::from([0]) }
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
        let Some(id) = self.queue.pop_front() else {
            return Flow::End(Progress::Exhausted { complete: true });
        };
        self.core.expanding(id, self.core.nodes.info(id).g);
        self.core.nodes.info_mut(id).closed = true;
        self.core.expand(id, true);
        let queue = &mut self.queue;
        let found = self.core.absorb(
            id,
            |i| i.g,
            |child, _, _| {
                queue.push_back(child);
                true
            },
        );
        self.core.stats.open = self.queue.len() as u64;
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
        self.queue
            .iter()
            .take(k)
            .map(|&id| self.core.node_view(id, self.core.nodes.info(id).g))
            .collect()
    }

    fn f(&self, _: NodeId, info: &NodeInfo) -> u32 {
        info.g
    }
}
