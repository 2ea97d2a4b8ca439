//! Breadth-first search over pushes: expands positions in order of push count, so the first
//! solution found is push-optimal. Ignores the lower bound except to prune infinite ones.

use crate::solver::model::table::{NodeId, NodeInfo};
use crate::solver::search::core::{Algorithm, Core};
use crate::solver::search::expand::Expander;
use crate::solver::search::{NodeView, Observer, Progress};
use std::collections::VecDeque;

/// Breadth-first search state.
#[derive(Debug)]
pub(crate) struct Bfs<O: Observer> {
    core: Core<O>,
    queue: VecDeque<NodeId>,
    done: Option<Progress>,
}

impl<O: Observer> Bfs<O> {
    /// A search from the expander's start position.
    pub fn new(expander: Expander, observer: O) -> Self {
        let core = Core::new(expander, observer);
        let done = core.settled;
        Bfs { core, queue: VecDeque::from([0]), done }
    }
}

impl<O: Observer> Algorithm for Bfs<O> {
    type Trace = O;

    fn core(&self) -> &Core<O> {
        &self.core
    }

    fn step(&mut self, budget: u64) -> Progress {
        if let Some(done) = self.done {
            return done;
        }
        for _ in 0..budget {
            if self.core.interrupted() {
                break;
            }
            let Some(id) = self.queue.pop_front() else {
                self.done = Some(Progress::Exhausted { complete: true });
                return Progress::Exhausted { complete: true };
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
            if let Some(goal) = found {
                self.done = Some(Progress::Solved(goal));
                return Progress::Solved(goal);
            }
        }
        Progress::Running
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
