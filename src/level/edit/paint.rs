//! Painting squares the way a paint-style level editor does.

use crate::level::{Dir, Level, Pos, Square, Terrain};

/// What a paint stroke puts on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tool {
    /// A wall (removes any box or player there).
    Wall,
    /// Plain floor under whatever stands there (removes a goal).
    Floor,
    /// A goal under whatever stands there (a box there becomes a box on a goal).
    Goal,
    /// A box on the square's floor or goal (removes a player there).
    Box,
    /// The player; any other player is removed, so painting moves the single player.
    Player,
    /// Nothing: the square becomes outside the level.
    Erase,
    /// What stands or lies on the floor: a box, goal or player is taken away, leaving
    /// floor; a wall, floor or outside square is left as it is.
    Clear,
}

/// Paints `tool` on the square at `pos`. Returns whether anything changed.
pub fn set_square(level: &mut Level, pos: Pos, tool: Tool) -> bool {
    if !level.contains(pos) {
        return false;
    }
    let mut changed = false;
    if tool == Tool::Player {
        for p in level.players() {
            if p != pos {
                level.square_mut(p).has_player = false;
                changed = true;
            }
        }
    }
    let before = level.square(pos);
    let square = level.square_mut(pos);
    let floor_under = |s: &mut Square| {
        if !s.terrain.is_walkable() {
            s.terrain = Terrain::Floor;
        }
    };
    match tool {
        Tool::Wall => *square = Square::of(Terrain::Wall),
        Tool::Floor => square.terrain = Terrain::Floor,
        Tool::Goal => square.terrain = Terrain::Goal,
        Tool::Box => {
            floor_under(square);
            square.has_box = true;
            square.has_player = false;
        }
        Tool::Player => {
            floor_under(square);
            square.has_player = true;
            square.has_box = false;
        }
        Tool::Erase => *square = Square::default(),
        Tool::Clear => {
            if square.terrain.is_walkable() {
                *square = Square::of(Terrain::Floor);
            }
        }
    }
    changed || *square != before
}

/// Paints `tool` on the square at `pos` and every square connected to it (through
/// neighbours in the four directions) that looks exactly the same. `Tool::Player` paints
/// the one square only. Returns the number of squares changed.
pub fn flood_fill(level: &mut Level, pos: Pos, tool: Tool) -> usize {
    if !level.contains(pos) {
        return 0;
    }
    if tool == Tool::Player {
        return usize::from(set_square(level, pos, tool));
    }
    let target = level.square(pos);
    let mut seen = vec![false; level.width() * level.height()];
    let mut region = Vec::new();
    let mut stack = vec![pos];
    seen[pos.y * level.width() + pos.x] = true;
    while let Some(p) = stack.pop() {
        region.push(p);
        for dir in Dir::ALL {
            if let Some(q) = level.step_on_board(p, dir)
                && !seen[q.y * level.width() + q.x]
                && level.square(q) == target
            {
                seen[q.y * level.width() + q.x] = true;
                stack.push(q);
            }
        }
    }
    region.into_iter().filter(|&p| set_square(level, p, tool)).count()
}

/// Paints `tool` on every square of the rectangle with corners `a` and `b` (inclusive,
/// clipped to the board). Returns the number of squares changed.
pub fn fill_rect(level: &mut Level, a: Pos, b: Pos, tool: Tool) -> usize {
    if level.width() == 0 || level.height() == 0 {
        return 0;
    }
    let (x0, x1) = (a.x.min(b.x), a.x.max(b.x).min(level.width() - 1));
    let (y0, y1) = (a.y.min(b.y), a.y.max(b.y).min(level.height() - 1));
    let mut changed = 0;
    for y in y0..=y1 {
        for x in x0..=x1 {
            changed += usize::from(set_square(level, Pos::new(x, y), tool));
        }
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level(rows: &[&str]) -> Level {
        Level::from_rows(rows).unwrap()
    }

    #[test]
    fn box_and_goal_combine_on_one_square() {
        let mut l = level(&["#####", "#@  #", "#####"]);
        assert!(set_square(&mut l, Pos::new(2, 1), Tool::Goal));
        assert!(set_square(&mut l, Pos::new(2, 1), Tool::Box));
        assert_eq!(l.to_rows()[1], "#@* #");
        assert!(set_square(&mut l, Pos::new(3, 1), Tool::Box));
        assert!(set_square(&mut l, Pos::new(3, 1), Tool::Goal));
        assert_eq!(l.to_rows()[1], "#@**#");
        assert!(set_square(&mut l, Pos::new(3, 1), Tool::Floor));
        assert_eq!(l.to_rows()[1], "#@*$#");
        assert!(!set_square(&mut l, Pos::new(3, 1), Tool::Floor), "nothing changes twice");
    }

    #[test]
    fn player_moves_and_replaces_a_box() {
        let mut l = level(&["######", "#@ $.#", "######"]);
        assert!(set_square(&mut l, Pos::new(3, 1), Tool::Player));
        assert_eq!(l.to_rows()[1], "#  @.#");
        assert!(set_square(&mut l, Pos::new(4, 1), Tool::Player));
        assert_eq!(l.to_rows()[1], "#   +#");
        assert_eq!(l.players(), vec![Pos::new(4, 1)]);
    }

    #[test]
    fn clear_leaves_floor_under_a_box_goal_or_player_and_keeps_walls() {
        let mut l = level(&["######", "#@$*.#", "######"]);
        for x in 1..=4 {
            set_square(&mut l, Pos::new(x, 1), Tool::Clear);
        }
        assert_eq!(l.to_rows()[1], "#    #");
        assert!(!set_square(&mut l, Pos::new(0, 1), Tool::Clear), "a wall stays");
        assert!(!set_square(&mut l, Pos::new(1, 1), Tool::Clear), "floor stays");
    }

    #[test]
    fn wall_and_erase_clear_the_square() {
        let mut l = level(&["#####", "#@$.#", "#####"]);
        assert!(set_square(&mut l, Pos::new(2, 1), Tool::Wall));
        assert_eq!(l.to_rows()[1], "#@#.#");
        assert!(set_square(&mut l, Pos::new(1, 1), Tool::Erase));
        assert_eq!(l.square(Pos::new(1, 1)), Square::default());
        assert!(l.players().is_empty());
        assert!(!set_square(&mut l, Pos::new(9, 9), Tool::Wall), "off the board is ignored");
    }

    #[test]
    fn flood_fill_paints_the_connected_region_only() {
        let mut l = level(&["#######", "#@ # .#", "#  #$ #", "#######"]);
        assert_eq!(flood_fill(&mut l, Pos::new(2, 1), Tool::Goal), 3);
        assert_eq!(l.to_rows(), ["#######", "#@.# .#", "#..#$ #", "#######"]);
        assert_eq!(flood_fill(&mut l, Pos::new(0, 0), Tool::Wall), 0, "walls stay walls");
        assert_eq!(flood_fill(&mut l, Pos::new(50, 0), Tool::Wall), 0);
    }

    #[test]
    fn fill_rect_is_clipped_and_counts_changes() {
        let mut l = Level::new(3, 2);
        assert_eq!(fill_rect(&mut l, Pos::new(5, 5), Pos::new(1, 0), Tool::Wall), 4);
        assert_eq!(l.to_rows(), [" ##", " ##"]);
        assert_eq!(fill_rect(&mut l, Pos::new(0, 0), Pos::new(2, 1), Tool::Wall), 2);
    }
}
