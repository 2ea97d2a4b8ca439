//! Successor generation shared by the push-level searches: legal pushes from a state (and
//! the tunnel and goal macros that continue them), each judged by the pruning pipeline
//! ([`Judge`]) and given its lower bound, normalised player square and hash.

use crate::solver::analysis::problem::Problem;
use crate::solver::bounds::{Estimator, INFINITE, LowerBound};
use crate::solver::deadlock::judge::{Candidate, Costly, Judge, Judged};
use crate::solver::deadlock::{Deadlocks, PruneReason};
use crate::solver::model::board::{NONE, Sq};
use crate::solver::model::box_moves::{BoxMoves, Macro};
use crate::solver::model::interrupt::Interrupt;
use crate::solver::model::reach::Reach;
use crate::solver::model::state::{boxes_of, clear_box, has_box, player_of, set_box};
use crate::solver::model::table::{NodeId, Push};
use crate::solver::techniques::{Technique, Techniques};

/// One child of an expansion.
#[derive(Clone, Copy, Debug)]
pub struct Child {
    /// The push from the parent.
    pub push: Push,
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

/// Generates and judges children. One per search; holds the problem, the pruning pipeline
/// and all scratch space.
#[derive(Debug)]
pub struct Expander {
    /// The level being searched.
    pub problem: Problem,
    /// The pruning pipeline.
    pub judge: Judge,
    estimator: Estimator,
    reach: Reach,
    child_reach: Reach,
    techniques: Techniques,
    box_moves: BoxMoves,
    macro_state: Vec<u64>,
    box_list: Vec<Sq>,
    /// Stops an expansion half done (the search is then not stepped again).
    pub interrupt: Interrupt,
    /// Children of the last expansion.
    pub children: Vec<Child>,
    /// States of the last expansion's children, `stride` words each, in child order
    /// (pruned children included, so indices line up).
    pub states: Vec<u64>,
}

impl Expander {
    /// An expander for `problem` with the given detectors and lower bound, stopping when
    /// `interrupt` is raised.
    pub fn new(
        problem: Problem,
        deadlocks: Deadlocks,
        techniques: Techniques,
        bound: LowerBound,
        interrupt: &Interrupt,
    ) -> Self {
        let judge = Judge::new(&problem, deadlocks, techniques, interrupt);
        Expander {
            judge,
            techniques,
            box_moves: BoxMoves::default(),
            macro_state: Vec::new(),
            problem,
            estimator: Estimator::new(bound, interrupt),
            reach: Reach::default(),
            child_reach: Reach::default(),
            box_list: Vec::new(),
            interrupt: interrupt.clone(),
            children: Vec::new(),
            states: Vec::new(),
        }
    }

    /// The lower bound in use.
    pub fn lower_bound(&self) -> LowerBound {
        self.estimator.kind()
    }

    /// The techniques switched on.
    pub fn techniques(&self) -> Techniques {
        self.techniques
    }

    /// The start state, its hash and lower bound ([`INFINITE`] if already dead).
    pub fn root(&mut self) -> (Vec<u64>, u64, u32) {
        let p = &self.problem;
        let state = p.root();
        let hash = p.hash(&state);
        let player = player_of(&state);
        let mut h = self.estimator.estimate(&p.board, &p.dist, p.board.start_boxes(), player);
        if self.judge.bipartite(p, p.board.start_boxes()) {
            h = INFINITE;
        }
        (state, hash, h)
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
        self.reach.flood(&self.problem.board, boxes, player_of(state));
        self.judge.enter(&self.problem, boxes, &self.reach);
        self.box_list.clear();
        self.box_list.extend(boxes_of(boxes));
        let box_hash = self.problem.zobrist.boxes_hash(boxes);
        let mut prepared = false;
        for index in 0..self.box_list.len() {
            if self.interrupt.raised() {
                return;
            }
            let b = self.box_list[index];
            let fenced_out = self.judge.fenced_out(b);
            for (d, next) in self.reach.pushes(&self.problem.board, boxes, b) {
                let push = Push { from: b, dir: d as u8 };
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
                        self.child(state, index, push, m, &stored, box_hash, &mut prepared);
                    }
                }
            }
        }
    }

    /// Generates one child, the single push `push` or the macro `macro_move`, and has the
    /// pruning pipeline judge it.
    #[allow(clippy::too_many_arguments)]
    fn child(
        &mut self,
        state: &[u64],
        index: usize,
        push: Push,
        macro_move: Option<Macro>,
        stored: &impl Fn(&[u64], u64) -> Option<NodeId>,
        box_hash: u64,
        prepared: &mut bool,
    ) {
        let stride = self.problem.stride;
        let board = &self.problem.board;
        let (to, player) = match macro_move {
            Some(m) => (m.to, m.player(board)),
            None => (board.nbr(push.from, push.dir as usize), push.from),
        };
        let at = self.states.len();
        self.states.extend_from_slice(state);
        let Expander { problem, judge, estimator, child_reach, box_list, states, .. } = self;
        let state = &mut states[at..at + stride];
        clear_box(state, push.from);
        set_box(state, to);
        let mut child = PushChild {
            state,
            words: problem.words(),
            from: push.from,
            to,
            player,
            index,
            reach: child_reach,
            estimator,
            box_list,
            prepared,
            box_hash,
            stored,
            hash: 0,
            solved: false,
            node: None,
        };
        let verdict = judge.judge(problem, &mut child);
        let mut record = Child {
            push,
            hash: child.hash,
            h: 0,
            pruned: None,
            solved: child.solved,
            stored: child.node,
            pattern: None,
            macro_move,
        };
        match verdict {
            Judged::Kept(h) => record.h = h,
            Judged::Stored => {}
            Judged::Pruned((reason, pattern)) => {
                (record.pruned, record.pattern) = (Some(reason), pattern)
            }
        }
        self.children.push(record);
    }

    /// The push `push` continued through a one-wide tunnel (while the box stands in a
    /// tunnel along the push, off goals, and the square ahead is free and not one the judge
    /// calls dead); `None` when the box stops after one push.
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
            if next == NONE || has_box(boxes, next) || self.judge.dead_square(p, next) {
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
        self.macro_state[words] = m.player(&p.board) as u64;
        let goal = p.packing.next_goal(&self.macro_state[..words])?;
        if goal == m.to {
            return None;
        }
        let rest = self
            .box_moves
            .route(&p.board, &self.macro_state, m.to, goal, |s| p.dist.towards_goals(s))?;
        Some(Macro { from: m.from, to: goal, dir: rest.dir, pushes: m.pushes + rest.pushes })
    }
}

/// A child of [`Expander::expand`] before the pruning pipeline: its state in the expander's
/// buffer, and what the pipeline's hooks need of the expander.
struct PushChild<'a, F> {
    /// The child's state: its boxes, then its normalised player square once known.
    state: &'a mut [u64],
    /// Bitset words of the boxes.
    words: usize,
    /// The pushed box's square before and after the move.
    from: Sq,
    to: Sq,
    /// The player's square after the move.
    player: Sq,
    /// The moved box's index in `box_list`.
    index: usize,
    /// The child's player area, once flooded.
    reach: &'a mut Reach,
    /// The lower bound.
    estimator: &'a mut Estimator,
    /// The boxes of the position being expanded, in square order.
    box_list: &'a mut [Sq],
    /// Whether the estimator was prepared for the position being expanded.
    prepared: &'a mut bool,
    /// The hash of the expanded position's boxes.
    box_hash: u64,
    /// The search's store, looked up by state and hash.
    stored: &'a F,
    /// The child's hash, whether it is solved, and its stored node, once known.
    hash: u64,
    solved: bool,
    node: Option<NodeId>,
}

impl<F: Fn(&[u64], u64) -> Option<NodeId>> Candidate for PushChild<'_, F> {
    fn boxes(&self) -> &[u64] {
        &self.state[..self.words]
    }

    fn from(&self) -> Sq {
        self.from
    }

    fn to(&self) -> Sq {
        self.to
    }

    /// Floods the child's player area, normalises its player, hashes it and looks it up.
    fn stored(&mut self, p: &Problem) -> bool {
        let boxes = &self.state[..self.words];
        let low = self.reach.flood(&p.board, boxes, self.player);
        self.solved = p.is_solved(boxes);
        self.state[self.words] = u64::from(low);
        let z = &p.zobrist;
        self.hash = self.box_hash ^ z.box_key(self.from) ^ z.box_key(self.to) ^ z.player_key(low);
        self.node = (self.stored)(self.state, self.hash);
        self.node.is_some()
    }

    /// The estimator's bound after the push (prepared once per expanded position): a box
    /// that can reach no goal, or no perfect matching, proves the child dead; bounds other
    /// than the matching ask the judge's bipartite test.
    fn bound(&mut self, p: &Problem, judge: &mut Judge) -> Result<u32, PruneReason> {
        if !*self.prepared {
            self.estimator.prepare(&p.dist, self.box_list);
            *self.prepared = true;
        }
        let h = self.estimator.after_push(&p.board, &p.dist, self.box_list, self.index, self.to);
        let matching = self.estimator.kind() == LowerBound::Matching;
        if h == INFINITE {
            return Err(if matching { PruneReason::Bipartite } else { PruneReason::DeadSquare });
        }
        if !matching {
            self.box_list[self.index] = self.to;
            let dead = judge.bipartite(p, self.box_list);
            self.box_list[self.index] = self.from;
            if dead {
                return Err(PruneReason::Bipartite);
            }
        }
        Ok(h)
    }

    fn costly(&self) -> Costly<'_> {
        Costly::Now { player: self.player, reach: self.reach }
    }
}
