//! Which sides of a square are still connected for the player when a box stands on it.
//!
//! Moving one box around while the others stay put asks, for every square the box visits,
//! which of its neighbours the player can walk between. One depth-first search over the free
//! floor (Tarjan's articulation points) answers that for every square at once: a neighbour
//! inside a child subtree that cannot climb above the square (`low ≥ disc`) is cut off from
//! the rest; every other neighbour is on the "upper" side.

use crate::solver::model::board::{Board, NONE, Sq};
use crate::solver::model::state::has_box;

/// "Not free" (wall, box, or outside the searched component).
const UNSEEN: u32 = u32::MAX;

/// The label of the side that stays connected to the rest of the floor.
pub const UPPER: u32 = u32::MAX - 1;

/// Articulation analysis of the free floor (floor without boxes) of one position.
#[derive(Debug, Default)]
pub struct Sides {
    disc: Vec<u32>,
    /// Largest discovery time in the subtree of each square.
    last: Vec<u32>,
    low: Vec<u32>,
    parent: Vec<Sq>,
    stack: Vec<(Sq, u8)>,
}

impl Sides {
    /// Analyses the component of `start` in the floor of `board` without `boxes`.
    pub fn analyse(&mut self, board: &Board, boxes: &[u64], start: Sq) {
        let n = board.len();
        self.disc.clear();
        self.disc.resize(n, UNSEEN);
        self.last.resize(n, 0);
        self.low.resize(n, 0);
        self.parent.resize(n, NONE);
        self.search(board, boxes, start, 0);
    }

    /// The depth-first search of the component of `start`, discovery times from `time` on;
    /// returns the last time given.
    fn search(&mut self, board: &Board, boxes: &[u64], start: Sq, mut time: u32) -> u32 {
        self.disc[start as usize] = time;
        self.low[start as usize] = time;
        self.parent[start as usize] = NONE;
        self.stack.clear();
        self.stack.push((start, 0));
        while let Some(&mut (s, ref mut next)) = self.stack.last_mut() {
            if (*next as usize) < 4 {
                let d = *next as usize;
                *next += 1;
                let t = board.nbr(s, d);
                if t == NONE || has_box(boxes, t) {
                    continue;
                }
                if self.disc[t as usize] == UNSEEN {
                    time += 1;
                    self.disc[t as usize] = time;
                    self.low[t as usize] = time;
                    self.parent[t as usize] = s;
                    self.stack.push((t, 0));
                } else if t != self.parent[s as usize] {
                    let lt = self.disc[t as usize];
                    let ls = &mut self.low[s as usize];
                    *ls = (*ls).min(lt);
                }
            } else {
                self.stack.pop();
                self.last[s as usize] = time;
                let p = self.parent[s as usize];
                if p != NONE {
                    let ls = self.low[s as usize];
                    let lp = &mut self.low[p as usize];
                    *lp = (*lp).min(ls);
                }
            }
        }
        time
    }

    /// Analyses every component of the floor of `board` without `boxes` (each square's
    /// labels then answer within its own component).
    pub fn analyse_all(&mut self, board: &Board, boxes: &[u64]) {
        let n = board.len();
        self.disc.clear();
        self.disc.resize(n, UNSEEN);
        self.last.resize(n, 0);
        self.low.resize(n, 0);
        self.parent.resize(n, NONE);
        let mut time = 0;
        for s in 0..n as Sq {
            if self.disc[s as usize] == UNSEEN && !has_box(boxes, s) {
                time = self.search(board, boxes, s, time) + 1;
            }
        }
    }

    /// Whether `s` is free floor in the analysed component.
    #[inline]
    pub fn contains(&self, s: Sq) -> bool {
        self.disc[s as usize] != UNSEEN
    }

    /// The label of neighbour `u` of square `x` when `x` is blocked (by the moving box):
    /// neighbours with equal labels are connected without passing `x`. Labels are the
    /// discovery time of the cut-off child subtree holding `u`, or [`UPPER`] for the
    /// side that stays connected to the rest. `x` and `u` must both be in the component.
    #[inline]
    pub fn label(&self, board: &Board, x: Sq, u: Sq) -> u32 {
        let (dx, du) = (self.disc[x as usize], self.disc[u as usize]);
        let descendant = du > dx && du <= self.last[x as usize];
        if !descendant {
            return UPPER;
        }
        // The child of `x` whose subtree holds `u` (children are neighbours of `x`).
        for d in 0..4 {
            let c = board.nbr(x, d);
            if c != NONE
                && self.contains(c)
                && self.parent[c as usize] == x
                && self.disc[c as usize] <= du
                && du <= self.last[c as usize]
            {
                let root = self.parent[x as usize] == NONE;
                return if root || self.low[c as usize] >= dx {
                    self.disc[c as usize]
                } else {
                    UPPER
                };
            }
        }
        UPPER
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::{Level, Pos};

    /// The board of `rows` (one box on a goal, to make it a level) with no boxes on it.
    fn setup(rows: &[&str]) -> (Board, Vec<u64>) {
        let board = Board::compile(&Level::from_rows(rows).unwrap()).unwrap();
        let words = board.len().div_ceil(64);
        (board, vec![0; words])
    }

    #[test]
    fn a_corridor_square_separates_its_two_ends() {
        let (board, boxes) = setup(&["#######", "#@   *#", "#######"]);
        let at = |x| board.square_at(Pos::new(x, 1)).unwrap();
        let mut s = Sides::default();
        s.analyse(&board, &boxes, at(1));
        assert_ne!(s.label(&board, at(3), at(2)), s.label(&board, at(3), at(4)));
    }

    #[test]
    fn a_square_in_open_floor_separates_nothing() {
        let (board, boxes) = setup(&["#####", "#@  #", "#   #", "#  *#", "#####"]);
        let at = |x, y| board.square_at(Pos::new(x, y)).unwrap();
        let mut s = Sides::default();
        s.analyse(&board, &boxes, at(1, 1));
        let c = at(2, 2);
        let l = s.label(&board, c, at(1, 2));
        for u in [at(3, 2), at(2, 1), at(2, 3)] {
            assert_eq!(s.label(&board, c, u), l);
        }
        // The root itself: its neighbours stay connected around it.
        let r = at(1, 1);
        assert_eq!(s.label(&board, r, at(2, 1)), s.label(&board, r, at(1, 2)));
    }

    #[test]
    fn labels_agree_with_a_flood_on_every_square() {
        let rows =
            ["########", "#@ #   #", "#  # # #", "#      #", "### ####", "#     *#", "########"];
        let (board, boxes) = setup(&rows);
        let mut s = Sides::default();
        s.analyse(&board, &boxes, board.start_player());
        for x in 0..board.len() as Sq {
            let nbrs: Vec<Sq> = (0..4).map(|d| board.nbr(x, d)).filter(|&u| u != NONE).collect();
            for &u in &nbrs {
                for &v in &nbrs {
                    let flood = connected_without(&board, x, u, v);
                    assert_eq!(
                        s.label(&board, x, u) == s.label(&board, x, v),
                        flood,
                        "x {x} u {u} v {v}"
                    );
                }
            }
        }
    }

    fn connected_without(board: &Board, x: Sq, u: Sq, v: Sq) -> bool {
        let mut seen = vec![false; board.len()];
        let mut stack = vec![u];
        seen[u as usize] = true;
        seen[x as usize] = true;
        while let Some(s) = stack.pop() {
            if s == v {
                return true;
            }
            for d in 0..4 {
                let t = board.nbr(s, d);
                if t != NONE && !seen[t as usize] {
                    seen[t as usize] = true;
                    stack.push(t);
                }
            }
        }
        false
    }
}
