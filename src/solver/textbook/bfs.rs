//! The book's breadth-first search: open is a FIFO queue, the goal is tested when a state
//! is generated, and only the closed set is checked, so a state may be queued (and
//! expanded) twice. The first solution found has the fewest moves.

use crate::solver::model::table::NodeId;
use crate::solver::search::{Progress, Verdict};
use crate::solver::textbook::Problem;
use crate::solver::textbook::book::{Book, Rules};
use std::collections::VecDeque;

/// Breadth-first search state.
pub struct Bfs<P: Problem> {
    book: Book<P>,
    open: VecDeque<NodeId>,
}

impl<P: Problem> Bfs<P> {
    /// A search of `problem` from its start; `trace` records each expansion's children.
    pub fn new(problem: P, trace: bool) -> Self {
        let mut search = Bfs { book: Book::new(problem, trace, true), open: VecDeque::from([0]) };
        search.count();
        search
    }
}

impl<P: Problem> Rules<P> for Bfs<P> {
    fn book(&self) -> &Book<P> {
        &self.book
    }

    fn book_mut(&mut self) -> &mut Book<P> {
        &mut self.book
    }

    fn next(&mut self) -> Option<Progress> {
        let Some(id) = self.open.pop_front() else {
            return Some(Progress::Exhausted { complete: true });
        };
        self.book.close(id);
        self.book.expand(id);
        self.book.stats.bound = self.book.tree.node(id).depth;
        for i in 0..self.book.successors.len() {
            if self.book.pruned(id, i) || self.book.is_closed(id, i) {
                continue;
            }
            let child = self.book.store(id, i);
            self.book.record(id, i, Some(child), Verdict::Kept);
            if self.book.problem.is_goal(&self.book.tree.node(child).state) {
                return Some(Progress::Solved(child));
            }
            self.open.push_back(child);
        }
        None
    }

    fn count(&mut self) {
        self.book.count(self.open.len());
    }

    fn frontier(&self, k: usize) -> Vec<NodeId> {
        self.open.iter().take(k).copied().collect()
    }

    fn optimal(&self) -> bool {
        true
    }

    fn memory(&self) -> usize {
        self.book.memory(0) + self.open.capacity() * 4
    }
}
