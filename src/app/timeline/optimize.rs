//! The timeline's optimiser run: the solution on the timeline shortened by moves or pushes
//! on a worker, with progress and cancel; the window saves a shorter one beside the level's
//! other solutions.

use crate::app::document::LevelKey;
use crate::app::inspector::text::plural;
use crate::app::worker::{Job, Waker};
use crate::level::metrics::Metrics;
use crate::level::{Level, Move};
use crate::solver::Limits;
use crate::solver::optimize::{Metric, OptimizeError, Optimized, Round, optimize};

/// Most memory one optimiser search may hold.
const MEMORY: usize = 1 << 30;

/// An optimiser running on the timeline's solution.
pub struct OptimizeRun {
    /// The key of the level and board the solution solves (the result belongs to it alone).
    pub key: LevelKey,
    /// What it shortens first.
    pub metric: Metric,
    job: Job<Round, Result<Optimized, OptimizeError>>,
}

impl OptimizeRun {
    /// Starts shortening `moves` of `start` by `metric`; `repaint` wakes the window.
    pub fn start(
        key: LevelKey,
        start: &Level,
        moves: &[Move],
        metric: Metric,
        repaint: Waker,
    ) -> Self {
        let (level, moves) = (start.clone(), moves.to_vec());
        let job = Job::spawn(repaint, move |r| {
            let limits = Limits { memory_bytes: Some(MEMORY), ..Limits::default() };
            let cancel = r.cancel;
            optimize(&level, &moves, metric, &limits, cancel, &mut |round| {
                r.progress(round.clone())
            })
        });
        OptimizeRun { key, metric, job }
    }

    /// Asks it to stop (it keeps the best solution found so far).
    pub fn cancel(&self) {
        self.job.cancel();
    }

    /// The result, once it has finished (`None` for ever if the work panicked: see
    /// [`OptimizeRun::failed`]).
    pub fn poll(&mut self) -> Option<Result<Optimized, OptimizeError>> {
        self.job.poll()
    }

    /// Whether the work ended without a result.
    pub fn failed(&self) -> bool {
        self.job.failed()
    }

    /// The progress line: the best counts so far, the vicinity searched, positions expanded.
    pub fn progress_line(&self) -> String {
        let stopping = if self.job.is_cancelling() { " (stopping…)" } else { "" };
        let secs = self.job.elapsed().as_secs_f64();
        match self.job.latest() {
            Some(r) => format!(
                "Optimising by {}{stopping}: best {}; searching: {}; {} expanded, {secs:.1} s",
                self.metric.name(),
                counts(&r.best),
                r.searching(),
                r.expanded
            ),
            None => format!("Optimising by {}{stopping}: {secs:.1} s", self.metric.name()),
        }
    }
}

/// "120 moves, 40 pushes".
pub fn counts(m: &Metrics) -> String {
    format!("{}, {}", plural(m.moves, "move", "moves"), plural(m.pushes, "push", "pushes"))
}
