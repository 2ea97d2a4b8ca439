//! The book's breadth-first search: open is a FIFO queue, the goal is tested when a state
//! is generated, and only the closed set is checked, so a state may be queued (and
//! expanded) twice. The first solution found has the fewest moves.

use crate::solver::model::table::NodeId;
use crate::solver::search::{Progress, Verdict};
use crate::solver::textbook::Problem;
use crate::solver::textbook::book::{Book, Rules};
use std::collections::{HashSet, VecDeque};

/// Breadth-first search state.
pub struct Bfs<P: Problem> {
    book: Book<P>,
    open: VecDeque<NodeId>,
    closed: HashSet<P::State>,
}

impl<P: Problem> Bfs<P> {
    /// A search of `problem` from its start; `trace` records each expansion's children.
    pub fn new(problem: P, trace: bool) -> Self {
        Bfs {
            book: Book::new(problem, trace, true),
            open: VecDeque::from([0]),
            closed: HashSet::new(),
        }
    }

    fn counts(&mut self) {
        self.book.stats.open = self.open.len() as u64;
        self.book.stats.closed = self.closed.len() as u64;
    }
}

impl<P: Problem> Rules<P> for Bfs<P> {
    fn book(&self) -> &Book<P> {
        &self.book
    }

    fn step(&mut self, budget: u64) -> Progress {
        if let Some(done) = self.book.done {
            return done;
        }
        for _ in 0..budget {
            if self.book.problem.interrupted() {
                break;
            }
            let Some(id) = self.open.pop_front() else {
                self.counts();
                return self.book.finish(Progress::Exhausted { complete: true });
            };
            self.closed.insert(self.book.tree.node(id).state.clone());
            self.book.expand(id);
            self.book.stats.bound = self.book.tree.node(id).depth;
            for i in 0..self.book.successors.len() {
                if self.book.pruned(id, i) {
                    continue;
                }
                if self.closed.contains(&self.book.successors[i].state) {
                    self.book.stats.duplicates += 1;
                    self.book.record(id, i, None, Verdict::Duplicate);
                    continue;
                }
                let child = self.book.store(id, i);
                self.book.record(id, i, Some(child), Verdict::Kept);
                if self.book.problem.is_goal(&self.book.tree.node(child).state) {
                    self.counts();
                    return self.book.finish(Progress::Solved(child));
                }
                self.open.push_back(child);
            }
            self.counts();
        }
        Progress::Running
    }

    fn frontier(&self, k: usize) -> Vec<NodeId> {
        self.open.iter().take(k).copied().collect()
    }

    fn optimal(&self) -> bool {
        true
    }

    fn memory(&self) -> usize {
        self.book.memory(self.closed.len()) + self.open.capacity() * 4
    }
}
