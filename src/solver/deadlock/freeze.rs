//! Freeze deadlocks: a box that can move along neither axis will never move again.
//!
//! A box is blocked on an axis when a wall is next to it on that axis, when both squares on that
//! axis are dead, or when a neighbouring box on that axis is itself frozen (checked recursively,
//! treating the boxes on the current chain of examination as walls: if every box of such a chain is
//! blocked assuming the others are, none of them can move first). A frozen box on a goal is
//! harmless; the position is dead when the pushed box is frozen and it, or any box frozen along
//! with it, is off a goal.

use crate::solver::analysis::distances::Distances;
use crate::solver::model::board::{Board, NONE, Sq};
use crate::solver::model::state::{boxes_of, has_box, set_box};

/// Scratch space for freeze checks.
#[derive(Debug, Default)]
pub struct Freeze {
    examined: Vec<Sq>,
    frozen: Vec<Sq>,
}

impl Freeze {
    /// Whether the box just pushed onto `s` causes a freeze deadlock in `boxes`.
    pub fn is_deadlock(&mut self, board: &Board, dist: &Distances, boxes: &[u64], s: Sq) -> bool {
        self.frozen_with(board, dist, boxes, s).iter().any(|&b| !board.is_goal(b))
    }

    /// Sets `walls` to the boxes of `boxes` frozen on goals, with the boxes frozen along
    /// with them (a frozen box never moves again: it is a wall from then on).
    pub fn frozen_on_goals(
        &mut self,
        board: &Board,
        dist: &Distances,
        boxes: &[u64],
        walls: &mut Vec<u64>,
    ) {
        walls.clear();
        walls.resize(boxes.len(), 0);
        for b in boxes_of(boxes) {
            if board.is_goal(b) && !has_box(walls, b) {
                for &f in self.frozen_with(board, dist, boxes, b) {
                    set_box(walls, f);
                }
            }
        }
    }

    /// The boxes frozen together with the box on `s`, that one included (empty when it can
    /// still move).
    pub fn frozen_with(&mut self, board: &Board, dist: &Distances, boxes: &[u64], s: Sq) -> &[Sq] {
        self.examined.clear();
        self.frozen.clear();
        self.frozen_box(&Ctx { board, dist, boxes }, s);
        &self.frozen
    }

    /// Whether the box on `s` is frozen, assuming the boxes under examination (the chain of
    /// boxes that led here) cannot move. Only that chain counts as walls: a box examined in
    /// another branch and found movable must not block anything.
    fn frozen_box(&mut self, ctx: &Ctx, s: Sq) -> bool {
        self.examined.push(s);
        let mark = self.frozen.len();
        let frozen = self.axis_blocked(ctx, s, 2, 3) && self.axis_blocked(ctx, s, 0, 1);
        self.examined.pop();
        if frozen {
            self.frozen.push(s);
        } else {
            self.frozen.truncate(mark);
        }
        frozen
    }

    fn axis_blocked(&mut self, ctx: &Ctx, s: Sq, d1: usize, d2: usize) -> bool {
        let (a, b) = (ctx.board.nbr(s, d1), ctx.board.nbr(s, d2));
        if a == NONE || b == NONE || self.examined.contains(&a) || self.examined.contains(&b) {
            return true;
        }
        if ctx.dist.is_dead(a) && ctx.dist.is_dead(b) {
            return true;
        }
        (has_box(ctx.boxes, a) && self.frozen_box(ctx, a))
            || (has_box(ctx.boxes, b) && self.frozen_box(ctx, b))
    }
}

struct Ctx<'a> {
    board: &'a Board,
    dist: &'a Distances,
    boxes: &'a [u64],
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::{Level, Pos};
    use crate::solver::model::state::{set_box, stride};

    /// Board, distances and box bitset of `rows`; `at` names the square to test.
    fn check(rows: &[&str], at: (usize, usize)) -> bool {
        let level = Level::from_rows(rows).unwrap();
        let board = Board::compile(&level).unwrap();
        let dist = Distances::new(&board, &crate::solver::model::interrupt::Interrupt::default());
        let mut boxes = vec![0u64; stride(board.len()) - 1];
        for &b in board.start_boxes() {
            set_box(&mut boxes, b);
        }
        let s = board.square_at(Pos::new(at.0, at.1)).unwrap();
        Freeze::default().is_deadlock(&board, &dist, &boxes, s)
    }

    #[test]
    fn two_boxes_against_a_wall_are_frozen() {
        let rows = ["#######", "#  $$ #", "#@   ..#", "########"];
        assert!(check(&rows, (4, 1)));
    }

    #[test]
    fn square_of_four_boxes_is_frozen_even_in_open_floor() {
        let rows =
            ["########", "#      #", "# $$   #", "# $$@  #", "#  ....#", "#      #", "########"];
        assert!(check(&rows, (3, 3)));
    }

    #[test]
    fn frozen_boxes_all_on_goals_are_fine() {
        let rows = ["#######", "#  ** #", "#@ $ .#", "#######"];
        assert!(!check(&rows, (4, 1)));
    }

    #[test]
    fn a_movable_box_is_not_frozen() {
        let rows = ["#######", "#     #", "#@ $ .#", "#     #", "#######"];
        assert!(!check(&rows, (3, 2)));
        // Blocked vertically by another box but free horizontally.
        let rows = ["#######", "#  $  #", "#@ $ .#", "#    .#", "#######"];
        assert!(!check(&rows, (3, 2)));
    }
}
