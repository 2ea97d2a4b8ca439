//! Breadth-first search over pushes: expands positions in order of push count, so the first
//! solution found is push-optimal. Ignores the lower bound except to prune infinite ones.

use crate::solver::expand::Expander;
use crate::solver::search::{Core, NodeView, Observer, Progress, Search, core_inspection};
use crate::solver::table::{NodeId, NodeInfo};
use std::collections::VecDeque;

/// Breadth-first search state.
#[derive(Debug)]
pub struct Bfs<O: Observer> {
    core: Core<O>,
    queue: VecDeque<NodeId>,
    done: Option<Progress>,
}

impl<O: Observer> Bfs<O> {
    /// A search from the expander's start position.
    pub fn new(mut expander: Expander, observer: O) -> Self {
        let (state, hash, h) = expander.root();
        let solved = expander.is_solved(&state);
        let mut core = Core::new(expander, observer);
        let root = crate::solver::table::Push { from: 0, dir: 0 };
        let info = NodeInfo { parent: 0, push: root, g: 0, h, closed: false };
        core.nodes.insert(&state, hash, info);
        let done = if solved {
            Some(Progress::Solved(0))
        } else if h == crate::solver::bounds::INFINITE {
            Some(Progress::Exhausted { complete: true })
        } else {
            None
        };
        Bfs { core, queue: VecDeque::from([0]), done }
    }
}

impl<O: Observer> Search for Bfs<O> {
    fn step(&mut self, budget: u64) -> Progress {
        if let Some(done) = self.done {
            return done;
        }
        for _ in 0..budget {
            let Some(id) = self.queue.pop_front() else {
                self.done = Some(Progress::Exhausted { complete: true });
                return Progress::Exhausted { complete: true };
            };
            if O::ENABLED {
                let view = self.core.node_view(id, self.core.nodes.info(id).g);
                self.core.observer.expanding(view);
            }
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

    fn memory(&self) -> usize {
        self.core.memory() + self.queue.capacity() * 4
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

    core_inspection!(|_, i| i.g);
}
