//! Successor generation shared by every algorithm: legal pushes from a state, the pruning
//! verdict of each child, its lower bound, normalised player square and hash.

use crate::solver::board::{NONE, Sq, opposite};
use crate::solver::bounds::{Estimator, INFINITE, LowerBound};
use crate::solver::box_moves::{BoxMoves, Macro};
use crate::solver::deadlock::bipartite::Bipartite;
use crate::solver::deadlock::corral::Corral;
use crate::solver::deadlock::freeze::Freeze;
use crate::solver::deadlock::patterns::Patterns;
use crate::solver::deadlock::sealed::Sealed;
use crate::solver::deadlock::{Deadlocks, PruneReason};
use crate::solver::pi_corral::PiCorrals;
use crate::solver::problem::Problem;
use crate::solver::reach::Reach;
use crate::solver::state::{boxes_of, clear_box, has_box, player_of, set_box};
use crate::solver::table::{NodeId, Push};
use crate::solver::techniques::{Technique, Techniques};

/// One child of an expansion.
#[derive(Clone, Copy, Debug)]
pub struct Child {
    /// The push from the parent.
    pub push: Push,
    /// The pushed box's new square.
    pub to: Sq,
    /// Hash of the child state (meaningful only when not pruned).
    pub hash: u64,
    /// Lower bound of the child (meaningful only when not pruned).
    pub h: u32,
    /// Why the child was pruned, if it was.
    pub pruned: Option<PruneReason>,
    /// Whether every box of the child stands on a goal.
    pub solved: bool,
    /// The child's node when the search already stores it (it was not judged again).
    pub stored: Option<NodeId>,
    /// The deadlock pattern that pruned it.
    pub pattern: Option<u32>,
    /// When the child comes from a macro (several pushes of the box), the whole move;
    /// `push` is then its first push and `to` its last square.
    pub macro_move: Option<Macro>,
}

/// Generates and judges children. One per search; holds the problem and all scratch space.
#[derive(Debug)]
pub struct Expander {
    /// The level being searched.
    pub problem: Problem,
    deadlocks: Deadlocks,
    estimator: Estimator,
    reach: Reach,
    child_reach: Reach,
    freeze: Freeze,
    sealed: Sealed,
    bipartite: Bipartite,
    corral: Corral,
    patterns: Patterns,
    techniques: Techniques,
    pi_corrals: PiCorrals,
    /// The fence boxes of the PI-corral of the position being expanded (empty: none).
    fence: Vec<u64>,
    box_moves: BoxMoves,
    macro_state: Vec<u64>,
    box_list: Vec<Sq>,
    /// Children of the last expansion.
    pub children: Vec<Child>,
    /// States of the last expansion's children, `stride` words each, in child order
    /// (pruned children included, so indices line up).
    pub states: Vec<u64>,
}

impl Expander {
    /// An expander for `problem` with the given detectors and lower bound.
    pub fn new(
        problem: Problem,
        deadlocks: Deadlocks,
        techniques: Techniques,
        bound: LowerBound,
    ) -> Self {
        let mut patterns = Patterns::new(&problem);
        if deadlocks.patterns {
            patterns.precompute(&problem);
        }
        Expander {
            patterns,
            techniques,
            pi_corrals: PiCorrals::default(),
            fence: Vec::new(),
            box_moves: BoxMoves::default(),
            macro_state: Vec::new(),
            problem,
            deadlocks,
            estimator: Estimator::new(bound),
            reach: Reach::default(),
            child_reach: Reach::default(),
            freeze: Freeze::default(),
            sealed: Sealed::default(),
            bipartite: Bipartite::default(),
            corral: Corral::default(),
            box_list: Vec::new(),
            children: Vec::new(),
            states: Vec::new(),
        }
    }

    /// The deadlock pattern database.
    pub fn patterns(&self) -> &Patterns {
        &self.patterns
    }

    /// The lower bound in use.
    pub fn bound(&self) -> LowerBound {
        self.estimator.kind()
    }

    /// The start state, its hash and lower bound ([`INFINITE`] if already dead).
    pub fn root(&mut self) -> (Vec<u64>, u64, u32) {
        let p = &self.problem;
        let mut state = vec![0u64; p.stride];
        for &b in p.board.start_boxes() {
            set_box(&mut state, b);
        }
        let words = p.words();
        let player = self.reach.flood(p, &state[..words], p.board.start_player());
        state[words] = player as u64;
        let hash = self.hash(&state);
        let boxes: Vec<Sq> = p.board.start_boxes().to_vec();
        let mut h = self.estimator.estimate(&p.board, &p.dist, &boxes, player);
        if self.deadlocks.bipartite && self.bipartite.is_deadlock(&p.dist, &boxes) {
            h = INFINITE;
        }
        (state, hash, h)
    }

    /// The Zobrist hash of a full state.
    pub fn hash(&self, state: &[u64]) -> u64 {
        let z = &self.problem.zobrist;
        let words = self.problem.words();
        z.boxes_hash(&state[..words]) ^ z.player_key(player_of(state))
    }

    /// Whether `state`'s boxes all stand on goals.
    pub fn is_solved(&self, state: &[u64]) -> bool {
        state[..self.problem.words()] == self.problem.goal_set[..]
    }

    /// The state of child `i` of the last expansion.
    #[inline]
    pub fn child_state(&self, i: usize) -> &[u64] {
        let s = self.problem.stride;
        &self.states[i * s..(i + 1) * s]
    }

    /// Generates every push from `state` into [`Expander::children`] and
    /// [`Expander::states`], judging each child. `state` must not alias the expander.
    /// Children for which `stored(state, hash)` names a node are already stored by the
    /// search: they were judged when first stored, so the lower bound and the costly
    /// detectors are skipped (their `h` is left 0 and `stored` set).
    pub fn expand(&mut self, state: &[u64], stored: impl Fn(&[u64], u64) -> Option<NodeId>) {
        self.children.clear();
        self.states.clear();
        let words = self.problem.words();
        let boxes = &state[..words];
        self.reach.flood(&self.problem, boxes, player_of(state));
        self.fence.clear();
        if self.techniques.on(Technique::PiCorrals)
            && let Some(fence) = self.pi_corrals.find(&self.problem, boxes, &self.reach)
        {
            self.fence.extend_from_slice(fence);
        }
        self.box_list.clear();
        self.box_list.extend(boxes_of(boxes));
        let box_hash = self.problem.zobrist.boxes_hash(boxes);
        let mut prepared = false;
        for index in 0..self.box_list.len() {
            let b = self.box_list[index];
            for d in 0..4 {
                let p = &self.problem;
                let behind = p.board.nbr(b, opposite(d));
                if behind == NONE || !self.reach.reached(behind) {
                    continue;
                }
                let next = p.board.nbr(b, d);
                if next == NONE || has_box(boxes, next) {
                    continue;
                }
                let push = Push { from: b, dir: d as u8 };
                let fenced_out = !self.fence.is_empty() && !has_box(&self.fence, b);
                // The single push, then the macros that continue it (each an extra child,
                // so no position the single push reaches is lost).
                let single = Macro { from: b, to: next, dir: d as u8, pushes: 1 };
                let mut moves = [None, None, None];
                if !fenced_out {
                    let tunnel = self.through_tunnel(state, push);
                    moves[1] = tunnel;
                    moves[2] = self.goal_macro(state, tunnel.unwrap_or(single));
                }
                for (k, m) in moves.into_iter().enumerate() {
                    if k == 0 || m.is_some() {
                        let fenced = fenced_out && k == 0;
                        self.child(state, index, push, m, fenced, &stored, box_hash, &mut prepared);
                    }
                }
            }
        }
    }

    /// Generates and judges one child: the single push `push`, or the macro `macro_move`.
    #[allow(clippy::too_many_arguments)]
    fn child(
        &mut self,
        state: &[u64],
        index: usize,
        push: Push,
        macro_move: Option<Macro>,
        fenced_out: bool,
        stored: &impl Fn(&[u64], u64) -> Option<NodeId>,
        box_hash: u64,
        prepared: &mut bool,
    ) {
        let words = self.problem.words();
        let stride = self.problem.stride;
        let b = push.from;
        let p = &self.problem;
        let (to, player) = match macro_move {
            Some(m) => (m.to, m.player(p)),
            None => (p.board.nbr(b, push.dir as usize), b),
        };
        {
            let at = self.states.len();
            self.states.extend_from_slice(state);
            let child = &mut self.states[at..at + stride];
            clear_box(child, b);
            set_box(child, to);
            let mut record = Child {
                push,
                to,
                hash: 0,
                h: 0,
                pruned: None,
                solved: false,
                stored: None,
                pattern: None,
                macro_move,
            };
            record.pruned =
                if fenced_out { Some(PruneReason::PiCorral) } else { self.quick_verdict(to, at) };
            if record.pruned.is_none() {
                let p = &self.problem;
                let child = &self.states[at..at + words];
                let low = self.child_reach.flood(p, child, player);
                self.states[at + words] = low as u64;
                record.hash = box_hash
                    ^ p.zobrist.box_key(b)
                    ^ p.zobrist.box_key(to)
                    ^ p.zobrist.player_key(low);
                record.solved = self.states[at..at + words] == p.goal_set[..];
                record.stored = stored(&self.states[at..at + stride], record.hash);
                if record.stored.is_none() {
                    record.pruned =
                        self.full_verdict(index, player, to, at, prepared, &mut record.h);
                    if record.pruned.is_none() && self.deadlocks.patterns {
                        let p = &self.problem;
                        let child = &self.states[at..at + words];
                        let found = match self.patterns.matching(child, player, to) {
                            Some(id) => Some(id),
                            None => self.patterns.learn(p, child, player, to),
                        };
                        if found.is_some() {
                            record.pattern = found;
                            record.pruned = Some(PruneReason::Pattern);
                        }
                    }
                }
            }
            self.children.push(record);
        }
    }

    /// The push `push` continued through a one-wide tunnel (while the box stands in a
    /// tunnel along the push, off goals, and the square ahead is free and alive); `None`
    /// when the box stops after one push.
    fn through_tunnel(&self, state: &[u64], push: Push) -> Option<Macro> {
        if !self.techniques.on(Technique::TunnelMacros) {
            return None;
        }
        let p = &self.problem;
        let boxes = &state[..p.words()];
        let d = push.dir as usize;
        let mut at = p.board.nbr(push.from, d);
        let mut pushes = 1u16;
        while p.tunnels.along(at, d) && !p.board.is_goal(at) {
            let next = p.board.nbr(at, d);
            if next == NONE || has_box(boxes, next) || p.dist.is_dead(next) {
                break;
            }
            at = next;
            pushes += 1;
        }
        (pushes > 1).then_some(Macro { from: push.from, to: at, dir: push.dir, pushes })
    }

    /// When move `m` brings its box into a goal area (or onto an entrance), the same box
    /// pushed on to the next goal of a complete packing order, if it can get there alone.
    fn goal_macro(&mut self, state: &[u64], m: Macro) -> Option<Macro> {
        let p = &self.problem;
        if !self.techniques.on(Technique::GoalMacros) || !p.packing.complete {
            return None;
        }
        let entering = p.rooms.in_goal_area(m.to) || p.rooms.entrances.contains(&m.to);
        if !entering || p.rooms.in_goal_area(m.from) {
            return None;
        }
        let words = p.words();
        self.macro_state.clear();
        self.macro_state.extend_from_slice(state);
        clear_box(&mut self.macro_state, m.from);
        set_box(&mut self.macro_state, m.to);
        self.macro_state[words] = m.player(p) as u64;
        let goal = p.packing.next_goal(&self.macro_state[..words])?;
        if goal == m.to {
            return None;
        }
        let rest = self.box_moves.route(p, &self.macro_state, m.to, goal)?;
        Some(Macro { from: m.from, to: goal, dir: rest.dir, pushes: m.pushes + rest.pushes })
    }

    /// The cheap detectors (dead squares, freeze) on the child stored at `at`.
    fn quick_verdict(&mut self, to: Sq, at: usize) -> Option<PruneReason> {
        let p = &self.problem;
        let words = p.words();
        if self.deadlocks.dead_squares && p.dist.is_dead(to) {
            return Some(PruneReason::DeadSquare);
        }
        let child = &self.states[at..at + words];
        if self.deadlocks.freeze
            && (self.freeze.is_deadlock(&p.board, &p.dist, child, to)
                || self.sealed.is_deadlock(p, child, to))
        {
            return Some(PruneReason::Freeze);
        }
        None
    }

    /// The lower bound (with its bipartite check) and the corral detector on the child
    /// stored at `at`, whose player area is in `child_reach`.
    fn full_verdict(
        &mut self,
        index: usize,
        from: Sq,
        to: Sq,
        at: usize,
        prepared: &mut bool,
        h: &mut u32,
    ) -> Option<PruneReason> {
        let p = &self.problem;
        let words = p.words();
        let child = &self.states[at..at + words];
        if !*prepared {
            self.estimator.prepare(&p.dist, &self.box_list);
            *prepared = true;
        }
        *h = self.estimator.after_push(&p.board, &p.dist, &self.box_list, index, to);
        if *h == INFINITE {
            return Some(if self.estimator.kind() == LowerBound::Matching {
                PruneReason::Bipartite
            } else {
                PruneReason::DeadSquare
            });
        }
        if self.deadlocks.bipartite && self.estimator.kind() != LowerBound::Matching {
            let from = self.box_list[index];
            self.box_list[index] = to;
            let dead = self.bipartite.is_deadlock(&p.dist, &self.box_list);
            self.box_list[index] = from;
            if dead {
                return Some(PruneReason::Bipartite);
            }
        }
        if self.deadlocks.corral && self.corral.is_deadlock(p, child, &self.child_reach, from, to) {
            return Some(PruneReason::Corral);
        }
        None
    }
}
