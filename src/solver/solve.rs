//! The front door: build the configured search, run it within the limits, and turn its
//! answer into a verified [`Outcome`].

use crate::level::{Level, replay};
use crate::solver::algo::best_first::{BestFirst, Priority};
use crate::solver::algo::bfs::Bfs;
use crate::solver::algo::depth_first::{DepthFirst, Limit};
use crate::solver::algo::fess::Fess;
use crate::solver::algo::portfolio::Portfolio;
use crate::solver::analysis::problem::Problem;
use crate::solver::config::{Config, Limits, Method};
use crate::solver::error::{Unsearchable, WrongSolution};
use crate::solver::model::table::NodeId;
use crate::solver::outcome::{Outcome, Solution, StopReason};
use crate::solver::search::expand::Expander;
use crate::solver::search::{NoTrace, Observer, Progress, Search, Stats};
use crate::solver::techniques::Technique;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Expansions between checks of the clock, the limits and the cancel flag.
const CHUNK: u64 = 64;

/// How long greedy search runs alone on `auto`'s second thread.
const GREEDY_HEAD_START: Duration = Duration::from_secs(2);

/// How often progress is reported.
const PROGRESS_EVERY: Duration = Duration::from_millis(50);

/// Builds the search `config` asks for on `level`, traced by `observer`. `Auto` takes
/// turns between feature-space search, greedy best-first search with macros, and A*
/// (see [`Portfolio`]; [`solve`] runs them on two threads instead when it may).
///
/// Macros make push counts meaningless for optimality, so only greedy best-first and
/// weighted A* use them; every other method has them switched off.
pub fn build<O: Observer + Clone + 'static>(
    level: &Level,
    config: &Config,
    observer: O,
) -> Result<Box<dyn Search>, Unsearchable> {
    let problem = Problem::new(level)?;
    Ok(match config.method {
        Method::Auto => Box::new(Portfolio::new(vec![
            member(problem.clone(), config, Method::Fess, observer.clone()),
            member(problem.clone(), config, Method::Greedy, observer.clone()),
            member(problem, config, Method::AStar, observer),
        ])),
        method => member(problem, config, method, observer),
    })
}

/// One search of `method` (not `Auto`) on `problem` with `config`'s settings.
fn member<O: Observer + 'static>(
    problem: Problem,
    config: &Config,
    method: Method,
    observer: O,
) -> Box<dyn Search> {
    let mut techniques = config.techniques;
    if !matches!(method, Method::Greedy | Method::WeightedAStar(_)) {
        techniques.set(Technique::TunnelMacros, false);
        techniques.set(Technique::GoalMacros, false);
    }
    if method == Method::Fess {
        return Box::new(Fess::new(problem, config.deadlocks, techniques, observer));
    }
    let expander = Expander::new(problem, config.deadlocks, techniques, config.lower_bound);
    match method {
        Method::Greedy => Box::new(BestFirst::new(expander, Priority::Greedy, observer)),
        Method::AStar => Box::new(BestFirst::new(expander, Priority::AStar, observer)),
        Method::WeightedAStar(w) => {
            Box::new(BestFirst::new(expander, Priority::Weighted(w), observer))
        }
        Method::Bfs => Box::new(Bfs::new(expander, observer)),
        Method::IdaStar => Box::new(DepthFirst::new(expander, Limit::Cost, observer)),
        Method::Dfs(d) => Box::new(DepthFirst::new(expander, Limit::Depth(d), observer)),
        Method::IterativeDeepening => {
            Box::new(DepthFirst::new(expander, Limit::Deepening, observer))
        }
        Method::Auto | Method::Fess => unreachable!("handled above"),
    }
}

/// Solves `level` with `config` within `limits`; stops soon after `cancel` is set.
pub fn solve(level: &Level, config: &Config, limits: &Limits, cancel: &AtomicBool) -> Outcome {
    solve_with_progress(level, config, limits, cancel, &mut |_| {})
}

/// [`solve`], calling `progress` with the counters about every 50 ms of search.
pub fn solve_with_progress(
    level: &Level,
    config: &Config,
    limits: &Limits,
    cancel: &AtomicBool,
    progress: &mut dyn FnMut(&Stats),
) -> Outcome {
    let start = Instant::now();
    if config.method == Method::Auto && config.parallel {
        return solve_in_parallel(level, config, limits, cancel, start, progress);
    }
    let mut search = match build(level, config, NoTrace) {
        Ok(s) => s,
        Err(msg) => return Outcome::Invalid(msg),
    };
    run(level, search.as_mut(), limits, cancel, start, progress)
}

/// `Auto` on two threads: feature-space search on this one (it reports progress); on the
/// other, greedy best-first search and two feature-space searches without `best-line`,
/// which follow other lines than the first: one with the hotspot advisors on (unless they
/// are on already), one as configured (unless `best-line` is off already, when it would
/// repeat this thread's). Greedy search runs alone for its first two seconds (it solves
/// small levels fastest), then gets a sixth of the time, the hotspot search a third, the
/// last one half. The first to solve the level, or to prove it unsolvable, stops the other
/// thread. Each thread gets half the memory limit.
fn solve_in_parallel(
    level: &Level,
    config: &Config,
    limits: &Limits,
    cancel: &AtomicBool,
    start: Instant,
    progress: &mut dyn FnMut(&Stats),
) -> Outcome {
    let problem = match Problem::new(level) {
        Ok(p) => p,
        Err(msg) => return Outcome::Invalid(msg),
    };
    let half = Limits { memory_bytes: limits.memory_bytes.map(|m| m / 2), ..*limits };
    let stop = AtomicBool::new(false);
    let halt = || cancel.load(Ordering::Relaxed) || stop.load(Ordering::Relaxed);
    let decisive = |o: &Outcome| matches!(o, Outcome::Solved(..) | Outcome::Unsolvable(_));
    let (first, second) = std::thread::scope(|scope| {
        let other = problem.clone();
        let helper = scope.spawn(|| {
            let mut members = vec![(member(other, config, Method::Greedy, NoTrace), 1)];
            let mut plain = *config;
            plain.techniques.set(Technique::BestLine, false);
            if !config.techniques.on(Technique::Hotspots) {
                let mut hot = plain;
                hot.techniques.set(Technique::Hotspots, true);
                members.push((member(problem.clone(), &hot, Method::Fess, NoTrace), 2));
            }
            if config.techniques.on(Technique::BestLine) {
                members.push((member(problem.clone(), &plain, Method::Fess, NoTrace), 3));
            }
            let mut search = Portfolio::timed(members, GREEDY_HEAD_START);
            let outcome = drive(level, &mut search, &half, &halt, start, &mut |_| {});
            if decisive(&outcome) {
                stop.store(true, Ordering::Relaxed);
            }
            outcome
        });
        let mut fess = member(problem.clone(), config, Method::Fess, NoTrace);
        let outcome = drive(level, fess.as_mut(), &half, &halt, start, progress);
        if decisive(&outcome) {
            stop.store(true, Ordering::Relaxed);
        }
        (outcome, helper.join().expect("the helper search does not panic"))
    });
    match (first, second) {
        (first @ (Outcome::Solved(..) | Outcome::Unsolvable(_)), _) => first,
        (_, second @ (Outcome::Solved(..) | Outcome::Unsolvable(_))) => second,
        // Both stopped: report this thread's reason, with the memory both held.
        (Outcome::Stopped(reason, mut stats), other) => {
            if let Outcome::Stopped(_, s) = &other {
                stats.peak_memory += s.peak_memory;
            }
            Outcome::Stopped(reason, stats)
        }
        (first, _) => first,
    }
}

/// Drives `search` to an outcome within `limits`.
pub fn run(
    level: &Level,
    search: &mut dyn Search,
    limits: &Limits,
    cancel: &AtomicBool,
    start: Instant,
    progress: &mut dyn FnMut(&Stats),
) -> Outcome {
    drive(level, search, limits, &|| cancel.load(Ordering::Relaxed), start, progress)
}

/// [`run`], stopping (as cancelled) soon after `halt` says so.
fn drive(
    level: &Level,
    search: &mut dyn Search,
    limits: &Limits,
    halt: &dyn Fn() -> bool,
    start: Instant,
    progress: &mut dyn FnMut(&Stats),
) -> Outcome {
    let mut peak = 0usize;
    let mut last_report = Instant::now();
    loop {
        if halt() {
            return Outcome::Stopped(StopReason::Cancelled, snapshot(search, start, peak));
        }
        let step = search.step(CHUNK);
        peak = peak.max(search.memory());
        let stats = snapshot(search, start, peak);
        match step {
            Progress::Solved(id) => return finish(level, search, id, stats),
            Progress::Exhausted { complete: true } => return Outcome::Unsolvable(stats),
            Progress::Exhausted { complete: false } => {
                return Outcome::Stopped(StopReason::DepthLimit, stats);
            }
            Progress::Running => {}
        }
        if limits.time.is_some_and(|t| stats.elapsed >= t) {
            return Outcome::Stopped(StopReason::Time, stats);
        }
        if limits.nodes.is_some_and(|n| stats.expanded >= n) {
            return Outcome::Stopped(StopReason::Nodes, stats);
        }
        if limits.memory_bytes.is_some_and(|m| peak >= m) {
            return Outcome::Stopped(StopReason::Memory, stats);
        }
        if last_report.elapsed() >= PROGRESS_EVERY {
            progress(&stats);
            last_report = Instant::now();
        }
    }
}

fn snapshot(search: &dyn Search, start: Instant, peak: usize) -> Stats {
    let mut stats = search.stats().clone();
    stats.elapsed = start.elapsed();
    stats.peak_memory = peak;
    stats
}

/// Rebuilds the moves to node `id`, replays them through [`crate::level::replay`] and
/// returns the verified solution.
fn finish(level: &Level, search: &dyn Search, id: NodeId, stats: Stats) -> Outcome {
    match solution_to(level, search, id) {
        Ok(solution) => Outcome::Solved(solution, stats),
        Err(msg) => panic!("the solver produced a wrong solution: {msg}"),
    }
}

/// The verified solution ending at node `id` of `search`.
pub fn solution_to(
    level: &Level,
    search: &dyn Search,
    id: NodeId,
) -> Result<Solution, WrongSolution> {
    let pushes = search.pushes_to(id);
    let moves = crate::solver::model::walk::moves_for(level, &pushes)?;
    let check = replay(level, &moves);
    if let Some(err) = check.error {
        return Err(WrongSolution::Illegal(format!("{err:?}")));
    }
    if !check.solved {
        return Err(WrongSolution::NotSolved);
    }
    Ok(Solution { pushes: check.pushes, moves, optimal: search.optimal() })
}
