//! The book's A*: open is ordered by score (see [`Problem::score`]), first in first out
//! among equal scores; the goal is tested when a state is removed from open; one in open
//! is replaced only by a strictly better score. A state in the closed set is never
//! re-opened when the estimate is consistent, as the book has it; when it is only
//! admissible (Sokoban's push bounds), a closed state reached more cheaply is re-opened,
//! so a solution found is still a cheapest one.

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
    /// The g each closed state was expanded at, kept when the estimate is admissible but
    /// not consistent (`None` otherwise), to re-open a closed state reached more cheaply.
    closed_g: Option<HashMap<P::State, u32>>,
}

impl<P: Problem> AStar<P> {
    /// A search of `problem` from its start; `trace` records each expansion's children.
    pub fn new(problem: P, trace: bool) -> Self {
        let book = Book::new(problem, trace, false);
        let root = book.tree.node(0);
        let key = (book.problem.score(0, root.h), 0);
        let keys = HashMap::from([(root.state.clone(), key)]);
        let reopens = book.problem.admissible() && !book.problem.consistent();
        let closed_g = reopens.then(HashMap::new);
        let open = BTreeMap::from([(key, 0)]);
        let mut search = AStar { open, keys, inserted: 1, closed_g, book };
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
        let parent_g = self.book.tree.node(id).g;
        if let Some(closed_g) = &mut self.closed_g {
            closed_g.insert(state.clone(), parent_g);
        }
        self.book.closed.insert(state);
        self.book.expand(id);
        for i in 0..self.book.successors.len() {
            if self.book.pruned(id, i) {
                continue;
            }
            let s = &self.book.successors[i];
            let g = parent_g.saturating_add(s.cost);
            let cheaper = |g_closed: &HashMap<P::State, u32>| {
                g_closed.get(&s.state).is_some_and(|&old| g < old)
            };
            let reopened = self.closed_g.as_ref().is_some_and(cheaper);
            if reopened {
                self.book.closed.remove(&s.state);
            } else if self.book.is_closed(id, i) {
                continue;
            }
            let s = &self.book.successors[i];
            let f = self.book.problem.score(g, s.h);
            let verdict = match self.keys.get(&s.state) {
                None if reopened => Verdict::Improved,
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

    /// With a consistent estimate, as the book proves; with an admissible one, because a
    /// closed state reached more cheaply is re-opened.
    fn optimal(&self) -> bool {
        self.book.problem.consistent() || self.book.problem.admissible()
    }

    fn memory(&self) -> usize {
        let entry = std::mem::size_of::<((u32, u64), NodeId)>() * 2;
        let closed_g = self.closed_g.as_ref().map_or(0, HashMap::len);
        self.book.memory(self.keys.len() + closed_g) + self.open.len() * entry
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::textbook::{BookSearch, Successor};

    /// A small graph from S (0) to G (4) whose estimate is admissible but not consistent:
    /// h(B) = 6 is B's true cost, yet B → C costs 1 where h(C) = 0. S → A → C costs 5 and
    /// S → B → C costs 3, then C → G costs 5: the cheapest way costs 8.
    struct Graph {
        consistent: bool,
    }

    const EDGES: [(u8, u8, u32); 5] = [(0, 1, 1), (0, 2, 2), (1, 3, 4), (2, 3, 1), (3, 4, 5)];
    const H: [u32; 5] = [0, 0, 6, 0, 0];

    impl Problem for Graph {
        type State = u8;
        type Move = u8;

        fn start(&mut self) -> (u8, u32) {
            (0, H[0])
        }

        fn successors(&mut self, state: &u8, out: &mut Vec<Successor<Self>>) {
            out.clear();
            for &(_, to, cost) in EDGES.iter().filter(|e| e.0 == *state) {
                let h = H[to as usize];
                out.push(Successor { state: to, mv: to, cost, h, pruned: None, pattern: None });
            }
        }

        fn is_goal(&self, state: &u8) -> bool {
            *state == 4
        }

        fn admissible(&self) -> bool {
            true
        }

        fn consistent(&self) -> bool {
            self.consistent
        }
    }

    /// The cost of the solution A* finds, and whether it says it is a cheapest one.
    fn cost(consistent: bool) -> (u32, bool) {
        let mut search = AStar::new(Graph { consistent }, false);
        match search.step(100) {
            Progress::Solved(id) => (search.tree().node(id).g, BookSearch::optimal(&search)),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn an_estimate_only_admissible_still_gives_the_cheapest_solution() {
        // Taken for consistent, C stays closed at g = 5 and A* pays 10: the book's rule.
        assert_eq!(cost(true).0, 10);
        // Known not to be, C is re-opened when reached at g = 3.
        assert_eq!(cost(false), (8, true));
    }
}
