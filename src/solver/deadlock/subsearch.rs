//! Can a few boxes, alone on the board, all be put on goals?
//!
//! Taking boxes off the board never makes a position harder: a solution of the full
//! position, with the pushes of the removed boxes left out, solves the position of the
//! remaining boxes. So if some boxes alone cannot all reach goals, the full position is
//! dead. This module answers that question for a handful of boxes with a small best-first
//! search (guided by each box's distance to its nearest goal, so that solvable sets are
//! usually answered in a few expansions) under an expansion budget: [`Answer::Dead`] only
//! when every position was tried.
//!
//! A relaxed search ([`SubSearch::relaxed`]) also takes boxes off as it goes, as Festival's
//! xy-deadlock search does: a box the player can move out of the way ([`movable_box`]: one
//! it can push along both axes, or one square and back) is removed, the position without it
//! being the only child. By the same argument a dead child proves its parent dead, and the
//! boxes left are fewer, so more sets are proved dead within a budget.

use crate::solver::analysis::problem::Problem;
use crate::solver::deadlock::local::LocalPushes;
use crate::solver::model::board::{NONE, Sq, opposite};
use crate::solver::model::interrupt::Interrupt;
use crate::solver::model::reach::Reach;
use crate::solver::model::state::{boxes_of, clear_box, has_box, set_box};
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
    /// The player's reach after a trial push ([`movable_box`]).
    moved: Reach,
    pushes: LocalPushes,
    state: Vec<u64>,
    interrupt: Interrupt,
    /// Expansions of the last search.
    pub expanded: u32,
    /// Player floods of the last search: each costs up to one visit per floor square.
    pub floods: u32,
    /// Boxes taken off in the last search (a relaxed search's).
    pub taken_off: u32,
    relax: bool,
}

impl SubSearch {
    /// A sub-search that gives up (answering [`Answer::Unknown`]) when `interrupt` is
    /// raised.
    pub fn new(interrupt: Interrupt) -> Self {
        SubSearch { interrupt, ..SubSearch::default() }
    }

    /// The search, relaxed when `on`: boxes the player can move out of the way are taken off
    /// as it goes (see the module's doc). It never answers [`Answer::Alive`] once it has
    /// taken a box off, since a solution found then is one of fewer boxes.
    pub fn relaxed(mut self, on: bool) -> Self {
        self.relax = on;
        self
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
        self.taken_off = 0;
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
        self.expanded = 0;
        while let Some(Reverse((_, id))) = self.heap.pop() {
            if self.expanded >= budget || self.interrupt.raised() {
                return Answer::Unknown;
            }
            self.expanded += 1;
            self.state.clear();
            self.state.extend_from_slice(nodes.state(id));
            self.floods += 1;
            let reach = self.pushes.flood(p, &self.state);
            if self.relax
                && let Some(b) = movable_box(p, &mut self.state, reach, &mut self.moved)
            {
                self.taken_off += 1;
                clear_box(&mut self.state, b);
                let info = NodeInfo {
                    parent: id,
                    push: Push { from: b, dir: 0 },
                    g: 0,
                    h: 0,
                    closed: false,
                };
                let (reach, heap, floods) =
                    (&mut self.child_reach, &mut self.heap, &mut self.floods);
                if add_child(p, nodes, heap, reach, floods, &mut self.state, info).is_break() {
                    return Answer::Unknown;
                }
                continue;
            }
            let (reach, heap, floods) = (&mut self.child_reach, &mut self.heap, &mut self.floods);
            let alive = self.pushes.each_flooded(p, &self.state, |child, b, d, _| {
                let push = Push { from: b, dir: d as u8 };
                let info = NodeInfo { parent: id, push, g: 0, h: 0, closed: false };
                add_child(p, nodes, heap, reach, floods, child, info)
            });
            if alive.is_break() {
                return if self.taken_off == 0 { Answer::Alive } else { Answer::Unknown };
            }
        }
        Answer::Dead
    }
}

/// A box the player (whose area is `reach`) can move out of the way, as Festival's
/// xy-deadlock and stuck-pattern searches take them off: one it can push along both axes
/// ([`free_box`]), else one it can push one square and back ([`wobbler`]). `state` holds the
/// boxes (and maybe the player's word after them); it is restored before returning.
pub(crate) fn movable_box(
    p: &Problem,
    state: &mut [u64],
    reach: &Reach,
    moved: &mut Reach,
) -> Option<Sq> {
    let words = p.words();
    free_box(p, state, reach).or_else(|| wobbler(p, &mut state[..words], reach, moved))
}

/// A box of `state` the player can push along both axes: live free floor on both sides of
/// it along each, the player (whose area is `reach`) on one side.
fn free_box(p: &Problem, state: &[u64], reach: &Reach) -> Option<Sq> {
    let words = p.words();
    let (board, boxes) = (&p.board, &state[..words]);
    let open = |s: Sq| s != NONE && !has_box(boxes, s) && !p.dist.is_dead(s);
    boxes_of(boxes).find(|&b| {
        [0, 2].iter().all(|&d| {
            let (a, z) = (board.nbr(b, d), board.nbr(b, opposite(d)));
            open(a) && open(z) && (reach.reached(a) || reach.reached(z))
        })
    })
}

/// A box of `boxes` the player (whose area is `reach`) can push one square and push back:
/// a push of it ([`Reach::pushes`]) with the square beyond free, and that square in the
/// player's reach once the box has moved. `boxes` is restored before returning.
fn wobbler(p: &Problem, boxes: &mut [u64], reach: &Reach, moved: &mut Reach) -> Option<Sq> {
    let board = &p.board;
    // The boxes are read from a copy of each word, since the trial pushes change `boxes`.
    (0..boxes.len()).find_map(|w| {
        let word = [boxes[w]];
        boxes_of(&word).map(|b| b + (w * 64) as Sq).find(|&b| {
            reach.pushes(board, boxes, b).any(|(d, ahead)| {
                let beyond = board.nbr(ahead, d);
                if beyond == NONE || has_box(boxes, beyond) {
                    return false;
                }
                clear_box(boxes, b);
                set_box(boxes, ahead);
                moved.flood(board, boxes, b);
                clear_box(boxes, ahead);
                set_box(boxes, b);
                moved.reached(beyond)
            })
        })
    })
}

/// Stores `child` (boxes, then the player's word, filled here with the low square of the area
/// around `info.push.from`, where the player stands) as `info` says, with its estimate, unless
/// it is stored already; [`ControlFlow::Break`] when its boxes all stand on goals.
fn add_child(
    p: &Problem,
    nodes: &mut Nodes,
    heap: &mut BinaryHeap<Reverse<(u32, u32)>>,
    reach: &mut Reach,
    floods: &mut u32,
    child: &mut [u64],
    info: NodeInfo,
) -> ControlFlow<()> {
    let words = p.words();
    let h = estimate(p, &child[..words]);
    if h == 0 {
        return ControlFlow::Break(());
    }
    *floods += 1;
    child[words] = u64::from(reach.flood(&p.board, &child[..words], info.push.from));
    if let Insert::New(n) = nodes.insert(child, hash(p, child), NodeInfo { h, ..info }) {
        heap.push(Reverse((h, n)));
    }
    ControlFlow::Continue(())
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

    #[test]
    fn a_box_free_on_both_axes_is_taken_off() {
        // A lone box in the open can be pushed either way along both axes: the relaxed
        // search takes it off (and then cannot answer Alive), the plain one solves it.
        let rows = [
            "#########",
            "#       #",
            "#       #",
            "#   $   #",
            "#       #",
            "#*  @  .#",
            "#########",
        ];
        let p = Problem::new(&Level::from_rows(&rows).unwrap()).unwrap();
        let mut bits = vec![0u64; p.words()];
        set_box(&mut bits, p.board.square_at(Pos::new(4, 3)).unwrap());
        let player = p.board.start_player();
        let mut relaxed = SubSearch::default().relaxed(true);
        let answer = relaxed.solve(&p, &bits, player, 100);
        assert_eq!((answer, relaxed.taken_off), (Answer::Unknown, 1));
        assert_eq!(SubSearch::default().solve(&p, &bits, player, 100), Answer::Alive);
    }

    #[test]
    fn a_wobbler_is_a_box_pushed_one_square_and_back_and_the_relaxed_search_takes_it_off() {
        // The box lies against a wall, so it is not free along both axes.
        for (rows, wobbles) in [
            (["#######", "#@ $ .#", "#     #", "#######"], true),
            // In a corridor the player cannot get round the box to push it back.
            (["#######", "#@ $ .#", "#######", "       "], false),
        ] {
            let p = Problem::new(&Level::from_rows(&rows).unwrap()).unwrap();
            let mut boxes = p.box_bits(p.board.start_boxes().iter().copied());
            let player = p.board.square_at(Pos::new(1, 1)).unwrap();
            let mut reach = Reach::default();
            reach.flood(&p.board, &boxes, player);
            let before = boxes.clone();
            let found = wobbler(&p, &mut boxes, &reach, &mut Reach::default());
            let square = p.board.square_at(Pos::new(3, 1)).unwrap();
            assert_eq!(found, wobbles.then_some(square), "{rows:?}");
            assert_eq!(boxes, before, "the boxes are restored");
            let mut relaxed = SubSearch::default().relaxed(true);
            let answer = relaxed.solve(&p, &boxes, player, 100);
            let expected = if wobbles { (Answer::Unknown, 1) } else { (Answer::Alive, 0) };
            assert_eq!((answer, relaxed.taken_off), expected, "{rows:?}");
        }
    }
}
