//! Board coordinates.

use crate::level::Dir;

/// A square's coordinates: `x` is the column, `y` the row, both from the top-left corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Pos {
    /// Column, from 0 at the left.
    pub x: usize,
    /// Row, from 0 at the top.
    pub y: usize,
}

impl Pos {
    /// The position at column `x`, row `y`.
    pub const fn new(x: usize, y: usize) -> Self {
        Pos { x, y }
    }

    /// The neighbouring position one step in `dir`, or `None` past the top or left edge.
    /// (The right and bottom edges are checked by the board.)
    pub fn step(self, dir: Dir) -> Option<Pos> {
        let (dx, dy) = dir.delta();
        let x = self.x.checked_add_signed(dx)?;
        let y = self.y.checked_add_signed(dy)?;
        Some(Pos { x, y })
    }
}

impl std::fmt::Display for Pos {
    /// Written as `row:column`, both counted from 1, the way file positions are written.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.y + 1, self.x + 1)
    }
}

impl std::str::FromStr for Pos {
    type Err = String;

    /// `row:column`, both counted from 1, as [`Pos`] is written.
    fn from_str(text: &str) -> Result<Pos, String> {
        let bad = || format!("`{text}` is not a square: write row:column, both from 1 (say 3:14)");
        let (row, column) = text.split_once(':').ok_or_else(bad)?;
        let number = |t: &str| t.trim().parse::<usize>().ok().filter(|&n| n >= 1);
        match (number(row), number(column)) {
            (Some(y), Some(x)) => Ok(Pos { x: x - 1, y: y - 1 }),
            _ => Err(bad()),
        }
    }
}
