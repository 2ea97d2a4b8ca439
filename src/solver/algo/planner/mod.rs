//! Demaret's planner (2007, chapter 4): the goals are filled one at a time in the order of
//! the goal schedule ([`crate::solver::analysis::schedule`]). Each sub-problem — bring some
//! stone onto the next goal — is solved by iterative deepening on moves, lazily: it hands
//! out its solutions one by one, shallowest first, each position once; the planner goes
//! on from the first, and comes back for the next when a later sub-problem has none
//! (backtracking over sub-solutions). The first sub-problem is unlimited, every later one
//! is cut at the depth limit (5, then 10 for what failed, in the thesis).
//!
//! A node's successors are, when any stone can be pushed alone onto the target goal, only
//! those macro-pushes (one move each, other successors cut) whose position the judge's
//! position rules do not call dead (ours, not the thesis's: one of them too many can empty
//! a goal room that only nearby stones can reach); otherwise every push the judge keeps,
//! stones on filled goals frozen, pushes of the stone moved last first (inertia). Within a
//! sub-problem a position is visited once per iteration, at its least depth.
//!
//! Where a sub-problem finds no solution at all from a node, the planner learns patterns
//! from that node (chapter 5, [`learned`]) and cuts the positions holding them. When a
//! plan finds nothing after a pattern that records a failure of the depth limit (not
//! proved) cut a position, the planner tries the plan again keeping only proved patterns
//! (ours: the thesis stores such a pattern as a deadlock). When the plan of ordering 1 or
//! 2 still finds nothing, the planner starts over with ordering 3.
//!
//! With the goals rearranged (chapter 7; by the analysis, or by hand through
//! [`Parking`]), some steps fill a parking square, and a later step moves that stone on to
//! its goal: the parking square is then no longer kept filled, nor frozen.
//!
//! The plan prunes solvable positions (the macro cut, the frozen stones, the depth limit,
//! the learned patterns): a failed plan is "not found", never "unsolvable".

mod learned;

use crate::solver::algo::planner::learned::{Failure, LearnedPatterns};
use crate::solver::analysis::schedule::{Order, Ordering, Parking, Schedule};
use crate::solver::deadlock::patterns::PatternView;
use crate::solver::model::board::Sq;
use crate::solver::model::box_moves::{BoxMoves, Macro};
use crate::solver::model::reach::Reach;
use crate::solver::model::state::{boxes_of, clear_box, has_box, set_box};
use crate::solver::model::table::{Insert, NodeId, NodeInfo, Push};
use crate::solver::search::core::{Algorithm, Core};
use crate::solver::search::expand::Expander;
use crate::solver::search::step::Flow;
use crate::solver::search::{NodeView, Observer, Progress, Rearranged, SubProblem};
use crate::solver::techniques::Technique;
use std::collections::{HashMap, HashSet};

/// The measure counting developed nodes (Tableau 6.1's "nœuds explorés").
pub const DEVELOPED: &str = "developed";
/// The measure naming the ordering used (1, 2 or 3).
pub const ORDERING: &str = "ordering";
/// The measure giving the sub-problem being solved (1 for the first goal).
pub const SUB_PROBLEM: &str = "sub-problem";
/// The measure counting the positions the learned patterns cut.
pub const PATTERN_CUTS: &str = "pattern cuts";
/// The measure counting the stones the rearranged goals park (absent: not rearranged).
pub const PARKED: &str = "parked";
/// The measure present (1) while the planner tries its plan a second time with only the
/// proved patterns.
pub const RETRY: &str = "pattern retry";

/// One sub-problem's lazy iterative deepening.
#[derive(Debug)]
struct Sub {
    start: NodeId,
    target: Sq,
    limit: Option<u32>,
    /// Node-store salt: positions are stored per sub-problem, so that each keeps its own
    /// parents.
    salt: u64,
    depth_limit: u32,
    iteration: u32,
    cut: bool,
    stack: Vec<(NodeId, u32)>,
    /// Per position: its least depth and the last iteration that visited it.
    seen: HashMap<NodeId, (u32, u32)>,
    yielded: HashSet<NodeId>,
}

/// What a sub-problem's step gave.
enum Next {
    Running,
    Solution(NodeId),
    Exhausted,
}

/// The planner's state.
#[derive(Debug)]
pub(crate) struct Planner<O: Observer> {
    core: Core<O>,
    /// The squares to fill, in order (empty when no ordering exists).
    order: Order,
    /// Per step, the squares that must hold stones while it runs and after.
    kept: Vec<Vec<Sq>>,
    limit: u32,
    subs: Vec<Sub>,
    salts: u64,
    moves: BoxMoves,
    reach: Reach,
    developed: u64,
    /// The stones that could be pushed alone onto the target goal from the node developed
    /// last.
    movers: Vec<Sq>,
    learned: LearnedPatterns,
    /// Nodes visited in the current step, and the most it may visit (a step that develops
    /// nothing still ends).
    visits: (u64, u64),
    /// Whether the user chose the ordering (no fallback to ordering 3 then).
    forced: bool,
    /// Whether the user gave the goal rearrangement.
    by_hand: bool,
}

impl<O: Observer> Planner<O> {
    /// The planner on the expander's level with sub-problems cut at `limit` moves (the
    /// first excepted), following the ordering `forced` and the goal rearrangement
    /// `parking` when given (then with no fallback to ordering 3), else those its analysis
    /// chooses.
    pub fn new(
        expander: Expander,
        limit: u32,
        forced: Option<Ordering>,
        parking: Parking,
        observer: O,
    ) -> Self {
        let core = Core::new(expander, observer);
        let rearrange = core.expander.techniques().on(Technique::GoalRearrangement);
        let interrupt = core.expander.interrupt.clone();
        let stop = || interrupt.raised();
        let order = match parking.is_empty() {
            true => Schedule::of(core.problem(), rearrange, forced, &stop).order,
            false => Schedule::by_hand(core.problem(), &parking, forced, &stop),
        };
        let mut planner = Planner {
            core,
            // No steps until `follow` (none at all when no ordering exists).
            order: Order { kind: Ordering::One, steps: Vec::new() },
            kept: Vec::new(),
            limit,
            subs: Vec::new(),
            salts: 0,
            moves: BoxMoves::default(),
            reach: Reach::default(),
            developed: 0,
            movers: Vec::new(),
            learned: LearnedPatterns::default(),
            visits: (0, 0),
            forced: forced.is_some(),
            by_hand: !parking.is_empty(),
        };
        match order {
            None => planner.core.done = Some(Progress::NotFound),
            Some(order) if planner.core.done.is_none() => planner.follow(order),
            Some(_) => {}
        }
        planner
    }

    /// Starts the plan of `order` from the root.
    fn follow(&mut self, order: Order) {
        self.core.stats.set_measure(ORDERING, u64::from(order.kind.number()));
        match order.parked() {
            0 => self.core.stats.remove_measure(PARKED),
            n => self.core.stats.set_measure(PARKED, n as u64),
        }
        self.kept = order.kept();
        self.order = order;
        self.open(0);
    }

    /// Opens the sub-problem that fills the next goal from node `start`.
    fn open(&mut self, start: NodeId) {
        let n = self.subs.len();
        self.salts += 1;
        self.subs.push(Sub {
            start,
            target: self.order.steps[n].to,
            limit: (n > 0).then_some(self.limit),
            salt: self.salts.wrapping_mul(0x9E37_79B9_7F4A_7C15),
            depth_limit: 0,
            iteration: 0,
            cut: false,
            stack: vec![(start, 0)],
            seen: HashMap::new(),
            yielded: HashSet::new(),
        });
        self.core.stats.set_measure(SUB_PROBLEM, n as u64 + 1);
        self.movers.clear();
    }

    /// One visit of the top sub-problem.
    fn visit(&mut self) -> Next {
        let n = self.subs.len() - 1;
        let sub = &mut self.subs[n];
        let Some((id, k)) = sub.stack.pop() else {
            let deeper = sub.cut && sub.limit.is_none_or(|l| sub.depth_limit < l);
            if !deeper {
                return Next::Exhausted;
            }
            sub.depth_limit += 1;
            sub.iteration += 1;
            sub.cut = false;
            sub.stack.push((sub.start, 0));
            return Next::Running;
        };
        let iteration = sub.iteration;
        match sub.seen.get_mut(&id) {
            Some((least, _)) if *least < k => return Next::Running,
            Some((_, last)) if *last == iteration => return Next::Running,
            Some(entry) => *entry = (k, iteration),
            None => {
                sub.seen.insert(id, (k, iteration));
            }
        }
        let target = sub.target;
        // With frozen goals off a stone may leave a goal filled earlier: the sub-problem
        // is solved only when every square kept so far still holds a stone.
        let state = self.core.nodes.state(id);
        if has_box(state, target) && self.kept[n].iter().all(|&g| has_box(state, g)) {
            return if sub.yielded.insert(id) { Next::Solution(id) } else { Next::Running };
        }
        if k == sub.depth_limit {
            sub.cut = true;
            return Next::Running;
        }
        let salt = sub.salt;
        let children = self.successors(id, target, salt);
        let sub = &mut self.subs[n];
        sub.stack.extend(children.into_iter().rev().map(|c| (c, k + 1)));
        Next::Running
    }

    /// Stores and returns the successors of node `id` towards `target`: macro-pushes onto
    /// it if any stone has one that the deadlock rules keep, else the single pushes the
    /// judge keeps.
    fn successors(&mut self, id: NodeId, target: Sq, salt: u64) -> Vec<NodeId> {
        self.developed += 1;
        self.core.stats.set_measure(DEVELOPED, self.developed + self.learned.developed);
        let g = self.core.nodes.info(id).g;
        self.core.expanding(id, g);
        let state = self.core.nodes.state(id).to_vec();
        let on = self.core.expander.techniques();
        let p = &self.core.expander.problem;
        let words = p.words();
        let filled = self.kept[self.subs.len() - 1].clone();
        let frozen = |s: Sq| on.on(Technique::FrozenGoals) && filled.contains(&s);
        let stones: Vec<Sq> = boxes_of(&state[..words]).filter(|&s| !frozen(s)).collect();
        let mut macros: Vec<Macro> = stones
            .iter()
            .filter_map(|&s| {
                self.moves.route(&p.board, &state, s, target, |s| p.dist.towards_goals(s))
            })
            .collect();
        macros.sort_by_key(|m| m.pushes);
        self.movers = macros.iter().map(|m| m.from).collect();
        let mut out = Vec::new();
        if !on.on(Technique::MacroCut) {
            // Without the cut a stone reaches the goal push by push, as any other move.
            macros.clear();
        }
        if on.on(Technique::JudgedMacros) {
            macros.retain(|&m| !self.dead_move(&state, m, g));
        }
        if !macros.is_empty() {
            for m in macros {
                let mut child = state.clone();
                clear_box(&mut child, m.from);
                set_box(&mut child, m.to);
                let p = &self.core.expander.problem;
                child[words] =
                    u64::from(self.reach.flood(&p.board, &child[..words], m.player(&p.board)));
                if self.cut_by_pattern(&child) {
                    continue;
                }
                let p = &self.core.expander.problem;
                let hash = p.hash(&child) ^ salt;
                let info = NodeInfo {
                    parent: id,
                    push: Push { from: m.from, dir: m.dir },
                    g: g + u32::from(m.pushes),
                    h: 0,
                    closed: false,
                };
                let (Insert::New(c) | Insert::Known(c)) =
                    self.core.insert_move(&child, hash, info, m);
                out.push(c);
            }
            self.core.stats.generated += out.len() as u64;
            return out;
        }
        self.core.expand(id, false);
        let last = self.last_moved(id);
        let mut kept: Vec<(bool, usize)> = Vec::new();
        for i in 0..self.core.expander.children.len() {
            let c = self.core.expander.children[i];
            if frozen(c.push.from) {
                continue;
            }
            if let Some(reason) = c.pruned {
                self.core.pruned(|core| core.push_view(c.push), g + 1, c.h, (reason, c.pattern));
                continue;
            }
            kept.push((Some(c.push.from) != last, i));
        }
        if on.on(Technique::Inertia) {
            kept.sort_by_key(|&(other, _)| other);
        }
        for (_, i) in kept {
            let c = self.core.expander.children[i];
            let state = self.core.expander.child_state(i).to_vec();
            if self.cut_by_pattern(&state) {
                continue;
            }
            let info = NodeInfo { parent: id, push: c.push, g: g + 1, h: c.h, closed: false };
            let (Insert::New(n) | Insert::Known(n)) =
                self.core.nodes.insert(&state, c.hash ^ salt, info);
            out.push(n);
        }
        out
    }

    /// Whether the deadlock rules call the position that macro push `m` reaches from
    /// `state` (at cost `g`) dead; such a move is counted, and shown to the inspector, as
    /// pruned.
    fn dead_move(&mut self, state: &[u64], m: Macro, g: u32) -> bool {
        let p = &self.core.expander.problem;
        let mut boxes = state[..p.words()].to_vec();
        clear_box(&mut boxes, m.from);
        set_box(&mut boxes, m.to);
        let Some(reason) = self.core.expander.judge.moved(p, &boxes, m.to) else { return false };
        let cost = g + u32::from(m.pushes);
        self.core.pruned(|core| core.macro_view(m), cost, 0, (reason, None));
        true
    }

    /// When the plan found nothing after an unproved pattern cut a position: starts the
    /// same plan over, keeping only the proved patterns (once a plan). Whether it did.
    fn retry(&mut self) -> bool {
        let on = self.core.expander.techniques().on(Technique::PatternRetry);
        if !on || self.learned.strict || self.learned.unproved_cuts == 0 {
            return false;
        }
        self.learned.keep_proved();
        self.core.stats.set_measure(RETRY, 1);
        let order = self.order.clone();
        self.follow(order);
        true
    }

    /// When the plan of ordering 1 or 2 found nothing: starts over with ordering 3, if it
    /// gives another order (the patterns learned under the old plan are dropped). Whether
    /// it did.
    fn fall_back(&mut self) -> bool {
        let on = self.core.expander.techniques().on(Technique::OrderingFallback);
        let chosen = self.forced || self.by_hand;
        if !on || chosen || self.core.stats.measure(ORDERING) == Some(3) {
            return false;
        }
        let interrupt = self.core.expander.interrupt.clone();
        match Schedule::ordering3(self.core.problem(), &|| interrupt.raised()) {
            Some(order) if order.steps != self.order.steps => {
                self.learned.forget();
                self.core.stats.remove_measure(RETRY);
                self.follow(order);
                true
            }
            _ => false,
        }
    }

    /// Whether a learned pattern cuts the position `state` (counted).
    fn cut_by_pattern(&mut self, state: &[u64]) -> bool {
        if !self.core.expander.techniques().on(Technique::LearnedPatterns) {
            return false;
        }
        let words = self.core.problem().words();
        let cut = self.learned.matching(&state[..words], state[words] as Sq).is_some();
        if cut {
            self.core.stats.set_measure(PATTERN_CUTS, self.learned.cuts);
        }
        cut
    }

    /// Learns patterns from the start of the top sub-problem, which found no solution at
    /// all (a rejected solution of the one before).
    fn learn(&mut self) {
        let n = self.subs.len() - 1;
        let sub = &self.subs[n];
        let on = self.core.expander.techniques().on(Technique::LearnedPatterns);
        if !on || n == 0 || !sub.yielded.is_empty() {
            return;
        }
        let depth = sub.limit.unwrap_or(self.limit);
        let failed = Failure { target: sub.target, depth, proved: !sub.cut };
        let state = self.core.nodes.state(sub.start).to_vec();
        let interrupt = self.core.expander.interrupt.clone();
        let p = &self.core.expander.problem;
        let stop = || interrupt.raised();
        self.learned.learn(p, &state, &self.kept[n], failed, &stop);
        self.core.stats.set_measure(DEVELOPED, self.developed + self.learned.developed);
    }

    /// The square of the stone moved last on the way to node `id` (none at the root).
    fn last_moved(&self, id: NodeId) -> Option<Sq> {
        let info = self.core.nodes.info(id);
        if info.parent == id {
            return None;
        }
        Some(match self.core.macros.get(&id) {
            Some(m) => m.to,
            None => self.core.problem().board.nbr(info.push.from, info.push.dir as usize),
        })
    }
}

impl<O: Observer> Algorithm for Planner<O> {
    type Trace = O;

    fn core(&self) -> &Core<O> {
        &self.core
    }

    fn core_mut(&mut self) -> &mut Core<O> {
        &mut self.core
    }

    /// Developed nodes (Tableau 6.1's count).
    fn work(&self) -> u64 {
        self.developed
    }

    fn begin(&mut self, budget: u64) {
        self.visits = (0, budget.saturating_mul(64));
    }

    /// Visits one node of the current sub-problem: a solution of the last sub-problem ends
    /// the search, one of another opens the next sub-problem, and an exhausted one is left
    /// for the sub-problem before it (or the next ordering).
    fn advance(&mut self) -> Flow {
        if self.visits.0 >= self.visits.1 {
            return Flow::Pause;
        }
        self.visits.0 += 1;
        match self.visit() {
            Next::Running => {}
            Next::Solution(id) if self.subs.len() == self.order.steps.len() => {
                return Flow::End(Progress::Solved(id));
            }
            Next::Solution(id) => self.open(id),
            Next::Exhausted => {
                self.learn();
                self.subs.pop();
                if self.subs.is_empty() && !self.retry() && !self.fall_back() {
                    return Flow::End(Progress::NotFound);
                }
                self.core.stats.set_measure(SUB_PROBLEM, self.subs.len() as u64);
            }
        }
        Flow::Go
    }

    fn pause(&mut self) {
        self.core.stats.open = self.subs.iter().map(|s| s.stack.len() as u64).sum();
        self.core.stats.closed = self.core.nodes.len() as u64;
        self.core.stats.bound = self.subs.last().map_or(0, |s| s.depth_limit);
    }

    fn own_memory(&self) -> usize {
        self.learned.memory()
            + self
                .subs
                .iter()
                .map(|s| s.stack.capacity() * 8 + s.seen.capacity() * 16 + s.yielded.capacity() * 8)
                .sum::<usize>()
    }

    fn optimal(&self) -> bool {
        false
    }

    fn frontier(&self, k: usize) -> Vec<NodeView> {
        let Some(sub) = self.subs.last() else { return Vec::new() };
        sub.stack.iter().rev().take(k).map(|&(id, _)| self.core.node_view(id, 0)).collect()
    }

    fn f(&self, _: NodeId, info: &NodeInfo) -> u32 {
        info.g
    }

    fn own_patterns(&self, first: u32) -> Vec<PatternView> {
        self.learned.views(self.core.problem(), first)
    }

    fn sub_problem(&self) -> Option<SubProblem> {
        let sub = self.subs.last()?;
        let n = self.subs.len() - 1;
        let pos = |s: Sq| self.core.problem().board.pos(s);
        Some(SubProblem {
            index: n + 1,
            count: self.order.steps.len(),
            goal: pos(sub.target),
            parking: self.order.parks_at(n),
            from: self.order.steps[n].from.map(pos),
            depth: sub.depth_limit,
            stones: self.movers.iter().map(|&s| pos(s)).collect(),
            ordering: (self.order.kind.number(), self.forced),
            retry: self.learned.strict,
            rearranged: match (self.order.parked(), self.by_hand) {
                (0, _) => Rearranged::No,
                (_, false) => Rearranged::ByAnalysis,
                (_, true) => Rearranged::ByHand,
            },
        })
    }
}
