//! Macro moves: one box pushed, possibly many times, to another square while every other
//! box stays put. Feature-space search moves in these steps; a solution expands each back
//! into single pushes.
//!
//! For each box, a breadth-first search runs over (box square, player side) pairs, the side
//! being the set of the box's neighbours the player can walk between ([`Sides`] labels).
//! Every pair reached, but the start, is a move; the breadth-first order makes its push
//! count the least for that box alone.

use crate::level::{Dir, Pos};
use crate::solver::analysis::problem::Problem;
use crate::solver::model::board::{Board, NONE, Sq, opposite};
use crate::solver::model::interrupt::Interrupt;
use crate::solver::model::reach::Reach;
use crate::solver::model::sides::Sides;
use crate::solver::model::state::{boxes_of, clear_box, has_box};
use crate::solver::model::table::Push;
use crate::solver::search::PushView;
use std::collections::VecDeque;

/// One box moved alone from `from` to `to`; the last push went in direction `dir`, so the
/// player ends on the square of `to` opposite to `dir`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Macro {
    /// The box's square before the move.
    pub from: Sq,
    /// The box's square after the move.
    pub to: Sq,
    /// Direction index of the last push.
    pub dir: u8,
    /// Pushes the move makes (the least for this box alone).
    pub pushes: u16,
}

impl Macro {
    /// The square the player stands on after the move.
    pub fn player(&self, p: &Problem) -> Sq {
        p.board.nbr(self.to, opposite(self.dir as usize))
    }

    /// The single push `push` as a move.
    pub fn single(board: &Board, push: Push) -> Macro {
        let to = board.nbr(push.from, push.dir as usize);
        Macro { from: push.from, to, dir: push.dir, pushes: 1 }
    }

    /// The move as the inspector shows it, on the level's grid.
    pub fn view(&self, board: &Board) -> PushView {
        PushView {
            from: board.pos(self.from),
            dir: Dir::ALL[self.dir as usize],
            to: board.pos(self.to),
            pushes: u32::from(self.pushes),
        }
    }
}

/// Where a box search may stop early.
#[derive(Clone, Copy, Debug)]
enum Target {
    /// Nowhere: visit everything.
    All,
    /// At the end of this move.
    Move(Macro),
    /// On this square, from any side.
    Square(Sq),
}

/// A visited (square, side) pair with how it was reached.
#[derive(Clone, Copy, Debug)]
struct Visit {
    square: Sq,
    side: u32,
    pushes: u16,
    /// Direction index of the push that got here (`u8::MAX` at the start).
    dir: u8,
    /// Index of the previous visit.
    prev: u32,
}

/// Generates macro moves; holds the scratch space.
#[derive(Debug, Default)]
pub struct BoxMoves {
    walk: SideSearch,
    reach: Reach,
    visits: Vec<Visit>,
    queue: VecDeque<u32>,
    splits: Vec<u8>,
}

const NO_SIDE: u32 = u32::MAX;

/// The scratch of one box's breadth-first search over (square, player side) pairs, shared
/// by push macros and their mirror, pull macros ([`super::pull_moves`]): the other boxes,
/// the side analysis of the floor without the moving box, and the pairs visited.
#[derive(Debug, Default)]
pub(crate) struct SideSearch {
    /// The side analysis of the floor around the other boxes.
    pub sides: Sides,
    /// The other boxes (the moving one taken off).
    pub others: Vec<u64>,
    /// Per square: the side labels already visited (up to four per square).
    seen: Vec<[u32; 4]>,
    seen_squares: Vec<Sq>,
}

impl SideSearch {
    /// Starts the search of box `b` of `boxes`, the player's area being `reach`: forgets
    /// the last search, analyses the floor without `b` and marks the start. Returns the
    /// player's side of the box, or none when the player cannot reach it.
    pub fn start(&mut self, board: &Board, boxes: &[u64], b: Sq, reach: &Reach) -> Option<u32> {
        for &s in &self.seen_squares {
            self.seen[s as usize] = [NO_SIDE; 4];
        }
        self.seen_squares.clear();
        if self.seen.len() != board.len() {
            self.seen = vec![[NO_SIDE; 4]; board.len()];
        }
        let start_nbr = (0..4).map(|d| board.nbr(b, d)).find(|&u| u != NONE && reach.reached(u))?;
        self.others.clear();
        self.others.extend_from_slice(boxes);
        clear_box(&mut self.others, b);
        self.sides.analyse(board, &self.others, start_nbr);
        let side = self.sides.label(board, b, start_nbr);
        self.mark(b, side);
        Some(side)
    }

    /// Records side `side` of square `s` as visited; false if it already was.
    pub fn mark(&mut self, s: Sq, side: u32) -> bool {
        let slots = &mut self.seen[s as usize];
        if slots[0] == NO_SIDE {
            self.seen_squares.push(s);
        }
        for slot in slots.iter_mut() {
            if *slot == side {
                return false;
            }
            if *slot == NO_SIDE {
                *slot = side;
                return true;
            }
        }
        unreachable!("a square has at most four sides")
    }
}

impl BoxMoves {
    /// Every macro move of every box in `state` (box bitset then player square), appended
    /// to `out` box by box in square order. Boxes never enter dead squares.
    ///
    /// Alongside, [`BoxMoves::splits`] tells for each move into how many parts the box on
    /// its new square divides the free floor around it (1 when it divides nothing). Stops,
    /// the list unfinished, when `interrupt` is raised.
    pub fn generate(
        &mut self,
        p: &Problem,
        state: &[u64],
        interrupt: &Interrupt,
        out: &mut Vec<Macro>,
    ) {
        let words = p.words();
        let boxes = &state[..words];
        let player = state[words] as Sq;
        self.reach.flood(&p.board, boxes, player);
        self.splits.clear();
        for b in boxes_of(boxes) {
            if interrupt.raised() {
                return;
            }
            self.search_box(p, boxes, b, Target::All);
            for v in self.visits.iter().skip(1) {
                out.push(Macro { from: b, to: v.square, dir: v.dir, pushes: v.pushes });
                let mut labels = [u32::MAX; 4];
                let mut count = 0;
                for d in 0..4 {
                    let u = p.board.nbr(v.square, d);
                    if u == NONE || has_box(&self.walk.others, u) {
                        continue;
                    }
                    let l = self.walk.sides.label(&p.board, v.square, u);
                    if !labels[..count].contains(&l) {
                        labels[count] = l;
                        count += 1;
                    }
                }
                self.splits.push(count as u8);
            }
        }
    }

    /// For each move of the last [`BoxMoves::generate`], in order: the number of separate
    /// parts of free floor next to the box on its new square.
    pub fn splits(&self) -> &[u8] {
        &self.splits
    }

    /// The single pushes of macro move `m` from `state`, as (box square, direction index),
    /// or `None` if the move is not possible there.
    pub fn pushes_of(&mut self, p: &Problem, state: &[u64], m: Macro) -> Option<Vec<(Sq, u8)>> {
        let words = p.words();
        let boxes = &state[..words];
        if !has_box(boxes, m.from) {
            return None;
        }
        self.reach.flood(&p.board, boxes, state[words] as Sq);
        let target = self.search_box(p, boxes, m.from, Target::Move(m))?;
        let mut pushes = Vec::new();
        let mut i = target;
        while i != 0 {
            let v = self.visits[i as usize];
            let prev = self.visits[v.prev as usize].square;
            pushes.push((prev, v.dir));
            i = v.prev;
        }
        pushes.reverse();
        Some(pushes)
    }

    /// Every single push of `moves`, in order, each move made from the state paired with
    /// it, as squares and directions of the level's grid (a solution's pushes are rebuilt
    /// from its moves this way).
    pub fn expand<'a>(
        &mut self,
        p: &Problem,
        moves: impl IntoIterator<Item = (&'a [u64], Macro)>,
    ) -> Vec<(Pos, Dir)> {
        let mut out = Vec::new();
        for (state, m) in moves {
            let pushes = if m.pushes == 1 {
                vec![(m.from, m.dir)]
            } else {
                self.pushes_of(p, state, m).unwrap_or_default()
            };
            out.extend(pushes.into_iter().map(|(s, d)| (p.board.pos(s), Dir::ALL[d as usize])));
        }
        out
    }

    /// The squares the box on `b` can be pushed to from `state` (box bitset then player
    /// square), the other boxes staying put; dead squares are never entered.
    pub fn squares(&mut self, p: &Problem, state: &[u64], b: Sq) -> impl Iterator<Item = Sq> + '_ {
        let words = p.words();
        self.reach.flood(&p.board, &state[..words], state[words] as Sq);
        self.search_box(p, &state[..words], b, Target::All);
        self.visits.iter().skip(1).map(|v| v.square)
    }

    /// The move of the box on `from` to `square` with the fewest pushes (the other boxes
    /// staying put), from `state` (box bitset then player square), if there is one.
    pub fn route(&mut self, p: &Problem, state: &[u64], from: Sq, square: Sq) -> Option<Macro> {
        let words = p.words();
        let boxes = &state[..words];
        if !has_box(boxes, from) || from == square {
            return None;
        }
        self.reach.flood(&p.board, boxes, state[words] as Sq);
        let i = self.search_box(p, boxes, from, Target::Square(square))?;
        let v = self.visits[i as usize];
        Some(Macro { from, to: square, dir: v.dir, pushes: v.pushes })
    }

    /// Breadth-first search of box `b` (the player's area of the position is in
    /// `self.reach`). Fills `self.visits`, the start first. Stops at the first visit that
    /// meets `target`, if any, and returns its index.
    fn search_box(&mut self, p: &Problem, boxes: &[u64], b: Sq, target: Target) -> Option<u32> {
        let board = &p.board;
        self.visits.clear();
        let side = self.walk.start(board, boxes, b, &self.reach)?;
        self.visits.push(Visit { square: b, side, pushes: 0, dir: u8::MAX, prev: 0 });
        self.queue.clear();
        self.queue.push_back(0);
        while let Some(i) = self.queue.pop_front() {
            let v = self.visits[i as usize];
            for d in 0..4 {
                let behind = board.nbr(v.square, opposite(d));
                let ahead = board.nbr(v.square, d);
                if behind == NONE
                    || ahead == NONE
                    || has_box(&self.walk.others, behind)
                    || has_box(&self.walk.others, ahead)
                    || p.dist.is_dead(ahead)
                    || self.walk.sides.label(board, v.square, behind) != v.side
                {
                    continue;
                }
                let side = self.walk.sides.label(board, ahead, v.square);
                if !self.walk.mark(ahead, side) {
                    continue;
                }
                let index = self.visits.len() as u32;
                self.visits.push(Visit {
                    square: ahead,
                    side,
                    pushes: v.pushes + 1,
                    dir: d as u8,
                    prev: i,
                });
                let hit = match target {
                    Target::All => false,
                    Target::Move(t) => {
                        t.to == ahead && self.walk.sides.label(board, ahead, t.player(p)) == side
                    }
                    Target::Square(s) => s == ahead,
                };
                if hit {
                    return Some(index);
                }
                self.queue.push_back(index);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::{Level, Pos};
    use crate::solver::model::state::set_box;

    fn state_of(p: &Problem) -> Vec<u64> {
        let mut state = vec![0u64; p.stride];
        for &b in p.board.start_boxes() {
            set_box(&mut state, b);
        }
        state[p.words()] = p.board.start_player() as u64;
        state
    }

    #[test]
    fn a_box_in_open_floor_reaches_every_live_square() {
        let rows = ["#######", "#     #", "# $ @ #", "#    .#", "#######"];
        let p = Problem::new(&Level::from_rows(&rows).unwrap()).unwrap();
        let mut moves = BoxMoves::default();
        let mut out = Vec::new();
        moves.generate(&p, &state_of(&p), &Interrupt::default(), &mut out);
        let live = (0..p.board.len() as Sq).filter(|&s| !p.dist.is_dead(s)).count();
        let squares: std::collections::HashSet<Sq> = out.iter().map(|m| m.to).collect();
        assert_eq!(squares.len() + 1, live, "every live square but the start");
        let goal = p.board.goals()[0];
        let to_goal = out.iter().filter(|m| m.to == goal).map(|m| m.pushes).min();
        assert_eq!(to_goal, Some(4), "3 right and 1 down");
    }

    #[test]
    fn pushes_of_a_move_replay_to_its_square() {
        let rows = ["########", "#      #", "# $##  #", "#  @  .#", "########"];
        let p = Problem::new(&Level::from_rows(&rows).unwrap()).unwrap();
        let state = state_of(&p);
        let mut moves = BoxMoves::default();
        let mut out = Vec::new();
        moves.generate(&p, &state, &Interrupt::default(), &mut out);
        for m in out {
            let pushes = moves.pushes_of(&p, &state, m).expect("the move is possible");
            assert_eq!(pushes.len(), m.pushes as usize);
            let mut at = m.from;
            for &(from, d) in &pushes {
                assert_eq!(from, at);
                at = p.board.nbr(at, d as usize);
            }
            assert_eq!(at, m.to);
            assert_eq!(pushes.last().unwrap().1, m.dir);
        }
    }

    #[test]
    fn splits_give_the_region_count_after_each_move() {
        use crate::solver::model::regions::Regions;
        let rows = [
            "##########",
            "#   #    #",
            "# $ $  $ #",
            "#  ## $  #",
            "# @  . ..#",
            "#  #   . #",
            "##########",
        ];
        let p = Problem::new(&Level::from_rows(&rows).unwrap()).unwrap();
        let state = state_of(&p);
        let words = p.words();
        let mut moves = BoxMoves::default();
        let mut out = Vec::new();
        moves.generate(&p, &state, &Interrupt::default(), &mut out);
        let mut regions = Regions::default();
        let parent = regions.compute(&p.board, &state[..words]);
        let parent_regions = regions.clone();
        for (m, &split) in out.iter().zip(moves.splits()) {
            // Regions next to the box before it moves.
            let mut near: Vec<u16> = (0..4)
                .map(|d| p.board.nbr(m.from, d))
                .filter(|&u| u != NONE && !has_box(&state, u))
                .map(|u| parent_regions.of(u))
                .collect();
            near.sort_unstable();
            near.dedup();
            let mut child = state[..words].to_vec();
            clear_box(&mut child, m.from);
            set_box(&mut child, m.to);
            let expected = regions.compute(&p.board, &child);
            assert_eq!(parent - near.len() + split as usize, expected, "{m:?}");
        }
        assert!(out.len() > 20);
    }

    #[test]
    fn a_route_has_the_fewest_pushes_and_replays() {
        let rows = ["########", "#      #", "# $##  #", "#  @  .#", "########"];
        let p = Problem::new(&Level::from_rows(&rows).unwrap()).unwrap();
        let state = state_of(&p);
        let mut moves = BoxMoves::default();
        let goal = p.board.goals()[0];
        let from = p.board.start_boxes()[0];
        let m = moves.route(&p, &state, from, goal).expect("the goal is reachable");
        assert_eq!((m.from, m.to), (from, goal));
        assert_eq!(m.pushes, 5, "down 1, right 4");
        let pushes = moves.pushes_of(&p, &state, m).unwrap();
        assert_eq!(pushes.len(), 5);
        assert_eq!(moves.route(&p, &state, from, from), None);
    }

    #[test]
    fn the_player_side_decides_what_is_reachable() {
        // The player stands right of the box in a corridor: it can only push it left.
        let rows = ["########", "#.  $ @#", "########"];
        let p = Problem::new(&Level::from_rows(&rows).unwrap()).unwrap();
        let mut out = Vec::new();
        BoxMoves::default().generate(&p, &state_of(&p), &Interrupt::default(), &mut out);
        let at = |x| p.board.square_at(Pos::new(x, 1)).unwrap();
        let to: Vec<Sq> = out.iter().map(|m| m.to).collect();
        assert_eq!(to, vec![at(3), at(2), at(1)]);
        assert!(out.iter().all(|m| m.dir == 2), "every move ends with a push left");
    }
}
