//! Push distances from every square to every goal, and the dead squares they reveal.
//!
//! The distance from square `s` to goal `g` is the least number of pushes that bring a box
//! alone on the board from `s` to `g`, where the player must walk around the box to reach
//! the side it pushes from. It is found by pulling the box backwards from each goal. A square
//! from which no goal can be reached is dead: a box pushed there can never be solved.

use crate::solver::model::board::{Board, NONE, Sq};
use std::collections::VecDeque;

/// "Unreachable" in the distance tables.
pub const INF: u16 = u16::MAX;

/// Box-alone push distances and dead squares of a board.
#[derive(Clone, Debug)]
pub struct Distances {
    goals: usize,
    /// `dist[s * goals + i]`: pushes from square `s` to the `i`-th goal.
    dist: Vec<u16>,
    dead: Vec<bool>,
}

impl Distances {
    /// Computes the tables for `board`.
    pub fn new(board: &Board) -> Self {
        let n = board.len();
        let sides = side_components(board);
        let goals = board.goals().len();
        let mut dist = vec![INF; n * goals];
        let mut rev = vec![INF; n * 4];
        let mut queue = VecDeque::new();
        for (gi, &g) in board.goals().iter().enumerate() {
            rev.fill(INF);
            queue.clear();
            dist[g as usize * goals + gi] = 0;
            for d in 0..4 {
                if board.nbr(g, d) != NONE {
                    rev[g as usize * 4 + d] = 0;
                    queue.push_back((g, d));
                }
            }
            while let Some((b, d)) = queue.pop_front() {
                let k = rev[b as usize * 4 + d];
                let here = &mut dist[b as usize * goals + gi];
                *here = (*here).min(k);
                let comp = sides[b as usize][d];
                for e in 0..4 {
                    if sides[b as usize][e] != comp {
                        continue;
                    }
                    let p = board.nbr(b, e);
                    let p2 = board.nbr(p, e);
                    if p2 == NONE {
                        continue;
                    }
                    let slot = &mut rev[p as usize * 4 + e];
                    if *slot == INF {
                        *slot = k + 1;
                        queue.push_back((p, e));
                    }
                }
            }
        }
        let dead =
            (0..n).map(|s| dist[s * goals..(s + 1) * goals].iter().all(|&d| d == INF)).collect();
        Distances { goals, dist, dead }
    }

    /// Pushes from square `s` to the goal with index `goal` (in [`Board::goals`] order).
    #[inline]
    pub fn to_goal(&self, s: Sq, goal: usize) -> u16 {
        self.dist[s as usize * self.goals + goal]
    }

    /// Distances from `s` to every goal, in goal order.
    #[inline]
    pub fn row(&self, s: Sq) -> &[u16] {
        let i = s as usize * self.goals;
        &self.dist[i..i + self.goals]
    }

    /// Pushes from `s` to its nearest goal ([`INF`] on a dead square).
    pub fn nearest(&self, s: Sq) -> u16 {
        self.row(s).iter().copied().min().unwrap_or(INF)
    }

    /// Whether a box on `s` can never reach a goal.
    #[inline]
    pub fn is_dead(&self, s: Sq) -> bool {
        self.dead[s as usize]
    }

    /// Every dead square.
    pub fn dead_squares(&self) -> impl Iterator<Item = Sq> + '_ {
        (0..self.dead.len() as Sq).filter(|&s| self.dead[s as usize])
    }
}

/// For each square `b` and side `d`, a label of the area the neighbour of `b` on side `d`
/// belongs to when a box stands on `b` (sides with equal labels are connected; walls get
/// label `u8::MAX`).
fn side_components(board: &Board) -> Vec<[u8; 4]> {
    let n = board.len();
    // Flood marks: box square `b`'s flood from side `d` marks with `4 * b + d + 1`.
    let mut seen = vec![0u32; n];
    let mut stack = Vec::new();
    let mut out = vec![[u8::MAX; 4]; n];
    for b in 0..n as Sq {
        let base = 4 * b as u32 + 1;
        out[b as usize] = std::array::from_fn(|d| {
            let start = board.nbr(b, d);
            if start == NONE {
                return u8::MAX;
            }
            let m = seen[start as usize];
            if (base..base + 4).contains(&m) {
                return (m - base) as u8;
            }
            let mark = base + d as u32;
            seen[start as usize] = mark;
            stack.push(start);
            while let Some(s) = stack.pop() {
                for e in 0..4 {
                    let t = board.nbr(s, e);
                    if t != NONE && t != b && seen[t as usize] != mark {
                        seen[t as usize] = mark;
                        stack.push(t);
                    }
                }
            }
            d as u8
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Level;

    #[test]
    fn corridor_distances_and_corner_dead_squares() {
        // Goal on the left; the corner squares on the right are dead.
        let level = Level::from_rows(&["######", "#.   #", "# $@ #", "#    #", "######"]).unwrap();
        let board = Board::compile(&level).unwrap();
        let d = Distances::new(&board);
        let at = |x, y| board.square_at(crate::level::Pos::new(x, y)).unwrap();
        assert_eq!(d.to_goal(at(1, 1), 0), 0);
        assert_eq!(d.to_goal(at(2, 1), 0), 1);
        assert_eq!(d.to_goal(at(2, 2), 0), 2);
        assert!(d.is_dead(at(4, 1)) && d.is_dead(at(4, 3)) && d.is_dead(at(1, 3)));
        assert!(d.is_dead(at(4, 2)), "a box on the right wall cannot leave it");
        assert!(!d.is_dead(at(1, 2)));
        assert_eq!(d.nearest(at(3, 2)), 3);
    }

    #[test]
    fn player_side_matters() {
        // A box in a one-wide corridor can be pushed left only from the right side; the
        // right end is closed, so a box at the right end is dead although it is in line.
        let level = Level::from_rows(&["#######", "#. $ @#", "#######"]).unwrap();
        let board = Board::compile(&level).unwrap();
        let d = Distances::new(&board);
        let at = |x| board.square_at(crate::level::Pos::new(x, 1)).unwrap();
        assert_eq!(d.to_goal(at(3), 0), 2);
        assert!(d.is_dead(at(5)));
    }
}
