//! The front door: build the configured search, run it within the limits, and turn its
//! answer into a verified [`Outcome`].

use crate::level::{Level, replay};
use crate::solver::algo::backward::Backward;
use crate::solver::algo::best_first::{BestFirst, Priority};
use crate::solver::algo::bfs::Bfs;
use crate::solver::algo::depth_first::{DepthFirst, Limit};
use crate::solver::algo::fess::Fess;
use crate::solver::algo::planner::Planner;
use crate::solver::algo::portfolio::Portfolio;
use crate::solver::algo::pull_greedy::PullGreedy;
use crate::solver::algo::talking_stones::TalkingStones;
use crate::solver::algo::targeted::Targeted;
use crate::solver::analysis::problem::Problem;
use crate::solver::bounds::LowerBound;
use crate::solver::config::{Config, Limits, Method, Textbook};
use crate::solver::deadlock::Deadlocks;
use crate::solver::error::{Setup, Unsearchable, WrongSolution};
use crate::solver::model::interrupt::Interrupt;
use crate::solver::model::table::NodeId;
use crate::solver::outcome::{Outcome, Solution, StopReason};
use crate::solver::search::expand::Expander;
use crate::solver::search::perimeter::Perimeter;
use crate::solver::search::pull_core::Pulls;
use crate::solver::search::{NoTrace, Observer, Progress, Search, Stats};
use crate::solver::techniques::Technique;
use crate::solver::textbook::{self as book, Inspected, Pushes};
use crate::solver::watch::Watch;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Most expansions between checks of the limits (fewer when expansions are slow).
const CHUNK: u64 = 64;

/// The longest a step of the driver should take.
const STEP_TIME: Duration = Duration::from_millis(100);

/// How long greedy search runs alone on `auto`'s second thread (after every member's
/// first turn).
const GREEDY_HEAD_START: Duration = Duration::from_secs(2);

/// How long each member of `auto`'s second thread runs before greedy's head start: long
/// enough for a plan that is right to be followed to the end on a small level.
const FIRST_TURN: Duration = Duration::from_millis(200);

/// The names the portfolios give their members.
const FESS: &str = "feature-space search";
const FESS_ORDER: &str = "feature-space search, packing order";
const GREEDY: &str = "greedy best-first";
const PULL: &str = "greedy pull search";

/// How often progress is reported.
const PROGRESS_EVERY: Duration = Duration::from_millis(50);

/// Builds the search `config` asks for on `level`, traced by `observer`. `Auto` takes
/// turns between feature-space search (following the plan with `fess-plan`, else by the
/// packing order with `fess-order`), greedy best-first search with macros
/// (`greedy-search`), A* and the greedy pull search (`pull-search`), all sharing one
/// perimeter (see [`Portfolio`]; [`solve`] runs its strategies on two threads instead
/// when it may, where `fess-hotspots` and `targeted` add one more).
///
/// Macros make push counts meaningless for optimality, so only greedy best-first and
/// weighted A* use them; every other method has them switched off.
pub fn build<O: Observer + Clone + 'static>(
    level: &Level,
    config: &Config,
    observer: O,
) -> Result<Box<dyn Search>, Unsearchable> {
    let search = build_interruptible(level, config, observer, &Interrupt::default())?;
    Ok(search.expect("nobody else holds a fresh interrupt"))
}

/// [`build`], each phase of the analysis stopping once `interrupt` is raised (then `None`).
/// The search keeps `interrupt` as its own stop flag.
pub fn build_interruptible<O: Observer + Clone + 'static>(
    level: &Level,
    config: &Config,
    observer: O,
    interrupt: &Interrupt,
) -> Result<Option<Box<dyn Search>>, Unsearchable> {
    match build_with(level, config, observer, interrupt) {
        Ok(search) => Ok(Some(search)),
        Err(Setup::Unsearchable(why)) => Err(why),
        Err(Setup::Interrupted) => Ok(None),
    }
}

/// [`build`], every phase stopping when `interrupt` is raised.
fn build_with<O: Observer + Clone + 'static>(
    level: &Level,
    config: &Config,
    observer: O,
    interrupt: &Interrupt,
) -> Result<Box<dyn Search>, Setup> {
    let problem = Problem::build(level, interrupt)?;
    let shared = Arc::new(Perimeter::new(&problem));
    let search: Box<dyn Search> = match config.method {
        Method::Auto => {
            let on = |t| config.techniques.on(t);
            let member = |config: &Config, method| {
                member(problem.clone(), config, method, observer.clone(), interrupt, &shared)
            };
            // One FESS: the plan's, or by the packing order when that is all that is left.
            let mut members = Vec::new();
            if on(Technique::FessPlan) && on(Technique::Plan) {
                members.push((FESS, member(config, Method::Fess)));
            } else if on(Technique::FessOrder) || on(Technique::FessPlan) {
                let mut order = *config;
                order.techniques.set(Technique::Plan, false);
                members.push((FESS_ORDER, member(&order, Method::Fess)));
            }
            if on(Technique::GreedySearch) {
                members.push((GREEDY, member(config, Method::Greedy)));
            }
            members.push(("A*", member(config, Method::AStar)));
            if on(Technique::PullSearch) {
                members.push((PULL, member(config, Method::Pull)));
            }
            Box::new(Portfolio::new(members))
        }
        method => member(problem, config, method, observer, interrupt, &shared),
    };
    interrupt.check()?;
    Ok(search)
}

/// One search of `method` (not `Auto`) on `problem` with `config`'s settings, sharing
/// `perimeter` with the level's other searches.
fn member<O: Observer + Clone + 'static>(
    problem: Problem,
    config: &Config,
    method: Method,
    observer: O,
    interrupt: &Interrupt,
    perimeter: &Arc<Perimeter>,
) -> Box<dyn Search> {
    let shared = perimeter.clone();
    match method {
        Method::Pull => {
            return Box::new(Pulls(PullGreedy::new(problem, shared, interrupt, observer)));
        }
        Method::Backward => {
            let backward = Backward::new(problem, shared, true, interrupt, observer);
            return Box::new(Pulls(backward));
        }
        _ => {}
    }
    let expander = expander(problem, config, method, interrupt);
    match method {
        Method::Fess => Box::new(Fess::new(expander, observer).sharing(shared)),
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
        Method::StoneByStone => Box::new(TalkingStones::new(expander, false, 1, observer)),
        Method::TalkingStones(cap) => Box::new(TalkingStones::new(expander, true, cap, observer)),
        Method::Planner(limit) => Box::new(Planner::new(expander, limit, observer)),
        Method::Textbook(book) => textbook(Pushes { expander }, book, observer),
        Method::Auto | Method::Pull | Method::Backward => {
            unreachable!("auto is a portfolio of members; the pull searches are built above")
        }
    }
}

/// The targeted strategy: FESS with `config`'s settings, then the pull search aimed at its
/// best board, in turns, sharing `perimeter`.
fn targeted<O: Observer + Clone + 'static>(
    problem: Problem,
    config: &Config,
    observer: O,
    interrupt: &Interrupt,
    perimeter: &Arc<Perimeter>,
) -> Box<dyn Search> {
    let expander = expander(problem, config, Method::Fess, interrupt);
    let forward = Fess::new(expander, observer.clone()).sharing(perimeter.clone());
    Box::new(Targeted::new(forward, perimeter.clone(), interrupt, observer))
}

/// The expander `method` searches `problem` with: `config`'s detectors, techniques and
/// bound, with the changes the method makes (macros only for greedy and weighted A*, FESS
/// on the matching bound, the seed methods without pruning unless asked).
fn expander(problem: Problem, config: &Config, method: Method, interrupt: &Interrupt) -> Expander {
    let mut techniques = config.techniques;
    if !matches!(method, Method::Greedy | Method::WeightedAStar(_)) {
        techniques.set(Technique::TunnelMacros, false);
        techniques.set(Technique::GoalMacros, false);
    }
    let mut bound = if method == Method::Fess { LowerBound::Matching } else { config.lower_bound };
    let mut deadlocks = config.deadlocks;
    let seed = matches!(method, Method::StoneByStone | Method::TalkingStones(_));
    if seed && !techniques.on(Technique::SeedPruning) {
        // As in the thesis: no pruning (this bound is never infinite).
        (bound, deadlocks) = (LowerBound::BoxesOffGoal, Deadlocks::NONE);
        techniques.set(Technique::PiCorrals, false);
    }
    Expander::new(problem, deadlocks, techniques, bound, interrupt)
}

/// `level`'s pushes as a textbook problem, judged and bounded as `config` says (the lab
/// runs the textbook's searches on it directly).
pub fn pushes(level: &Level, config: &Config) -> Result<Pushes, Unsearchable> {
    let problem = Problem::new(level)?;
    let method = Method::Textbook(Textbook::Bfs);
    Ok(Pushes { expander: expander(problem, config, method, &Interrupt::default()) })
}

/// The textbook search `book` on `pushes`, recording children when `observer` traces.
fn textbook<O: Observer + 'static>(p: Pushes, book: Textbook, observer: O) -> Box<dyn Search> {
    let trace = O::ENABLED;
    match book {
        Textbook::Bfs => Box::new(Inspected::new(book::Bfs::new(p, trace), observer)),
        Textbook::Dfs(d) => Box::new(Inspected::new(book::Dfs::new(p, d, trace), observer)),
        Textbook::AStar => Box::new(Inspected::new(book::AStar::new(p, trace), observer)),
        Textbook::IdaStar => Box::new(Inspected::new(book::IdaStar::new(p, trace), observer)),
    }
}

/// Solves `level` with `config` within `limits`; stops soon after `cancel` is set.
pub fn solve(level: &Level, config: &Config, limits: &Limits, cancel: &AtomicBool) -> Outcome {
    solve_with_progress(level, config, limits, cancel, &mut |_| {})
}

/// [`solve`], calling `progress` with the counters about every 50 ms of search.
///
/// The limits hold in every phase, the analysis before the search included: a watchdog
/// thread raises the search's [`Interrupt`] when the time is up or `cancel` is set, and the
/// search raises it when its memory passes the limit.
pub fn solve_with_progress(
    level: &Level,
    config: &Config,
    limits: &Limits,
    cancel: &AtomicBool,
    progress: &mut dyn FnMut(&Stats),
) -> Outcome {
    let start = Instant::now();
    let watch = Watch { limits, cancel, start };
    if config.method == Method::Auto && config.parallel {
        return solve_in_parallel(level, config, &watch, progress);
    }
    let interrupt = Interrupt::new(limits.memory_bytes);
    watch.guard(std::slice::from_ref(&interrupt), &|| false, || {
        let mut search = match build_with(level, config, NoTrace, &interrupt) {
            Ok(s) => s,
            Err(Setup::Unsearchable(why)) => return Outcome::Invalid(why),
            Err(Setup::Interrupted) => {
                return watch.stopped(limits, &interrupt, &Stats::default(), 0);
            }
        };
        drive(level, search.as_mut(), &watch, limits, &interrupt, &|| false, progress)
    })
}

/// `Auto` on two threads, every search sharing one perimeter. On this one (reporting
/// progress): feature-space search by the packing order, without the blocker and explorer
/// advisors (technique `fess-order`). On the other, in turns by time ([`helper`]). The first
/// to solve the level, or to prove it unsolvable, stops the other thread. Each thread gets
/// half the memory limit. A strategy switched off leaves its thread or its share to the
/// others.
fn solve_in_parallel(
    level: &Level,
    config: &Config,
    watch: &Watch,
    progress: &mut dyn FnMut(&Stats),
) -> Outcome {
    let half = Limits { memory_bytes: watch.limits.memory_bytes.map(|m| m / 2), ..*watch.limits };
    let interrupts = [Interrupt::new(half.memory_bytes), Interrupt::new(half.memory_bytes)];
    let stop = AtomicBool::new(false);
    let halt = || stop.load(Ordering::Relaxed);
    let decisive = |o: &Outcome| matches!(o, Outcome::Solved(..) | Outcome::Unsolvable(_));
    let (first, second) = watch.guard(&interrupts, &halt, || {
        let problem = match Problem::build(level, &interrupts[0]) {
            Ok(p) => p,
            Err(Setup::Unsearchable(why)) => return (Some(Outcome::Invalid(why)), None),
            Err(Setup::Interrupted) => {
                let stopped = watch.stopped(&half, &interrupts[0], &Stats::default(), 0);
                return (Some(stopped), None);
            }
        };
        let perimeter = Arc::new(Perimeter::new(&problem));
        std::thread::scope(|scope| {
            let (other, interrupt, stop, halt) = (problem.clone(), &interrupts[1], &stop, &halt);
            let shared = &perimeter;
            let helper = scope.spawn(move || {
                let mut search = helper(other, config, interrupt, shared)?;
                let outcome = drive(level, &mut search, watch, &half, interrupt, halt, &mut |_| {});
                if decisive(&outcome) {
                    stop.store(true, Ordering::Relaxed);
                }
                Some(outcome)
            });
            let interrupt = &interrupts[0];
            let outcome = config.techniques.on(Technique::FessOrder).then(|| {
                // This thread keeps to Shoham and Schaeffer's advisors: the blocker and
                // explorer advisors steer the helper's searches, and mislead some levels they
                // do not suit.
                let mut order = *config;
                for t in [Technique::Plan, Technique::Blockers, Technique::Explorer] {
                    order.techniques.set(t, false);
                }
                let mut fess =
                    member(problem, &order, Method::Fess, NoTrace, interrupt, &perimeter);
                let mut outcome =
                    drive(level, fess.as_mut(), watch, &half, interrupt, &halt, progress);
                if let Outcome::Solved(solution, _) = &mut outcome {
                    solution.found_by = Some(FESS_ORDER);
                }
                if decisive(&outcome) {
                    stop.store(true, Ordering::Relaxed);
                }
                outcome
            });
            (outcome, helper.join().expect("the helper search does not panic"))
        })
    });
    match (first, second) {
        (Some(first @ (Outcome::Solved(..) | Outcome::Unsolvable(_))), _) => first,
        (_, Some(second @ (Outcome::Solved(..) | Outcome::Unsolvable(_)))) => second,
        // Both stopped: report this thread's reason, with the memory both held and the
        // time until both stopped.
        (Some(Outcome::Stopped(reason, mut stats)), Some(Outcome::Stopped(_, other))) => {
            stats.peak_memory += other.peak_memory;
            stats.elapsed = stats.elapsed.max(other.elapsed);
            Outcome::Stopped(reason, stats)
        }
        (Some(first), _) => first,
        (None, Some(second)) => second,
        (None, None) => Outcome::Stopped(StopReason::NotFound, Stats::default()),
    }
}

/// `auto`'s helper thread: the strategies `config` leaves on, in turns by time, sharing
/// `perimeter`; none when every one is off. Each runs first for [`FIRST_TURN`], in the
/// order below; then greedy best-first search (`greedy-search`, share 1) runs alone until
/// it has had two seconds (it solves small levels fastest); then they share the time:
/// feature-space search with the hotspot advisors and without `best-line`
/// (`fess-hotspots`, share 2, unless `hotspots` already puts them in every FESS; with
/// `targeted`, in turns with a pull search aimed at its best board), feature-space search
/// following the backward plan (`fess-plan`, share 3; with `plan` off, one without
/// `best-line` instead, unless that is off too, when it would repeat the first thread's),
/// and the greedy pull search (`pull-search`, share 1).
fn helper(
    problem: Problem,
    config: &Config,
    interrupt: &Interrupt,
    perimeter: &Arc<Perimeter>,
) -> Option<Portfolio> {
    let on = |t| config.techniques.on(t);
    let member = |config: &Config, method| {
        member(problem.clone(), config, method, NoTrace, interrupt, perimeter)
    };
    let mut members = Vec::new();
    if on(Technique::GreedySearch) {
        members.push((GREEDY, member(config, Method::Greedy), 1));
    }
    // The plan's FESS is one member of its own; the others go by the packing order.
    let mut plain = *config;
    plain.techniques.set(Technique::BestLine, false);
    plain.techniques.set(Technique::Plan, false);
    if on(Technique::FessHotspots) && !on(Technique::Hotspots) {
        let mut hot = plain;
        hot.techniques.set(Technique::Hotspots, true);
        if on(Technique::Targeted) && on(Technique::Meeting) {
            let name = "feature-space search, hotspot advisors, its best board targeted";
            let search = targeted(problem.clone(), &hot, NoTrace, interrupt, perimeter);
            members.push((name, search, 2));
        } else {
            let name = "feature-space search, hotspot advisors";
            members.push((name, member(&hot, Method::Fess), 2));
        }
    }
    if on(Technique::FessPlan) {
        if on(Technique::Plan) {
            let name = "feature-space search, backward plan";
            members.push((name, member(config, Method::Fess), 3));
        } else if on(Technique::BestLine) {
            let name = "feature-space search, no best line";
            members.push((name, member(&plain, Method::Fess), 3));
        }
    }
    if on(Technique::PullSearch) {
        members.push((PULL, member(config, Method::Pull), 1));
    }
    if members.is_empty() {
        return None;
    }
    let head_start = if on(Technique::GreedySearch) { GREEDY_HEAD_START } else { Duration::ZERO };
    Some(Portfolio::timed(members, FIRST_TURN, head_start))
}

/// Drives `search` to an outcome within `limits` (the thread's own), stopping when
/// `interrupt` is raised or `halt` says so. Steps are sized to take at most about
/// [`STEP_TIME`] each (up to [`CHUNK`] expansions), so that the memory limit and the
/// progress reports keep pace on boards where one expansion is slow.
fn drive(
    level: &Level,
    search: &mut dyn Search,
    watch: &Watch,
    limits: &Limits,
    interrupt: &Interrupt,
    halt: &dyn Fn() -> bool,
    progress: &mut dyn FnMut(&Stats),
) -> Outcome {
    let mut peak = search.memory();
    let mut last_report = Instant::now();
    let mut chunk = CHUNK;
    interrupt.hold(peak);
    loop {
        if halt() || interrupt.raised() {
            return watch.stopped(limits, interrupt, search.stats(), peak);
        }
        let began = Instant::now();
        let step = search.step(chunk);
        let took = began.elapsed();
        if took > STEP_TIME {
            chunk = (chunk / 2).max(1);
        } else if took < STEP_TIME / 4 {
            chunk = (chunk * 2).min(CHUNK);
        }
        let memory = search.memory();
        interrupt.hold(memory);
        peak = peak.max(memory);
        let mut stats = search.stats().clone();
        stats.elapsed = watch.start.elapsed();
        stats.peak_memory = peak;
        if interrupt.raised() {
            return watch.stopped(limits, interrupt, &stats, peak);
        }
        match step {
            Progress::Solved(id) => return finish(level, search, id, stats),
            Progress::Exhausted { complete: true } => return Outcome::Unsolvable(stats),
            Progress::Exhausted { complete: false } => {
                return Outcome::Stopped(StopReason::DepthLimit, stats);
            }
            Progress::NotFound => return Outcome::Stopped(StopReason::NotFound, stats),
            Progress::Running => {}
        }
        if watch.out_of_time()
            || limits.nodes.is_some_and(|n| stats.expanded >= n)
            || limits.memory_bytes.is_some_and(|m| peak >= m)
        {
            return watch.stopped(limits, interrupt, &stats, peak);
        }
        if last_report.elapsed() >= PROGRESS_EVERY {
            progress(&stats);
            last_report = Instant::now();
        }
    }
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
fn solution_to(level: &Level, search: &dyn Search, id: NodeId) -> Result<Solution, WrongSolution> {
    let mut pushes = search.pushes_to(id);
    pushes.extend(search.tail(id));
    let moves = crate::solver::model::walk::moves_for(level, &pushes)?;
    let check = replay(level, &moves);
    if let Some(err) = check.error {
        return Err(WrongSolution::Illegal(format!("{err:?}")));
    }
    if !check.solved {
        return Err(WrongSolution::NotSolved);
    }
    let found_by = search.strategies().into_iter().find(|s| s.running).map(|s| s.name);
    Ok(Solution { pushes: check.pushes, moves, optimal: search.optimal(), found_by })
}
