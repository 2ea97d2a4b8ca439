//! The book's depth-first search with a depth bound: open is a stack, the goal is tested
//! when a state is generated, and a state once expanded is closed for good, even when a
//! shorter path to it turns up later. That refusal is the horizon effect: a state first
//! reached near the bound cannot be expanded again from higher up, so a bounded DFS can
//! miss a solution well within its bound.

use crate::solver::model::table::NodeId;
use crate::solver::search::{Progress, Verdict};
use crate::solver::textbook::Problem;
use crate::solver::textbook::book::{Book, Rules};

/// Depth-first search state.
pub struct Dfs<P: Problem> {
    book: Book<P>,
    bound: u32,
    open: Vec<NodeId>,
    /// Whether a successor was dropped at the bound (then failure proves nothing).
    cut: bool,
}

impl<P: Problem> Dfs<P> {
    /// A search of `problem` from its start that stores no state `bound` moves deep or
    /// deeper (such states are still tested for the goal); `trace` records each
    /// expansion's children.
    pub fn new(problem: P, bound: u32, trace: bool) -> Self {
        let book = Book::new(problem, trace, true);
        let mut search = Dfs { book, bound, open: vec![0], cut: false };
        search.count();
        search
    }
}

impl<P: Problem> Rules<P> for Dfs<P> {
    fn book(&self) -> &Book<P> {
        &self.book
    }

    fn book_mut(&mut self) -> &mut Book<P> {
        &mut self.book
    }

    fn next(&mut self) -> Option<Progress> {
        let Some(id) = self.open.pop() else {
            return Some(Progress::Exhausted { complete: !self.cut });
        };
        self.book.close(id);
        self.book.expand(id);
        let depth = self.book.tree.node(id).depth + 1;
        for i in 0..self.book.successors.len() {
            if self.book.pruned(id, i) || self.book.is_closed(id, i) {
                continue;
            }
            if self.book.problem.is_goal(&self.book.successors[i].state) {
                let child = self.book.store(id, i);
                self.book.record(id, i, Some(child), Verdict::Kept);
                return Some(Progress::Solved(child));
            }
            if depth >= self.bound {
                self.cut = true;
                self.book.record(id, i, None, Verdict::OverBound);
                continue;
            }
            let child = self.book.store(id, i);
            self.book.record(id, i, Some(child), Verdict::Kept);
            self.open.push(child);
        }
        None
    }

    fn count(&mut self) {
        self.book.count(self.open.len());
        self.book.stats.bound = self.bound;
    }

    fn frontier(&self, k: usize) -> Vec<NodeId> {
        self.open.iter().rev().take(k).copied().collect()
    }

    fn optimal(&self) -> bool {
        false
    }

    fn memory(&self) -> usize {
        self.book.memory(0) + self.open.capacity() * 4
    }
}
