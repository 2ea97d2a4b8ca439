//! The level generator, after Taylor and Parberry: a room from templates
//! ([`rooms`]), goals placed at random, then a breadth-first search of pulls from the
//! solved position for the position farthest from it ([`farthest`]). That position is the
//! level; its pulls, reversed and replayed, are a push-optimal solution kept in the level,
//! and the level is rated ([`crate::solver::rating`]). Everything is drawn from one seeded
//! generator, so a seed gives the same levels on any machine.

mod farthest;
mod rooms;

use crate::level::{Dir, Level, Pos, Terrain};
use crate::solver::analysis::problem::Problem;
use crate::solver::model::random::Random;
use crate::solver::model::state::boxes_of;
use crate::solver::rating::{Rating, TIME_LIMIT, rate};
use crate::solver::solution::line;
use std::sync::atomic::{AtomicBool, Ordering};

/// Positions the pull search may reach for one room.
const PULL_LIMIT: usize = 200_000;

/// Draws tried per level asked for before the generator gives up.
const DRAWS_PER_LEVEL: usize = 200;

/// What to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spec {
    /// Board width, walls included.
    pub width: usize,
    /// Board height, walls included.
    pub height: usize,
    /// Boxes (and goals).
    pub boxes: usize,
}

/// Why nothing can be generated for a spec.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GenerateError {
    /// The board is too small or too big, or the boxes too few or too many for it.
    BadSpec(String),
}

impl std::fmt::Display for GenerateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GenerateError::BadSpec(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for GenerateError {}

/// A generated level.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The level, its push-optimal solution saved in it.
    pub level: Level,
    /// Its fewest pushes (the pull search's depth).
    pub pushes: usize,
    /// Its rating.
    pub rating: Option<Rating>,
}

/// The least, median and greatest difficulty of the levels `made` that have one.
pub fn difficulty_spread(made: &[Generated]) -> Option<(f64, f64, f64)> {
    let mut d: Vec<f64> =
        made.iter().filter_map(|g| g.rating.as_ref().and_then(|r| r.difficulty())).collect();
    d.sort_by(f64::total_cmp);
    Some((*d.first()?, d[d.len() / 2], *d.last()?))
}

/// What the generator has done so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Levels made.
    pub made: usize,
    /// Rooms and goal placements drawn.
    pub draws: usize,
}

/// Generates up to `count` levels of `spec` from `seed`, telling `progress` after each
/// draw, with the level it made if any; stops soon after `cancel` is set, and after
/// [`DRAWS_PER_LEVEL`] draws per level asked for (a spec may allow few levels). A level is
/// kept when its solution needs at least two pushes a box.
pub fn generate(
    spec: Spec,
    seed: u64,
    count: usize,
    cancel: &AtomicBool,
    progress: &mut dyn FnMut(Tally, Option<&Generated>),
) -> Result<Vec<Generated>, GenerateError> {
    check(spec)?;
    let mut random = Random::new(seed);
    let mut out = Vec::new();
    let mut tally = Tally::default();
    while out.len() < count && tally.draws < count.saturating_mul(DRAWS_PER_LEVEL) {
        if cancel.load(Ordering::Relaxed) {
            break;
        }
        tally.draws += 1;
        let before = out.len();
        if let Some(mut g) = draw(spec, &mut random, cancel) {
            g.level.meta.title = format!("Generated {}-{}", seed, out.len() + 1);
            out.push(g);
            tally.made = out.len();
        }
        progress(tally, out.get(before));
    }
    Ok(out)
}

/// Whether `spec` can give levels at all.
fn check(spec: Spec) -> Result<(), GenerateError> {
    let bad = |why: String| Err(GenerateError::BadSpec(why));
    if spec.width < 5 || spec.height < 5 || spec.width > 40 || spec.height > 40 {
        return bad(format!(
            "a {}x{} board: the size must be from 5x5 to 40x40, walls included",
            spec.width, spec.height
        ));
    }
    let inside = (spec.width - 2) * (spec.height - 2);
    if spec.boxes == 0 || spec.boxes * 3 > inside {
        return bad(format!(
            "{} boxes on a {}x{} board: give from 1 to {} (a third of the inside)",
            spec.boxes,
            spec.width,
            spec.height,
            inside / 3
        ));
    }
    Ok(())
}

/// One draw: a room, goals, the farthest position; the level when it is worth keeping.
fn draw(spec: Spec, random: &mut Random, cancel: &AtomicBool) -> Option<Generated> {
    let mut level = rooms::room(spec.width, spec.height, spec.boxes * 2 + 2, random)?;
    let mut floor: Vec<Pos> =
        level.positions().filter(|&p| level.square(p).terrain == Terrain::Floor).collect();
    // Goals on distinct floor squares, with the boxes on them and the player on another.
    for k in 0..=spec.boxes {
        let square = level.square_mut(floor.swap_remove(random.below(floor.len())));
        if k < spec.boxes {
            (square.terrain, square.has_box) = (Terrain::Goal, true);
        } else {
            square.has_player = true;
        }
    }
    let problem = Problem::new(&level).ok()?;
    let far = farthest::farthest(&problem, PULL_LIMIT, cancel)?;
    if cancel.load(Ordering::Relaxed) {
        return None; // a search cut short has not found the farthest position
    }
    if far.pulls.len() < 2 * spec.boxes {
        return None;
    }
    let board = &problem.board;
    for p in level.positions() {
        let square = level.square_mut(p);
        (square.has_box, square.has_player) = (false, false);
    }
    for b in boxes_of(&far.boxes) {
        level.square_mut(board.pos(b)).has_box = true;
    }
    level.square_mut(board.pos(far.player)).has_player = true;
    let pushes: Vec<(Pos, Dir)> = farthest::pushes_undoing(&problem, &far.pulls)
        .into_iter()
        .map(|(s, d)| (board.pos(s), Dir::ALL[d]))
        .collect();
    // The pulls always undo into a solution; a draw that does not is dropped, never kept.
    let moves = line(&level, &pushes).ok()?;
    if moves.iter().filter(|m| m.push).count() != far.pulls.len() {
        return None;
    }
    level.meta.solutions.push(moves.iter().map(|m| m.lurd()).collect());
    let rating = rate(&level, Some(TIME_LIMIT), cancel).ok().flatten();
    level.meta.author = "Sokolab's generator".into();
    level.meta.comment = match rating.as_ref().and_then(|r| r.difficulty()) {
        Some(d) => format!("{} pushes (optimal), difficulty {d:.1}", far.pulls.len()),
        None => format!("{} pushes (optimal)", far.pulls.len()),
    };
    Some(Generated { level, pushes: far.pulls.len(), rating })
}

#[cfg(test)]
mod tests;
