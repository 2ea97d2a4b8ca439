//! The backward packing search (after Festival's): pulls from the solved position towards
//! the start, whose best line, read forwards, is a packing-and-parking plan
//! ([`ParkingPlan`]).
//!
//! It starts with a box on every goal and the player in each area the goals split the floor
//! into. Its moves are pull macros. The squares where boxes start ("bases") are where pulled
//! boxes go home: a pull that brings a box onto a base far from where it came from, while
//! the other boxes can still each be sent home to a base of their own, is a *sink*: the box
//! and its base leave the board. Where a sink exists it is the only kind of move tried (one
//! per box); otherwise any pull whose box could still be pushed there from a remaining base
//! is. Positions are taken best first: fewer boxes left, fewer areas of free floor, fewer
//! boxes on goals, fewer links between rooms cut, boxes spread farther from the goals. The
//! search ends when no box is left, or when the boxes left all stand on bases with the
//! player's start square in reach: its line then is a complete plan.
//!
//! The plan is advice for a forward search, not a proof: a plan that cannot be played only
//! costs the forward search time.

use crate::solver::analysis::distances::{INF, PushGraph};
use crate::solver::analysis::parking::ParkingPlan;
use crate::solver::analysis::problem::Problem;
use crate::solver::analysis::rooms::Area;
use crate::solver::model::board::{NONE, Sq};
use crate::solver::model::interrupt::Interrupt;
use crate::solver::model::reach::Reach;
use crate::solver::model::regions::Regions;
use crate::solver::model::state::{boxes_of, clear_box, has_box, set_box};
use crate::solver::search::pull_moves::{PullMacro, PullMoves};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashSet};

/// Positions the backward search expands at most.
pub const MAX_EXPANSIONS: u32 = 1_000;

/// A box pulled at least this many steps (walking distance on the empty floor) from where
/// it was is "far" from it: a pull home that far is a sink even within one room.
const FAR: u16 = 6;

/// A backward position and how it was reached.
#[derive(Clone, Debug)]
struct Node {
    boxes: Vec<u64>,
    /// The bases no box has gone home to yet.
    bases: Vec<u64>,
    /// The normalised player square.
    player: Sq,
    parent: u32,
    /// The pull that led here (none at a root), and whether its box went home.
    pull: Option<(PullMacro, bool)>,
}

/// How good a backward position is; smaller is better.
type Key = (usize, usize, usize, usize, Reverse<u32>);

/// The plan of the line of a backward search of `p` that completes one within
/// [`MAX_EXPANSIONS`] expansions (stopping early, with none, when `interrupt` is raised).
pub fn plan(p: &Problem, interrupt: &Interrupt) -> Option<ParkingPlan> {
    Backward::new(p).run(interrupt)
}

struct Backward<'a> {
    p: &'a Problem,
    /// Per start box, in start order: the squares a box alone can be pushed to from there.
    base_reach: Vec<Vec<u64>>,
    /// Per square: the start boxes (indices) from which a box alone can be pushed there.
    reached_from: Vec<Vec<u16>>,
    /// Scratch for the matching: per base, its box, and the search stamp that tried it.
    owner: Vec<usize>,
    tried: Vec<u32>,
    stamp: u32,
    /// Per square: its index among the start boxes, or `u16::MAX`.
    base_index: Vec<u16>,
    /// Per square: the sum of the push distances to every goal (the spread).
    spread: Vec<u32>,
    nodes: Vec<Node>,
    seen: HashSet<Vec<u64>>,
    heap: BinaryHeap<Reverse<(Key, Reverse<u32>)>>,
    pulls: PullMoves,
    moves: Vec<PullMacro>,
    reach: Reach,
    regions: Regions,
}

impl<'a> Backward<'a> {
    fn new(p: &'a Problem) -> Self {
        let graph = PushGraph::new(&p.board);
        let starts = p.board.start_boxes();
        let base_reach: Vec<Vec<u64>> =
            starts.iter().map(|&b| graph.reach_from(&p.board, b)).collect();
        let mut reached_from = vec![Vec::new(); p.board.len()];
        for (i, reach) in base_reach.iter().enumerate() {
            for s in boxes_of(reach) {
                reached_from[s as usize].push(i as u16);
            }
        }
        let mut base_index = vec![u16::MAX; p.board.len()];
        for (i, &b) in starts.iter().enumerate() {
            base_index[b as usize] = i as u16;
        }
        let spread = (0..p.board.len() as Sq)
            .map(|s| p.dist.row(s).iter().map(|&d| if d == INF { 0 } else { u32::from(d) }).sum())
            .collect();
        Backward {
            p,
            base_reach,
            reached_from,
            owner: vec![usize::MAX; starts.len()],
            tried: vec![0; starts.len()],
            stamp: 0,
            base_index,
            spread,
            nodes: Vec::new(),
            seen: HashSet::new(),
            heap: BinaryHeap::new(),
            pulls: PullMoves::default(),
            moves: Vec::new(),
            reach: Reach::default(),
            regions: Regions::default(),
        }
    }

    fn run(mut self, interrupt: &Interrupt) -> Option<ParkingPlan> {
        self.roots();
        let mut expansions = 0;
        while let Some(Reverse((_, Reverse(id)))) = self.heap.pop() {
            if interrupt.raised() || expansions >= MAX_EXPANSIONS {
                break;
            }
            if self.complete(id) {
                return Some(self.plan_of(id, expansions));
            }
            expansions += 1;
            self.expand(id, interrupt);
        }
        None
    }

    /// The solved position with the player in each area the goals split the free floor
    /// into.
    fn roots(&mut self) {
        let p = self.p;
        let words = p.words();
        let mut bases = vec![0u64; words];
        for &b in p.board.start_boxes() {
            set_box(&mut bases, b);
        }
        let mut covered = p.goal_set[..words].to_vec();
        for s in 0..p.board.len() as Sq {
            if has_box(&covered, s) {
                continue;
            }
            let player = self.reach.flood(&p.board, &p.goal_set[..words], s);
            for (c, r) in covered.iter_mut().zip(self.reach.bits()) {
                *c |= r;
            }
            self.add(p.goal_set[..words].to_vec(), bases.clone(), player, u32::MAX, None);
        }
    }

    /// Stores a position (unless seen) and queues it.
    fn add(
        &mut self,
        boxes: Vec<u64>,
        bases: Vec<u64>,
        player: Sq,
        parent: u32,
        pull: Option<(PullMacro, bool)>,
    ) {
        let mut id_key = boxes.clone();
        id_key.extend_from_slice(&bases);
        id_key.push(u64::from(player));
        if !self.seen.insert(id_key) {
            return;
        }
        let key = self.key(&boxes);
        let id = self.nodes.len() as u32;
        self.nodes.push(Node { boxes, bases, player, parent, pull });
        self.heap.push(Reverse((key, Reverse(id))));
    }

    fn key(&mut self, boxes: &[u64]) -> Key {
        let p = self.p;
        let left = boxes.iter().map(|w| w.count_ones() as usize).sum();
        let regions = self.regions.compute(&p.board, boxes);
        let on_goals =
            boxes.iter().zip(&p.goal_set).map(|(b, g)| (b & g).count_ones() as usize).sum();
        let links = p.rooms.blocked_links(boxes);
        let spread = boxes_of(boxes).map(|b| self.spread[b as usize]).sum();
        (left, regions, on_goals, links, Reverse(spread))
    }

    /// Whether node `id` ends the search: no box left, or every box left on a base with the
    /// player's start square in reach.
    fn complete(&mut self, id: u32) -> bool {
        let n = &self.nodes[id as usize];
        if n.boxes.iter().all(|&w| w == 0) {
            return true;
        }
        let home = n.boxes.iter().zip(&n.bases).all(|(b, h)| b & !h == 0);
        home && {
            let start = self.reach.flood(&self.p.board, &n.boxes, self.p.board.start_player());
            start == n.player
        }
    }

    fn expand(&mut self, id: u32, interrupt: &Interrupt) {
        let p = self.p;
        let node = self.nodes[id as usize].clone();
        self.moves.clear();
        self.pulls.generate(p, &node.boxes, node.player, interrupt, &mut self.moves);
        let moves = std::mem::take(&mut self.moves);
        let sinks = self.sink_squares(&node);
        let mut children = Vec::new();
        if !sinks.is_empty() {
            let mut done: Vec<Sq> = Vec::new();
            for &m in &moves {
                if done.contains(&m.from) || !has_box(&sinks, m.to) || !self.far(m.from, m.to) {
                    continue;
                }
                let mut boxes = node.boxes.clone();
                clear_box(&mut boxes, m.from);
                let mut bases = node.bases.clone();
                clear_box(&mut bases, m.to);
                if self.matched(&boxes, &bases) {
                    done.push(m.from);
                    children.push((m, true, boxes, bases));
                }
            }
        }
        // A parked box going home comes first (Festival's "floater"): taking it off the
        // board early, rather than the goal boxes around it, keeps the parking short.
        if children.iter().any(|c| !p.board.is_goal(c.0.from)) {
            children.retain(|c| !p.board.is_goal(c.0.from));
        }
        if children.is_empty() {
            let allowed = self.allowed(&node.bases);
            for &m in &moves {
                if !has_box(&allowed, m.to) {
                    continue;
                }
                let mut boxes = node.boxes.clone();
                clear_box(&mut boxes, m.from);
                set_box(&mut boxes, m.to);
                if self.matched(&boxes, &node.bases) {
                    children.push((m, false, boxes, node.bases.clone()));
                }
            }
        }
        self.moves = moves;
        for (m, sink, boxes, bases) in children {
            let player = self.reach.flood(&p.board, &boxes, m.player(p));
            self.add(boxes, bases, player, id, Some((m, sink)));
        }
    }

    /// The squares a box alone can be pushed to from some base in `bases`.
    fn allowed(&self, bases: &[u64]) -> Vec<u64> {
        let mut allowed = vec![0u64; bases.len()];
        for b in boxes_of(bases) {
            let reach = &self.base_reach[self.base_index[b as usize] as usize];
            allowed.iter_mut().zip(reach).for_each(|(a, r)| *a |= r);
        }
        allowed
    }

    /// Whether every box of `boxes` can be sent home to a base of its own in `bases` (a box
    /// alone pushed from the base to the box's square on the empty floor).
    fn matched(&mut self, boxes: &[u64], bases: &[u64]) -> bool {
        let list: Vec<Sq> = boxes_of(boxes).collect();
        self.owner.fill(usize::MAX);
        for i in 0..list.len() {
            self.stamp += 1;
            if !self.augment(i, &list, bases) {
                return false;
            }
        }
        true
    }

    /// Kuhn's augmenting path from box `i` of `list`, over the bases in `bases`.
    fn augment(&mut self, i: usize, list: &[Sq], bases: &[u64]) -> bool {
        let starts = self.p.board.start_boxes();
        for k in 0..self.reached_from[list[i] as usize].len() {
            let j = usize::from(self.reached_from[list[i] as usize][k]);
            if self.tried[j] == self.stamp || !has_box(bases, starts[j]) {
                continue;
            }
            self.tried[j] = self.stamp;
            let owner = self.owner[j];
            if owner == usize::MAX || self.augment(owner, list, bases) {
                self.owner[j] = i;
                return true;
            }
        }
        false
    }

    /// The bases boxes may go home to now: among the free bases, those of the largest
    /// groups whose members a box can be pushed between both ways (the current boxes as
    /// walls). None when one of them is out of the player's reach.
    fn sink_squares(&mut self, node: &Node) -> Vec<u64> {
        let p = self.p;
        let free: Vec<Sq> = boxes_of(&node.bases).filter(|&b| !has_box(&node.boxes, b)).collect();
        let mut sinks = vec![0u64; node.boxes.len()];
        if free.is_empty() {
            return sinks;
        }
        let reach: Vec<Vec<u64>> = free.iter().map(|&b| push_reach(p, &node.boxes, b)).collect();
        let mutual =
            |i: usize, j: usize| has_box(&reach[i], free[j]) && has_box(&reach[j], free[i]);
        let group: Vec<usize> =
            (0..free.len()).map(|i| (0..free.len()).filter(|&j| mutual(i, j)).count()).collect();
        let largest = group.iter().copied().max().unwrap_or(0);
        self.reach.flood(&p.board, &node.boxes, node.player);
        for (i, &b) in free.iter().enumerate() {
            if group[i] == largest {
                if !self.reach.reached(b) {
                    return vec![0u64; node.boxes.len()];
                }
                set_box(&mut sinks, b);
            }
        }
        sinks
    }

    /// Whether a box pulled from `from` to `to` went far: different rooms, or at least
    /// [`FAR`] steps apart on the empty floor.
    fn far(&self, from: Sq, to: Sq) -> bool {
        let rooms = &self.p.rooms;
        if let (Area::Room(a), Area::Room(b)) = (rooms.area(from), rooms.area(to))
            && a != b
        {
            return true;
        }
        walk_distance(self.p, from, to, FAR) >= FAR
    }

    /// The plan of node `id`'s line.
    fn plan_of(&self, id: u32, expansions: u32) -> ParkingPlan {
        let left: Vec<Sq> = boxes_of(&self.nodes[id as usize].boxes).collect();
        let mut moves = Vec::new();
        let mut at = id;
        while let Some((m, sink)) = self.nodes[at as usize].pull {
            // Pulled from `from` to `to`: forwards, pushed from `to` (or from a base) to `from`.
            moves.push(((!sink).then_some(m.to), m.from));
            at = self.nodes[at as usize].parent;
        }
        ParkingPlan::from_line(self.p, &left, &moves, expansions)
    }
}

/// The squares a box alone on `from` reaches by pushes with `boxes` as walls, the player
/// anywhere (sides not tracked).
fn push_reach(p: &Problem, boxes: &[u64], from: Sq) -> Vec<u64> {
    let board = &p.board;
    let mut seen = vec![0u64; boxes.len()];
    set_box(&mut seen, from);
    let mut stack = vec![from];
    while let Some(s) = stack.pop() {
        for d in 0..4 {
            let (ahead, behind) =
                (board.nbr(s, d), board.nbr(s, crate::solver::model::board::opposite(d)));
            if ahead == NONE || behind == NONE || has_box(boxes, ahead) || has_box(boxes, behind) {
                continue;
            }
            if !has_box(&seen, ahead) {
                set_box(&mut seen, ahead);
                stack.push(ahead);
            }
        }
    }
    seen
}

/// Steps from `from` to `to` on the empty floor, counted up to `cap`.
fn walk_distance(p: &Problem, from: Sq, to: Sq, cap: u16) -> u16 {
    let board = &p.board;
    let mut frontier = vec![from];
    let mut seen = vec![0u64; board.len().div_ceil(64)];
    set_box(&mut seen, from);
    for steps in 0..cap {
        if frontier.contains(&to) {
            return steps;
        }
        let mut next = Vec::new();
        for &s in &frontier {
            for &u in &board.neighbours()[s as usize] {
                if u != NONE && !has_box(&seen, u) {
                    set_box(&mut seen, u);
                    next.push(u);
                }
            }
        }
        frontier = next;
    }
    cap
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::analysis::parking::Origin;

    /// The plans of the shipped levels: every goal is filled for good and nothing else is;
    /// a parked box is taken on from its square by a later step; the solved position
    /// satisfies the whole plan, and the start position has a box on every init's square.
    #[test]
    fn plans_of_the_shipped_levels_end_with_every_goal_filled() {
        let text = include_str!("../../../levels/default.xsb");
        let collection = crate::level::format::read_collection(text).unwrap();
        let mut planned = 0;
        for level in &collection.levels {
            let p = Problem::new(level).unwrap();
            let Some(plan) = plan(&p, &Interrupt::default()) else { continue };
            planned += 1;
            let mut permanent: Vec<Sq> =
                plan.steps.iter().filter(|s| s.until.is_none()).map(|s| s.to).collect();
            permanent.sort_unstable();
            assert_eq!(permanent, p.board.goals(), "{}", level.meta.title);
            for (i, step) in plan.steps.iter().enumerate() {
                if let Some(u) = step.until {
                    let later = plan.steps[usize::from(u)];
                    assert!(usize::from(u) > i && later.origin == Origin::Square(step.to));
                }
            }
            assert_eq!(plan.packed(&p.goal_set), plan.steps.len(), "{}", level.meta.title);
            let start = p.root();
            let inits = &plan.steps[..plan.inits];
            assert!(inits.iter().all(|s| has_box(&start, s.to)), "{}", level.meta.title);
        }
        assert!(planned * 2 >= collection.levels.len(), "{planned} plans");
    }

    /// A goal room filled through a box parked outside it: the player starts at the dead
    /// end of the goal corridor, behind the box on its mouth, so that box can only be pushed
    /// out. The plan parks it outside, fills the deepest goal with another box first, and
    /// only then brings the parked box back in (`solver::tests` solves it with FESS).
    #[test]
    fn the_plan_parks_the_box_on_the_goal_rooms_mouth_outside_until_the_deep_goal_is_filled() {
        let rows = ["##########", "#@..*    #", "#### $$  #", "   #     #", "   #######"];
        let level = crate::level::Level::from_rows(&rows).unwrap();
        let p = Problem::new(&level).unwrap();
        let sq = |x, y| p.board.square_at(crate::level::Pos::new(x, y)).unwrap();
        let (mouth, deepest) = (sq(4, 1), sq(2, 1));
        let plan = plan(&p, &Interrupt::default()).expect("a complete plan");
        let steps = &plan.steps;
        let out = steps.iter().position(|s| s.origin == Origin::Square(mouth));
        let out = out.expect("the mouth's box is moved");
        let parked = steps[out];
        assert!(!p.board.is_goal(parked.to), "parked off the goals: {steps:?}");
        assert!(p.board.pos(parked.to).x > 4, "parked outside the room: {steps:?}");
        let back = usize::from(parked.until.expect("the parked box moves on"));
        assert!(p.board.is_goal(steps[back].to) && steps[back].until.is_none(), "{steps:?}");
        let deep = steps.iter().position(|s| s.to == deepest && s.until.is_none()).unwrap();
        assert!(out < deep && deep < back, "parked, deepest goal filled, back in: {steps:?}");
    }
}
