//! What every pull search stands on: the [`PullCore`] (the problem, a node store rooted at
//! the solved positions, the pull that made each node, the perimeter it shares with the
//! other searches of the level, counters and tracing) and the [`PullAlgorithm`] trait,
//! through which each pull search adds only what makes it itself. [`Pulls`] makes any of
//! them a [`Search`], its inspection written once, so the inspector steps a backward search
//! like a forward one: its children are pulls.
//!
//! A stored state is the box bitset, then `extra` words of the search's own (the plan
//! search keeps the squares boxes may still go home to there), then the normalised player
//! square. A pull search finds a solution only where it meets the forward side of the
//! perimeter (the start is always there), so its solution is the perimeter's.

use crate::level::{Dir, Level, Pos};
use crate::solver::analysis::problem::Problem;
use crate::solver::deadlock::judge::Judge;
use crate::solver::deadlock::patterns::PatternView;
use crate::solver::deadlock::{Deadlocks, PruneReason};
use crate::solver::model::board::Sq;
use crate::solver::model::interrupt::Interrupt;
use crate::solver::model::pull_moves::{PullMacro, PullMoves};
use crate::solver::model::reach::Reach;
use crate::solver::model::state::{has_box, player_of};
use crate::solver::model::table::{Insert, NodeId, NodeInfo, Nodes, Push};
use crate::solver::search::perimeter::{EntryId, Perimeter, Side};
use crate::solver::search::step::{Flow, Steps, step};
use crate::solver::search::{
    ChildView, NodeView, Observer, Progress, PushView, Search, Stats, SubProblem, Verdict,
};
use crate::solver::techniques::Techniques;
use std::sync::Arc;

/// The shared state of a pull search.
#[derive(Debug)]
pub(crate) struct PullCore<O: Observer> {
    /// The level being searched.
    pub problem: Problem,
    /// Words of the search's own between the boxes and the player in a stored state.
    extra: usize,
    /// Stored nodes; the roots (the solved position, the player in each area) come first.
    pub nodes: Nodes,
    /// Per node: the pull that made it (none for a root).
    pulls: Vec<Option<PullMacro>>,
    /// Per node: its entry on the perimeter's backward side (none when it was not shared).
    entries: Vec<Option<EntryId>>,
    /// The table the searches of the level share.
    pub perimeter: Arc<Perimeter>,
    /// Where the search met the forward side: its node and the forward entry.
    met: Option<(NodeId, EntryId)>,
    /// Whether the perimeter refused a position (its backward side is full).
    refused: bool,
    /// The dead-square rule (its judge runs no other detector).
    judge: Judge,
    /// Counters.
    pub stats: Stats,
    /// How the search ended, once it has.
    pub done: Option<Progress>,
    /// Tracing.
    pub observer: O,
    /// The stop flag.
    pub interrupt: Interrupt,
    pull_moves: PullMoves,
    /// Scratch: a flood of the player's area.
    pub reach: Reach,
    /// Scratch: a state as the perimeter holds it (boxes, then the player).
    shared: Vec<u64>,
}

/// The measures a pull search reports: the positions the perimeter holds on each side.
pub const PERIMETER_FORWARD: &str = "perimeter: forward positions";
pub const PERIMETER_BACKWARD: &str = "perimeter: backward positions";

/// What [`PullCore::add`] did with a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Added {
    /// Stored as this new node.
    New(NodeId),
    /// Stored already as this node.
    Known(NodeId),
    /// Stored as this new node, which the forward side holds: the search is solved there.
    Met(NodeId),
}

impl<O: Observer> PullCore<O> {
    /// A core for `problem` whose states carry `extra` words of the search's own, sharing
    /// `perimeter` (where the start is added as a forward root), pruning by the dead-square
    /// rule when `deadlocks` has it on, stopped by `interrupt`.
    pub fn new(
        problem: Problem,
        extra: usize,
        perimeter: Arc<Perimeter>,
        deadlocks: Deadlocks,
        interrupt: &Interrupt,
        observer: O,
    ) -> Self {
        let start = problem.root();
        perimeter.add(Side::Forward, &start, problem.hash(&start), None, &problem);
        let stride = problem.stride + extra;
        let dead_squares = Deadlocks { dead_squares: deadlocks.dead_squares, ..Deadlocks::NONE };
        PullCore {
            judge: Judge::new(&problem, dead_squares, Techniques::NONE, interrupt),
            problem,
            extra,
            nodes: Nodes::new(stride),
            pulls: Vec::new(),
            entries: Vec::new(),
            perimeter,
            met: None,
            refused: false,
            stats: Stats::default(),
            done: None,
            observer,
            interrupt: interrupt.clone(),
            pull_moves: PullMoves::default(),
            reach: Reach::default(),
            shared: Vec::new(),
        }
    }

    /// Bitset words of the boxes.
    pub fn words(&self) -> usize {
        self.problem.words()
    }

    /// The boxes of node `id`.
    pub fn boxes(&self, id: NodeId) -> &[u64] {
        &self.nodes.state(id)[..self.words()]
    }

    /// The search's own words of node `id`.
    pub fn extra(&self, id: NodeId) -> &[u64] {
        let words = self.words();
        &self.nodes.state(id)[words..words + self.extra]
    }

    /// The normalised player square of node `id`.
    pub fn player(&self, id: NodeId) -> Sq {
        player_of(self.nodes.state(id))
    }

    /// The pull that made node `id` (none for a root).
    pub fn pull(&self, id: NodeId) -> Option<PullMacro> {
        self.pulls[id as usize]
    }

    /// Whether the perimeter refused a position: the search can no longer meet the forward
    /// side through every position it stores.
    pub fn refused(&self) -> bool {
        self.refused
    }

    /// Whether `id` names a stored node.
    pub fn has(&self, id: NodeId) -> bool {
        (id as usize) < self.nodes.len()
    }

    /// Stores the position of `boxes` and `extra` with the player on `player`, reached
    /// from node `from.0` by pull `from.1` (none for a root), with score `h`. With `share`,
    /// it also goes to the perimeter's backward side, and the search is solved where the
    /// forward side holds it.
    pub fn add(
        &mut self,
        boxes: &[u64],
        extra: &[u64],
        player: Sq,
        from: Option<(NodeId, PullMacro)>,
        h: u32,
        share: bool,
    ) -> Added {
        let p = &self.problem;
        let normal = self.reach.flood(&p.board, boxes, player);
        self.shared.clear();
        self.shared.extend_from_slice(boxes);
        self.shared.push(u64::from(normal));
        let hash = p.hash(&self.shared);
        self.shared.pop();
        self.shared.extend_from_slice(extra);
        self.shared.push(u64::from(normal));
        let (parent, g) = match from {
            Some((parent, m)) => (parent, self.nodes.info(parent).g + u32::from(m.pulls)),
            None => (self.nodes.len() as NodeId, 0),
        };
        let push =
            from.map_or(Push { from: 0, dir: 0 }, |(_, m)| Push { from: m.from, dir: m.dir });
        let info = NodeInfo { parent, push, g, h, closed: false };
        let id = match self.nodes.insert(&self.shared, hash, info) {
            Insert::Known(id) => return Added::Known(id),
            Insert::New(id) => id,
        };
        self.pulls.push(from.map(|(_, m)| m));
        self.entries.push(None);
        self.stats.closed = self.nodes.len() as u64;
        self.stats.depth = self.stats.depth.max(g);
        if !share {
            return Added::New(id);
        }
        let words = self.words();
        self.shared.truncate(words);
        self.shared.push(u64::from(normal));
        let link = from.and_then(|(parent, m)| Some((self.entries[parent as usize]?, m.into())));
        if from.is_some() && link.is_none() {
            // Its parent is not shared: no line home through the table.
            return Added::New(id);
        }
        let added = self.perimeter.add(Side::Backward, &self.shared, hash, link, p);
        self.entries[id as usize] = added.entry;
        self.refused |= added.entry.is_none();
        match (added.entry, added.other) {
            (Some(_), Some(forward)) => {
                self.met = Some((id, forward));
                Added::Met(id)
            }
            _ => Added::New(id),
        }
    }

    /// The solved position with the player in each area the goals split the free floor
    /// into, each with the search's own words `extra` and score `h`, shared with the
    /// perimeter when `share`. Returns the node that met the forward side, if one did.
    pub fn add_roots(&mut self, extra: &[u64], h: u32, share: bool) -> Option<NodeId> {
        let words = self.words();
        let goals = self.problem.goal_set[..words].to_vec();
        let mut covered = goals.clone();
        for s in 0..self.problem.board.len() as Sq {
            if has_box(&covered, s) {
                continue;
            }
            self.reach.flood(&self.problem.board, &goals, s);
            covered.iter_mut().zip(self.reach.bits()).for_each(|(c, r)| *c |= r);
            if let Added::Met(id) = self.add(&goals, extra, s, None, h, share) {
                return Some(id);
            }
        }
        // Every root waits to be expanded.
        self.stats.open = self.nodes.len() as u64;
        None
    }

    /// Reports the perimeter's size in the counters.
    pub fn note_perimeter(&mut self) {
        let [forward, backward] = self.perimeter.len();
        self.stats.set_measure(PERIMETER_FORWARD, forward as u64);
        self.stats.set_measure(PERIMETER_BACKWARD, backward as u64);
    }

    /// The pull macros of node `id`, appended to `out`, but those the dead-square rule cuts:
    /// they are counted and shown to the observer as pruned children (a box pulled from a
    /// square from which a goal can be reached can always be pushed back there, so none is
    /// normally cut).
    pub fn generate(&mut self, id: NodeId, out: &mut Vec<PullMacro>) {
        let start = out.len();
        let state = self.nodes.state(id);
        let (boxes, player) = (&state[..self.problem.words()], player_of(state));
        let (p, judge) = (&self.problem, &self.judge);
        let onward = |s| judge.onward(p, s);
        self.pull_moves.generate(&p.board, boxes, player, &self.interrupt, onward, out);
        self.stats.expanded += 1;
        self.stats.generated += (out.len() - start) as u64;
        let mut kept = start;
        for i in start..out.len() {
            let m = out[i];
            if self.judge.dead_square(&self.problem, m.to) {
                let reason = PruneReason::DeadSquare;
                self.stats.pruned[reason.index()] += 1;
                self.child(m, None, 0, 0, Verdict::Pruned(reason));
            } else {
                out[kept] = m;
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    /// The view of pull `m`: from the box's square before it to the square after.
    pub fn pull_view(&self, m: PullMacro) -> PushView {
        let board = &self.problem.board;
        // The box follows the player, who steps back in `dir`.
        let dir = Dir::ALL[m.dir as usize];
        PushView { from: board.pos(m.from), dir, to: board.pos(m.to), pushes: u32::from(m.pulls) }
    }

    /// The view of node `id` with priority `f`.
    pub fn node_view(&self, id: NodeId, f: u32) -> NodeView {
        let info = self.nodes.info(id);
        let push = self.pull(id).map(|m| self.pull_view(m));
        NodeView { id, g: info.g, h: info.h, f, push }
    }

    /// Tells the observer that node `id`, of priority `f`, is being expanded.
    pub fn expanding(&mut self, id: NodeId, f: u32) {
        if O::ENABLED {
            let view = self.node_view(id, f);
            self.observer.expanding(view);
            let state = self.nodes.state(id);
            let mut shown = state[..self.problem.words()].to_vec();
            shown.push(u64::from(player_of(state)));
            self.observer.state(&shown, &self.stats);
        }
    }

    /// Shows the observer a child reached by pull `m`: its node (when stored), scores and
    /// verdict.
    pub fn child(&mut self, m: PullMacro, node: Option<NodeId>, h: u32, f: u32, verdict: Verdict) {
        if O::ENABLED {
            let push = self.pull_view(m);
            let g = node.map_or(0, |n| self.nodes.info(n).g);
            let v = ChildView { push, node, g, h, f, verdict, pattern: None };
            self.observer.child(v);
        }
    }

    /// Bytes held: the store and the search's share of the perimeter (shared equally by
    /// the searches holding it, so that a portfolio counts it once).
    pub fn memory(&self) -> usize {
        let holders = Arc::strong_count(&self.perimeter).max(1);
        self.nodes.memory()
            + (self.pulls.capacity() + self.entries.capacity()) * 8
            + self.judge.memory()
            + self.problem.memory()
            + self.perimeter.memory() / holders
    }
}

/// A pull search built on a [`PullCore`]: what makes it itself.
pub(crate) trait PullAlgorithm: Send {
    /// The observer tracing it.
    type Trace: Observer;
    /// The core it stands on.
    fn core(&self) -> &PullCore<Self::Trace>;
    /// The core, to change.
    fn core_mut(&mut self) -> &mut PullCore<Self::Trace>;
    /// Before the first expansion of a step (the first step places the roots, which may
    /// end the search).
    fn begin(&mut self);
    /// One expansion (see [`step`]).
    fn advance(&mut self) -> Flow;
    /// After a step that did not end the search (nothing by default).
    fn pause(&mut self) {}
    /// Memory it holds beyond the core's, in bytes.
    fn own_memory(&self) -> usize;
    /// Up to `k` frontier nodes, the next to be expanded first.
    fn frontier(&self, k: usize) -> Vec<NodeView>;
    /// The priority of stored node `id` (its score by default).
    fn f(&self, id: NodeId) -> u32 {
        self.core().nodes.info(id).h
    }
    /// Named measurements of node `id` beyond g, h and f (none by default).
    fn node_features(&self, _id: NodeId) -> Vec<(&'static str, u32)> {
        Vec::new()
    }
}

/// A pull search as a [`Search`].
#[derive(Debug)]
pub(crate) struct Pulls<A>(pub A);

impl<A: PullAlgorithm> Steps for Pulls<A> {
    fn ended(&mut self) -> &mut Option<Progress> {
        &mut self.0.core_mut().done
    }

    fn interrupted(&self) -> bool {
        self.0.core().interrupt.raised()
    }

    fn work(&self) -> u64 {
        self.0.core().stats.expanded
    }

    fn begin(&mut self, _budget: u64) {
        self.0.begin();
    }

    fn advance(&mut self) -> Flow {
        self.0.advance()
    }

    fn pause(&mut self) {
        self.0.pause();
    }
}

impl<A: PullAlgorithm> Search for Pulls<A> {
    fn step(&mut self, budget: u64) -> Progress {
        step(self, budget)
    }

    fn stats(&self) -> &Stats {
        &self.0.core().stats
    }

    fn memory(&self) -> usize {
        self.0.core().memory() + self.0.own_memory()
    }

    fn problem(&self) -> &Problem {
        &self.0.core().problem
    }

    fn optimal(&self) -> bool {
        false
    }

    fn current(&self) -> Option<NodeView> {
        self.0.core().observer.current()
    }

    fn children(&self) -> &[ChildView] {
        self.0.core().observer.children()
    }

    fn frontier(&self, k: usize) -> Vec<NodeView> {
        self.0.frontier(k)
    }

    fn node(&self, id: NodeId) -> Option<NodeView> {
        let core = self.0.core();
        core.has(id).then(|| core.node_view(id, self.0.f(id)))
    }

    fn path(&self, id: NodeId) -> Vec<NodeId> {
        let core = self.0.core();
        if core.has(id) { core.nodes.path(id) } else { Vec::new() }
    }

    /// The node's boxes and player (boxes a search took off the board are not shown).
    fn board(&self, id: NodeId) -> Option<Level> {
        let core = self.0.core();
        if !core.has(id) {
            return None;
        }
        let mut state = core.boxes(id).to_vec();
        state.push(u64::from(core.player(id)));
        Some(core.problem.level_of(&state))
    }

    fn patterns(&self) -> Vec<PatternView> {
        Vec::new()
    }

    fn node_features(&self, id: NodeId) -> Vec<(&'static str, u32)> {
        self.0.node_features(id)
    }

    /// The whole solution when node `id` is where the search met the forward side: the
    /// forward side's pushes to it, then its own pulls undone.
    fn pushes_to(&self, id: NodeId) -> Vec<(Pos, Dir)> {
        let core = self.0.core();
        let Some((at, forward)) = core.met else { return Vec::new() };
        let Some(backward) = core.entries.get(id as usize).copied().flatten() else {
            return Vec::new();
        };
        if at != id {
            return Vec::new();
        }
        core.perimeter.solution(&core.problem, forward, backward).unwrap_or_default()
    }

    fn tail(&self, _id: NodeId) -> Vec<(Pos, Dir)> {
        Vec::new()
    }

    fn sub_problem(&self) -> Option<SubProblem> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Level;
    use crate::solver::search::Recorder;

    #[test]
    fn pulls_onto_dead_squares_are_cut_counted_and_shown_unless_the_rule_is_off() {
        // The box stands on the top row, which is dead (no goal on it, and no push leaves
        // it): pulled along the row, it lands on dead squares; pulled down, on live ones.
        let rows = ["#######", "#  $  #", "#     #", "#.   @#", "#######"];
        let level = Level::from_rows(&rows).unwrap();
        let dead = PruneReason::DeadSquare;
        let run = |dead_squares| {
            let problem = Problem::new(&level).unwrap();
            let perimeter = Arc::new(Perimeter::new(&problem));
            let deadlocks = Deadlocks { dead_squares, ..Deadlocks::default() };
            let interrupt = Interrupt::default();
            let mut core =
                PullCore::new(problem, 0, perimeter, deadlocks, &interrupt, Recorder::default());
            let start = core.problem.root();
            let (boxes, player) = (&start[..core.words()], player_of(&start));
            let Added::New(id) = core.add(boxes, &[], player, None, 0, false) else {
                panic!("the start is new")
            };
            core.expanding(id, 0);
            let mut pulls = Vec::new();
            core.generate(id, &mut pulls);
            let shown = core.observer.children().iter();
            let shown = shown.filter(|c| c.verdict == Verdict::Pruned(dead)).count() as u64;
            let on_dead = pulls.iter().filter(|m| core.problem.dist.is_dead(m.to)).count();
            assert_eq!(shown, core.stats.pruned[dead.index()], "every cut is shown");
            let kept = pulls.len() as u64;
            assert_eq!(kept + shown, core.stats.generated, "cut and kept make the generated");
            (kept, shown, on_dead)
        };
        let (kept, cut, on_dead) = run(true);
        assert!(kept > 0 && cut >= 2, "{kept} kept, {cut} cut");
        assert_eq!(on_dead, 0, "no pull kept lands on a dead square");
        let (kept_off, cut_off, on_dead_off) = run(false);
        assert_eq!(cut_off, 0);
        assert_eq!(kept_off, kept + cut, "the same pulls, all kept");
        assert_eq!(on_dead_off as u64, cut);
    }
}
