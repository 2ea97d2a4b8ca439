//! Bipartite deadlocks: every box needs a goal of its own that it can still reach.
//!
//! Boxes and goals form a bipartite graph with an edge where the box-alone push distance is
//! finite; without a perfect matching the position is dead. (The matching lower bound finds
//! this as a by-product; this check serves the cheaper bounds.)

use crate::solver::analysis::distances::{Distances, INF};
use crate::solver::model::board::Sq;
use crate::solver::model::interrupt::Interrupt;

/// Scratch space for the augmenting-path matching.
#[derive(Debug, Default)]
pub struct Bipartite {
    goal_owner: Vec<usize>,
    seen: Vec<u32>,
    stamp: u32,
    /// Stops the matching between boxes (the position is then not called dead).
    interrupt: Interrupt,
}

const FREE: usize = usize::MAX;

impl Bipartite {
    /// A checker that gives up, calling nothing dead, when `interrupt` is raised.
    pub fn new(interrupt: &Interrupt) -> Self {
        Bipartite { interrupt: interrupt.clone(), ..Bipartite::default() }
    }

    /// Whether `boxes` cannot all be matched to distinct reachable goals.
    pub fn is_deadlock(&mut self, dist: &Distances, boxes: &[Sq]) -> bool {
        let goals = dist.row(boxes[0]).len();
        self.goal_owner.clear();
        self.goal_owner.resize(goals, FREE);
        self.seen.resize(goals, 0);
        for i in 0..boxes.len() {
            if self.interrupt.raised() {
                return false;
            }
            self.stamp = self.stamp.wrapping_add(1);
            if self.stamp == 0 {
                self.seen.fill(0);
                self.stamp = 1;
            }
            if !self.augment(dist, boxes, i) {
                return true;
            }
        }
        false
    }

    fn augment(&mut self, dist: &Distances, boxes: &[Sq], i: usize) -> bool {
        for g in 0..self.goal_owner.len() {
            if dist.to_goal(boxes[i], g) == INF || self.seen[g] == self.stamp {
                continue;
            }
            self.seen[g] = self.stamp;
            let owner = self.goal_owner[g];
            if owner == FREE || self.augment(dist, boxes, owner) {
                self.goal_owner[g] = i;
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Level;
    use crate::solver::model::board::Board;

    fn check(rows: &[&str]) -> bool {
        let board = Board::compile(&Level::from_rows(rows).unwrap()).unwrap();
        let dist = Distances::new(&board, &crate::solver::model::interrupt::Interrupt::default());
        Bipartite::default().is_deadlock(&dist, board.start_boxes())
    }

    #[test]
    fn two_boxes_that_can_only_reach_one_goal_are_dead() {
        // Both boxes sit in the top corridor, which only leads to the left goal; the right
        // goal is in a pocket only reachable from below.
        let rows = ["########", "#.$ $  #", "#@######", "#     .#", "########"];
        assert!(check(&rows));
    }

    #[test]
    fn a_perfect_assignment_is_not_dead() {
        let rows = ["########", "#.$  $.#", "#@     #", "########"];
        assert!(!check(&rows));
    }
}
