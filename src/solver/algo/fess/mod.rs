//! Feature-space search (FESS, Shoham & Schaeffer 2020).
//!
//! The search tree lives in the domain space: positions linked by macro moves (one box
//! pushed to another square). Every position is also projected onto a cell of a small
//! feature space ([`features`]). As in Festival (technique `best-line`), a position's cell
//! is that of the best features met on its path (the position's own when they are the
//! best), so a line that packed a goal keeps its place while it shuffles boxes. Moves not
//! yet played wait in the cell of the position they start from, weighted by the accumulated
//! cost of their path: advisors name the moves that improve a feature, which cost 0; every
//! other move costs 1. With `best-line`, every second turn goes to the best cell met so
//! far; the other turns go round the cells in a ring, where a cell met for the first time
//! takes the next turn (as in Festival). At its turn a cell plays its lightest waiting
//! move, adds the new position to the tree and weighs that position's moves. So progress
//! along any feature is explored without one heuristic deciding everything, while the most
//! promising line is never starved.
//!
//! One [`Search::step`] expansion is one move played that gave a new position.

mod advisors;
mod cells;
mod expand;
mod explorer;
mod features;
mod line;
mod view;

use crate::level::{Dir, Move, Pos};
use crate::solver::algo::backward;
use crate::solver::analysis::hotspots::{Blockers, Hotspots};
use crate::solver::analysis::parking::{ParkingPlan, PlanSource};
use crate::solver::bounds::Hungarian;
use crate::solver::deadlock::PruneReason;
use crate::solver::model::board::Sq;
use crate::solver::model::box_moves::{BoxMoves, Macro};
use crate::solver::model::reach::Reach;
use crate::solver::model::state::{boxes_of, clear_box, player_of, set_box};
use crate::solver::model::table::{Insert, NodeId, NodeInfo, Push};
use crate::solver::search::core::Core;
use crate::solver::search::expand::Expander;
use crate::solver::search::perimeter::{EntryId, Perimeter, Side};
use crate::solver::search::step::Flow;
use crate::solver::search::{Observer, Progress, Search};
use crate::solver::techniques::{Technique, Techniques};
use advisors::Candidate;
use cells::{Cells, Entry};
use features::Measure;
use std::sync::Arc;

/// A move waiting in the store: the macro and the lower bound of where it leads.
#[derive(Clone, Copy, Debug)]
struct Waiting {
    m: Macro,
    h: u32,
}

/// The measure a solved search reports: the moves on the solution's line that no advisor
/// proposed (the line's weight; Shoham's count of hard decisions).
pub const UNADVISED: &str = "unadvised moves";

/// The measure a search following a backward search's plan reports: that search's
/// expansions.
pub const BACKWARD: &str = "backward expansions";

/// The pushes of a solution taken from the perimeter's backward side (reported when the
/// search met it).
pub const MEETING_JOINED: &str = "pushes from the perimeter";

/// The measures of the stall patterns: stalled subtrees whose root was tried, and the
/// patterns learned from them.
pub const STALLS_TRIED: &str = "stalled subtrees tried";
pub const STALLS_LEARNED: &str = "stall patterns learned";

/// No perimeter entry.
const NO_ENTRY: EntryId = EntryId::MAX;

/// A subtree that has grown to this many positions without a solution has stalled: its
/// root is tried for a deadlock pattern (Festival's "stuck" patterns).
const STALL_AT: u32 = 64;

/// At most one stalled root is tried per this many expansions (each try is a sub-search
/// of up to a dozen boxes, which costs as much as many expansions).
const STALL_EVERY: u64 = 64;

/// Feature-space search state: the core (node store, pruning pipeline, counters), and per
/// node the weight of its path, its cell and its own features.
#[derive(Debug)]
pub(crate) struct Fess<O: Observer> {
    core: Core<O>,
    /// The plan the packed feature counts the steps of.
    plan: ParkingPlan,
    /// Per node: accumulated weight.
    weight: Vec<u32>,
    /// Per node: its feature-space cell (the best features of its path).
    cell: Vec<u32>,
    /// Per node: its own features (its cell may hold the best features of its path).
    own: Vec<features::Features>,
    /// The cell of the best features met so far.
    best: u32,
    /// The node of the best features of its own met so far (the first of them).
    best_node: NodeId,
    /// Every move weighed so far; cells hold indices into it.
    store: Vec<Waiting>,
    cells: Cells,
    box_moves: BoxMoves,
    measure: Measure,
    hotspots: Hotspots,
    explorer: explorer::Explorer,
    /// Which squares stand in which others' way (with the `blockers` technique, on boards
    /// small enough).
    blockers: Option<Blockers>,
    /// The heat of each box of the position being expanded (hotspot advisors only).
    heat: Vec<(Sq, u32)>,
    hungarian: Hungarian,
    reach: Reach,
    /// The moves of the position being expanded.
    moves: Vec<Macro>,
    /// Those moves that survived the quick checks, with what they lead to.
    candidates: Vec<Candidate>,
    box_list: Vec<Sq>,
    /// The child being judged or played.
    child: Vec<u64>,
    /// Flips every turn; when false, the next turn is the best cell's (if it has moves).
    best_turn: bool,
    /// The table of the level's searches (with the `meeting` technique: given, or its own).
    perimeter: Option<Arc<Perimeter>>,
    /// Per node: its entry on the perimeter's forward side ([`NO_ENTRY`] if none).
    entries: Vec<EntryId>,
    /// Waiting moves whose position the backward side holds: played before any other.
    follow: Vec<Entry>,
    /// Where the solution's line met the backward side: the forward node, and the pushes
    /// from there to the solved position.
    joined: Option<(NodeId, Vec<(Pos, Dir)>)>,
    /// Per node: the positions stored below it.
    subtree: Vec<u32>,
    /// Per node: whether it holds (or descends from a node that holds) a pattern learned
    /// where a subtree stalled; its waiting moves are skipped.
    dead: Vec<bool>,
    /// Stalled roots tried so far.
    stall_tries: u64,
    /// The memory held when the current step began (the driver's last measure): what one
    /// step grows by is accounted against the memory limit as it goes.
    held: usize,
    /// A line to follow (`--follow`), and how far it has been followed.
    line: Option<line::Line>,
}

/// What playing one waiting move gave.
enum Played {
    New(NodeId),
    Duplicate,
    Pruned(PruneReason),
}

impl<O: Observer> Fess<O> {
    /// A search with `expander`'s problem, detectors and techniques (it needs the matching
    /// lower bound, which it keeps up to date itself as boxes move). With the `plan`
    /// technique it follows the plan of a backward search when that search completes one,
    /// else the packing order. Nothing is searched before the first step.
    pub fn new(expander: Expander, observer: O) -> Self {
        let hungarian = Hungarian::new(&expander.interrupt);
        let plan = ParkingPlan::from_order(&expander.problem);
        let core = Core::new(expander, observer);
        Fess {
            core,
            plan,
            weight: vec![0],
            cell: Vec::new(),
            own: Vec::new(),
            best: 0,
            best_node: 0,
            store: Vec::new(),
            cells: Cells::default(),
            box_moves: BoxMoves::default(),
            measure: Measure::default(),
            hotspots: Hotspots::default(),
            explorer: explorer::Explorer::default(),
            blockers: None,
            heat: Vec::new(),
            hungarian,
            reach: Reach::default(),
            moves: Vec::new(),
            candidates: Vec::new(),
            box_list: Vec::new(),
            child: Vec::new(),
            best_turn: false,
            perimeter: None,
            entries: Vec::new(),
            follow: Vec::new(),
            joined: None,
            subtree: Vec::new(),
            dead: Vec::new(),
            stall_tries: 0,
            held: 0,
            line: None,
        }
    }

    /// The search sharing `perimeter` with the level's other searches (with the `meeting`
    /// technique; without it, the search keeps no perimeter).
    pub fn sharing(mut self, perimeter: Arc<Perimeter>) -> Self {
        if self.techniques().on(Technique::Meeting) {
            self.perimeter = Some(perimeter);
        }
        self
    }

    /// The search playing the box moves of `moves` from the start before any of its own,
    /// each judged as its own are (see [`line`]; its counts are the search's measures).
    pub fn following(mut self, moves: Option<&[Move]>) -> Self {
        if let Some(moves) = moves {
            let p = &self.core.expander.problem;
            let line = line::Line::new(&p.board, &p.root()[..p.words()], moves);
            self.line = Some(line);
            self.report_line();
        }
        self
    }

    /// Sets the line's counts as measures.
    fn report_line(&mut self) {
        let Some(line) = &self.line else { return };
        for (name, value) in line.measures() {
            self.core.stats.set_measure(name, value);
        }
    }

    /// At the first step: the plan (a backward search's with the `plan` technique, when it
    /// completes one), then the root's cell and moves. (Left out of [`Fess::new`] so that
    /// building a search costs nothing: a portfolio may not give it a turn for a while.)
    fn start(&mut self) {
        let on = self.techniques();
        if on.on(Technique::Meeting) && self.perimeter.is_none() {
            self.perimeter = Some(Arc::new(Perimeter::new(&self.core.expander.problem)));
        }
        if on.on(Technique::Plan) && on.on(Technique::Packing) {
            let p = &self.core.expander.problem;
            let (deadlocks, interrupt) =
                (self.core.expander.judge.deadlocks(), &self.core.expander.interrupt);
            if let Some(plan) = backward::plan(p, deadlocks, interrupt, self.perimeter.as_ref()) {
                if let PlanSource::Backward { expansions } = plan.source {
                    self.core.stats.set_measure(BACKWARD, u64::from(expansions));
                }
                self.plan = plan;
            }
        }
        if on.on(Technique::Blockers) {
            let p = &self.core.expander.problem;
            self.blockers = Blockers::new(p, &self.core.expander.interrupt);
        }
        let p = self.core.problem();
        let root = &self.core.nodes.state(0)[..p.words()];
        let features = self.measure.features(p, &self.plan, &on, root);
        let cell = self.cells.cell_of(features);
        self.cell.push(cell);
        self.own.push(features);
        self.best = cell;
        self.entries.push(NO_ENTRY);
        self.subtree.push(0);
        self.dead.push(false);
        if self.share(0, None) {
            self.core.done = Some(Progress::Solved(0));
            return;
        }
        self.expand(0);
    }

    /// The boxes of the position with the best features of its own met so far.
    pub fn best_boxes(&self) -> Vec<Sq> {
        let words = self.core.problem().words();
        boxes_of(&self.core.nodes.state(self.best_node)[..words]).collect()
    }

    /// The techniques switched on.
    fn techniques(&self) -> Techniques {
        self.core.expander.techniques()
    }

    /// Before a step: the memory held (what the step adds is accounted as it goes), and at
    /// the first step the plan and the root's moves.
    fn begin_step(&mut self) {
        self.held = Search::memory(self);
        if self.cell.is_empty() {
            self.start();
        }
    }

    /// Plays waiting moves until one gives a new position, which is expanded: a move onto
    /// the perimeter's backward side first, else the lightest moves of the cell whose turn
    /// it is (the best cell's every second turn, else the next of the ring).
    fn play_next(&mut self) -> Flow {
        if let Some(e) = self.follow.pop() {
            let m = self.store[e.index as usize].m;
            let on_line = self.line.as_ref().and_then(|l| l.expected_at(e.node));
            let played = self.play(e);
            if let (Some(expected), Some(line)) = (on_line, &mut self.line)
                && (expected.from, expected.to) == (m.from, m.to)
            {
                match played {
                    Played::New(id) => line.played(Some(id), false),
                    Played::Pruned(_) => line.played(None, true),
                    Played::Duplicate => line.played(None, false),
                }
                self.report_line();
            }
            if let Played::New(id) = played {
                self.core.stats.expanded += 1;
                if self.core.problem().is_solved(self.core.nodes.state(id)) || self.met(id) {
                    return Flow::End(self.solved(id));
                }
                self.expand(id);
            }
            return Flow::Go;
        }
        let best = self.best_cell_next();
        self.best_turn = !self.best_turn;
        let cell = match best {
            Some(c) => c,
            None => match self.cells.take_turn() {
                Some(c) => c,
                None => return Flow::End(self.exhausted()),
            },
        };
        while let Some(e) = self.cells.pop(cell) {
            match self.play(e) {
                Played::New(id) => {
                    self.core.stats.expanded += 1;
                    if self.core.problem().is_solved(self.core.nodes.state(id)) || self.met(id) {
                        self.cells.rejoin(cell);
                        return Flow::End(self.solved(id));
                    }
                    self.expand(id);
                    break;
                }
                Played::Duplicate => {}
                Played::Pruned(reason) => self.core.stats.pruned[reason.index()] += 1,
            }
        }
        if best.is_none() {
            self.cells.rejoin(cell);
        }
        self.core.stats.open = self.cells.waiting() as u64;
        Flow::Go
    }

    /// Reports node `id` as the end of the solution (the solved position, or a position the
    /// perimeter's backward side holds).
    fn solved(&mut self, id: NodeId) -> Progress {
        self.core.expanding(id, self.weight[id as usize]);
        let unadvised = u64::from(self.weight[id as usize]);
        self.core.stats.set_measure(UNADVISED, unadvised);
        Progress::Solved(id)
    }

    /// Whether stored node `id` met the perimeter's backward side when it was shared.
    fn met(&self, id: NodeId) -> bool {
        self.joined.as_ref().is_some_and(|(at, _)| *at == id)
    }

    /// Adds stored node `id`, reached by `m` from its parent, to the perimeter's forward
    /// side. Returns whether the backward side holds it; its way home is then kept.
    fn share(&mut self, id: NodeId, m: Option<Macro>) -> bool {
        let Some(perimeter) = &self.perimeter else { return false };
        let p = &self.core.expander.problem;
        let state = self.core.nodes.state(id);
        let parent = self.core.nodes.info(id).parent;
        let link = m.and_then(|m| {
            let entry = self.entries[parent as usize];
            (entry != NO_ENTRY).then(|| (entry, m.into()))
        });
        if m.is_some() && link.is_none() {
            return false;
        }
        let added = perimeter.add(Side::Forward, state, p.hash(state), link, p);
        self.entries[id as usize] = added.entry.unwrap_or(NO_ENTRY);
        let Some(backward) = added.other else { return false };
        let Some(home) = perimeter.pushes_home(p, backward) else {
            debug_assert!(false, "a backward position whose pulls cannot be undone");
            return false;
        };
        if home.is_empty() {
            // The solved position itself: no line to join.
            return false;
        }
        self.core.stats.set_measure(MEETING_JOINED, home.len() as u64);
        self.joined = Some((id, home));
        true
    }

    /// The pushes from node `id` to the solved position when the solution's line ended on
    /// the perimeter's backward side (none otherwise).
    fn tail(&self, id: NodeId) -> Vec<(Pos, Dir)> {
        match &self.joined {
            Some((at, home)) if *at == id => home.clone(),
            _ => Vec::new(),
        }
    }

    /// Counts new node `id` in the subtree of each of its ancestors. An ancestor whose
    /// subtree reaches [`STALL_AT`] positions has stalled: its position is tried for a
    /// pattern, which, when found, is checked against the whole tree.
    fn count_in_subtrees(&mut self, id: NodeId) {
        self.subtree.push(0);
        self.dead.push(false);
        if !self.core.expander.judge.deadlocks().stall_patterns {
            return;
        }
        let mut at = id;
        while at != 0 {
            at = self.core.nodes.info(at).parent;
            self.subtree[at as usize] += 1;
            let tries = (self.stall_tries + 1) * STALL_EVERY;
            if self.subtree[at as usize] == STALL_AT && tries <= self.core.stats.expanded {
                self.stall_tries += 1;
                self.core.stats.set_measure(STALLS_TRIED, self.stall_tries);
                self.learn_where_stalled(at);
            }
        }
    }

    /// Tries stalled node `at` for a pattern; marks every node holding it, and their
    /// descendants, dead.
    fn learn_where_stalled(&mut self, at: NodeId) {
        let p = &self.core.expander.problem;
        let words = p.words();
        let state = self.core.nodes.state(at).to_vec();
        let judge = &mut self.core.expander.judge;
        let Some(pattern) = judge.learn_stalled(p, &state[..words], player_of(&state)) else {
            return;
        };
        let learned = self.core.stats.measure(STALLS_LEARNED).unwrap_or(0) + 1;
        self.core.stats.set_measure(STALLS_LEARNED, learned);
        let patterns = self.core.expander.judge.patterns();
        let nodes = &self.core.nodes;
        for n in 0..nodes.len() as NodeId {
            let s = nodes.state(n);
            if !self.dead[n as usize] && patterns.holds(pattern, &s[..words], player_of(s)) {
                self.dead[n as usize] = true;
            }
        }
        // Parents come before their children.
        for n in 1..nodes.len() {
            if self.dead[nodes.info(n as NodeId).parent as usize] {
                self.dead[n] = true;
            }
        }
    }

    /// Whether the perimeter's backward side holds the position move `m` leads to from the
    /// position being expanded (whose state is in the core's scratch).
    fn on_backward_side(&mut self, m: Macro) -> bool {
        let Some(perimeter) = &self.perimeter else { return false };
        let p = &self.core.expander.problem;
        let words = p.words();
        let parent = &self.core.scratch[..words];
        let z = &p.zobrist;
        let boxes = z.boxes_hash(parent) ^ z.box_key(m.from) ^ z.box_key(m.to);
        if !perimeter.has_boxes(Side::Backward, boxes) {
            return false;
        }
        self.child.clear();
        self.child.extend_from_slice(parent);
        clear_box(&mut self.child, m.from);
        set_box(&mut self.child, m.to);
        let normal = self.reach.flood(&p.board, &self.child, m.player(&p.board));
        self.child.push(u64::from(normal));
        perimeter.find(Side::Backward, &self.child, boxes ^ z.player_key(normal)).is_some()
    }

    /// Plays waiting move `e`: the position it leads to, unless it is known already or the
    /// costly detectors prune it (the pruning pipeline's last stage, deferred to here).
    fn play(&mut self, e: Entry) -> Played {
        if self.dead[e.node as usize] {
            return Played::Pruned(PruneReason::Stalled);
        }
        let p = &self.core.expander.problem;
        let words = p.words();
        let Waiting { m, h } = self.store[e.index as usize];
        self.child.clear();
        self.child.extend_from_slice(self.core.nodes.state(e.node));
        clear_box(&mut self.child, m.from);
        set_box(&mut self.child, m.to);
        let techniques = self.core.expander.techniques();
        let features = self.measure.features(p, &self.plan, &techniques, &self.child[..words]);
        let player = m.player(&p.board);
        self.child[words] = u64::from(self.measure.regions.seed_of(player));
        let hash = p.hash(&self.child);
        if self.core.nodes.find(&self.child, hash).is_some() {
            self.core.stats.duplicates += 1;
            return Played::Duplicate;
        }
        let judge = &mut self.core.expander.judge;
        if judge.deadlocks().corral {
            self.reach.flood(&p.board, &self.child[..words], player);
        }
        if let Some((reason, _)) = judge.full(p, &self.child[..words], &self.reach, player, m.to) {
            return Played::Pruned(reason);
        }
        let g = self.core.nodes.info(e.node).g + u32::from(m.pushes);
        let push = Push { from: m.from, dir: m.dir };
        let info = NodeInfo { parent: e.node, push, g, h, closed: true };
        let Insert::New(id) = self.core.insert_move(&self.child, hash, info, m) else {
            unreachable!("the state was not stored")
        };
        self.entries.push(NO_ENTRY);
        self.share(id, Some(m));
        self.count_in_subtrees(id);
        self.weight.push(e.weight);
        // The new node's cell holds the best features met on its path.
        let parent_best = self.cells.features(self.cell[e.node as usize]);
        let line = techniques.on(Technique::BestLine);
        let past = if line && parent_best.better_than(&features) { parent_best } else { features };
        let cell = self.cells.cell_of(past);
        self.cell.push(cell);
        self.own.push(features);
        if features.better_than(&self.own[self.best_node as usize]) {
            self.best_node = id;
        }
        if past.better_than(&self.cells.features(self.best)) {
            self.best = cell;
        }
        let stats = &mut self.core.stats;
        stats.closed = self.core.nodes.len() as u64;
        stats.depth = stats.depth.max(g);
        stats.bound = e.weight;
        Played::New(id)
    }

    /// The best cell, when the next turn is its and it has moves waiting.
    fn best_cell_next(&self) -> Option<u32> {
        let on = self.techniques().on(Technique::BestLine);
        (on && !self.best_turn && self.cells.has_waiting(self.best)).then_some(self.best)
    }

    /// The cell whose turn is next.
    fn next_cell(&self) -> Option<u32> {
        self.best_cell_next().or_else(|| self.cells.next_in_ring())
    }

    /// The end when no cell has a move left: a proof, unless children were cut by a
    /// matching that is not exact on this board ([`Hungarian::exact_on`]).
    fn exhausted(&self) -> Progress {
        if Hungarian::exact_on(&self.core.expander.problem.board) {
            Progress::Exhausted { complete: true }
        } else {
            Progress::NotFound
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::analysis::problem::Problem;
    use crate::solver::bounds::LowerBound;
    use crate::solver::deadlock::Deadlocks;
    use crate::solver::model::interrupt::Interrupt;
    use crate::solver::search::{ChildView, NoTrace, Search, Stats, Verdict};
    use features::Features;

    #[test]
    fn a_cell_holds_the_best_features_of_its_path_and_the_best_cell_is_the_best_met() {
        // A shipped level FESS needs over a hundred expansions for.
        let text = include_str!("../../../../levels/default.xsb");
        let collection = crate::level::format::read_collection(text).unwrap();
        let problem = Problem::new(&collection.levels[16]).unwrap();
        // With the packing order (its backward plan solves this level in a few moves).
        let (deadlocks, mut techniques) = (Deadlocks::default(), Techniques::default());
        techniques.set(Technique::Plan, false);
        let interrupt = Interrupt::default();
        let expander =
            Expander::new(problem, deadlocks, techniques, LowerBound::Matching, &interrupt);
        let mut fess = Fess::new(expander, NoTrace);
        let mut progress = Progress::Running;
        for _ in 0..2000 {
            progress = fess.step(1);
            if progress != Progress::Running {
                break;
            }
        }
        assert!(matches!(progress, Progress::Solved(_)), "{progress:?}");
        assert!(fess.core.nodes.len() > 50, "{} nodes", fess.core.nodes.len());
        for id in 1..fess.core.nodes.len() as NodeId {
            let cell = fess.cells.features(fess.cell[id as usize]);
            let parent = fess.core.nodes.info(id).parent;
            let parent_cell = fess.cells.features(fess.cell[parent as usize]);
            assert!(!fess.own[id as usize].better_than(&cell), "node {id}: own beats its cell");
            assert!(!parent_cell.better_than(&cell), "node {id}: parent's cell beats its cell");
            let best = fess.cells.features(fess.best);
            assert!(!cell.better_than(&best), "node {id}: beats the best cell");
        }
    }

    #[test]
    fn a_line_that_reaches_the_backward_side_is_joined_to_a_solution_that_replays() {
        use crate::solver::algo::pull_greedy::PullGreedy;
        use crate::solver::search::pull_core::Pulls;
        let text = include_str!("../../../../levels/default.xsb");
        let collection = crate::level::format::read_collection(text).unwrap();
        let (mut joined, mut solved) = (0, 0);
        for level in &collection.levels {
            let Ok(problem) = Problem::new(level) else { continue };
            let interrupt = Interrupt::default();
            // A pull search from the solved position fills the backward side first.
            let perimeter = Arc::new(Perimeter::new(&problem));
            let (shared, deadlocks) = (perimeter.clone(), Deadlocks::default());
            let pull = PullGreedy::new(problem.clone(), shared, deadlocks, &interrupt, NoTrace);
            if Pulls(pull).step(100) != Progress::Running {
                continue;
            }
            let mut techniques = Techniques::default();
            techniques.set(Technique::Meeting, true);
            let expander = Expander::new(
                problem,
                Deadlocks::default(),
                techniques,
                LowerBound::Matching,
                &interrupt,
            );
            let mut fess = Fess::new(expander, NoTrace).sharing(perimeter);
            let Progress::Solved(id) = fess.step(20_000) else { continue };
            solved += 1;
            let mut pushes = Search::pushes_to(&fess, id);
            let tail = Search::tail(&fess, id);
            if !tail.is_empty() {
                joined += 1;
                let taken = fess.core.stats.measure(MEETING_JOINED);
                assert_eq!(taken, Some(tail.len() as u64));
                assert!(!fess.core.problem().is_solved(fess.core.nodes.state(id)));
            }
            pushes.extend(tail);
            let moves = crate::solver::model::walk::moves_for(level, &pushes).unwrap();
            let check = crate::level::replay(level, &moves);
            assert!(check.error.is_none() && check.solved, "{:?}: {check:?}", level.meta.title);
        }
        assert!(solved >= 10, "{solved} solved");
        assert!(joined * 2 >= solved, "{joined} of {solved} joined through the perimeter");
    }

    /// Per expansion: the moves generated before it, and the verdicts on its children.
    #[derive(Debug, Default)]
    struct Expansions(Vec<(u64, Vec<Verdict>)>);

    impl Observer for Expansions {
        const ENABLED: bool = true;

        fn state(&mut self, _: &[u64], stats: &Stats) {
            self.0.push((stats.generated, Vec::new()));
        }

        fn child(&mut self, child: ChildView) {
            self.0.last_mut().expect("an expansion's state comes first").1.push(child.verdict);
        }
    }

    #[test]
    fn moves_into_dead_squares_are_generated_pruned_and_counted_unless_the_rule_is_off() {
        // The top row and the left column are dead; a box pushed onto one could go on along
        // the wall, onto squares only dead ones lead to.
        let rows = ["########", "#      #", "# $  $ #", "#@ .  .#", "########"];
        let level = crate::level::Level::from_rows(&rows).unwrap();
        let dead = PruneReason::DeadSquare;
        let run = |dead_squares: bool| {
            let problem = Problem::new(&level).unwrap();
            let deadlocks = Deadlocks { dead_squares, ..Deadlocks::default() };
            // By the packing order, without the perimeter (the backward plan's pull search
            // would solve the level before any expansion).
            let mut techniques = Techniques::default();
            techniques.set(Technique::Plan, false);
            techniques.set(Technique::Meeting, false);
            let interrupt = Interrupt::default();
            let expander =
                Expander::new(problem, deadlocks, techniques, LowerBound::Matching, &interrupt);
            let mut fess = Fess::new(expander, Expansions::default());
            let mut progress = Progress::Running;
            for _ in 0..1000 {
                progress = fess.step(1);
                if progress != Progress::Running {
                    break;
                }
            }
            assert!(matches!(progress, Progress::Solved(_)), "{progress:?}");
            let stats = fess.core.stats.clone();
            let expansions = std::mem::take(&mut fess.core.observer.0);
            assert!(expansions.len() > 1, "{} expansions", expansions.len());
            // Each expansion's children, kept and pruned, are the moves it generated.
            let ends = expansions.iter().skip(1).map(|e| e.0).chain([stats.generated]);
            for ((before, children), after) in expansions.iter().zip(ends) {
                assert_eq!(children.len() as u64, after - before, "{children:?}");
            }
            let seen = expansions.iter().flat_map(|e| &e.1);
            let seen = seen.filter(|&&v| v == Verdict::Pruned(dead)).count() as u64;
            assert_eq!(seen, stats.pruned[dead.index()], "every cut is shown and counted");
            (stats.pruned[dead.index()], expansions[0].1.len())
        };
        let (cut, root_moves) = run(true);
        assert!(cut > 0, "moves into dead squares are generated and cut");
        let (cut_off, root_moves_off) = run(false);
        assert_eq!(cut_off, 0);
        assert!(root_moves_off > root_moves, "{root_moves_off} > {root_moves}: boxes go on");
    }

    #[test]
    fn features_compare_packed_first_then_regions() {
        let f = |packed, connectivity| Features { packed, connectivity, ..Features::default() };
        assert!(f(2, 5).better_than(&f(1, 1)));
        assert!(f(1, 1).better_than(&f(1, 2)));
        assert!(!f(1, 1).better_than(&f(1, 1)));
    }
}
