//! Hotspots: boxes standing in the way of other boxes. A box is a hotspot when, were it a
//! wall, some other box could no longer be pushed to any goal (each box alone on the board,
//! the player's side not tracked). Its heat is the number of boxes it blocks.

use crate::solver::analysis::problem::Problem;
use crate::solver::model::board::{NONE, Sq, opposite};
use crate::solver::model::interrupt::Interrupt;
use crate::solver::model::state::{boxes_of, clear_box, has_box, set_box};
use std::collections::VecDeque;

/// Scratch space for heat computations.
#[derive(Debug, Default)]
pub struct Hotspots {
    reach: Vec<u64>,
    queue: VecDeque<Sq>,
}

impl Hotspots {
    /// How many boxes of `boxes`, other than the one on `x`, could reach no goal if the box
    /// on `x` were a wall.
    pub fn heat(&mut self, p: &Problem, boxes: &[u64], x: Sq) -> u32 {
        let board = &p.board;
        self.reach.clear();
        self.reach.resize(p.words(), 0);
        self.queue.clear();
        for &g in board.goals() {
            if g != x {
                set_box(&mut self.reach, g);
                self.queue.push_back(g);
            }
        }
        while let Some(s) = self.queue.pop_front() {
            for d in 0..4 {
                let y = board.nbr(s, opposite(d));
                if y == NONE || y == x || has_box(&self.reach, y) {
                    continue;
                }
                let z = board.nbr(y, opposite(d));
                if z == NONE || z == x {
                    continue;
                }
                set_box(&mut self.reach, y);
                self.queue.push_back(y);
            }
        }
        // Boxes already unable to reach a goal without `x` in the way are not its doing;
        // live positions have none (dead squares are pruned).
        set_box(&mut self.reach, x);
        let blocked: u32 = boxes.iter().zip(&self.reach).map(|(b, r)| (b & !r).count_ones()).sum();
        clear_box(&mut self.reach, x);
        blocked
    }

    /// The heat of every box of `boxes`, in square order, into `out` (unfinished when
    /// `interrupt` is raised).
    pub fn all(
        &mut self,
        p: &Problem,
        boxes: &[u64],
        interrupt: &Interrupt,
        out: &mut Vec<(Sq, u32)>,
    ) {
        out.clear();
        for b in boxes_of(boxes) {
            if interrupt.raised() {
                return;
            }
            let h = self.heat(p, boxes, b);
            out.push((b, h));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::{Level, Pos};

    #[test]
    fn a_box_in_the_only_doorway_blocks_the_boxes_behind_it() {
        let rows = [
            "#########",
            "#       #",
            "# $ $ @ #",
            "#####$###",
            "    #   #",
            "    #   #",
            "    #...#",
            "    #####",
        ];
        let p = Problem::new(&Level::from_rows(&rows).unwrap()).unwrap();
        let mut boxes = vec![0u64; p.words()];
        for &b in p.board.start_boxes() {
            set_box(&mut boxes, b);
        }
        let at = |x, y| p.board.square_at(Pos::new(x, y)).unwrap();
        let mut h = Hotspots::default();
        assert_eq!(h.heat(&p, &boxes, at(5, 3)), 2, "the door box blocks both others");
        assert_eq!(h.heat(&p, &boxes, at(2, 2)), 0);
    }
}
