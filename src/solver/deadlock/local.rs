//! The push loop of the deadlock sub-searches (corral, boxes alone): a few boxes pushed with
//! the player's reach, never onto a dead square, never into a freeze. Taking boxes off the
//! board only helps the player, so what these searches cannot reach, the full position
//! cannot either.

use crate::solver::analysis::problem::Problem;
use crate::solver::deadlock::freeze::Freeze;
use crate::solver::model::board::Sq;
use crate::solver::model::reach::Reach;
use crate::solver::model::state::{boxes_of, clear_box, player_of, set_box};
use std::ops::ControlFlow;

/// Scratch space for generating the children of sub-search positions.
#[derive(Debug, Default)]
pub(crate) struct LocalPushes {
    reach: Reach,
    freeze: Freeze,
    list: Vec<Sq>,
    child: Vec<u64>,
}

impl LocalPushes {
    /// Calls `visit(child, box, direction, new square)` for every push from `state` (box
    /// bitset then player square) that leaves the box on a live square without a freeze;
    /// `child` holds the child's boxes with the parent's player word, for the visitor to
    /// fill in. Stops at the first [`ControlFlow::Break`] and returns it.
    pub fn each<B>(
        &mut self,
        p: &Problem,
        state: &[u64],
        visit: impl FnMut(&mut [u64], Sq, usize, Sq) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        self.flood(p, state);
        self.each_flooded(p, state, visit)
    }

    /// Floods the player's area of `state`, for a caller that looks at it before
    /// [`LocalPushes::each_flooded`] pushes from the same state.
    pub fn flood(&mut self, p: &Problem, state: &[u64]) -> &Reach {
        self.reach.flood(&p.board, &state[..p.words()], player_of(state));
        &self.reach
    }

    /// [`LocalPushes::each`] within the area the last [`LocalPushes::flood`] of `state` found.
    pub fn each_flooded<B>(
        &mut self,
        p: &Problem,
        state: &[u64],
        mut visit: impl FnMut(&mut [u64], Sq, usize, Sq) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let words = p.words();
        self.list.clear();
        self.list.extend(boxes_of(&state[..words]));
        for &b in &self.list {
            for (d, dest) in self.reach.pushes(&p.board, state, b) {
                if p.dist.is_dead(dest) {
                    continue;
                }
                self.child.clear();
                self.child.extend_from_slice(state);
                clear_box(&mut self.child, b);
                set_box(&mut self.child, dest);
                if self.freeze.is_deadlock(&p.board, &p.dist, &self.child[..words], dest) {
                    continue;
                }
                visit(&mut self.child, b, d, dest)?;
            }
        }
        ControlFlow::Continue(())
    }
}
