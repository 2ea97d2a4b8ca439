//! Rooms from templates, as Murase's generator and Taylor and Parberry's build them: the
//! inside of the board is tiled with small wall-and-floor templates, each turned and
//! mirrored at random; dead ends are walled up, and a room whose floor is not one piece is
//! refused.

use crate::level::{Level, Pos, Terrain};
use crate::solver::model::random::Random;

/// The templates, 3 by 3: `#` wall, ` ` floor.
const TEMPLATES: [[&str; 3]; 10] = [
    ["   ", "   ", "   "],
    ["#  ", "   ", "   "],
    ["## ", "   ", "   "],
    ["###", "   ", "   "],
    ["#  ", "#  ", "   "],
    ["# #", "   ", "   "],
    [" # ", "   ", "   "],
    ["   ", " # ", "   "],
    ["#  ", "   ", "  #"],
    [" # ", " # ", "   "],
];

/// A `width` × `height` room (walls round it) with at least `floor` floor squares in one
/// piece, drawn by `random`, or `None` when this draw gives none.
pub fn room(width: usize, height: usize, floor: usize, random: &mut Random) -> Option<Level> {
    let (inner_w, inner_h) = (width.checked_sub(2)?, height.checked_sub(2)?);
    let mut wall = vec![true; width * height];
    for cy in (0..inner_h).step_by(3) {
        for cx in (0..inner_w).step_by(3) {
            let t = TEMPLATES[random.below(TEMPLATES.len())];
            let (turns, mirror) = (random.below(4), random.below(2) == 1);
            for dy in 0..3 {
                for dx in 0..3 {
                    let (x, y) = (cx + dx, cy + dy);
                    if x < inner_w && y < inner_h {
                        let (tx, ty) = turned(dx, dy, turns, mirror);
                        wall[(y + 1) * width + x + 1] = t[ty].as_bytes()[tx] == b'#';
                    }
                }
            }
        }
    }
    wall_dead_ends(&mut wall, width, |_| false);
    let cells: Vec<usize> = (0..wall.len()).filter(|&i| !wall[i]).collect();
    if cells.len() < floor || !connected(&wall, width, &cells) {
        return None;
    }
    let mut level = Level::new(width, height);
    for (i, &w) in wall.iter().enumerate() {
        let terrain = if w { Terrain::Wall } else { Terrain::Floor };
        level.square_mut(Pos { x: i % width, y: i / width }).terrain = terrain;
    }
    Some(level)
}

/// `level` (a solved position: boxes on the goals) with its floor square `at` walled up,
/// and the dead ends that leaves walled up too, goals kept; the player moved onto another
/// floor square if it stood on one walled up. `None` when `at` is no plain floor or the
/// floor would no longer be one piece.
pub fn narrowed(level: &Level, at: Pos) -> Option<Level> {
    let width = level.width();
    let index = |p: Pos| p.y * width + p.x;
    let terrain: Vec<Terrain> = level.positions().map(|p| level.square(p).terrain).collect();
    if terrain[index(at)] != Terrain::Floor {
        return None;
    }
    let mut wall: Vec<bool> = terrain.iter().map(|t| !t.is_walkable()).collect();
    wall[index(at)] = true;
    wall_dead_ends(&mut wall, width, |i| terrain[i] == Terrain::Goal);
    let cells: Vec<usize> = (0..wall.len()).filter(|&i| !wall[i]).collect();
    if !connected(&wall, width, &cells) {
        return None;
    }
    let mut out = level.clone();
    for p in level.positions() {
        if wall[index(p)] && terrain[index(p)].is_walkable() {
            let square = out.square_mut(p);
            (square.terrain, square.has_player) = (Terrain::Wall, false);
        }
    }
    if level.player().is_some() && out.player().is_none() {
        let floor = out.positions().find(|&p| out.square(p).terrain == Terrain::Floor)?;
        out.square_mut(floor).has_player = true;
    }
    Some(out)
}

/// `room` cut in two by a wall line across it (a row or a column) that leaves one door,
/// with the squares behind the door, the farthest from it first: more than `boxes` and at
/// most three a box of them. `None` when this draw's line leaves no such part.
pub fn with_door(room: &Level, boxes: usize, random: &mut Random) -> Option<(Level, Vec<Pos>)> {
    let width = room.width();
    let across = random.below(2) == 1;
    let (long, short) = if across { (room.height(), width) } else { (width, room.height()) };
    let k = 2 + random.below(short.checked_sub(4)?.max(1));
    let at = |i: usize, j: usize| if across { Pos { x: j, y: i } } else { Pos { x: i, y: j } };
    let floor = |p: Pos| room.square(p).terrain.is_walkable();
    let doors: Vec<usize> = (1..long - 1)
        .filter(|&i| floor(at(i, k)) && floor(at(i, k - 1)) && floor(at(i, k + 1)))
        .collect();
    if doors.is_empty() {
        return None;
    }
    let door = doors[random.below(doors.len())];
    let index = |p: Pos| p.y * width + p.x;
    let mut wall: Vec<bool> = room.positions().map(|p| !floor(p)).collect();
    for i in 1..long - 1 {
        if i != door {
            wall[index(at(i, k))] = true;
        }
    }
    let door = index(at(door, k));
    wall_dead_ends(&mut wall, width, |i| i == door);
    let cells: Vec<usize> = (0..wall.len()).filter(|&i| !wall[i]).collect();
    if wall[door] || !connected(&wall, width, &cells) {
        return None;
    }
    let step = if across { 1 } else { width };
    let parts: Vec<Vec<usize>> = [door - step, door + step]
        .iter()
        .map(|&s| {
            let mut blocked = wall.clone();
            blocked[door] = true;
            by_distance(&blocked, width, s)
        })
        .filter(|part| part.len() > boxes && part.len() <= 3 * boxes)
        .collect();
    if parts.is_empty() {
        return None;
    }
    let mut behind = parts[random.below(parts.len())].clone();
    behind.reverse();
    let mut out = room.clone();
    for p in room.positions() {
        if wall[index(p)] && floor(p) {
            let square = out.square_mut(p);
            (square.terrain, square.has_player, square.has_box) = (Terrain::Wall, false, false);
        }
    }
    Some((out, behind.into_iter().map(|i| Pos { x: i % width, y: i / width }).collect()))
}

/// The floor squares reached from `from` without crossing `wall`, nearest first.
fn by_distance(wall: &[bool], width: usize, from: usize) -> Vec<usize> {
    if wall[from] {
        return Vec::new();
    }
    let mut seen = vec![false; wall.len()];
    let mut order = vec![from];
    seen[from] = true;
    let mut next = 0;
    while next < order.len() {
        let i = order[next];
        next += 1;
        for j in neighbours(i, width, wall.len()) {
            if !wall[j] && !seen[j] {
                seen[j] = true;
                order.push(j);
            }
        }
    }
    order
}

/// Template square (x, y) after `turns` quarter turns and an optional mirror.
fn turned(x: usize, y: usize, turns: usize, mirror: bool) -> (usize, usize) {
    let (mut x, mut y) = if mirror { (2 - x, y) } else { (x, y) };
    for _ in 0..turns {
        (x, y) = (2 - y, x);
    }
    (x, y)
}

/// Walls up floor squares with three or four walls beside them, except those `kept`, until
/// there are none: a box there could never leave, and the player has no business there.
fn wall_dead_ends(wall: &mut [bool], width: usize, kept: impl Fn(usize) -> bool) {
    loop {
        let dead: Vec<usize> = (0..wall.len())
            .filter(|&i| {
                !wall[i]
                    && !kept(i)
                    && neighbours(i, width, wall.len()).filter(|&j| wall[j]).count() >= 3
            })
            .collect();
        if dead.is_empty() {
            return;
        }
        dead.into_iter().for_each(|i| wall[i] = true);
    }
}

/// The four neighbours of square `i` on a board of `len` squares, `width` wide (the border
/// is all wall, so none of them leaves the board from a floor square).
fn neighbours(i: usize, width: usize, len: usize) -> impl Iterator<Item = usize> {
    [i.wrapping_sub(width), i + width, i.wrapping_sub(1), i + 1]
        .into_iter()
        .filter(move |&j| j < len)
}

/// Whether the floor squares `cells` form one piece.
fn connected(wall: &[bool], width: usize, cells: &[usize]) -> bool {
    cells.first().is_some_and(|&first| by_distance(wall, width, first).len() == cells.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rooms_are_walled_in_one_piece_and_without_dead_ends() {
        let mut random = Random::new(7);
        let mut made = 0;
        for _ in 0..200 {
            let Some(level) = room(9, 8, 12, &mut random) else { continue };
            made += 1;
            let (w, h) = (level.width(), level.height());
            let floor = |x: usize, y: usize| level.square(Pos { x, y }).terrain == Terrain::Floor;
            for y in 0..h {
                for x in 0..w {
                    if x == 0 || y == 0 || x + 1 == w || y + 1 == h {
                        assert!(!floor(x, y), "the border is wall");
                    } else if floor(x, y) {
                        let walls = [(x, y - 1), (x, y + 1), (x - 1, y), (x + 1, y)]
                            .iter()
                            .filter(|&&(a, b)| !floor(a, b))
                            .count();
                        assert!(walls <= 2, "no dead end at {x},{y}");
                    }
                }
            }
            let cells =
                level.positions().filter(|&p| level.square(p).terrain == Terrain::Floor).count();
            assert!(cells >= 12);
        }
        assert!(made > 20, "most draws give a room ({made})");
    }

    #[test]
    fn a_turn_and_a_mirror_keep_the_template_on_its_grid() {
        for (x, y) in [(0, 0), (2, 0), (1, 1), (0, 2)] {
            for turns in 0..4 {
                for mirror in [false, true] {
                    let (a, b) = turned(x, y, turns, mirror);
                    assert!(a < 3 && b < 3);
                }
            }
        }
        assert_eq!(turned(0, 0, 1, false), (2, 0));
        assert_eq!(turned(0, 0, 0, true), (2, 0));
    }
}
