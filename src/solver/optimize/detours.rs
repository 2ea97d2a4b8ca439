//! The optimiser's search problem: a level's pushes within a solution's vicinity, from
//! positions that keep the player's exact square, each push costing the walk to it as well,
//! ordered by the metric first and the other count second.

use crate::solver::model::board::{NONE, Sq, opposite};
use crate::solver::model::state::{has_box, player_of};
use crate::solver::model::table::Push;
use crate::solver::optimize::Metric;
use crate::solver::optimize::vicinity::Vicinity;
use crate::solver::search::expand::Expander;
use crate::solver::textbook::{Problem, Successor};
use std::collections::VecDeque;

/// A level's pushes in a solution's vicinity, as a textbook [`Problem`]. A state is the box
/// words, then the player's own square (not its area's normalised one: walks count).
///
/// A push costs `weight × metric + other`, where the metric and the other count are moves
/// or pushes. With `weight` one more than the other count of the solution to beat, a
/// cheaper solution is never worse by the metric, and among those whose other count stays
/// within the old one's, the cheapest is best by the metric, then by the other count.
pub struct Detours {
    expander: Expander,
    vicinity: Vicinity,
    metric: Metric,
    weight: u32,
    /// Steps from the player's square to each square (scratch, `u32::MAX` unreached).
    walk: Vec<u32>,
    queue: VecDeque<Sq>,
}

impl Detours {
    /// Pushes judged by `expander`, kept within `vicinity`, costed by `metric` with
    /// `weight`.
    pub fn new(expander: Expander, vicinity: Vicinity, metric: Metric, weight: u32) -> Self {
        let squares = expander.problem.board.len();
        Detours {
            expander,
            vicinity,
            metric,
            weight,
            walk: vec![u32::MAX; squares],
            queue: VecDeque::new(),
        }
    }

    /// The cost of a push after a walk of `walk` steps.
    fn cost(&self, walk: u32) -> u32 {
        match self.metric {
            Metric::Pushes => self.weight.saturating_add(walk + 1),
            Metric::Moves => (walk + 1).saturating_mul(self.weight).saturating_add(1),
        }
    }

    /// Fills `walk` with the steps from `player` to every square, boxes in the way.
    fn flood(&mut self, boxes: &[u64], player: Sq) {
        let board = &self.expander.problem.board;
        self.walk.fill(u32::MAX);
        self.walk[player as usize] = 0;
        self.queue.clear();
        self.queue.push_back(player);
        while let Some(s) = self.queue.pop_front() {
            let next = self.walk[s as usize] + 1;
            for &t in &board.neighbours()[s as usize] {
                if t != NONE && !has_box(boxes, t) && self.walk[t as usize] == u32::MAX {
                    self.walk[t as usize] = next;
                    self.queue.push_back(t);
                }
            }
        }
    }
}

impl Problem for Detours {
    type State = Box<[u64]>;
    type Move = Push;

    fn start(&mut self) -> (Self::State, u32) {
        let (mut state, _, h) = self.expander.root();
        let words = self.expander.problem.words();
        state[words] = u64::from(self.expander.problem.board.start_player());
        // INFINITE (a dead start) stays infinite.
        (state.into(), h.saturating_mul(self.weight + 1))
    }

    fn successors(&mut self, state: &Self::State, out: &mut Vec<Successor<Self>>) {
        out.clear();
        let words = self.expander.problem.words();
        self.flood(&state[..words], player_of(state));
        self.expander.expand(state, |_, _| None);
        let board = &self.expander.problem.board;
        for (i, c) in self.expander.children.iter().enumerate() {
            let mut child: Box<[u64]> = self.expander.child_state(i).into();
            if !self.vicinity.contains(&child[..words]) {
                continue;
            }
            child[words] = u64::from(c.push.from);
            let behind = board.nbr(c.push.from, opposite(c.push.dir as usize));
            let walk = self.walk[behind as usize];
            debug_assert!(walk != u32::MAX, "the expander pushes only from the player's area");
            out.push(Successor {
                state: child,
                mv: c.push,
                cost: self.cost(walk),
                h: c.h.saturating_mul(self.weight + 1),
                pruned: c.pruned,
            });
        }
    }

    fn is_goal(&self, state: &Self::State) -> bool {
        self.expander.problem.is_solved(state)
    }

    /// The matching bound counts pushes, and every push is a move too: scaled by
    /// `weight + 1` it never overestimates either cost.
    fn admissible(&self) -> bool {
        true
    }

    /// A push changes the matching bound by at most one, and costs at least `weight + 1`.
    fn consistent(&self) -> bool {
        true
    }

    fn interrupted(&self) -> bool {
        self.expander.interrupt.raised()
    }

    fn state_bytes(&self) -> usize {
        self.expander.problem.stride * 8
    }
}
