//! The player's reachable area: a flood fill over squares without boxes, whose lowest
//! square is the normalised player square of a state.

use crate::solver::board::{NONE, Sq};
use crate::solver::problem::Problem;

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
    pub fn flood(&mut self, problem: &Problem, boxes: &[u64], from: Sq) -> Sq {
        // Boxes start out "seen", so one bit test refuses both; they are removed at the end.
        self.seen.clear();
        self.seen.extend_from_slice(boxes);
        let seen = &mut self.seen[..];
        let nbr = problem.board.neighbours();
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
}
