//! `Level`: a rectangular board of squares plus its metadata.

use crate::level::{Pos, Square, Terrain};

/// What a level says about itself besides its board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Meta {
    /// The level's title (may be empty).
    pub title: String,
    /// Who made it (may be empty).
    pub author: String,
    /// Free text; may span several lines.
    pub comment: String,
    /// Saved solutions, as LURD strings.
    pub solutions: Vec<String>,
    /// Lines attached to the level that the reader did not understand, kept for writing.
    pub extra: Vec<String>,
}

/// A Sokoban level: a `width` × `height` grid of squares, row by row, and its metadata.
///
/// A level may be invalid (no player, several players, more boxes than goals, …): the
/// editor needs to hold such levels. `validate` reports what is wrong.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Level {
    width: usize,
    height: usize,
    squares: Vec<Square>,
    /// Title, author, comment, solutions.
    pub meta: Meta,
}

impl Level {
    /// An all-outside level of the given size.
    pub fn new(width: usize, height: usize) -> Self {
        Level {
            width,
            height,
            squares: vec![Square::default(); width * height],
            meta: Meta::default(),
        }
    }

    /// Builds a level from XSB rows (`#`, `@`, `+`, `$`, `*`, `.`, space, `-`, `_`). Short rows
    /// are padded; floor that the player cannot reach and that touches the edge of the board
    /// through empty floor becomes outside. Characters outside the XSB set give an error
    /// naming the row and column (both from 1).
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Self, (usize, usize, char)> {
        // Floor at the end of a row lies outside the walls: it adds nothing to the width.
        let rows: Vec<&str> =
            rows.iter().map(|r| r.as_ref().trim_end_matches([' ', '-', '_'])).collect();
        let height = rows.len();
        let width = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
        let mut level = Level::new(width, height);
        for (y, row) in rows.iter().enumerate() {
            for (x, c) in row.chars().enumerate() {
                let sq = Square::from_xsb_char(c).ok_or((y + 1, x + 1, c))?;
                level.squares[y * width + x] = sq;
            }
            for x in row.chars().count()..width {
                level.squares[y * width + x] = Square::of(Terrain::Floor);
            }
        }
        level.mark_outside();
        Ok(level)
    }

    /// The XSB rows of the board, with trailing outside squares removed.
    pub fn to_rows(&self) -> Vec<String> {
        (0..self.height)
            .map(|y| {
                let row: String =
                    (0..self.width).map(|x| self.squares[y * self.width + x].xsb_char()).collect();
                row.trim_end().to_string()
            })
            .collect()
    }

    /// Turns empty floor connected to the edge of the board (through empty floor) into
    /// outside, and outside squares that hold something into floor.
    pub fn mark_outside(&mut self) {
        let (w, h) = (self.width, self.height);
        let empty = |s: &Square| {
            !s.has_box && !s.has_player && matches!(s.terrain, Terrain::Floor | Terrain::Outside)
        };
        for s in &mut self.squares {
            if s.terrain == Terrain::Outside {
                s.terrain = Terrain::Floor;
            }
        }
        let mut stack: Vec<usize> = (0..w * h)
            .filter(|&i| {
                let (x, y) = (i % w, i / w);
                (x == 0 || y == 0 || x + 1 == w || y + 1 == h) && empty(&self.squares[i])
            })
            .collect();
        while let Some(i) = stack.pop() {
            if self.squares[i].terrain == Terrain::Outside {
                continue;
            }
            self.squares[i].terrain = Terrain::Outside;
            let (x, y) = (i % w, i / w);
            let mut push = |j: usize| {
                if self.squares[j].terrain != Terrain::Outside && empty(&self.squares[j]) {
                    stack.push(j);
                }
            };
            if x > 0 {
                push(i - 1);
            }
            if x + 1 < w {
                push(i + 1);
            }
            if y > 0 {
                push(i - w);
            }
            if y + 1 < h {
                push(i + w);
            }
        }
    }

    /// Number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Number of rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Whether `p` lies on the board.
    pub fn contains(&self, p: Pos) -> bool {
        p.x < self.width && p.y < self.height
    }

    /// The square at `p`; outside squares for positions off the board.
    pub fn square(&self, p: Pos) -> Square {
        if self.contains(p) { self.squares[p.y * self.width + p.x] } else { Square::default() }
    }

    /// Mutable access to the square at `p`. Panics when `p` is off the board.
    pub fn square_mut(&mut self, p: Pos) -> &mut Square {
        assert!(self.contains(p), "{p} is off the {}x{} board", self.width, self.height);
        &mut self.squares[p.y * self.width + p.x]
    }

    /// All squares, row by row.
    pub fn squares(&self) -> &[Square] {
        &self.squares
    }

    /// Whether `other` has the same board (size and squares; the metadata may differ): a
    /// solution or a rating of one holds for the other.
    pub fn same_board(&self, other: &Level) -> bool {
        self.width == other.width && self.squares == other.squares
    }

    /// Whether `other` is a position of the same board: the same size, floor and goals,
    /// wherever the boxes and the player stand.
    pub fn same_layout(&self, other: &Level) -> bool {
        let layout = |s: &Square| (s.terrain.is_walkable(), s.terrain == Terrain::Goal);
        self.width == other.width
            && self.squares.len() == other.squares.len()
            && self.squares.iter().map(layout).eq(other.squares.iter().map(layout))
    }

    /// Every position on the board, row by row.
    pub fn positions(&self) -> impl Iterator<Item = Pos> + use<> {
        let w = self.width;
        (0..self.width * self.height).map(move |i| Pos::new(i % w, i / w))
    }

    /// Positions of every player (a valid level has exactly one).
    pub fn players(&self) -> Vec<Pos> {
        self.positions().filter(|&p| self.square(p).has_player).collect()
    }

    /// The player's position, if there is exactly one player.
    pub fn player(&self) -> Option<Pos> {
        let players = self.players();
        (players.len() == 1).then(|| players[0])
    }

    /// Positions of every box.
    pub fn boxes(&self) -> Vec<Pos> {
        self.positions().filter(|&p| self.square(p).has_box).collect()
    }

    /// Positions of every goal.
    pub fn goals(&self) -> Vec<Pos> {
        self.positions().filter(|&p| self.square(p).terrain == Terrain::Goal).collect()
    }

    /// Whether every box stands on a goal and every goal holds a box (and there is a box).
    pub fn is_solved(&self) -> bool {
        let mut any = false;
        for s in &self.squares {
            let goal = s.terrain == Terrain::Goal;
            if goal != s.has_box {
                return false;
            }
            any |= s.has_box;
        }
        any
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_round_trip_and_outside_is_marked() {
        let rows = ["  #####", "###   #", "#.@$  #", "#######"];
        let level = Level::from_rows(&rows).unwrap();
        assert_eq!(level.width(), 7);
        assert_eq!(level.to_rows(), rows);
        assert_eq!(level.square(Pos::new(0, 0)).terrain, Terrain::Outside);
        assert_eq!(level.square(Pos::new(4, 1)).terrain, Terrain::Floor);
        assert_eq!(level.player(), Some(Pos::new(2, 2)));
        assert_eq!(level.boxes(), vec![Pos::new(3, 2)]);
        assert_eq!(level.goals(), vec![Pos::new(1, 2)]);
        assert!(!level.is_solved());
    }

    #[test]
    fn the_same_board_ignores_the_metadata_but_not_a_square_or_the_shape() {
        let level = Level::from_rows(&["#####", "#@$.#", "#####"]).unwrap();
        let mut titled = level.clone();
        (titled.meta.title, titled.meta.solutions) = ("Mine".into(), vec!["R".into()]);
        assert!(level.same_board(&titled));
        let moved = Level::from_rows(&["#####", "#@ *#", "#####"]).unwrap();
        assert!(!level.same_board(&moved));
        // The same squares in another shape (5x3 against 3x5) are another board.
        let mut tall = Level::new(3, 5);
        tall.squares.clone_from(&level.squares);
        assert!(!level.same_board(&tall));
    }

    #[test]
    fn bad_character_is_reported_with_row_and_column() {
        assert_eq!(Level::from_rows(&["####", "#@x#"]), Err((2, 3, 'x')));
    }
}
