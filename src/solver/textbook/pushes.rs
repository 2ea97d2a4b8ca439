//! Sokoban pushes as a textbook [`Problem`]: the successors are the engineered searches'
//! own expander (the same pushes, pruning pipeline and lower bound), so the textbook
//! searches and ours compare on the same moves.

use crate::solver::model::box_moves::Macro;
use crate::solver::search::expand::Expander;
use crate::solver::textbook::{OnLevel, Problem, Successor};

/// A level's positions (box bitset, then the normalised player square) and its pushes;
/// a move's cost is its push count. Built by [`crate::solver::pushes`].
pub struct Pushes {
    /// Generates and judges the pushes.
    pub(crate) expander: Expander,
}

impl Problem for Pushes {
    type State = Box<[u64]>;
    type Move = Macro;

    fn start(&mut self) -> (Self::State, u32) {
        let (state, _, h) = self.expander.root();
        (state.into(), h)
    }

    fn successors(&mut self, state: &Self::State, out: &mut Vec<Successor<Self>>) {
        out.clear();
        self.expander.expand(state, |_, _| None);
        let board = &self.expander.problem.board;
        for (i, c) in self.expander.children.iter().enumerate() {
            let mv = c.macro_move.unwrap_or(Macro::single(board, c.push));
            out.push(Successor {
                state: self.expander.child_state(i).into(),
                mv,
                cost: u32::from(mv.pushes),
                h: c.h,
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
        self.expander.lower_bound().admissible()
    }

    /// No: Sokoban's push bounds are admissible, not consistent (see `bounds`), so A*
    /// re-opens closed states.
    fn consistent(&self) -> bool {
        false
    }

    fn interrupted(&self) -> bool {
        self.expander.interrupt.raised()
    }

    fn state_bytes(&self) -> usize {
        self.expander.problem.stride * 8
    }
}

impl OnLevel for Pushes {
    fn expander(&self) -> &Expander {
        &self.expander
    }

    fn expander_mut(&mut self) -> &mut Expander {
        &mut self.expander
    }

    fn macro_of(&self, mv: &Macro) -> Macro {
        *mv
    }
}
