//! The player's reachable area: a flood fill over squares without boxes, whose lowest
//! square is the normalised player square of a state.

use crate::solver::model::board::{Board, NONE, Sq, opposite};
use crate::solver::model::state::has_box;

/// The squares of the last flood, as a bitset over floor squares.
#[derive(Debug, Default)]
pub struct Reach {
    /// During a flood: reached squares and boxes; after it: reached squares only.
    seen: Vec<u64>,
    stack: Vec<Sq>,
}

impl Reach {
    /// Marks every square the player reaches from `from` without crossing a box; returns
    /// the lowest such square (the normalised player square).
    pub fn flood(&mut self, board: &Board, boxes: &[u64], from: Sq) -> Sq {
        // Boxes start out "seen", so one bit test refuses both; they are removed at the end.
        self.seen.clear();
        self.seen.extend_from_slice(boxes);
        let seen = &mut self.seen[..];
        let nbr = board.neighbours();
        seen[from as usize >> 6] |= 1 << (from & 63);
        self.stack.push(from);
        while let Some(s) = self.stack.pop() {
            for &t in &nbr[s as usize] {
                if t != NONE {
                    let (w, bit) = (t as usize >> 6, 1u64 << (t & 63));
                    if seen[w] & bit == 0 {
                        seen[w] |= bit;
                        self.stack.push(t);
                    }
                }
            }
        }
        let mut low = Sq::MAX;
        for (i, (w, b)) in seen.iter_mut().zip(boxes).enumerate() {
            *w ^= b;
            if low == Sq::MAX && *w != 0 {
                low = (i as u32 * 64 + w.trailing_zeros()) as Sq;
            }
        }
        low
    }

    /// The squares the last flood reached, as a bitset over floor squares.
    pub fn bits(&self) -> &[u64] {
        &self.seen
    }

    /// Whether the last flood reached `s`.
    #[inline]
    pub fn reached(&self, s: Sq) -> bool {
        self.seen[s as usize >> 6] >> (s & 63) & 1 != 0
    }

    /// The pushes the player of the last flood can make of the box on `b` in the position
    /// `boxes`: (direction index, the box's new square) for each direction whose square
    /// behind the box was reached and whose square ahead is free floor. Every search and
    /// every deadlock sub-search generates its pushes here.
    #[inline]
    pub fn pushes(&self, board: &Board, boxes: &[u64], b: Sq) -> Pushes {
        let mut out = Pushes { items: [(0, NONE); 4], len: 0, next: 0 };
        for d in 0..4 {
            let behind = board.nbr(b, opposite(d));
            if behind == NONE || !self.reached(behind) {
                continue;
            }
            let ahead = board.nbr(b, d);
            if ahead == NONE || has_box(boxes, ahead) {
                continue;
            }
            out.items[out.len] = (d, ahead);
            out.len += 1;
        }
        out
    }
}

/// The pushes of one box ([`Reach::pushes`]): (direction index, new square of the box).
#[derive(Clone, Copy, Debug)]
pub struct Pushes {
    items: [(usize, Sq); 4],
    len: usize,
    next: usize,
}

impl Iterator for Pushes {
    type Item = (usize, Sq);

    #[inline]
    fn next(&mut self) -> Option<(usize, Sq)> {
        (self.next < self.len).then(|| {
            self.next += 1;
            self.items[self.next - 1]
        })
    }
}
