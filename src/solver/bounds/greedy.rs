//! Greedy assignment: repeatedly pair the closest unpaired box and goal.

use super::{INFINITE, term};
use crate::solver::analysis::distances::{Distances, INF};
use crate::solver::model::board::Sq;

/// Total distance of the greedy pairing; boxes left without a reachable free goal add their
/// nearest-goal distance (infinite if they have none).
pub fn greedy(dist: &Distances, boxes: &[Sq]) -> u32 {
    let goals = dist.row(boxes[0]).len();
    let mut pairs: Vec<(u16, usize, usize)> = Vec::with_capacity(boxes.len() * goals);
    for (i, &b) in boxes.iter().enumerate() {
        for (g, &d) in dist.row(b).iter().enumerate() {
            if d != INF {
                pairs.push((d, i, g));
            }
        }
    }
    pairs.sort_unstable();
    let mut box_done = vec![false; boxes.len()];
    let mut goal_done = vec![false; goals];
    let mut sum = 0u32;
    for (d, i, g) in pairs {
        if !box_done[i] && !goal_done[g] {
            box_done[i] = true;
            goal_done[g] = true;
            sum += d as u32;
        }
    }
    for (i, &b) in boxes.iter().enumerate() {
        if !box_done[i] {
            let d = term(dist.nearest(b));
            if d == INFINITE {
                return INFINITE;
            }
            sum += d;
        }
    }
    sum
}
