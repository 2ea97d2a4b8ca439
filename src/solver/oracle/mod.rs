//! Is this position really dead? The oracle decides a position by a search whose verdict
//! depends on none of the detectors it judges: every position reachable by pushes, nothing
//! pruned (`exhaustive.rs`), or, for a position too large for that, a few of its boxes
//! alone (`dead_set.rs`). Beside it stand each detector's verdict and the pipeline's
//! (`detectors.rs`): a detector that calls a position the oracle solves dead is unsound; a
//! dead position no rule calls dead is a miss. [`decide`] judges one position; [`coverage`]
//! many positions of a level (`positions.rs`, `coverage.rs`).

mod coverage;
mod dead_set;
mod detectors;
mod exhaustive;
mod positions;

pub use coverage::{Class, Coverage, FalseClaim, MOST_POSITIONS, Missed, Row};
pub use positions::Spread;

use exhaustive::{Exhaustive, Found};

use crate::level::{Collection, Dir, Level, Move, Pos};
use crate::solver::analysis::problem::Problem;
use crate::solver::config::Limits;
use crate::solver::model::board::Sq;
use crate::solver::model::error::{Setup, Unsearchable};
use crate::solver::model::interrupt::Interrupt;
use crate::solver::solution::line;
use crate::solver::watch::Watch;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// Positions one search of the oracle may store unless the caller says otherwise.
pub const BUDGET: u64 = 1_000_000;

/// The oracle's answer on one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// It can be solved: these moves, replayed, solve it.
    Alive {
        /// The solution, from the position's player square.
        moves: Vec<Move>,
    },
    /// It cannot: the boxes of a smallest dead set (none of them can be spared), in
    /// reading order.
    Dead {
        /// The dead set.
        dead_set: Vec<Pos>,
    },
    /// The budget or a limit ran out first.
    Unknown,
    /// The oracle's line did not replay: a bug, said as such.
    Failed(String),
}

/// What the oracle and each detector say of one position.
#[derive(Clone, Debug)]
pub struct Verdict {
    /// The oracle's answer.
    pub decision: Decision,
    /// Positions the oracle searched (its whole search, its subsets and the dead set's).
    pub searched: u64,
    /// Each detector (our rules alone, then the pipeline) and the rule by which it calls
    /// the position dead, or `None`: no claim.
    pub claims: Vec<(&'static str, Option<&'static str>)>,
    /// Whether the time limit, the memory limit or a cancel stopped the work.
    pub stopped: bool,
    /// Seconds taken.
    pub secs: f64,
}

impl Verdict {
    /// The detectors that call the position dead although the oracle solved it.
    pub fn false_claims(&self) -> Vec<&'static str> {
        if !matches!(self.decision, Decision::Alive { .. }) {
            return Vec::new();
        }
        self.claims.iter().filter(|(_, c)| c.is_some()).map(|(d, _)| *d).collect()
    }

    /// Whether the position is dead and no rule says so.
    pub fn missed(&self) -> bool {
        matches!(self.decision, Decision::Dead { .. }) && self.claims.iter().all(|c| c.1.is_none())
    }
}

/// The oracle's verdict on `level`'s position (its boxes and player), each search storing
/// at most `budget` positions, beside every detector's, under `limits` (time and memory)
/// and `cancel`.
pub fn decide(
    level: &Level,
    budget: u64,
    limits: &Limits,
    cancel: &AtomicBool,
) -> Result<Verdict, Unsearchable> {
    let start = Instant::now();
    let watch = Watch { limits, cancel, start };
    let interrupt = Interrupt::new(limits.memory_bytes);
    let verdict = watch.guard(std::slice::from_ref(&interrupt), &|| false, || {
        let p = match Problem::build(level, &interrupt) {
            Ok(p) => p,
            Err(Setup::Unsearchable(why)) => return Err(why),
            Err(Setup::Interrupted) => {
                let stopped = Verdict {
                    decision: Decision::Unknown,
                    searched: 0,
                    claims: Vec::new(),
                    stopped: true,
                    secs: 0.0,
                };
                return Ok(stopped);
            }
        };
        let root = p.root();
        let (boxes, player) = (&root[..p.words()], p.board.start_player());
        let mut ex = Exhaustive::new(&p, &interrupt);
        let (found, subset) = coverage::classify(&mut ex, &p, boxes, player, budget);
        let decision = match (found, subset) {
            (Found::Alive(id), _) => alive(level, &p, &ex.pushes_to(id)),
            (Found::Dead, set) => {
                let set = set.map_or_else(|| boxes.to_vec(), |set| p.box_bits(set));
                let set = dead_set::smallest(&mut ex, &p, &set, player, budget);
                Decision::Dead { dead_set: coverage::reading_order(&p, &set) }
            }
            (Found::Unknown, _) => Decision::Unknown,
        };
        let searched = ex.searched;
        let claims = detectors::ours(&p, &interrupt)
            .iter_mut()
            .map(|d| (d.name(), d.claim(&p, boxes, player)))
            .collect();
        let stopped = interrupt.raised();
        let decision = if stopped { Decision::Unknown } else { decision };
        Ok(Verdict { decision, searched, claims, stopped, secs: 0.0 })
    });
    verdict.map(|v| Verdict { secs: start.elapsed().as_secs_f64(), ..v })
}

/// The coverage of `level`: the positions `spread` asks for, each decided by the oracle
/// (each search storing at most `budget` positions) and judged by every detector, under
/// `limits` and `cancel` (stopped, the result says it is incomplete); `progress` is told
/// (done, total) after each position.
pub fn coverage(
    level: &Level,
    spread: Spread,
    budget: u64,
    limits: &Limits,
    cancel: &AtomicBool,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Coverage, Unsearchable> {
    let watch = Watch { limits, cancel, start: Instant::now() };
    let interrupt = Interrupt::new(limits.memory_bytes);
    watch.guard(std::slice::from_ref(&interrupt), &|| false, || {
        let p = match Problem::build(level, &interrupt) {
            Ok(p) => p,
            Err(Setup::Unsearchable(why)) => return Err(why),
            Err(Setup::Interrupted) => {
                return Ok(Coverage { stopped: true, ..Coverage::default() });
            }
        };
        let detectors = detectors::ours(&p, &interrupt);
        Ok(coverage::run(&p, spread, budget, detectors, &interrupt, progress))
    })
}

/// A live position that `detector` called dead, as a collection of one level whose title
/// says so: what the CLI and the window save for a test to load.
pub fn false_claim(position: &Level, detector: &str) -> Collection {
    let mut level = position.clone();
    level.meta.title = format!("{detector} claims this live position is dead");
    level.meta.solutions.clear();
    Collection { notes: Vec::new(), levels: vec![level] }
}

/// The solution of `level` by `pushes` (box square and direction index), replayed.
fn alive(level: &Level, p: &Problem, pushes: &[(Sq, u8)]) -> Decision {
    let pushes: Vec<(Pos, Dir)> =
        pushes.iter().map(|&(s, d)| (p.board.pos(s), Dir::ALL[d as usize])).collect();
    match line(level, &pushes) {
        Ok(moves) => Decision::Alive { moves },
        Err(e) => Decision::Failed(format!(
            "internal error: the oracle's line does not replay ({e}); please report it"
        )),
    }
}
