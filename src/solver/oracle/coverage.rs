//! A level's coverage: positions of the level classified by the oracle and by each
//! detector, tallied per detector (what it catches of the dead positions, and every claim
//! on a live one, which must never happen), with the dead positions no rule catches grouped
//! by their smallest dead set.

use crate::level::{Level, Pos};
use crate::solver::analysis::problem::Problem;
use crate::solver::model::board::Sq;
use crate::solver::model::interrupt::Interrupt;
use crate::solver::model::state::player_of;
use crate::solver::oracle::dead_set::{dead_subset, smallest};
use crate::solver::oracle::detectors::Detector;
use crate::solver::oracle::exhaustive::{Exhaustive, Found, Memo};
use crate::solver::oracle::positions::{Spread, gather};
use std::collections::HashMap;
use std::time::Instant;

/// The most positions a coverage run gathers.
pub const MOST_POSITIONS: usize = 2_000_000;

/// The most positions each side of the memo keeps.
const MEMO_CAP: usize = 4_000_000;

/// The most positions of false claims a run keeps (they are all counted).
const KEPT_FALSE_CLAIMS: usize = 20;

/// What the oracle said of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// It can be solved.
    Alive,
    /// It cannot: every position reachable from it, or from a few of its boxes, was tried.
    Dead,
    /// The budget ran out first.
    Unknown,
}

/// One detector's tally.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The detector (a rule's name, or `pipeline` for all of them).
    pub detector: &'static str,
    /// Positions it called dead.
    pub claims: usize,
    /// Of those, positions the oracle proved dead.
    pub caught: usize,
    /// Of those, positions the oracle solved: each one a soundness bug.
    pub false_claims: usize,
}

impl Row {
    /// The share of the dead positions it caught.
    pub fn recall(&self, dead: usize) -> Option<f64> {
        (dead > 0).then(|| self.caught as f64 / dead as f64)
    }
}

/// Dead positions that no rule caught, sharing one smallest dead set.
#[derive(Clone, Debug)]
pub struct Missed {
    /// The boxes of the dead set, in reading order.
    pub dead_set: Vec<Pos>,
    /// How many positions were missed with it.
    pub count: usize,
    /// The first of them.
    pub example: Level,
}

/// A live position a detector called dead.
#[derive(Clone, Debug)]
pub struct FalseClaim {
    /// The detector.
    pub detector: &'static str,
    /// The position, as a level (save it and load it in a test).
    pub position: Level,
}

/// A coverage run's result.
#[derive(Clone, Debug, Default)]
pub struct Coverage {
    /// Positions classified.
    pub positions: usize,
    /// Whether every position the spread asks for was gathered and classified (not when
    /// the gathering reached its cap, the walks met fewer, or the run was stopped).
    pub complete: bool,
    /// Whether the time limit, the memory limit or a cancel stopped the run.
    pub stopped: bool,
    /// The oracle's verdicts: alive, dead, unknown.
    pub alive: usize,
    /// Dead positions.
    pub dead: usize,
    /// Positions the budget could not decide.
    pub unknown: usize,
    /// Positions the oracle searched in all.
    pub searched: u64,
    /// One row per detector, in the order given, the pipeline last.
    pub rows: Vec<Row>,
    /// Dead positions no rule caught, grouped by dead set, most frequent first.
    pub missed: Vec<Missed>,
    /// Live positions called dead (the first few).
    pub false_claims: Vec<FalseClaim>,
    /// Seconds the oracle took to decide a position: the median, the 99th percentile and
    /// the most (each search helped by the positions decided before it).
    pub decide_secs: [f64; 3],
    /// The most seconds a missed position's dead set took to find.
    pub dead_set_secs: f64,
}

/// Classifies the positions of `p` that `spread` asks for by the oracle (each search at
/// most `budget` positions) and by each of `detectors`; `progress` is told (done, total)
/// after each position. Stops, incomplete, when `interrupt` is raised.
pub(crate) fn run(
    p: &Problem,
    spread: Spread,
    budget: u64,
    mut detectors: Vec<Box<dyn Detector>>,
    interrupt: &Interrupt,
    progress: &mut dyn FnMut(usize, usize),
) -> Coverage {
    let (positions, mut complete) = gather(p, spread, MOST_POSITIONS, interrupt);
    let mut ex = Exhaustive::new(p, interrupt);
    ex.memo = Some(Memo::new(p.stride, MEMO_CAP));
    let rows = detectors
        .iter()
        .map(|d| Row { detector: d.name(), claims: 0, caught: 0, false_claims: 0 })
        .collect();
    let mut out = Coverage { rows, ..Coverage::default() };
    let mut groups: HashMap<Vec<Sq>, Missed> = HashMap::new();
    let mut times: Vec<f64> = Vec::new();
    let words = p.words();
    let total = positions.len();
    for id in 0..total as u32 {
        let state = positions.state(id);
        let (boxes, player) = (&state[..words], player_of(state));
        let clock = Instant::now();
        let (found, dead_set) = classify(&mut ex, p, boxes, player, budget);
        let class = match found {
            Found::Alive(_) => Class::Alive,
            Found::Dead => Class::Dead,
            Found::Unknown => Class::Unknown,
        };
        times.push(clock.elapsed().as_secs_f64());
        if interrupt.raised() {
            complete = false;
            break;
        }
        let claims: Vec<bool> =
            detectors.iter_mut().map(|d| d.claim(p, boxes, player).is_some()).collect();
        if interrupt.raised() {
            complete = false;
            break;
        }
        out.positions += 1;
        match class {
            Class::Alive => out.alive += 1,
            Class::Dead => out.dead += 1,
            Class::Unknown => out.unknown += 1,
        }
        for (row, &claimed) in out.rows.iter_mut().zip(&claims) {
            if !claimed {
                continue;
            }
            row.claims += 1;
            match class {
                Class::Dead => row.caught += 1,
                Class::Alive => {
                    row.false_claims += 1;
                    if out.false_claims.len() < KEPT_FALSE_CLAIMS {
                        let position = p.level_of(state);
                        out.false_claims.push(FalseClaim { detector: row.detector, position });
                    }
                }
                Class::Unknown => {}
            }
        }
        if class == Class::Dead && !claims.contains(&true) {
            let clock = Instant::now();
            let mut set = dead_set.unwrap_or_else(|| smallest(&mut ex, p, boxes, player, budget));
            out.dead_set_secs = out.dead_set_secs.max(clock.elapsed().as_secs_f64());
            set.sort_unstable();
            groups.entry(set).and_modify(|m| m.count += 1).or_insert_with_key(|set| Missed {
                dead_set: reading_order(p, set),
                count: 1,
                example: p.level_of(state),
            });
        }
        progress(out.positions, total);
    }
    out.complete = complete && out.positions == total;
    out.stopped = interrupt.raised();
    out.searched = ex.searched;
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times.get(((times.len() as f64 * q) as usize).min(times.len().max(1) - 1));
    out.decide_secs = [0.5, 0.99, 1.0].map(|q| at(q).copied().unwrap_or(0.0));
    out.missed = groups.into_values().collect();
    out.missed.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.dead_set.cmp(&b.dead_set)));
    out
}

/// The oracle's verdict on a position, with its dead set when a small subset proved it: a
/// search of the whole position within `budget`, then, if that ran out, its subsets of up
/// to three boxes. A node found alive is the last search's.
pub(crate) fn classify(
    ex: &mut Exhaustive,
    p: &Problem,
    boxes: &[u64],
    player: Sq,
    budget: u64,
) -> (Found, Option<Vec<Sq>>) {
    let found = ex.search(p, boxes, player, budget);
    if found != Found::Unknown {
        return (found, None);
    }
    match dead_subset(ex, p, boxes, player, budget) {
        Some(set) => (Found::Dead, Some(set)),
        None => (Found::Unknown, None),
    }
}

/// The squares `set` as positions, top row first.
pub(crate) fn reading_order(p: &Problem, set: &[Sq]) -> Vec<Pos> {
    let mut out: Vec<Pos> = set.iter().map(|&s| p.board.pos(s)).collect();
    out.sort_by_key(|q| (q.y, q.x));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::deadlock::exhaustive::{BOARDS, problem};
    use crate::solver::oracle::detectors::ours;

    /// A rule made unsound on purpose: a box on a square the player could stand on next to
    /// the start calls the position dead.
    struct Reckless;

    impl Detector for Reckless {
        fn name(&self) -> &'static str {
            "reckless"
        }

        fn claim(&mut self, p: &Problem, boxes: &[u64], _: Sq) -> Option<&'static str> {
            let row = p.board.pos(p.board.start_player()).y;
            let boxes = crate::solver::model::state::boxes_of(boxes);
            boxes.map(|b| p.board.pos(b)).any(|q| q.y == row).then_some("reckless")
        }
    }

    #[test]
    fn coverage_finds_no_false_claim_of_ours_and_catches_a_reckless_rule() {
        let mut reckless = Vec::new();
        for rows in BOARDS {
            let p = problem(rows);
            let i = Interrupt::default();
            let mut detectors = ours(&p, &i);
            detectors.insert(0, Box::new(Reckless));
            let mut calls = 0;
            let cov =
                run(&p, Spread::Pushes(u32::MAX), u64::MAX, detectors, &i, &mut |_, _| calls += 1);
            assert!(cov.complete && cov.unknown == 0, "{rows:?}");
            assert_eq!(cov.alive + cov.dead, cov.positions);
            assert_eq!(calls, cov.positions);
            assert!(cov.dead > 0, "{rows:?}: the start's pushes reach dead positions");
            for row in &cov.rows[1..] {
                assert_eq!(row.false_claims, 0, "{rows:?}: {row:?}");
                assert_eq!(row.claims, row.caught, "{rows:?}: every claim is on a dead one");
            }
            let missed: usize = cov.missed.iter().map(|m| m.count).sum();
            assert!(cov.dead - missed >= cov.rows.last().unwrap().caught, "{rows:?}");
            assert_eq!(cov.false_claims.len(), cov.rows[0].false_claims.min(KEPT_FALSE_CLAIMS));
            reckless.extend(cov.false_claims);
        }
        assert!(!reckless.is_empty(), "the reckless rule is caught");
        assert!(reckless.iter().all(|c| c.detector == "reckless"));
    }
}
