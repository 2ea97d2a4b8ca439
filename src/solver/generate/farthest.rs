//! The best position to start from: a breadth-first search of single pulls from the solved
//! position (the player in each of its areas), as Taylor and Parberry's generator runs it.
//! A position's depth is the fewest pulls that reach it, which is the fewest pushes that
//! solve it, and its pulls, reversed, are a push-optimal solution. Of the positions with
//! every box off the goals (so every box must move), the level is the one whose solution
//! scores most by [`Measures::score`]: its box lines and box changes count beside its
//! pushes, so a level that makes the player turn from box to box beats a long straight one.
//! A position is measured by its push-optimal solution with the fewest box changes, then
//! lines, exactly as the rating measures it: the search keeps, for each pull into a
//! position, the best line ending with that pull.

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
    /// The score a level is chosen by: a push, a box line and four for a box change (the
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

/// A position reached, and the ways it was reached at its depth.
struct Node {
    state: Box<[u64]>,
    /// Its first way in `ways` (every position has one once it is added).
    first: u32,
}

/// One way a position is reached at its depth: the pull into it, made from one way of
/// reaching its parent, with the measures of the best line that ends so. A line's next
/// box change and line depend only on its last pull, so keeping, for each pull into a
/// position, the best line that ends with it (as [`Way`]s do) finds the fewest box changes,
/// then lines, of any push-optimal solution, exactly.
struct Way {
    parent: u32,
    parent_way: u32,
    pull: Pull,
    measures: Measures,
    /// The next way into the same position, [`NO_WAY`] after the last.
    next: u32,
}

/// No way (the end of a position's list, or a solved position's parent).
const NO_WAY: u32 = u32::MAX;

/// Of the positions reached from `p`'s solved position by single pulls, at most `limit`
/// (the search stops there, or soon after `cancel` is set), the one with every box off the
/// goals whose solution scores most, each position measured by its push-optimal solution
/// with the fewest box changes, then lines; ties go to the first found. `None` when there
/// is no such position. The positions reached are added to `searched`.
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
    let mut ways: Vec<Way> = Vec::new();
    let mut seen: HashMap<Box<[u64]>, u32> = HashMap::new();
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
        let at = nodes.len() as u32;
        seen.insert(state.clone(), at);
        queue.push_back(at);
        let measures = Measures::default();
        let root =
            Way { parent: NO_WAY, parent_way: NO_WAY, pull: (NONE, 0), measures, next: NO_WAY };
        nodes.push(Node { state, first: ways.len() as u32 });
        ways.push(root);
    }
    let mut next = vec![0u64; words + 1];
    'search: while let Some(at) = queue.pop_front() {
        if nodes.len() >= limit || cancel.load(Ordering::Relaxed) {
            break;
        }
        let state = nodes[at as usize].state.clone();
        let boxes = &state[..words];
        reach.flood(board, boxes, state[words] as Sq);
        let area: Vec<u64> = reach.bits().to_vec();
        let depth = ways[nodes[at as usize].first as usize].measures.pushes;
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
                let child = match seen.get(&next[..]) {
                    // Reached before at a lesser depth: this way is no shortest one.
                    Some(&known)
                        if ways[nodes[known as usize].first as usize].measures.pushes <= depth =>
                    {
                        continue;
                    }
                    Some(&known) => known,
                    None => {
                        let state: Box<[u64]> = next.clone().into();
                        let known = nodes.len() as u32;
                        seen.insert(state.clone(), known);
                        queue.push_back(known);
                        nodes.push(Node { state, first: NO_WAY });
                        known
                    }
                };
                let (parent_way, measures) =
                    best_after(board, &ways, nodes[at as usize].first, (b, d));
                // A way with more box changes and more lines than another never leads to
                // a better line (a pull adds at most one of each): it is not kept.
                let node = &mut nodes[child as usize];
                let better = |w: &Way| {
                    w.measures.box_changes < measures.box_changes
                        && w.measures.box_lines < measures.box_lines
                };
                if ways_of(&ways, node.first).any(|w| better(&ways[w as usize])) {
                    continue;
                }
                let way = Way { parent: at, parent_way, pull: (b, d), measures, next: node.first };
                node.first = ways.len() as u32;
                ways.push(way);
            }
        }
    }
    *searched += nodes.len();
    let all_off = |n: &Node| boxes_of(&n.state[..words]).all(|s| !board.is_goal(s));
    let measures_of = |w: u32| ways[w as usize].measures;
    let best_way = |n: &Node| {
        let fewest = |&w: &u32| (measures_of(w).box_changes, measures_of(w).box_lines);
        ways_of(&ways, n.first).min_by_key(fewest).expect("a position is reached some way")
    };
    let (best, mut way) = nodes
        .iter()
        .enumerate()
        .filter(|(_, n)| all_off(n))
        .map(|(i, n)| (i, best_way(n)))
        .max_by_key(|&(i, w)| (measures_of(w).score(), usize::MAX - i))?;
    let measures = measures_of(way);
    let mut pulls = Vec::new();
    while ways[way as usize].parent != NO_WAY {
        pulls.push(ways[way as usize].pull);
        way = ways[way as usize].parent_way;
    }
    pulls.reverse();
    let state = &nodes[best].state;
    Some(Farthest { boxes: state[..words].to_vec(), player: state[words] as Sq, pulls, measures })
}

/// The ways into a position, from its first.
fn ways_of(ways: &[Way], first: u32) -> impl Iterator<Item = u32> + '_ {
    std::iter::successors(Some(first).filter(|&w| w != NO_WAY), |&w| {
        Some(ways[w as usize].next).filter(|&n| n != NO_WAY)
    })
}

/// Of the ways into a position (its first `first`), the one whose line with `pull` added
/// measures least (fewest box changes, then lines), with that line's measures.
fn best_after(board: &Board, ways: &[Way], first: u32, pull: Pull) -> (u32, Measures) {
    ways_of(ways, first)
        .map(|w| (w, after(board, &ways[w as usize], pull)))
        .min_by_key(|(_, m)| (m.box_changes, m.box_lines))
        .expect("a position expanded is reached some way")
}

/// The measures of `way`'s line with `pull` added. Reversing the pulls keeps runs and
/// changes of box, so counting them on the pulls counts them on the pushes.
fn after(board: &Board, way: &Way, pull: Pull) -> Measures {
    let mut m = way.measures;
    m.pushes += 1;
    let (b, d) = pull;
    if way.parent == NO_WAY {
        m.box_lines += 1;
    } else {
        // The box the way's pull moved now stands one square on.
        let (pb, pd) = way.pull;
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
