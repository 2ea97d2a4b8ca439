//! The inspector's deadlock coverage: every position of the level within some pushes of its
//! start, decided by the oracle and judged by each detector, on a worker with progress and
//! Stop; the result is kept with the key of the level and board it covered and shown only
//! while that board is. A missed dead set selected puts its first position on the board.

use std::path::PathBuf;
use std::time::Duration;

use crate::app::document::LevelKey;
use crate::app::oracle::save_false_claim;
use crate::app::worker::{Job, Waker};
use crate::level::{Level, Pos};
use crate::solver::oracle::{self, Coverage, Missed, Spread};
use crate::solver::{Limits, Unsearchable};

/// The longest a coverage run of the window may take.
pub const TIME_LIMIT: Duration = Duration::from_secs(600);

/// Positions between two progress reports.
const REPORT_EVERY: usize = 500;

/// What a coverage run ends with.
type Covered = Result<Coverage, Unsearchable>;

/// Where each live position a rule called dead was saved for a test (or why it could not
/// be).
type Saved = Vec<Result<PathBuf, String>>;

/// A run: the key of the level it covers, and its worker (progress: positions done, of how
/// many).
type Running = (LevelKey, Job<(usize, usize), (Covered, Saved)>);

/// A coverage run, its last result and the missed dead set selected.
pub struct CoverageView {
    /// Pushes from the start the run covers.
    pub pushes: u32,
    running: Option<Running>,
    /// The last result, with the key of the level and board it covered.
    pub result: Option<(LevelKey, Covered)>,
    /// The missed dead set selected: its index in the result's `missed`.
    pub selected: Option<usize>,
    /// Where the result's false claims were saved.
    pub saved: Saved,
}

impl Default for CoverageView {
    fn default() -> Self {
        CoverageView {
            pushes: 1000,
            running: None,
            result: None,
            selected: None,
            saved: Vec::new(),
        }
    }
}

impl CoverageView {
    /// Starts a coverage of `level` (whose key is `key`) on a worker that `repaint` wakes the
    /// window from; what to tell the user.
    pub fn start(&mut self, key: LevelKey, level: &Level, repaint: Waker) -> String {
        let (level, pushes) = (level.clone(), self.pushes);
        let job = Job::spawn(repaint, move |r| {
            let limits = Limits {
                time: Some(TIME_LIMIT),
                nodes: None,
                memory_bytes: Some(Limits::DEFAULT_MEMORY_MIB << 20),
            };
            let cancel = r.cancel;
            let mut report = |done: usize, total: usize| {
                if done.is_multiple_of(REPORT_EVERY) || done == total {
                    r.progress((done, total));
                }
            };
            let spread = Spread::Pushes(pushes);
            let covered =
                oracle::coverage(&level, spread, oracle::BUDGET, &limits, cancel, &mut report);
            let claims = covered.as_ref().map(|c| &c.false_claims[..]).unwrap_or_default();
            let saved = claims.iter().map(|f| save_false_claim(&f.position, f.detector)).collect();
            (covered, saved)
        });
        self.running = Some((key, job));
        self.selected = None;
        format!("Covering every position within {pushes} pushes of the start…")
    }

    /// Stops the run; what to tell the user.
    pub fn stop(&mut self) -> String {
        match self.running.take() {
            Some((_, job)) => {
                job.cancel();
                "Stopped the coverage.".into()
            }
            None => String::new(),
        }
    }

    /// The result once the worker has it: what to tell the user.
    pub fn poll(&mut self) -> Option<String> {
        let (key, job) = self.running.as_mut()?;
        let key = *key;
        let Some((result, saved)) = job.poll() else {
            if job.failed() {
                self.running = None;
                return Some("The coverage failed (an internal error); please report it.".into());
            }
            return None;
        };
        self.running = None;
        let text = match &result {
            Ok(c) => format!(
                "Coverage: {} positions{}, {} dead; no rule caught {}.",
                c.positions,
                if c.complete { "" } else { " (incomplete)" },
                c.dead,
                c.missed.iter().map(|m| m.count).sum::<usize>()
            ),
            Err(e) => format!("The coverage cannot run on this level: {e}."),
        };
        self.result = Some((key, result));
        self.saved = saved;
        Some(text)
    }

    /// Whether a run is going, and its progress (positions done, of how many).
    pub fn progress(&self) -> Option<Option<(usize, usize)>> {
        self.running.as_ref().map(|(_, job)| job.latest().copied())
    }

    /// The result for the level and board `key`, if the last run covered them.
    pub fn of(&self, key: Option<LevelKey>) -> Option<&Covered> {
        self.result.as_ref().filter(|(k, _)| Some(*k) == key).map(|(_, r)| r)
    }

    /// The missed dead set selected, for the level and board `key`.
    pub fn selected(&self, key: Option<LevelKey>) -> Option<&Missed> {
        let Ok(c) = self.of(key)? else { return None };
        c.missed.get(self.selected?)
    }

    /// The board the selection puts on the board, and its dead set.
    pub fn example(&self, key: Option<LevelKey>) -> Option<(&Level, &[Pos])> {
        self.selected(key).map(|m| (&m.example, m.dead_set.as_slice()))
    }
}
