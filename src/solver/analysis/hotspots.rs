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
        self.pull_from(p, p.board.goals().iter().copied().filter(|&g| g != x), x);
        // Boxes already unable to reach a goal without `x` in the way are not its doing;
        // live positions have none (dead squares are pruned).
        set_box(&mut self.reach, x);
        let blocked: u32 = boxes.iter().zip(&self.reach).map(|(b, r)| (b & !r).count_ones()).sum();
        clear_box(&mut self.reach, x);
        blocked
    }

    /// Fills `self.reach` with the squares from which a box alone reaches one of `targets`
    /// when `x` (or none: [`NONE`]) is a wall.
    fn pull_from(&mut self, p: &Problem, targets: impl IntoIterator<Item = Sq>, x: Sq) {
        let board = &p.board;
        self.reach.clear();
        self.reach.resize(p.words(), 0);
        self.queue.clear();
        for g in targets {
            set_box(&mut self.reach, g);
            self.queue.push_back(g);
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

/// Which boxes stand in which others' way, for the whole board at once (after Festival's
/// hotspots): square `x` blocks square `s` when a box alone on `s` reaches fewer goals once
/// `x` is a wall. A position's hotspot count is the number of its boxes off goals that block
/// another box off a goal.
#[derive(Clone, Debug)]
pub struct Blockers {
    /// Words of one row of `bits` (a bitset over the squares).
    words: usize,
    /// Row `s`, bit `x`: `x` blocks `s`.
    bits: Vec<u64>,
    /// Scratch: the squares that block a box being counted.
    blocking: Vec<u64>,
}

impl Blockers {
    /// Work (squares × goals × squares) above which the table is not built.
    const MAX_WORK: usize = 40_000_000;

    /// The table of `p`, or none when the board is too big for it or `interrupt` is raised.
    pub fn new(p: &Problem, interrupt: &Interrupt) -> Option<Blockers> {
        let board = &p.board;
        let n = board.len();
        if n * n * board.goals().len() > Self::MAX_WORK {
            return None;
        }
        let mut scratch = Hotspots::default();
        let count = |scratch: &mut Hotspots, x: Sq| -> Vec<u16> {
            let mut reached = vec![0u16; n];
            for &g in board.goals() {
                if g == x {
                    continue;
                }
                scratch.pull_from(p, [g], x);
                for s in boxes_of(&scratch.reach) {
                    reached[s as usize] += 1;
                }
            }
            reached
        };
        let free = count(&mut scratch, NONE);
        let words = n.div_ceil(64);
        let mut bits = vec![0u64; n * words];
        for x in 0..n as Sq {
            if interrupt.raised() {
                return None;
            }
            if board.is_goal(x) || p.dist.is_dead(x) {
                continue;
            }
            let with = count(&mut scratch, x);
            for s in 0..n {
                if s != x as usize && !board.is_goal(s as Sq) && with[s] < free[s] {
                    set_box(&mut bits[s * words..(s + 1) * words], x);
                }
            }
        }
        Some(Blockers { words, bits, blocking: Vec::new() })
    }

    /// The squares that block a box on `s`, as a bitset.
    fn row(&self, s: Sq) -> &[u64] {
        &self.bits[s as usize * self.words..(s as usize + 1) * self.words]
    }

    /// Whether a box on `x` stands in the way of a box on `s`.
    #[cfg(test)]
    fn blocks(&self, x: Sq, s: Sq) -> bool {
        has_box(self.row(s), x)
    }

    /// How many boxes of `boxes` stand in another box's way (no square blocks itself).
    pub fn count(&mut self, boxes: &[u64]) -> u32 {
        let mut blocking = std::mem::take(&mut self.blocking);
        blocking.clear();
        blocking.resize(self.words, 0);
        for s in boxes_of(boxes) {
            blocking.iter_mut().zip(self.row(s)).for_each(|(b, r)| *b |= r);
        }
        let count = blocking.iter().zip(boxes).map(|(b, x)| (b & x).count_ones()).sum();
        self.blocking = blocking;
        count
    }

    /// Bytes held.
    pub fn memory(&self) -> usize {
        (self.bits.capacity() + self.blocking.capacity()) * 8
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::{Level, Pos};

    /// Three boxes in a row above a doorway, the goals below it.
    fn doorway() -> Problem {
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
        Problem::new(&Level::from_rows(&rows).unwrap()).unwrap()
    }

    #[test]
    fn a_box_in_the_only_doorway_blocks_the_boxes_behind_it() {
        let p = doorway();
        let mut boxes = vec![0u64; p.words()];
        for &b in p.board.start_boxes() {
            set_box(&mut boxes, b);
        }
        let at = |x, y| p.board.square_at(Pos::new(x, y)).unwrap();
        let mut h = Hotspots::default();
        assert_eq!(h.heat(&p, &boxes, at(5, 3)), 2, "the door box blocks both others");
        assert_eq!(h.heat(&p, &boxes, at(2, 2)), 0);
    }

    #[test]
    fn a_box_counts_as_a_blocker_until_it_stands_on_a_goal() {
        let p = doorway();
        let at = |x, y| p.board.square_at(Pos::new(x, y)).unwrap();
        let position = |squares: &[Sq]| {
            let mut boxes = vec![0u64; p.words()];
            squares.iter().for_each(|&s| set_box(&mut boxes, s));
            boxes
        };
        let mut table = Blockers::new(&p, &Interrupt::default()).unwrap();
        let (left, middle, door) = (at(2, 2), at(4, 2), at(5, 3));
        assert!(table.blocks(door, left) && table.blocks(door, middle));
        assert!(table.blocks(middle, left), "the left box can only go along the row");
        assert!(!table.blocks(left, middle));
        let start = position(&[left, middle, door]);
        assert_eq!(table.count(&start), 2, "the door box and the middle one");
        let home = position(&[left, middle, at(5, 6)]);
        assert_eq!(table.count(&home), 1, "on a goal the door box blocks nothing");
    }

    #[test]
    fn the_count_is_the_boxes_that_block_another_on_every_set_of_three() {
        let p = doorway();
        let mut table = Blockers::new(&p, &Interrupt::default()).unwrap();
        let n = p.board.len() as Sq;
        let mut nonzero = 0;
        for a in 0..n {
            for b in a + 1..n {
                for c in b + 1..n {
                    let squares = [a, b, c];
                    let mut boxes = vec![0u64; p.words()];
                    squares.iter().for_each(|&s| set_box(&mut boxes, s));
                    let blocking = squares
                        .iter()
                        .filter(|&&x| squares.iter().any(|&s| s != x && table.blocks(x, s)))
                        .count() as u32;
                    assert_eq!(table.count(&boxes), blocking, "{squares:?}");
                    nonzero += usize::from(blocking > 0);
                }
            }
        }
        assert!(nonzero > 100, "{nonzero}");
    }
}
