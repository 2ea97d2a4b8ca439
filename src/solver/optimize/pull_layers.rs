//! Every position by its fewest pushes: a breadth-first search of single pulls from the
//! solved position (the player in each of its areas), as Taylor and Parberry's generator
//! runs it. A position's depth is the fewest pulls that reach it, which is the fewest
//! pushes that solve it, and its pulls, reversed, are a push-optimal solution. Each
//! position is measured by its push-optimal solution with the fewest box changes, then
//! lines, exactly: the search keeps, for each pull into a position, the best line ending
//! with that pull. The generator picks its start from these positions; the rating's
//! search for the fewest box changes falls back on them where A*'s estimate is too weak.

use crate::level::{Dir, Pos};
use crate::solver::analysis::problem::Problem;
use crate::solver::model::board::{Board, NONE, Sq, opposite};
use crate::solver::model::prehashed::WordsMap;
use crate::solver::model::reach::Reach;
use crate::solver::model::state::{boxes_of, clear_box, has_box, set_box};
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

/// The search: positions numbered in the order they were reached, so by depth. A position
/// is a state of box words and the least square of the player's area after them.
pub struct PullLayers<'a> {
    p: &'a Problem,
    reach: Reach,
    nodes: Vec<Node>,
    ways: Vec<Way>,
    seen: WordsMap<Box<[u64]>, u32>,
    /// The positions reached and not yet expanded, in order.
    queue: VecDeque<u32>,
    /// The position being expanded, the player's area in it, and a child: kept to be
    /// reused.
    scratch: [Vec<u64>; 3],
}

impl<'a> PullLayers<'a> {
    /// The search of `p` with the solved position in each area the goals leave the player
    /// reached, nothing expanded.
    pub fn new(p: &'a Problem) -> Self {
        let mut layers = PullLayers {
            p,
            reach: Reach::default(),
            nodes: Vec::new(),
            ways: Vec::new(),
            seen: WordsMap::default(),
            queue: VecDeque::new(),
            scratch: Default::default(),
        };
        let (board, goals) = (&p.board, &p.goal_set);
        let mut covered = vec![0u64; p.words()];
        for s in 0..board.len() as Sq {
            if has_box(goals, s) || has_box(&covered, s) {
                continue;
            }
            let player = layers.reach.flood(board, goals, s);
            boxes_of(layers.reach.bits()).for_each(|t| set_box(&mut covered, t));
            let mut state = goals.clone();
            state.push(u64::from(player));
            let at = layers.nodes.len() as u32;
            layers.seen.insert(state.clone().into(), at);
            layers.queue.push_back(at);
            let measures = Measures::default();
            let root =
                Way { parent: NO_WAY, parent_way: NO_WAY, pull: (NONE, 0), measures, next: NO_WAY };
            layers.nodes.push(Node { state: state.into(), first: layers.ways.len() as u32 });
            layers.ways.push(root);
        }
        layers
    }

    /// The positions reached so far.
    pub fn reached(&self) -> usize {
        self.nodes.len()
    }

    /// The depth of the next position to expand; `None` when every position is expanded.
    pub fn next_depth(&self) -> Option<u32> {
        self.queue.front().map(|&at| self.depth(at))
    }

    /// Expands the next position: each pull from it reaches a position one deeper, or adds
    /// a way into one reached at that depth. False when no position was left, or `cancel`
    /// cut the expansion short (some of its pulls are then not made).
    pub fn expand_next(&mut self, cancel: &AtomicBool) -> bool {
        let Some(at) = self.queue.pop_front() else { return false };
        let (board, words) = (&self.p.board, self.p.words());
        let [mut state, mut area, mut next] = std::mem::take(&mut self.scratch);
        state.clear();
        state.extend_from_slice(&self.nodes[at as usize].state);
        let boxes = &state[..words];
        self.reach.flood(board, boxes, state[words] as Sq);
        area.clear();
        area.extend_from_slice(self.reach.bits());
        let depth = self.depth(at);
        next.resize(words + 1, 0);
        let whole = self.pulls_from(at, depth, boxes, &area, &mut next, cancel);
        self.scratch = [state, area, next];
        whole
    }

    /// Makes the pulls from position `at` of `depth` (its box words `boxes`, the player's
    /// area `area`), `next` a buffer for the children; false when `cancel` cut them short.
    fn pulls_from(
        &mut self,
        at: u32,
        depth: u32,
        boxes: &[u64],
        area: &[u64],
        next: &mut [u64],
        cancel: &AtomicBool,
    ) -> bool {
        let (board, words) = (&self.p.board, self.p.words());
        for b in boxes_of(boxes) {
            // A position of many boxes on a large board takes long to expand.
            if cancel.load(Ordering::Relaxed) {
                return false;
            }
            for d in 0..4 {
                // The player stands beside the box and steps back, pulling it.
                let stand = board.nbr(b, d);
                if stand == NONE || !has_box(area, stand) {
                    continue;
                }
                let back = board.nbr(stand, d);
                if back == NONE || has_box(boxes, back) {
                    continue;
                }
                next[..words].copy_from_slice(boxes);
                clear_box(next, b);
                set_box(next, stand);
                next[words] = u64::from(self.reach.flood(board, &next[..words], back));
                let child = match self.seen.get(&*next) {
                    // Reached before at a lesser depth: this way is no shortest one.
                    Some(&known) if self.depth(known) <= depth => continue,
                    Some(&known) => known,
                    None => {
                        let state: Box<[u64]> = next.into();
                        let known = self.nodes.len() as u32;
                        self.seen.insert(state.clone(), known);
                        self.queue.push_back(known);
                        self.nodes.push(Node { state, first: NO_WAY });
                        known
                    }
                };
                let (parent_way, measures) =
                    best_after(board, &self.ways, self.nodes[at as usize].first, (b, d));
                // A way with more box changes and more lines than another never leads to
                // a better line (a pull adds at most one of each): it is not kept.
                let node = &mut self.nodes[child as usize];
                let better = |w: &Way| {
                    w.measures.box_changes < measures.box_changes
                        && w.measures.box_lines < measures.box_lines
                };
                if ways_of(&self.ways, node.first).any(|w| better(&self.ways[w as usize])) {
                    continue;
                }
                let way = Way { parent: at, parent_way, pull: (b, d), measures, next: node.first };
                node.first = self.ways.len() as u32;
                self.ways.push(way);
            }
        }
        true
    }

    /// The position numbered `at`: its box words and the least square of the player's area.
    pub fn state(&self, at: u32) -> &[u64] {
        &self.nodes[at as usize].state
    }

    /// The position with these box words and the player on `player`, as the search keys
    /// it (the player on the least square of the area).
    pub fn position(&mut self, boxes: &[u64], player: Sq) -> Vec<u64> {
        let mut state = boxes.to_vec();
        state.push(u64::from(self.reach.flood(&self.p.board, boxes, player)));
        state
    }

    /// The number of `position` (as [`PullLayers::position`] gives it), if it was reached.
    pub fn find(&self, position: &[u64]) -> Option<u32> {
        self.seen.get(position).copied()
    }

    /// About the bytes the search holds: each position stored twice (in the list and as
    /// its table's key) with the table's overhead, and its ways.
    pub fn memory(&self) -> usize {
        let state = 8 * (self.p.words() + 1) + 16;
        let node = std::mem::size_of::<Node>() + 2 * state + 24;
        self.nodes.len() * node + self.ways.len() * std::mem::size_of::<Way>()
    }

    /// The best line into position `at` found so far: its measures and its pulls from the
    /// solved position, in order. Exact once every position one shallower is expanded.
    pub fn best(&self, at: u32) -> (Measures, Vec<Pull>) {
        let mut way = self.best_way(at);
        let measures = self.ways[way as usize].measures;
        let mut pulls = Vec::new();
        while self.ways[way as usize].parent != NO_WAY {
            pulls.push(self.ways[way as usize].pull);
            way = self.ways[way as usize].parent_way;
        }
        pulls.reverse();
        (measures, pulls)
    }

    /// The measures of position `at`'s best line found so far.
    pub fn measures(&self, at: u32) -> Measures {
        self.ways[self.best_way(at) as usize].measures
    }

    /// The way into `at` with the fewest box changes, then lines.
    fn best_way(&self, at: u32) -> u32 {
        let m = |w: &u32| self.ways[*w as usize].measures;
        ways_of(&self.ways, self.nodes[at as usize].first)
            .min_by_key(|w| (m(w).box_changes, m(w).box_lines))
            .expect("a position is reached some way")
    }

    /// Position `at`'s depth: the fewest pulls that reach it.
    fn depth(&self, at: u32) -> u32 {
        self.ways[self.nodes[at as usize].first as usize].measures.pushes
    }
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

/// The pushes that undo `pulls`, in the order they are played, as the level's squares and
/// ways: each pull of a box from `b` in direction `d` is undone by pushing it back from
/// `b + d` the opposite way.
pub fn pushes_undoing(p: &Problem, pulls: &[Pull]) -> Vec<(Pos, Dir)> {
    let push = |&(b, d): &Pull| (p.board.pos(p.board.nbr(b, d)), Dir::ALL[opposite(d)]);
    pulls.iter().rev().map(push).collect()
}
