//! The breadth-first search of one box moved alone, the other boxes staying put, over
//! (box square, player side) pairs: the side being the set of the box's neighbours the
//! player can walk between ([`Sides`] labels). Push macros ([`super::box_moves`]) and their
//! mirror, pull macros ([`super::pull_moves`]), both run it; the caller says how each square
//! the box could be moved onto is treated ([`Onward`]).

use crate::solver::model::board::{Board, NONE, Sq};
use crate::solver::model::reach::Reach;
use crate::solver::model::sides::Sides;
use crate::solver::model::state::clear_box;

/// How a box search treats a square it could move the box onto, as its caller decides
/// (for instance by the pruning pipeline's dead-square rule).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Onward {
    /// The box is moved onto it and on from it.
    Pass,
    /// The box is moved onto it (a move ends there) but not on from it.
    Stop,
    /// The box is never moved onto it.
    Skip,
}

/// Label of a side not visited.
const NO_SIDE: u32 = u32::MAX;

/// The scratch of one box's search: the other boxes, the side analysis of the floor without
/// the moving box, and the pairs visited.
#[derive(Debug, Default)]
pub struct SideSearch {
    /// The side analysis of the floor around the other boxes.
    pub sides: Sides,
    /// The other boxes (the moving one taken off).
    pub others: Vec<u64>,
    /// The other boxes of the search being started, compared with `others`.
    wanted: Vec<u64>,
    /// Per square: the side labels already visited (up to four per square).
    seen: Vec<[u32; 4]>,
    seen_squares: Vec<Sq>,
}

impl SideSearch {
    /// Starts the search of box `b` of `boxes`, the player's area being `reach`: forgets
    /// the last search, analyses the floor without `b` and marks the start. Returns the
    /// player's side of the box, or none when the player cannot reach it.
    pub fn start(&mut self, board: &Board, boxes: &[u64], b: Sq, reach: &Reach) -> Option<u32> {
        self.begin(board, boxes, b, reach, false)
    }

    /// Like [`SideSearch::start`], but keeps the last floor analysis when the other boxes
    /// are those it was made for and the player's side of `b` lies in the part it
    /// analysed: for one box at a time moved among boxes that never move. The last
    /// analysis must be of the same board.
    pub fn restart(&mut self, board: &Board, boxes: &[u64], b: Sq, reach: &Reach) -> Option<u32> {
        self.begin(board, boxes, b, reach, true)
    }

    fn begin(
        &mut self,
        board: &Board,
        boxes: &[u64],
        b: Sq,
        reach: &Reach,
        keep: bool,
    ) -> Option<u32> {
        for &s in &self.seen_squares {
            self.seen[s as usize] = [NO_SIDE; 4];
        }
        self.seen_squares.clear();
        let kept = keep && self.seen.len() == board.len();
        if self.seen.len() != board.len() {
            self.seen = vec![[NO_SIDE; 4]; board.len()];
        }
        let start_nbr = (0..4).map(|d| board.nbr(b, d)).find(|&u| u != NONE && reach.reached(u))?;
        self.wanted.clear();
        self.wanted.extend_from_slice(boxes);
        clear_box(&mut self.wanted, b);
        if !(kept && self.others == self.wanted && self.sides.contains(start_nbr)) {
            std::mem::swap(&mut self.others, &mut self.wanted);
            self.sides.analyse(board, &self.others, start_nbr);
        }
        let side = self.sides.label(board, b, start_nbr);
        self.mark(b, side);
        Some(side)
    }

    /// Records side `side` of square `s` as visited; false if it already was.
    pub fn mark(&mut self, s: Sq, side: u32) -> bool {
        let slots = &mut self.seen[s as usize];
        if slots[0] == NO_SIDE {
            self.seen_squares.push(s);
        }
        for slot in slots.iter_mut() {
            if *slot == side {
                return false;
            }
            if *slot == NO_SIDE {
                *slot = side;
                return true;
            }
        }
        unreachable!("a square has at most four sides")
    }
}
