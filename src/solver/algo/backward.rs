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
//! costs the forward search time. Its positions before the first sink (every box still on
//! the board) go to the perimeter, where a forward search that reaches one is solved.
//!
//! As a [`crate::solver::Search`] (method `backward`), it is stepped in the inspector like
//! any other search, its children pulls; it ends with its plan (the measure "plan steps"),
//! not a solution, unless its line meets the forward side.

use crate::solver::analysis::distances::{INF, PushGraph};
use crate::solver::analysis::parking::{Origin, ParkingPlan};
use crate::solver::analysis::problem::Problem;
use crate::solver::analysis::rooms::Area;
use crate::solver::deadlock::{Deadlocks, PruneReason};
use crate::solver::model::board::{NONE, Sq};
use crate::solver::model::interrupt::{Interrupt, Interrupted};
use crate::solver::model::pull_moves::PullMacro;
use crate::solver::model::regions::Regions;
use crate::solver::model::state::{boxes_of, clear_box, has_box, set_box};
use crate::solver::model::table::NodeId;
use crate::solver::search::perimeter::Perimeter;
use crate::solver::search::pull_core::{Added, PullAlgorithm, PullCore, Pulls};
use crate::solver::search::step::Flow;
use crate::solver::search::{NoTrace, NodeView, Observer, Progress, Search, Verdict};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::Arc;

/// A child of a backward expansion: the pull, the boxes after it and the bases still free.
type Child = (PullMacro, Vec<u64>, Vec<u64>);

/// Positions the backward search expands at most.
pub const MAX_EXPANSIONS: u32 = 1_000;

/// A box pulled at least this many steps (walking distance on the empty floor) from where
/// it was is "far" from it: a pull home that far is a sink even within one room.
const FAR: u16 = 6;

/// The measure the search reports once its plan is complete: the plan's steps.
pub const PLAN_STEPS: &str = "plan steps";

/// How good a backward position is; smaller is better: boxes left, areas of free floor,
/// boxes on goals, room links cut, and the boxes' spread from the goals (larger is better).
type Key = (usize, usize, usize, usize, Reverse<u32>);

/// The plan of the line of a backward search of `p` that completes one within
/// [`MAX_EXPANSIONS`] expansions (stopping early, with none, when `interrupt` is raised),
/// pruning by the dead-square rule when `deadlocks` has it on. With a `perimeter`, the
/// search's positions before its first sink are added to it.
pub fn plan(
    p: &Problem,
    deadlocks: Deadlocks,
    interrupt: &Interrupt,
    perimeter: Option<&Arc<Perimeter>>,
) -> Option<ParkingPlan> {
    let share = perimeter.is_some();
    let perimeter = perimeter.cloned().unwrap_or_else(|| Arc::new(Perimeter::new(p)));
    let search = Backward::new(p.clone(), perimeter, share, deadlocks, interrupt, NoTrace);
    let mut search = Pulls(search);
    while search.step(64) == Progress::Running {
        if interrupt.raised() {
            return None;
        }
    }
    search.0.plan
}

/// The backward packing search.
#[derive(Debug)]
pub(crate) struct Backward<O: Observer> {
    /// Stored states carry the bases no box has gone home to yet.
    core: PullCore<O>,
    /// Whether positions go to the perimeter.
    share: bool,
    /// Per node: how good it is.
    keys: Vec<Key>,
    heap: BinaryHeap<Reverse<(Key, Reverse<NodeId>)>>,
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
    moves: Vec<PullMacro>,
    regions: Regions,
    expansions: u32,
    /// The complete plan, once found.
    plan: Option<ParkingPlan>,
}

impl<O: Observer> Backward<O> {
    /// A backward search of `problem`, its positions before the first sink added to
    /// `perimeter` when `share`, pruning by the dead-square rule when `deadlocks` has it on.
    /// Nothing is searched before the first step.
    pub fn new(
        problem: Problem,
        perimeter: Arc<Perimeter>,
        share: bool,
        deadlocks: Deadlocks,
        interrupt: &Interrupt,
        observer: O,
    ) -> Self {
        let p = &problem;
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
        let count = starts.len();
        let words = p.words();
        Backward {
            base_reach,
            reached_from,
            owner: vec![usize::MAX; count],
            tried: vec![0; count],
            stamp: 0,
            base_index,
            spread,
            core: PullCore::new(problem, words, perimeter, deadlocks, interrupt, observer),
            share,
            keys: Vec::new(),
            heap: BinaryHeap::new(),
            moves: Vec::new(),
            regions: Regions::default(),
            expansions: 0,
            plan: None,
        }
    }

    /// The roots: the solved position with the player in each area, every base free.
    fn roots(&mut self) -> Option<NodeId> {
        let p = &self.core.problem;
        let bases = p.box_bits(p.board.start_boxes().iter().copied());
        let met = self.core.add_roots(&bases, 0, self.share);
        let goals = self.core.problem.goal_set.clone();
        let key = self.key(&goals);
        for id in 0..self.core.nodes.len() as NodeId {
            self.keys.push(key);
            self.heap.push(Reverse((key, Reverse(id))));
        }
        met
    }

    fn key(&mut self, boxes: &[u64]) -> Key {
        let p = &self.core.problem;
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
    fn complete(&mut self, id: NodeId) -> bool {
        let core = &mut self.core;
        let boxes = core.boxes(id);
        if boxes.iter().all(|&w| w == 0) {
            return true;
        }
        let home = boxes.iter().zip(core.extra(id)).all(|(b, h)| b & !h == 0);
        home && {
            let p = &core.problem;
            let boxes = core.nodes.state(id)[..p.words()].to_vec();
            let start = core.reach.flood(&p.board, &boxes, p.board.start_player());
            start == core.player(id)
        }
    }

    /// Expands node `id`: its sinks if it has any, else its pulls that keep every box able
    /// to go home. Returns the child that met the forward side, if one did, or
    /// `Err(Interrupted)` when the interrupt was raised before the last child was stored:
    /// every child is matched (on a board of hundreds of boxes, thousands of children cost
    /// seconds), so each looks at the flag.
    fn expand(&mut self, id: NodeId) -> Result<Option<NodeId>, Interrupted> {
        let f = self.keys[id as usize].0 as u32;
        self.core.expanding(id, f);
        let words = self.core.words();
        self.moves.clear();
        let mut moves = std::mem::take(&mut self.moves);
        self.core.generate(id, &mut moves);
        let children = self.children(id, &moves);
        self.moves = moves;
        let mut met = None;
        for (m, next, free) in children? {
            self.core.interrupt.check()?;
            // Only positions with every box on the board can be met by a forward search.
            let left = free.iter().map(|w| w.count_ones() as usize).sum::<usize>();
            let share = self.share && left == self.core.problem.board.start_boxes().len();
            let player = m.player(&self.core.problem.board);
            let added = self.core.add(&next, &free, player, Some((id, m)), 0, share);
            match added {
                Added::Known(node) => {
                    self.core.stats.duplicates += 1;
                    let f = self.keys[node as usize].0 as u32;
                    self.core.child(m, Some(node), 0, f, Verdict::Duplicate);
                }
                Added::New(node) | Added::Met(node) => {
                    let key = self.key(&next[..words]);
                    self.keys.push(key);
                    self.heap.push(Reverse((key, Reverse(node))));
                    self.core.child(m, Some(node), 0, key.0 as u32, Verdict::Kept);
                    if matches!(added, Added::Met(_)) && met.is_none() {
                        met = Some(node);
                    }
                }
            }
        }
        Ok(met)
    }

    /// The children of node `id` among its pulls `moves`: its sinks if it has any, else
    /// its pulls that keep every box able to go home, each with its boxes and free bases;
    /// the pulls that would leave a box unable to go home are recorded as pruned.
    fn children(&mut self, id: NodeId, moves: &[PullMacro]) -> Result<Vec<Child>, Interrupted> {
        let (boxes, bases) = (self.core.boxes(id).to_vec(), self.core.extra(id).to_vec());
        let sinks = self.sink_squares(&boxes, &bases, self.core.player(id));
        let mut children = Vec::new();
        if !sinks.is_empty() {
            let mut done: Vec<Sq> = Vec::new();
            for &m in moves {
                if done.contains(&m.from) || !has_box(&sinks, m.to) || !self.far(m.from, m.to) {
                    continue;
                }
                self.core.interrupt.check()?;
                let mut left = boxes.clone();
                clear_box(&mut left, m.from);
                let mut free = bases.clone();
                clear_box(&mut free, m.to);
                if self.matched(&left, &free) {
                    done.push(m.from);
                    children.push((m, left, free));
                }
            }
        }
        // A parked box going home comes first (Festival's "floater"): taking it off the
        // board early, rather than the goal boxes around it, keeps the parking short.
        let board = &self.core.problem.board;
        if children.iter().any(|c| !board.is_goal(c.0.from)) {
            children.retain(|c| !board.is_goal(c.0.from));
        }
        if children.is_empty() {
            let allowed = self.allowed(&bases);
            for &m in moves {
                self.core.interrupt.check()?;
                let mut next = boxes.clone();
                clear_box(&mut next, m.from);
                set_box(&mut next, m.to);
                if has_box(&allowed, m.to) && self.matched(&next, &bases) {
                    children.push((m, next, bases.clone()));
                } else {
                    // No base's box could be pushed where the pulled box would stand.
                    self.core.child(m, None, 0, 0, Verdict::Pruned(PruneReason::DeadSquare));
                }
            }
        }
        Ok(children)
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
        for k in 0..self.reached_from[list[i] as usize].len() {
            let j = usize::from(self.reached_from[list[i] as usize][k]);
            let base = self.core.problem.board.start_boxes()[j];
            if self.tried[j] == self.stamp || !has_box(bases, base) {
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
    fn sink_squares(&mut self, boxes: &[u64], bases: &[u64], player: Sq) -> Vec<u64> {
        let p = &self.core.problem;
        let free: Vec<Sq> = boxes_of(bases).filter(|&b| !has_box(boxes, b)).collect();
        let mut sinks = vec![0u64; boxes.len()];
        if free.is_empty() {
            return sinks;
        }
        let reach: Vec<Vec<u64>> = free.iter().map(|&b| push_reach(p, boxes, b)).collect();
        let mutual =
            |i: usize, j: usize| has_box(&reach[i], free[j]) && has_box(&reach[j], free[i]);
        let group: Vec<usize> =
            (0..free.len()).map(|i| (0..free.len()).filter(|&j| mutual(i, j)).count()).collect();
        let largest = group.iter().copied().max().unwrap_or(0);
        self.core.reach.flood(&p.board, boxes, player);
        for (i, &b) in free.iter().enumerate() {
            if group[i] == largest {
                if !self.core.reach.reached(b) {
                    return vec![0u64; boxes.len()];
                }
                set_box(&mut sinks, b);
            }
        }
        sinks
    }

    /// Whether a box pulled from `from` to `to` went far: different rooms, or at least
    /// [`FAR`] steps apart on the empty floor.
    fn far(&self, from: Sq, to: Sq) -> bool {
        let rooms = &self.core.problem.rooms;
        if let (Area::Room(a), Area::Room(b)) = (rooms.area(from), rooms.area(to))
            && a != b
        {
            return true;
        }
        walk_distance(&self.core.problem, from, to, FAR) >= FAR
    }

    /// The plan of node `id`'s line.
    fn plan_of(&self, id: NodeId) -> ParkingPlan {
        let core = &self.core;
        let left: Vec<Sq> = boxes_of(core.boxes(id)).collect();
        let mut moves = Vec::new();
        let mut at = id;
        while let Some(m) = core.pull(at) {
            let parent = core.nodes.info(at).parent;
            // A sink took a base off the board.
            let sink = core.extra(parent) != core.extra(at);
            // Pulled from `from` to `to`: forwards, pushed from `to` (a base, for a sink) to
            // `from`.
            let origin = if sink { Origin::Base(m.to) } else { Origin::Square(m.to) };
            moves.push((origin, m.from));
            at = parent;
        }
        ParkingPlan::from_line(&core.problem, &left, &moves, self.expansions)
    }

    /// Ends the search on node `id`'s line: its plan, and `progress`.
    fn conclude(&mut self, id: NodeId, progress: Progress) -> Flow {
        let plan = self.plan_of(id);
        self.core.stats.set_measure(PLAN_STEPS, plan.steps.len() as u64);
        self.plan = Some(plan);
        Flow::End(progress)
    }
}

impl<O: Observer> PullAlgorithm for Backward<O> {
    type Trace = O;

    fn core(&self) -> &PullCore<O> {
        &self.core
    }

    fn core_mut(&mut self) -> &mut PullCore<O> {
        &mut self.core
    }

    fn begin(&mut self) {
        if self.core.nodes.len() == 0
            && let Some(met) = self.roots()
            && let Flow::End(progress) = self.conclude(met, Progress::Solved(met))
        {
            self.core.done = Some(progress);
        }
    }

    /// Expands the position with the fewest boxes left (a complete line ends the search
    /// with its plan).
    fn advance(&mut self) -> Flow {
        let Some(Reverse((_, Reverse(id)))) = self.heap.pop() else {
            return Flow::End(Progress::NotFound);
        };
        if self.complete(id) {
            return self.conclude(id, Progress::NotFound);
        }
        if self.expansions >= MAX_EXPANSIONS {
            return Flow::End(Progress::NotFound);
        }
        self.expansions += 1;
        match self.expand(id) {
            Ok(Some(met)) => return self.conclude(met, Progress::Solved(met)),
            Ok(None) => {}
            // The node stays open: expanded again, it finds the children stored so far
            // (duplicates) and stores the rest.
            Err(Interrupted) => self.heap.push(Reverse((self.keys[id as usize], Reverse(id)))),
        }
        self.core.stats.open = self.heap.len() as u64;
        Flow::Go
    }

    fn own_memory(&self) -> usize {
        let lists: usize = self.reached_from.iter().map(|r| r.capacity() * 2).sum();
        let reach: usize = self.base_reach.iter().map(|r| r.capacity() * 8).sum();
        self.keys.capacity() * std::mem::size_of::<Key>()
            + self.heap.capacity() * std::mem::size_of::<(Key, NodeId)>()
            + lists
            + reach
            + self.spread.capacity() * 4
            + self.plan.as_ref().map_or(0, ParkingPlan::memory)
    }

    /// The best positions first (`f` is the boxes left).
    fn frontier(&self, k: usize) -> Vec<NodeView> {
        let mut next: Vec<_> = self.heap.iter().map(|r| r.0).collect();
        next.sort_unstable();
        next.into_iter()
            .take(k)
            .map(|(key, Reverse(id))| self.core.node_view(id, key.0 as u32))
            .collect()
    }

    fn f(&self, id: NodeId) -> u32 {
        self.keys[id as usize].0 as u32
    }

    /// What the search orders positions by.
    fn node_features(&self, id: NodeId) -> Vec<(&'static str, u32)> {
        let Some(&(left, areas, on_goals, links, Reverse(spread))) = self.keys.get(id as usize)
        else {
            return Vec::new();
        };
        vec![
            ("boxes left", left as u32),
            ("areas of free floor", areas as u32),
            ("boxes on goals", on_goals as u32),
            ("room links cut", links as u32),
            ("spread from the goals", spread),
        ]
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
            let Some(plan) = plan(&p, Deadlocks::default(), &Interrupt::default(), None) else {
                continue;
            };
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

    /// Raises the search's interrupt at the first child it is shown, and counts the
    /// children it is shown.
    #[derive(Debug)]
    struct RaiseAtFirstChild(Interrupt, usize);

    impl Observer for RaiseAtFirstChild {
        const ENABLED: bool = true;
        fn child(&mut self, _child: crate::solver::search::ChildView) {
            self.1 += 1;
            self.0.raise();
        }
    }

    /// Each child of an expansion looks at the interrupt (on a board of hundreds of boxes
    /// one expansion's matchings take seconds): raised at the first child, the expansion
    /// stops at once and leaves its node open, to be expanded again.
    #[test]
    fn an_expansion_stops_at_the_child_after_the_interrupt_and_leaves_its_node_open() {
        // A room of 12 boxes in two rows, their goals in two rows of their own.
        let mut rows = vec!["################".to_string()];
        for y in 0..12 {
            let row = match y {
                2 | 3 => "#  $$$$$$      #",
                8 | 9 => "#  ......      #",
                _ => "#              #",
            };
            rows.push(row.to_string());
        }
        rows[1].replace_range(1..2, "@");
        rows.push("################".to_string());
        let level = crate::level::Level::from_rows(&rows).unwrap();
        let p = Problem::new(&level).unwrap();
        let shown = |raise: bool| {
            let interrupt = Interrupt::default();
            let observer =
                RaiseAtFirstChild(if raise { interrupt.clone() } else { Interrupt::default() }, 0);
            let perimeter = Arc::new(Perimeter::new(&p));
            let search = Backward::new(
                p.clone(),
                perimeter,
                false,
                Deadlocks::default(),
                &interrupt,
                observer,
            );
            let mut search = Pulls(search);
            assert_eq!(search.step(1), Progress::Running);
            let roots = search.0.core.nodes.len();
            (search.0.core.observer.1, search.0.heap.len(), roots, search.frontier(1))
        };
        let (all, open, _, _) = shown(false);
        assert!(all > 10 && open > 10, "the first expansion has {all} children");
        let (seen, open, stored, frontier) = shown(true);
        assert!(seen <= 2, "{seen} children shown after the interrupt (of {all})");
        assert!(open >= 1 && frontier.len() == 1, "the node expanded goes back to the open list");
        assert!(stored < all, "{stored} nodes stored");
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
        let plan =
            plan(&p, Deadlocks::default(), &Interrupt::default(), None).expect("a complete plan");
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
