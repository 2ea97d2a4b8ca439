//! The explorer advisor's test (after Festival's): a move explores when it can be undone
//! and leaves the player on a new side of a box that stayed put, from where that box can be
//! pushed. Such a move opens the position up without committing to anything.

use crate::solver::analysis::distances::{INF, PushGraph};
use crate::solver::analysis::problem::Problem;
use crate::solver::model::board::{NONE, Sq, opposite};
use crate::solver::model::box_moves::Macro;
use crate::solver::model::reach::Reach;
use crate::solver::model::state::{boxes_of, has_box};

/// The explorer's scratch: the player's area before the move and after it, and the push
/// distances of a box alone back to the square the last moved box came from.
#[derive(Debug)]
pub struct Explorer {
    before: Reach,
    after: Reach,
    graph: Option<PushGraph>,
    /// The square `back` leads to.
    from: Sq,
    /// Per square: pushes bringing a box alone from there to `from`.
    back: Vec<u16>,
}

impl Default for Explorer {
    fn default() -> Self {
        let (before, after) = (Reach::default(), Reach::default());
        Explorer { before, after, graph: None, from: NONE, back: Vec::new() }
    }
}

impl Explorer {
    /// Notes the player's area in the position about to be expanded (`boxes`, the player
    /// on `player`).
    pub fn enter(&mut self, p: &Problem, boxes: &[u64], player: Sq) {
        self.before.flood(&p.board, boxes, player);
        self.from = NONE;
    }

    /// Whether move `m`, which leads from the position given to [`Explorer::enter`] to
    /// `child` (boxes only), explores.
    pub fn opens(&mut self, p: &Problem, child: &[u64], m: Macro) -> bool {
        let board = &p.board;
        if !self.undoable(p, m) {
            return false;
        }
        self.after.flood(board, child, m.player(&p.board));
        boxes_of(child).filter(|&b| b != m.to).any(|b| {
            (0..4).any(|d| {
                let (side, ahead) = (board.nbr(b, d), board.nbr(b, opposite(d)));
                side != NONE
                    && side != m.from
                    && ahead != NONE
                    && !self.before.reached(side)
                    && self.after.reached(side)
                    && !has_box(child, ahead)
            })
        })
    }

    /// Whether a box alone on `m.to` can be pushed back to `m.from` (one search per moved
    /// box: the moves of a box come together).
    fn undoable(&mut self, p: &Problem, m: Macro) -> bool {
        if self.from != m.from {
            let graph = self.graph.get_or_insert_with(|| PushGraph::new(&p.board));
            self.back.resize(p.board.len(), INF);
            graph.distances_to(&p.board, m.from, &mut self.back);
            self.from = m.from;
        }
        self.back[m.to as usize] != INF
    }

    /// Bytes held.
    pub fn memory(&self) -> usize {
        // The graph holds four bytes a square, `back` two.
        self.back.capacity() * 2 + self.graph.as_ref().map_or(0, |_| self.back.capacity() * 4)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::{Level, Pos};
    use crate::solver::model::state::set_box;

    #[test]
    fn a_move_explores_when_it_uncovers_a_push_and_can_be_undone() {
        // The box beside the player closes the gap to the right-hand box's left side.
        let rows = ["#######", "#  #  #", "#@$ $ #", "#  #  #", "#. # .#", "#######"];
        let p = Problem::new(&Level::from_rows(&rows).unwrap()).unwrap();
        let at = |x, y| p.board.square_at(Pos::new(x, y)).unwrap();
        let boxes = p.box_bits([at(2, 2), at(4, 2)]);
        let mut explorer = Explorer::default();
        explorer.enter(&p, &boxes, at(1, 2));
        let mut opens = |to: Sq| {
            let from = at(2, 2);
            let dir = (0..4).find(|&d| p.board.nbr(from, d) == to).unwrap() as u8;
            let mut child = boxes.clone();
            crate::solver::model::state::clear_box(&mut child, from);
            set_box(&mut child, to);
            explorer.opens(&p, &child, Macro { from, to, dir, pushes: 1 })
        };
        assert!(opens(at(2, 3)), "down: the gap opens and the other box can be pushed right");
        assert!(!opens(at(2, 1)), "up: the gap opens, but a box in a corner cannot come back");
        assert!(!opens(at(3, 2)), "right: the box fills the gap itself");
    }
}
