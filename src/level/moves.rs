//! Directions and single moves.

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
