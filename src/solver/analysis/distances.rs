//! Push distances from every square to every goal, and the dead squares they reveal.
//!
//! The distance from square `s` to goal `g` is the least number of pushes that bring a box
//! alone on the board from `s` to `g`, where the player must walk around the box to reach
//! the side it pushes from. It is found by pulling the box backwards from each goal. A square
//! from which no goal can be reached is dead: a box pushed there can never be solved.

use crate::solver::model::board::{Board, NONE, Sq, opposite};
use crate::solver::model::interrupt::Interrupt;
use crate::solver::model::side_search::Onward;
use crate::solver::model::sides::Sides;
use crate::solver::model::state::set_box;
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
    /// Computes the tables for `board`; stops early, leaving them incomplete, when
    /// `interrupt` is raised (the caller then drops them).
    pub fn new(board: &Board, interrupt: &Interrupt) -> Self {
        let n = board.len();
        let graph = PushGraph::new(board);
        let goals = board.goals().len();
        let mut dist = vec![INF; n * goals];
        let mut row = vec![INF; n];
        for (gi, &g) in board.goals().iter().enumerate() {
            if interrupt.raised() {
                break;
            }
            graph.distances_to(board, g, &mut row);
            for (s, &d) in row.iter().enumerate() {
                dist[s * goals + gi] = d;
            }
        }
        let dead =
            (0..n).map(|s| dist[s * goals..(s + 1) * goals].iter().all(|&d| d == INF)).collect();
        Distances { goals, dist, dead }
    }

    /// The mirror table of a pull search heading for a board with boxes on `sources`: its
    /// row of square `s` holds the pushes that bring a box alone from each source to `s`
    /// (the player starting on any side), so that the matching lower bound of a board
    /// measures how far it is from the sources' board. A square no source reaches is dead.
    /// Stops early, incomplete, when `interrupt` is raised.
    pub fn from_sources(board: &Board, sources: &[Sq], interrupt: &Interrupt) -> Self {
        let n = board.len();
        let graph = PushGraph::new(board);
        let k = sources.len();
        let mut dist = vec![INF; n * k];
        let mut row = vec![INF; n];
        for (i, &from) in sources.iter().enumerate() {
            if interrupt.raised() {
                break;
            }
            graph.distances_from(board, from, &mut row);
            for (s, &d) in row.iter().enumerate() {
                dist[s * k + i] = d;
            }
        }
        let dead = (0..n).map(|s| dist[s * k..(s + 1) * k].iter().all(|&d| d == INF)).collect();
        Distances { goals: k, dist, dead }
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

    /// How a box search bound for a goal may treat square `s`: a dead square is skipped,
    /// exactly, since no goal lies beyond one (every square a box on it can be pushed to is
    /// dead too). Such a search prunes nothing; the searches' own moves are judged instead.
    pub fn towards_goals(&self, s: Sq) -> Onward {
        if self.is_dead(s) { Onward::Skip } else { Onward::Pass }
    }

    /// Bytes the tables hold.
    pub fn memory(&self) -> usize {
        self.dist.capacity() * 2 + self.dead.capacity()
    }

    /// Every dead square.
    pub fn dead_squares(&self) -> impl Iterator<Item = Sq> + '_ {
        (0..self.dead.len() as Sq).filter(|&s| self.dead[s as usize])
    }
}

/// A box alone on the empty floor, the player's side of it tracked: the push moves every
/// distance table is made of.
#[derive(Clone, Debug)]
pub struct PushGraph {
    /// For each square `b` and side `d`, a label of the area the neighbour of `b` on side
    /// `d` belongs to when a box stands on `b`: the first side of `b` connected to it (walls
    /// get label `u8::MAX`).
    sides: Vec<[u8; 4]>,
}

impl PushGraph {
    /// The graph of `board` (one articulation analysis of the empty floor).
    pub fn new(board: &Board) -> Self {
        let mut sides = Sides::default();
        sides.analyse_all(board, &vec![0; board.len().div_ceil(64)]);
        let sides = (0..board.len() as Sq)
            .map(|b| {
                let labels: [Option<u32>; 4] = std::array::from_fn(|d| {
                    let u = board.nbr(b, d);
                    (u != NONE).then(|| sides.label(board, b, u))
                });
                std::array::from_fn(|d| match labels[d] {
                    None => u8::MAX,
                    Some(l) => labels.iter().position(|&m| m == Some(l)).unwrap_or(d) as u8,
                })
            })
            .collect();
        PushGraph { sides }
    }

    /// Fills `row` (one entry per square) with the pushes that bring a box from each square
    /// to `target` ([`INF`] where none do), by pulling the box away from `target`.
    pub fn distances_to(&self, board: &Board, target: Sq, row: &mut [u16]) {
        let sides = &self.sides;
        row.fill(INF);
        let mut rev = vec![INF; board.len() * 4];
        let mut queue = VecDeque::new();
        row[target as usize] = 0;
        for d in 0..4 {
            if board.nbr(target, d) != NONE {
                rev[target as usize * 4 + d] = 0;
                queue.push_back((target, d));
            }
        }
        while let Some((b, d)) = queue.pop_front() {
            let k = rev[b as usize * 4 + d];
            let here = &mut row[b as usize];
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

    /// The squares a box alone on `from` can be pushed to, `from` included, the player
    /// starting on any side (a bitset over squares).
    pub fn reach_from(&self, board: &Board, from: Sq) -> Vec<u64> {
        let mut row = vec![INF; board.len()];
        self.distances_from(board, from, &mut row);
        let mut reached = vec![0u64; board.len().div_ceil(64)];
        for s in (0..board.len() as Sq).filter(|&s| row[s as usize] != INF) {
            set_box(&mut reached, s);
        }
        reached
    }

    /// Fills `row` (one entry per square) with the pushes that bring a box alone from
    /// `from` to each square, the player starting on any side ([`INF`] where none do).
    pub fn distances_from(&self, board: &Board, from: Sq, row: &mut [u16]) {
        let sides = &self.sides;
        row.fill(INF);
        row[from as usize] = 0;
        let mut seen = vec![INF; board.len() * 4];
        let mut queue = VecDeque::new();
        for d in 0..4 {
            if board.nbr(from, d) != NONE && seen[from as usize * 4 + d] == INF {
                seen[from as usize * 4 + d] = 0;
                queue.push_back((from, d));
            }
        }
        // (b, d): the box on `b`, the player in the area of its side `d`.
        while let Some((b, d)) = queue.pop_front() {
            let k = seen[b as usize * 4 + d];
            let comp = sides[b as usize][d];
            for e in 0..4 {
                // The player pushes from side `e` towards the opposite side.
                if sides[b as usize][e] != comp {
                    continue;
                }
                let ahead = board.nbr(b, opposite(e));
                if ahead == NONE {
                    continue;
                }
                let here = &mut row[ahead as usize];
                *here = (*here).min(k + 1);
                let slot = &mut seen[ahead as usize * 4 + e];
                if *slot == INF {
                    *slot = k + 1;
                    queue.push_back((ahead, e));
                }
            }
        }
    }
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
        let d = Distances::new(&board, &Interrupt::default());
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
        let d = Distances::new(&board, &Interrupt::default());
        let at = |x| board.square_at(crate::level::Pos::new(x, 1)).unwrap();
        assert_eq!(d.to_goal(at(3), 0), 2);
        assert!(d.is_dead(at(5)));
    }
}
