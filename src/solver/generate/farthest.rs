//! The best position to start from: a breadth-first search of single pulls from the solved
//! position (the player in each of its areas), as Taylor and Parberry's generator runs it.
//! A position's depth is the fewest pulls that reach it, which is the fewest pushes that
//! solve it, and its pulls, reversed, are a push-optimal solution. Of the positions with
//! every box off the goals (so every box must move), the level is the one whose solution
//! scores most by [`Measures::score`]: its box lines and box changes count beside its
//! pushes, so a level that makes the player turn from box to box beats a long straight one.

use crate::solver::analysis::problem::Problem;
use crate::solver::model::board::{Board, NONE, Sq, opposite};
use crate::solver::model::reach::Reach;
use crate::solver::model::state::{boxes_of, clear_box, has_box, set_box};
use std::collections::HashMap;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};

/// A pull: the box's square before it and the direction the box moved.
pub type Pull = (Sq, usize);

/// What a position's solution (its pulls from the solved position, reversed) measures, as
/// [`crate::level::metrics::Metrics`] counts them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Measures {
    /// Pushes: the position's depth, the fewest there are.
    pub pushes: u32,
    /// Runs of pushes of one box in one direction.
    pub box_lines: u32,
    /// Pushes of another box than the one pushed before.
    pub box_changes: u32,
}

impl Measures {
    /// The score a level is chosen by: a push, a box line and two for a box change (the
    /// measure that best predicts how long people take, Jarušek and Pelánek 2010).
    pub fn score(&self) -> u32 {
        self.pushes + self.box_lines + 4 * self.box_changes
    }
}

/// The position found best to start from.
#[derive(Clone, Debug)]
pub struct Farthest {
    /// Its box words.
    pub boxes: Vec<u64>,
    /// A square of the player's area.
    pub player: Sq,
    /// The pulls from the solved position to it, in order.
    pub pulls: Vec<Pull>,
    /// What its solution measures.
    pub measures: Measures,
}

struct Node {
    state: Box<[u64]>,
    parent: usize,
    pull: Pull,
    measures: Measures,
}

/// Of the positions reached from `p`'s solved position by single pulls, at most `limit`
/// (the search stops there, or soon after `cancel` is set), the one with every box off the
/// goals whose solution scores most; ties go to the first found. `None` when there is no
/// such position. The positions reached are added to `searched`.
pub fn farthest(
    p: &Problem,
    limit: usize,
    cancel: &AtomicBool,
    searched: &mut usize,
) -> Option<Farthest> {
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
        let measures = Measures::default();
        nodes.push(Node { state, parent: usize::MAX, pull: (NONE, 0), measures });
    }
    let mut next = vec![0u64; words + 1];
    'search: while let Some(at) = queue.pop_front() {
        if nodes.len() >= limit || cancel.load(Ordering::Relaxed) {
            break;
        }
        let state = nodes[at].state.clone();
        let boxes = &state[..words];
        reach.flood(board, boxes, state[words] as Sq);
        let area: Vec<u64> = reach.bits().to_vec();
        for b in boxes_of(boxes) {
            // A position of many boxes on a large board takes long to expand.
            if cancel.load(Ordering::Relaxed) {
                break 'search;
            }
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
                let measures = after(board, &nodes[at], (b, d));
                if let Some(&known) = seen.get(&next[..]) {
                    // Reached again as deep: keep the line with the fewest box changes
                    // (then lines), the one a player would take. The node is not expanded
                    // yet, so no child has copied its measures.
                    let old = &mut nodes[known];
                    let fewer = (measures.box_changes, measures.box_lines)
                        < (old.measures.box_changes, old.measures.box_lines);
                    if old.measures.pushes == measures.pushes && fewer {
                        (old.parent, old.pull, old.measures) = (at, (b, d), measures);
                    }
                    continue;
                }
                let child: Box<[u64]> = next.clone().into();
                seen.insert(child.clone(), nodes.len());
                queue.push_back(nodes.len());
                nodes.push(Node { state: child, parent: at, pull: (b, d), measures });
            }
        }
    }
    *searched += nodes.len();
    let all_off = |n: &Node| boxes_of(&n.state[..words]).all(|s| !board.is_goal(s));
    let (best, _) = nodes
        .iter()
        .enumerate()
        .filter(|(_, n)| all_off(n))
        .max_by_key(|(i, n)| (n.measures.score(), usize::MAX - i))?;
    let mut pulls = Vec::new();
    let mut at = best;
    while nodes[at].parent != usize::MAX {
        pulls.push(nodes[at].pull);
        at = nodes[at].parent;
    }
    pulls.reverse();
    let (state, measures) = (&nodes[best].state, nodes[best].measures);
    Some(Farthest { boxes: state[..words].to_vec(), player: state[words] as Sq, pulls, measures })
}

/// The measures of `parent`'s solution with `pull` added. Reversing the pulls keeps runs
/// and changes of box, so counting them on the pulls counts them on the pushes.
fn after(board: &Board, parent: &Node, pull: Pull) -> Measures {
    let mut m = parent.measures;
    m.pushes += 1;
    let (b, d) = pull;
    if parent.parent == usize::MAX {
        m.box_lines += 1;
    } else {
        // The box the parent's pull moved now stands one square on.
        let (pb, pd) = parent.pull;
        let same_box = board.nbr(pb, pd) == b;
        m.box_lines += u32::from(!same_box || pd != d);
        m.box_changes += u32::from(!same_box);
    }
    m
}

/// The pushes that undo `pulls`, in the order they are played: each pull of a box from `b`
/// in direction `d` is undone by pushing it back from `b + d` the opposite way.
pub fn pushes_undoing(p: &Problem, pulls: &[Pull]) -> Vec<(Sq, usize)> {
    pulls.iter().rev().map(|&(b, d)| (p.board.nbr(b, d), opposite(d))).collect()
}
