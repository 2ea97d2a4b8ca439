//! The rules of movement: the one place that decides whether a move is legal.

use crate::level::{Dir, Level, Move, Pos};

/// Why a move is not allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The level has no player, or more than one.
    NoPlayer,
    /// The step would leave the board or enter the outside.
    OffBoard,
    /// A wall is in the way.
    Wall,
    /// A lowercase (walk) letter, but a box is in the way: pushing needs an uppercase letter.
    WalkIntoBox,
    /// An uppercase (push) letter, but there is no box to push.
    NothingToPush,
    /// The box would be pushed into a wall or off the board.
    BoxIntoWall,
    /// The box would be pushed into another box.
    BoxIntoBox,
}

impl std::fmt::Display for Illegal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Illegal::NoPlayer => "the level does not have exactly one player",
            Illegal::OffBoard => "the player would walk off the board",
            Illegal::Wall => "a wall is in the way",
            Illegal::WalkIntoBox => {
                "a box is in the way (a lowercase letter walks; use uppercase to push)"
            }
            Illegal::NothingToPush => {
                "there is no box to push (an uppercase letter pushes; use lowercase to walk)"
            }
            Illegal::BoxIntoWall => "the box cannot be pushed into a wall",
            Illegal::BoxIntoBox => "the box cannot be pushed into another box",
        })
    }
}

/// A move that could not be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IllegalMove {
    /// Index (from 0) of the move in the sequence; 0 for a single move.
    pub index: usize,
    /// The move.
    pub attempted: Move,
    /// Why it is not allowed.
    pub reason: Illegal,
}

impl std::fmt::Display for IllegalMove {
    /// `move 12 (R): there is no box to push …`, counting moves from 1.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "move {} ({}): {}", self.index + 1, self.attempted.lurd(), self.reason)
    }
}

impl std::error::Error for IllegalMove {}

/// The result of playing a sequence of moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// Moves made (all of them, or those before the illegal one).
    pub moves: usize,
    /// Pushes among them.
    pub pushes: usize,
    /// Whether every move was legal and the level ends solved.
    pub solved: bool,
    /// The first illegal move, if any; replay stops there.
    pub error: Option<IllegalMove>,
    /// The level after the legal moves.
    pub end: Level,
}

/// Plays `moves` on a copy of `level`, strictly: each letter must say whether it pushes.
/// The player is found once (a long solution on a big board is not a scan per move).
pub fn replay(level: &Level, moves: &[Move]) -> Replay {
    let mut end = level.clone();
    let mut pushes = 0;
    let mut player = end.player();
    for (index, &m) in moves.iter().enumerate() {
        match player.ok_or(Illegal::NoPlayer).and_then(|at| end.step_from(at, m)) {
            Ok(next) => player = Some(next),
            Err(reason) => {
                return Replay {
                    moves: index,
                    pushes,
                    solved: false,
                    error: Some(IllegalMove { index, attempted: m, reason }),
                    end,
                };
            }
        }
        pushes += usize::from(m.push);
    }
    let solved = end.is_solved();
    Replay { moves: moves.len(), pushes, solved, error: None, end }
}

impl Level {
    /// Makes move `m` if it is legal: the player steps in `m.dir`, pushing the box ahead
    /// exactly when `m.push` says so.
    pub fn apply(&mut self, m: Move) -> Result<(), Illegal> {
        let player = self.player().ok_or(Illegal::NoPlayer)?;
        self.step_from(player, m).map(|_| ())
    }

    /// [`Level::apply`] with the player known to stand on `player`; the square the
    /// player stands on after the move.
    fn step_from(&mut self, player: Pos, m: Move) -> Result<Pos, Illegal> {
        let next = self.step_on_board(player, m.dir).ok_or(Illegal::OffBoard)?;
        let target = self.square(next);
        match target.terrain {
            t if t.is_walkable() => {}
            crate::level::Terrain::Wall => return Err(Illegal::Wall),
            _ => return Err(Illegal::OffBoard),
        }
        match (target.has_box, m.push) {
            (true, false) => return Err(Illegal::WalkIntoBox),
            (false, true) => return Err(Illegal::NothingToPush),
            (true, true) => {
                let beyond = self.step_on_board(next, m.dir).ok_or(Illegal::BoxIntoWall)?;
                let to = self.square(beyond);
                if !to.terrain.is_walkable() {
                    return Err(Illegal::BoxIntoWall);
                }
                if to.has_box {
                    return Err(Illegal::BoxIntoBox);
                }
                self.square_mut(next).has_box = false;
                self.square_mut(beyond).has_box = true;
            }
            (false, false) => {}
        }
        self.square_mut(player).has_player = false;
        self.square_mut(next).has_player = true;
        Ok(next)
    }

    /// Play mode: steps in `dir`, pushing a box if one is ahead. Returns the move made
    /// (with `push` set accordingly) or why it is not allowed.
    pub fn try_move(&mut self, dir: Dir) -> Result<Move, IllegalMove> {
        let push = self
            .player()
            .and_then(|p| self.step_on_board(p, dir))
            .is_some_and(|p| self.square(p).has_box);
        let m = Move { dir, push };
        self.apply(m).map(|()| m).map_err(|reason| IllegalMove { index: 0, attempted: m, reason })
    }

    /// Takes back move `m`, which must be the last move made: the player steps back and
    /// pulls the box along when `m` was a push.
    pub fn undo(&mut self, m: Move) -> Result<(), Illegal> {
        let player = self.player().ok_or(Illegal::NoPlayer)?;
        let back = self.step_on_board(player, m.dir.opposite()).ok_or(Illegal::OffBoard)?;
        let to = self.square(back);
        if !to.terrain.is_walkable() {
            return Err(Illegal::Wall);
        }
        if to.has_box {
            return Err(Illegal::BoxIntoBox);
        }
        if m.push {
            let ahead = self.step_on_board(player, m.dir).ok_or(Illegal::NothingToPush)?;
            if !self.square(ahead).has_box {
                return Err(Illegal::NothingToPush);
            }
            self.square_mut(ahead).has_box = false;
            self.square_mut(player).has_box = true;
        }
        self.square_mut(player).has_player = false;
        self.square_mut(back).has_player = true;
        Ok(())
    }

    /// The neighbour of `p` in `dir`, if it is on the board.
    pub fn step_on_board(&self, p: Pos, dir: Dir) -> Option<Pos> {
        p.step(dir).filter(|&q| self.contains(q))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::moves::parse_lurd;

    fn level() -> Level {
        Level::from_rows(&["#######", "#@ $ .#", "#######"]).unwrap()
    }

    #[test]
    fn solution_replays_and_counts() {
        let r = replay(&level(), &parse_lurd("rRR").unwrap());
        assert_eq!((r.moves, r.pushes, r.solved, r.error), (3, 2, true, None));
    }

    #[test]
    fn strict_letters() {
        let r = replay(&level(), &parse_lurd("rr").unwrap());
        assert_eq!(r.error.unwrap().reason, Illegal::WalkIntoBox);
        assert_eq!(r.error.unwrap().index, 1);
        assert_eq!(r.moves, 1);
        let r = replay(&level(), &parse_lurd("R").unwrap());
        assert_eq!(r.error.unwrap().reason, Illegal::NothingToPush);
        let r = replay(&level(), &parse_lurd("rRRR").unwrap());
        assert_eq!(r.error.unwrap().reason, Illegal::BoxIntoWall);
        assert!(r.error.unwrap().to_string().starts_with("move 4 (R):"));
    }

    #[test]
    fn try_move_pushes_and_undo_restores() {
        let mut l = level();
        let start = l.clone();
        let a = l.try_move(Dir::Right).unwrap();
        let b = l.try_move(Dir::Right).unwrap();
        assert!(!a.push && b.push);
        assert_eq!(l.try_move(Dir::Up).unwrap_err().reason, Illegal::Wall);
        l.undo(b).unwrap();
        l.undo(a).unwrap();
        assert_eq!(l, start);
    }
}
