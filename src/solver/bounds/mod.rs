//! Lower bounds and estimates of the pushes still needed.
//!
//! Each kind says whether it is admissible (never above the true push count); only an
//! admissible bound may back a claim of optimality. All but the player-distance estimate work
//! on box-alone push distances ([`crate::solver::analysis::distances`]).
//!
//! None is consistent: a box's push distance is the least over the sides the player may push
//! it from, so where the box stands in a passage one push can lower it by many (the player
//! left on the far side). A* must re-open a closed state reached more cheaply to stay
//! optimal with them.

mod classic;
mod greedy;
mod matching;

pub use matching::Hungarian;

use crate::solver::analysis::distances::{Distances, INF};
use crate::solver::model::board::{Board, Sq};
use crate::solver::model::interrupt::Interrupt;

/// "No assignment of boxes to goals exists" (the position is dead). Only an admissible
/// bound says it: an estimate that may overestimate cannot prove a position dead.
pub const INFINITE: u32 = u32::MAX;

/// What a bound that is not admissible gives where its estimate found no pairing: very
/// far, so that the search looks there last, but finite, so that nothing is pruned.
pub const FAR: u32 = 1 << 20;

/// Which estimate of the remaining pushes guides the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LowerBound {
    /// Sum over boxes of the distance to the nearest goal (admissible).
    Simple,
    /// Boxes assigned to goals greedily by increasing distance (not admissible: greedy can
    /// cost more than the best assignment).
    Greedy,
    /// Minimum-cost perfect matching of boxes to goals (Hungarian method; admissible, the
    /// strongest).
    Matching,
    /// Number of boxes not on a goal (admissible, weak).
    BoxesOffGoal,
    /// Boxes off goals plus the player's distance to the nearest such box (counts steps, not
    /// pushes: not admissible for push counts).
    BoxesOffGoalPlusPlayer,
    /// Total distance of a stable-marriage (Gale–Shapley) box–goal pairing (not admissible).
    StableMarriage,
}

impl LowerBound {
    /// Every kind, strongest admissible first.
    pub const ALL: [LowerBound; 6] = [
        LowerBound::Matching,
        LowerBound::Simple,
        LowerBound::BoxesOffGoal,
        LowerBound::Greedy,
        LowerBound::StableMarriage,
        LowerBound::BoxesOffGoalPlusPlayer,
    ];

    /// Whether the bound prunes the positions it finds dead (a box that reaches no goal,
    /// no perfect matching): an admissible bound that can say [`INFINITE`].
    pub fn prunes_dead(self) -> bool {
        matches!(self, LowerBound::Simple | LowerBound::Matching)
    }

    /// Whether the bound never overestimates the pushes still needed.
    pub fn admissible(self) -> bool {
        matches!(self, LowerBound::Simple | LowerBound::Matching | LowerBound::BoxesOffGoal)
    }

    /// The name used on the command line and in the inspector.
    pub fn name(self) -> &'static str {
        match self {
            LowerBound::Simple => "simple",
            LowerBound::Greedy => "greedy",
            LowerBound::Matching => "matching",
            LowerBound::BoxesOffGoal => "boxes-off-goal",
            LowerBound::BoxesOffGoalPlusPlayer => "boxes-off-goal-plus-player",
            LowerBound::StableMarriage => "stable-marriage",
        }
    }

    /// The kind with this name.
    pub fn from_name(name: &str) -> Option<LowerBound> {
        LowerBound::ALL.into_iter().find(|b| b.name() == name)
    }
}

/// Computes a [`LowerBound`] for positions, incrementally where the kind allows.
#[derive(Debug)]
pub struct Estimator {
    kind: LowerBound,
    hungarian: Hungarian,
    scratch: Vec<Sq>,
}

impl Estimator {
    /// An estimator of `kind`, giving up (with the bound 0) when `interrupt` is raised.
    pub fn new(kind: LowerBound, interrupt: &Interrupt) -> Self {
        Estimator { kind, hungarian: Hungarian::new(interrupt), scratch: Vec::new() }
    }

    /// The kind computed.
    pub fn kind(&self) -> LowerBound {
        self.kind
    }

    /// The estimate for `boxes` with the player on `player`. An admissible kind gives
    /// [`INFINITE`] when some box can reach no goal (or, for the matching, no perfect
    /// assignment exists); the others give [`FAR`] for what they cannot pair.
    pub fn estimate(&mut self, board: &Board, dist: &Distances, boxes: &[Sq], player: Sq) -> u32 {
        let h = match self.kind {
            LowerBound::Simple => classic::simple(dist, boxes),
            LowerBound::Greedy => greedy::greedy(dist, boxes),
            LowerBound::Matching => {
                self.hungarian.solve(dist, boxes);
                self.hungarian.cost()
            }
            LowerBound::BoxesOffGoal => classic::boxes_off_goal(board, boxes),
            LowerBound::BoxesOffGoalPlusPlayer => classic::plus_player(board, boxes, player),
            LowerBound::StableMarriage => classic::stable_marriage(dist, boxes),
        };
        self.finite_unless_admissible(h)
    }

    /// `h`, with [`INFINITE`] turned into [`FAR`] for a kind that is not admissible.
    fn finite_unless_admissible(&self, h: u32) -> u32 {
        if h == INFINITE && !self.kind.admissible() { FAR } else { h }
    }

    /// Prepares [`Estimator::after_push`] for the children of `boxes` (the matching solves
    /// the parent once, so each child costs one augmentation).
    pub fn prepare(&mut self, dist: &Distances, boxes: &[Sq]) {
        if self.kind == LowerBound::Matching {
            self.hungarian.solve(dist, boxes);
        }
    }

    /// The estimate after the box `boxes[index]` was pushed to `to` (the player now stands
    /// where the box was). `boxes` is the parent's list given to [`Estimator::prepare`].
    pub fn after_push(
        &mut self,
        board: &Board,
        dist: &Distances,
        boxes: &[Sq],
        index: usize,
        to: Sq,
    ) -> u32 {
        if self.kind == LowerBound::Matching {
            return self.hungarian.cost_with_row_moved(dist, index, to);
        }
        let player = boxes[index];
        self.scratch.clear();
        self.scratch.extend_from_slice(boxes);
        self.scratch[index] = to;
        let scratch = std::mem::take(&mut self.scratch);
        let h = self.estimate(board, dist, &scratch, player);
        self.scratch = scratch;
        h
    }
}

/// Converts a table distance to a bound term ([`INFINITE`] stays infinite).
fn term(d: u16) -> u32 {
    if d == INF { INFINITE } else { d as u32 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Level;

    #[test]
    fn admissible_bounds_order_on_a_small_level() {
        // Two boxes, two goals; the nearest goal of both boxes is the same one.
        let rows = ["#########", "#@      #", "#  $ $  #", "#   .  .#", "#########"];
        let board = Board::compile(&Level::from_rows(&rows).unwrap()).unwrap();
        let dist = Distances::new(&board, &crate::solver::model::interrupt::Interrupt::default());
        let boxes = board.start_boxes();
        let h = |k| {
            Estimator::new(k, &Interrupt::default()).estimate(
                &board,
                &dist,
                boxes,
                board.start_player(),
            )
        };
        assert_eq!(h(LowerBound::BoxesOffGoal), 2);
        assert!(h(LowerBound::Matching) < INFINITE, "the position is alive");
        assert!(h(LowerBound::Simple) < h(LowerBound::Matching), "both want one goal");
        assert!(h(LowerBound::Matching) <= h(LowerBound::Greedy));
        assert_eq!(h(LowerBound::BoxesOffGoalPlusPlayer), 2 + 2);
    }

    #[test]
    fn only_an_admissible_bound_says_a_position_is_dead() {
        // Both boxes stand against the top wall, where no goal is: every pairing fails.
        let rows = ["#########", "#@ $ $  #", "#  . .  #", "#########"];
        let board = Board::compile(&Level::from_rows(&rows).unwrap()).unwrap();
        let dist = Distances::new(&board, &Interrupt::default());
        for kind in LowerBound::ALL {
            let h = Estimator::new(kind, &Interrupt::default()).estimate(
                &board,
                &dist,
                board.start_boxes(),
                board.start_player(),
            );
            assert_eq!(h == INFINITE, kind.admissible() && kind != LowerBound::BoxesOffGoal);
            assert!(kind.admissible() || h <= FAR, "{}: {h}", kind.name());
        }
    }

    #[test]
    fn incremental_matching_equals_a_fresh_one() {
        let rows = ["##########", "#@ $ $ $ #", "#  . . . #", "#        #", "##########"];
        let board = Board::compile(&Level::from_rows(&rows).unwrap()).unwrap();
        let dist = Distances::new(&board, &crate::solver::model::interrupt::Interrupt::default());
        let boxes = board.start_boxes().to_vec();
        let mut inc = Estimator::new(LowerBound::Matching, &Interrupt::default());
        inc.prepare(&dist, &boxes);
        for index in 0..boxes.len() {
            for to in 0..board.len() as Sq {
                if boxes.contains(&to) {
                    continue;
                }
                let got = inc.after_push(&board, &dist, &boxes, index, to);
                let mut moved = boxes.clone();
                moved[index] = to;
                let fresh = Estimator::new(LowerBound::Matching, &Interrupt::default()).estimate(
                    &board,
                    &dist,
                    &moved,
                    board.start_player(),
                );
                assert_eq!(got, fresh, "box {index} to square {to}");
            }
        }
    }
}
