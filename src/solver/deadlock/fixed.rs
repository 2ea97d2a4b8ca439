//! Fixed boxes: a box frozen on a goal never moves again, so from then on it is a wall.
//! With those walls, every other box is tried alone with the player where it stands (the
//! other movable boxes lifted off): the squares it can be pushed to, the player walking
//! round the walls. The movable boxes must still be matched, each to an open goal of its
//! own among those squares.
//!
//! Sound: the frozen boxes never move, and lifting boxes off only frees the way, so any
//! solution moves each box along a path this relaxation allows. It sees what the sealed
//! goals check ([`super::sealed`]) cannot: a goal whose last square a box can only be
//! pushed into from a side the player can no longer reach.

use crate::solver::analysis::problem::Problem;
use crate::solver::deadlock::freeze::Freeze;
use crate::solver::model::board::{NONE, Sq};
use crate::solver::model::box_moves::BoxMoves;
use crate::solver::model::interrupt::Interrupt;
use crate::solver::model::state::{boxes_of, has_box, set_box};
use std::collections::HashMap;

/// Scratch space for fixed-box checks, and the box searches they keep: one checker serves
/// one problem.
#[derive(Debug, Default)]
pub struct Fixed {
    freeze: Freeze,
    box_moves: BoxMoves,
    /// The boxes frozen on goals.
    walls: Vec<u64>,
    /// The relaxed position: the walls and one box.
    relaxed: Vec<u64>,
    /// Per square: its index among the goals not walled (or [`NOT_OPEN`]).
    open: Vec<u16>,
    /// Per movable box: the open goals it can reach (indices as in `open`); only the
    /// first ones, as many as the last check tried, are this check's.
    edges: Vec<Vec<u16>>,
    /// Per open goal: the box matched to it.
    owner: Vec<usize>,
    tried: Vec<u32>,
    stamp: u32,
    /// The sets of walls met, each with its number in `found`'s keys.
    wall_sets: HashMap<Vec<u64>, u32>,
    /// What each box search found, kept across checks (a check's searches depend on the
    /// walls, the box's square and the player's side of it, not on the other boxes): per
    /// set of walls, box square and the least neighbour of the box the player reaches
    /// ([`NONE`]: none), the open goals the box reaches (indices as in `open`, which the
    /// walls decide). Emptied when it holds [`MAX_KEPT`] searches.
    found: HashMap<(u32, Sq, Sq), Vec<u16>>,
    /// Bytes `wall_sets` and `found` hold, about.
    kept_bytes: usize,
    /// Stops the check between boxes (the position is then not called dead).
    interrupt: Interrupt,
}

/// The most box searches [`Fixed`] keeps.
const MAX_KEPT: usize = 1 << 16;

const FREE: usize = usize::MAX;

/// A square that is not an open goal.
const NOT_OPEN: u16 = u16::MAX;

/// The most work one check may take, counted as movable boxes times squares (each box's
/// search visits every square up to four times); bigger positions are not checked.
const MAX_WORK: usize = 1 << 22;

impl Fixed {
    /// A checker that gives up, calling nothing dead, when `interrupt` is raised.
    pub fn new(interrupt: &Interrupt) -> Self {
        Fixed { interrupt: interrupt.clone(), ..Fixed::default() }
    }

    /// Whether `boxes`, whose box just pushed onto `to` froze there on a goal, the player on
    /// `player`, leaves its movable boxes without distinct open goals they can reach.
    /// Checks nothing (false) unless the pushed box froze on a goal, or on positions too big
    /// to check ([`MAX_WORK`]). (The judge runs the parts itself, with the retrograde
    /// analysis between them.)
    #[cfg(test)]
    pub fn is_deadlock(&mut self, p: &Problem, boxes: &[u64], player: Sq, to: Sq) -> bool {
        if !self.froze_on_goal(p, boxes, to) {
            return false;
        }
        let walls = self.frozen_on_goals(p, boxes).to_vec();
        self.unmatched(p, boxes, player, &walls)
    }

    /// Bytes the kept box searches hold, about.
    pub fn memory(&self) -> usize {
        self.kept_bytes
    }

    /// Whether the box just pushed onto `to` froze there on a goal (the checks that treat
    /// frozen boxes as walls run only then: nothing else makes new ones).
    pub fn froze_on_goal(&mut self, p: &Problem, boxes: &[u64], to: Sq) -> bool {
        p.board.is_goal(to) && !self.freeze.frozen_with(&p.board, &p.dist, boxes, to).is_empty()
    }

    /// The boxes of `boxes` frozen on goals, as a bitset.
    pub fn frozen_on_goals(&mut self, p: &Problem, boxes: &[u64]) -> &[u64] {
        self.freeze.frozen_on_goals(&p.board, &p.dist, boxes, &mut self.walls);
        &self.walls
    }

    /// Whether, with the squares of `walls` as walls (boxes of `boxes` that never move),
    /// the other boxes, each alone with the player on `player`, cannot be given distinct
    /// open goals they reach. False on positions too big to check ([`MAX_WORK`]).
    pub fn unmatched(&mut self, p: &Problem, boxes: &[u64], player: Sq, walls: &[u64]) -> bool {
        let board = &p.board;
        let movable = || boxes_of(boxes).filter(|&b| !has_box(walls, b));
        if movable().count() * board.len() > MAX_WORK {
            return false;
        }
        // Per square: its index among the open goals, or none.
        self.open.clear();
        self.open.resize(board.len(), NOT_OPEN);
        let mut goals = 0;
        for &g in board.goals() {
            if !has_box(walls, g) {
                self.open[g as usize] = goals;
                goals += 1;
            }
        }
        self.edges.iter_mut().for_each(Vec::clear);
        if self.found.len() >= MAX_KEPT {
            self.found.clear();
            self.wall_sets.clear();
            self.kept_bytes = 0;
        }
        let set = match self.wall_sets.get(walls) {
            Some(&set) => set,
            None => {
                let set = self.wall_sets.len() as u32;
                self.wall_sets.insert(walls.to_vec(), set);
                self.kept_bytes += 8 * walls.len() + 48;
                set
            }
        };
        let mut boxes_tried = 0;
        for b in movable() {
            if self.interrupt.raised() {
                return false;
            }
            self.relaxed.clear();
            self.relaxed.extend_from_slice(walls);
            set_box(&mut self.relaxed, b);
            let reach = self.box_moves.flood(board, &self.relaxed, player);
            let side = (0..4)
                .map(|d| board.nbr(b, d))
                .filter(|&u| u != NONE && reach.reached(u))
                .min()
                .unwrap_or(NONE);
            if self.edges.len() == boxes_tried {
                self.edges.push(Vec::new());
            }
            let edges = &mut self.edges[boxes_tried];
            boxes_tried += 1;
            if let Some(goals) = self.found.get(&(set, b, side)) {
                edges.extend_from_slice(goals);
            } else {
                let squares =
                    self.box_moves.squares(board, &self.relaxed, b, |s| p.dist.towards_goals(s));
                for i in std::iter::once(b).chain(squares).map(|s| self.open[s as usize]) {
                    // A square is visited once per side of the box: each goal is kept once.
                    if i != NOT_OPEN && !edges.contains(&i) {
                        edges.push(i);
                    }
                }
                self.kept_bytes += 2 * edges.len() + 56;
                self.found.insert((set, b, side), edges.clone());
            }
            if edges.is_empty() {
                return true;
            }
        }
        !self.matched(goals as usize, boxes_tried)
    }

    /// Whether each of the first `boxes` movable boxes gets an open goal of its own (Kuhn's
    /// augmenting paths).
    fn matched(&mut self, goals: usize, boxes: usize) -> bool {
        self.owner.clear();
        self.owner.resize(goals, FREE);
        self.tried.clear();
        self.tried.resize(goals, 0);
        (0..boxes).all(|i| {
            self.stamp += 1;
            self.augment(i)
        })
    }

    fn augment(&mut self, i: usize) -> bool {
        for k in 0..self.edges[i].len() {
            let g = usize::from(self.edges[i][k]);
            if self.tried[g] == self.stamp {
                continue;
            }
            self.tried[g] = self.stamp;
            if self.owner[g] == FREE || self.augment(self.owner[g]) {
                self.owner[g] = i;
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::{Level, Pos};

    /// Whether the start position of `rows` is called dead, the box on `to` just pushed.
    fn check(rows: &[&str], to: (usize, usize)) -> bool {
        let p = Problem::new(&Level::from_rows(rows).unwrap()).unwrap();
        let boxes = p.box_bits(p.board.start_boxes().iter().copied());
        let to = p.board.square_at(Pos::new(to.0, to.1)).unwrap();
        let player = p.board.start_player();
        Fixed::default().is_deadlock(&p, &boxes, player, to)
    }

    /// The last goal sits below a one-wide shaft whose top the player can only reach
    /// through the shaft itself: with the goal row frozen, the box in the side room can be
    /// pushed to the shaft's mouth but never down it.
    const SHAFT: [&str; 5] = ["#########", "#### ####", "#*** $ @#", "####.####", "#########"];

    #[test]
    fn a_goal_the_player_can_no_longer_push_into_is_dead() {
        // The box must go down from the shaft's mouth, but the player can only stand above
        // it by passing it.
        assert!(check(&SHAFT, (3, 2)));
    }

    #[test]
    fn the_same_goal_with_the_player_above_the_shaft_is_alive() {
        let rows = ["#########", "####@####", "#***$   #", "####.####", "#########"];
        assert!(!check(&rows, (3, 2)));
    }

    #[test]
    fn nothing_is_checked_unless_the_pushed_box_froze_on_a_goal() {
        assert!(!check(&SHAFT, (5, 2)), "the pushed box is off a goal");
    }

    /// Every position of a few small boards (each set of as many boxes as goals, off dead
    /// squares, each player square, each box on a goal as the one just pushed) that the
    /// check calls dead is dead by exhaustive search.
    #[test]
    fn every_position_called_dead_is_dead_by_exhaustive_search() {
        use crate::solver::deadlock::exhaustive::{BOARDS, is_dead, positions, problem};
        let mut called = 0;
        for rows in BOARDS {
            let p = problem(rows);
            let mut fixed = Fixed::default();
            for (boxes, player) in positions(&p) {
                for to in boxes_of(&boxes).filter(|&b| p.board.is_goal(b)) {
                    if fixed.is_deadlock(&p, &boxes, player, to) {
                        called += 1;
                        assert!(is_dead(&p, &boxes, player), "{rows:?} player {player}");
                    }
                }
            }
        }
        assert!(called > 100, "only {called} positions called dead");
    }

    /// The searches kept across checks change no answer: on every position of the small
    /// boards, one checker kept throughout says what a fresh one says.
    #[test]
    fn kept_searches_answer_as_fresh_ones() {
        use crate::solver::deadlock::exhaustive::{BOARDS, positions, problem};
        let (mut checks, mut dead) = (0, 0);
        for rows in BOARDS {
            let p = problem(rows);
            let mut kept = Fixed::default();
            for (boxes, player) in positions(&p) {
                for to in boxes_of(&boxes).filter(|&b| p.board.is_goal(b)) {
                    let fresh = Fixed::default().is_deadlock(&p, &boxes, player, to);
                    assert_eq!(kept.is_deadlock(&p, &boxes, player, to), fresh, "{rows:?}");
                    checks += 1;
                    dead += usize::from(fresh);
                }
            }
            assert!(!kept.found.is_empty() && kept.memory() > 0);
        }
        assert!(checks > 1000 && dead > 100, "{checks} checks, {dead} dead");
    }
}
