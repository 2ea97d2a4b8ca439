//! The oracle's search: every position reachable by pushes from a given one, with no
//! pruning at all, so that its verdict depends on none of the detectors it judges.
//!
//! Positions are box bitsets with the player's normalised square (the lowest square of his
//! area), stored once in a transposition table. The order is best-first by the sum of each
//! box's pushes to its nearest goal, which finds a solution of a live position quickly; a
//! box that can reach no goal is ordered last, never dropped. The goal is every box on a
//! goal, so the same search decides a subset of a position's boxes (the player keeping his
//! square): taking boxes off never makes a position harder, so a dead subset proves the
//! whole position dead.

use crate::solver::analysis::distances::INF;
use crate::solver::analysis::problem::Problem;
use crate::solver::model::board::Sq;
use crate::solver::model::interrupt::Interrupt;
use crate::solver::model::reach::Reach;
use crate::solver::model::state::{boxes_of, clear_box, player_of, set_box};
use crate::solver::model::table::{Insert, NodeId, NodeInfo, Nodes, Push};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// What one search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Found {
    /// Every box can be put on a goal: the node where they all are (or a node the memo
    /// knows alive).
    Alive(NodeId),
    /// Every position reachable was stored and none has every box on a goal.
    Dead,
    /// The budget ran out, or the interrupt was raised.
    Unknown,
}

/// Positions decided by earlier searches of one level: every position reachable from a
/// dead one is dead, and every position on a solution's line is alive. Coverage runs, which
/// decide many positions of one level, stop a search where it meets one.
#[derive(Debug)]
pub(crate) struct Memo {
    dead: Nodes,
    alive: Nodes,
    /// The most positions each table takes.
    cap: usize,
}

impl Memo {
    /// An empty memo for states of `stride` words holding at most `cap` positions a side.
    pub fn new(stride: usize, cap: usize) -> Self {
        Memo { dead: Nodes::new(stride), alive: Nodes::new(stride), cap }
    }

    fn note(table: &mut Nodes, cap: usize, state: &[u64], hash: u64) {
        if table.len() < cap {
            table.insert(state, hash, ROOT);
        }
    }

    /// Bytes the two tables hold.
    pub fn memory(&self) -> usize {
        self.dead.memory() + self.alive.memory()
    }
}

const ROOT: NodeInfo =
    NodeInfo { parent: 0, push: Push { from: 0, dir: 0 }, g: 0, h: 0, closed: false };

/// How many positions pass between two looks at the memory limit.
const ACCOUNT_EVERY: usize = 4096;

/// Scratch space for the oracle's searches, and the memo of a coverage run.
#[derive(Debug)]
pub(crate) struct Exhaustive {
    nodes: Nodes,
    heap: BinaryHeap<Reverse<(u32, NodeId)>>,
    reach: Reach,
    child_reach: Reach,
    state: Vec<u64>,
    child: Vec<u64>,
    list: Vec<Sq>,
    interrupt: Interrupt,
    /// Decided positions, when the caller keeps them.
    pub memo: Option<Memo>,
    /// Positions stored by every search so far.
    pub searched: u64,
}

impl Exhaustive {
    /// Scratch for searches of `p` that give up when `interrupt` is raised.
    pub fn new(p: &Problem, interrupt: &Interrupt) -> Self {
        Exhaustive {
            nodes: Nodes::new(p.stride),
            heap: BinaryHeap::new(),
            reach: Reach::default(),
            child_reach: Reach::default(),
            state: Vec::new(),
            child: Vec::new(),
            list: Vec::new(),
            interrupt: interrupt.clone(),
            memo: None,
            searched: 0,
        }
    }

    /// Positions the last search stored.
    pub fn positions(&self) -> u64 {
        self.nodes.len() as u64
    }

    /// Bytes the store and the memo hold.
    pub fn memory(&self) -> usize {
        self.nodes.memory() + self.memo.as_ref().map_or(0, Memo::memory)
    }

    /// The pushes (box square before, direction index) from the last search's start to
    /// `id`.
    pub fn pushes_to(&self, id: NodeId) -> Vec<(Sq, u8)> {
        let path = self.nodes.path(id);
        path[1..].iter().map(|&n| self.nodes.info(n).push).map(|q| (q.from, q.dir)).collect()
    }

    /// Whether the boxes `boxes` (any number of them), the player on `player`, can all be
    /// pushed onto goals: searched until every reachable position is stored, one has every
    /// box on a goal, `budget` positions are stored, or the interrupt is raised. With a
    /// memo, what the search decides is noted there, and a position the memo knows ends
    /// the search (alive) or is not expanded (dead).
    pub fn search(&mut self, p: &Problem, boxes: &[u64], player: Sq, budget: u64) -> Found {
        let words = p.words();
        self.nodes.clear();
        self.heap.clear();
        self.state.clear();
        self.state.extend_from_slice(&boxes[..words]);
        let low = self.reach.flood(&p.board, &self.state, player);
        self.state.push(u64::from(low));
        let hash = p.hash(&self.state);
        let root = match self.nodes.insert(&self.state, hash, ROOT) {
            Insert::New(id) | Insert::Known(id) => id,
        };
        let found = if on_goals(p, &self.state) || self.known(true, root) {
            Found::Alive(root)
        } else if self.known(false, root) {
            Found::Dead
        } else {
            self.heap.push(Reverse((estimate(p, boxes), root)));
            self.run(p, budget)
        };
        self.remember(found);
        self.searched += self.positions();
        found
    }

    fn run(&mut self, p: &Problem, budget: u64) -> Found {
        let words = p.words();
        while let Some(Reverse((_, id))) = self.heap.pop() {
            if self.interrupt.raised() {
                return Found::Unknown;
            }
            if self.known(false, id) {
                continue;
            }
            self.state.clear();
            self.state.extend_from_slice(self.nodes.state(id));
            self.reach.flood(&p.board, &self.state[..words], player_of(&self.state));
            self.list.clear();
            self.list.extend(boxes_of(&self.state[..words]));
            for i in 0..self.list.len() {
                let b = self.list[i];
                for (d, dest) in self.reach.pushes(&p.board, &self.state[..words], b) {
                    self.child.clear();
                    self.child.extend_from_slice(&self.state);
                    clear_box(&mut self.child, b);
                    set_box(&mut self.child, dest);
                    let low = self.child_reach.flood(&p.board, &self.child[..words], b);
                    self.child[words] = u64::from(low);
                    let hash = p.hash(&self.child);
                    let push = Push { from: b, dir: d as u8 };
                    let info = NodeInfo { parent: id, push, ..ROOT };
                    let Insert::New(n) = self.nodes.insert(&self.child, hash, info) else {
                        continue;
                    };
                    if on_goals(p, &self.child) || self.known(true, n) {
                        return Found::Alive(n);
                    }
                    self.heap.push(Reverse((estimate(p, &self.child[..words]), n)));
                    let stored = self.nodes.len();
                    if stored as u64 >= budget {
                        return Found::Unknown;
                    }
                    if stored.is_multiple_of(ACCOUNT_EVERY) && self.interrupt.account(self.memory())
                    {
                        return Found::Unknown;
                    }
                }
            }
        }
        Found::Dead
    }

    /// Whether the memo knows node `id` of the current search alive (or dead).
    fn known(&self, alive: bool, id: NodeId) -> bool {
        let Some(memo) = &self.memo else { return false };
        let table = if alive { &memo.alive } else { &memo.dead };
        table.len() > 0 && table.find(self.nodes.state(id), self.nodes.hash(id)).is_some()
    }

    /// Notes in the memo what the search found: every position it stored, when dead (each
    /// is reachable from the dead start); the line's positions, when alive.
    fn remember(&mut self, found: Found) {
        let Some(memo) = &mut self.memo else { return };
        match found {
            Found::Dead => {
                for id in 0..self.nodes.len() as NodeId {
                    let (state, hash) = (self.nodes.state(id), self.nodes.hash(id));
                    Memo::note(&mut memo.dead, memo.cap, state, hash);
                }
            }
            Found::Alive(n) => {
                for id in self.nodes.path(n) {
                    let (state, hash) = (self.nodes.state(id), self.nodes.hash(id));
                    Memo::note(&mut memo.alive, memo.cap, state, hash);
                }
            }
            Found::Unknown => {}
        }
    }
}

/// Whether every box of `state` stands on a goal.
fn on_goals(p: &Problem, state: &[u64]) -> bool {
    state[..p.words()].iter().zip(&p.goal_set).all(|(b, g)| b & !g == 0)
}

/// The order of the search: each box's pushes to its nearest goal, summed (a box that can
/// reach none counts as far as the board is long, so it comes last but is still searched).
fn estimate(p: &Problem, boxes: &[u64]) -> u32 {
    let far = p.board.len() as u32;
    boxes_of(&boxes[..p.words()])
        .map(|b| match p.dist.nearest(b) {
            INF => far,
            d => u32::from(d),
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::deadlock::exhaustive::{BOARDS, is_dead, positions, problem};

    #[test]
    fn the_oracle_agrees_with_the_detectors_exhaustive_search_on_every_position() {
        for rows in BOARDS {
            let p = problem(rows);
            let mut ex = Exhaustive::new(&p, &Interrupt::default());
            let (mut dead, mut alive) = (0, 0);
            for (boxes, player) in positions(&p) {
                let found = ex.search(&p, &boxes, player, u64::MAX);
                assert_ne!(found, Found::Unknown);
                assert_eq!(found == Found::Dead, is_dead(&p, &boxes, player), "{rows:?}");
                if found == Found::Dead { dead += 1 } else { alive += 1 }
            }
            assert!(dead > 0 && alive > 0, "{rows:?}: {dead} dead, {alive} alive");
        }
    }

    #[test]
    fn a_memo_gives_the_same_verdicts_and_a_budget_gives_unknown() {
        let p = problem(BOARDS[2]);
        let mut plain = Exhaustive::new(&p, &Interrupt::default());
        let mut memo = Exhaustive::new(&p, &Interrupt::default());
        memo.memo = Some(Memo::new(p.stride, usize::MAX));
        for (boxes, player) in positions(&p) {
            let a = plain.search(&p, &boxes, player, u64::MAX);
            let b = memo.search(&p, &boxes, player, u64::MAX);
            assert_eq!(a == Found::Dead, b == Found::Dead);
        }
        assert!(memo.memo.as_ref().unwrap().dead.len() > 0);
        let (boxes, player) = (p.root()[..p.words()].to_vec(), p.board.start_player());
        assert_eq!(plain.search(&p, &boxes, player, 2), Found::Unknown);
    }
}
