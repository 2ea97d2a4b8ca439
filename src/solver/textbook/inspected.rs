//! A textbook search on Sokoban pushes behind the solver's [`Search`] trait, so that the
//! inspector, `solve` and `bench` run it like any engineered method.

use crate::level::{Dir, Level, Pos};
use crate::solver::analysis::problem::Problem as Analysed;
use crate::solver::deadlock::patterns::PatternView;
use crate::solver::model::box_moves::BoxMoves;
use crate::solver::model::table::NodeId;
use crate::solver::search::core::macro_view;
use crate::solver::search::{ChildView, NodeView, Observer, Progress, Search, Stats, SubProblem};
use crate::solver::textbook::{BookSearch, Pushes};

/// A textbook search `S` on a level's pushes, its expansions shown to observer `O`.
pub(crate) struct Inspected<S, O> {
    search: S,
    observer: O,
}

impl<S: BookSearch<Pushes>, O: Observer> Inspected<S, O> {
    /// Wraps `search`, which must record children when `O` traces.
    pub fn new(search: S, observer: O) -> Self {
        Inspected { search, observer }
    }

    fn level(&self) -> &Analysed {
        &self.search.problem().expander.problem
    }

    /// Shows the last expansion to the observer: the node, its state, its children.
    fn report(&mut self) {
        let Some(id) = self.search.current() else { return };
        let Some(view) = self.node(id) else { return };
        self.observer.expanding(view);
        let state = &self.search.tree().node(id).state;
        self.observer.state(state, self.search.stats());
        let board = &self.search.problem().expander.problem.board;
        for c in self.search.children() {
            self.observer.child(ChildView {
                push: macro_view(board, c.mv),
                node: c.node,
                g: c.g,
                h: c.h,
                f: c.f,
                verdict: c.verdict,
                pattern: None,
            });
        }
    }
}

impl<S: BookSearch<Pushes>, O: Observer> Search for Inspected<S, O> {
    /// Without tracing, runs the search in one go; with it, one expansion at a time, each
    /// shown to the observer.
    fn step(&mut self, budget: u64) -> Progress {
        if !O::ENABLED {
            return self.search.step(budget);
        }
        let mut progress = Progress::Running;
        for _ in 0..budget {
            let before = self.search.stats().expanded;
            progress = self.search.step(1);
            if self.search.stats().expanded != before {
                self.report();
            }
            if progress != Progress::Running {
                break;
            }
        }
        progress
    }

    fn stats(&self) -> &Stats {
        self.search.stats()
    }

    fn memory(&self) -> usize {
        let expander = &self.search.problem().expander;
        self.search.memory() + expander.problem.memory() + expander.judge.memory()
    }

    fn problem(&self) -> &Analysed {
        self.level()
    }

    fn optimal(&self) -> bool {
        self.search.optimal()
    }

    fn current(&self) -> Option<NodeView> {
        self.observer.current()
    }

    fn children(&self) -> &[ChildView] {
        self.observer.children()
    }

    fn frontier(&self, k: usize) -> Vec<NodeView> {
        self.search.frontier(k).into_iter().filter_map(|id| self.node(id)).collect()
    }

    fn node(&self, id: NodeId) -> Option<NodeView> {
        let n = self.search.tree().get(id)?;
        let push = n.mv.map(|m| macro_view(&self.level().board, m));
        Some(NodeView { id, g: n.g, h: n.h, f: self.search.f(id), push })
    }

    fn path(&self, id: NodeId) -> Vec<NodeId> {
        self.search.tree().path(id)
    }

    fn board(&self, id: NodeId) -> Option<Level> {
        Some(self.level().level_of(&self.search.tree().get(id)?.state))
    }

    fn patterns(&self) -> Vec<PatternView> {
        let expander = &self.search.problem().expander;
        expander.judge.patterns().views(&expander.problem)
    }

    fn node_features(&self, _: NodeId) -> Vec<(&'static str, u32)> {
        Vec::new()
    }

    fn pushes_to(&self, id: NodeId) -> Vec<(Pos, Dir)> {
        let tree = self.search.tree();
        let path = tree.path(id);
        let moves = path.windows(2).filter_map(|pair| {
            let m = tree.node(pair[1]).mv?;
            Some((&tree.node(pair[0]).state[..], m))
        });
        BoxMoves::default().expand(&self.level().board, moves)
    }

    fn tail(&self, _: NodeId) -> Vec<(Pos, Dir)> {
        Vec::new()
    }

    fn sub_problem(&self) -> Option<SubProblem> {
        None
    }
}
