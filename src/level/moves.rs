//! Directions, single moves and LURD strings.

use crate::level::format::rle::RleError;
use crate::level::limits::MAX_MOVES;

/// One of the four directions the player can move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    /// Towards row 0.
    Up,
    /// Towards the last row.
    Down,
    /// Towards column 0.
    Left,
    /// Towards the last column.
    Right,
}

impl Dir {
    /// All four directions, in LURD order's companion: up, down, left, right.
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

    /// Column and row change of one step.
    pub const fn delta(self) -> (isize, isize) {
        match self {
            Dir::Up => (0, -1),
            Dir::Down => (0, 1),
            Dir::Left => (-1, 0),
            Dir::Right => (1, 0),
        }
    }

    /// The opposite direction.
    pub const fn opposite(self) -> Dir {
        match self {
            Dir::Up => Dir::Down,
            Dir::Down => Dir::Up,
            Dir::Left => Dir::Right,
            Dir::Right => Dir::Left,
        }
    }
}

/// One player move: a step in a direction, pushing a box or not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Where the player steps.
    pub dir: Dir,
    /// Whether the step pushes a box.
    pub push: bool,
}

impl Move {
    /// The LURD letter: lowercase for a walk, uppercase for a push.
    pub fn lurd(self) -> char {
        let c = match self.dir {
            Dir::Up => 'u',
            Dir::Down => 'd',
            Dir::Left => 'l',
            Dir::Right => 'r',
        };
        if self.push { c.to_ascii_uppercase() } else { c }
    }

    /// The move a LURD letter stands for, if it is one.
    pub fn from_lurd(c: char) -> Option<Move> {
        let dir = match c.to_ascii_lowercase() {
            'u' => Dir::Up,
            'd' => Dir::Down,
            'l' => Dir::Left,
            'r' => Dir::Right,
            _ => return None,
        };
        Some(Move { dir, push: c.is_ascii_uppercase() })
    }
}

/// Why a LURD string could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LurdError {
    /// Character position of the problem in the string, from 1.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for LurdError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "character {}: {}", self.column, self.message)
    }
}

impl std::error::Error for LurdError {}

/// Reads a LURD string: `l u r d` walk, `L U R D` push. Whitespace is ignored, and counts
/// and groups repeat moves (`3l2U` is `lllUU`, `2(rU)` is `rUrU`). At most
/// [`crate::level::limits::MAX_MOVES`] moves.
pub fn parse_lurd(text: &str) -> Result<Vec<Move>, LurdError> {
    let mut compact = String::new();
    let mut columns = Vec::new();
    for (i, c) in text.chars().enumerate() {
        if c.is_whitespace() {
            continue;
        }
        if Move::from_lurd(c).is_none() && !c.is_ascii_digit() && c != '(' && c != ')' {
            return Err(LurdError {
                column: i + 1,
                message: format!("`{c}` is not a move (use l, u, r, d; uppercase for a push)"),
            });
        }
        compact.push(c);
        columns.push(i + 1);
    }
    let column = |at: usize| columns.get(at).copied().unwrap_or(text.chars().count() + 1);
    let expanded = crate::level::format::rle::expand(&compact, MAX_MOVES).map_err(|e| match e {
        RleError::Syntax { at, message } => LurdError { column: column(at), message },
        RleError::TooLong { at, limit } => {
            LurdError { column: column(at), message: format!("more than {limit} moves") }
        }
    })?;
    Ok(expanded.chars().filter_map(Move::from_lurd).collect())
}

/// Writes moves as a LURD string (no counts).
pub fn to_lurd(moves: &[Move]) -> String {
    moves.iter().map(|m| m.lurd()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lurd_round_trip_and_counts() {
        let moves = parse_lurd("3l 2U\nr(dR)2").unwrap_err();
        assert_eq!(moves.column, 12);
        let moves = parse_lurd("3l 2U\n2(dR)").unwrap();
        assert_eq!(to_lurd(&moves), "lllUUdRdR");
        assert_eq!(moves[3], Move { dir: Dir::Up, push: true });
    }

    #[test]
    fn bad_lurd_is_refused() {
        assert_eq!(parse_lurd("lux").unwrap_err().column, 3);
        assert!(parse_lurd("999999999l").unwrap_err().message.contains("more than"));
        assert!(parse_lurd("2(l").is_err());
    }
}
