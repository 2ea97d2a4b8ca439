//! PI-corral pruning: when the player is fenced out of an area whose fence boxes can only
//! be pushed into it, only those pushes need be tried.
//!
//! A corral is a connected part of the board the player cannot reach (its free squares and
//! the boxes around them). It is a PI-corral when
//! - I: every push the player can make of a fence box (a box of the corral next to the
//!   player's area) moves it into the corral, and
//! - P: every push of a fence box into the corral can be made from the player's area;
//!
//! and it is unsolved (a box of the corral is off a goal, or a goal in it is empty). Every
//! solution must push a fence box into such a corral before any push changes the player's
//! access to it, so the search may try those pushes alone; the push count of solutions is
//! not affected (the standard argument of Damgaard and Meger). The PI-corral with the fewest
//! pushes is used.

use crate::solver::analysis::problem::Problem;
use crate::solver::model::board::{NONE, Sq, opposite};
use crate::solver::model::reach::Reach;
use crate::solver::model::state::{has_box, set_box};

/// Scratch space for finding PI-corrals.
#[derive(Debug, Default)]
pub struct PiCorrals {
    label: Vec<u32>,
    stamp: u32,
    stack: Vec<Sq>,
    members: Vec<Sq>,
    fence: Vec<Sq>,
    best: Vec<u64>,
}

impl PiCorrals {
    /// The fence boxes of the PI-corral with the fewest pushes, as a bitset over squares, or
    /// `None` when the position has none. `reach` holds the player's area of `boxes`.
    pub fn find(&mut self, p: &Problem, boxes: &[u64], reach: &Reach) -> Option<&[u64]> {
        let board = &p.board;
        let n = board.len();
        if self.label.len() != n {
            self.label = vec![0; n];
            self.stamp = 0;
        }
        let mut best_pushes = usize::MAX;
        let first = self.next_stamp();
        for s in 0..n as Sq {
            if reach.reached(s) || self.label[s as usize] >= first {
                continue;
            }
            let stamp = self.next_stamp();
            self.collect(p, reach, s, stamp);
            if let Some(pushes) = self.judge(p, boxes, reach, stamp)
                && pushes < best_pushes
            {
                best_pushes = pushes;
                self.best.clear();
                self.best.resize(p.words(), 0);
                for &b in &self.fence {
                    set_box(&mut self.best, b);
                }
            }
        }
        (best_pushes != usize::MAX).then_some(&self.best[..])
    }

    fn next_stamp(&mut self) -> u32 {
        if self.stamp == u32::MAX {
            self.label.fill(0);
            self.stamp = 0;
        }
        self.stamp += 1;
        self.stamp
    }

    /// Gathers the unreached squares connected to `s` (boxes and free squares alike).
    fn collect(&mut self, p: &Problem, reach: &Reach, s: Sq, stamp: u32) {
        self.members.clear();
        self.label[s as usize] = stamp;
        self.stack.push(s);
        while let Some(t) = self.stack.pop() {
            self.members.push(t);
            for d in 0..4 {
                let u = p.board.nbr(t, d);
                if u != NONE && !reach.reached(u) && self.label[u as usize] != stamp {
                    self.label[u as usize] = stamp;
                    self.stack.push(u);
                }
            }
        }
    }

    /// The number of fence pushes if the corral just collected (label `stamp`) is an
    /// unsolved PI-corral with at least one push; fills `self.fence`.
    fn judge(&mut self, p: &Problem, boxes: &[u64], reach: &Reach, stamp: u32) -> Option<usize> {
        let board = &p.board;
        let inside = |s: Sq| s != NONE && self.label[s as usize] == stamp;
        let mut has_free = false;
        let mut unsolved = false;
        self.fence.clear();
        for &s in &self.members {
            let boxed = has_box(boxes, s);
            has_free |= !boxed;
            unsolved |= boxed != board.is_goal(s) && (boxed || board.is_goal(s));
            let fenced = boxed
                && (0..4).any(|d| {
                    let u = board.nbr(s, d);
                    u != NONE && reach.reached(u)
                });
            if fenced {
                self.fence.push(s);
            }
        }
        if !has_free || !unsolved {
            return None;
        }
        let mut pushes = 0;
        for &b in &self.fence {
            for d in 0..4 {
                let to = board.nbr(b, d);
                let from = board.nbr(b, opposite(d));
                if to == NONE || has_box(boxes, to) {
                    continue;
                }
                let pushable = from != NONE && reach.reached(from);
                // I: a push the player can make must go into the corral.
                if pushable && !inside(to) {
                    return None;
                }
                // P: a push into the corral must be one the player can make.
                if inside(to) && !pushable {
                    return None;
                }
                if pushable && !p.dist.is_dead(to) {
                    pushes += 1;
                }
            }
        }
        (pushes > 0).then_some(pushes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::{Level, Pos};

    fn find(rows: &[&str]) -> Option<Vec<Pos>> {
        let p = Problem::new(&Level::from_rows(rows).unwrap()).unwrap();
        let mut boxes = vec![0u64; p.words()];
        for &b in p.board.start_boxes() {
            set_box(&mut boxes, b);
        }
        let mut reach = Reach::default();
        reach.flood(&p.board, &boxes, p.board.start_player());
        let mut pi = PiCorrals::default();
        let bits = pi.find(&p, &boxes, &reach)?;
        Some(crate::solver::model::state::boxes_of(bits).map(|s| p.board.pos(s)).collect())
    }

    #[test]
    fn a_fenced_room_whose_boxes_can_only_go_in_is_a_pi_corral() {
        // The two boxes fence the right-hand room; the player can only push them in.
        let rows = ["########", "#   $ .#", "# @ #  #", "#   $ .#", "########"];
        assert_eq!(find(&rows), Some(vec![Pos::new(4, 1), Pos::new(4, 3)]));
    }

    #[test]
    fn open_floor_has_no_corral() {
        let rows = ["########", "#   $ .#", "# @    #", "#   $ .#", "########"];
        assert_eq!(find(&rows), None);
    }

    #[test]
    fn a_solved_corral_is_ignored() {
        // Above, the box on its goal closes a pocket with no goal: nothing to do there.
        // Below, the pocket holds an empty goal: that corral is the one to open.
        let rows = ["#######", "#   * #", "# @ ###", "#   $.#", "#######"];
        assert_eq!(find(&rows), Some(vec![Pos::new(4, 3)]));
    }
}
