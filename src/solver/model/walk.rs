//! Turns a list of pushes into a full move list: before each push, the player walks the
//! shortest way to the square behind the box.

use crate::level::{Dir, Level, Move, Pos};
use crate::solver::model::error::WrongSolution;
use std::collections::VecDeque;

/// The moves that play `pushes` (box position before the push, direction) from `level`'s
/// start, or the first push the player cannot make.
pub fn moves_for(level: &Level, pushes: &[(Pos, Dir)]) -> Result<Vec<Move>, WrongSolution> {
    let (w, h) = (level.width(), level.height());
    let idx = |p: Pos| p.y * w + p.x;
    let mut boxes: Vec<bool> = level.squares().iter().map(|s| s.has_box).collect();
    let walkable: Vec<bool> = level.squares().iter().map(|s| s.terrain.is_walkable()).collect();
    let mut player = level.player().ok_or(WrongSolution::NoPlayer)?;
    let step = |p: Pos, d: Dir| p.step(d).filter(|q| q.x < w && q.y < h);
    let mut moves = Vec::new();
    let mut came: Vec<Option<Dir>> = vec![None; w * h];
    let mut queue = VecDeque::new();
    for (n, &(from, dir)) in pushes.iter().enumerate() {
        let unreachable = WrongSolution::Unreachable { index: n + 1, from };
        let target = step(from, dir.opposite()).ok_or(unreachable.clone())?;
        came.fill(None);
        queue.clear();
        queue.push_back(player);
        let mut found = player == target;
        while let Some(p) = queue.pop_front() {
            if found {
                break;
            }
            for d in Dir::ALL {
                let Some(q) = step(p, d) else { continue };
                let i = idx(q);
                if q == player || came[i].is_some() || !walkable[i] || boxes[i] {
                    continue;
                }
                came[i] = Some(d);
                if q == target {
                    found = true;
                    break;
                }
                queue.push_back(q);
            }
        }
        if !found {
            return Err(unreachable);
        }
        let start = moves.len();
        let mut p = target;
        while p != player {
            let d = came[idx(p)].expect("walk is connected");
            moves.push(Move { dir: d, push: false });
            p = step(p, d.opposite()).expect("walk stays on the board");
        }
        moves[start..].reverse();
        moves.push(Move { dir, push: true });
        let to = step(from, dir).ok_or(WrongSolution::LeavesBoard { index: n + 1 })?;
        boxes[idx(from)] = false;
        boxes[idx(to)] = true;
        player = from;
    }
    Ok(moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walks_around_to_push_from_the_other_side() {
        let level = Level::from_rows(&["#####", "#   #", "#.$@#", "#####"]).unwrap();
        let moves = moves_for(&level, &[(Pos::new(2, 2), Dir::Left)]).unwrap();
        let lurd: String = moves.iter().map(|m| m.lurd()).collect();
        assert_eq!(lurd, "L");
        let level = Level::from_rows(&["#####", "#   #", "#@$.#", "#   #", "#####"]).unwrap();
        let moves = moves_for(&level, &[(Pos::new(2, 2), Dir::Left)]);
        let lurd: String = moves.unwrap().iter().map(|m| m.lurd()).collect();
        assert_eq!(lurd.len(), 5, "{lurd}");
        assert!(lurd.ends_with('L'));
    }
}
