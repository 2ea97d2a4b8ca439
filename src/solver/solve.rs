//! The front door: build the configured search, run it within the limits, and turn its
//! answer into a verified [`Outcome`].

use crate::level::Level;
use crate::solver::algo::portfolio::Portfolio;
use crate::solver::analysis::problem::Problem;
use crate::solver::config::{Config, Limits, Method, Textbook};
use crate::solver::methods::auto::Member;
use crate::solver::methods::{self, Form, Parts, Traced, auto};
use crate::solver::model::error::{Setup, Unsearchable};
use crate::solver::model::interrupt::Interrupt;
use crate::solver::model::table::NodeId;
use crate::solver::outcome::{Outcome, StopReason};
use crate::solver::search::perimeter::Perimeter;
use crate::solver::search::{NoTrace, Progress, Recorder, Search, Stats};
use crate::solver::solution::solution_of;
use crate::solver::textbook::Pushes;
use crate::solver::watch::Watch;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Most expansions between checks of the limits (fewer when expansions are slow).
const CHUNK: u64 = 64;

/// The longest a step of the driver should take.
const STEP_TIME: Duration = Duration::from_millis(100);

/// How long each member of `auto`'s second thread runs in its first turn (a member with a
/// longer head start runs that instead): long enough for a plan that is right to be
/// followed to the end on a small level.
const FIRST_TURN: Duration = Duration::from_millis(200);

/// How often progress is reported.
const PROGRESS_EVERY: Duration = Duration::from_millis(50);

/// Builds the search `config` asks for on `level`, traced by `observer` (see the method's
/// entry in [`crate::solver::METHODS`]; `auto` takes turns between the members of its
/// one-thread form).
pub fn build<O: Traced>(
    level: &Level,
    config: &Config,
    observer: O,
) -> Result<Box<dyn Search>, Unsearchable> {
    let search = build_interruptible(level, config, observer, &Interrupt::default())?;
    Ok(search.expect("nobody else holds a fresh interrupt"))
}

/// [`build`], each phase of the analysis stopping once `interrupt` is raised (then `None`).
/// The search keeps `interrupt` as its own stop flag.
pub fn build_interruptible<O: Traced>(
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
fn build_with<O: Traced>(
    level: &Level,
    config: &Config,
    observer: O,
    interrupt: &Interrupt,
) -> Result<Box<dyn Search>, Setup> {
    let problem = Problem::build(level, interrupt)?;
    let perimeter = Arc::new(Perimeter::new(&problem));
    let parts = Parts::new(problem, config, interrupt, &perimeter);
    let search = methods::build(config.method, parts, observer);
    interrupt.check()?;
    Ok(search)
}

/// `level`'s pushes as a textbook problem, judged and bounded as `config` says (the lab
/// runs the textbook's searches on it directly).
pub fn pushes(level: &Level, config: &Config) -> Result<Pushes, Unsearchable> {
    let problem = Problem::new(level)?;
    let perimeter = Arc::new(Perimeter::new(&problem));
    let interrupt = Interrupt::default();
    let mut parts = Parts::new(problem, config, &interrupt, &perimeter);
    parts.policy = Method::Textbook(Textbook::Bfs).info().policy;
    Ok(Pushes { expander: parts.expander() })
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
    if config.method == Method::Auto && config.threads > 1 {
        return solve_in_parallel(level, config, &watch, progress);
    }
    one_thread(level, config, &watch, NoTrace, &mut Report::Progress(progress))
}

/// [`solve`] one expansion at a time on one thread, calling `each` after every expansion
/// with the search (its [`Search::current`] node and [`Search::children`] with their
/// verdicts): for a trace of the whole search. The limits hold as in [`solve`].
pub fn solve_traced(
    level: &Level,
    config: &Config,
    limits: &Limits,
    cancel: &AtomicBool,
    each: &mut dyn FnMut(&dyn Search),
) -> Outcome {
    let watch = Watch { limits, cancel, start: Instant::now() };
    let config = Config { threads: 1, ..config.clone() };
    one_thread(level, &config, &watch, Recorder::default(), &mut Report::Each(each))
}

/// [`solve`] on one thread with `observer` in the search (the inspector's tracer records
/// the history and the tree of the first expansions). The limits hold as in [`solve`].
pub fn solve_observed<O: Traced>(
    level: &Level,
    config: &Config,
    limits: &Limits,
    cancel: &AtomicBool,
    observer: O,
) -> Outcome {
    let watch = Watch { limits, cancel, start: Instant::now() };
    let config = Config { threads: 1, ..config.clone() };
    one_thread(level, &config, &watch, observer, &mut Report::Progress(&mut |_| {}))
}

/// The search `config` asks for on `level`, traced by `observer`, driven on this thread
/// under `watch`'s limits, reporting to `report`.
fn one_thread<O: Traced>(
    level: &Level,
    config: &Config,
    watch: &Watch,
    observer: O,
    report: &mut Report<'_>,
) -> Outcome {
    let limits = watch.limits;
    let interrupt = Interrupt::new(limits.memory_bytes);
    watch.guard(std::slice::from_ref(&interrupt), &|| false, || {
        let mut search = match build_with(level, config, observer, &interrupt) {
            Ok(s) => s,
            Err(Setup::Unsearchable(why)) => return Outcome::Invalid(why),
            Err(Setup::Interrupted) => {
                return watch.stopped(limits, &interrupt, &Stats::default(), 0);
            }
        };
        drive(level, search.as_mut(), watch, limits, &interrupt, &|| false, report)
    })
}

/// What [`drive`] reports as it goes.
enum Report<'a> {
    /// The counters, about every [`PROGRESS_EVERY`].
    Progress(&'a mut dyn FnMut(&Stats)),
    /// The search after every expansion (it steps one at a time).
    Each(&'a mut dyn FnMut(&dyn Search)),
}

/// `Auto` on `config.threads` threads, every search sharing one perimeter. On this one
/// (reporting progress): feature-space search by the packing order, without the blocker
/// and explorer advisors (technique `fess-order`). The members of the second form are
/// spread over the other threads ([`spread`]), each thread's in turns by time
/// ([`helper`]); more threads than members are left unused. The first to solve the level,
/// or to prove it unsolvable, stops the others. Each thread gets an equal share of the
/// memory limit. A strategy switched off leaves its thread or its share to the others.
fn solve_in_parallel(
    level: &Level,
    config: &Config,
    watch: &Watch,
    progress: &mut dyn FnMut(&Stats),
) -> Outcome {
    let groups = spread(auto::members(config, Form::Second), config.threads - 1);
    let threads = groups.len() + 1;
    let memory = watch.limits.memory_bytes.map(|m| m / threads);
    let share = Limits { memory_bytes: memory, ..*watch.limits };
    let interrupts: Vec<Interrupt> = (0..threads).map(|_| Interrupt::new(memory)).collect();
    let stop = AtomicBool::new(false);
    let halt = || stop.load(Ordering::Relaxed);
    let decisive = |o: &Outcome| matches!(o, Outcome::Solved(..) | Outcome::Unsolvable(_));
    let (first, others) = watch.guard(&interrupts, &halt, || {
        let problem = match Problem::build(level, &interrupts[0]) {
            Ok(p) => p,
            Err(Setup::Unsearchable(why)) => return (Some(Outcome::Invalid(why)), Vec::new()),
            Err(Setup::Interrupted) => {
                let stopped = watch.stopped(&share, &interrupts[0], &Stats::default(), 0);
                return (Some(stopped), Vec::new());
            }
        };
        let perimeter = Arc::new(Perimeter::new(&problem));
        std::thread::scope(|scope| {
            let helpers: Vec<_> = groups
                .iter()
                .zip(&interrupts[1..])
                .map(|(members, interrupt)| {
                    let (other, stop, halt, shared) = (problem.clone(), &stop, &halt, &perimeter);
                    let share = &share;
                    scope.spawn(move || {
                        let mut search = helper(other, config, members, interrupt, shared);
                        let quiet = &mut Report::Progress(&mut |_| {});
                        let outcome =
                            drive(level, &mut search, watch, share, interrupt, halt, quiet);
                        if decisive(&outcome) {
                            stop.store(true, Ordering::Relaxed);
                        }
                        outcome
                    })
                })
                .collect();
            let interrupt = &interrupts[0];
            let first = auto::members(config, Form::First).into_iter().next();
            let outcome = first.map(|m| {
                let parts = Parts::new(problem, config, interrupt, &perimeter);
                let mut search = methods::auto_member(&m, parts, NoTrace);
                let mut outcome = drive(
                    level,
                    search.as_mut(),
                    watch,
                    &share,
                    interrupt,
                    &halt,
                    &mut Report::Progress(progress),
                );
                if let Outcome::Solved(solution, _) = &mut outcome {
                    solution.found_by = Some(m.name);
                }
                if decisive(&outcome) {
                    stop.store(true, Ordering::Relaxed);
                }
                outcome
            });
            let others = helpers
                .into_iter()
                .map(|h| h.join().expect("a helper search does not panic"))
                .collect();
            (outcome, others)
        })
    });
    let mut stopped: Option<Outcome> = None;
    for outcome in first.into_iter().chain(others) {
        match (outcome, &mut stopped) {
            (o @ (Outcome::Solved(..) | Outcome::Unsolvable(_)), _) => return o,
            // All stopped: report the first thread's reason, with the memory all held and
            // the time until all stopped.
            (Outcome::Stopped(_, other), Some(Outcome::Stopped(_, stats))) => {
                stats.peak_memory += other.peak_memory;
                stats.elapsed = stats.elapsed.max(other.elapsed);
            }
            (o, None) => stopped = Some(o),
            (_, Some(_)) => {}
        }
    }
    stopped.unwrap_or(Outcome::Stopped(StopReason::NotFound, Stats::default()))
}

/// `members` spread over at most `threads` threads (at most one a member), in the
/// recipe's order by turns: member `i` on thread `i mod n`, each keeping its turns.
fn spread(members: Vec<Member>, threads: usize) -> Vec<Vec<Member>> {
    let n = threads.min(members.len());
    let mut groups = vec![Vec::new(); n];
    for (i, m) in members.into_iter().enumerate() {
        groups[i % n].push(m);
    }
    groups
}

/// A helper thread's search: `members` in turns by time, sharing `perimeter`. Each runs
/// first for [`FIRST_TURN`], or for its head start when it has one, in the recipe's
/// order; then they share the time by their shares.
fn helper(
    problem: Problem,
    config: &Config,
    members: &[Member],
    interrupt: &Interrupt,
    perimeter: &Arc<Perimeter>,
) -> Portfolio {
    let members = members
        .iter()
        .map(|m| {
            let parts = Parts::new(problem.clone(), config, interrupt, perimeter);
            (m.name, methods::auto_member(m, parts, NoTrace), m.turns)
        })
        .collect();
    Portfolio::timed(members, FIRST_TURN)
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
    report: &mut Report<'_>,
) -> Outcome {
    let mut peak = search.memory();
    let mut last_report = Instant::now();
    let each = matches!(report, Report::Each(_));
    let mut chunk = if each { 1 } else { CHUNK };
    // A depth-first search expands its root as it is built.
    if let Report::Each(f) = report
        && search.stats().expanded > 0
    {
        f(search);
    }
    interrupt.hold(peak);
    loop {
        if halt() || interrupt.raised() {
            return watch.stopped(limits, interrupt, search.stats(), peak);
        }
        let (began, expanded) = (Instant::now(), search.stats().expanded);
        let step = search.step(chunk);
        let took = began.elapsed();
        if each {
            if let Report::Each(f) = report
                && search.stats().expanded > expanded
            {
                f(search);
            }
        } else if took > STEP_TIME {
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
        if let Report::Progress(progress) = report
            && last_report.elapsed() >= PROGRESS_EVERY
        {
            progress(&stats);
            last_report = Instant::now();
        }
    }
}

/// The verified solution ending at node `id` of `search`, or the error of a line that
/// does not replay.
fn finish(level: &Level, search: &dyn Search, id: NodeId, stats: Stats) -> Outcome {
    match solution_of(level, search, id) {
        Ok(solution) => Outcome::Solved(solution, stats),
        Err(wrong) => Outcome::Failed(wrong),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_that_does_not_replay_is_an_internal_error_said_so_not_a_panic() {
        let level = Level::from_rows(&["#####", "#@$.#", "#####"]).unwrap();
        let mut search = build(&level, &Config::with_method(Method::Bfs), NoTrace).unwrap();
        let Progress::Solved(id) = search.step(100) else { panic!("BFS solves it") };
        assert!(matches!(
            finish(&level, search.as_ref(), id, Stats::default()),
            Outcome::Solved(..)
        ));
        // The same line on a level where its push cannot be made.
        let other = Level::from_rows(&["######", "#@ $.#", "######"]).unwrap();
        let outcome = finish(&other, search.as_ref(), id, Stats::default());
        assert!(matches!(outcome, Outcome::Failed(_)), "{outcome:?}");
        assert_eq!(outcome.status(), "error");
        let message = outcome.message().unwrap();
        assert!(message.starts_with("internal error: the search's line does not replay"));
        assert!(message.ends_with("please report it"), "{message}");
    }

    #[test]
    fn spread_deals_the_members_out_in_turn_and_leaves_no_thread_idle() {
        let members = auto::members(&Config::default(), Form::Second);
        let names = |threads| -> Vec<Vec<&str>> {
            spread(members.clone(), threads)
                .iter()
                .map(|g| g.iter().map(|m| m.name).collect())
                .collect()
        };
        let all: Vec<&str> = members.iter().map(|m| m.name).collect();
        assert_eq!(names(1), [all.clone()].as_slice(), "one helper thread runs every member");
        assert_eq!(names(2), [vec![all[0], all[2]], vec![all[1], all[3]]]);
        assert_eq!(names(9), all.iter().map(|&n| vec![n]).collect::<Vec<_>>());
        assert!(spread(Vec::new(), 3).is_empty(), "no members, no helper threads");
    }
}
