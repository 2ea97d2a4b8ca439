//! The level generator, after Taylor and Parberry: rooms from templates ([`rooms`]), goals
//! placed several ways, then a breadth-first search of pulls from the solved position for
//! the start whose solution scores most by pushes, box lines and box changes
//! ([`farthest`]); the room then evolves while that score grows, narrowed a floor square at
//! a time and, while work is left, its goals moved too (a room too large for that search
//! is given a door with the goals behind it, and evolves by both from the first),
//! and of the best starts the one rated most difficult ([`crate::solver::rating`]) that
//! the reference search cannot solve by its plan alone is the level, its pulls, reversed
//! and replayed, a push-optimal solution kept in it. Everything is drawn from one seeded
//! generator and the work is counted in positions, so a seed gives the same levels on any
//! machine.

mod farthest;
mod rooms;

pub use farthest::Measures;

use crate::level::{Level, Move, Pos, Terrain};
use crate::solver::analysis::problem::Problem;
use crate::solver::model::random::Random;
use crate::solver::model::state::boxes_of;
use crate::solver::rating::{Rating, TIME_LIMIT, rate, rate_quickly};
use crate::solver::solution::line;
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};

/// Goal placements tried in each room, the best start of them kept.
const GOAL_PLACEMENTS: usize = 4;

/// Positions a draw's pull searches may reach in all (on a board of more than 64 floor
/// squares each counts for its floor / 64): half for rooms and goal placements, half for
/// evolving the best room, so a small board is tried many more ways than a large one for
/// the same work (a count, so a seed gives the same levels everywhere).
const WORK: usize = 1_000_000;

/// Positions a draw that gives its best room a door may reach in all: the door room's
/// searches are small and complete (1,700 positions on average at 12x12 with six boxes),
/// so it can be tried many more ways for little time.
const DOOR_WORK: usize = 4 * WORK;

/// Rooms, and walls tried in the best room, at most, however little each search takes.
const TRIES: usize = 1_000;

/// Positions the pull search may reach for one room.
const PULL_LIMIT: usize = 1_000_000;

/// The best-scoring starts of a draw rated when the reference search solves the best of
/// them by its plan alone.
const RATED: usize = 8;

/// Draws tried per level asked for before the generator gives up.
const DRAWS_PER_LEVEL: usize = 20;

/// What to generate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spec {
    /// Board width, walls included.
    pub width: usize,
    /// Board height, walls included.
    pub height: usize,
    /// Boxes (and goals).
    pub boxes: usize,
    /// The fewest pushes a level kept may need (0: any).
    pub min_pushes: usize,
    /// The least difficulty a level kept may have (0: any).
    pub min_difficulty: f64,
}

impl Spec {
    /// A board of `width` × `height` with `boxes` boxes, any level kept.
    pub fn new(width: usize, height: usize, boxes: usize) -> Spec {
        Spec { width, height, boxes, min_pushes: 0, min_difficulty: 0.0 }
    }

    /// Whether the spec asks for more than any level.
    pub fn has_minimum(&self) -> bool {
        self.min_pushes > 0 || self.min_difficulty > 0.0
    }
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
    /// Draws made (each tries several rooms and goal placements).
    pub draws: usize,
}

/// Generates up to `count` levels of `spec` from `seed`, telling `progress` after each
/// draw, with the level it made if any; stops soon after `cancel` is set, and after
/// [`DRAWS_PER_LEVEL`] draws per level asked for, ten times as many when the spec asks for
/// a minimum (a spec may allow few levels). A level is kept when its solution needs at
/// least two pushes a box and the spec's minimum pushes and difficulty, and the reference
/// search has to search it (its plan alone does not solve it).
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
    let per_level = if spec.has_minimum() { 10 * DRAWS_PER_LEVEL } else { DRAWS_PER_LEVEL };
    while out.len() < count && tally.draws < count.saturating_mul(per_level) {
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

/// One draw: rooms ([`first_starts`]: a large room given a door; rooms without one when
/// none takes a door), goals placed [`GOAL_PLACEMENTS`] times in each, the best-scoring
/// start of each placement (every box off the goals), the best kept; then the best room evolved
/// ([`evolve`], or [`evolve_door`] for a room given a door). Of the starts that were the
/// best so far, those the door room's evolution found more difficult (or, when the
/// reference search solves the best by its plan alone, the [`RATED`] best-scoring starts
/// of all), the one rated most difficult that the reference search has to search is the
/// level, when it reaches the spec's minimum.
fn draw(spec: Spec, random: &mut Random, cancel: &AtomicBool) -> Option<Generated> {
    let mut found = Found::default();
    let mut door_room = first_starts(spec, true, &mut found, random, cancel);
    if found.finalists.is_empty() {
        // No large room took a door (the part behind it must suit the boxes): rooms
        // without one, as for a small room.
        door_room = first_starts(spec, false, &mut found, random, cancel);
    }
    found.finalists.last()?;
    let evolved = match door_room {
        Some(room) => evolve_door(room, spec, &mut found, random, cancel),
        None => {
            evolve(&mut found, random, cancel);
            Vec::new()
        }
    };
    let Found { finalists, others, .. } = found;
    // The starts that were the best so far rated, the most difficult kept (the score
    // does not see how hard the level is to search, the rating does; a rating takes
    // milliseconds beside the search). A start the reference search solves by its plan,
    // expanding nothing, is passed over: its plan is all there is to it. When the plan
    // solves the best of them that is long enough (at 7x7, in most draws), the [`RATED`]
    // best-scoring starts of all are the candidates.
    let mut candidates: Vec<Rated> =
        finalists.into_iter().rev().filter_map(|s| Rated::new(s, spec, cancel)).collect();
    if candidates.first().is_some_and(|best| best.plan_solved()) {
        let others = others.into_iter().map(Start::compact);
        candidates.extend(others.filter_map(|s| Rated::new(s, spec, cancel)));
        candidates.sort_by_key(|c| std::cmp::Reverse(c.score));
        candidates.truncate(RATED);
    }
    // The door room's starts rated more difficult stay candidates, however widened.
    candidates.extend(evolved);
    let mut kept = candidates
        .into_iter()
        .filter(|c| !c.plan_solved())
        .reduce(|kept, c| if c.difficulty() > kept.difficulty() { c } else { kept })?;
    // The candidates were rated quickly; the level kept carries the whole rating.
    if let Ok(Some(whole)) = rate(&kept.level, Some(TIME_LIMIT), cancel) {
        kept.rating = Some(whole);
    }
    let kept = Some(kept).filter(|k| k.difficulty() >= spec.min_difficulty)?;
    let Rated { mut level, pushes, rating, .. } = kept;
    level.meta.author = "Sokolab's generator".into();
    level.meta.comment = match rating.as_ref().and_then(|r| r.difficulty()) {
        Some(d) => format!("{pushes} pushes (optimal), difficulty {d:.1}"),
        None => format!("{pushes} pushes (optimal)"),
    };
    Some(Generated { level, pushes, rating })
}

/// `start` added to `best`, which keeps the [`RATED`] best-scoring starts given it, each
/// once, the best first and, among equals, the first given first (a draw may find a start for each
/// of its [`TRIES`] rooms' placements and evolution steps; only these can be rated).
fn keep_best(best: &mut Vec<Start>, start: Start) {
    // An evolving room comes back to rooms it has had: a start is rated once.
    if best.iter().any(|s| s.level == start.level) {
        return;
    }
    let score = start.measures.score();
    let at = best.partition_point(|s| s.measures.score() >= score);
    if at < RATED {
        best.insert(at, start);
        best.truncate(RATED);
    }
}

/// The starts a draw has found: every one that was the best so far, the best last
/// (compacted: the rooms evolve from them), and the [`RATED`] best-scoring of the others.
#[derive(Default)]
struct Found {
    finalists: Vec<Start>,
    others: Vec<Start>,
    /// Positions the pull searches have reached, counted as [`WORK`] counts them.
    searched: usize,
}

impl Found {
    /// Adds `start`; whether it scores more than every start before it.
    fn add(&mut self, start: Start) -> bool {
        let best = self.finalists.last().map_or(0, |b| b.measures.score());
        let better = start.measures.score() > best;
        match better {
            true => self.finalists.push(start.compact()),
            false => keep_best(&mut self.others, start),
        }
        better
    }
}

/// Rooms and goal placements for a draw, their best starts added to `found`, within half
/// of [`WORK`]. With `doors`, a room too large for the pull search to see is given a door
/// ([`rooms::with_door`]) with the goals behind it, or passed over when it takes none.
/// Returns the best start's solved room when it has a door, uncompacted (its goals move
/// as it evolves), with that start's score.
fn first_starts(
    spec: Spec,
    doors: bool,
    found: &mut Found,
    random: &mut Random,
    cancel: &AtomicBool,
) -> Option<(Level, u32)> {
    let mut door_room = None;
    for _ in 0..TRIES {
        if found.searched >= WORK / 2 || cancel.load(Ordering::Relaxed) {
            break;
        }
        let Some(room) = rooms::room(spec.width, spec.height, spec.boxes * 2 + 2, random) else {
            continue;
        };
        let large = placements(floor_of(&room), spec.boxes) > 16.0 * PULL_LIMIT as f64;
        let room = fitted(room, spec.boxes, random);
        let (room, behind) = match doors && large {
            true => match rooms::with_door(&room, spec.boxes, random) {
                Some((room, behind)) => (room, Some(behind)),
                None => continue,
            },
            false => (room, None),
        };
        for k in 0..GOAL_PLACEMENTS {
            // By turns: goals clustered, or behind a door at random (not the farthest).
            let other_way = k % 2 == 1;
            let solved = match &behind {
                Some(behind) => goals_behind(&room, behind, spec.boxes, other_way, random),
                None => place_goals(&room, spec.boxes, other_way, random),
            };
            let Some(solved) = solved else { break };
            let Some(start) = start_from(&solved, cancel, &mut found.searched) else { continue };
            let score = start.measures.score();
            if found.add(start) {
                door_room = behind.is_some().then_some((solved, score));
            }
        }
    }
    door_room
}

/// Evolves the best room: changed at random and the search run again in the changed room,
/// the change kept when its best start scores more; within [`WORK`]. The first [`TRIES`]
/// changes wall up a floor square (a smaller room's positions can only be as far or
/// farther); when they leave work over (a small room's searches are short), up to
/// [`TRIES`] more may move a goal instead ([`mutated`], as a door room evolves).
fn evolve(found: &mut Found, random: &mut Random, cancel: &AtomicBool) {
    for i in 0..2 * TRIES {
        if found.searched >= WORK || cancel.load(Ordering::Relaxed) {
            break;
        }
        let solved = found.finalists.last().expect("a draw evolves its best start").solved();
        let room = match i < TRIES {
            true => {
                let floor: Vec<Pos> = solved
                    .positions()
                    .filter(|&p| solved.square(p).terrain == Terrain::Floor)
                    .collect();
                if floor.is_empty() {
                    break;
                }
                rooms::narrowed(&solved, floor[random.below(floor.len())])
            }
            false => mutated(&solved, random),
        };
        let Some(room) = room else { continue };
        if let Some(next) = start_from(&room, cancel, &mut found.searched) {
            found.add(next);
        }
    }
}

/// Evolves a door room (`room` solved, its best start's score beside it): a goal moved to
/// another floor square, or a floor square walled up ([`mutated`]), the room kept when its
/// best start scores more; within [`DOOR_WORK`] (a door room's searches are small and
/// complete, so it is tried more ways). The score does not see how hard a level is to
/// search, so every start that scores at least nine tenths of the best is rated too, and
/// those rated more difficult than any before are returned, the most difficult last.
fn evolve_door(
    mut room: (Level, u32),
    spec: Spec,
    found: &mut Found,
    random: &mut Random,
    cancel: &AtomicBool,
) -> Vec<Rated> {
    let mut harder: Vec<Rated> = Vec::new();
    for _ in 0..TRIES {
        if found.searched >= DOOR_WORK || cancel.load(Ordering::Relaxed) {
            break;
        }
        let Some(next_room) = mutated(&room.0, random) else { continue };
        let Some(next) = start_from(&next_room, cancel, &mut found.searched) else { continue };
        let score = next.measures.score();
        if score * 10 >= room.1 * 9 {
            let most = harder.last().map_or(0.0, Rated::difficulty);
            let rated = Rated::new(next.clone().compact(), spec, cancel);
            if let Some(r) = rated.filter(|r| r.difficulty() > most && !r.plan_solved()) {
                harder.push(r);
            }
        }
        if score > room.1 {
            room = (next_room, score);
        }
        found.add(next);
    }
    harder
}

/// A start rated (quickly: [`rate_quickly`]): its level with its solution saved in it.
struct Rated {
    level: Level,
    pushes: usize,
    score: u32,
    rating: Option<Rating>,
}

impl Rated {
    /// `start` (compacted) rated, or `None` when it needs fewer pushes than `spec` asks.
    fn new(start: Start, spec: Spec, cancel: &AtomicBool) -> Option<Rated> {
        let pushes = start.measures.pushes as usize;
        if pushes < 2 * spec.boxes || pushes < spec.min_pushes {
            return None;
        }
        let mut level = start.level;
        level.meta.solutions.push(start.moves.iter().map(|m| m.lurd()).collect());
        let rating = rate_quickly(&level, Some(TIME_LIMIT), cancel).ok().flatten();
        Some(Rated { level, pushes, score: start.measures.score(), rating })
    }

    /// Its difficulty, 0 when it has none.
    fn difficulty(&self) -> f64 {
        self.rating.as_ref().and_then(|r| r.difficulty()).unwrap_or(0.0)
    }

    /// Whether the reference search solved it by its plan, expanding nothing.
    fn plan_solved(&self) -> bool {
        self.rating.as_ref().is_some_and(|r| r.effort == Some(0))
    }
}

/// `room` narrowed, a floor square at a time, until its ways to place `boxes` boxes are
/// at most sixteen times [`PULL_LIMIT`] (the pulls reach a small part of them), so that a
/// pull search can see most of its positions: a search cut short sees only those near the
/// goals, so a large room with many boxes gives short levels (at 12x12 with six boxes, a
/// bound four times larger gave 28 pushes where this one gives 43).
fn fitted(mut room: Level, boxes: usize, random: &mut Random) -> Level {
    for _ in 0..TRIES {
        let floor: Vec<Pos> =
            room.positions().filter(|&p| room.square(p).terrain == Terrain::Floor).collect();
        if floor.len() <= 2 * boxes + 2
            || placements(floor.len(), boxes) <= 16.0 * PULL_LIMIT as f64
        {
            break;
        }
        if let Some(narrower) = rooms::narrowed(&room, floor[random.below(floor.len())]) {
            room = narrower;
        }
    }
    room
}

/// `room` (solved) changed at random: one of its goals, with its box, moved to a floor
/// square, or a floor square walled up (when the room stays connected); `None` when it
/// has no floor to change.
fn mutated(room: &Level, random: &mut Random) -> Option<Level> {
    let of = |terrain: Terrain| -> Vec<Pos> {
        let free = |p: &Pos| room.square(*p).terrain == terrain && !room.square(*p).has_player;
        room.positions().filter(free).collect()
    };
    let floor = of(Terrain::Floor);
    let square = *floor.get(random.below(floor.len().max(1)))?;
    if random.below(2) == 1 {
        return rooms::narrowed(room, square);
    }
    let goals = of(Terrain::Goal);
    let goal = *goals.get(random.below(goals.len().max(1)))?;
    let mut out = room.clone();
    let left = out.square_mut(goal);
    (left.terrain, left.has_box) = (Terrain::Floor, false);
    let moved = out.square_mut(square);
    (moved.terrain, moved.has_box) = (Terrain::Goal, true);
    Some(out)
}

/// The floor squares of `room`.
fn floor_of(room: &Level) -> usize {
    room.positions().filter(|&p| room.square(p).terrain == Terrain::Floor).count()
}

/// `room` with `boxes` goals among the squares `behind` a door (the farthest first), a
/// box on each: the farthest ones, or `at_random`; the player on the other side.
fn goals_behind(
    room: &Level,
    behind: &[Pos],
    boxes: usize,
    at_random: bool,
    random: &mut Random,
) -> Option<Level> {
    let mut level = room.clone();
    let mut squares = behind.to_vec();
    if at_random {
        for i in (1..squares.len()).rev() {
            squares.swap(i, random.below(i + 1));
        }
    }
    for &p in squares.iter().take(boxes) {
        let square = level.square_mut(p);
        (square.terrain, square.has_box) = (Terrain::Goal, true);
    }
    let outside: Vec<Pos> = level
        .positions()
        .filter(|p| level.square(*p).terrain == Terrain::Floor && !behind.contains(p))
        .collect();
    if outside.is_empty() {
        return None;
    }
    level.square_mut(outside[random.below(outside.len())]).has_player = true;
    Some(level)
}

/// The ways to place `boxes` boxes on `floor` squares (more than `boxes`).
fn placements(floor: usize, boxes: usize) -> f64 {
    (0..boxes).map(|k| (floor - k) as f64 / (k + 1) as f64).product()
}

/// `room` with `boxes` goals on distinct floor squares, a box on each, and the player on
/// another square; `None` when the room has too little floor. The goals are scattered, or
/// `clustered`: each one beside one placed before, where the room allows (goals in a
/// group make boxes wait for each other, as in many hand-made levels).
fn place_goals(room: &Level, boxes: usize, clustered: bool, random: &mut Random) -> Option<Level> {
    let mut level = room.clone();
    let mut floor: Vec<Pos> =
        level.positions().filter(|&p| level.square(p).terrain == Terrain::Floor).collect();
    if floor.len() <= boxes {
        return None;
    }
    let mut placed: Vec<Pos> = Vec::new();
    for k in 0..=boxes {
        let beside = |p: &Pos| placed.iter().any(|q| p.x.abs_diff(q.x) + p.y.abs_diff(q.y) == 1);
        let near: Vec<usize> = if clustered && k < boxes && !placed.is_empty() {
            (0..floor.len()).filter(|&i| beside(&floor[i])).collect()
        } else {
            Vec::new()
        };
        let i = match near.is_empty() {
            true => random.below(floor.len()),
            false => near[random.below(near.len())],
        };
        let p = floor.swap_remove(i);
        let square = level.square_mut(p);
        if k < boxes {
            (square.terrain, square.has_box) = (Terrain::Goal, true);
            placed.push(p);
        } else {
            square.has_player = true;
        }
    }
    Some(level)
}

/// A level's start, found by the pull search, with its push-optimal solution.
#[derive(Clone)]
struct Start {
    /// The level at the start position.
    level: Level,
    /// The solution: the search's pulls reversed, replayed.
    moves: Vec<Move>,
    /// What the solution measures.
    measures: Measures,
}

/// The best start for the solved position `solved` (boxes on the goals), or `None` when
/// the search finds none or was cancelled (a search cut short has not looked at every
/// position).
fn start_from(solved: &Level, cancel: &AtomicBool, searched: &mut usize) -> Option<Start> {
    let problem = Problem::new(solved).ok()?;
    // A position costs in proportion to the floor once the floor passes 64 squares (each
    // pull floods the player's area): a large board gets fewer positions, so a draw takes
    // about as long on any board.
    let scale = problem.board.len().max(64);
    let mut reached = 0;
    let far = farthest::farthest(&problem, PULL_LIMIT * 64 / scale, cancel, &mut reached);
    *searched += reached * scale / 64;
    let far = far?;
    if cancel.load(Ordering::Relaxed) {
        return None;
    }
    let board = &problem.board;
    let mut level = solved.clone();
    for p in level.positions() {
        let square = level.square_mut(p);
        (square.has_box, square.has_player) = (false, false);
    }
    for b in boxes_of(&far.boxes) {
        level.square_mut(board.pos(b)).has_box = true;
    }
    level.square_mut(board.pos(far.player)).has_player = true;
    let pushes = farthest::pushes_undoing(&problem, &far.pulls);
    // The pulls always undo into a solution; a start whose do not is dropped, never kept.
    let moves = line(&level, &pushes).ok()?;
    if moves.iter().filter(|m| m.push).count() != far.pulls.len() {
        return None;
    }
    Some(Start { level, moves, measures: far.measures })
}

impl Start {
    /// The start with the floor its solution never uses walled up (the walls no floor
    /// touches taken away): the same solution solves it, and no solution with fewer
    /// pushes appears where there is less floor.
    fn compact(mut self) -> Start {
        let used = squares_used(&self.level, &self.moves);
        let level = &mut self.level;
        for p in level.positions() {
            if level.square(p).terrain.is_walkable() && !used.contains(&p) {
                level.square_mut(p).terrain = Terrain::Wall;
            }
        }
        clear_outside(level);
        self
    }

    /// The solved position of this start's room: the boxes on the goals, the player where
    /// it starts (the pull search starts from every area the player can be in).
    fn solved(&self) -> Level {
        let mut level = self.level.clone();
        for p in level.positions() {
            let square = level.square_mut(p);
            square.has_box = square.terrain == Terrain::Goal;
        }
        let player = level.player().filter(|&p| !level.square(p).has_box);
        if player.is_none() {
            // The player started on a goal: put it on a floor square instead.
            let floor = level.positions().find(|&p| level.square(p).terrain == Terrain::Floor);
            for p in level.positions() {
                level.square_mut(p).has_player = Some(p) == floor;
            }
        }
        level
    }
}

/// The squares the player and the boxes stand on while `moves` are played from `level`'s
/// start.
fn squares_used(level: &Level, moves: &[Move]) -> HashSet<Pos> {
    let mut used: HashSet<Pos> = level.boxes().into_iter().collect();
    let Some(mut at) = level.player() else { return used };
    used.insert(at);
    for m in moves {
        let Some(next) = at.step(m.dir) else { break };
        if m.push {
            used.extend(next.step(m.dir));
        }
        used.insert(next);
        at = next;
    }
    used
}

/// Turns the walls that no floor square touches (sides or corners) and that the board's
/// edge reaches through such walls into outside, so the level is drawn as compactly as
/// it is played.
fn clear_outside(level: &mut Level) {
    let (w, h) = (level.width() as isize, level.height() as isize);
    let at = |x: isize, y: isize| Pos { x: x as usize, y: y as usize };
    let bare = |level: &Level, x: isize, y: isize| {
        (-1..=1).all(|dy| {
            (-1..=1).all(|dx| {
                let (a, b) = (x + dx, y + dy);
                a < 0 || b < 0 || a >= w || b >= h || !level.square(at(a, b)).terrain.is_walkable()
            })
        })
    };
    let mut stack: Vec<(isize, isize)> = (0..w)
        .flat_map(|x| [(x, 0), (x, h - 1)])
        .chain((0..h).flat_map(|y| [(0, y), (w - 1, y)]))
        .collect();
    while let Some((x, y)) = stack.pop() {
        if x < 0 || y < 0 || x >= w || y >= h {
            continue;
        }
        let p = at(x, y);
        if level.square(p).terrain != Terrain::Wall || !bare(level, x, y) {
            continue;
        }
        level.square_mut(p).terrain = Terrain::Outside;
        stack.extend([(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]);
    }
}

#[cfg(test)]
mod tests;
