//! The free floor of a position (floor without boxes) split into connected regions.
//!
//! Regions are labelled in square order, so each region's lowest square is the one it was
//! started from: the normalised player square of a state is the seed of the player's
//! region. Their number is feature-space search's connectivity feature.

use crate::solver::model::board::{Board, NONE, Sq};
use crate::solver::model::state::has_box;

/// Label of a square holding a box.
pub const BOXED: u16 = u16::MAX;

/// Region labels of the free floor.
#[derive(Debug, Default, Clone)]
pub struct Regions {
    label: Vec<u16>,
    seeds: Vec<Sq>,
    stack: Vec<Sq>,
}

impl Regions {
    /// Labels the free floor of `board` around `boxes`; returns the number of regions.
    pub fn compute(&mut self, board: &Board, boxes: &[u64]) -> usize {
        let n = board.len();
        self.label.clear();
        self.label.resize(n, BOXED);
        self.seeds.clear();
        for s in 0..n as Sq {
            if self.label[s as usize] != BOXED || has_box(boxes, s) {
                continue;
            }
            let r = self.seeds.len() as u16;
            self.seeds.push(s);
            self.label[s as usize] = r;
            self.stack.push(s);
            while let Some(t) = self.stack.pop() {
                for &u in &board.neighbours()[t as usize] {
                    if u != NONE && self.label[u as usize] == BOXED && !has_box(boxes, u) {
                        self.label[u as usize] = r;
                        self.stack.push(u);
                    }
                }
            }
        }
        self.seeds.len()
    }

    /// The region of free square `s` ([`BOXED`] for a box).
    #[inline]
    pub fn of(&self, s: Sq) -> u16 {
        self.label[s as usize]
    }

    /// The lowest square of the region holding free square `s` (the normalised player
    /// square when the player stands on `s`).
    #[inline]
    pub fn seed_of(&self, s: Sq) -> Sq {
        self.seeds[self.label[s as usize] as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::{Level, Pos};
    use crate::solver::model::state::set_box;

    #[test]
    fn boxes_across_a_corridor_split_it() {
        let level = Level::from_rows(&["#########", "#@ $ $..#", "#########"]).unwrap();
        let board = Board::compile(&level).unwrap();
        let mut boxes = vec![0u64; board.len().div_ceil(64)];
        for &b in board.start_boxes() {
            set_box(&mut boxes, b);
        }
        let mut r = Regions::default();
        assert_eq!(r.compute(&board, &boxes), 3);
        let at = |x| board.square_at(Pos::new(x, 1)).unwrap();
        assert_eq!(r.seed_of(at(2)), at(1));
        assert_eq!(r.seed_of(at(7)), at(6));
        assert_eq!(r.of(at(3)), BOXED);
    }
}
