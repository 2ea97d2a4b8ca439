//! A textbook search on Sokoban pushes behind the solver's [`Search`] trait, so that the
//! inspector, `solve` and `bench` run it like any engineered method. Costs and estimates
//! are shown in the problem's units (moves for [`crate::solver::textbook::Walks`]).

use crate::level::{Dir, Level, Pos};
use crate::solver::analysis::problem::Problem as Analysed;
use crate::solver::deadlock::patterns::{Adopted, PatternView};
use crate::solver::model::box_moves::BoxMoves;
use crate::solver::model::metric::Metric;
use crate::solver::model::table::NodeId;
use crate::solver::search::core::macro_view;
use crate::solver::search::{ChildView, NodeView, Observer, Progress, Search, Stats, SubProblem};
use crate::solver::textbook::{BookSearch, OnLevel};
use std::marker::PhantomData;

/// A textbook search `S` of problem `P` on a level's pushes, its expansions shown to
/// observer `O`.
pub(crate) struct Inspected<S, O, P> {
    search: S,
    observer: O,
    /// The search's counters, the bound in the problem's units.
    stats: Stats,
    /// Whether the solution found (if any) was costed without a sum saturating.
    exact: bool,
    problem: PhantomData<fn() -> P>,
}

impl<P: OnLevel, S: BookSearch<P>, O: Observer> Inspected<S, O, P> {
    /// Wraps `search`, which must record children when `O` traces.
    pub fn new(search: S, observer: O) -> Self {
        let mut inspected = Inspected {
            search,
            observer,
            stats: Stats::default(),
            exact: true,
            problem: PhantomData,
        };
        inspected.count(Progress::Running);
        inspected
    }

    fn level(&self) -> &Analysed {
        &self.search.problem().expander().problem
    }

    /// Takes the search's counters after a step that ended in `progress`, the bound shown
    /// in the problem's units.
    fn count(&mut self, progress: Progress) {
        self.stats = self.search.stats().clone();
        self.stats.bound = self.search.problem().shown(self.stats.bound);
        if let Progress::Solved(id) = progress {
            self.exact = self.search.tree().node(id).g < u32::MAX;
        }
    }

    /// Shows the last expansion to the observer: the node, its state, its children, the
    /// counters as [`Inspected::count`] took them.
    fn report(&mut self) {
        let Some(id) = self.search.current() else { return };
        let Some(view) = self.node(id) else { return };
        self.observer.expanding(view);
        let state = &self.search.tree().node(id).state;
        self.observer.state(state, &self.stats);
        let problem = self.search.problem();
        let board = &problem.expander().problem.board;
        for c in self.search.children() {
            let (g, h) = (problem.shown(c.g), problem.shown_h(c.h));
            self.observer.child(ChildView {
                push: macro_view(board, problem.macro_of(&c.mv)),
                node: c.node,
                g,
                h,
                f: problem.shown_f(c.f, g, h),
                verdict: c.verdict,
                pattern: c.pattern,
            });
        }
    }
}

impl<P: OnLevel, S: BookSearch<P>, O: Observer> Search for Inspected<S, O, P> {
    /// Without tracing, runs the search in one go; with it, one expansion at a time, each
    /// shown to the observer.
    fn step(&mut self, budget: u64) -> Progress {
        if !O::ENABLED {
            let progress = self.search.step(budget);
            self.count(progress);
            return progress;
        }
        let mut progress = Progress::Running;
        for _ in 0..budget {
            let before = self.search.stats().expanded;
            progress = self.search.step(1);
            self.count(progress);
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
        &self.stats
    }

    fn memory(&self) -> usize {
        let expander = self.search.problem().expander();
        self.search.memory() + expander.problem.memory() + expander.judge.memory()
    }

    fn problem(&self) -> &Analysed {
        self.level()
    }

    /// A line whose cost saturated (65,536 moves or more on moves) proves nothing.
    fn optimal(&self) -> bool {
        self.search.optimal() && self.exact
    }

    fn metric(&self) -> Metric {
        self.search.problem().metric()
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
        let problem = self.search.problem();
        let push = n.mv.as_ref().map(|m| macro_view(&self.level().board, problem.macro_of(m)));
        let (g, h) = (problem.shown(n.g), problem.shown_h(n.h));
        let f = problem.shown_f(self.search.f(id), g, h);
        Some(NodeView { id, g, h, f, push })
    }

    fn path(&self, id: NodeId) -> Vec<NodeId> {
        self.search.tree().path(id)
    }

    fn board(&self, id: NodeId) -> Option<Level> {
        Some(self.level().level_of(&self.search.tree().get(id)?.state))
    }

    fn patterns(&self) -> Vec<PatternView> {
        let expander = self.search.problem().expander();
        expander.judge.patterns().views(&expander.problem)
    }

    fn add_pattern(&mut self, boxes: &[Pos], player: Pos) -> Result<Adopted, String> {
        let expander = self.search.problem_mut().expander_mut();
        expander.judge.adopt(&expander.problem, boxes, player)
    }

    fn node_features(&self, _: NodeId) -> Vec<(&'static str, u32)> {
        Vec::new()
    }

    fn pushes_to(&self, id: NodeId) -> Vec<(Pos, Dir)> {
        let (tree, problem) = (self.search.tree(), self.search.problem());
        let path = tree.path(id);
        let moves = path.windows(2).filter_map(|pair| {
            let m = problem.macro_of(tree.node(pair[1]).mv.as_ref()?);
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
