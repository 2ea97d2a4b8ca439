//! Levels that are the same puzzle: the same board up to a turn, a mirror and a shift, with
//! the player anywhere in the same area. Collections are put together from many sources, so
//! `check` and the editor say when a level repeats another.

use std::collections::HashMap;

use crate::level::{Dir, Level, Pos, Terrain};

/// A level's board in a form that every turned, mirrored or shifted copy shares (and a copy
/// whose player stands elsewhere in the same area). Two levels are the same puzzle exactly
/// when their fingerprints are equal.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Fingerprint(Grid);

/// How a copy lies compared with the level it repeats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placement {
    /// As it is (perhaps shifted, or with the player elsewhere in the same area).
    Same,
    /// Turned a quarter clockwise.
    Quarter,
    /// Turned half round.
    Half,
    /// Turned a quarter anticlockwise.
    ThreeQuarters,
    /// Mirrored left to right.
    Mirrored,
    /// Mirrored left to right, then turned a quarter clockwise.
    MirroredQuarter,
    /// Mirrored top to bottom.
    Flipped,
    /// Mirrored left to right, then turned a quarter anticlockwise.
    MirroredThreeQuarters,
}

impl Placement {
    /// The eight placements, in the order [`Grid::placed`] makes them.
    const ALL: [Placement; 8] = [
        Placement::Same,
        Placement::Quarter,
        Placement::Half,
        Placement::ThreeQuarters,
        Placement::Mirrored,
        Placement::MirroredQuarter,
        Placement::Flipped,
        Placement::MirroredThreeQuarters,
    ];

    /// In words, to follow "the same board as level N".
    pub fn words(self) -> &'static str {
        match self {
            Placement::Same => "",
            Placement::Quarter => ", turned a quarter clockwise",
            Placement::Half => ", turned half round",
            Placement::ThreeQuarters => ", turned a quarter anticlockwise",
            Placement::Mirrored => ", mirrored left to right",
            Placement::MirroredQuarter => ", mirrored and turned a quarter clockwise",
            Placement::Flipped => ", mirrored top to bottom",
            Placement::MirroredThreeQuarters => ", mirrored and turned a quarter anticlockwise",
        }
    }
}

/// A level that repeats an earlier one of its collection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Repeat {
    /// The later level's index.
    pub copy: usize,
    /// The index of the first level with the same fingerprint.
    pub of: usize,
    /// How the copy lies compared with it.
    pub placement: Placement,
}

/// Squares as the fingerprint records them: the player's area is marked, not the player's square.
mod cell {
    pub const OUTSIDE: u8 = b' ';
    pub const WALL: u8 = b'#';
    pub const FLOOR: u8 = b'-';
    pub const GOAL: u8 = b'.';
    pub const BOX: u8 = b'$';
    pub const BOX_ON_GOAL: u8 = b'*';
    /// Floor and goal the player can walk to.
    pub const AREA: u8 = b'a';
    pub const AREA_GOAL: u8 = b'g';
}

/// A board cropped to what is on it, one byte a square (see `cell`), row by row.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Grid {
    width: usize,
    height: usize,
    cells: Vec<u8>,
}

impl Grid {
    /// `level`'s board cropped to its walls and floor, the player's area marked; `None` for
    /// a board without boxes (not yet a puzzle: two blank boards are no repeat).
    fn of(level: &Level) -> Option<Grid> {
        if level.boxes().is_empty() {
            return None;
        }
        let area = player_area(level);
        let used: Vec<Pos> =
            level.positions().filter(|&p| level.square(p).terrain != Terrain::Outside).collect();
        let x0 = used.iter().map(|p| p.x).min()?;
        let y0 = used.iter().map(|p| p.y).min()?;
        let width = used.iter().map(|p| p.x).max()? - x0 + 1;
        let height = used.iter().map(|p| p.y).max()? - y0 + 1;
        let mut cells = Vec::with_capacity(width * height);
        for y in y0..y0 + height {
            for x in x0..x0 + width {
                let p = Pos::new(x, y);
                let s = level.square(p);
                let walked = area[p.y * level.width() + p.x];
                cells.push(match (s.terrain, s.has_box, walked) {
                    (Terrain::Outside, ..) => cell::OUTSIDE,
                    (Terrain::Wall, ..) => cell::WALL,
                    (Terrain::Floor, true, _) => cell::BOX,
                    (Terrain::Goal, true, _) => cell::BOX_ON_GOAL,
                    (Terrain::Floor, false, false) => cell::FLOOR,
                    (Terrain::Goal, false, false) => cell::GOAL,
                    (Terrain::Floor, false, true) => cell::AREA,
                    (Terrain::Goal, false, true) => cell::AREA_GOAL,
                });
            }
        }
        Some(Grid { width, height, cells })
    }

    /// Turned a quarter clockwise.
    fn turned(&self) -> Grid {
        let (w, h) = (self.height, self.width);
        let cells = (0..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .map(|(x, y)| self.cells[(self.height - 1 - x) * self.width + y])
            .collect();
        Grid { width: w, height: h, cells }
    }

    /// Mirrored left to right.
    fn mirrored(&self) -> Grid {
        let cells = self.cells.chunks(self.width).flat_map(|row| row.iter().rev().copied());
        Grid { width: self.width, height: self.height, cells: cells.collect() }
    }

    /// The eight placements of this grid, in the order of [`Placement::ALL`].
    fn placed(&self) -> impl Iterator<Item = (Placement, Grid)> {
        let turns = |first: Grid| std::iter::successors(Some(first), |g| Some(g.turned())).take(4);
        let all = turns(self.clone()).chain(turns(self.mirrored()));
        Placement::ALL.into_iter().zip(all)
    }
}

/// Which squares the player can walk to, as a mask over the board.
fn player_area(level: &Level) -> Vec<bool> {
    let mut seen = vec![false; level.width() * level.height()];
    let mut stack: Vec<Pos> = level.player().into_iter().collect();
    while let Some(p) = stack.pop() {
        let s = level.square(p);
        if seen[p.y * level.width() + p.x] || !s.terrain.is_walkable() || s.has_box {
            continue;
        }
        seen[p.y * level.width() + p.x] = true;
        stack.extend(Dir::ALL.iter().filter_map(|&d| level.step_on_board(p, d)));
    }
    seen
}

/// The fingerprint of `level`; `None` for a board without boxes.
pub fn fingerprint(level: &Level) -> Option<Fingerprint> {
    Grid::of(level)?.placed().map(|(_, g)| g).min().map(Fingerprint)
}

/// How `copy` lies compared with `original`, if it is the same puzzle.
pub fn placement(original: &Level, copy: &Level) -> Option<Placement> {
    let target = Grid::of(copy)?;
    Grid::of(original)?.placed().find(|(_, g)| *g == target).map(|(how, _)| how)
}

/// Every level of `levels` that repeats an earlier one, with the first it repeats.
pub fn repeats(levels: &[Level]) -> Vec<Repeat> {
    let mut first: HashMap<Fingerprint, usize> = HashMap::new();
    let mut out = Vec::new();
    for (i, level) in levels.iter().enumerate() {
        let Some(s) = fingerprint(level) else { continue };
        match first.get(&s) {
            Some(&of) => {
                let placement = placement(&levels[of], level).expect("equal fingerprints match");
                out.push(Repeat { copy: i, of, placement });
            }
            None => {
                first.insert(s, i);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::edit::{mirror_horizontal, mirror_vertical, resize, rotate_cw};

    fn level(rows: &[&str]) -> Level {
        Level::from_rows(rows).unwrap()
    }

    /// An asymmetric level, so that each placement is a different board.
    fn original() -> Level {
        level(&["######", "#@ $.#", "#  $ #", "#.  ##", "#####"])
    }

    #[test]
    fn a_turned_mirrored_and_shifted_copy_is_found_and_named() {
        let base = original();
        let mut turned = base.clone();
        rotate_cw(&mut turned);
        let mut mirrored = base.clone();
        mirror_horizontal(&mut mirrored);
        let mut flipped = base.clone();
        mirror_vertical(&mut flipped);
        let mut shifted = base.clone();
        resize(&mut shifted, base.width() + 3, base.height() + 2, (3, 2)).unwrap();
        // The player elsewhere in the same area is the same puzzle.
        let moved = level(&["######", "#  $.#", "# @$ #", "#.  ##", "#####"]);
        // A box moved is not.
        let other = level(&["######", "#@ $.#", "# $  #", "#.  ##", "#####"]);
        let levels = [base, turned, other, mirrored, shifted, flipped, moved];
        let found = repeats(&levels);
        let how = |copy| found.iter().find(|r| r.copy == copy).map(|r| (r.of, r.placement));
        assert_eq!(how(1), Some((0, Placement::Quarter)));
        assert_eq!(how(2), None);
        assert_eq!(how(3), Some((0, Placement::Mirrored)));
        assert_eq!(how(4), Some((0, Placement::Same)));
        assert_eq!(how(5), Some((0, Placement::Flipped)));
        assert_eq!(how(6), Some((0, Placement::Same)));
        assert_eq!(found.len(), 5, "{found:?}");
    }

    #[test]
    fn every_placement_is_found_as_itself() {
        let base = original();
        for (want, grid) in Grid::of(&base).unwrap().placed() {
            let rows: Vec<String> = grid
                .cells
                .chunks(grid.width)
                .map(|row| {
                    row.iter()
                        .map(|&c| match c {
                            cell::AREA | cell::FLOOR | cell::OUTSIDE => ' ',
                            cell::AREA_GOAL | cell::GOAL => '.',
                            other => other as char,
                        })
                        .collect()
                })
                .collect();
            // Put the player back on the first square of its area.
            let mut copy = Level::from_rows(&rows).unwrap();
            let at = grid.cells.iter().position(|&c| c == cell::AREA).unwrap();
            copy.square_mut(Pos::new(at % grid.width, at / grid.width)).has_player = true;
            assert_eq!(placement(&base, &copy), Some(want));
            assert_eq!(fingerprint(&copy), fingerprint(&base));
        }
    }

    #[test]
    fn the_player_in_another_area_or_an_empty_board_is_no_repeat() {
        // Same walls, goals and boxes; the player on the other side of the boxes.
        let left = level(&["#######", "#@ $ .#", "#  $ .#", "#######"]);
        let right = level(&["#######", "#  $ @#", "#  $ .#", "#######"]);
        let right = {
            let mut r = right;
            r.square_mut(Pos::new(5, 1)).terrain = Terrain::Goal;
            r
        };
        assert_ne!(fingerprint(&left), fingerprint(&right));
        let blank = level(&["####", "#@ #", "####"]);
        assert_eq!(fingerprint(&blank), None);
        assert!(repeats(&[blank.clone(), blank]).is_empty());
    }
}
