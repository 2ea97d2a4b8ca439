//! Corral deadlocks: an area the player cannot enter, fenced by boxes, that can never be
//! opened nor have its boxes all put on goals.
//!
//! After a push, the floor next to the pushed box that the player cannot reach forms a
//! corral; its boxes are those touching it. Every other box is taken off the board (that
//! only helps the player) and a small exhaustive search pushes the corral's boxes. If no
//! sequence of pushes either lets the player into the corral or puts all those boxes on
//! goals, the real position cannot do it either: any real solution, restricted to these
//! boxes, would be such a sequence. The search has a node budget; when it runs out the
//! position is not called dead. Results are cached by the corral's boxes and player area.
//!
//! A corral whose search ran out of budget is asked about again and again when the search
//! keeps meeting it (after Festival): each time its count of questions reaches a power of
//! two from [`RETRY_FROM`] on, it is searched again with a budget that grows with the count,
//! so the corrals that matter get the effort they need and the others cost little.

use crate::solver::analysis::problem::Problem;
use crate::solver::deadlock::PruneReason;
use crate::solver::deadlock::local::LocalPushes;
use crate::solver::model::board::{NONE, Sq};
use crate::solver::model::interrupt::Interrupt;
use crate::solver::model::journaled::JournaledMap;
use crate::solver::model::reach::Reach;
use crate::solver::model::state::{boxes_of, has_box, set_box};
use crate::solver::model::table::{Insert, NodeInfo, Nodes, Push};
use std::collections::VecDeque;
use std::ops::ControlFlow;

/// Most boxes a corral may have to be examined.
const MAX_BOXES: usize = 10;

/// Most positions one examination expands.
const MAX_EXPANSIONS: u32 = 400;

/// Questions about an undecided corral before it is searched again.
const RETRY_FROM: u32 = 16;

/// Most positions a search run again expands.
const MAX_RETRY_EXPANSIONS: u32 = 100_000;

/// Cached verdicts kept before the cache is emptied.
const MAX_CACHED: usize = 1 << 20;

/// What is known of a corral.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Known {
    /// Dead, by the first search or by a search run again.
    Dead { retried: bool },
    /// Opened or filled.
    Alive,
    /// The budget ran out; asked about this many times.
    Undecided { asked: u32 },
}

/// Scratch space and cache for corral examinations.
#[derive(Debug)]
pub struct Corral {
    region: Vec<u32>,
    stamp: u32,
    stack: Vec<Sq>,
    region_squares: Vec<Sq>,
    reach: Reach,
    child_reach: Reach,
    pushes: LocalPushes,
    nodes: Option<Nodes>,
    queue: VecDeque<u32>,
    state: Vec<u64>,
    cache: JournaledMap<Known>,
    interrupt: Interrupt,
    /// The budget of a corral's first search.
    first_budget: u32,
}

impl Corral {
    /// A detector whose searches give up (calling nothing dead) when `interrupt` is raised.
    pub fn new(interrupt: Interrupt) -> Self {
        Corral {
            region: Vec::new(),
            stamp: 0,
            stack: Vec::new(),
            region_squares: Vec::new(),
            reach: Reach::default(),
            child_reach: Reach::default(),
            pushes: LocalPushes::default(),
            nodes: None,
            queue: VecDeque::new(),
            state: Vec::new(),
            cache: JournaledMap::default(),
            interrupt,
            first_budget: MAX_EXPANSIONS,
        }
    }

    /// Keeps a journal of the cache from now on, so that it can go back to a mark.
    pub fn journal(&mut self) {
        self.cache.journal();
    }

    /// The point the cache can go back to.
    pub fn mark(&self) -> usize {
        self.cache.mark()
    }

    /// Puts the cache back as it was at `mark`.
    pub fn rewind(&mut self, mark: usize) {
        self.cache.rewind(mark);
    }

    /// Bytes the cache and the search's store hold, about.
    pub fn memory(&self) -> usize {
        self.cache.memory(24) + self.nodes.as_ref().map_or(0, Nodes::memory)
    }

    /// Whether the box just pushed from `from` onto `to` closes a corral that is dead.
    /// `boxes` is the child's box bitset and `player` the child's reachable area (flooded
    /// from `from`, where the player now stands).
    pub fn is_deadlock(
        &mut self,
        p: &Problem,
        boxes: &[u64],
        player: &Reach,
        from: Sq,
        to: Sq,
    ) -> bool {
        self.verdict(p, boxes, player, from, to, false).is_some()
    }

    /// [`Corral::is_deadlock`], saying which search proved it: the first
    /// ([`PruneReason::Corral`]) or, with `retry`, one run again with a larger budget
    /// ([`PruneReason::CorralRetry`]).
    pub fn verdict(
        &mut self,
        p: &Problem,
        boxes: &[u64],
        player: &Reach,
        from: Sq,
        to: Sq,
        retry: bool,
    ) -> Option<PruneReason> {
        let words = p.words();
        self.mark_region(p, boxes, player, to);
        if self.region_squares.is_empty() {
            return None;
        }
        // The corral's boxes: every box touching the region.
        self.state.clear();
        self.state.resize(p.stride, 0);
        let mut count = 0;
        let mut all_on_goals = true;
        for i in 0..self.region_squares.len() {
            let s = self.region_squares[i];
            for d in 0..4 {
                let b = p.board.nbr(s, d);
                if b != NONE && has_box(boxes, b) && !has_box(&self.state, b) {
                    set_box(&mut self.state, b);
                    count += 1;
                    all_on_goals &= p.board.is_goal(b);
                }
            }
        }
        if all_on_goals || count > MAX_BOXES {
            return None;
        }
        // Without the other boxes the player may already get in.
        let low = self.reach.flood(&p.board, &self.state[..words], from);
        if self.region_squares.iter().any(|&s| self.reach.reached(s)) {
            return None;
        }
        self.state[words] = low as u64;
        let key = p.zobrist.boxes_hash(&self.state[..words]) ^ p.zobrist.player_key(low);
        let known = match self.cache.get(&key).copied() {
            Some(Known::Undecided { asked }) if retry => {
                let asked = asked.saturating_add(1);
                if asked >= RETRY_FROM && asked.is_power_of_two() {
                    let budget =
                        (MAX_EXPANSIONS * (asked / (RETRY_FROM / 2))).min(MAX_RETRY_EXPANSIONS);
                    match self.search(p, key, budget) {
                        Some(true) => Known::Dead { retried: true },
                        Some(false) => Known::Alive,
                        None => Known::Undecided { asked },
                    }
                } else {
                    Known::Undecided { asked }
                }
            }
            Some(known) => return dead_by(known),
            None => match self.search(p, key, self.first_budget) {
                Some(true) => Known::Dead { retried: false },
                Some(false) => Known::Alive,
                None => Known::Undecided { asked: 1 },
            },
        };
        if self.cache.len() >= MAX_CACHED {
            self.cache.clear();
        }
        self.cache.insert(key, known);
        dead_by(known)
    }

    /// Marks the floor next to `to` that the player cannot reach, and what joins it.
    fn mark_region(&mut self, p: &Problem, boxes: &[u64], player: &Reach, to: Sq) {
        if self.region.len() != p.board.len() {
            self.region = vec![0; p.board.len()];
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.region.fill(0);
            self.stamp = 1;
        }
        self.region_squares.clear();
        let open = |s: Sq| s != NONE && !has_box(boxes, s) && !player.reached(s);
        for d in 0..4 {
            let s = p.board.nbr(to, d);
            if open(s) && self.region[s as usize] != self.stamp {
                self.region[s as usize] = self.stamp;
                self.stack.push(s);
            }
        }
        while let Some(s) = self.stack.pop() {
            self.region_squares.push(s);
            for d in 0..4 {
                let t = p.board.nbr(s, d);
                if open(t) && self.region[t as usize] != self.stamp {
                    self.region[t as usize] = self.stamp;
                    self.stack.push(t);
                }
            }
        }
    }

    /// The exhaustive search from `self.state` within `budget` expansions: true when it
    /// ends with neither the corral opened nor every box on a goal, false when one of them
    /// happens, none when the budget runs out first (or the search is interrupted).
    fn search(&mut self, p: &Problem, key: u64, budget: u32) -> Option<bool> {
        let words = p.words();
        let mut nodes = self.nodes.take().unwrap_or_else(|| Nodes::new(p.stride));
        nodes.clear();
        self.queue.clear();
        let info =
            NodeInfo { parent: 0, push: Push { from: 0, dir: 0 }, g: 0, h: 0, closed: false };
        nodes.insert(&self.state, key, info);
        self.queue.push_back(0);
        let mut expansions = 0;
        let mut verdict = Some(true);
        while let Some(id) = self.queue.pop_front() {
            expansions += 1;
            if expansions > budget || self.interrupt.raised() {
                verdict = None;
                break;
            }
            self.state.clear();
            self.state.extend_from_slice(nodes.state(id));
            let (region, reach, queue) =
                (&self.region_squares, &mut self.child_reach, &mut self.queue);
            let escaped = self.pushes.each(p, &self.state, |child, b, _, _| {
                let boxes = &child[..words];
                if boxes_of(boxes).all(|s| p.board.is_goal(s)) {
                    return ControlFlow::Break(());
                }
                let low = reach.flood(&p.board, boxes, b);
                if region.iter().any(|&s| reach.reached(s)) {
                    return ControlFlow::Break(());
                }
                let hash = p.zobrist.boxes_hash(boxes) ^ p.zobrist.player_key(low);
                child[words] = u64::from(low);
                if let Insert::New(n) = nodes.insert(child, hash, info) {
                    queue.push_back(n);
                }
                ControlFlow::Continue(())
            });
            if escaped.is_break() {
                verdict = Some(false);
                break;
            }
        }
        self.nodes = Some(nodes);
        verdict
    }
}

/// The rule a cached verdict prunes by, if dead.
fn dead_by(known: Known) -> Option<PruneReason> {
    match known {
        Known::Dead { retried: false } => Some(PruneReason::Corral),
        Known::Dead { retried: true } => Some(PruneReason::CorralRetry),
        Known::Alive | Known::Undecided { .. } => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::{Level, Pos};

    /// Whether the position of `rows` is a corral deadlock after the push that left the
    /// player on `from` and the box on `to` (both `(x, y)`), and the size of the corral.
    fn check(rows: &[&str], from: (usize, usize), to: (usize, usize)) -> (bool, usize) {
        let p = Problem::new(&Level::from_rows(rows).unwrap()).unwrap();
        let mut boxes = vec![0u64; p.words()];
        for &b in p.board.start_boxes() {
            set_box(&mut boxes, b);
        }
        let at = |(x, y)| p.board.square_at(Pos::new(x, y)).unwrap();
        let mut player = Reach::default();
        player.flood(&p.board, &boxes, at(from));
        let mut corral = Corral::new(Interrupt::default());
        let dead = corral.is_deadlock(&p, &boxes, &player, at(from), at(to));
        (dead, corral.region_squares.len())
    }

    #[test]
    fn a_pocket_that_can_neither_be_opened_nor_filled_is_dead() {
        // The box left of the player closes the pocket below the goal box; every way in
        // ends in a corner or a freeze.
        let rows = ["####", "# .#", "#  ###", "#*   #", "# $@ #", "#  ###", "####"];
        assert_eq!(check(&rows, (3, 4), (2, 4)), (true, 3));
        // Neither box is frozen, yet the upper one can only leave its column upwards from
        // the pocket.
        let rows = ["######", "#.   #", "#.## #", "#$   #", "# $@ #", "######"];
        assert_eq!(check(&rows, (3, 4), (2, 4)), (true, 1));
    }

    #[test]
    fn a_corral_the_player_can_open_is_not_dead() {
        // Pushing the right box down twice lets the player into the pocket.
        let rows = ["######", "#. . #", "#    #", "#$$@ #", "#  ###", "#  #", "####"];
        assert_eq!(check(&rows, (3, 3), (2, 3)), (false, 4));
        // No unreachable floor next to the pushed box: no corral at all.
        let rows = ["######", "#.   #", "#  $@#", "######"];
        assert_eq!(check(&rows, (4, 2), (3, 2)), (false, 0));
    }

    /// With first searches too small to decide anything, every corral is asked about again
    /// and again until a search run again with a larger budget decides it; every position
    /// called dead (by either search) on the small boards is dead by exhaustive search.
    #[test]
    fn every_position_called_dead_after_a_retry_is_dead_by_exhaustive_search() {
        use crate::solver::deadlock::exhaustive::{BOARDS, is_dead, positions, problem};
        let (mut retried, mut reach) = (0, Reach::default());
        for rows in BOARDS {
            let p = problem(rows);
            let mut corral = Corral { first_budget: 1, ..Corral::new(Interrupt::default()) };
            for (boxes, player) in positions(&p) {
                // The player stands where the box just pushed came from.
                for to in boxes_of(&boxes) {
                    if (0..4).all(|d| p.board.nbr(to, d) != player) {
                        continue;
                    }
                    reach.flood(&p.board, &boxes, player);
                    for _ in 0..(RETRY_FROM * 8) {
                        let verdict = corral.verdict(&p, &boxes, &reach, player, to, true);
                        if let Some(reason) = verdict {
                            retried += usize::from(reason == PruneReason::CorralRetry);
                            assert!(is_dead(&p, &boxes, player), "{rows:?} player {player}");
                            break;
                        }
                    }
                }
            }
        }
        assert!(retried > 0, "no corral was decided by a search run again");
    }
}
