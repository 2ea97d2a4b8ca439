//! Can a few boxes, alone on the board, all be put on goals?
//!
//! Taking boxes off the board never makes a position harder: a solution of the full
//! position, with the pushes of the removed boxes left out, solves the position of the
//! remaining boxes. So if some boxes alone cannot all reach goals, the full position is
//! dead. This module answers that question for a handful of boxes with a small best-first
//! search (guided by each box's distance to its nearest goal, so that solvable sets are
//! usually answered in a few expansions) under an expansion budget: [`Answer::Dead`] only
//! when every position was tried.

use crate::solver::analysis::problem::Problem;
use crate::solver::deadlock::local::LocalPushes;
use crate::solver::model::board::Sq;
use crate::solver::model::interrupt::Interrupt;
use crate::solver::model::reach::Reach;
use crate::solver::model::state::boxes_of;
use crate::solver::model::table::{Insert, NodeInfo, Nodes, Push};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::ops::ControlFlow;

/// What a sub-search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Every box can be put on a goal.
    Alive,
    /// No sequence of pushes puts every box on a goal: a position holding these boxes,
    /// with the player in the same area, is dead.
    Dead,
    /// The budget ran out.
    Unknown,
}

/// Scratch space for sub-searches.
#[derive(Debug, Default)]
pub struct SubSearch {
    nodes: Option<Nodes>,
    heap: BinaryHeap<Reverse<(u32, u32)>>,
    reach: Reach,
    child_reach: Reach,
    pushes: LocalPushes,
    state: Vec<u64>,
    interrupt: Interrupt,
    /// Expansions of the last search.
    pub expanded: u32,
    /// Player floods of the last search: each costs up to one visit per floor square.
    pub floods: u32,
}

impl SubSearch {
    /// A sub-search that gives up (answering [`Answer::Unknown`]) when `interrupt` is
    /// raised.
    pub fn new(interrupt: Interrupt) -> Self {
        SubSearch { interrupt, ..SubSearch::default() }
    }

    /// Bytes the search's store holds.
    pub fn memory(&self) -> usize {
        self.nodes.as_ref().map_or(0, Nodes::memory)
    }

    /// Whether the boxes of `boxes` (a bitset holding only the boxes examined) can all be
    /// pushed onto goals with the player starting on `player`, within `budget` expansions.
    pub fn solve(&mut self, p: &Problem, boxes: &[u64], player: Sq, budget: u32) -> Answer {
        let words = p.words();
        let mut nodes = self.nodes.take().unwrap_or_else(|| Nodes::new(p.stride));
        nodes.clear();
        self.heap.clear();
        self.state.clear();
        self.state.extend_from_slice(boxes);
        self.floods = 1;
        let low = self.reach.flood(&p.board, &self.state[..words], player);
        self.state.push(low as u64);
        let info =
            NodeInfo { parent: 0, push: Push { from: 0, dir: 0 }, g: 0, h: 0, closed: false };
        let h = estimate(p, &self.state[..words]);
        let answer = if h == u32::MAX {
            Answer::Dead
        } else if h == 0 {
            Answer::Alive
        } else {
            nodes.insert(&self.state, hash(p, &self.state), info);
            self.heap.push(Reverse((h, 0)));
            self.run(p, &mut nodes, budget)
        };
        self.nodes = Some(nodes);
        answer
    }

    fn run(&mut self, p: &Problem, nodes: &mut Nodes, budget: u32) -> Answer {
        let words = p.words();
        self.expanded = 0;
        while let Some(Reverse((_, id))) = self.heap.pop() {
            if self.expanded >= budget || self.interrupt.raised() {
                return Answer::Unknown;
            }
            self.expanded += 1;
            self.state.clear();
            self.state.extend_from_slice(nodes.state(id));
            self.floods += 1;
            let (reach, heap, floods) = (&mut self.child_reach, &mut self.heap, &mut self.floods);
            let alive = self.pushes.each(p, &self.state, |child, b, d, _| {
                let h = estimate(p, &child[..words]);
                if h == 0 {
                    return ControlFlow::Break(());
                }
                *floods += 1;
                let low = reach.flood(&p.board, &child[..words], b);
                child[words] = u64::from(low);
                let push = Push { from: b, dir: d as u8 };
                let info = NodeInfo { parent: id, push, g: 0, h, closed: false };
                if let Insert::New(n) = nodes.insert(child, hash(p, child), info) {
                    heap.push(Reverse((h, n)));
                }
                ControlFlow::Continue(())
            });
            if alive.is_break() {
                return Answer::Alive;
            }
        }
        Answer::Dead
    }
}

/// Sum over boxes of the pushes to the nearest goal (0: all on goals; `u32::MAX`: a box
/// on a dead square).
fn estimate(p: &Problem, boxes: &[u64]) -> u32 {
    let mut sum = 0u32;
    for b in boxes_of(boxes) {
        let d = p.dist.nearest(b);
        if d == crate::solver::analysis::distances::INF {
            return u32::MAX;
        }
        sum += u32::from(d);
    }
    sum
}

fn hash(p: &Problem, state: &[u64]) -> u64 {
    let words = p.words();
    p.zobrist.boxes_hash(&state[..words]) ^ p.zobrist.player_key(state[words] as Sq)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::{Level, Pos};
    use crate::solver::model::state::set_box;

    fn answer(rows: &[&str], boxes: &[(usize, usize)], budget: u32) -> Answer {
        let p = Problem::new(&Level::from_rows(rows).unwrap()).unwrap();
        let mut bits = vec![0u64; p.words()];
        for &(x, y) in boxes {
            set_box(&mut bits, p.board.square_at(Pos::new(x, y)).unwrap());
        }
        SubSearch::default().solve(&p, &bits, p.board.start_player(), budget)
    }

    const ROOM: [&str; 5] = ["#######", "#     #", "#  @  #", "#.$$ .#", "#######"];

    #[test]
    fn two_boxes_side_by_side_on_a_wall_without_goals_are_dead() {
        assert_eq!(answer(&ROOM, &[(2, 3), (3, 3)], 10_000), Answer::Dead);
    }

    #[test]
    fn boxes_in_open_floor_are_alive_and_a_spent_budget_is_unknown() {
        assert_eq!(answer(&ROOM, &[(2, 2), (4, 2)], 10_000), Answer::Alive);
        assert_eq!(answer(&ROOM, &[(2, 2), (4, 2)], 0), Answer::Unknown);
        assert_eq!(answer(&ROOM, &[(1, 3), (5, 3)], 0), Answer::Alive, "already on goals");
    }
}
