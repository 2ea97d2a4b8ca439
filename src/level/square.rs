//! One square of a board: its terrain and what stands on it.

/// The fixed part of a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Terrain {
    /// Not part of the level: the space around the walls.
    #[default]
    Outside,
    /// A square boxes and the player can stand on.
    Floor,
    /// A wall.
    Wall,
    /// A floor square that a box must end on.
    Goal,
}

impl Terrain {
    /// Whether boxes and the player may stand here (floor or goal).
    pub fn is_walkable(self) -> bool {
        matches!(self, Terrain::Floor | Terrain::Goal)
    }
}

/// A square: terrain plus the box and player standing on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Square {
    /// The fixed part.
    pub terrain: Terrain,
    /// Whether a box stands here.
    pub has_box: bool,
    /// Whether the player stands here.
    pub has_player: bool,
}

impl Square {
    /// An empty square of the given terrain.
    pub const fn of(terrain: Terrain) -> Self {
        Square { terrain, has_box: false, has_player: false }
    }

    /// The XSB character for this square (`' '` for both floor and outside).
    pub fn xsb_char(self) -> char {
        match (self.terrain, self.has_box, self.has_player) {
            (Terrain::Wall, _, _) => '#',
            (Terrain::Goal, true, _) => '*',
            (Terrain::Goal, false, true) => '+',
            (Terrain::Goal, false, false) => '.',
            (_, true, _) => '$',
            (_, false, true) => '@',
            _ => ' ',
        }
    }

    /// The square an XSB character stands for; `None` for a character that is not part of a
    /// board. Floor characters (`' '`, `'-'`, `'_'`) give [`Terrain::Floor`]; the reader
    /// turns floor outside the walls into [`Terrain::Outside`].
    pub fn from_xsb_char(c: char) -> Option<Square> {
        let (terrain, has_box, has_player) = match c {
            '#' => (Terrain::Wall, false, false),
            ' ' | '-' | '_' => (Terrain::Floor, false, false),
            '.' => (Terrain::Goal, false, false),
            '$' => (Terrain::Floor, true, false),
            '*' => (Terrain::Goal, true, false),
            '@' => (Terrain::Floor, false, true),
            '+' => (Terrain::Goal, false, true),
            _ => return None,
        };
        Some(Square { terrain, has_box, has_player })
    }
}
