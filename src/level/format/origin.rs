//! Where a board came from in its file, so diagnostics can name a line and column.

use crate::level::Pos;

/// Where one board row was read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowOrigin {
    /// Line number, from 1.
    pub line: usize,
    /// Column (from 1) of the row's first square.
    pub column: usize,
    /// Whether the row was run-length encoded (then all its squares map to `column`).
    pub rle: bool,
}

/// Where each row of a board was read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BoardOrigin {
    /// One entry per board row.
    pub rows: Vec<RowOrigin>,
}

impl BoardOrigin {
    /// The line of the board's first row (1 when unknown).
    pub fn first_line(&self) -> usize {
        self.rows.first().map_or(1, |r| r.line)
    }

    /// The file line and column (both from 1) of the square at `pos`.
    pub fn locate(&self, pos: Pos) -> (usize, usize) {
        match self.rows.get(pos.y) {
            Some(row) if row.rle => (row.line, row.column),
            Some(row) => (row.line, row.column + pos.x),
            None => (self.first_line() + pos.y, pos.x + 1),
        }
    }
}
