//! Tic-tac-toe as the book models it: X moves first; the moves are the empty cells, down
//! the left column first (the order its AlphaBeta counts depend on); a board with three in
//! a row, or full, has none; positions are scored with Nilsson's evaluation.

use crate::lab::game_tree::{Game, WIN, alpha_beta, minimax};

/// A side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Moves first.
    X,
    /// Moves second.
    O,
}

impl Mark {
    /// The other side.
    pub fn other(self) -> Mark {
        match self {
            Mark::X => Mark::O,
            Mark::O => Mark::X,
        }
    }
}

/// A cell: its column and row (0, 0 the upper left).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    /// Column, from the left.
    pub col: u8,
    /// Row, from the top.
    pub row: u8,
}

impl Cell {
    fn index(self) -> usize {
        usize::from(self.col) * 3 + usize::from(self.row)
    }
}

/// The eight lines, as cell indices (column-major: index = col × 3 + row).
const LINES: [[usize; 3]; 8] =
    [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

/// A tic-tac-toe position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TicTacToe {
    /// The marks, column-major.
    cells: [Option<Mark>; 9],
}

impl TicTacToe {
    /// The empty board, X to move.
    pub fn new() -> Self {
        TicTacToe::default()
    }

    /// The board written as three rows from the top, each three of `X`, `O` and `.` (or
    /// `_`), the rows parted by `/` (spaces are ignored): `"X X . / . . . / . O ."`. The side
    /// to move follows from the counts, X moving first.
    pub fn parse(text: &str) -> Result<TicTacToe, String> {
        let rows: Vec<Vec<char>> =
            text.split('/').map(|r| r.chars().filter(|c| !c.is_whitespace()).collect()).collect();
        if rows.len() != 3 || rows.iter().any(|r| r.len() != 3) {
            return Err(format!("{text:?}: give three rows of three squares, parted by /"));
        }
        let mut t = TicTacToe::new();
        for (row, squares) in rows.iter().enumerate() {
            for (col, &c) in squares.iter().enumerate() {
                t.cells[Cell { col: col as u8, row: row as u8 }.index()] = match c {
                    'X' | 'x' => Some(Mark::X),
                    'O' | 'o' => Some(Mark::O),
                    '.' | '_' => None,
                    other => return Err(format!("{text:?}: {other:?} is not X, O or .")),
                };
            }
        }
        let count = |m| t.cells.iter().filter(|&&c| c == Some(m)).count();
        let (x, o) = (count(Mark::X), count(Mark::O));
        if x != o && x != o + 1 {
            return Err(format!(
                "{text:?}: {x} X and {o} O; X moves first, so X has as many or one more"
            ));
        }
        Ok(t)
    }

    /// The mark on `cell`.
    pub fn at(&self, cell: Cell) -> Option<Mark> {
        self.cells[cell.index()]
    }

    /// Whether `mark` has three in a row.
    pub fn won(&self, mark: Mark) -> bool {
        LINES.iter().any(|l| l.iter().all(|&i| self.cells[i] == Some(mark)))
    }

    /// Lines that hold no mark of `mark`'s opponent (where `mark` may still get three).
    fn open(&self, mark: Mark) -> i32 {
        let them = Some(mark.other());
        LINES.iter().filter(|l| l.iter().all(|&i| self.cells[i] != them)).count() as i32
    }
}

impl Game for TicTacToe {
    type Move = Cell;
    type Player = Mark;

    fn to_move(&self) -> Mark {
        let placed = self.cells.iter().filter(|c| c.is_some()).count();
        if placed % 2 == 0 { Mark::X } else { Mark::O }
    }

    fn moves(&self) -> Vec<Cell> {
        if self.won(Mark::X) || self.won(Mark::O) {
            return Vec::new();
        }
        (0..3u8)
            .flat_map(|col| (0..3u8).map(move |row| Cell { col, row }))
            .filter(|&c| self.at(c).is_none())
            .collect()
    }

    fn play(&mut self, m: Cell) {
        self.cells[m.index()] = Some(self.to_move());
    }

    fn undo(&mut self, m: Cell) {
        self.cells[m.index()] = None;
    }

    /// Nilsson's evaluation: `-WIN` if the opponent has three in a row, else `WIN` if
    /// `player` has, else the lines open for `player` less those open for the opponent.
    fn score(&self, player: Mark) -> i32 {
        if self.won(player.other()) {
            -WIN
        } else if self.won(player) {
            WIN
        } else {
            self.open(player) - self.open(player.other())
        }
    }
}

/// One row of the book's Table 7-1: from every position after `moves` moves, Minimax and
/// AlphaBeta to the end of the game (ply 9 − moves); the states each explored, in all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Table71Row {
    /// The ply searched.
    pub ply: u32,
    /// States Minimax explored.
    pub minimax: u64,
    /// States AlphaBeta explored.
    pub alpha_beta: u64,
}

/// The rows of Table 7-1: ply 6, 7 and 8.
pub fn table_7_1() -> Vec<Table71Row> {
    [6, 7, 8].into_iter().map(table_7_1_row).collect()
}

/// A row of Table 7-1 for `ply` (1 to 9): from every position after 9 − `ply` moves
/// (every move sequence counts, as in the book), to the end of the game.
pub fn table_7_1_row(ply: u32) -> Table71Row {
    let ply = ply.clamp(1, 9);
    let mut row = Table71Row { ply, minimax: 0, alpha_beta: 0 };
    for position in after(&TicTacToe::new(), 9 - ply) {
        row.minimax += minimax(&position, ply).states;
        row.alpha_beta += alpha_beta(&position, ply).states;
    }
    row
}

/// Every position `k` moves after `from`, one per move sequence.
fn after(from: &TicTacToe, k: u32) -> Vec<TicTacToe> {
    if k == 0 {
        return vec![from.clone()];
    }
    let mut out = Vec::new();
    for m in from.moves() {
        let mut next = from.clone();
        next.play(m);
        out.extend(after(&next, k - 1));
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::lab::game_tree::{Game, WIN, alpha_beta, minimax, negmax};
    use crate::lab::tictactoe::{Cell, Mark, TicTacToe, table_7_1};

    fn board(moves: &[(u8, u8)]) -> TicTacToe {
        let mut t = TicTacToe::new();
        for &(col, row) in moves {
            t.play(Cell { col, row });
        }
        t
    }

    #[test]
    fn moves_go_down_the_left_column_first_and_stop_at_a_win() {
        let t = TicTacToe::new();
        let first: Vec<(u8, u8)> = t.moves().iter().take(4).map(|c| (c.col, c.row)).collect();
        assert_eq!(first, [(0, 0), (0, 1), (0, 2), (1, 0)]);
        // X takes the top row while O plays below it.
        let won = board(&[(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)]);
        assert!(won.won(Mark::X) && won.moves().is_empty());
        assert_eq!(won.score(Mark::X), WIN);
        assert_eq!(won.score(Mark::O), -WIN);
        // X in the centre: 4 lines open for O, 8 for X.
        let centre = board(&[(1, 1)]);
        assert_eq!(centre.score(Mark::X), 4);
        assert_eq!(centre.score(Mark::O), -4);
    }

    #[test]
    fn the_three_searches_agree_and_alpha_beta_explores_less() {
        let t = board(&[(1, 1), (0, 0)]);
        let (mm, nm, ab) = (minimax(&t, 3), negmax(&t, 3), alpha_beta(&t, 3));
        assert_eq!(mm.states, nm.states, "Minimax and NegMax walk the same tree");
        assert_eq!(mm.score, nm.score, "the root's score is the side to move's in both");
        assert_eq!(ab.score, nm.score);
        assert!(ab.states < nm.states, "{} vs {}", ab.states, nm.states);
        // To the end of the game: X, with the centre and a corner against it, does not
        // lose, and Minimax sees every node of the tree.
        let full = minimax(&t, 9);
        assert!(full.score >= 0, "{}", full.score);
        assert_eq!(alpha_beta(&t, 9).score.signum(), full.score.signum());
    }

    /// Figure 7-11: X in the upper-left corner, O below it; to the end of the game Minimax
    /// explores 8,232 states and AlphaBeta 450, as the book says. Figure 7-12's 960 comes
    /// from the same board mirrored in the other diagonal (X in the lower-right corner, O
    /// left of it); the board turned 180 degrees, as the book describes the figure, gives
    /// 362 with our move order.
    #[test]
    fn figures_7_11_and_7_12_count_as_in_the_book() {
        let counts = |t: &TicTacToe| (minimax(t, 7).states, alpha_beta(t, 7).states);
        assert_eq!(counts(&board(&[(0, 0), (0, 1)])), (8_232, 450));
        assert_eq!(counts(&board(&[(2, 2), (1, 2)])), (8_232, 960));
        assert_eq!(counts(&board(&[(2, 2), (2, 1)])), (8_232, 362));
    }

    #[test]
    fn a_board_is_read_row_by_row_and_a_bad_one_refused() {
        assert_eq!(TicTacToe::parse("X . . / O . . / . . .").unwrap(), board(&[(0, 0), (0, 1)]));
        assert_eq!(TicTacToe::parse("...\n/..O/ _ _X").unwrap(), board(&[(2, 2), (2, 1)]));
        for bad in [
            "X . . / . . .",
            "X . . / O . . / . . Z",
            "X X . / . . . / . . .",
            "O . . / . . . / . . .",
        ] {
            assert!(TicTacToe::parse(bad).is_err(), "{bad}");
        }
    }

    /// The book's Table 7-1, states explored by Minimax and by AlphaBeta: 549,864 and
    /// 112,086 at ply 6, 549,936 and 47,508 at ply 7, 549,945 and 27,565 at ply 8.
    #[test]
    fn table_7_1_comes_out_as_in_the_book() {
        let rows: Vec<(u32, u64, u64)> =
            table_7_1().iter().map(|r| (r.ply, r.minimax, r.alpha_beta)).collect();
        assert_eq!(rows, [(6, 549_864, 112_086), (7, 549_936, 47_508), (8, 549_945, 27_565)]);
    }
}
