//! Why a level cannot be searched, and why a move list is not a solution: the solver's
//! errors, typed so that callers can tell the cases apart and say what to do.

use crate::level::Pos;
use crate::solver::model::interrupt::Interrupted;
use std::fmt;

/// A fact of the level that keeps the solver from searching it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unsearchable {
    /// The level has no player, or more than one.
    PlayerCount(usize),
    /// The player stands on a wall or outside the board.
    PlayerOffFloor(Pos),
    /// A box stands on a wall or outside the board.
    BoxOffFloor(Pos),
    /// The level has no boxes.
    NoBoxes,
    /// Boxes and goals differ in number.
    BoxesAndGoals {
        /// Boxes on the board.
        boxes: usize,
        /// Goals on the board.
        goals: usize,
    },
    /// More floor squares than a compiled board can number.
    TooManyFloorSquares {
        /// Floor squares of the level.
        found: usize,
        /// The most a board may have.
        limit: usize,
    },
}

impl Unsearchable {
    /// The square the fact is about, if it is about one.
    pub fn square(&self) -> Option<Pos> {
        match self {
            Unsearchable::PlayerOffFloor(p) | Unsearchable::BoxOffFloor(p) => Some(*p),
            _ => None,
        }
    }
}

impl fmt::Display for Unsearchable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unsearchable::PlayerCount(n) => {
                write!(f, "the level must have exactly one player (found {n})")
            }
            Unsearchable::PlayerOffFloor(p) => {
                write!(f, "the player at {p} does not stand on floor")
            }
            Unsearchable::BoxOffFloor(p) => write!(f, "the box at {p} does not stand on floor"),
            Unsearchable::NoBoxes => write!(f, "the level has no boxes"),
            Unsearchable::BoxesAndGoals { boxes, goals } => {
                write!(f, "the level has {boxes} boxes but {goals} goals")
            }
            Unsearchable::TooManyFloorSquares { found, limit } => {
                write!(f, "too many floor squares: {} > {}", thousands(*found), thousands(*limit))
            }
        }
    }
}

impl std::error::Error for Unsearchable {}

/// Why the analysis of a level before the search did not finish.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Setup {
    /// The level cannot be searched.
    Unsearchable(Unsearchable),
    /// The time or memory limit passed, or the caller cancelled.
    Interrupted,
}

impl From<Unsearchable> for Setup {
    fn from(e: Unsearchable) -> Self {
        Setup::Unsearchable(e)
    }
}

impl From<Interrupted> for Setup {
    fn from(_: Interrupted) -> Self {
        Setup::Interrupted
    }
}

/// Why a list of pushes or moves does not solve a level (a solver bug when it comes from a
/// search: every solution is replayed before it is reported).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WrongSolution {
    /// The level has no single player to move.
    NoPlayer,
    /// Push `index` (from 1) of the box on `from` cannot be made: the square behind the box
    /// is off the board or the player cannot walk there.
    Unreachable {
        /// The push's number, from 1.
        index: usize,
        /// The box's square before the push.
        from: Pos,
    },
    /// Push `index` (from 1) would move its box off the board.
    LeavesBoard {
        /// The push's number, from 1.
        index: usize,
    },
    /// A move of the replay is illegal.
    Illegal(String),
    /// Every move is legal but the level is not solved at the end.
    NotSolved,
}

impl fmt::Display for WrongSolution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WrongSolution::NoPlayer => write!(f, "the level has no single player"),
            WrongSolution::Unreachable { index, from } => {
                write!(f, "the player cannot get behind the box at {from} for push {index}")
            }
            WrongSolution::LeavesBoard { index } => write!(f, "push {index} leaves the board"),
            WrongSolution::Illegal(why) => write!(f, "illegal move in the solution: {why}"),
            WrongSolution::NotSolved => write!(f, "the solution does not solve the level"),
        }
    }
}

impl std::error::Error for WrongSolution {}

/// `n` with a comma between groups of three digits.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_are_written_with_thousands_separators() {
        let e = Unsearchable::TooManyFloorSquares { found: 640_000, limit: 65_535 };
        assert_eq!(e.to_string(), "too many floor squares: 640,000 > 65,535");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
    }
}
