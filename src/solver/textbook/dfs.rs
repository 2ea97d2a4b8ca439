//! The book's depth-first search with a depth bound: open is a stack, the goal is tested
//! when a state is generated, and a state once expanded is closed for good, even when a
//! shorter path to it turns up later. That refusal is the horizon effect: a state first
//! reached near the bound cannot be expanded again from higher up, so a bounded DFS can
//! miss a solution well within its bound.

use crate::solver::model::table::NodeId;
use crate::solver::search::{Progress, Verdict};
use crate::solver::textbook::Problem;
use crate::solver::textbook::book::{Book, Rules};
use std::collections::HashSet;

/// Depth-first search state.
pub struct Dfs<P: Problem> {
    book: Book<P>,
    bound: u32,
    open: Vec<NodeId>,
    closed: HashSet<P::State>,
    /// Whether a successor was dropped at the bound (then failure proves nothing).
    cut: bool,
}

impl<P: Problem> Dfs<P> {
    /// A search of `problem` from its start that stores no state `bound` moves deep or
    /// deeper (such states are still tested for the goal); `trace` records each
    /// expansion's children.
    pub fn new(problem: P, bound: u32, trace: bool) -> Self {
        let book = Book::new(problem, trace, true);
        Dfs { book, bound, open: vec![0], closed: HashSet::new(), cut: false }
    }

    fn counts(&mut self) {
        self.book.stats.open = self.open.len() as u64;
        self.book.stats.closed = self.closed.len() as u64;
    }
}

impl<P: Problem> Rules<P> for Dfs<P> {
    fn book(&self) -> &Book<P> {
        &self.book
    }

    fn step(&mut self, budget: u64) -> Progress {
        if let Some(done) = self.book.done {
            return done;
        }
        self.book.stats.bound = self.bound;
        for _ in 0..budget {
            if self.book.problem.interrupted() {
                break;
            }
            let Some(id) = self.open.pop() else {
                self.counts();
                return self.book.finish(Progress::Exhausted { complete: !self.cut });
            };
            self.closed.insert(self.book.tree.node(id).state.clone());
            self.book.expand(id);
            let depth = self.book.tree.node(id).depth + 1;
            for i in 0..self.book.successors.len() {
                if self.book.pruned(id, i) {
                    continue;
                }
                let state = &self.book.successors[i].state;
                if self.closed.contains(state) {
                    self.book.stats.duplicates += 1;
                    self.book.record(id, i, None, Verdict::Duplicate);
                    continue;
                }
                if self.book.problem.is_goal(state) {
                    let child = self.book.store(id, i);
                    self.book.record(id, i, Some(child), Verdict::Kept);
                    self.counts();
                    return self.book.finish(Progress::Solved(child));
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
            self.counts();
        }
        Progress::Running
    }

    fn frontier(&self, k: usize) -> Vec<NodeId> {
        self.open.iter().rev().take(k).copied().collect()
    }

    fn optimal(&self) -> bool {
        false
    }

    fn memory(&self) -> usize {
        self.book.memory(self.closed.len()) + self.open.capacity() * 4
    }
}
