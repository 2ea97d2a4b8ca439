//! Pull macros: one box pulled, possibly many times, to another square while every other
//! box stays put: the moves of a search that runs backwards from the solved position.
//! Reversed, a pull macro is a push macro ([`super::box_moves`]) of the position it leads to.
//!
//! As for pushes, a breadth-first search per box runs over (box square, player side) pairs
//! ([`SideSearch`]). A pull in direction `d` needs the player beside the box on the `d` side
//! and a free square behind the player; the box takes the player's square and the player
//! steps back. The caller says how each square the box could be pulled onto is treated
//! ([`Onward`]).

use crate::solver::model::board::{Board, NONE, Sq};
use crate::solver::model::interrupt::Interrupt;
use crate::solver::model::reach::Reach;
use crate::solver::model::side_search::{Onward, SideSearch};
use crate::solver::model::state::{boxes_of, has_box};
use std::collections::VecDeque;

/// One box pulled alone from `from` to `to`; the last pull went in direction `dir`, so the
/// player ends on the square beyond `to` in that direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PullMacro {
    /// The box's square before the move.
    pub from: Sq,
    /// The box's square after the move.
    pub to: Sq,
    /// Direction index of the last pull.
    pub dir: u8,
    /// Pulls the move makes (the least for this box alone).
    pub pulls: u16,
}

impl PullMacro {
    /// The square the player stands on after the move.
    pub fn player(&self, board: &Board) -> Sq {
        board.nbr(self.to, self.dir as usize)
    }
}

/// A visited (square, side) pair.
#[derive(Clone, Copy, Debug)]
struct Visit {
    square: Sq,
    side: u32,
    pulls: u16,
    dir: u8,
}

/// Generates pull macros; holds the scratch space.
#[derive(Debug, Default)]
pub struct PullMoves {
    walk: SideSearch,
    reach: Reach,
    visits: Vec<Visit>,
    queue: VecDeque<u32>,
}

impl PullMoves {
    /// Every pull macro of every box of `boxes` with the player on `player`, appended to
    /// `out` box by box in square order, each square treated as `onward` says. Stops, the
    /// list unfinished, when `interrupt` is raised.
    pub fn generate(
        &mut self,
        board: &Board,
        boxes: &[u64],
        player: Sq,
        interrupt: &Interrupt,
        onward: impl Fn(Sq) -> Onward,
        out: &mut Vec<PullMacro>,
    ) {
        self.reach.flood(board, boxes, player);
        for b in boxes_of(boxes) {
            if interrupt.raised() {
                return;
            }
            self.search_box(board, boxes, b, &onward);
            for v in self.visits.iter().skip(1) {
                out.push(PullMacro { from: b, to: v.square, dir: v.dir, pulls: v.pulls });
            }
        }
    }

    /// Breadth-first search of the pulls of box `b` (the player's area is in `self.reach`),
    /// each square treated as `onward` says.
    fn search_box(&mut self, board: &Board, boxes: &[u64], b: Sq, onward: impl Fn(Sq) -> Onward) {
        self.visits.clear();
        let Some(side) = self.walk.start(board, boxes, b, &self.reach) else { return };
        self.visits.push(Visit { square: b, side, pulls: 0, dir: u8::MAX });
        self.queue.clear();
        self.queue.push_back(0);
        while let Some(i) = self.queue.pop_front() {
            let v = self.visits[i as usize];
            for d in 0..4 {
                let ahead = board.nbr(v.square, d);
                if ahead == NONE || has_box(&self.walk.others, ahead) {
                    continue;
                }
                let beyond = board.nbr(ahead, d);
                if beyond == NONE || has_box(&self.walk.others, beyond) {
                    continue;
                }
                let way = onward(ahead);
                if way == Onward::Skip || self.walk.sides.label(board, v.square, ahead) != v.side {
                    continue;
                }
                let side = self.walk.sides.label(board, ahead, beyond);
                if !self.walk.mark(ahead, side) {
                    continue;
                }
                let index = self.visits.len() as u32;
                self.visits.push(Visit { square: ahead, side, pulls: v.pulls + 1, dir: d as u8 });
                if way == Onward::Pass {
                    self.queue.push_back(index);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Level;
    use crate::solver::model::box_moves::BoxMoves;
    use crate::solver::model::state::{clear_box, set_box};

    #[test]
    fn every_pull_reversed_is_a_push_of_the_position_it_leads_to() {
        let level = Level::from_rows(&[
            "#########",
            "#  .  # #",
            "# $#$   #",
            "#.  @ $.#",
            "# $ #  .#",
            "#########",
        ])
        .unwrap();
        let board = Board::compile(&level).unwrap();
        let interrupt = Interrupt::default();
        let words = board.words();
        let mut state = vec![0u64; words + 1];
        for &b in board.start_boxes() {
            set_box(&mut state, b);
        }
        let mut pulls = Vec::new();
        let pass = |_| Onward::Pass;
        let player = board.start_player();
        PullMoves::default().generate(
            &board,
            &state[..words],
            player,
            &interrupt,
            pass,
            &mut pulls,
        );
        assert!(pulls.len() > 6, "{pulls:?}");
        let mut pushes = Vec::new();
        for m in pulls {
            let mut child = state.clone();
            clear_box(&mut child, m.from);
            set_box(&mut child, m.to);
            child[words] = u64::from(m.player(&board));
            assert!(!has_box(&child[..words], m.player(&board)));
            pushes.clear();
            BoxMoves::default().generate(&board, &child, &interrupt, pass, &mut pushes);
            let back = pushes.iter().find(|b| b.from == m.to && b.to == m.from);
            let back = back.unwrap_or_else(|| panic!("{m:?} has no push back"));
            assert!(back.pushes <= m.pulls, "{m:?} {back:?}");
        }
    }
}
