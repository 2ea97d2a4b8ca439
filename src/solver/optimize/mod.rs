//! The solution optimiser, as YASS and JSoko have one: from a solution, a search of the
//! positions near it (its vicinity: a few boxes may stand elsewhere, a few squares off) for
//! a solution shorter by moves or by pushes, the other count breaking ties; while one is
//! found the search starts again around it, and when none is, a wider vicinity is tried.
//! After the widest, the whole level is searched: a search of it that ends proves the best
//! solution the shortest (the move-optimal methods' search, bounded by the best so far).
//!
//! The search is the textbook's A* ([`crate::solver::textbook::AStar`]) over
//! [`Walks`], whose pushes come from the solvers' own expander with its sound deadlock
//! detectors. Every solution it returns was replayed, and is never worse than the one it
//! was given: the given solution itself lies in every vicinity.

pub mod pull_layers;
mod vicinity;

pub use vicinity::{STRAYS, Stray};

use crate::level::metrics::Metrics;
use crate::level::{Dir, Level, Move, Pos, replay};
use crate::solver::analysis::problem::Problem;
use crate::solver::bounds::LowerBound;
use crate::solver::config::{Config, Limits};
use crate::solver::model::board::Sq;
use crate::solver::model::error::Unsearchable;
use crate::solver::model::interrupt::Interrupt;
pub use crate::solver::model::metric::Metric;
use crate::solver::model::state::{clear_box, set_box};
use crate::solver::model::table::Push;
use crate::solver::outcome::StopReason;
use crate::solver::search::Progress;
use crate::solver::search::expand::Expander;
use crate::solver::solution::line;
use crate::solver::techniques::Technique;
use crate::solver::textbook::{AStar, BookSearch, Changes, Keep, Walks};
use crate::solver::watch::Watch;
use pull_layers::{PullLayers, pushes_undoing};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use vicinity::Vicinity;

/// Expansions between looks at the limits.
const CHUNK: u64 = 64;

/// How often progress is reported.
const REPORT_EVERY: Duration = Duration::from_millis(50);

/// How far the optimiser has come, reported while it runs.
#[derive(Clone, Debug)]
pub struct Round {
    /// The best solution's counts so far.
    pub best: Metrics,
    /// The vicinity being searched (`None`: the whole level, for the proof).
    pub stray: Option<Stray>,
    /// Shorter solutions found so far.
    pub improvements: u32,
    /// Positions expanded so far, by every search.
    pub expanded: u64,
}

impl Round {
    /// Where it searches, in words: "1 box may stray 4 squares", "the whole level (the
    /// proof)".
    pub fn searching(&self) -> String {
        match self.stray {
            Some(s) if s.boxes == 1 => format!("1 box may stray {} squares", s.radius),
            Some(s) => format!("{} boxes may stray {} squares", s.boxes, s.radius),
            None => "the whole level (the proof)".into(),
        }
    }
}

/// What the optimiser found.
#[derive(Clone, Debug)]
pub struct Optimized {
    /// The best solution, replayed: the given one when nothing better was found (its walks
    /// shortened when that alone is better).
    pub moves: Vec<Move>,
    /// The given solution's counts.
    pub before: Metrics,
    /// The best solution's counts.
    pub after: Metrics,
    /// Shorter solutions found, one after another.
    pub improvements: u32,
    /// Positions expanded by every search.
    pub expanded: u64,
    /// Whether the best solution is proved the shortest by the metric (then the other
    /// count): the search of the whole level ended without a cheaper one.
    pub proved: bool,
    /// Time taken.
    pub elapsed: Duration,
    /// The limit or cancel that stopped it before every vicinity of the best solution was
    /// searched, if one did.
    pub stopped: Option<StopReason>,
}

/// Why a solution cannot be optimised.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptimizeError {
    /// The moves do not solve the level (what goes wrong, in words).
    NotASolution(String),
    /// The level cannot be searched.
    Unsearchable(Unsearchable),
    /// The solution's moves times its pushes are too many for the search's costs.
    TooLong,
}

impl std::fmt::Display for OptimizeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OptimizeError::NotASolution(why) => write!(f, "the solution does not solve the level: {why}"),
            OptimizeError::Unsearchable(why) => write!(f, "{why}"),
            OptimizeError::TooLong => f.write_str(
                "the solution is too long to optimise (its moves times its pushes pass four billion)",
            ),
        }
    }
}

impl std::error::Error for OptimizeError {}

/// Optimises `solution` of `level` by `metric` within `limits`, stopping soon after
/// `cancel` is set; `progress` hears how far it has come about every 50 ms. A limit or
/// cancel ends it with the best solution found so far.
pub fn optimize(
    level: &Level,
    solution: &[Move],
    metric: Metric,
    limits: &Limits,
    cancel: &AtomicBool,
    progress: &mut dyn FnMut(&Round),
) -> Result<Optimized, OptimizeError> {
    let start = Instant::now();
    let before = verified(level, solution)?;
    let problem = Problem::new(level).map_err(OptimizeError::Unsearchable)?;
    let mut pushes = pushes_of(level, solution);
    let mut best = (solution.to_vec(), before);
    // The same pushes with the shortest walks between them may already be better.
    if let Some(walked) = shortest_walks(level, &pushes)
        && metric.key(&walked.1) < metric.key(&before)
    {
        best = walked;
    }
    let interrupt = Interrupt::new(limits.memory_bytes);
    let watch = Watch { limits, cancel, start };
    let mut round = Round { best: best.1, stray: Some(STRAYS[0]), improvements: 0, expanded: 0 };
    let (mut stopped, mut proved) = (None, false);
    let mut last_report = Instant::now();
    watch.guard(std::slice::from_ref(&interrupt), &|| false, || {
        let mut tried = 0;
        // The vicinities, then the whole level.
        while tried <= STRAYS.len() {
            round.stray = STRAYS.get(tried).copied();
            let (count, other) = metric.key(&best.1);
            let weight = u32::try_from(other + 1).map_err(|_| OptimizeError::TooLong)?;
            let beat = u32::try_from((count as u64) * u64::from(weight) + other as u64)
                .ok()
                .filter(|&b| b < u32::MAX / 2)
                .ok_or(OptimizeError::TooLong)?;
            let keep = round.stray.map(|stray| {
                let vicinity = Vicinity::new(&problem, positions(&problem, &pushes), stray);
                Box::new(move |boxes: &[u64]| vicinity.contains(boxes)) as Keep
            });
            let walks = Walks::new(expander(&problem, &interrupt), keep, metric, weight, true);
            let mut search = AStar::new(walks, false);
            let mut found = None;
            let expanded_before = round.expanded;
            loop {
                let step = search.step(CHUNK);
                round.expanded = expanded_before + search.stats().expanded;
                interrupt.hold(search.memory());
                if interrupt.raised()
                    || watch.cancelled()
                    || watch.out_of_time()
                    || limits.nodes.is_some_and(|n| round.expanded >= n)
                {
                    stopped =
                        Some(watch.reason(limits, &interrupt, round.expanded, search.memory()));
                    return Ok(());
                }
                if last_report.elapsed() >= REPORT_EVERY {
                    progress(&round);
                    last_report = Instant::now();
                }
                match step {
                    Progress::Solved(id) if search.tree().node(id).g < beat => {
                        found = Some(search.tree().moves_to(id));
                        break;
                    }
                    Progress::Running if search.stats().bound < beat => {}
                    // A goal no cheaper, an open list with nothing cheaper, or none left.
                    _ => break,
                }
            }
            let better = found
                .map(|moves| to_level(&problem, &moves))
                .and_then(|p| shortest_walks(level, &p).map(|w| (p, w)))
                .filter(|(_, w)| metric.key(&w.1) < metric.key(&best.1));
            let whole = round.stray.is_none();
            match better {
                Some((p, walked)) => {
                    (pushes, best) = (p, walked);
                    round.best = best.1;
                    round.improvements += 1;
                    tried = 0;
                }
                None => tried += 1,
            }
            // A* over the whole level returns its cheapest solution, or none cheaper.
            if whole {
                proved = true;
                break;
            }
        }
        Ok(())
    })?;
    Ok(Optimized {
        moves: best.0,
        before,
        after: best.1,
        improvements: round.improvements,
        expanded: round.expanded,
        proved,
        elapsed: start.elapsed(),
        stopped,
    })
}

/// Among the solutions of `level` with the fewest pushes, one with the fewest box changes,
/// then box lines, replayed: the textbook's A* over [`Changes`], its costs exact for
/// solutions of at most `pushes` pushes (the fewest known); where A* stops at the node
/// limit (its estimate is weak where boxes must make way for each other), the pull search
/// ([`PullLayers`]) with as many positions. `Ok(None)` when it finds none (no solution, or
/// over about 1,200 pushes); the reason when a limit or cancel stops it.
pub fn fewest_changes(
    level: &Level,
    pushes: usize,
    limits: &Limits,
    cancel: &AtomicBool,
) -> Result<Option<Vec<Move>>, StopReason> {
    let start = Instant::now();
    let Ok(problem) = Problem::new(level) else { return Ok(None) };
    match fewest_changes_by_astar(&problem, pushes, limits, cancel) {
        Err(StopReason::Nodes) => {
            // The time limit holds for both searches together.
            let time = limits.time.map(|t| t.saturating_sub(start.elapsed()));
            fewest_changes_by_pulls(&problem, &Limits { time, ..*limits }, cancel)
        }
        found => found,
    }
}

/// [`fewest_changes`] by A* over [`Changes`].
fn fewest_changes_by_astar(
    problem: &Problem,
    pushes: usize,
    limits: &Limits,
    cancel: &AtomicBool,
) -> Result<Option<Vec<Move>>, StopReason> {
    let level = &problem.level;
    let interrupt = Interrupt::new(limits.memory_bytes);
    let Some(changes) = Changes::new(expander(problem, &interrupt), pushes) else {
        return Ok(None);
    };
    let watch = Watch { limits, cancel, start: Instant::now() };
    let mut search = AStar::new(changes, false);
    watch.guard(std::slice::from_ref(&interrupt), &|| false, || {
        loop {
            let expanded = search.stats().expanded;
            let stop = watch.cancelled() || watch.out_of_time() || interrupt.raised();
            if stop || limits.nodes.is_some_and(|n| expanded >= n) {
                return Err(watch.reason(limits, &interrupt, expanded, search.memory()));
            }
            match search.step(CHUNK) {
                Progress::Solved(id) => {
                    let found = to_level(problem, &search.tree().moves_to(id));
                    return Ok(line(level, &found).ok());
                }
                Progress::Running => interrupt.hold(search.memory()),
                // A step the interrupt cut short: the check above says why.
                _ if interrupt.raised() => {}
                _ => return Ok(None),
            }
        }
    })
}

/// [`fewest_changes`] by the pull search from the solved position: once every position
/// with fewer pushes than the start is expanded, the start's best line is exact. At most
/// `limits.nodes` positions.
fn fewest_changes_by_pulls(
    problem: &Problem,
    limits: &Limits,
    cancel: &AtomicBool,
) -> Result<Option<Vec<Move>>, StopReason> {
    let start = Instant::now();
    let boxes = problem.box_bits(problem.board.start_boxes().iter().copied());
    let mut layers = PullLayers::new(problem);
    let start_position = layers.position(&boxes, problem.board.start_player());
    let at = loop {
        if cancel.load(Ordering::Relaxed) {
            return Err(StopReason::Cancelled);
        }
        if limits.time.is_some_and(|t| start.elapsed() >= t) {
            return Err(StopReason::Time);
        }
        let next = layers.next_depth();
        match layers.find(&start_position) {
            Some(at) if next.is_none_or(|d| d >= layers.measures(at).pushes) => break at,
            None if next.is_none() => return Ok(None),
            _ => {}
        }
        if limits.nodes.is_some_and(|n| layers.reached() as u64 >= n) {
            return Err(StopReason::Nodes);
        }
        if limits.memory_bytes.is_some_and(|m| layers.memory() >= m) {
            return Err(StopReason::Memory);
        }
        layers.expand_next(cancel);
    };
    let pushes = pushes_undoing(problem, &layers.best(at).1);
    Ok(line(&problem.level, &pushes).ok())
}

/// The counts of `moves` when they solve `level`, else why they do not.
fn verified(level: &Level, moves: &[Move]) -> Result<Metrics, OptimizeError> {
    let played = replay(level, moves);
    if let Some(illegal) = played.error {
        return Err(OptimizeError::NotASolution(illegal.to_string()));
    }
    if !played.solved {
        return Err(OptimizeError::NotASolution(format!(
            "its {} moves are legal but leave boxes off goals",
            played.moves
        )));
    }
    Metrics::of(level, moves).ok_or_else(|| OptimizeError::NotASolution("no player".into()))
}

/// The moves playing `pushes` with the shortest walks between them, with their counts, if
/// they solve `level` (they are replayed).
fn shortest_walks(level: &Level, pushes: &[(Pos, Dir)]) -> Option<(Vec<Move>, Metrics)> {
    let moves = line(level, pushes).ok()?;
    let metrics = Metrics::of(level, &moves)?;
    Some((moves, metrics))
}

/// The pushes of `moves` from `level`'s start: the box's square before each, and the way.
fn pushes_of(level: &Level, moves: &[Move]) -> Vec<(Pos, Dir)> {
    let mut at = level.player().expect("a verified solution's level has one player");
    let mut pushes = Vec::new();
    for m in moves {
        at = at.step(m.dir).expect("a verified solution stays on the board");
        if m.push {
            pushes.push((at, m.dir));
        }
    }
    pushes
}

/// The search's pushes as the level's.
fn to_level(p: &Problem, pushes: &[Push]) -> Vec<(Pos, Dir)> {
    pushes.iter().map(|q| (p.board.pos(q.from), Dir::ALL[q.dir as usize])).collect()
}

/// The box words of each position `pushes` pass through from the start, the start first.
fn positions(p: &Problem, pushes: &[(Pos, Dir)]) -> Vec<Box<[u64]>> {
    let mut boxes = vec![0u64; p.words()];
    p.board.start_boxes().iter().for_each(|&b| set_box(&mut boxes, b));
    let mut all = vec![boxes.clone().into_boxed_slice()];
    for &(from, dir) in pushes {
        let square = |q: Pos| -> Sq { p.board.square_at(q).expect("a push stays on the floor") };
        clear_box(&mut boxes, square(from));
        set_box(&mut boxes, square(from.step(dir).expect("a push stays on the board")));
        all.push(boxes.clone().into_boxed_slice());
    }
    all
}

/// The expander of every vicinity search: the default sound deadlock detectors and the
/// matching bound; no macros (each push is costed) and no PI-corral pruning (it may cut
/// the shortest line).
fn expander(p: &Problem, interrupt: &Interrupt) -> Expander {
    let config = Config::default();
    let mut techniques = config.techniques;
    for t in [Technique::PiCorrals, Technique::TunnelMacros, Technique::GoalMacros] {
        techniques.set(t, false);
    }
    Expander::new(p.clone(), config.deadlocks, techniques, LowerBound::Matching, interrupt)
}

#[cfg(test)]
mod tests;
