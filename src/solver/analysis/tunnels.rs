//! Simple tunnel detection: floor squares with walls on both sides across one axis.
//!
//! A box pushed along such a square cannot be turned aside there. The analysis is exposed through
//! [`crate::solver::analysis::problem::Problem::tunnels`] for the inspector's overlay and for the
//! expander's tunnel macros (`tunnel-macros`: a push into a tunnel goes on along it).

use crate::solver::model::board::{Board, NONE, Sq};

/// Which squares are tunnel squares, by axis.
#[derive(Clone, Debug)]
pub struct Tunnels {
    /// Walls above and below (a horizontal tunnel).
    horizontal: Vec<bool>,
    /// Walls left and right (a vertical tunnel).
    vertical: Vec<bool>,
}

impl Tunnels {
    /// Finds the tunnel squares of `board`.
    pub fn new(board: &Board) -> Self {
        let n = board.len() as Sq;
        let wall = |s: Sq, d: usize| board.nbr(s, d) == NONE;
        let open = |s: Sq, d: usize| board.nbr(s, d) != NONE;
        let horizontal =
            (0..n).map(|s| wall(s, 0) && wall(s, 1) && open(s, 2) && open(s, 3)).collect();
        let vertical =
            (0..n).map(|s| wall(s, 2) && wall(s, 3) && open(s, 0) && open(s, 1)).collect();
        Tunnels { horizontal, vertical }
    }

    /// Whether a box on `s` moving in direction index `d` is inside a tunnel along `d`.
    #[inline]
    pub fn along(&self, s: Sq, d: usize) -> bool {
        if d < 2 { self.vertical[s as usize] } else { self.horizontal[s as usize] }
    }

    /// Whether `s` is a tunnel square along either axis.
    pub fn is_tunnel(&self, s: Sq) -> bool {
        self.horizontal[s as usize] || self.vertical[s as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::{Level, Pos};

    #[test]
    fn one_wide_corridor_is_a_tunnel() {
        let rows = ["#######", "#@    #", "### ###", "#.$   #", "#######"];
        let board = Board::compile(&Level::from_rows(&rows).unwrap()).unwrap();
        let t = Tunnels::new(&board);
        let at = |x, y| board.square_at(Pos::new(x, y)).unwrap();
        assert!(t.along(at(3, 2), 0) && !t.along(at(3, 2), 2));
        assert!(!t.is_tunnel(at(3, 1)));
        assert!(t.is_tunnel(at(2, 1)), "walls above and below");
    }
}
