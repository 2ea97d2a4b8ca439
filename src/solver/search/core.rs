//! What every graph search stands on: the [`Core`] (the expander with the problem and the
//! pruning pipeline, the node store rooted at the start position, the counters, the
//! observer, the macro moves that made nodes) and the [`Algorithm`] trait, through which
//! each search adds only what makes it itself. The inspection half of [`Search`] is written
//! once, for every [`Algorithm`], from its core.

use crate::level::{Dir, Level, Pos};
use crate::solver::analysis::problem::Problem;
use crate::solver::bounds::INFINITE;
use crate::solver::deadlock::judge::Pruned;
use crate::solver::deadlock::patterns::{Adopted, PatternView};
use crate::solver::model::board::Board;
use crate::solver::model::box_moves::{BoxMoves, Macro};
use crate::solver::model::table::{Insert, NodeId, NodeInfo, Nodes, Push};
use crate::solver::search::expand::{Child, Expander};
use crate::solver::search::rewind::{Journal, Mark};
use crate::solver::search::step::{Flow, Steps, step};
use crate::solver::search::{
    ChildView, NodeView, Observer, Progress, PushView, Search, Stats, SubProblem, Verdict,
};
use std::collections::HashMap;

/// Macro move `m` as the inspector shows it, on the level's grid.
pub(crate) fn macro_view(board: &Board, m: Macro) -> PushView {
    PushView {
        from: board.pos(m.from),
        dir: Dir::ALL[m.dir as usize],
        to: board.pos(m.to),
        pushes: u32::from(m.pushes),
    }
}

/// The shared state of a graph search.
#[derive(Debug)]
pub(crate) struct Core<O: Observer> {
    /// Successor generation, the problem and the pruning pipeline.
    pub expander: Expander,
    /// Stored nodes; node 0 is the start position.
    pub nodes: Nodes,
    /// Counters.
    pub stats: Stats,
    /// Tracing.
    pub observer: O,
    /// Copy of the state being expanded (the expander must not borrow the store).
    pub scratch: Vec<u64>,
    /// The nodes reached by a macro move (several pushes of one box), with that move.
    pub macros: HashMap<NodeId, Macro>,
    /// How the search ended, once it has (from the start: solved, or dead).
    pub done: Option<Progress>,
    /// The marks to go back to, and the changes since, once kept (see [`super::rewind`]).
    pub journal: Option<Journal>,
}

impl<O: Observer> Core<O> {
    /// A core for `expander` with tracing by `observer`, its store holding the start
    /// position as node 0 (with the expander's lower bound). [`Core::done`] says whether
    /// the start is solved already or dead.
    pub fn new(mut expander: Expander, observer: O) -> Self {
        let (state, hash, h) = expander.root();
        let mut nodes = Nodes::new(expander.problem.stride);
        let info = NodeInfo { parent: 0, push: Push { from: 0, dir: 0 }, g: 0, h, closed: false };
        nodes.insert(&state, hash, info);
        let done = if expander.problem.is_solved(&state) {
            Some(Progress::Solved(0))
        } else if h == INFINITE {
            Some(Progress::Exhausted { complete: true })
        } else {
            None
        };
        // Before the first step the counters already count the start: stored, and waiting
        // unless the search is over.
        let stats = Stats { open: u64::from(done.is_none()), closed: 1, ..Stats::default() };
        let (scratch, macros) = (Vec::new(), HashMap::new());
        Core { expander, nodes, stats, observer, scratch, macros, done, journal: None }
    }

    /// Keeps marks to go back to from now on (before the first expansion).
    pub fn keep_marks(&mut self) {
        self.journal.get_or_insert_with(Journal::default);
        self.expander.judge.journal();
    }

    /// Whether marks are kept and one is due before the next unit of work.
    pub fn mark_due(&self) -> bool {
        self.journal.as_ref().is_some_and(|j| j.due(self.stats.expanded))
    }

    /// Takes a mark of the search standing between two units of work with its frontier at
    /// `frontier` (the algorithm's own terms); nothing when marks are not kept.
    pub fn mark(&mut self, frontier: [u64; 2]) {
        if let Some(journal) = &mut self.journal {
            let judge = self.expander.judge.mark();
            journal.mark(&self.stats, self.nodes.len(), judge, frontier);
        }
    }

    /// Puts the core back at the last mark from which expansion `to` is re-run, and returns
    /// that mark (for the algorithm's frontier); `None` without marks.
    pub fn rewind(&mut self, to: u64) -> Option<Mark> {
        let mark = self.journal.as_mut()?.back_to(to)?;
        self.observer.rewind(mark.stats.expanded, &self.nodes);
        let journal = self.journal.as_mut().expect("marks were kept");
        journal.rewind(&mark, &mut self.nodes, &mut self.macros);
        self.nodes.rewind(mark.nodes);
        self.macros.retain(|&id, _| (id as usize) < mark.nodes);
        self.expander.judge.rewind(&mark.judge);
        self.stats = mark.stats.clone();
        self.done = None;
        Some(mark)
    }

    /// Closes node `id` (marks it expanded), logging it when marks are kept.
    pub fn close(&mut self, id: NodeId) {
        let info = self.nodes.info_mut(id);
        if !info.closed {
            info.closed = true;
            if let Some(journal) = &mut self.journal {
                journal.closed.push(id);
            }
        }
    }

    /// The level being searched.
    pub fn problem(&self) -> &Problem {
        &self.expander.problem
    }

    /// Whether the search must stop at once (its interrupt was raised; it is not stepped
    /// again).
    #[inline]
    pub fn interrupted(&self) -> bool {
        self.expander.interrupt.raised()
    }

    /// Whether `id` names a stored node.
    pub fn has(&self, id: NodeId) -> bool {
        (id as usize) < self.nodes.len()
    }

    /// The view of macro move `m`.
    pub fn macro_view(&self, m: Macro) -> PushView {
        macro_view(&self.problem().board, m)
    }

    /// The view of a single push.
    pub fn push_view(&self, push: Push) -> PushView {
        let board = &self.problem().board;
        macro_view(board, Macro::single(board, push))
    }

    /// The view of a child's move.
    fn child_view(&self, child: &Child) -> PushView {
        match child.macro_move {
            Some(m) => self.macro_view(m),
            None => self.push_view(child.push),
        }
    }

    /// Stores `state` as a child of `parent` reached by macro move `m` (a single push when
    /// it makes one push), unless it is stored already.
    pub fn insert_move(&mut self, state: &[u64], hash: u64, info: NodeInfo, m: Macro) -> Insert {
        let inserted = self.nodes.insert(state, hash, info);
        if let Insert::New(id) = inserted
            && m.pushes > 1
        {
            self.macros.insert(id, m);
        }
        inserted
    }

    /// Every single push from the root to node `id`, macro moves expanded.
    pub fn pushes_to(&self, id: NodeId) -> Vec<(Pos, Dir)> {
        let path = self.nodes.path(id);
        let p = self.problem();
        let moves = path.windows(2).map(|pair| {
            let single = || Macro::single(&p.board, self.nodes.info(pair[1]).push);
            let m = self.macros.get(&pair[1]).copied().unwrap_or_else(single);
            (self.nodes.state(pair[0]), m)
        });
        BoxMoves::default().expand(&p.board, moves)
    }

    /// The view of node `id`, with `f` computed by the caller's priority.
    pub fn node_view(&self, id: NodeId, f: u32) -> NodeView {
        let info = self.nodes.info(id);
        let push = (info.parent != id).then(|| match self.macros.get(&id) {
            Some(&m) => self.macro_view(m),
            None => self.push_view(info.push),
        });
        NodeView { id, g: info.g, h: info.h, f, push }
    }

    /// Tells the observer that node `id`, of priority `f`, is being expanded.
    pub fn expanding(&mut self, id: NodeId, f: u32) {
        if O::ENABLED {
            let view = self.node_view(id, f);
            self.observer.expanding(view);
        }
    }

    /// Counts a child pruned for `reason` and shows it to the observer, with the move
    /// `view` gives (built only for observers that show children).
    pub fn pruned(
        &mut self,
        view: impl FnOnce(&Self) -> PushView,
        g: u32,
        h: u32,
        (reason, pattern): Pruned,
    ) {
        self.stats.pruned[reason.index()] += 1;
        if O::ENABLED {
            let push = view(self);
            let verdict = Verdict::Pruned(reason);
            self.observer.child(ChildView { push, node: None, g, h, f: 0, verdict, pattern });
        }
    }

    /// Copies node `id`'s state into the scratch buffer and expands it. With `skip_stored`,
    /// children already in the node store are not judged again (see [`Expander::expand`]);
    /// searches whose store holds every node they reached use it.
    pub fn expand(&mut self, id: NodeId, skip_stored: bool) {
        self.scratch.clear();
        self.scratch.extend_from_slice(self.nodes.state(id));
        if O::ENABLED {
            self.observer.state(&self.scratch, &self.stats);
        }
        let nodes = &self.nodes;
        self.expander.expand(&self.scratch, |state, hash| {
            if skip_stored { nodes.find(state, hash) } else { None }
        });
        self.stats.expanded += 1;
        self.stats.generated += self.expander.children.len() as u64;
    }

    /// Memory held by the store, the macro moves, the expander's buffers, the analysis of
    /// the level and the pruning pipeline's tables, in bytes.
    pub fn memory(&self) -> usize {
        let macro_entry = std::mem::size_of::<(NodeId, Macro)>() + 1;
        self.nodes.memory()
            + self.macros.capacity() * macro_entry
            + self.expander.states.capacity() * 8
            + self.expander.problem.memory()
            + self.expander.judge.memory()
            + self.journal.as_ref().map_or(0, Journal::memory)
    }

    /// Stores the kept children of the last expansion of `parent` (pushes count one each).
    /// `admit` is called with every child that is new or now reached with fewer pushes; it
    /// returns whether the child's goal test should end the search (the first such child
    /// is returned). `f` is the algorithm's priority, used for tracing only.
    pub fn absorb(
        &mut self,
        parent: NodeId,
        f: impl Fn(&NodeInfo) -> u32,
        mut admit: impl FnMut(NodeId, &NodeInfo, bool) -> bool,
    ) -> Option<NodeId> {
        let base = self.nodes.info(parent).g;
        let mut found = None;
        for i in 0..self.expander.children.len() {
            let child = self.expander.children[i];
            let g = base + child.macro_move.map_or(1, |m| u32::from(m.pushes));
            if let Some(reason) = child.pruned {
                self.pruned(|c| c.child_view(&child), g, child.h, (reason, child.pattern));
                continue;
            }
            let info = NodeInfo { parent, push: child.push, g, h: child.h, closed: false };
            let state = self.expander.child_state(i);
            let inserted = match child.stored {
                Some(id) => Insert::Known(id),
                None => self.nodes.insert(state, child.hash, info),
            };
            let (id, verdict) = match inserted {
                Insert::New(id) => (id, Verdict::Kept),
                Insert::Known(id) => {
                    if g < self.nodes.info(id).g
                        && let Some(journal) = &mut self.journal
                    {
                        let old_macro = self.macros.get(&id).copied();
                        journal.improved.push((id, *self.nodes.info(id), old_macro));
                    }
                    let old = self.nodes.info_mut(id);
                    if g < old.g {
                        *old = NodeInfo { h: old.h, closed: old.closed, ..info };
                        (id, Verdict::Improved)
                    } else {
                        self.stats.duplicates += 1;
                        (id, Verdict::Duplicate)
                    }
                }
            };
            if verdict != Verdict::Duplicate {
                match child.macro_move {
                    Some(m) => self.macros.insert(id, m),
                    None => self.macros.remove(&id),
                };
            }
            self.stats.depth = self.stats.depth.max(g);
            let info = *self.nodes.info(id);
            if O::ENABLED {
                let push = self.child_view(&child);
                let v = ChildView {
                    push,
                    node: Some(id),
                    g,
                    h: info.h,
                    f: f(&info),
                    verdict,
                    pattern: None,
                };
                self.observer.child(v);
            }
            if verdict != Verdict::Duplicate
                && admit(id, &info, verdict == Verdict::Improved)
                && child.solved
                && found.is_none()
            {
                found = Some(id);
            }
        }
        self.stats.closed = self.nodes.len() as u64;
        found
    }
}

/// A graph search built on a [`Core`]: what makes it itself. Every algorithm is a
/// [`Search`] through the implementation below, which answers the inspection questions
/// from the core.
pub(crate) trait Algorithm: Send {
    /// The observer tracing it.
    type Trace: Observer;
    /// The core it stands on.
    fn core(&self) -> &Core<Self::Trace>;
    /// The core, to change.
    fn core_mut(&mut self) -> &mut Core<Self::Trace>;
    /// One unit of its work (see [`step`]): an expansion, or an entry of its frontier
    /// taken.
    fn advance(&mut self) -> Flow;
    /// Units of work done so far, as a step's budget counts them (expansions by default).
    fn work(&self) -> u64 {
        self.core().stats.expanded
    }
    /// Before the first unit of a step of `budget` units (nothing by default).
    fn begin(&mut self, _budget: u64) {}
    /// After a step that did not end the search (nothing by default).
    fn pause(&mut self) {}
    /// Memory it holds beyond the core's, in bytes.
    fn own_memory(&self) -> usize;
    /// Whether a solution it finds is push-optimal.
    fn optimal(&self) -> bool;
    /// Up to `k` frontier nodes, the next to be expanded first.
    fn frontier(&self, k: usize) -> Vec<NodeView>;
    /// The priority of stored node `id`.
    fn f(&self, id: NodeId, info: &NodeInfo) -> u32;
    /// The pushes that follow node `id` to make its solution, when reaching `id` is not
    /// itself the solution (Talking Stones' stone-by-stone tail); none by default.
    fn tail(&self, _id: NodeId) -> Vec<(Pos, Dir)> {
        Vec::new()
    }
    /// Named measurements of node `id` beyond g, h and f (none by default).
    fn node_features(&self, _id: NodeId) -> Vec<(&'static str, u32)> {
        Vec::new()
    }
    /// Patterns of the method's own beyond the judge's (none by default), numbered from
    /// `first`.
    fn own_patterns(&self, _first: u32) -> Vec<PatternView> {
        Vec::new()
    }
    /// The sub-problem being solved (none by default).
    fn sub_problem(&self) -> Option<SubProblem> {
        None
    }
    /// Where its frontier stands between two units of work, in its own terms, for a mark
    /// (see [`super::rewind`]); `None` (the default) for an algorithm that cannot go back.
    fn frontier_mark(&self) -> Option<[u64; 2]> {
        None
    }
    /// Starts logging what [`Algorithm::rewind_frontier`] needs (when marks are first
    /// kept, before the first expansion; nothing by default).
    fn log_frontier(&mut self) {}
    /// Puts its frontier back where [`Algorithm::frontier_mark`] said it stood, the core
    /// having been put back at the same mark.
    fn rewind_frontier(&mut self, _at: [u64; 2]) {}
}

/// An [`Algorithm`] as the step loop drives it.
struct Driven<'a, A>(&'a mut A);

impl<A: Algorithm> Steps for Driven<'_, A> {
    fn ended(&mut self) -> &mut Option<Progress> {
        &mut self.0.core_mut().done
    }

    fn interrupted(&self) -> bool {
        self.0.core().interrupted()
    }

    fn work(&self) -> u64 {
        self.0.work()
    }

    fn begin(&mut self, budget: u64) {
        self.0.begin(budget);
    }

    fn advance(&mut self) -> Flow {
        let algorithm = &mut *self.0;
        if algorithm.core().mark_due() {
            let frontier = algorithm.frontier_mark().expect("marks are kept only when it has one");
            algorithm.core_mut().mark(frontier);
        }
        algorithm.advance()
    }

    fn pause(&mut self) {
        self.0.pause();
    }
}

impl<A: Algorithm> Search for A {
    fn step(&mut self, budget: u64) -> Progress {
        step(&mut Driven(self), budget)
    }

    fn stats(&self) -> &Stats {
        &self.core().stats
    }

    fn memory(&self) -> usize {
        self.core().memory() + self.own_memory()
    }

    fn problem(&self) -> &Problem {
        self.core().problem()
    }

    fn optimal(&self) -> bool {
        Algorithm::optimal(self)
    }

    fn current(&self) -> Option<NodeView> {
        self.core().observer.current()
    }

    fn children(&self) -> &[ChildView] {
        self.core().observer.children()
    }

    fn frontier(&self, k: usize) -> Vec<NodeView> {
        Algorithm::frontier(self, k)
    }

    fn node(&self, id: NodeId) -> Option<NodeView> {
        let core = self.core();
        core.has(id).then(|| core.node_view(id, self.f(id, core.nodes.info(id))))
    }

    fn path(&self, id: NodeId) -> Vec<NodeId> {
        let core = self.core();
        if core.has(id) { core.nodes.path(id) } else { Vec::new() }
    }

    fn board(&self, id: NodeId) -> Option<Level> {
        let core = self.core();
        core.has(id).then(|| core.problem().level_of(core.nodes.state(id)))
    }

    fn patterns(&self) -> Vec<PatternView> {
        let core = self.core();
        let mut views = core.expander.judge.patterns().views(core.problem());
        views.extend(Algorithm::own_patterns(self, views.len() as u32));
        views
    }

    fn add_pattern(&mut self, boxes: &[Pos], player: Pos) -> Result<Adopted, String> {
        let expander = &mut self.core_mut().expander;
        expander.judge.adopt(&expander.problem, boxes, player)
    }

    fn node_features(&self, id: NodeId) -> Vec<(&'static str, u32)> {
        Algorithm::node_features(self, id)
    }

    fn pushes_to(&self, id: NodeId) -> Vec<(Pos, Dir)> {
        let core = self.core();
        if core.has(id) { core.pushes_to(id) } else { Vec::new() }
    }

    fn tail(&self, id: NodeId) -> Vec<(Pos, Dir)> {
        Algorithm::tail(self, id)
    }

    fn sub_problem(&self) -> Option<SubProblem> {
        Algorithm::sub_problem(self)
    }

    fn keep_marks(&mut self) -> bool {
        let can = self.frontier_mark().is_some() && self.core().stats.expanded == 0;
        if can {
            self.core_mut().keep_marks();
            self.log_frontier();
        }
        can
    }

    fn rewind(&mut self, to: u64) -> Option<u64> {
        let mark = self.core_mut().rewind(to)?;
        self.rewind_frontier(mark.frontier);
        Some(mark.stats.expanded)
    }
}
