//! Positions along pushes: the board after one push (a child the search pruned, which has
//! no node of its own) and the boards along a path of pushes.

use crate::level::{Dir, Level, Move, Pos};
use crate::solver::WrongSolution;
use crate::solver::search::PushView;

/// The position after pushing the box on `from` towards `dir`, the player standing where
/// the box was; `None` when there is no box on `from` or its next square is taken.
pub fn after_push(level: &Level, from: Pos, dir: Dir) -> Option<Level> {
    let to = from.step(dir).filter(|&t| level.contains(t))?;
    let target = level.square(to);
    if !level.square(from).has_box
        || !target.terrain.is_walkable()
        || target.has_box
        || target.has_player
    {
        return None;
    }
    let mut next = level.clone();
    for p in level.players() {
        next.square_mut(p).has_player = false;
    }
    next.square_mut(from).has_box = false;
    next.square_mut(from).has_player = true;
    next.square_mut(to).has_box = true;
    Some(next)
}

/// The position after the box move `push` (a single push, or a macro move of several
/// pushes that ends with the box on `push.to`, the player behind it).
pub fn after_move(level: &Level, push: PushView) -> Option<Level> {
    if push.pushes <= 1 {
        return after_push(level, push.from, push.dir);
    }
    let behind = push.to.step(push.dir.opposite())?;
    let target = level.square(push.to);
    if !level.square(push.from).has_box || target.has_box || !target.terrain.is_walkable() {
        return None;
    }
    let mut next = level.clone();
    for p in level.players() {
        next.square_mut(p).has_player = false;
    }
    next.square_mut(push.from).has_box = false;
    next.square_mut(push.to).has_box = true;
    next.square_mut(behind).has_player = true;
    Some(next)
}

/// The position after `pushes` from `level` (stopping at the first that cannot be made).
pub fn after_pushes(level: &Level, pushes: &[(Pos, Dir)]) -> Level {
    let mut at = level.clone();
    for &(from, dir) in pushes {
        match after_push(&at, from, dir) {
            Some(next) => at = next,
            None => break,
        }
    }
    at
}

/// The moves (walks and pushes) that make `pushes` from `level`'s start: a search's path
/// as a solution to replay.
pub fn moves_for(level: &Level, pushes: &[(Pos, Dir)]) -> Result<Vec<Move>, WrongSolution> {
    crate::solver::model::walk::moves_for(level, pushes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_push_moves_the_box_and_puts_the_player_behind_it() {
        let level = Level::from_rows(&["######", "#@$ .#", "######"]).unwrap();
        let next = after_push(&level, Pos::new(2, 1), Dir::Right).unwrap();
        assert_eq!(next.player(), Some(Pos::new(2, 1)));
        assert!(next.square(Pos::new(3, 1)).has_box);
        assert!(after_push(&level, Pos::new(3, 1), Dir::Right).is_none(), "no box there");
        let end =
            after_pushes(&level, &[(Pos::new(2, 1), Dir::Right), (Pos::new(3, 1), Dir::Right)]);
        assert!(end.is_solved());
        let one = PushView::single(Pos::new(2, 1), Dir::Right);
        assert_eq!(after_move(&level, one), Some(next));
        let two = PushView { from: Pos::new(2, 1), dir: Dir::Right, to: Pos::new(4, 1), pushes: 2 };
        let moved = after_move(&level, two).unwrap();
        assert!(moved.is_solved() && moved.player() == Some(Pos::new(3, 1)));
        let blocked = after_pushes(&level, &[(Pos::new(2, 1), Dir::Left)]);
        assert_eq!(blocked, level, "a push into the player's square is refused");
    }
}
