//! Where a board came from in its file, so diagnostics can name a line and column.

use crate::level::Pos;

/// The file column (from 1) of each square of one board row, kept as runs: squares written
/// one character each (`#@$`) advance a column per square, squares of one run-length count
/// (`5#`) share their character's column.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Columns {
    runs: Vec<Run>,
    /// Squares in the row.
    len: usize,
    /// The column of a row without squares.
    start: usize,
}

/// Squares from `square` up to the next run, the first at `column`, each `step` further.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Run {
    square: u32,
    column: u32,
    step: u32,
}

impl Columns {
    /// The map of a row whose squares are at `columns`, or at `start` when it has none.
    pub(super) fn new(start: usize, columns: impl IntoIterator<Item = usize>) -> Self {
        let mut runs: Vec<Run> = Vec::new();
        let mut len = 0;
        // Squares in the last run: a run of one square can still take either step.
        let mut run_len = 0u32;
        for column in columns {
            let column = u32::try_from(column).unwrap_or(u32::MAX);
            let square = len as u32;
            len += 1;
            if let Some(run) = runs.last_mut() {
                let last = run.column + run.step * (run_len - 1);
                if run_len == 1 && (column == last || Some(column) == last.checked_add(1)) {
                    run.step = column - last;
                    run_len += 1;
                    continue;
                }
                if Some(column) == last.checked_add(run.step) {
                    run_len += 1;
                    continue;
                }
            }
            runs.push(Run { square, column, step: 1 });
            run_len = 1;
        }
        Columns { runs, len, start }
    }

    /// The column of square `x`; squares past the row's end are placed just after its last
    /// square.
    pub fn column(&self, x: usize) -> usize {
        if self.len == 0 {
            return self.start;
        }
        let (x, past) = if x < self.len { (x, 0) } else { (self.len - 1, 1) };
        let k = self.runs.partition_point(|r| r.square as usize <= x) - 1;
        let run = self.runs[k];
        run.column as usize + run.step as usize * (x - run.square as usize) + past
    }
}

/// Where one board row was read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowOrigin {
    /// Line number, from 1.
    pub line: usize,
    /// The column of each square in the line.
    pub columns: Columns,
    /// Whether the row was run-length encoded.
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
            Some(row) => (row.line, row.columns.column(pos.x)),
            None => (self.first_line() + pos.y, pos.x + 1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_follow_plain_squares_counts_and_tabs() {
        let plain = Columns::new(1, 3..8);
        assert_eq!((plain.column(0), plain.column(4), plain.column(9)), (3, 7, 8));
        assert_eq!(plain.runs.len(), 1);
        // `3#@2$`: ### at 2, @ at 3, $$ at 5.
        let rle = Columns::new(1, [2, 2, 2, 3, 5, 5]);
        let got: Vec<usize> = (0..7).map(|x| rle.column(x)).collect();
        assert_eq!(got, [2, 2, 2, 3, 5, 5, 6]);
        // A tab at 1 gives eight squares there, then `#` at 2.
        let tab = Columns::new(1, [1, 1, 1, 1, 1, 1, 1, 1, 2]);
        assert_eq!((tab.column(7), tab.column(8)), (1, 2));
        assert_eq!(Columns::new(4, []).column(3), 4);
    }
}
