//! The packing order: the order in which goals can be filled without blocking each other,
//! found by a retrograde analysis that pulls boxes out of the solved position.
//!
//! Start with a box on every goal. Repeatedly take out the box that can be pulled, with the
//! boxes still on goals in place, to a square where some box starts, choosing the shortest
//! such pull (the box nearest the way out leaves first). Taking a box out only frees space,
//! so a box that can leave stays able to leave: the greedy choice never blocks a later one.
//! The fill order is the reverse of the order the boxes left. Goals whose box starts on them
//! leave last (they are filled first, as they already are). When no box can reach a start
//! square, the order is marked incomplete (search then uses it as advice only) and the box
//! taken out is, among those that can at least be pulled off their goal, the one nearest a
//! start square by plain distance (a box the solution parks on the way and brings in later);
//! when none can move, the nearest of all.

use crate::solver::analysis::distances::{Distances, INF};
use crate::solver::model::board::{Board, NONE, Sq, opposite};
use crate::solver::model::interrupt::{Interrupt, Pacer};
use crate::solver::model::sides::Sides;
use crate::solver::model::state::{clear_box, has_box, set_box};
use std::collections::VecDeque;

/// Rank of a square that is not a goal.
pub const NOT_A_GOAL: u16 = u16::MAX;

/// Goals in the order to fill them, and the basin of each step.
#[derive(Clone, Debug)]
pub struct PackingOrder {
    /// Goals, first to fill first.
    pub order: Vec<Sq>,
    /// Whether every step was proved by a pull (false when a fallback choice was needed).
    pub complete: bool,
    /// Per floor square: its index in `order`, or [`NOT_A_GOAL`].
    rank: Vec<u16>,
    /// `basins[k]`: the squares from which a box alone can still be pushed to a goal of
    /// `order[k..]` once the first `k` goals hold boxes (as a bitset over floor squares).
    basins: Vec<Vec<u64>>,
}

impl PackingOrder {
    /// Computes the packing order of `board` (whose box-alone push distances are `dist`);
    /// stops early, with an incomplete order, when `interrupt` is raised (the caller then
    /// drops it).
    pub fn new(board: &Board, dist: &Distances, interrupt: &Interrupt) -> Self {
        let n = board.len();
        let words = n.div_ceil(64);
        let goals = board.goals();
        let targets: Vec<Sq> =
            board.start_boxes().iter().copied().filter(|&s| !board.is_goal(s)).collect();
        let mut starts = vec![0u64; words];
        board.start_boxes().iter().for_each(|&s| set_box(&mut starts, s));
        let mut is_target = vec![0u64; words];
        targets.iter().for_each(|&s| set_box(&mut is_target, s));
        let starts_on_goal = |g: Sq| has_box(&starts, g);
        // The pulls from a goal to a start square on the empty board: no fewer are needed
        // with boxes in the way, so a goal whose bound is no better than the best pull found
        // so far cannot be chosen (ties go to the goal met first) and is not tried.
        let lower: Vec<u32> = (0..goals.len())
            .map(|gi| targets.iter().map(|&t| dist.to_goal(t, gi)).min().unwrap_or(INF))
            .map(|d| if d == INF { u32::MAX } else { u32::from(d) })
            .collect();
        let goal_index = |g: Sq| goals.binary_search(&g).expect("a goal");
        let mut present = vec![0u64; words];
        for &g in goals {
            set_box(&mut present, g);
        }
        let mut left = goals.to_vec();
        let mut removed = Vec::with_capacity(goals.len());
        let mut complete = true;
        let mut pull = Pull { interrupt: interrupt.clone(), ..Pull::default() };
        let walk = walk_distances(board, &targets);
        while !left.is_empty() {
            if interrupt.raised() {
                return PackingOrder::unfinished(board, left, removed);
            }
            let mut best: Option<(u32, usize)> = None;
            for (i, &g) in left.iter().enumerate() {
                if starts_on_goal(g) || best.is_some_and(|(bd, _)| lower[goal_index(g)] >= bd) {
                    continue;
                }
                if let Some(d) = pull.distance(board, &present, g, |x| has_box(&is_target, x))
                    && best.is_none_or(|(bd, _)| d < bd)
                {
                    best = Some((d, i));
                }
            }
            let i = match best {
                Some((_, i)) => i,
                None => match left.iter().position(|&g| starts_on_goal(g)) {
                    Some(i) => i,
                    None => {
                        complete = false;
                        let off_goal = |x: Sq| !board.is_goal(x);
                        let nearest = |i: &usize| walk[left[*i] as usize];
                        (0..left.len())
                            .filter(|&i| {
                                pull.distance(board, &present, left[i], off_goal).is_some()
                            })
                            .min_by_key(nearest)
                            .or_else(|| (0..left.len()).min_by_key(nearest))
                            .unwrap_or(0)
                    }
                },
            };
            let g = left.swap_remove(i);
            clear_box(&mut present, g);
            removed.push(g);
        }
        removed.reverse();
        let mut rank = vec![NOT_A_GOAL; n];
        for (i, &g) in removed.iter().enumerate() {
            rank[g as usize] = i as u16;
        }
        let mut basins = Vec::with_capacity(removed.len() + 1);
        for k in 0..=removed.len() {
            if interrupt.raised() {
                break;
            }
            basins.push(basin(board, &removed, k));
        }
        PackingOrder { order: removed, complete, rank, basins }
    }

    /// The order of an interrupted computation: the goals `left` first, then those
    /// `removed` (in reverse order of removal); marked incomplete.
    fn unfinished(board: &Board, mut left: Vec<Sq>, mut removed: Vec<Sq>) -> Self {
        removed.reverse();
        left.append(&mut removed);
        let mut rank = vec![NOT_A_GOAL; board.len()];
        for (i, &g) in left.iter().enumerate() {
            rank[g as usize] = i as u16;
        }
        PackingOrder { order: left, complete: false, rank, basins: Vec::new() }
    }

    /// Whether a box on `s` can still reach a goal of the plan once the first `k` goals are
    /// packed (their boxes standing as walls).
    #[inline]
    pub fn in_basin(&self, k: usize, s: Sq) -> bool {
        has_box(&self.basins[k.min(self.order.len())], s)
    }

    /// Boxes out of plan: boxes that, with the first `packed` goals of the order filled,
    /// can reach none of the remaining goals (they stand where the plan has sealed off).
    pub fn out_of_plan(&self, boxes: &[u64], packed: usize) -> usize {
        let basin = &self.basins[packed.min(self.order.len())];
        let sealed: u32 = boxes.iter().zip(basin).map(|(b, s)| (b & !s).count_ones()).sum();
        // The packed goals' own boxes are outside the basin but in plan.
        sealed as usize - packed.min(self.order.len())
    }

    /// Bytes the order and its basins hold.
    pub fn memory(&self) -> usize {
        self.basins.iter().map(|b| b.capacity() * 8).sum::<usize>()
            + (self.order.capacity() + self.rank.capacity()) * 2
    }

    /// The goal's place in the order ([`NOT_A_GOAL`] for other squares).
    #[inline]
    pub fn rank(&self, s: Sq) -> u16 {
        self.rank[s as usize]
    }

    /// How many goals, from the first in order, hold boxes.
    pub fn packed(&self, boxes: &[u64]) -> usize {
        self.order.iter().take_while(|&&g| has_box(boxes, g)).count()
    }

    /// The first goal in order without a box.
    pub fn next_goal(&self, boxes: &[u64]) -> Option<Sq> {
        self.order.iter().copied().find(|&g| !has_box(boxes, g))
    }
}

/// The squares from which a box alone reaches one of `order[k..]` with boxes on
/// `order[..k]` (see [`sources`]).
fn basin(board: &Board, order: &[Sq], k: usize) -> Vec<u64> {
    let mut walls = vec![0u64; board.len().div_ceil(64)];
    for &g in &order[..k] {
        set_box(&mut walls, g);
    }
    sources(board, &walls, &order[k..])
}

/// The squares from which a box alone can be pushed to one of `targets`, with `walls` as
/// extra walls (the player's side is not tracked: a square is kept when some push leads on
/// towards a target with floor behind it).
pub(crate) fn sources(board: &Board, walls: &[u64], targets: &[Sq]) -> Vec<u64> {
    let words = board.len().div_ceil(64);
    let mut reach = vec![0u64; words];
    let mut queue: VecDeque<Sq> = VecDeque::new();
    for &g in targets {
        set_box(&mut reach, g);
        queue.push_back(g);
    }
    while let Some(x) = queue.pop_front() {
        for d in 0..4 {
            // A box on `y` pushed in direction `d` from `z` lands on `x`.
            let y = board.nbr(x, opposite(d));
            if y == NONE || has_box(walls, y) || has_box(&reach, y) {
                continue;
            }
            let z = board.nbr(y, opposite(d));
            if z == NONE || has_box(walls, z) {
                continue;
            }
            set_box(&mut reach, y);
            queue.push_back(y);
        }
    }
    reach
}

/// Walking distance on the empty board from the nearest of `targets` (from the player's
/// start when there are none) to every square.
fn walk_distances(board: &Board, targets: &[Sq]) -> Vec<u32> {
    let mut dist = vec![u32::MAX; board.len()];
    let mut queue: VecDeque<Sq> = VecDeque::new();
    let seeds: Vec<Sq> =
        if targets.is_empty() { vec![board.start_player()] } else { targets.to_vec() };
    for s in seeds {
        dist[s as usize] = 0;
        queue.push_back(s);
    }
    while let Some(s) = queue.pop_front() {
        for d in 0..4 {
            let t = board.nbr(s, d);
            if t != NONE && dist[t as usize] == u32::MAX {
                dist[t as usize] = dist[s as usize] + 1;
                queue.push_back(t);
            }
        }
    }
    dist
}

/// Breadth-first pulling of one box, with the player's side tracked by [`Sides`].
#[derive(Debug, Default)]
struct Pull {
    sides: Sides,
    others: Vec<u64>,
    /// Per square: the side labels reached in the current search, up to four.
    seen: Vec<[u32; 4]>,
    /// The squares whose `seen` entry the current search filled (cleared before the next).
    touched: Vec<Sq>,
    queue: VecDeque<(Sq, u32, u32)>,
    interrupt: Interrupt,
}

const NO_SIDE: u32 = u32::MAX;

impl Pull {
    /// Fewest pulls that bring the box on goal `g` to a square passing `target` with the
    /// boxes of `present` (but `g`'s) in place; `None` if it cannot leave.
    fn distance(
        &mut self,
        board: &Board,
        present: &[u64],
        g: Sq,
        target: impl Fn(Sq) -> bool + Copy,
    ) -> Option<u32> {
        self.others.clear();
        self.others.extend_from_slice(present);
        clear_box(&mut self.others, g);
        let mut best = None;
        let mut analysed = false;
        for d in 0..4 {
            let u = board.nbr(g, d);
            if u == NONE || has_box(&self.others, u) {
                continue;
            }
            // One analysis serves every side of `g` in the same component.
            if !analysed || !self.sides.contains(u) {
                self.sides.analyse(board, &self.others, u);
                analysed = true;
            }
            let found = self.search(board, g, u, target);
            best = match (best, found) {
                (Some(a), Some(b)) => Some(u32::min(a, b)),
                (a, b) => a.or(b),
            };
        }
        best
    }

    fn search(&mut self, board: &Board, g: Sq, u: Sq, target: impl Fn(Sq) -> bool) -> Option<u32> {
        self.seen.resize(board.len(), [NO_SIDE; 4]);
        for s in self.touched.drain(..) {
            self.seen[s as usize] = [NO_SIDE; 4];
        }
        self.queue.clear();
        let side = self.sides.label(board, g, u);
        self.mark(g, side);
        self.queue.push_back((g, side, 0));
        let mut pacer = Pacer::new(&self.interrupt);
        while let Some((x, side, k)) = self.queue.pop_front() {
            if target(x) {
                return Some(k);
            }
            if pacer.tick().is_err() {
                return None;
            }
            for e in 0..4 {
                let to = board.nbr(x, e);
                if to == NONE || has_box(&self.others, to) {
                    continue;
                }
                let back = board.nbr(to, e);
                if back == NONE
                    || has_box(&self.others, back)
                    || self.sides.label(board, x, to) != side
                {
                    continue;
                }
                let next = self.sides.label(board, to, back);
                if self.mark(to, next) {
                    self.queue.push_back((to, next, k + 1));
                }
            }
        }
        None
    }

    /// Records side `side` of square `s` as reached; false when it was already.
    fn mark(&mut self, s: Sq, side: u32) -> bool {
        let seen = &mut self.seen[s as usize];
        if seen.contains(&side) {
            return false;
        }
        if seen[0] == NO_SIDE {
            self.touched.push(s);
        }
        let free = seen.iter().position(|&l| l == NO_SIDE).expect("a square has four sides");
        seen[free] = side;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::{Level, Pos};

    fn order_of(rows: &[&str]) -> (Vec<Pos>, bool) {
        let board = Board::compile(&Level::from_rows(rows).unwrap()).unwrap();
        let order = PackingOrder::new(
            &board,
            &Distances::new(&board, &Interrupt::default()),
            &Interrupt::default(),
        );
        (order.order.iter().map(|&g| board.pos(g)).collect(), order.complete)
    }

    #[test]
    fn a_dead_end_room_fills_from_the_back() {
        // A one-wide room entered from the left: the far goal must be filled first.
        let rows = ["##########", "#@ $$$...#", "##########"];
        let (order, complete) = order_of(&rows);
        assert!(complete);
        assert_eq!(order, vec![Pos::new(8, 1), Pos::new(7, 1), Pos::new(6, 1)]);
    }

    #[test]
    fn a_box_behind_the_packed_goals_is_out_of_plan() {
        // Goals at 5 and 6, filled 6 first; floor at 7 and 8 beyond them.
        let rows = ["##########", "#@ $$..  #", "##########"];
        let board = Board::compile(&Level::from_rows(&rows).unwrap()).unwrap();
        let order = PackingOrder::new(
            &board,
            &Distances::new(&board, &Interrupt::default()),
            &Interrupt::default(),
        );
        let at = |x| board.square_at(Pos::new(x, 1)).unwrap();
        assert_eq!(order.order, vec![at(6), at(5)]);
        let mut boxes = vec![0u64; board.len().div_ceil(64)];
        set_box(&mut boxes, at(3));
        set_box(&mut boxes, at(7));
        assert_eq!(order.out_of_plan(&boxes, 0), 0, "7 can still be pushed onto 6");
        let mut boxes = vec![0u64; board.len().div_ceil(64)];
        set_box(&mut boxes, at(6));
        set_box(&mut boxes, at(7));
        assert_eq!(order.packed(&boxes), 1);
        assert_eq!(order.out_of_plan(&boxes, 1), 1, "with 6 packed, 7 is sealed off");
        assert!(order.in_basin(1, at(4)) && !order.in_basin(1, at(7)));
    }

    #[test]
    fn a_box_starting_on_its_goal_is_filled_first_unless_it_blocks() {
        // The box on the right goal does not block the left one: it counts as packed.
        let rows = ["#########", "#@ $ .* #", "#########"];
        let (order, complete) = order_of(&rows);
        assert!(complete);
        assert_eq!(order, vec![Pos::new(6, 1), Pos::new(5, 1)]);
        // Here it blocks the way to the right goal, which must be filled first.
        let rows = ["#########", "#@ $ *. #", "#########"];
        let (order, _) = order_of(&rows);
        assert_eq!(order, vec![Pos::new(6, 1), Pos::new(5, 1)]);
    }
}
