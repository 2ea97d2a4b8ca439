//! Sokoban pushes with the player's walks costed, as a textbook [`Problem`]: a state keeps
//! the player's own square (not its area's normalised one), and a push costs the walk to it
//! as well, so a search of it counts moves. The move-optimal methods search every position;
//! the optimiser only those near a solution (its `keep`).

use crate::solver::bounds::INFINITE;
use crate::solver::model::board::{NONE, Sq, opposite};
use crate::solver::model::box_moves::Macro;
use crate::solver::model::metric::Metric;
use crate::solver::model::state::{has_box, player_of};
use crate::solver::model::table::Push;
use crate::solver::search::expand::Expander;
use crate::solver::textbook::{OnLevel, Problem, Successor};
use std::collections::VecDeque;

/// Which positions a search may enter, by their box words.
pub(crate) type Keep = Box<dyn Fn(&[u64]) -> bool + Send>;

/// A level's pushes, each costing the walk before it, as a textbook [`Problem`]. A state
/// is the box words, then the player's own square.
///
/// A push costs `weight × metric + other`, where the metric and the other count are moves
/// or pushes. With `weight` more than the other count of any solution compared, a cheaper
/// solution is better by the metric, then by the other count: the move-optimal methods
/// take [`Walks::WEIGHT`]; the optimiser one more than the other count of the solution to
/// beat, so a cheaper solution is never worse by the metric, and among those whose other
/// count stays within the old one's, the cheapest is best by the metric, then by the other.
pub(crate) struct Walks {
    pub(crate) expander: Expander,
    keep: Option<Keep>,
    metric: Metric,
    weight: u32,
    /// Whether states carry the bound's estimate (off: a uniform-cost search).
    estimate: bool,
    /// Steps from the player's square to each square (scratch, `u32::MAX` unreached).
    walk: Vec<u32>,
    queue: VecDeque<Sq>,
}

impl Walks {
    /// The weight of the move-optimal methods: exact for solutions of fewer than 65,536
    /// moves (a longer line's cost saturates, and proves nothing).
    pub const WEIGHT: u32 = 1 << 16;

    /// Pushes judged by `expander`, costed by `metric` with `weight`, within `keep` (every
    /// position when `None`); `estimate` off gives every state the estimate 0.
    pub fn new(
        expander: Expander,
        keep: Option<Keep>,
        metric: Metric,
        weight: u32,
        estimate: bool,
    ) -> Self {
        let squares = expander.problem.board.len();
        Walks {
            expander,
            keep,
            metric,
            weight,
            estimate,
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

    /// The estimate of a state whose push bound is `h`: the bound counts pushes, and every
    /// push is a move too, so scaled by `weight + 1` it never overestimates either cost.
    /// Capped at half the range, so that g + h never reaches `u32::MAX`, which the searches
    /// read as dead (an ordering bound's `FAR` is large); a capped estimate stays
    /// admissible and consistent. A dead state's `INFINITE` stays.
    fn estimate(&self, h: u32) -> u32 {
        match h {
            INFINITE => INFINITE,
            _ if self.estimate => h.saturating_mul(self.weight + 1).min(u32::MAX / 2),
            _ => 0,
        }
    }

    /// The metric's count of a cost `g` (the weight's multiple in it), as the inspector
    /// shows it.
    pub fn count(&self, g: u32) -> u32 {
        g / self.weight
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

impl Problem for Walks {
    type State = Box<[u64]>;
    type Move = Push;

    fn start(&mut self) -> (Self::State, u32) {
        let (mut state, _, h) = self.expander.root();
        let words = self.expander.problem.words();
        state[words] = u64::from(self.expander.problem.board.start_player());
        (state.into(), self.estimate(h))
    }

    fn successors(&mut self, state: &Self::State, out: &mut Vec<Successor<Self>>) {
        out.clear();
        let words = self.expander.problem.words();
        self.flood(&state[..words], player_of(state));
        self.expander.expand(state, |_, _| None);
        let board = &self.expander.problem.board;
        for (i, c) in self.expander.children.iter().enumerate() {
            let mut child: Box<[u64]> = self.expander.child_state(i).into();
            if self.keep.as_ref().is_some_and(|keep| !keep(&child[..words])) {
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
                h: self.estimate(c.h),
                pruned: c.pruned,
                pattern: c.pattern,
            });
        }
    }

    fn is_goal(&self, state: &Self::State) -> bool {
        let p = &self.expander.problem;
        p.is_solved(&state[..p.words()])
    }

    fn admissible(&self) -> bool {
        !self.estimate || self.expander.lower_bound().admissible()
    }

    /// Without the estimate, yes (it is 0). With it, no: Sokoban's push bounds are
    /// admissible, not consistent (see `bounds`), so A* re-opens closed states.
    fn consistent(&self) -> bool {
        !self.estimate
    }

    fn interrupted(&self) -> bool {
        self.expander.interrupt.raised()
    }

    fn state_bytes(&self) -> usize {
        self.expander.problem.stride * 8
    }
}

impl OnLevel for Walks {
    fn expander(&self) -> &Expander {
        &self.expander
    }

    fn expander_mut(&mut self) -> &mut Expander {
        &mut self.expander
    }

    fn macro_of(&self, mv: &Push) -> Macro {
        Macro::single(&self.expander.problem.board, *mv)
    }

    fn metric(&self) -> Metric {
        self.metric
    }

    fn shown(&self, g: u32) -> u32 {
        self.count(g)
    }

    fn shown_h(&self, h: u32) -> u32 {
        if h == INFINITE { h } else { h / (self.weight + 1) }
    }

    /// g + h in the metric's units (the uniform-cost search's h is 0).
    fn shown_f(&self, _f: u32, g: u32, h: u32) -> u32 {
        g.saturating_add(h)
    }
}
