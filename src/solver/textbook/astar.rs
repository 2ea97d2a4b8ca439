//! The book's A*: open is ordered by score (see [`Problem::score`]), first in first out
//! among equal scores; the goal is tested when a state is removed from open; a state in
//! the closed set is never re-opened, and one in open is replaced only by a strictly
//! better score.

use crate::solver::model::table::NodeId;
use crate::solver::search::{Progress, Verdict};
use crate::solver::textbook::Problem;
use crate::solver::textbook::book::{Book, Rules};
use std::collections::{BTreeMap, HashMap};

/// A* search state.
pub struct AStar<P: Problem> {
    book: Book<P>,
    /// Open, by (score, insertion number).
    open: BTreeMap<(u32, u64), NodeId>,
    /// Each open state's key in `open`.
    keys: HashMap<P::State, (u32, u64)>,
    inserted: u64,
}

impl<P: Problem> AStar<P> {
    /// A search of `problem` from its start; `trace` records each expansion's children.
    pub fn new(problem: P, trace: bool) -> Self {
        let book = Book::new(problem, trace, false);
        let root = book.tree.node(0);
        let key = (book.problem.score(0, root.h), 0);
        let keys = HashMap::from([(root.state.clone(), key)]);
        let mut search = AStar { open: BTreeMap::from([(key, 0)]), keys, inserted: 1, book };
        search.count();
        search
    }
}

impl<P: Problem> Rules<P> for AStar<P> {
    fn book(&self) -> &Book<P> {
        &self.book
    }

    fn book_mut(&mut self) -> &mut Book<P> {
        &mut self.book
    }

    fn next(&mut self) -> Option<Progress> {
        let Some(((f, _), id)) = self.open.pop_first() else {
            return Some(Progress::Exhausted { complete: true });
        };
        let state = self.book.tree.node(id).state.clone();
        self.keys.remove(&state);
        if self.book.problem.is_goal(&state) {
            return Some(Progress::Solved(id));
        }
        self.book.stats.bound = f;
        self.book.closed.insert(state);
        self.book.expand(id);
        for i in 0..self.book.successors.len() {
            if self.book.pruned(id, i) || self.book.is_closed(id, i) {
                continue;
            }
            let s = &self.book.successors[i];
            let g = self.book.tree.node(id).g.saturating_add(s.cost);
            let f = self.book.problem.score(g, s.h);
            let verdict = match self.keys.get(&s.state) {
                None => Verdict::Kept,
                Some(&old) if f < old.0 => {
                    self.open.remove(&old);
                    Verdict::Improved
                }
                Some(_) => {
                    self.book.duplicate(id, i);
                    continue;
                }
            };
            let child = self.book.store(id, i);
            let key = (f, self.inserted);
            self.inserted += 1;
            self.open.insert(key, child);
            self.keys.insert(self.book.tree.node(child).state.clone(), key);
            self.book.record(id, i, Some(child), verdict);
        }
        None
    }

    fn count(&mut self) {
        self.book.count(self.open.len());
    }

    fn frontier(&self, k: usize) -> Vec<NodeId> {
        self.open.values().take(k).copied().collect()
    }

    fn optimal(&self) -> bool {
        self.book.problem.consistent()
    }

    fn memory(&self) -> usize {
        let entry = std::mem::size_of::<((u32, u64), NodeId)>() * 2;
        self.book.memory(self.keys.len()) + self.open.len() * entry
    }
}
