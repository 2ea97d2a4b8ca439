//! The solving group: the solver runs on a worker thread with the default configuration,
//! reports its counters for the progress line, can be cancelled, and its solution is kept
//! to be replayed in play mode, watched on the timeline or saved into the level.

use std::time::Duration;

use crate::app::worker::Job;
use crate::level::{Level, Move};
use crate::solver::{Config, Limits, Outcome, Stats, solve_with_progress};

/// Most memory the solver may hold; it stops with `memory` past this.
const MEMORY: usize = 1 << 30;

/// The solver's run and its last solution.
#[derive(Default)]
pub struct SolverState {
    /// The solver running in the background.
    pub run: Option<SolveRun>,
    /// The last solution the solver found.
    pub found: Option<Found>,
}

impl SolverState {
    /// Starts solving `level` (index `index`); `repaint` wakes the window when it reports.
    pub fn start(&mut self, index: usize, level: &Level, repaint: impl Fn() + Send + 'static) {
        self.run = Some(SolveRun::start(index, level, repaint));
    }

    /// Once the run has finished: keeps its solution and gives the status line.
    pub fn poll(&mut self) -> Option<String> {
        let outcome = self.run.as_mut()?.poll()?;
        let run = self.run.take()?;
        if let Some(sol) = outcome.solution() {
            self.found = Some(Found {
                level: run.level,
                start: run.start,
                moves: sol.moves.clone(),
                pushes: sol.pushes,
                optimal: sol.optimal,
            });
        }
        Some(format!("Level {}: {}", run.level + 1, outcome_line(&outcome)))
    }

    /// The solution found for level `index` as it is now, if there is one.
    pub fn found_for(&self, index: usize, level: &Level) -> Option<&Found> {
        self.found.as_ref().filter(|f| f.level == index && f.start == *level)
    }
}

/// A solver run on one level of the collection.
pub struct SolveRun {
    /// Index of the level being solved.
    pub level: usize,
    /// The level as it was when the run started.
    pub start: Level,
    job: Job<Stats, Outcome>,
}

/// A solution found for one level, kept for replaying and saving.
#[derive(Clone, Debug)]
pub struct Found {
    /// Index of the level it solves.
    pub level: usize,
    /// The level it was found for (replays start here).
    pub start: Level,
    /// The moves.
    pub moves: Vec<Move>,
    /// Pushes among the moves.
    pub pushes: usize,
    /// Whether no solution has fewer pushes.
    pub optimal: bool,
}

impl SolveRun {
    /// Starts solving `level` (index `index`) in the background; `repaint` wakes the window.
    pub fn start(index: usize, level: &Level, repaint: impl Fn() + Send + 'static) -> Self {
        let start = level.clone();
        let work_level = level.clone();
        let job = Job::spawn(repaint, move |reporter| {
            let config = Config::default();
            let limits = Limits { memory_bytes: Some(MEMORY), ..Limits::default() };
            solve_with_progress(&work_level, &config, &limits, reporter.cancel, &mut |stats| {
                reporter.progress(stats.clone());
            })
        });
        SolveRun { level: index, start, job }
    }

    /// Asks the solver to stop.
    pub fn cancel(&self) {
        self.job.cancel();
    }

    /// The outcome, once the solver has finished.
    pub fn poll(&mut self) -> Option<Outcome> {
        self.job.poll()
    }

    /// The progress line: nodes expanded and generated, open and closed sizes, elapsed time.
    pub fn progress_line(&self) -> String {
        let elapsed = self.job.elapsed();
        let cancelling = if self.job.is_cancelling() { " (stopping…)" } else { "" };
        match self.job.latest() {
            Some(s) => format!(
                "Solving{cancelling}: {} expanded, {} generated, open {}, closed {}, {}",
                s.expanded,
                s.generated,
                s.open,
                s.closed,
                seconds(elapsed)
            ),
            None => format!("Solving{cancelling}: {}", seconds(elapsed)),
        }
    }
}

/// `1.2 s`.
pub fn seconds(d: Duration) -> String {
    format!("{:.1} s", d.as_secs_f64())
}

/// The status line for a finished run.
fn outcome_line(outcome: &Outcome) -> String {
    let counters = |s: &Stats| format!("{} expanded, {}", s.expanded, seconds(s.elapsed));
    match outcome {
        Outcome::Solved(sol, s) => format!(
            "Solved: {} moves, {} pushes{} ({}).",
            sol.moves.len(),
            sol.pushes,
            if sol.optimal { " (push-optimal)" } else { "" },
            counters(s)
        ),
        Outcome::Unsolvable(s) => format!("No solution exists ({}).", counters(s)),
        Outcome::Stopped(reason, s) => {
            format!("The solver stopped: {} ({}).", reason.status(), counters(s))
        }
        Outcome::Invalid(why) => format!("The level cannot be solved: {why}."),
    }
}
