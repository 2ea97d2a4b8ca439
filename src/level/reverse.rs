//! Reverse play (pull mode, as JSoko offers it): play starts from the solved position and
//! the player pulls boxes instead of pushing them. A pull is a push taken back, so each
//! reverse step is kept as the forward move it undoes; once the boxes stand where the level
//! starts them, those moves, last first, after a walk to where the reverse play ended, solve
//! the level.

use crate::level::edit::{Tool, set_square};
use crate::level::paths::walk_path;
use crate::level::{Dir, Level, Move, Pos, replay};

/// The solved position reverse play starts from: `level` with its boxes on the goals and
/// the player where it starts, or on the nearest free square if a box now stands there.
pub fn solved_position(level: &Level) -> Result<Level, String> {
    let player = match level.players().as_slice() {
        [p] => *p,
        [] => return Err("the level has no player".into()),
        _ => return Err("the level has more than one player".into()),
    };
    let (boxes, goals) = (level.boxes(), level.goals());
    if boxes.len() != goals.len() || goals.is_empty() {
        return Err(format!("the level has {} boxes and {} goals", boxes.len(), goals.len()));
    }
    let mut solved = level.clone();
    for b in boxes {
        solved.square_mut(b).has_box = false;
    }
    for g in goals {
        solved.square_mut(g).has_box = true;
    }
    let free = |p: Pos| {
        let sq = solved.square(p);
        sq.terrain.is_walkable() && !sq.has_box
    };
    let at = solved
        .positions()
        .filter(|&p| free(p))
        .min_by_key(|p| (p.x.abs_diff(player.x) + p.y.abs_diff(player.y), p.y, p.x))
        .ok_or("no square is free for the player once the boxes are on the goals")?;
    set_square(&mut solved, at, Tool::Player);
    Ok(solved)
}

/// One reverse step from `level` in `dir`, pulling the box behind the player when `pull`
/// says so and there is one; the forward move it undoes, or none if the step is illegal.
pub fn pull_step(level: &mut Level, dir: Dir, pull: bool) -> Option<Move> {
    let player = level.player()?;
    let behind = level.step_on_board(player, dir.opposite());
    let pulled = pull && behind.is_some_and(|b| level.square(b).has_box);
    let forward = Move { dir: dir.opposite(), push: pulled };
    level.undo(forward).ok().map(|()| forward)
}

/// Whether reverse play on `end` has reached `start`: the boxes stand where `start` has
/// them and the player can walk from where `start` has him to where `end` has him.
pub fn reached(start: &Level, end: &Level) -> bool {
    let (Some(player), Some(to)) = (start.player(), end.player()) else { return false };
    start.boxes() == end.boxes() && (player == to || walk_path(start, to).is_some())
}

/// The forward solution of `start` that reverse play ending on `end` stands for: the walk
/// to where the player ended, then `forward` (the moves the reverse steps undid, first step
/// first) last first, without the walk after the last push, and the solved position it
/// ends on. Replayed before it is returned; none if it does not solve `start`.
pub fn forward_solution(
    start: &Level,
    end: &Level,
    forward: &[Move],
) -> Option<(Vec<Move>, Level)> {
    if !reached(start, end) {
        return None;
    }
    let walk = walk_path(start, end.player()?)?;
    let mut moves: Vec<Move> = walk.into_iter().map(|dir| Move { dir, push: false }).collect();
    moves.extend(forward.iter().rev());
    while moves.last().is_some_and(|m| !m.push) {
        moves.pop();
    }
    let played = replay(start, &moves);
    played.solved.then_some((moves, played.end))
}

#[cfg(test)]
mod tests {
    use crate::level::moves::{parse_lurd, to_lurd};
    use crate::level::reverse::{forward_solution, pull_step, reached, solved_position};
    use crate::level::{Dir, Level, Pos, replay};

    #[test]
    fn pulls_from_the_solved_position_turn_into_a_forward_solution_that_replays() {
        let start = Level::from_rows(&["#######", "#@ $ .#", "#     #", "#######"]).unwrap();
        let mut end = solved_position(&start).unwrap();
        assert_eq!(end.boxes(), vec![Pos::new(5, 1)]);
        assert_eq!(end.player(), Some(Pos::new(1, 1)));
        // Walk next to the box, then pull it left twice.
        let mut forward = Vec::new();
        for (dir, pull) in [
            (Dir::Right, true),
            (Dir::Right, true),
            (Dir::Right, true),
            (Dir::Left, true),
            (Dir::Left, true),
        ] {
            forward.push(pull_step(&mut end, dir, pull).expect("legal"));
        }
        assert_eq!(end.boxes(), vec![Pos::new(3, 1)], "pulled back to where it starts");
        assert!(reached(&start, &end));
        let (moves, solved) = forward_solution(&start, &end, &forward).unwrap();
        assert!(solved.is_solved());
        // The walk to (2,1), the two pulls turned into pushes; the walk the reverse play
        // began with is dropped (nothing is pushed after it).
        assert_eq!(to_lurd(&moves), "rRR");
        assert!(replay(&start, &moves).solved);
    }

    #[test]
    fn a_step_away_without_pulling_leaves_the_box_and_illegal_steps_are_refused() {
        let start = Level::from_rows(&["######", "#@$ .#", "######"]).unwrap();
        let mut end = solved_position(&start).unwrap();
        // The player stays on (1,1); the box is on the goal (4,1).
        assert_eq!(pull_step(&mut end, Dir::Up, true), None, "a wall");
        for _ in 0..2 {
            assert!(pull_step(&mut end, Dir::Right, false).is_some());
        }
        assert_eq!(pull_step(&mut end, Dir::Right, true), None, "the box is in the way");
        assert!(pull_step(&mut end, Dir::Left, false).is_some(), "a walk: nothing pulled");
        assert_eq!(end.boxes(), vec![Pos::new(4, 1)]);
        assert!(!reached(&start, &end));
        assert_eq!(forward_solution(&start, &end, &[]), None);
        let solution = parse_lurd("RR").unwrap();
        assert!(replay(&start, &solution).solved, "the level itself is fine");
    }

    #[test]
    fn a_level_without_a_player_or_with_unequal_counts_has_no_solved_position() {
        let none = Level::from_rows(&["#####", "#$ .#", "#####"]).unwrap();
        assert!(solved_position(&none).unwrap_err().contains("no player"));
        let counts = Level::from_rows(&["######", "#@$$.#", "######"]).unwrap();
        assert!(solved_position(&counts).unwrap_err().contains("2 boxes and 1 goals"));
    }
}
