//! A level's difficulty, estimated from measures an author can see and check: the effort
//! of a fixed reference search, the fewest pushes known (proved by A* when it can), the box
//! lines and box changes of such a solution (the level's, not one search's tie-breaking:
//! when A* proved the pushes, a third search finds the push-optimal solution with the
//! fewest changes, then lines, within the same budget: A*, then the pull search where A*
//! stops), and the hard decisions on the reference search's line (moves no advisor
//! proposed: Shoham's measure). Beside them, not in the difficulty, the most boxes whose
//! pushes interleave on that solution: our measure of how the level decomposes (Jarušek
//! and Pelánek (2010) found box changes and a decomposition the best predictors of human
//! solving time; ours did not predict search effort better, see BENCHMARKS.md). Every
//! limit is a node count, so a level rates the same on every machine; a time limit only
//! stops a level that would take too long, which is then not rated.

use crate::level::metrics::{Metrics, interleaved_groups};
use crate::level::moves::parse_lurd;
use crate::level::{Level, Move};
use crate::solver::algo::fess::UNADVISED;
use crate::solver::config::{Config, Limits, Method};
use crate::solver::model::error::Unsearchable;
use crate::solver::optimize::fewest_changes;
use crate::solver::outcome::{Outcome, StopReason};
use crate::solver::solve::solve;
use std::fmt;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Expansions the reference search (FESS on one thread) may make.
pub const REFERENCE_NODES: u64 = 200_000;

/// Expansions A* may make to prove the fewest pushes.
pub const PROOF_NODES: u64 = 200_000;

/// Memory either search may hold.
const MEMORY: usize = 1 << 30;

/// The time a level's rating may take unless the caller says otherwise.
pub const TIME_LIMIT: Duration = Duration::from_secs(30);

/// Why a level was not rated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unrated {
    /// The level cannot be searched.
    Unsearchable(Unsearchable),
    /// The rating's searches passed the time limit.
    TimeLimit(Duration),
}

impl fmt::Display for Unrated {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unrated::Unsearchable(why) => write!(f, "{why}"),
            Unrated::TimeLimit(t) => {
                write!(f, "not rated (time limit): it takes over {} s", t.as_secs_f64())
            }
        }
    }
}

/// A level's measures and the difficulty they give.
#[derive(Clone, Debug, PartialEq)]
pub struct Rating {
    /// Positions the reference search expanded: until it solved the level, or all it was
    /// allowed ([`REFERENCE_NODES`]) when it did not; `None` when it failed (its line did
    /// not replay), so the effort is not known.
    pub effort: Option<u64>,
    /// Whether the reference search solved the level.
    pub solved: bool,
    /// Whether the level was proved to have no solution.
    pub unsolvable: bool,
    /// The solution with the fewest pushes known, then the fewest box changes, box lines
    /// and moves, if any.
    pub best: Option<Metrics>,
    /// Whether A* proved `best`'s push count the least.
    pub proved: bool,
    /// Whether `best`'s box changes and lines are proved the fewest of any solution with
    /// its pushes (the search for them finished); else they are those of the best line
    /// known, which may have more.
    pub fewest_changes: bool,
    /// The most boxes whose pushes interleave on `best`'s solution
    /// ([`interleaved_groups`]), shown beside the difficulty, not part of it; `None` when no
    /// solution is known.
    pub interleaved: Option<usize>,
    /// Moves on the reference search's solution that no advisor proposed: none when it
    /// solved the level before any expansion (by its plan: no move was decided by search);
    /// `None`, not known, when it did not solve the level.
    pub hard_decisions: Option<u64>,
}

impl Rating {
    /// The difficulty from 0 to 10: the mean of the known measures' scores from 0 to 10,
    /// each on a log scale (effort: 10 at 100,000 expansions; pushes: 10 at 1,000; box
    /// lines: 10 at 300; box changes: 10 at 150; hard decisions: 10 at 64); a measure not
    /// known is left out, never scored as its worst. `None` when no solution is known.
    pub fn difficulty(&self) -> Option<f64> {
        let best = self.best?;
        let score = |x: u64, ten_at: f64| {
            (10.0 * (1.0 + x as f64).log10() / (1.0 + ten_at).log10()).min(10.0)
        };
        let scores = [
            self.effort.map(|e| score(e, 100_000.0)),
            Some(score(best.pushes as u64, 1_000.0)),
            Some(score(best.box_lines as u64, 300.0)),
            Some(score(best.box_changes as u64, 150.0)),
            self.hard_decisions.map(|h| score(h, 64.0)),
        ];
        let known: Vec<f64> = scores.into_iter().flatten().collect();
        Some(known.iter().sum::<f64>() / known.len() as f64)
    }

    /// The measures in words, one per line, for tooltips and the table.
    pub fn measures(&self) -> Vec<String> {
        let mut out = Vec::new();
        let unknown = "not known, left out of the difficulty";
        match self.effort {
            Some(e) => {
                let within = if self.solved { "" } else { " (not solved within them)" };
                out.push(format!("reference search (FESS, one thread): {e} expanded{within}"));
            }
            None => {
                out.push(format!("reference search (FESS, one thread) failed: effort {unknown}"))
            }
        }
        match (self.best, self.unsolvable) {
            (Some(b), _) => {
                let how = if self.proved { "push-optimal, proved by A*" } else { "best known" };
                out.push(format!("{} pushes, {} moves ({how})", b.pushes, b.moves));
                let fewest = match self.fewest_changes {
                    true => "the fewest of any solution with these pushes",
                    false => "of the best line known; the fewest not proved",
                };
                out.push(format!(
                    "{} box lines, {} box changes ({fewest})",
                    b.box_lines, b.box_changes
                ));
                if let Some(g) = self.interleaved {
                    out.push(format!(
                        "{g} boxes in the largest group whose pushes interleave (1 when the \
                         level is solved box by box; not in the difficulty)"
                    ));
                }
            }
            (None, true) => out.push("no solution exists (proved)".into()),
            (None, false) => out.push("no solution known".into()),
        }
        match self.hard_decisions {
            Some(0) if self.effort == Some(0) => out.push(
                "0 hard decisions (solved by the reference search's plan, before any expansion)"
                    .into(),
            ),
            Some(h) => out.push(format!("{h} hard decisions (moves no advisor proposed)")),
            None => out.push(format!(
                "hard decisions: {unknown} (the reference search did not solve the level)"
            )),
        }
        out
    }
}

/// Rates `level`: the reference search, A* for the fewest pushes, then (when A* proved
/// them) the search for the fewest box changes among solutions with those pushes
/// ([`fewest_changes`]), and the level's saved solutions (replayed) as candidates for the
/// best known. Stops soon after `cancel` is set (then `None`), or when the searches take
/// over `time` together.
pub fn rate(
    level: &Level,
    time: Option<Duration>,
    cancel: &AtomicBool,
) -> Result<Option<Rating>, Unrated> {
    rate_with(level, time, cancel, true)
}

/// [`rate`] without the search for the fewest box changes, for comparing many candidates:
/// the box changes and lines are those of the best of the solutions known (a generated
/// level's saved solution has few), never fewer changes than [`rate`]'s.
pub fn rate_quickly(
    level: &Level,
    time: Option<Duration>,
    cancel: &AtomicBool,
) -> Result<Option<Rating>, Unrated> {
    rate_with(level, time, cancel, false)
}

/// [`rate`], with the search for the fewest box changes when `fewest` says so.
fn rate_with(
    level: &Level,
    time: Option<Duration>,
    cancel: &AtomicBool,
    fewest: bool,
) -> Result<Option<Rating>, Unrated> {
    let config = Config { threads: 1, ..Config::with_method(Method::Fess) };
    let start = Instant::now();
    let limits = |nodes| Limits {
        time: time.map(|t| t.saturating_sub(start.elapsed())),
        nodes: Some(nodes),
        memory_bytes: Some(MEMORY),
    };
    let over_time = || Unrated::TimeLimit(time.unwrap_or_default());
    let reference = solve(level, &config, &limits(REFERENCE_NODES), cancel);
    let mut rating = Rating {
        effort: Some(0),
        solved: false,
        unsolvable: false,
        best: None,
        proved: false,
        fewest_changes: false,
        interleaved: None,
        hard_decisions: None,
    };
    let mut candidates: Vec<Vec<Move>> = Vec::new();
    match &reference {
        Outcome::Invalid(why) => return Err(Unrated::Unsearchable(why.clone())),
        Outcome::Stopped(StopReason::Cancelled, _) => return Ok(None),
        Outcome::Stopped(StopReason::Time, _) => return Err(over_time()),
        Outcome::Solved(s, stats) => {
            rating.solved = true;
            rating.effort = Some(stats.expanded);
            // Solved before any expansion, the line is the plan's: no move was decided.
            let unexpanded = (stats.expanded == 0).then_some(0);
            rating.hard_decisions = stats.measure(UNADVISED).or(unexpanded);
            candidates.push(s.moves.clone());
        }
        Outcome::Unsolvable(stats) => {
            rating.unsolvable = true;
            rating.effort = Some(stats.expanded);
        }
        Outcome::Stopped(_, stats) => rating.effort = Some(stats.expanded.max(REFERENCE_NODES)),
        // A line that does not replay is no reference: the effort is not known.
        Outcome::Failed(_) => rating.effort = None,
    }
    // The fewest pushes, when A* proves them.
    let mut optimum = None;
    if !rating.unsolvable {
        match solve(level, &Config::with_method(Method::AStar), &limits(PROOF_NODES), cancel) {
            Outcome::Solved(s, _) => {
                rating.proved = s.optimal;
                optimum = s.optimal.then_some(s.pushes);
                candidates.push(s.moves);
            }
            Outcome::Unsolvable(_) => rating.unsolvable = true,
            Outcome::Stopped(StopReason::Cancelled, _) => return Ok(None),
            Outcome::Stopped(StopReason::Time, _) => return Err(over_time()),
            _ => {}
        }
    }
    // Box changes and lines are the level's when counted on the push-optimal solution with
    // the fewest of them, not on whichever one A* met first.
    if let Some(pushes) = optimum.filter(|_| fewest) {
        match fewest_changes(level, pushes, &limits(PROOF_NODES), cancel) {
            Ok(found) => {
                rating.fewest_changes = found.is_some();
                candidates.extend(found);
            }
            Err(StopReason::Cancelled) => return Ok(None),
            Err(StopReason::Time) => return Err(over_time()),
            Err(_) => {}
        }
    }
    candidates.extend(level.meta.solutions.iter().filter_map(|s| parse_lurd(s).ok()));
    let best =
        Metrics::best_of(level, candidates, |m| (m.pushes, m.box_changes, m.box_lines, m.moves));
    rating.interleaved = best
        .as_ref()
        .and_then(|(moves, _)| interleaved_groups(level, moves))
        .map(|groups| groups.first().copied().unwrap_or(0));
    rating.best = best.map(|(_, m)| m);
    // A proof covers the push count, whichever solution of that count is kept.
    rating.proved &= rating.best.is_some();
    Ok(Some(rating))
}

/// Spearman's rank correlation of `xs` and `ys` (ties share their mean rank); `None` for
/// fewer than two pairs or a constant side.
pub fn spearman(xs: &[f64], ys: &[f64]) -> Option<f64> {
    let n = xs.len().min(ys.len());
    if n < 2 {
        return None;
    }
    let (rx, ry) = (ranks(&xs[..n]), ranks(&ys[..n]));
    let mean = (n as f64 + 1.0) / 2.0;
    let (mut sxy, mut sxx, mut syy) = (0.0, 0.0, 0.0);
    for i in 0..n {
        let (a, b) = (rx[i] - mean, ry[i] - mean);
        (sxy, sxx, syy) = (sxy + a * b, sxx + a * a, syy + b * b);
    }
    (sxx > 0.0 && syy > 0.0).then(|| sxy / (sxx * syy).sqrt())
}

/// The rank of each value from 1, ties given the mean of their ranks.
fn ranks(xs: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..xs.len()).collect();
    order.sort_by(|&a, &b| xs[a].total_cmp(&xs[b]));
    let mut out = vec![0.0; xs.len()];
    let mut i = 0;
    while i < order.len() {
        let mut j = i;
        while j + 1 < order.len() && xs[order[j + 1]] == xs[order[i]] {
            j += 1;
        }
        let rank = (i + j) as f64 / 2.0 + 1.0;
        order[i..=j].iter().for_each(|&k| out[k] = rank);
        i = j + 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rated(rows: &[&str]) -> Rating {
        let level = Level::from_rows(rows).unwrap();
        rate(&level, None, &AtomicBool::new(false)).unwrap().unwrap()
    }

    #[test]
    fn a_one_push_level_rates_low_and_a_harder_one_higher() {
        let easy = rated(&["#####", "#@$.#", "#####"]);
        assert!(easy.solved && easy.proved, "{easy:?}");
        let best = easy.best.unwrap();
        assert_eq!((best.pushes, best.moves, best.box_lines), (1, 1, 1));
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/levels/default.xsb");
        let levels = crate::level::format::load_file(path).unwrap().levels;
        let five_alive = levels.iter().find(|l| l.meta.title == "Five Alive").unwrap();
        let harder = rate(five_alive, None, &AtomicBool::new(false)).unwrap().unwrap();
        assert!(harder.solved, "{harder:?}");
        assert!(harder.best.unwrap().pushes > 10 && harder.effort > easy.effort);
        assert!(harder.difficulty().unwrap() > easy.difficulty().unwrap() + 1.0);
        assert!(harder.measures().iter().any(|m| m.contains("hard decisions")));
    }

    /// On the levels we ship, no level rates above another that needs strictly more pushes
    /// and at least as much of every other measure known for both.
    #[test]
    fn no_level_rates_above_one_that_needs_more_of_everything() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/levels/default.xsb");
        let levels = crate::level::format::load_file(path).unwrap().levels;
        let ratings: Vec<Rating> = levels
            .iter()
            .map(|l| rate(l, None, &AtomicBool::new(false)).unwrap().unwrap())
            .collect();
        let at_least = |a: Option<u64>, b: Option<u64>| a.zip(b).is_none_or(|(a, b)| b >= a);
        for (i, a) in ratings.iter().enumerate() {
            for (j, b) in ratings.iter().enumerate() {
                let (Some(ab), Some(bb)) = (a.best, b.best) else { continue };
                let dominated = bb.pushes > ab.pushes
                    && bb.box_lines >= ab.box_lines
                    && bb.box_changes >= ab.box_changes
                    && at_least(a.effort, b.effort)
                    && at_least(a.hard_decisions, b.hard_decisions);
                if dominated {
                    let (da, db) = (a.difficulty().unwrap(), b.difficulty().unwrap());
                    assert!(
                        da <= db,
                        "level {} rates {da:.2} {:?} above level {} at {db:.2} {:?}",
                        i + 1,
                        a.measures(),
                        j + 1,
                        b.measures()
                    );
                }
            }
        }
    }

    /// The box changes are counted on the push-optimal solution with the fewest of them,
    /// not on A*'s line: in this room (made by our generator) A*'s line changes boxes more.
    #[test]
    fn box_changes_are_the_fewest_of_any_push_optimal_solution() {
        let rows = ["####", "#..###", "#    ##", "#   $@#", "### $ #", "  #  ##", "  ####"];
        let level = Level::from_rows(&rows).unwrap();
        let none = AtomicBool::new(false);
        let Outcome::Solved(astar, _) =
            solve(&level, &Config::with_method(Method::AStar), &Limits::default(), &none)
        else {
            panic!("A* solves the room");
        };
        let astar = Metrics::of(&level, &astar.moves).unwrap();
        let rating = rated(&rows);
        let best = rating.best.unwrap();
        assert!(
            rating.proved && rating.fewest_changes && best.pushes == astar.pushes,
            "{rating:?}"
        );
        assert!(best.box_changes < astar.box_changes, "{best:?} {astar:?}");
        let fewest = fewest_changes(&level, best.pushes, &Limits::default(), &none).unwrap();
        let fewest = Metrics::of(&level, &fewest.unwrap()).unwrap();
        let counts = |m: Metrics| (m.pushes, m.box_changes, m.box_lines);
        assert_eq!(counts(fewest), counts(best));
    }

    /// A measure not known is left out of the mean and the measures say so.
    #[test]
    fn a_measure_not_known_is_left_out_and_said_so() {
        let best = Metrics { moves: 10, pushes: 4, box_lines: 2, ..Metrics::default() };
        let rating = Rating {
            effort: None,
            solved: false,
            unsolvable: false,
            best: Some(best),
            proved: false,
            fewest_changes: false,
            interleaved: None,
            hard_decisions: None,
        };
        let known = Rating { effort: Some(0), hard_decisions: Some(0), ..rating.clone() };
        // Three known scores out of five (no box change scores 0): 5/3 of the mean of all
        // five with the others at 0.
        let (partial, whole) = (rating.difficulty().unwrap(), known.difficulty().unwrap());
        assert!((3.0 * partial - 5.0 * whole).abs() < 1e-9, "{partial} {whole}");
        let said = rating.measures().join("\n");
        assert_eq!(said.matches("not known, left out of the difficulty").count(), 2, "{said}");
    }

    #[test]
    fn an_unsolvable_level_has_no_difficulty_and_says_so() {
        let dead = rated(&["######", "#@$ .#", "#$  .#", "######"]);
        let dead = if dead.unsolvable { dead } else { panic!("{dead:?}") };
        assert_eq!(dead.difficulty(), None);
        assert!(dead.measures().iter().any(|m| m.contains("no solution exists")));
    }

    #[test]
    fn a_saved_solution_counts_when_it_is_the_shortest_known() {
        let mut level = Level::from_rows(&["#####", "#@$.#", "#####"]).unwrap();
        level.meta.solutions.push("R".into());
        let r = rate(&level, None, &AtomicBool::new(false)).unwrap().unwrap();
        assert_eq!(r.best.unwrap().pushes, 1);
        level.meta.solutions = vec!["rR".into()]; // illegal: never counted
        assert_eq!(
            rate(&level, None, &AtomicBool::new(false)).unwrap().unwrap().best.unwrap().moves,
            1
        );
    }

    #[test]
    fn spearman_is_one_for_the_same_order_and_minus_one_for_the_reverse() {
        let xs = [1.0, 2.0, 3.0, 4.0];
        assert_eq!(spearman(&xs, &[10.0, 20.0, 30.0, 40.0]), Some(1.0));
        assert_eq!(spearman(&xs, &[4.0, 3.0, 2.0, 1.0]), Some(-1.0));
        assert_eq!(spearman(&xs, &[5.0, 5.0, 5.0, 5.0]), None);
        assert_eq!(ranks(&[3.0, 1.0, 3.0]), vec![2.5, 1.0, 2.5]);
    }
}
