//! What every textbook search keeps: the problem, the node store, the closed set, the
//! counters, the last expansion for the inspector, and the successor buffer; and the step
//! loop they share. Each search adds its open list and what one expansion does.

use std::collections::HashSet;

use crate::solver::model::table::NodeId;
use crate::solver::search::{Progress, Stats, Verdict};
use crate::solver::textbook::{BookSearch, Child, Problem, Successor, Tree};

/// What makes each textbook search itself (its open list and what one expansion does);
/// the rest of [`BookSearch`], the step loop included, is written once, below, from its
/// [`Book`].
pub(super) trait Rules<P: Problem>: Send {
    /// The shared state.
    fn book(&self) -> &Book<P>;
    /// The shared state, to change.
    fn book_mut(&mut self) -> &mut Book<P>;
    /// One expansion; the end instead when the search reached it.
    fn next(&mut self) -> Option<Progress>;
    /// Puts the open and closed sizes (and the bound) in the counters, as the search
    /// counts them.
    fn count(&mut self);
    /// Up to `k` stored nodes of open, the next to be expanded first.
    fn frontier(&self, k: usize) -> Vec<NodeId>;
    /// Whether a solution it finds is a cheapest one.
    fn optimal(&self) -> bool;
    /// Bytes held.
    fn memory(&self) -> usize;
}

impl<P: Problem, R: Rules<P>> BookSearch<P> for R {
    fn step(&mut self, budget: u64) -> Progress {
        if let Some(done) = self.book().done {
            return done;
        }
        for _ in 0..budget {
            if self.book().problem.interrupted() {
                break;
            }
            let end = self.next();
            self.count();
            if let Some(p) = end {
                return self.book_mut().finish(p);
            }
        }
        Progress::Running
    }

    fn stats(&self) -> &Stats {
        &self.book().stats
    }

    fn problem(&self) -> &P {
        &self.book().problem
    }

    fn problem_mut(&mut self) -> &mut P {
        &mut self.book_mut().problem
    }

    fn tree(&self) -> &Tree<P::State, P::Move> {
        &self.book().tree
    }

    fn current(&self) -> Option<NodeId> {
        self.book().current
    }

    fn children(&self) -> &[Child<P::Move>] {
        &self.book().children
    }

    fn frontier(&self, k: usize) -> Vec<NodeId> {
        Rules::frontier(self, k)
    }

    fn f(&self, id: NodeId) -> u32 {
        self.book().f(id)
    }

    fn optimal(&self) -> bool {
        Rules::optimal(self)
    }

    fn memory(&self) -> usize {
        Rules::memory(self)
    }
}

/// The shared state of a textbook search.
pub(super) struct Book<P: Problem> {
    /// The problem.
    pub problem: P,
    /// Stored nodes; node 0 is the start.
    pub tree: Tree<P::State, P::Move>,
    /// The states expanded (IDA*, which keeps none, leaves it empty).
    pub closed: HashSet<P::State>,
    /// Counters.
    pub stats: Stats,
    /// The node expanded last.
    pub current: Option<NodeId>,
    /// Its children, recorded only when tracing.
    pub children: Vec<Child<P::Move>>,
    /// Whether to record children.
    pub trace: bool,
    /// The successors of the node being expanded.
    pub successors: Vec<Successor<P>>,
    /// The end, once reached.
    pub done: Option<Progress>,
    /// Whether the search's f is the depth (BFS, DFS) rather than the problem's score.
    by_depth: bool,
}

impl<P: Problem> Book<P> {
    /// The shared state for a search of `problem` from its start; [`Book::done`] is set
    /// when the start is a goal already, or dead (its estimate is `u32::MAX`). With
    /// `by_depth`, f is the depth (what BFS and DFS order by), else the problem's score.
    pub fn new(mut problem: P, trace: bool, by_depth: bool) -> Self {
        let (start, h) = problem.start();
        let done = if problem.is_goal(&start) {
            Some(Progress::Solved(0))
        } else {
            (h == u32::MAX).then_some(Progress::Exhausted { complete: true })
        };
        Book {
            tree: Tree::new(start, h),
            closed: HashSet::new(),
            problem,
            stats: Stats::default(),
            current: None,
            children: Vec::new(),
            trace,
            successors: Vec::new(),
            done,
            by_depth,
        }
    }

    /// Generates the successors of node `id` into [`Book::successors`], counting them and
    /// the pruned ones, and makes `id` the current node.
    pub fn expand(&mut self, id: NodeId) {
        let state = self.tree.node(id).state.clone();
        let mut out = std::mem::take(&mut self.successors);
        self.problem.successors(&state, &mut out);
        self.successors = out;
        self.stats.expanded += 1;
        self.stats.generated += self.successors.len() as u64;
        self.current = Some(id);
        self.children.clear();
    }

    /// Counts successor `i` of the last expansion as pruned by the problem's rules; true
    /// when it was.
    pub fn pruned(&mut self, parent: NodeId, i: usize) -> bool {
        let Some(reason) = self.successors[i].pruned else { return false };
        self.stats.pruned[reason.index()] += 1;
        self.record(parent, i, None, Verdict::Pruned(reason));
        true
    }

    /// Closes node `id`'s state.
    pub fn close(&mut self, id: NodeId) {
        self.closed.insert(self.tree.node(id).state.clone());
    }

    /// Whether successor `i` of the last expansion is closed; if so it is counted and
    /// recorded as a duplicate.
    pub fn is_closed(&mut self, parent: NodeId, i: usize) -> bool {
        if !self.closed.contains(&self.successors[i].state) {
            return false;
        }
        self.duplicate(parent, i);
        true
    }

    /// Counts successor `i` of `parent` as a duplicate and records it so.
    pub fn duplicate(&mut self, parent: NodeId, i: usize) {
        self.stats.duplicates += 1;
        self.record(parent, i, None, Verdict::Duplicate);
    }

    /// Puts `open` and the closed set's size in the counters.
    pub fn count(&mut self, open: usize) {
        self.stats.open = open as u64;
        self.stats.closed = self.closed.len() as u64;
    }

    /// Records successor `i` of `parent` for the inspector, with its node and verdict.
    pub fn record(&mut self, parent: NodeId, i: usize, node: Option<NodeId>, verdict: Verdict) {
        if !self.trace {
            return;
        }
        let s = &self.successors[i];
        let p = self.tree.node(parent);
        let g = p.g.saturating_add(s.cost);
        let f = if self.by_depth { p.depth + 1 } else { self.problem.score(g, s.h) };
        let pattern = s.pattern;
        self.children.push(Child { mv: s.mv.clone(), node, g, h: s.h, f, verdict, pattern });
    }

    /// Stores successor `i` of `parent` as a node.
    pub fn store(&mut self, parent: NodeId, i: usize) -> NodeId {
        let s = &self.successors[i];
        let id = self.tree.add(parent, s.state.clone(), s.mv.clone(), s.cost, s.h);
        self.stats.depth = self.stats.depth.max(self.tree.node(id).depth);
        id
    }

    /// Ends the search with `p`.
    pub fn finish(&mut self, p: Progress) -> Progress {
        self.done = Some(p);
        p
    }

    /// The f of node `id`: its depth or its score.
    pub fn f(&self, id: NodeId) -> u32 {
        let n = self.tree.node(id);
        if self.by_depth { n.depth } else { self.problem.score(n.g, n.h) }
    }

    /// Bytes held by the nodes, the closed set and the successor buffer, and by `more`
    /// states held in another hash map.
    pub fn memory(&self, more: usize) -> usize {
        let per_state = std::mem::size_of::<P::State>() + self.problem.state_bytes();
        self.tree.memory()
            + self.tree.len() * self.problem.state_bytes()
            + (self.closed.len() + more) * (per_state + 8)
            + self.successors.capacity() * std::mem::size_of::<Successor<P>>()
    }
}
