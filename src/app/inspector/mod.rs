//! The search inspector: pick an algorithm, a lower bound and the pruning rules, then step
//! the search, run it, pause it, and look at what it did: the node being expanded and its
//! children with their verdicts, the best frontier nodes, live counters, charts, the
//! expansion history, for small searches the search tree, and the deadlock pattern database.
//!
//! `Inspector` holds the choices and what is shown; [`session::Session`] holds the search
//! and its worker; the panels ([`panel`] and the lower views it shows) draw from a
//! [`Snapshot`] taken once a frame and send commands.

pub mod adopted;
mod breakpoint_view;
pub mod breakpoints;
pub mod building;
pub mod charts;
pub mod compare;
pub mod compare_view;
pub mod coverage;
mod coverage_view;
pub mod panel;
mod pattern_view;
pub mod patterns;
pub mod predict;
pub mod predict_view;
pub mod saving;
pub mod scrub;
pub mod session;
pub mod text;
pub mod tree;

use crate::app::worker::Waker;
use std::time::Instant;

use crate::app::document::LevelKey;
use crate::app::worker::GRACE;
use crate::level::paths::player_area;
use crate::level::{Dir, Level, Move, Pos};
use crate::solver::inspect::boards::{after_move, after_pushes};
use crate::solver::inspect::trace::{self, Step};
use crate::solver::{ChildView, NodeView, PushView, StrategyView, SubProblem};
use crate::solver::{Config, LowerBound, Method, NodeId, Outcome, Progress, Solution, Stats};
use crate::solver::{Unsearchable, solution_of};

pub use building::{Asked, Building, Going};
pub use patterns::{PatternBook, PatternOrder};
pub use session::{Run, Session, WentBack};

/// Frontier nodes listed.
pub const FRONTIER_SHOWN: usize = 12;

/// The single pushes of a box move along a straight line; a macro move that turns is
/// given as its last push only (its path is not in the view).
fn single_pushes(push: PushView) -> Vec<(Pos, Dir)> {
    let mut out = Vec::new();
    let mut at = push.from;
    while out.len() < push.pushes as usize && at != push.to {
        out.push((at, push.dir));
        match at.step(push.dir) {
            Some(next) => at = next,
            None => break,
        }
    }
    if at != push.to {
        return vec![(push.to.step(push.dir.opposite()).unwrap_or(push.from), push.dir)];
    }
    out
}

/// What the board shows in the inspector.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    /// The node expanded last (or the start, before the first step).
    Current,
    /// A stored node.
    Node(NodeId),
    /// The position after `push` from a stored node (a child without a node of its own).
    After(NodeId, PushView),
    /// The node expanded at this step of the history.
    Step(usize),
}

impl Shown {
    /// What showing frontier node `n` shows, `parent` being the node expanded last (a
    /// depth-first search's untried child has no node of its own yet: the position after
    /// its push from there).
    pub fn frontier(n: &NodeView, parent: Option<NodeId>) -> Shown {
        match (n.id, parent, n.push) {
            (NodeId::MAX, Some(p), Some(push)) => Shown::After(p, push),
            _ => Shown::Node(n.id),
        }
    }
}

/// What the panels show of the search, read once a frame.
#[derive(Clone, Debug, Default)]
pub struct Snapshot {
    /// The counters.
    pub stats: Stats,
    /// The node expanded last.
    pub current: Option<NodeView>,
    /// Its children with their verdicts.
    pub children: Vec<ChildView>,
    /// The best frontier nodes, next first.
    pub frontier: Vec<NodeView>,
    /// Whether a solution found would be the shortest by the search's metric.
    pub optimal: bool,
    /// Expansions recorded in the history.
    pub steps: usize,
    /// The named features of the node expanded last (feature-space search lists them).
    pub features: Vec<(&'static str, u32)>,
    /// When the history is scrubbed to an earlier expansion: its index and record; then
    /// `current` and `children` are that expansion's (children are recorded for the first
    /// [`crate::solver::inspect::trace::TREE_EXPANSIONS`] only) and `frontier` is empty (it
    /// is not recorded).
    pub history: Option<(usize, Step)>,
    /// The pushes that complete the solution found after its last node (Talking Stones'
    /// stone-by-stone tail); empty otherwise.
    pub tail: Vec<(Pos, Dir)>,
    /// The sub-problem the search is solving (Demaret's planner), none for other methods
    /// and in the history.
    pub sub_problem: Option<SubProblem>,
    /// The strategies of a portfolio (`auto`), with the one running.
    pub strategies: Vec<StrategyView>,
}

/// The inspector's state.
pub struct Inspector {
    /// The algorithm to build.
    pub method: Method,
    /// The lower bound to build with.
    pub bound: LowerBound,
    /// The pruning rules to build with.
    pub deadlocks: crate::solver::Deadlocks,
    /// The other techniques to build with (FESS's features and advisors, PI-corrals, macros).
    pub techniques: crate::solver::Techniques,
    /// The planner's goal ordering and goal rearrangement, when chosen by hand.
    pub plan: (Option<crate::solver::Ordering>, crate::solver::Parking),
    /// The search, once built.
    pub session: Option<Session>,
    /// The search being built on a worker (the session stays empty meanwhile).
    pub building: Option<Building>,
    /// What the board shows.
    pub shown: Shown,
    /// The board for `shown`, with the pushes from the start that lead to it (when known).
    pub board: Option<(Level, Vec<(Pos, Dir)>)>,
    /// The stored nodes from the start to what is shown (to its parent for a child not
    /// stored yet); empty when the search does not keep them.
    pub shown_path: Vec<NodeView>,
    /// The named features of the node shown (none for a child not stored yet).
    pub shown_features: Vec<(&'static str, u32)>,
    /// When the search keeps the node shown with its player elsewhere than where the push
    /// left it: that square, and the area it stands for (every square the player can walk
    /// to; one node covers them all).
    pub area: Option<(Pos, Vec<Pos>)>,
    board_key: Option<(Shown, u64)>,
    /// This frame's view of the search.
    pub snapshot: Snapshot,
    /// Expansions per Step ×N.
    pub step_count: u64,
    /// Expansions per second for Run.
    pub rate: f64,
    /// The history step the scrubber is on.
    pub scrub: usize,
    /// Log scale on the charts.
    pub log_scale: bool,
    /// The search tree coloured as Van Lishout's thesis does (white, blue, green, black)
    /// instead of by outcome.
    pub seed_colours: bool,
    /// Which children the children table lists.
    pub verdicts: VerdictFilter,
    /// The solution the search found, replayed, or why its line is not one (a bug of the
    /// solver's, said as such).
    pub solution: Option<Result<Solution, String>>,
    /// Which view the lower panel shows.
    pub view: LowerView,
    /// The search's deadlock patterns and the one selected.
    pub patterns: PatternBook,
    /// The level's deadlock coverage and the missed dead set selected.
    pub coverage: coverage::CoverageView,
    /// The oracle's dead sets the user added to the searches' patterns, by board.
    pub adopted: adopted::AdoptedSets,
    /// Why the search refused the dead sets added on its board, if it did.
    pub refused: Option<String>,
    /// The tree or the chart being saved to a file.
    pub saving: saving::Saving,
    /// The breakpoints set for *Run until a breakpoint*.
    pub breakpoints: breakpoints::Breakpoints,
    /// Predict mode: its score and its last answer.
    pub predict: predict::Predict,
    /// The search side by side with this one.
    pub compare: compare::Compare,
    speed: (Instant, u64, f64),
}

/// Which children the children table lists, by verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VerdictFilter {
    /// Every child.
    All,
    /// Children kept or improved.
    Kept,
    /// Duplicates of states seen before.
    Duplicate,
    /// Children over the bound or pruned by a rule.
    Pruned,
}

impl VerdictFilter {
    /// Every filter, in menu order.
    pub const ALL: [VerdictFilter; 4] =
        [VerdictFilter::All, VerdictFilter::Kept, VerdictFilter::Duplicate, VerdictFilter::Pruned];

    /// The menu's word.
    pub fn name(self) -> &'static str {
        match self {
            VerdictFilter::All => "all",
            VerdictFilter::Kept => "kept",
            VerdictFilter::Duplicate => "duplicates",
            VerdictFilter::Pruned => "pruned",
        }
    }

    /// Whether a child with verdict `v` is listed.
    pub fn shows(self, v: crate::solver::Verdict) -> bool {
        use crate::solver::Verdict as V;
        match self {
            VerdictFilter::All => true,
            VerdictFilter::Kept => matches!(v, V::Kept | V::Improved),
            VerdictFilter::Duplicate => v == V::Duplicate,
            VerdictFilter::Pruned => matches!(v, V::Pruned(_) | V::OverBound),
        }
    }
}

/// The views of the inspector's lower panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LowerView {
    /// Open and seen sizes and the bound against expansions.
    Charts,
    /// The expansion history with its scrubber.
    History,
    /// The search tree of a small search.
    Tree,
    /// The deadlock pattern database.
    Patterns,
    /// The level's deadlock coverage: each rule against the oracle.
    Coverage,
    /// The search side by side with another: both on one chart, their trees.
    Compare,
}

impl LowerView {
    /// Every view, in the order the lower panel's switch lists them.
    pub const ALL: [LowerView; 6] = [
        LowerView::Charts,
        LowerView::History,
        LowerView::Tree,
        LowerView::Patterns,
        LowerView::Coverage,
        LowerView::Compare,
    ];
}

impl Default for Inspector {
    fn default() -> Self {
        Inspector {
            method: Method::AStar,
            bound: LowerBound::Matching,
            deadlocks: crate::solver::Deadlocks::default(),
            techniques: crate::solver::Techniques::default(),
            plan: Default::default(),
            session: None,
            building: None,
            shown: Shown::Current,
            board: None,
            shown_path: Vec::new(),
            shown_features: Vec::new(),
            area: None,
            board_key: None,
            snapshot: Snapshot::default(),
            step_count: 100,
            rate: 50.0,
            scrub: 0,
            log_scale: false,
            seed_colours: false,
            verdicts: VerdictFilter::All,
            solution: None,
            view: LowerView::Charts,
            patterns: PatternBook::default(),
            adopted: adopted::AdoptedSets::default(),
            refused: None,
            saving: saving::Saving::default(),
            breakpoints: breakpoints::Breakpoints::default(),
            predict: predict::Predict::default(),
            compare: compare::Compare::default(),
            coverage: coverage::CoverageView::default(),
            speed: (Instant::now(), 0, 0.0),
        }
    }
}

impl Inspector {
    /// The configuration the choices make.
    pub fn config(&self) -> Config {
        Config {
            method: self.method,
            lower_bound: self.bound,
            deadlocks: self.deadlocks,
            techniques: self.techniques,
            ordering: self.plan.0,
            parking: self.plan.1,
            ..Config::default()
        }
    }

    /// Whether predict mode is on and offered for the method searched (the frontier listed
    /// without priorities, a click a guess).
    pub fn predicting(&self) -> bool {
        self.predict.on && self.info().picks.is_some()
    }

    /// The catalogue's entry of the method searched (of the method chosen before a search
    /// is built): what its counters, rows and charts are called.
    pub fn info(&self) -> &'static crate::solver::MethodInfo {
        self.session.as_ref().map_or(self.method, |s| s.config.method).info()
    }

    /// Builds a fresh search of `level` with the current choices, on a worker: ready when
    /// this returns for a small level, later ([`Inspector::poll_building`]) for a big one.
    pub fn reset(
        &mut self,
        key: LevelKey,
        level: &Level,
        repaint: Waker,
    ) -> Result<(), Unsearchable> {
        self.session = None;
        self.building = None;
        self.shown = Shown::Current;
        self.board_key = None;
        self.board = None;
        self.shown_path.clear();
        self.shown_features.clear();
        self.area = None;
        self.scrub = 0;
        self.snapshot = Snapshot::default();
        self.solution = None;
        self.patterns = PatternBook::new(self.patterns.order_by);
        let mut building = Building::start(key, level, self.config(), repaint);
        let built = building.wait(GRACE);
        self.building = Some(building);
        match built {
            Some(built) => self.install(built).map(drop),
            None => Ok(()),
        }
    }

    /// Puts the search itself back at expansion `to` (its node, children, frontier,
    /// counters, chart and tree as they were then): the search is deterministic, so a
    /// worker builds it afresh and re-runs it that far; the search shown stays until then.
    /// Forward of the search, the run that steps there.
    pub fn go_to(&mut self, to: u64, repaint: Waker) -> Option<Run> {
        let session = self.session.as_ref()?;
        if let Some(second) = self.compare.session.as_ref().filter(|_| self.compare.on) {
            // The search beside it goes there too (it runs with the inspector's own).
            match building::going(second, to, &self.adopted, repaint.clone()) {
                Going::Back(b) => self.compare.back(b),
                Going::Run(run @ Run::Back(_)) => self.compare.run(run, repaint.clone()),
                Going::Run(_) | Going::Stay => {}
            }
        }
        let mut building = match building::going(session, to, &self.adopted, repaint) {
            Going::Stay => return None,
            Going::Run(Run::Back(to)) => {
                self.went_back(to);
                return Some(Run::Back(to));
            }
            Going::Run(run) => return Some(run),
            Going::Back(building) => building,
        };
        let built = building.wait(GRACE);
        self.building = Some(building);
        if let Some(built) = built {
            // The same level and configuration as the search shown: it cannot fail now.
            self.install(built).ok();
        }
        None
    }

    /// Adds the oracle's dead set `boxes` of `position` to the search's patterns, and to
    /// every later search of its board: what to tell the user.
    pub fn adopt(&mut self, position: &Level, boxes: &[Pos]) -> String {
        let Some(session) = &self.session else {
            return "Not added: the inspector has no search yet (open the Inspector on this \
                    level first)."
                .into();
        };
        let said = self.adopted.adopt(session, position, boxes);
        self.patterns.reread();
        self.refresh();
        said
    }

    /// Whether the search being inspected is of the board `position` is on (the oracle's
    /// dead set in it can be added to the search's patterns).
    pub fn searches_board_of(&self, position: &Level) -> bool {
        self.session.as_ref().is_some_and(|s| s.level.same_layout(position))
    }

    /// Takes the search once its worker has built it: what was asked for meanwhile, to
    /// carry out now, or why the level cannot be searched.
    pub fn poll_building(&mut self) -> Result<Option<Asked>, Unsearchable> {
        match self.building.as_mut().and_then(Building::poll) {
            Some(built) => self.install(built),
            None => Ok(None),
        }
    }

    /// Stops building the search (nothing is searched until the next reset or step).
    pub fn cancel_building(&mut self) -> bool {
        self.building.take().is_some()
    }

    fn install(&mut self, built: building::Built) -> Result<Option<Asked>, Unsearchable> {
        let building = self.building.take();
        let then = building.as_ref().and_then(|b| b.then.clone());
        let mut built = built?;
        if let (Some(to), Some(new), Some(old)) =
            (building.and_then(|b| b.to), &mut built, &self.session)
        {
            // Back at an earlier expansion: the same search, re-run.
            let differs = old.with_trace(|o| new.with_trace(|n| trace::first_difference(o, n, to)));
            new.went_back(to, differs);
            self.went_back(to);
        }
        self.session = built;
        self.refused = self.session.as_ref().and_then(|s| self.adopted.apply(s));
        self.refresh();
        Ok(then)
    }

    /// Shows the search as it stands after going back to expansion `to`.
    fn went_back(&mut self, to: u64) {
        self.shown = Shown::Current;
        self.board_key = None;
        self.scrub = to.saturating_sub(1) as usize;
        self.solution = None;
        self.patterns.reread();
    }

    /// The solution the search found for the level and board `key` names (if it searches
    /// that one), and what it is proved shortest by (`push-optimal`, `move-optimal`).
    pub fn solution_for(&self, key: LevelKey) -> Option<(&[Move], Option<&'static str>)> {
        let solution = self.solution.as_ref()?.as_ref().ok()?;
        let same = self.session.as_ref().is_some_and(|s| s.key == key);
        same.then_some((&solution.moves[..], solution.proved()))
    }

    /// The board the search proved a push count optimal for, and that count, once it found
    /// a push-optimal solution.
    pub fn proof(&self) -> Option<(LevelKey, usize)> {
        let solution = self.solution.as_ref()?.as_ref().ok()?;
        let key = self.session.as_ref()?.key;
        solution.optimal.then_some((key, solution.pushes))
    }

    /// The key of the level the search (built, or being built) is of.
    pub fn key(&self) -> Option<LevelKey> {
        let building = self.building.as_ref().map(|b| b.key);
        building.or(self.session.as_ref().map(|s| s.key))
    }

    /// Reads the search into the snapshot and the board shown (once a frame).
    pub fn refresh(&mut self) {
        let Some(session) = &mut self.session else { return };
        session.poll();
        let steps = session.with_trace(|t| t.steps.len());
        let progress = session.progress();
        let search = session.search();
        let stats = search.stats().clone();
        let current = search.current();
        self.snapshot = Snapshot {
            tail: match progress {
                Progress::Solved(id) => search.tail(id),
                _ => Vec::new(),
            },
            features: current.map(|c| search.node_features(c.id)).unwrap_or_default(),
            current,
            children: search.children().to_vec(),
            frontier: search.frontier(FRONTIER_SHOWN),
            optimal: search.optimal(),
            steps,
            stats,
            history: None,
            sub_problem: search.sub_problem(),
            strategies: search.strategies(),
        };
        if let Shown::Step(i) = self.shown
            && i + 1 < steps
        {
            let (step, children) = session.with_trace(|t| {
                let children = t.edges.iter().filter(|e| e.step as usize == i).map(|e| e.child);
                (t.steps[i], children.collect())
            });
            let push = step.push().map(|(from, dir)| PushView {
                from,
                dir,
                to: from.step(dir).unwrap_or(from),
                pushes: 1,
            });
            let (g, h) = (u32::from(step.g), u32::from(step.h));
            let stored = if session.depth_first() { None } else { search.node(step.node) };
            // What the method orders by, when g and h say it (else not recorded).
            let f = session.config.method.info().order.of(g, h).unwrap_or(u32::MAX);
            let view = NodeView { id: step.node, g, h, f, push };
            self.snapshot.current = Some(stored.unwrap_or(view));
            self.snapshot.children = children;
            self.snapshot.frontier.clear();
            self.snapshot.features.clear();
            self.snapshot.sub_problem = None;
            self.snapshot.history = Some((i, step));
        }
        // The patterns are read when something may show them.
        let wanted = self.view == LowerView::Patterns
            || self.patterns.selected.is_some()
            || self.snapshot.children.iter().any(|c| c.pattern.is_some());
        if wanted {
            self.patterns.update(search.as_ref(), session.is_running());
        }
        let running = session.is_running();
        if let (Progress::Solved(id), None) = (session.progress(), &self.solution) {
            let solution = solution_of(&session.level, search.as_ref(), id);
            let failed = |e| Outcome::Failed(e).message().unwrap_or_default();
            self.solution = Some(solution.map_err(failed));
        }
        drop(search);
        // The rate is measured while the worker runs and kept after it stops.
        let expanded = self.snapshot.stats.expanded;
        let (at, seen, rate) = self.speed;
        let elapsed = at.elapsed().as_secs_f64();
        if !running || expanded < seen {
            self.speed = (Instant::now(), expanded, rate);
        } else if elapsed >= 0.5 {
            self.speed = (Instant::now(), expanded, (expanded - seen) as f64 / elapsed);
        }
        let key = (self.shown, self.snapshot.stats.expanded);
        if self.board_key != Some(key) {
            self.board_key = Some(key);
            self.board = self.shown_board();
            let node = self.shown_node();
            let Some(session) = &self.session else { return };
            let search = session.search();
            (self.shown_path, self.shown_features) = match node {
                Some((id, stored)) => {
                    let path = search.path(id).iter().filter_map(|&n| search.node(n)).collect();
                    let features = if stored { search.node_features(id) } else { Vec::new() };
                    (path, features)
                }
                None => (Vec::new(), Vec::new()),
            };
            let kept = node.filter(|&(_, stored)| stored).and_then(|(id, _)| search.board(id));
            self.area = match (kept.and_then(|k| k.player()), &self.board) {
                (Some(kept), Some((board, _))) if board.player() != Some(kept) => {
                    Some((kept, player_area(board)))
                }
                _ => None,
            };
        }
    }

    /// The stored node behind what is shown, and whether it is the node shown itself (not
    /// the parent of a child that is not stored); none where node ids are not kept (the
    /// history of a depth-first search, which reuses them).
    fn shown_node(&self) -> Option<(NodeId, bool)> {
        let session = self.session.as_ref()?;
        match self.shown {
            Shown::Current => self.snapshot.current.map(|v| (v.id, true)),
            Shown::Node(id) => Some((id, true)),
            Shown::After(id, _) => Some((id, false)),
            Shown::Step(_) if session.depth_first() => None,
            Shown::Step(i) => session.with_trace(|t| t.steps.get(i).map(|s| (s.node, true))),
        }
    }

    /// How often each square held a box in the positions expanded, scaled to 0..1 (the heat
    /// map overlay).
    pub fn heat(&self) -> Vec<(Pos, f32)> {
        let Some(session) = &self.session else { return Vec::new() };
        let heat = session.with_trace(|t| t.heat.clone());
        let max = heat.iter().copied().max().unwrap_or(0);
        if max == 0 {
            return Vec::new();
        }
        let search = session.search();
        let board = &search.problem().board;
        heat.iter()
            .enumerate()
            .filter(|&(s, &n)| n > 0 && s < board.len())
            .map(|(s, &n)| (board.pos(s as u16), n as f32 / max as f32))
            .collect()
    }

    /// Expansions per second over the last half second the worker ran (none before it
    /// has run that long).
    pub fn nodes_per_second(&self) -> Option<f64> {
        (self.session.is_some() && self.speed.2 > 0.0).then_some(self.speed.2)
    }

    /// The board of what is shown and the pushes leading to it.
    fn shown_board(&self) -> Option<(Level, Vec<(Pos, Dir)>)> {
        let session = self.session.as_ref()?;
        // The search stores the player on a normalised square of its area; the board shows
        // it where the pushes from the start leave it.
        let node_board = |id: NodeId| -> Option<(Level, Vec<(Pos, Dir)>)> {
            let search = session.search();
            let stored = search.board(id)?;
            let pushes = search.pushes_to(id);
            let played = after_pushes(&session.level, &pushes);
            let same = played.boxes() == stored.boxes();
            Some((if same { played } else { stored }, pushes))
        };
        match self.shown {
            Shown::Current => match self.snapshot.current {
                Some(v) => node_board(v.id),
                None => Some((session.level.clone(), Vec::new())),
            },
            Shown::Node(id) => node_board(id),
            Shown::After(id, push) => {
                let (board, mut pushes) = node_board(id)?;
                let next = after_move(&board, push)?;
                pushes.extend(single_pushes(push));
                Some((next, pushes))
            }
            Shown::Step(i) => {
                if session.depth_first() {
                    let pushes = session.with_trace(|t| t.depth_first_pushes(i));
                    Some((after_pushes(&session.level, &pushes), pushes))
                } else {
                    let node = session.with_trace(|t| t.steps.get(i).map(|s| s.node))?;
                    node_board(node)
                }
            }
        }
    }

    /// A line saying how the search stands.
    pub fn state_line(&self) -> String {
        if let Some(b) = &self.building
            && let (Some(to), Some(done)) = (b.to, b.rerun())
        {
            return format!(
                "Going back to expansion {to}: re-running the search from its start… {done} of \
                 {to}."
            );
        }
        if let Some(b) = &self.building {
            let secs = b.elapsed().as_secs_f64();
            return format!("Preparing the search: analysing the level… {secs:.1} s");
        }
        let Some(s) = &self.session else { return "Not started.".into() };
        if let Some(to) = s.going_back() {
            return format!("Going back to expansion {to}…");
        }
        if s.memory_full() {
            return "Stopped: the search holds too much memory.".into();
        }
        match s.progress() {
            Progress::Running if s.is_running() => "Running…".into(),
            Progress::Running => match s.fired() {
                Some((at, fired)) => {
                    format!("Stopped at a breakpoint after expansion {at}: {}.", fired.said)
                }
                None => match s.was_rewound() {
                    Some(WentBack { to, differs: None }) => format!("Back at expansion {to}."),
                    Some(WentBack { to, differs: Some(at) }) => format!(
                        "Back at expansion {to}, but the re-run differs from the run it \
                         replaces from expansion {at} on: the dead sets added to the patterns \
                         part way prune from the start now."
                    ),
                    None => "Paused.".into(),
                },
            },
            Progress::Solved(_) => match &self.solution {
                Some(Ok(solution)) => {
                    let proved = solution.proved().map(|p| format!(" ({p})")).unwrap_or_default();
                    let pushes = text::plural(solution.pushes, "push", "pushes");
                    let moves = text::plural(solution.moves.len(), "move", "moves");
                    format!("Solved: {pushes}, {moves}{proved}.")
                }
                Some(Err(why)) => format!("Solved, but {why}."),
                None => "Solved.".into(),
            },
            Progress::Exhausted { complete: true } => {
                "Exhausted: no solution exists (every position was searched).".into()
            }
            Progress::Exhausted { complete: false } => {
                "Exhausted within the depth limit (no proof of unsolvability).".into()
            }
            Progress::NotFound => match self.snapshot.stats.measure(crate::solver::PLAN_STEPS) {
                Some(steps) => format!(
                    "Plan found: {}. The backward search ends with a plan for FESS, not a \
                     solution (the packing-and-parking plan overlay draws it).",
                    text::plural(steps as usize, "step", "steps")
                ),
                None => "Gave up: no solution found (no proof of unsolvability).".into(),
            },
        }
    }
}
