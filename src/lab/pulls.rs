//! The book's random instances on Sokoban: a level's solved position scrambled by random
//! pulls (a pull is a push taken back, so `n` pulls leave a position at most `n` pushes
//! from solved). As the book's walks do, each pull is chosen among those that reach a
//! position not yet on the walk, so no pull undoes the last; a walk with none left stays
//! where it is.

use crate::level::paths::player_area;
use crate::level::reverse::solved_position;
use crate::level::{Dir, Level, Pos};
use crate::solver::Random;
use std::collections::HashSet;

/// A position as the walk tells positions apart: the boxes and the player's area.
type Key = (Vec<Pos>, Option<Pos>);

fn key(level: &Level) -> Key {
    (level.boxes(), player_area(level).first().copied())
}

/// The pulls from `level`: for each, the box's square, the direction the player walks
/// (and the box follows), and the position after it.
fn pulls(level: &Level) -> Vec<Level> {
    let free = |p: Option<Pos>| {
        p.filter(|&p| level.contains(p))
            .is_some_and(|p| level.square(p).terrain.is_walkable() && !level.square(p).has_box)
    };
    let Some(player) = level.player() else { return Vec::new() };
    let mut out = Vec::new();
    for stand in player_area(level) {
        for dir in Dir::ALL {
            let behind = stand.step(dir.opposite());
            let ahead = stand.step(dir);
            let has_box =
                behind.filter(|&b| level.contains(b)).is_some_and(|b| level.square(b).has_box);
            if !has_box || !free(ahead) {
                continue;
            }
            let (b, to) = (behind.unwrap_or(stand), ahead.unwrap_or(stand));
            let mut next = level.clone();
            next.square_mut(player).has_player = false;
            next.square_mut(b).has_box = false;
            next.square_mut(stand).has_box = true;
            next.square_mut(to).has_player = true;
            out.push(next);
        }
    }
    out
}

/// `level` solved, then scrambled by `n` random pulls.
pub fn scrambled(level: &Level, n: u32, random: &mut Random) -> Result<Level, String> {
    let mut at = solved_position(level)?;
    let mut walk = HashSet::from([key(&at)]);
    for _ in 0..n {
        let fresh: Vec<Level> =
            pulls(&at).into_iter().filter(|l| !walk.contains(&key(l))).collect();
        if !fresh.is_empty() {
            at = fresh[random.below(fresh.len())].clone();
            walk.insert(key(&at));
        }
    }
    Ok(at)
}

#[cfg(test)]
mod tests {
    use crate::lab::pulls::scrambled;
    use crate::level::Level;
    use crate::solver::Random;
    use crate::solver::{Config, Limits, Method, Outcome, solve};
    use std::sync::atomic::AtomicBool;

    #[test]
    fn a_scramble_of_n_pulls_is_solvable_in_at_most_n_pushes() {
        let level =
            Level::from_rows(&["#######", "#.  $ #", "# #@# #", "#.  $ #", "#######"]).unwrap();
        let mut random = Random::new(5);
        let config = Config::with_method(Method::AStar);
        for n in [0, 1, 3, 6, 10] {
            let start = scrambled(&level, n, &mut random).unwrap();
            assert_eq!(start.boxes().len(), 2);
            match solve(&start, &config, &Limits::default(), &AtomicBool::new(false)) {
                Outcome::Solved(s, _) => assert!(s.pushes <= n as usize, "n = {n}: {}", s.pushes),
                other => panic!("n = {n}: {other:?}"),
            }
        }
        let moved = scrambled(&level, 4, &mut Random::new(1)).unwrap();
        assert!(!moved.is_solved(), "four pulls that never come back leave the goals");
    }
}
