//! The classic textbook estimates: nearest goal per box, boxes off goals (with or without the
//! player's distance), and a stable-marriage pairing.

use super::{INFINITE, term};
use crate::solver::analysis::distances::{Distances, INF};
use crate::solver::model::board::{Board, Sq};

/// Sum over boxes of the distance to the nearest goal.
pub fn simple(dist: &Distances, boxes: &[Sq]) -> u32 {
    let mut sum = 0u32;
    for &b in boxes {
        let d = term(dist.nearest(b));
        if d == INFINITE {
            return INFINITE;
        }
        sum += d;
    }
    sum
}

/// Number of boxes not on a goal.
pub fn boxes_off_goal(board: &Board, boxes: &[Sq]) -> u32 {
    boxes.iter().filter(|&&b| !board.is_goal(b)).count() as u32
}

/// Boxes off goals plus the player's Manhattan distance to the nearest such box, less one
/// (standing next to a box costs nothing).
pub fn plus_player(board: &Board, boxes: &[Sq], player: Sq) -> u32 {
    let p = board.pos(player);
    let walk = boxes
        .iter()
        .filter(|&&b| !board.is_goal(b))
        .map(|&b| {
            let q = board.pos(b);
            (p.x.abs_diff(q.x) + p.y.abs_diff(q.y)).saturating_sub(1) as u32
        })
        .min()
        .unwrap_or(0);
    boxes_off_goal(board, boxes) + walk
}

/// Total distance of the box-proposing stable matching (boxes prefer near goals, goals prefer
/// near boxes). A box that runs out of reachable goals makes the estimate infinite.
pub fn stable_marriage(dist: &Distances, boxes: &[Sq]) -> u32 {
    let n = boxes.len();
    let mut prefs: Vec<Vec<usize>> = boxes
        .iter()
        .map(|&b| {
            let row = dist.row(b);
            let mut goals: Vec<usize> = (0..row.len()).filter(|&g| row[g] != INF).collect();
            goals.sort_by_key(|&g| std::cmp::Reverse(row[g]));
            goals
        })
        .collect();
    let mut owner = vec![usize::MAX; dist.row(boxes[0]).len()];
    let mut free: Vec<usize> = (0..n).collect();
    while let Some(i) = free.pop() {
        let Some(g) = prefs[i].pop() else { return INFINITE };
        let current = owner[g];
        if current == usize::MAX {
            owner[g] = i;
        } else if dist.to_goal(boxes[i], g) < dist.to_goal(boxes[current], g) {
            owner[g] = i;
            free.push(current);
        } else {
            free.push(i);
        }
    }
    owner
        .iter()
        .enumerate()
        .filter(|&(_, &i)| i != usize::MAX)
        .map(|(g, &i)| dist.to_goal(boxes[i], g) as u32)
        .sum()
}
