//! Talking Stones' goal order (Van Lishout 2006, §4.1): fill first the goal with the most
//! walls among its four neighbours; a filled goal then counts as a wall; repeat. The order
//! depends on the walls and goals only, never on the stones.
//!
//! Ties go as in the thesis's program, whose goal list is in reverse reading order and
//! whose scan keeps the first goal of greatest count (stopping at the first with three
//! walls): to the goal that comes last in reading order.

use crate::solver::model::board::{Board, NONE, Sq};

/// The goals of `board` in the order Talking Stones fills them.
pub(crate) fn by_walls(board: &Board) -> Vec<Sq> {
    let mut filled = vec![false; board.len()];
    let mut left: Vec<Sq> = board.goals().iter().rev().copied().collect();
    let mut order = Vec::with_capacity(left.len());
    let walls = |filled: &[bool], g: Sq| {
        (0..4)
            .filter(|&d| {
                let n = board.nbr(g, d);
                n == NONE || filled[n as usize]
            })
            .count()
    };
    while !left.is_empty() {
        let mut best = 0;
        let mut best_count = walls(&filled, left[0]);
        for (i, &g) in left.iter().enumerate().skip(1) {
            if best_count >= 3 {
                break;
            }
            let count = walls(&filled, g);
            if count > best_count {
                (best, best_count) = (i, count);
            }
        }
        let g = left.remove(best);
        filled[g as usize] = true;
        order.push(g);
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::{Level, Pos};

    fn order(rows: &[&str]) -> Vec<(usize, usize)> {
        let board = Board::compile(&Level::from_rows(rows).unwrap()).unwrap();
        by_walls(&board)
            .into_iter()
            .map(|g| {
                let Pos { x, y } = board.pos(g);
                (y, x)
            })
            .collect()
    }

    #[test]
    fn a_dead_end_corridor_fills_from_its_end() {
        let rows = ["########", "#...   #", "####   #", "#  $$$ #", "#     @#", "########"];
        assert_eq!(order(&rows), [(1, 1), (1, 2), (1, 3)]);
    }

    #[test]
    fn ties_go_to_the_goal_last_in_reading_order() {
        // After (1,1), both (1,2) and (2,1) have two walls; the thesis's program takes
        // (2,1).
        let rows = ["########", "#..    #", "#..$ $ #", "#  $ $ #", "#     @#", "########"];
        assert_eq!(order(&rows), [(1, 1), (2, 1), (1, 2), (2, 2)]);
    }
}
