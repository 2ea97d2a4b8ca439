//! The watchdog of a solve: a thread that raises the search's [`Interrupt`] when the time
//! is up or the caller cancels, so that every limit holds in every phase.

use crate::solver::config::Limits;
use crate::solver::model::interrupt::Interrupt;
use crate::solver::outcome::{Outcome, StopReason};
use crate::solver::search::Stats;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How often the watchdog looks at the clock and the cancel flag.
const WATCH_EVERY: Duration = Duration::from_millis(5);

/// What a solve is watched for: its limits, the caller's cancel flag and its start.
pub(crate) struct Watch<'a> {
    /// The limits of the whole solve.
    pub limits: &'a Limits,
    /// Set by the caller to stop.
    pub cancel: &'a AtomicBool,
    /// When the solve began.
    pub start: Instant,
}

impl Watch<'_> {
    /// Runs `work` while a watchdog thread raises every one of `interrupts` when the time
    /// is up, the caller cancels, or `halt` says so.
    pub fn guard<T>(
        &self,
        interrupts: &[Interrupt],
        halt: &(dyn Fn() -> bool + Sync),
        work: impl FnOnce() -> T,
    ) -> T {
        let finished = AtomicBool::new(false);
        std::thread::scope(|scope| {
            scope.spawn(|| {
                while !finished.load(Ordering::Relaxed) {
                    if self.cancelled() || self.out_of_time() || halt() {
                        interrupts.iter().for_each(Interrupt::raise);
                        break;
                    }
                    std::thread::sleep(WATCH_EVERY);
                }
            });
            let result = work();
            finished.store(true, Ordering::Relaxed);
            result
        })
    }

    /// Whether the caller cancelled.
    pub fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// Whether the time limit has passed.
    pub fn out_of_time(&self) -> bool {
        self.limits.time.is_some_and(|t| self.start.elapsed() >= t)
    }

    /// The outcome of work stopped by `interrupt` or a limit: the counters `stats` with
    /// the time spent and `peak` bytes, and the reason (`limits` are the thread's own; a
    /// thread halted because the other one finished counts as cancelled).
    pub fn stopped(
        &self,
        limits: &Limits,
        interrupt: &Interrupt,
        stats: &Stats,
        peak: usize,
    ) -> Outcome {
        let mut stats = stats.clone();
        stats.elapsed = self.start.elapsed();
        stats.peak_memory = peak;
        Outcome::Stopped(self.reason(limits, interrupt, stats.expanded, peak), stats)
    }

    /// Why work that expanded `expanded` nodes and held `peak` bytes stopped.
    pub fn reason(
        &self,
        limits: &Limits,
        interrupt: &Interrupt,
        expanded: u64,
        peak: usize,
    ) -> StopReason {
        if self.cancelled() {
            StopReason::Cancelled
        } else if self.out_of_time() {
            StopReason::Time
        } else if limits.nodes.is_some_and(|n| expanded >= n) {
            StopReason::Nodes
        } else if interrupt.over_memory() || limits.memory_bytes.is_some_and(|m| peak >= m) {
            StopReason::Memory
        } else {
            StopReason::Cancelled
        }
    }
}
