//! A line to follow (`--follow`): another solver's solution, cut into box moves (one box
//! pushed, maybe along a path, until another box is pushed), played before any move of
//! the search's own. Each is judged as the search's own moves are: generated or not,
//! advised or not, pruned or kept. The counts say where the search parts from that line:
//! a move it never generates, a deadlock it claims, or a move no advisor names.

use crate::level::moves::Move;
use crate::solver::model::board::{Board, NONE, Sq, dir_index};
use crate::solver::model::state::{clear_box, has_box, set_box};

/// The measure names, in the order the report lists them.
pub const MOVES: &str = "line box moves";
pub const REACHED: &str = "line box moves reached";
pub const ADVISED: &str = "line box moves advised";
pub const UNADVISED_GOALS: &str = "line box moves not advised, onto a goal";
pub const UNADVISED_OTHER: &str = "line box moves not advised, elsewhere";
pub const MISSING: &str = "line box moves not generated";
pub const PRUNED: &str = "line box moves pruned";
pub const FIRST_UNADVISED: &str = "first line box move not advised";

/// One box move of the line: the box on `from` ends on `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoxMove {
    pub from: Sq,
    pub to: Sq,
}

/// The line and how far the search has followed it.
#[derive(Debug)]
pub struct Line {
    moves: Vec<BoxMove>,
    /// The next box move to judge, and the node it starts from (none once the line is
    /// left: a move missing or pruned, or its position met before).
    next: Option<(usize, u32)>,
    advised: u64,
    unadvised_goals: u64,
    unadvised_other: u64,
    missing: u64,
    pruned: u64,
    first_unadvised: Option<usize>,
}

impl Line {
    /// The box moves of `moves` played from the start of `board` (its boxes `boxes`, the
    /// player on the start square). Replay stops at the first move that is not legal (by
    /// the rules of [`crate::level::replay`], which callers check first).
    pub fn new(board: &Board, boxes: &[u64], moves: &[Move]) -> Line {
        let mut boxes = boxes.to_vec();
        let mut player = board.start_player();
        let mut out: Vec<BoxMove> = Vec::new();
        for m in moves {
            let d = dir_index(m.dir);
            let next = board.nbr(player, d);
            if next == NONE {
                break;
            }
            if has_box(&boxes, next) != m.push {
                break;
            }
            if m.push {
                let beyond = board.nbr(next, d);
                if beyond == NONE || has_box(&boxes, beyond) {
                    break;
                }
                clear_box(&mut boxes, next);
                set_box(&mut boxes, beyond);
                // The box the last move left here moves on; another box starts a move.
                match out.last_mut() {
                    Some(last) if last.to == next => last.to = beyond,
                    _ => out.push(BoxMove { from: next, to: beyond }),
                }
            }
            player = next;
        }
        // A box pushed back to where its move began moved nowhere.
        out.retain(|m| m.from != m.to);
        Line {
            moves: out,
            next: Some((0, 0)),
            advised: 0,
            unadvised_goals: 0,
            unadvised_other: 0,
            missing: 0,
            pruned: 0,
            first_unadvised: None,
        }
    }

    /// The box move to judge among the moves of node `id`, when `id` is where the line
    /// stands.
    pub fn expected_at(&self, id: u32) -> Option<BoxMove> {
        let (k, at) = self.next?;
        (at == id).then(|| self.moves.get(k).copied()).flatten()
    }

    /// Records the verdict on the expected move: `advised` (none: not generated, or cut by
    /// the quick checks), and whether it ends on a goal. A missing move leaves the line.
    pub fn judged(&mut self, advised: Option<bool>, onto_goal: bool) {
        let Some((k, _)) = self.next else { return };
        match advised {
            None => {
                self.missing += 1;
                self.next = None;
            }
            Some(true) => self.advised += 1,
            Some(false) => {
                self.first_unadvised.get_or_insert(k + 1);
                if onto_goal {
                    self.unadvised_goals += 1;
                } else {
                    self.unadvised_other += 1;
                }
            }
        }
    }

    /// Records how the expected move played: its new node, else none (pruned when
    /// `pruned`, else met before); either of the latter leaves the line.
    pub fn played(&mut self, node: Option<u32>, pruned: bool) {
        let Some((k, _)) = self.next else { return };
        self.next = node.map(|id| (k + 1, id));
        if pruned {
            self.pruned += 1;
        }
    }

    /// The counts, as (measure, value); the first move not advised only when there is one.
    pub fn measures(&self) -> Vec<(&'static str, u64)> {
        let reached = self.advised + self.unadvised_goals + self.unadvised_other + self.missing;
        let mut out = vec![
            (MOVES, self.moves.len() as u64),
            (REACHED, reached),
            (ADVISED, self.advised),
            (UNADVISED_GOALS, self.unadvised_goals),
            (UNADVISED_OTHER, self.unadvised_other),
            (MISSING, self.missing),
            (PRUNED, self.pruned),
        ];
        if let Some(k) = self.first_unadvised {
            out.push((FIRST_UNADVISED, k as u64));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Level;
    use crate::level::moves::parse_lurd;
    use crate::solver::analysis::problem::Problem;

    #[test]
    fn a_line_is_cut_into_box_moves_and_stops_at_an_illegal_move() {
        let level = Level::from_rows(&["#######", "#@$  .#", "#  $ .#", "#######"]).unwrap();
        let p = Problem::new(&level).unwrap();
        let root = p.root();
        let boxes = &root[..p.words()];
        let sq = |x, y| p.board.square_at(crate::level::Pos::new(x, y)).unwrap();
        // The first box twice (one box move), the second box twice, the first again.
        let line = Line::new(&p.board, boxes, &parse_lurd("RRldRRluR").unwrap());
        let expected = [
            BoxMove { from: sq(2, 1), to: sq(4, 1) },
            BoxMove { from: sq(3, 2), to: sq(5, 2) },
            BoxMove { from: sq(4, 1), to: sq(5, 1) },
        ];
        assert_eq!(line.moves, expected);
        // A push into a wall: the replay stops there, with the box moves before it.
        let stopped = Line::new(&p.board, boxes, &parse_lurd("RRRRR").unwrap());
        assert_eq!(stopped.moves, [BoxMove { from: sq(2, 1), to: sq(5, 1) }]);
        // A walk into a box, or a push with no box: not moves of this level either.
        assert!(Line::new(&p.board, boxes, &parse_lurd("r").unwrap()).moves.is_empty());
        assert!(Line::new(&p.board, boxes, &parse_lurd("dR").unwrap()).moves.is_empty());
    }

    #[test]
    fn the_counts_follow_the_verdicts_and_a_missing_move_leaves_the_line() {
        let level = Level::from_rows(&["#######", "#@$  .#", "#  $ .#", "#######"]).unwrap();
        let p = Problem::new(&level).unwrap();
        let root = p.root();
        let mut line = Line::new(&p.board, &root[..p.words()], &parse_lurd("RRR").unwrap());
        assert!(line.expected_at(0).is_some());
        assert!(line.expected_at(1).is_none(), "the line stands on the root");
        line.judged(Some(false), true);
        line.played(Some(7), false);
        assert!(line.expected_at(7).is_none(), "one box move only");
        let m = line.measures();
        let get = |name| m.iter().find(|(n, _)| *n == name).map(|(_, v)| *v);
        assert_eq!(get(MOVES), Some(1));
        assert_eq!(get(UNADVISED_GOALS), Some(1));
        assert_eq!(get(FIRST_UNADVISED), Some(1));
        assert_eq!(get(REACHED), Some(1));
        let mut left = Line::new(&p.board, &root[..p.words()], &parse_lurd("RRR").unwrap());
        left.judged(None, false);
        assert!(left.expected_at(0).is_none(), "a missing move leaves the line");
        assert_eq!(left.measures().iter().find(|(n, _)| *n == MISSING).map(|x| x.1), Some(1));
    }
}
