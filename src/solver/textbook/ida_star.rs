//! IDA*: depth-first passes, each cut where the score passes a bound; the first bound is
//! the start's estimate and each next one the least score that passed the last (Korf's
//! rule). No closed set: a state is refused only when it is already on the path. The goal
//! is tested when a state is visited. The nodes stored are the path and the untried
//! siblings along it; a finished subtree is forgotten, so node ids are reused.

use crate::solver::model::table::NodeId;
use crate::solver::search::{Progress, Verdict};
use crate::solver::textbook::Problem;
use crate::solver::textbook::book::{Book, Rules};

/// One expanded node on the path: its stored children `next..end` are still to visit.
#[derive(Clone, Copy, Debug)]
struct Frame {
    first: NodeId,
    next: NodeId,
    end: NodeId,
}

/// IDA* search state.
pub struct IdaStar<P: Problem> {
    book: Book<P>,
    bound: u32,
    next_bound: u32,
    frames: Vec<Frame>,
}

impl<P: Problem> IdaStar<P> {
    /// A search of `problem` from its start; `trace` records each expansion's children.
    pub fn new(problem: P, trace: bool) -> Self {
        let book = Book::new(problem, trace, false);
        let bound = book.f(0);
        let mut search = IdaStar { book, bound, next_bound: u32::MAX, frames: Vec::new() };
        if search.book.done.is_none() {
            search.open_frame(0);
        }
        search.count();
        search
    }

    /// Whether `state` is on the path to `id` (inclusive).
    fn on_path(&self, id: NodeId, state: &P::State) -> bool {
        let mut at = id;
        loop {
            let node = self.book.tree.node(at);
            if node.state == *state {
                return true;
            }
            if at == 0 {
                return false;
            }
            at = node.parent;
        }
    }

    /// Expands node `id` and pushes a frame of the children within the bound.
    fn open_frame(&mut self, id: NodeId) {
        self.book.expand(id);
        let first = self.book.tree.len() as NodeId;
        let g = self.book.tree.node(id).g;
        for i in 0..self.book.successors.len() {
            if self.book.pruned(id, i) {
                continue;
            }
            let s = &self.book.successors[i];
            let f = self.book.problem.score(g.saturating_add(s.cost), s.h);
            if f > self.bound {
                self.next_bound = self.next_bound.min(f);
                self.book.record(id, i, None, Verdict::OverBound);
            } else if self.on_path(id, &s.state) {
                self.book.duplicate(id, i);
            } else {
                let child = self.book.store(id, i);
                self.book.record(id, i, Some(child), Verdict::Kept);
            }
        }
        let end = self.book.tree.len() as NodeId;
        self.frames.push(Frame { first, next: first, end });
    }
}

impl<P: Problem> Rules<P> for IdaStar<P> {
    fn book(&self) -> &Book<P> {
        &self.book
    }

    fn book_mut(&mut self) -> &mut Book<P> {
        &mut self.book
    }

    /// Leaves finished frames and starts the next pass as needed, up to the next
    /// expansion.
    fn next(&mut self) -> Option<Progress> {
        loop {
            let Some(top) = self.frames.last_mut() else {
                if self.next_bound == u32::MAX {
                    return Some(Progress::Exhausted { complete: true });
                }
                self.bound = std::mem::replace(&mut self.next_bound, u32::MAX);
                self.book.tree.truncate(1);
                self.open_frame(0);
                return None;
            };
            if top.next == top.end {
                let first = top.first;
                self.frames.pop();
                self.book.tree.truncate(first as usize);
                continue;
            }
            let id = top.next;
            top.next += 1;
            if self.book.problem.is_goal(&self.book.tree.node(id).state) {
                return Some(Progress::Solved(id));
            }
            self.open_frame(id);
            return None;
        }
    }

    fn count(&mut self) {
        self.book.stats.open = self.frames.iter().map(|f| u64::from(f.end - f.next)).sum();
        self.book.stats.closed = self.frames.len() as u64;
        self.book.stats.bound = self.bound;
    }

    fn frontier(&self, k: usize) -> Vec<NodeId> {
        self.frames.last().map_or_else(Vec::new, |f| (f.next..f.end).take(k).collect())
    }

    fn optimal(&self) -> bool {
        self.book.problem.admissible()
    }

    fn memory(&self) -> usize {
        self.book.memory(0) + self.frames.capacity() * std::mem::size_of::<Frame>()
    }
}
