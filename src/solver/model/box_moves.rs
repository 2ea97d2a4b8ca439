//! Macro moves: one box pushed, possibly many times, to another square while every other
//! box stays put. Feature-space search moves in these steps; a solution expands each back
//! into single pushes.
//!
//! For each box, a breadth-first search runs over (box square, player side) pairs
//! ([`SideSearch`]). Every pair reached, but the start, is a move; the breadth-first order
//! makes its push count the least for that box alone. The caller says how each square the
//! box could be pushed onto is treated ([`Onward`]): generating moves, the squares the
//! pruning pipeline calls dead are entered (so that it prunes and counts those moves) but
//! not passed through; rebuilding a move's pushes, every square is passed.

use crate::level::{Dir, Pos};
use crate::solver::model::board::{Board, NONE, Sq, opposite};
use crate::solver::model::interrupt::Interrupt;
use crate::solver::model::reach::Reach;
use crate::solver::model::side_search::{Onward, SideSearch};
use crate::solver::model::state::{boxes_of, has_box};
use crate::solver::model::table::Push;
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
    pub fn player(&self, board: &Board) -> Sq {
        board.nbr(self.to, opposite(self.dir as usize))
    }

    /// The single push `push` as a move.
    pub fn single(board: &Board, push: Push) -> Macro {
        let to = board.nbr(push.from, push.dir as usize);
        Macro { from: push.from, to, dir: push.dir, pushes: 1 }
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

/// Every square passed: rebuilding a move finds any move a search made.
fn pass(_: Sq) -> Onward {
    Onward::Pass
}

impl BoxMoves {
    /// Every macro move of every box in `state` (box bitset then player square), appended
    /// to `out` box by box in square order, each square treated as `onward` says.
    ///
    /// Alongside, [`BoxMoves::splits`] tells for each move into how many parts the box on
    /// its new square divides the free floor around it (1 when it divides nothing). Stops,
    /// the list unfinished, when `interrupt` is raised.
    pub fn generate(
        &mut self,
        board: &Board,
        state: &[u64],
        interrupt: &Interrupt,
        onward: impl Fn(Sq) -> Onward,
        out: &mut Vec<Macro>,
    ) {
        let words = board.words();
        let boxes = &state[..words];
        let player = state[words] as Sq;
        self.reach.flood(board, boxes, player);
        self.splits.clear();
        for b in boxes_of(boxes) {
            if interrupt.raised() {
                return;
            }
            self.search_box(board, boxes, b, Target::All, &onward, false);
            for v in self.visits.iter().skip(1) {
                out.push(Macro { from: b, to: v.square, dir: v.dir, pushes: v.pushes });
                let mut labels = [u32::MAX; 4];
                let mut count = 0;
                for d in 0..4 {
                    let u = board.nbr(v.square, d);
                    if u == NONE || has_box(&self.walk.others, u) {
                        continue;
                    }
                    let l = self.walk.sides.label(board, v.square, u);
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
    /// or `None` if the move is not possible there. Every square is passed, so any move
    /// [`BoxMoves::generate`] made is found.
    pub fn pushes_of(&mut self, board: &Board, state: &[u64], m: Macro) -> Option<Vec<(Sq, u8)>> {
        let words = board.words();
        let boxes = &state[..words];
        if !has_box(boxes, m.from) {
            return None;
        }
        self.reach.flood(board, boxes, state[words] as Sq);
        let target = self.search_box(board, boxes, m.from, Target::Move(m), pass, false)?;
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
        board: &Board,
        moves: impl IntoIterator<Item = (&'a [u64], Macro)>,
    ) -> Vec<(Pos, Dir)> {
        let mut out = Vec::new();
        for (state, m) in moves {
            let pushes = if m.pushes == 1 {
                vec![(m.from, m.dir)]
            } else {
                self.pushes_of(board, state, m).unwrap_or_default()
            };
            out.extend(pushes.into_iter().map(|(s, d)| (board.pos(s), Dir::ALL[d as usize])));
        }
        out
    }

    /// Floods the player's area in `boxes` from `player`, for [`BoxMoves::squares`].
    pub fn flood(&mut self, board: &Board, boxes: &[u64], player: Sq) -> &Reach {
        self.reach.flood(board, boxes, player);
        &self.reach
    }

    /// The squares the box on `b` of `boxes` can be pushed to from the player's area of the
    /// last [`BoxMoves::flood`], which must be of `boxes`; the other boxes stay put, each
    /// square treated as `onward` says. Made for one box at a time among boxes that never
    /// move: the floor's analysis is kept from the last call while the other boxes are the
    /// same ([`SideSearch::restart`]), so one `BoxMoves` must ask this of one board only.
    pub fn squares(
        &mut self,
        board: &Board,
        boxes: &[u64],
        b: Sq,
        onward: impl Fn(Sq) -> Onward,
    ) -> impl Iterator<Item = Sq> + '_ {
        self.search_box(board, boxes, b, Target::All, onward, true);
        self.visits.iter().skip(1).map(|v| v.square)
    }

    /// The move of the box on `from` to `square` with the fewest pushes (the other boxes
    /// staying put, each square treated as `onward` says), from `state` (box bitset then
    /// player square), if there is one.
    pub fn route(
        &mut self,
        board: &Board,
        state: &[u64],
        from: Sq,
        square: Sq,
        onward: impl Fn(Sq) -> Onward,
    ) -> Option<Macro> {
        let words = board.words();
        let boxes = &state[..words];
        if !has_box(boxes, from) || from == square {
            return None;
        }
        self.reach.flood(board, boxes, state[words] as Sq);
        let i = self.search_box(board, boxes, from, Target::Square(square), onward, false)?;
        let v = self.visits[i as usize];
        Some(Macro { from, to: square, dir: v.dir, pushes: v.pushes })
    }

    /// Breadth-first search of box `b` (the player's area of the position is in
    /// `self.reach`), each square treated as `onward` says, the last floor analysis kept
    /// when `keep` allows ([`SideSearch::restart`]). Fills `self.visits`, the start first.
    /// Stops at the first visit that meets `target`, if any, and returns its index.
    fn search_box(
        &mut self,
        board: &Board,
        boxes: &[u64],
        b: Sq,
        target: Target,
        onward: impl Fn(Sq) -> Onward,
        keep: bool,
    ) -> Option<u32> {
        self.visits.clear();
        let side = if keep {
            self.walk.restart(board, boxes, b, &self.reach)?
        } else {
            self.walk.start(board, boxes, b, &self.reach)?
        };
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
                {
                    continue;
                }
                let way = onward(ahead);
                if way == Onward::Skip || self.walk.sides.label(board, v.square, behind) != v.side {
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
                        t.to == ahead
                            && self.walk.sides.label(board, ahead, t.player(board)) == side
                    }
                    Target::Square(s) => s == ahead,
                };
                if hit {
                    return Some(index);
                }
                if way == Onward::Pass {
                    self.queue.push_back(index);
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::{Level, Pos};
    use crate::solver::model::state::{clear_box, set_box};

    /// The board of `rows` and its start state (boxes, then the player's square).
    fn start(rows: &[&str]) -> (Board, Vec<u64>) {
        let board = Board::compile(&Level::from_rows(rows).unwrap()).unwrap();
        let mut state = vec![0u64; board.words() + 1];
        for &b in board.start_boxes() {
            set_box(&mut state, b);
        }
        state[board.words()] = u64::from(board.start_player());
        (board, state)
    }

    /// Every move of `state` with every square passed.
    fn all_moves(moves: &mut BoxMoves, board: &Board, state: &[u64]) -> Vec<Macro> {
        let mut out = Vec::new();
        moves.generate(board, state, &Interrupt::default(), pass, &mut out);
        out
    }

    #[test]
    fn a_box_in_open_floor_reaches_every_square() {
        let rows = ["#######", "#     #", "# $ @ #", "#    .#", "#######"];
        let (board, state) = start(&rows);
        let out = all_moves(&mut BoxMoves::default(), &board, &state);
        let squares: std::collections::HashSet<Sq> = out.iter().map(|m| m.to).collect();
        assert_eq!(squares.len() + 1, board.len(), "every square but the start");
        let goal = board.goals()[0];
        let to_goal = out.iter().filter(|m| m.to == goal).map(|m| m.pushes).min();
        assert_eq!(to_goal, Some(4), "3 right and 1 down");
    }

    #[test]
    fn a_square_stopped_at_ends_moves_and_a_square_skipped_is_never_entered() {
        // The player stands right of the box in a corridor: it can only push it left.
        let rows = ["#########", "#.   $ @#", "#########"];
        let (board, state) = start(&rows);
        let at = |x| board.square_at(Pos::new(x, 1)).unwrap();
        let to = |way: Onward| {
            let mut out = Vec::new();
            let onward = |s| if s == at(3) { way } else { Onward::Pass };
            BoxMoves::default().generate(&board, &state, &Interrupt::default(), onward, &mut out);
            out.iter().map(|m| m.to).collect::<Vec<Sq>>()
        };
        assert_eq!(to(Onward::Pass), vec![at(4), at(3), at(2), at(1)]);
        assert_eq!(to(Onward::Stop), vec![at(4), at(3)]);
        assert_eq!(to(Onward::Skip), vec![at(4)]);
        // Rebuilding passes every square.
        let far = Macro { from: at(5), to: at(1), dir: 2, pushes: 4 };
        let pushes = BoxMoves::default().pushes_of(&board, &state, far);
        assert_eq!(pushes.map(|p| p.len()), Some(4));
    }

    #[test]
    fn pushes_of_a_move_replay_to_its_square() {
        let rows = ["########", "#      #", "# $##  #", "#  @  .#", "########"];
        let (board, state) = start(&rows);
        let mut moves = BoxMoves::default();
        for m in all_moves(&mut moves, &board, &state) {
            let pushes = moves.pushes_of(&board, &state, m).expect("the move is possible");
            assert_eq!(pushes.len(), m.pushes as usize);
            let mut at = m.from;
            for &(from, d) in &pushes {
                assert_eq!(from, at);
                at = board.nbr(at, d as usize);
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
        let (board, state) = start(&rows);
        let words = board.words();
        let mut moves = BoxMoves::default();
        let out = all_moves(&mut moves, &board, &state);
        let mut regions = Regions::default();
        let parent = regions.compute(&board, &state[..words]);
        let parent_regions = regions.clone();
        for (m, &split) in out.iter().zip(moves.splits()) {
            // Regions next to the box before it moves.
            let mut near: Vec<u16> = (0..4)
                .map(|d| board.nbr(m.from, d))
                .filter(|&u| u != NONE && !has_box(&state, u))
                .map(|u| parent_regions.of(u))
                .collect();
            near.sort_unstable();
            near.dedup();
            let mut child = state[..words].to_vec();
            clear_box(&mut child, m.from);
            set_box(&mut child, m.to);
            let expected = regions.compute(&board, &child);
            assert_eq!(parent - near.len() + split as usize, expected, "{m:?}");
        }
        assert!(out.len() > 20);
    }

    #[test]
    fn a_route_has_the_fewest_pushes_and_replays() {
        let rows = ["########", "#      #", "# $##  #", "#  @  .#", "########"];
        let (board, state) = start(&rows);
        let mut moves = BoxMoves::default();
        let goal = board.goals()[0];
        let from = board.start_boxes()[0];
        let m = moves.route(&board, &state, from, goal, pass).expect("the goal is reachable");
        assert_eq!((m.from, m.to), (from, goal));
        assert_eq!(m.pushes, 5, "down 1, right 4");
        let pushes = moves.pushes_of(&board, &state, m).unwrap();
        assert_eq!(pushes.len(), 5);
        assert_eq!(moves.route(&board, &state, from, from, pass), None);
    }

    #[test]
    fn the_player_side_decides_what_is_reachable() {
        // The player stands right of the box in a corridor: it can only push it left.
        let rows = ["########", "#.  $ @#", "########"];
        let (board, state) = start(&rows);
        let out = all_moves(&mut BoxMoves::default(), &board, &state);
        let at = |x| board.square_at(Pos::new(x, 1)).unwrap();
        let to: Vec<Sq> = out.iter().map(|m| m.to).collect();
        assert_eq!(to, vec![at(3), at(2), at(1)]);
        assert!(out.iter().all(|m| m.dir == 2), "every move ends with a push left");
    }

    #[test]
    fn squares_keeping_the_floor_analysis_agree_with_a_fresh_search_everywhere() {
        // Two sets of boxes that never move, the first splitting the floor into a room and
        // a corridor; every other square takes the moving box and every free square the
        // player, set after set, so that the kept analysis is reused, made anew for the
        // other part of the floor, and made anew for the other set.
        let rows = ["#########", "#@  #####", "# $ $ $ #", "#   #####", "#...#####", "#########"];
        let (board, _) = start(&rows);
        let at = |x, y| board.square_at(Pos::new(x, y)).unwrap();
        let words = board.words();
        let mut split = vec![0u64; words];
        set_box(&mut split, at(4, 2));
        let mut corner = vec![0u64; words];
        set_box(&mut corner, at(1, 1));
        set_box(&mut corner, at(7, 2));
        let mut kept = BoxMoves::default();
        let mut compared = 0;
        for walls in [&split, &corner, &split] {
            for b in 0..board.len() as Sq {
                for player in 0..board.len() as Sq {
                    if player == b || has_box(walls, b) || has_box(walls, player) {
                        continue;
                    }
                    let mut boxes = walls.clone();
                    set_box(&mut boxes, b);
                    let sorted = |moves: &mut BoxMoves| {
                        moves.flood(&board, &boxes, player);
                        let mut v: Vec<Sq> = moves.squares(&board, &boxes, b, pass).collect();
                        v.sort_unstable();
                        v
                    };
                    let fresh = sorted(&mut BoxMoves::default());
                    assert_eq!(sorted(&mut kept), fresh, "b {b} player {player}");
                    compared += usize::from(!fresh.is_empty());
                }
            }
        }
        assert!(compared > 100, "{compared}");
    }
}
