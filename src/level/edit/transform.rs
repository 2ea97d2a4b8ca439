//! Whole-board edits: resize, crop, rotate, mirror, swap boxes and goals, normalise.

use super::EditError;
use crate::level::limits::MAX_SIDE;
use crate::level::{Level, Pos, Square, Terrain};

/// Builds a `width` × `height` level with `level`'s metadata, taking each new square from
/// `source(x, y)`.
fn rebuild(
    level: &Level,
    width: usize,
    height: usize,
    source: impl Fn(usize, usize) -> Square,
) -> Level {
    let mut out = Level::new(width, height);
    out.meta = level.meta.clone();
    for y in 0..height {
        for x in 0..width {
            *out.square_mut(Pos::new(x, y)) = source(x, y);
        }
    }
    out
}

/// Changes the board to `width` × `height`; the old square at (x, y) moves to
/// (x + dx, y + dy) where that is on the new board. New squares are outside.
pub fn resize(
    level: &mut Level,
    width: usize,
    height: usize,
    (dx, dy): (isize, isize),
) -> Result<(), EditError> {
    if width > MAX_SIDE || height > MAX_SIDE {
        return Err(EditError::TooLarge { width, height });
    }
    *level = rebuild(level, width, height, |x, y| {
        match (x.checked_add_signed(-dx), y.checked_add_signed(-dy)) {
            (Some(ox), Some(oy)) => level.square(Pos::new(ox, oy)),
            _ => Square::default(),
        }
    });
    Ok(())
}

/// Removes the rows and columns at the edges that hold only outside squares. Returns where
/// the old board's kept top-left corner was. A board with nothing on it is left alone.
pub fn crop_to_content(level: &mut Level) -> Pos {
    let used: Vec<Pos> =
        level.positions().filter(|&p| level.square(p) != Square::default()).collect();
    let Some(x0) = used.iter().map(|p| p.x).min() else { return Pos::new(0, 0) };
    let x1 = used.iter().map(|p| p.x).max().unwrap_or(x0);
    let y0 = used.iter().map(|p| p.y).min().unwrap_or(0);
    let y1 = used.iter().map(|p| p.y).max().unwrap_or(y0);
    *level =
        rebuild(level, x1 - x0 + 1, y1 - y0 + 1, |x, y| level.square(Pos::new(x + x0, y + y0)));
    Pos::new(x0, y0)
}

/// Turns the board a quarter turn clockwise.
pub fn rotate_cw(level: &mut Level) {
    let h = level.height();
    *level = rebuild(level, h, level.width(), |x, y| level.square(Pos::new(y, h - 1 - x)));
}

/// Mirrors the board left to right.
pub fn mirror_horizontal(level: &mut Level) {
    let w = level.width();
    *level = rebuild(level, w, level.height(), |x, y| level.square(Pos::new(w - 1 - x, y)));
}

/// Mirrors the board top to bottom.
pub fn mirror_vertical(level: &mut Level) {
    let h = level.height();
    *level = rebuild(level, level.width(), h, |x, y| level.square(Pos::new(x, h - 1 - y)));
}

/// Puts a goal where each box is and a box on each goal (boxes already on goals stay).
/// Fails when the player stands on an empty goal, which would receive a box.
pub fn swap_boxes_and_goals(level: &mut Level) -> Result<(), EditError> {
    if let Some(p) = level.positions().find(|&p| {
        let s = level.square(p);
        s.has_player && s.terrain == Terrain::Goal
    }) {
        return Err(EditError::PlayerOnGoal(p));
    }
    for p in level.positions().collect::<Vec<_>>() {
        let s = level.square_mut(p);
        match (s.terrain, s.has_box) {
            (Terrain::Goal, false) => {
                s.terrain = Terrain::Floor;
                s.has_box = true;
            }
            (Terrain::Floor, true) => {
                s.terrain = Terrain::Goal;
                s.has_box = false;
            }
            _ => {}
        }
    }
    Ok(())
}

/// Makes empty floor connected to the edge of the board outside, and outside squares
/// enclosed by walls floor: the board as reading it back from a file gives.
pub fn normalise(level: &mut Level) {
    level.mark_outside();
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level(rows: &[&str]) -> Level {
        let mut l = Level::from_rows(rows).unwrap();
        l.meta.title = "kept".into();
        l
    }

    #[test]
    fn rotating_four_times_is_the_identity() {
        let start = level(&["#####", "#@$.#", "# * #", "#####"]);
        let mut l = start.clone();
        rotate_cw(&mut l);
        assert_eq!(l.to_rows(), ["####", "# @#", "#*$#", "# .#", "####"]);
        for _ in 0..3 {
            rotate_cw(&mut l);
        }
        assert_eq!(l, start);
    }

    #[test]
    fn mirrors_flip_one_axis() {
        let mut l = level(&["#####", "#@$.#", "#   #", "#####"]);
        mirror_horizontal(&mut l);
        assert_eq!(l.to_rows(), ["#####", "#.$@#", "#   #", "#####"]);
        mirror_vertical(&mut l);
        assert_eq!(l.to_rows(), ["#####", "#   #", "#.$@#", "#####"]);
        assert_eq!(l.meta.title, "kept");
    }

    #[test]
    fn resize_shifts_and_pads_with_outside() {
        let mut l = level(&["####", "#@*#", "####"]);
        resize(&mut l, 6, 4, (1, 1)).unwrap();
        assert_eq!(l.to_rows(), ["", " ####", " #@*#", " ####"]);
        assert_eq!(crop_to_content(&mut l), Pos::new(1, 1));
        assert_eq!(l.to_rows(), ["####", "#@*#", "####"]);
        resize(&mut l, 2, 2, (-1, 0)).unwrap();
        assert_eq!(l.to_rows(), ["##", "@*"]);
        assert!(matches!(resize(&mut l, MAX_SIDE + 1, 1, (0, 0)), Err(EditError::TooLarge { .. })));
    }

    #[test]
    fn crop_leaves_an_empty_board_alone() {
        let mut l = Level::new(3, 3);
        assert_eq!(crop_to_content(&mut l), Pos::new(0, 0));
        assert_eq!((l.width(), l.height()), (3, 3));
    }

    #[test]
    fn swap_exchanges_boxes_and_goals() {
        let mut l = level(&["######", "#@$.*#", "######"]);
        swap_boxes_and_goals(&mut l).unwrap();
        assert_eq!(l.to_rows()[1], "#@.$*#");
        let mut on_goal = level(&["#####", "#+$ #", "#####"]);
        assert_eq!(
            swap_boxes_and_goals(&mut on_goal),
            Err(EditError::PlayerOnGoal(Pos::new(1, 1)))
        );
    }

    #[test]
    fn normalise_marks_outside_and_encloses_floor() {
        let mut l = level(&["#####", "#@$.#", "#####"]);
        *l.square_mut(Pos::new(2, 1)) = Square::of(Terrain::Outside);
        l.square_mut(Pos::new(2, 1)).has_box = true;
        resize(&mut l, 7, 3, (0, 0)).unwrap();
        crate::level::edit::set_square(&mut l, Pos::new(6, 1), crate::level::edit::Tool::Floor);
        normalise(&mut l);
        assert_eq!(l.square(Pos::new(2, 1)).terrain, Terrain::Floor);
        assert_eq!(l.square(Pos::new(6, 1)).terrain, Terrain::Outside);
    }
}
