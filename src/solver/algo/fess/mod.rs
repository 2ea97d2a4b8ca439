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
//! far; the other turns go round the cells in a ring. At its turn a cell plays its lightest
//! waiting move, adds the new position to the tree and weighs that position's moves. So
//! progress along any feature is explored without one heuristic deciding everything, while
//! the most promising line is never starved.
//!
//! One [`Search::step`] expansion is one move played that gave a new position.

mod advisors;
mod cells;
mod expand;
mod explorer;
mod features;
mod view;

use crate::level::{Dir, Pos};
use crate::solver::algo::backward;
use crate::solver::algo::meeting::{Meeting, Met};
use crate::solver::analysis::hotspots::{Blockers, Hotspots};
use crate::solver::analysis::parking::{ParkingPlan, PlanSource};
use crate::solver::bounds::Hungarian;
use crate::solver::deadlock::PruneReason;
use crate::solver::model::board::Sq;
use crate::solver::model::reach::Reach;
use crate::solver::model::state::{clear_box, set_box};
use crate::solver::model::table::{Insert, NodeId, NodeInfo, Push};
use crate::solver::search::box_moves::{BoxMoves, Macro};
use crate::solver::search::core::Core;
use crate::solver::search::expand::Expander;
use crate::solver::search::{Observer, Progress, Search};
use crate::solver::techniques::{Technique, Techniques};
use advisors::Candidate;
use cells::{Cells, Entry};
use features::Measure;
use std::time::{Duration, Instant};

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

/// The measures a search with a meeting table reports: the pull search's positions and
/// expansions.
pub const MEETING: &str = "meeting positions";
pub const MEETING_EXPANDED: &str = "meeting expansions";
/// The pushes of a solution taken from the meeting table (reported when it joined one).
pub const MEETING_JOINED: &str = "pushes from the meeting table";

/// The meeting table's pull search gets this share of the time: one part in
/// `MEETING_SHARE + 1`.
const MEETING_SHARE: u32 = 3;

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
    done: Option<Progress>,
    /// Flips every turn; when false, the next turn is the best cell's (if it has moves).
    best_turn: bool,
    /// The meeting table (with the `meeting` technique), and the time each side has had.
    meeting: Option<Meeting>,
    times: [Duration; 2],
    /// Where the solution's line met the meeting table: the forward node, and the pushes
    /// from there to the solved position.
    joined: Option<(NodeId, Vec<(Pos, Dir)>)>,
    /// The memory held when the current step began (the driver's last measure): what one
    /// step grows by is accounted against the memory limit as it goes.
    held: usize,
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
            done: core.settled,
            core,
            plan,
            weight: vec![0],
            cell: Vec::new(),
            own: Vec::new(),
            best: 0,
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
            meeting: None,
            times: [Duration::ZERO; 2],
            joined: None,
            held: 0,
        }
    }

    /// At the first step: the plan (a backward search's with the `plan` technique, when it
    /// completes one), then the root's cell and moves. (Left out of [`Fess::new`] so that
    /// building a search costs nothing: a portfolio may not give it a turn for a while.)
    fn start(&mut self) {
        let on = self.techniques();
        if on.on(Technique::Plan) && on.on(Technique::Packing) {
            let p = &self.core.expander.problem;
            if let Some(plan) = backward::plan(p, &self.core.expander.interrupt) {
                if let PlanSource::Backward { expansions } = plan.source {
                    self.core.stats.set_measure(BACKWARD, u64::from(expansions));
                }
                self.plan = plan;
            }
        }
        if on.on(Technique::Meeting) {
            self.meeting = Some(Meeting::new(&self.core.expander.problem));
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
        self.expand(0);
    }

    /// The techniques switched on.
    fn techniques(&self) -> Techniques {
        self.core.expander.techniques()
    }

    /// Runs up to `budget` expansions (moves played that gave a new position).
    fn run(&mut self, budget: u64) -> Progress {
        if let Some(done) = self.done {
            return done;
        }
        self.held = Search::memory(self);
        if self.cell.is_empty() {
            self.start();
        }
        let mut spent = 0;
        while spent < budget && !self.core.interrupted() {
            if let Some(id) = self.meeting_turn() {
                return self.solved(id);
            }
            let started = Instant::now();
            let best = self.best_cell_next();
            self.best_turn = !self.best_turn;
            let cell = match best {
                Some(c) => c,
                None => match self.cells.take_turn() {
                    Some(c) => c,
                    None => return self.finish(Progress::Exhausted { complete: true }),
                },
            };
            while let Some(e) = self.cells.pop(cell) {
                match self.play(e) {
                    Played::New(id) => {
                        spent += 1;
                        self.core.stats.expanded += 1;
                        if self.core.problem().is_solved(self.core.nodes.state(id))
                            || self.meets(id)
                        {
                            self.cells.rejoin(cell);
                            return self.solved(id);
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
            self.times[0] += started.elapsed();
        }
        Progress::Running
    }

    /// Reports node `id` as the end of the solution (the solved position, or a position of
    /// the meeting table).
    fn solved(&mut self, id: NodeId) -> Progress {
        self.core.expanding(id, self.weight[id as usize]);
        let unadvised = u64::from(self.weight[id as usize]);
        self.core.stats.set_measure(UNADVISED, unadvised);
        self.finish(Progress::Solved(id))
    }

    /// Whether stored node `id` is in the meeting table; if so, its way home is kept.
    fn meets(&mut self, id: NodeId) -> bool {
        let Some(meeting) = &self.meeting else { return false };
        let p = &self.core.expander.problem;
        let state = self.core.nodes.state(id);
        let Some(backward) = meeting.find(state, p.hash(state)) else { return false };
        self.join(id, backward)
    }

    /// Joins forward node `id` to backward position `backward`: keeps the pushes home.
    fn join(&mut self, id: NodeId, backward: u32) -> bool {
        let Some(meeting) = &self.meeting else { return false };
        let Some(home) = meeting.pushes_home(&self.core.expander.problem, backward) else {
            debug_assert!(false, "a meeting position whose pulls cannot be undone");
            return false;
        };
        self.core.stats.set_measure(MEETING_JOINED, home.len() as u64);
        self.joined = Some((id, home));
        true
    }

    /// Gives the meeting table's pull search its share of the time: one expansion when it
    /// is behind. Returns the forward node where it met the forward tree.
    fn meeting_turn(&mut self) -> Option<NodeId> {
        let meeting = self.meeting.as_mut()?;
        if self.times[1] * MEETING_SHARE > self.times[0] {
            return None;
        }
        let started = Instant::now();
        let (p, nodes) = (&self.core.expander.problem, &self.core.nodes);
        let met =
            meeting.step(p, &self.core.expander.interrupt, |state, hash| nodes.find(state, hash));
        self.times[1] += started.elapsed();
        let stats = &mut self.core.stats;
        stats.set_measure(MEETING, meeting.len() as u64);
        stats.set_measure(MEETING_EXPANDED, meeting.expanded());
        match met {
            // (With nothing more to expand, the table still answers lookups.)
            Met::No | Met::Done => None,
            Met::At { forward, backward } => self.join(forward, backward).then_some(forward),
        }
    }

    /// The pushes from node `id` to the solved position when the solution's line ended in
    /// the meeting table (none otherwise).
    fn tail(&self, id: NodeId) -> Vec<(Pos, Dir)> {
        match &self.joined {
            Some((at, home)) if *at == id => home.clone(),
            _ => Vec::new(),
        }
    }

    /// Plays waiting move `e`: the position it leads to, unless it is known already or the
    /// costly detectors prune it.
    fn play(&mut self, e: Entry) -> Played {
        let p = &self.core.expander.problem;
        let words = p.words();
        let Waiting { m, h } = self.store[e.index as usize];
        self.child.clear();
        self.child.extend_from_slice(self.core.nodes.state(e.node));
        clear_box(&mut self.child, m.from);
        set_box(&mut self.child, m.to);
        let techniques = self.core.expander.techniques();
        let features = self.measure.features(p, &self.plan, &techniques, &self.child[..words]);
        let player = m.player(p);
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
        self.weight.push(e.weight);
        // The new node's cell holds the best features met on its path.
        let parent_best = self.cells.features(self.cell[e.node as usize]);
        let line = techniques.on(Technique::BestLine);
        let past = if line && parent_best.better_than(&features) { parent_best } else { features };
        let cell = self.cells.cell_of(past);
        self.cell.push(cell);
        self.own.push(features);
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

    fn finish(&mut self, p: Progress) -> Progress {
        self.done = Some(p);
        p
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::analysis::problem::Problem;
    use crate::solver::bounds::LowerBound;
    use crate::solver::deadlock::Deadlocks;
    use crate::solver::model::interrupt::Interrupt;
    use crate::solver::search::{NoTrace, Search};
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
    fn a_line_that_reaches_the_meeting_table_is_joined_to_a_solution_that_replays() {
        let text = include_str!("../../../../levels/default.xsb");
        let collection = crate::level::format::read_collection(text).unwrap();
        let (mut joined, mut solved) = (0, 0);
        for level in &collection.levels {
            let Ok(problem) = Problem::new(level) else { continue };
            let interrupt = Interrupt::default();
            let mut techniques = Techniques::default();
            techniques.set(Technique::Meeting, true);
            let expander = Expander::new(
                problem,
                Deadlocks::default(),
                techniques,
                LowerBound::Matching,
                &interrupt,
            );
            let mut fess = Fess::new(expander, NoTrace);
            let Progress::Solved(id) = fess.step(20_000) else { continue };
            solved += 1;
            let mut pushes = Search::pushes_to(&fess, id);
            let tail = Search::tail(&fess, id);
            if !tail.is_empty() {
                joined += 1;
                let taken = fess.core.stats.measure(MEETING_JOINED);
                assert_eq!(taken, Some(tail.len() as u64));
            }
            pushes.extend(tail);
            let moves = crate::solver::model::walk::moves_for(level, &pushes).unwrap();
            let check = crate::level::replay(level, &moves);
            assert!(check.error.is_none() && check.solved, "{:?}: {check:?}", level.meta.title);
        }
        assert!(solved >= 20, "{solved} solved");
        assert!(joined >= 3, "{joined} of {solved} joined through the meeting table");
    }

    #[test]
    fn features_compare_packed_first_then_regions() {
        let f = |packed, connectivity| Features { packed, connectivity, ..Features::default() };
        assert!(f(2, 5).better_than(&f(1, 1)));
        assert!(f(1, 1).better_than(&f(1, 2)));
        assert!(!f(1, 1).better_than(&f(1, 1)));
    }
}
