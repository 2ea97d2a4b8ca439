//! Shortest paths on a board: where the player can walk, and how one box gets pushed to a
//! square. The play mode's click-to-walk and drag-a-box use these.

use std::collections::VecDeque;

use crate::level::{Dir, Level, Pos};

/// The player's shortest walk (no pushes) to `to`, as directions; `None` if `to` cannot be
/// reached or the level has no single player.
pub fn walk_path(level: &Level, to: Pos) -> Option<Vec<Dir>> {
    let start = level.player()?;
    Scene { level, moved: None }.walk(start, to)
}

/// The squares the player can walk to without pushing (its own included), in reading order;
/// empty when the level has no single player.
pub fn player_area(level: &Level) -> Vec<Pos> {
    let Some(start) = level.player() else { return Vec::new() };
    let reach = Scene { level, moved: None }.reachable(start);
    level.positions().filter(|p| reach[p.y * level.width() + p.x]).collect()
}

/// Pushes the box at `from` to `to` with the fewest pushes (other boxes stay where they are),
/// including the walks between pushes, as directions; `None` if it cannot be done or the
/// level has no single player.
pub fn push_path(level: &Level, from: Pos, to: Pos) -> Option<Vec<Dir>> {
    let player = level.player()?;
    if !level.square(from).has_box {
        return None;
    }
    if from == to {
        return Some(Vec::new());
    }
    let w = level.width();
    let key = |b: Pos, d: Dir| (b.y * w + b.x) * 4 + d as usize;
    // A state is the box's square and the direction of the push that brought it there
    // (the player stands just behind it). `parent` links each state to the one before.
    let mut parent: Vec<Option<Option<(Pos, Dir)>>> = vec![None; w * level.height() * 4];
    let mut queue = VecDeque::new();
    // Queues every push of the box at `b` that the player (at `player`) can make.
    let mut expand = |queue: &mut VecDeque<(Pos, Dir)>,
                      scene: Scene<'_>,
                      b: Pos,
                      player: Pos,
                      prev: Option<(Pos, Dir)>| {
        let reach = scene.reachable(player);
        for d in Dir::ALL {
            let (Some(behind), Some(ahead)) = (scene.step(b, d.opposite()), scene.step(b, d))
            else {
                continue;
            };
            if reach[behind.y * w + behind.x] && scene.is_free(ahead) {
                let k = key(ahead, d);
                if parent[k].is_none() {
                    parent[k] = Some(prev);
                    queue.push_back((ahead, d));
                }
            }
        }
    };
    expand(&mut queue, Scene { level, moved: Some((from, from)) }, from, player, None);
    let mut found = None;
    while let Some((b, d)) = queue.pop_front() {
        if b == to {
            found = Some((b, d));
            break;
        }
        let behind = b.step(d.opposite())?;
        expand(&mut queue, Scene { level, moved: Some((from, b)) }, b, behind, Some((b, d)));
    }
    // Follow the parents back to the first push.
    let mut pushes = vec![found?];
    while let Some(Some(prev)) = parent[key(pushes[pushes.len() - 1].0, pushes[pushes.len() - 1].1)]
    {
        pushes.push(prev);
    }
    pushes.reverse();
    let mut dirs = Vec::new();
    let (mut box_at, mut player_at) = (from, player);
    for (after, d) in pushes {
        let scene = Scene { level, moved: Some((from, box_at)) };
        dirs.extend(scene.walk(player_at, scene.step(box_at, d.opposite())?)?);
        dirs.push(d);
        player_at = box_at;
        box_at = after;
    }
    Some(dirs)
}

/// The level with one box possibly moved: `moved` is (where it started, where it is now).
#[derive(Clone, Copy)]
struct Scene<'a> {
    level: &'a Level,
    moved: Option<(Pos, Pos)>,
}

impl Scene<'_> {
    fn step(&self, p: Pos, d: Dir) -> Option<Pos> {
        p.step(d).filter(|&q| self.level.contains(q))
    }

    /// Whether `p` is walkable and holds no box.
    fn is_free(&self, p: Pos) -> bool {
        let sq = self.level.square(p);
        let has_box = match self.moved {
            Some((start, now)) => p == now || (sq.has_box && p != start),
            None => sq.has_box,
        };
        sq.terrain.is_walkable() && !has_box
    }

    /// Squares the player can walk to from `start`, by index.
    fn reachable(&self, start: Pos) -> Vec<bool> {
        let w = self.level.width();
        let mut seen = vec![false; w * self.level.height()];
        seen[start.y * w + start.x] = true;
        let mut stack = vec![start];
        while let Some(p) = stack.pop() {
            for d in Dir::ALL {
                if let Some(q) = self.step(p, d)
                    && !seen[q.y * w + q.x]
                    && self.is_free(q)
                {
                    seen[q.y * w + q.x] = true;
                    stack.push(q);
                }
            }
        }
        seen
    }

    /// Shortest walk from `start` to `to`.
    fn walk(&self, start: Pos, to: Pos) -> Option<Vec<Dir>> {
        if start == to {
            return Some(Vec::new());
        }
        let w = self.level.width();
        let mut came: Vec<Option<Dir>> = vec![None; w * self.level.height()];
        let mut queue = VecDeque::from([start]);
        while let Some(p) = queue.pop_front() {
            for d in Dir::ALL {
                let Some(q) = self.step(p, d) else { continue };
                if q == start || came[q.y * w + q.x].is_some() || !self.is_free(q) {
                    continue;
                }
                came[q.y * w + q.x] = Some(d);
                if q == to {
                    let mut path = Vec::new();
                    let mut at = q;
                    while at != start {
                        let d = came[at.y * w + at.x]?;
                        path.push(d);
                        at = at.step(d.opposite())?;
                    }
                    path.reverse();
                    return Some(path);
                }
                queue.push_back(q);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn apply(level: &Level, dirs: &[Dir]) -> Level {
        let mut l = level.clone();
        for &d in dirs {
            l.try_move(d).expect("the path is legal");
        }
        l
    }

    #[test]
    fn walking_goes_around_walls_and_boxes() {
        let rows = ["#######", "#@ $  #", "#  #  #", "#     #", "#######"];
        let level = Level::from_rows(&rows).unwrap();
        let path = walk_path(&level, Pos::new(5, 2)).unwrap();
        assert_eq!(path.len(), 7);
        assert_eq!(apply(&level, &path).player(), Some(Pos::new(5, 2)));
        assert_eq!(walk_path(&level, Pos::new(3, 2)), None);
    }

    #[test]
    fn a_box_is_pushed_around_a_corner() {
        let level = Level::from_rows(&["######", "#    #", "# $  #", "#@   #", "######"]).unwrap();
        let path = push_path(&level, Pos::new(2, 2), Pos::new(4, 1)).unwrap();
        let after = apply(&level, &path);
        assert!(after.square(Pos::new(4, 1)).has_box);
        assert_eq!(after.boxes().len(), 1);
        assert_eq!(push_path(&level, Pos::new(2, 2), Pos::new(0, 0)), None);
    }
}
