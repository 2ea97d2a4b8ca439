//! The compiled board: floor squares numbered densely, neighbour tables and goals.

use crate::level::{Dir, Level, Pos, Terrain};
use crate::solver::model::error::Unsearchable;

/// A floor square's number on the compiled board.
pub type Sq = u16;

/// "No square": a wall or the edge of the board.
pub const NONE: Sq = Sq::MAX;

/// Index of a direction in the neighbour tables (the order of [`Dir::ALL`]).
pub const fn dir_index(d: Dir) -> usize {
    match d {
        Dir::Up => 0,
        Dir::Down => 1,
        Dir::Left => 2,
        Dir::Right => 3,
    }
}

/// The index of the opposite direction.
pub const fn opposite(d: usize) -> usize {
    d ^ 1
}

/// A level compiled for search. Floor squares (floor and goal terrain) are numbered from 0 in
/// row order; everything else (walls, outside) is gone.
#[derive(Clone, Debug)]
pub struct Board {
    width: usize,
    height: usize,
    /// Grid index (`y * width + x`) to floor number, [`NONE`] for non-floor.
    grid: Vec<Sq>,
    /// Floor number to position.
    pos: Vec<Pos>,
    /// Floor number to neighbour floor number in each direction ([`NONE`] if none).
    nbr: Vec<[Sq; 4]>,
    goal: Vec<bool>,
    goals: Vec<Sq>,
    start_boxes: Vec<Sq>,
    start_player: Sq,
}

impl Board {
    /// Compiles `level`, or says why it cannot be searched (no single player, box and goal
    /// counts differ, no boxes, too many floor squares).
    pub fn compile(level: &Level) -> Result<Board, Unsearchable> {
        let (width, height) = (level.width(), level.height());
        let player =
            level.player().ok_or_else(|| Unsearchable::PlayerCount(level.players().len()))?;
        let floor = level.positions().filter(|&p| level.square(p).terrain.is_walkable()).count();
        if floor > NONE as usize {
            return Err(Unsearchable::TooManyFloorSquares { found: floor, limit: NONE as usize });
        }
        let mut grid = vec![NONE; width * height];
        let mut pos = Vec::new();
        for p in level.positions() {
            if level.square(p).terrain.is_walkable() {
                grid[p.y * width + p.x] = pos.len() as Sq;
                pos.push(p);
            }
        }
        let at = |p: Option<Pos>| match p {
            Some(p) if p.x < width && p.y < height => grid[p.y * width + p.x],
            _ => NONE,
        };
        let nbr = pos.iter().map(|&p| Dir::ALL.map(|d| at(p.step(d)))).collect();
        let goal: Vec<bool> =
            pos.iter().map(|&p| level.square(p).terrain == Terrain::Goal).collect();
        let goals: Vec<Sq> = (0..pos.len() as Sq).filter(|&s| goal[s as usize]).collect();
        let mut start_boxes = Vec::new();
        for b in level.boxes() {
            match at(Some(b)) {
                NONE => return Err(Unsearchable::BoxOffFloor(b)),
                s => start_boxes.push(s),
            }
        }
        let start_player = at(Some(player));
        if start_player == NONE {
            return Err(Unsearchable::PlayerOffFloor(player));
        }
        if start_boxes.is_empty() {
            return Err(Unsearchable::NoBoxes);
        }
        if start_boxes.len() != goals.len() {
            return Err(Unsearchable::BoxesAndGoals {
                boxes: start_boxes.len(),
                goals: goals.len(),
            });
        }
        Ok(Board { width, height, grid, pos, nbr, goal, goals, start_boxes, start_player })
    }

    /// Number of floor squares.
    pub fn len(&self) -> usize {
        self.pos.len()
    }

    /// Bitset words of a set of boxes on the board.
    pub fn words(&self) -> usize {
        self.len().div_ceil(64)
    }

    /// Whether the board has no floor (never true for a compiled level).
    pub fn is_empty(&self) -> bool {
        self.pos.is_empty()
    }

    /// Width and height of the original level.
    pub fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    /// The floor number at `p`, if `p` is floor.
    pub fn square_at(&self, p: Pos) -> Option<Sq> {
        if p.x >= self.width || p.y >= self.height {
            return None;
        }
        Some(self.grid[p.y * self.width + p.x]).filter(|&s| s != NONE)
    }

    /// The position of floor square `s`.
    #[inline]
    pub fn pos(&self, s: Sq) -> Pos {
        self.pos[s as usize]
    }

    /// The neighbour of `s` in direction index `d` (in the order of [`Dir::ALL`]), or [`NONE`].
    #[inline]
    pub fn nbr(&self, s: Sq, d: usize) -> Sq {
        self.nbr[s as usize][d]
    }

    /// The neighbour table: for each floor square, its neighbours in the order of [`Dir::ALL`].
    #[inline]
    pub fn neighbours(&self) -> &[[Sq; 4]] {
        &self.nbr
    }

    /// Whether `s` is a goal.
    #[inline]
    pub fn is_goal(&self, s: Sq) -> bool {
        self.goal[s as usize]
    }

    /// All goals, in floor order.
    pub fn goals(&self) -> &[Sq] {
        &self.goals
    }

    /// The boxes of the start position.
    pub fn start_boxes(&self) -> &[Sq] {
        &self.start_boxes
    }

    /// The player's start square.
    pub fn start_player(&self) -> Sq {
        self.start_player
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floor_is_numbered_in_row_order_with_neighbours() {
        let level = Level::from_rows(&["#####", "#@$.#", "#####"]).unwrap();
        let b = Board::compile(&level).unwrap();
        assert_eq!(b.len(), 3);
        assert_eq!(b.start_player(), 0);
        assert_eq!(b.start_boxes(), &[1]);
        assert_eq!(b.goals(), &[2]);
        assert_eq!(b.nbr(0, dir_index(Dir::Right)), 1);
        assert_eq!(b.nbr(0, dir_index(Dir::Left)), NONE);
        assert_eq!(b.nbr(1, dir_index(Dir::Up)), NONE);
        assert_eq!(b.pos(2), Pos::new(3, 1));
    }

    #[test]
    fn box_and_goal_counts_must_match() {
        let level = Level::from_rows(&["######", "#@$$.#", "######"]).unwrap();
        let err = Board::compile(&level).unwrap_err();
        assert_eq!(err, Unsearchable::BoxesAndGoals { boxes: 2, goals: 1 });
        assert_eq!(err.to_string(), "the level has 2 boxes but 1 goals");
    }
}
