//! Goals sealed off by frozen boxes: a box frozen on a goal never moves again, so it is a
//! wall from then on. When the walls it adds leave some remaining goal out of reach of every
//! remaining box, the position is dead.
//!
//! This catches the classic mistake of packing a goal room in the wrong order: a box
//! pushed onto a goal where it freezes and cuts the way to goals behind it. The check is
//! one breadth-first pass: every goal not under a frozen box must still be reachable by
//! some movable box (each box alone, the player's side not tracked, so nothing alive is
//! ever called dead).

use crate::solver::analysis::problem::Problem;
use crate::solver::deadlock::freeze::Freeze;
use crate::solver::model::board::{NONE, Sq, opposite};
use crate::solver::model::state::{boxes_of, has_box};
use std::collections::VecDeque;

/// Scratch space for sealed-goal checks.
#[derive(Debug, Default)]
pub struct Sealed {
    freeze: Freeze,
    walls: Vec<u64>,
    queue: VecDeque<Sq>,
    seen: Vec<bool>,
}

impl Sealed {
    /// Whether `boxes`, in which the box just pushed onto `to` is frozen on a goal, has
    /// goals sealed off by its frozen boxes.
    pub fn is_deadlock(&mut self, p: &Problem, boxes: &[u64], to: Sq) -> bool {
        let board = &p.board;
        if !board.is_goal(to) || self.freeze.frozen_with(board, &p.dist, boxes, to).is_empty() {
            return false;
        }
        // Every box frozen on a goal is a wall (a frozen box off a goal is a freeze deadlock,
        // reported by the freeze detector).
        self.freeze.frozen_on_goals(board, &p.dist, &boxes[..p.words()], &mut self.walls);
        // Where can the movable boxes go, each alone with the frozen boxes as walls (the
        // player's side is not tracked)? Every open goal must be among those squares.
        self.seen.clear();
        self.seen.resize(board.len(), false);
        self.queue.clear();
        for b in boxes_of(boxes) {
            if !has_box(&self.walls, b) {
                self.seen[b as usize] = true;
                self.queue.push_back(b);
            }
        }
        while let Some(x) = self.queue.pop_front() {
            for d in 0..4 {
                let y = board.nbr(x, d);
                let behind = board.nbr(x, opposite(d));
                if y == NONE
                    || behind == NONE
                    || self.seen[y as usize]
                    || has_box(&self.walls, y)
                    || has_box(&self.walls, behind)
                {
                    continue;
                }
                self.seen[y as usize] = true;
                self.queue.push_back(y);
            }
        }
        board.goals().iter().any(|&g| !has_box(&self.walls, g) && !self.seen[g as usize])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::{Level, Pos};

    fn check(rows: &[&str], to: (usize, usize)) -> bool {
        let p = Problem::new(&Level::from_rows(rows).unwrap()).unwrap();
        let boxes = p.box_bits(p.board.start_boxes().iter().copied());
        let to = p.board.square_at(Pos::new(to.0, to.1)).unwrap();
        Sealed::default().is_deadlock(&p, &boxes, to)
    }

    #[test]
    fn two_boxes_frozen_on_goals_seal_the_goal_behind_them() {
        // The two boxes on goals along the top wall freeze each other; the goal at the end
        // of the row can never be reached again.
        let rows = ["#########", "#.**    #", "#### $ @#", "#########"];
        assert!(check(&rows, (3, 1)));
    }

    #[test]
    fn a_box_frozen_in_a_corner_goal_seals_nothing() {
        let rows = ["#######", "#*   .#", "#  $  #", "# @   #", "#######"];
        assert!(!check(&rows, (1, 1)));
    }
}
