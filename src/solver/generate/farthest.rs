//! The position farthest from the solved one: a breadth-first search of single pulls from
//! the solved position (the player in each of its areas), as Taylor and Parberry's
//! generator runs it. A position's depth is the fewest pulls that reach it, which is the
//! fewest pushes that solve it; the deepest is the level, and its pulls, reversed, are a
//! push-optimal solution.

use crate::solver::analysis::problem::Problem;
use crate::solver::model::board::{NONE, Sq, opposite};
use crate::solver::model::reach::Reach;
use crate::solver::model::state::{boxes_of, clear_box, has_box, set_box};
use std::collections::HashMap;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};

/// A pull: the box's square before it and the direction the box moved.
pub type Pull = (Sq, usize);

/// The position found farthest from the solved one.
#[derive(Clone, Debug)]
pub struct Farthest {
    /// Its box words.
    pub boxes: Vec<u64>,
    /// A square of the player's area.
    pub player: Sq,
    /// The pulls from the solved position to it, in order.
    pub pulls: Vec<Pull>,
}

struct Node {
    state: Box<[u64]>,
    parent: usize,
    pull: Pull,
    depth: u32,
}

/// The position farthest from `p`'s solved position by single pulls, among at most `limit`
/// positions (the search stops there, or soon after `cancel` is set); ties go to the one
/// with the most boxes off goals, then the first found. `None` when `p` has no floor for
/// the player beside the goals.
pub fn farthest(p: &Problem, limit: usize, cancel: &AtomicBool) -> Option<Farthest> {
    let words = p.words();
    let board = &p.board;
    let mut reach = Reach::default();
    let mut nodes: Vec<Node> = Vec::new();
    let mut seen: HashMap<Box<[u64]>, usize> = HashMap::new();
    let mut queue = VecDeque::new();
    let goals = &p.goal_set;
    // The solved position with the player in each area the goals leave.
    let mut covered = vec![0u64; words];
    for s in 0..board.len() as Sq {
        if has_box(goals, s) || has_box(&covered, s) {
            continue;
        }
        let player = reach.flood(board, goals, s);
        boxes_of(reach.bits()).for_each(|t| set_box(&mut covered, t));
        let mut state = goals.clone();
        state.push(u64::from(player));
        let state: Box<[u64]> = state.into();
        seen.insert(state.clone(), nodes.len());
        queue.push_back(nodes.len());
        nodes.push(Node { state, parent: usize::MAX, pull: (NONE, 0), depth: 0 });
    }
    let mut next = vec![0u64; words + 1];
    while let Some(at) = queue.pop_front() {
        if nodes.len() >= limit || cancel.load(Ordering::Relaxed) {
            break;
        }
        let state = nodes[at].state.clone();
        let boxes = &state[..words];
        reach.flood(board, boxes, state[words] as Sq);
        let area: Vec<u64> = reach.bits().to_vec();
        for b in boxes_of(boxes) {
            for d in 0..4 {
                // The player stands beside the box and steps back, pulling it.
                let stand = board.nbr(b, d);
                if stand == NONE || !has_box(&area, stand) {
                    continue;
                }
                let back = board.nbr(stand, d);
                if back == NONE || has_box(boxes, back) {
                    continue;
                }
                next[..words].copy_from_slice(boxes);
                clear_box(&mut next, b);
                set_box(&mut next, stand);
                next[words] = u64::from(reach.flood(board, &next[..words], back));
                if seen.contains_key(&next[..]) {
                    continue;
                }
                let child: Box<[u64]> = next.clone().into();
                seen.insert(child.clone(), nodes.len());
                queue.push_back(nodes.len());
                let depth = nodes[at].depth + 1;
                nodes.push(Node { state: child, parent: at, pull: (b, d), depth });
            }
        }
    }
    let off = |n: &Node| boxes_of(&n.state[..words]).filter(|&s| !board.is_goal(s)).count();
    let (best, _) =
        nodes.iter().enumerate().max_by_key(|(i, n)| (n.depth, off(n), usize::MAX - i))?;
    let mut pulls = Vec::new();
    let mut at = best;
    while nodes[at].parent != usize::MAX {
        pulls.push(nodes[at].pull);
        at = nodes[at].parent;
    }
    pulls.reverse();
    let state = &nodes[best].state;
    Some(Farthest { boxes: state[..words].to_vec(), player: state[words] as Sq, pulls })
}

/// The pushes that undo `pulls`, in the order they are played: each pull of a box from `b`
/// in direction `d` is undone by pushing it back from `b + d` the opposite way.
pub fn pushes_undoing(p: &Problem, pulls: &[Pull]) -> Vec<(Sq, usize)> {
    pulls.iter().rev().map(|&(b, d)| (p.board.nbr(b, d), opposite(d))).collect()
}
