//! A search being built on a worker thread. Building analyses the level (dead squares,
//! distances, the packing plan, a backward search for FESS), which takes seconds on a big
//! board; the window keeps drawing meanwhile, and the user can cancel.
//!
//! Going back to an earlier expansion is a build too for a search that keeps no marks (and
//! when dead sets were added to its patterns part way): the search is deterministic, so
//! the worker builds it afresh and re-runs it to that expansion (the search shown stays
//! until the new one is ready). A search that keeps marks goes back in place instead, by a
//! [`Run::Back`] of its worker.

use crate::app::worker::Waker;
use std::time::Duration;

use crate::app::document::LevelKey;
use crate::app::inspector::adopted::AdoptedSets;
use crate::app::inspector::session::{Run, Session};
use crate::app::worker::Job;
use crate::level::Level;
use crate::solver::{Config, Interrupt, Unsearchable};

/// What the worker hands back: the session, `None` when cancelled, or why the level
/// cannot be searched.
pub type Built = Result<Option<Session>, Unsearchable>;

/// A step or run asked for while the search is being built.
#[derive(Clone, Debug, PartialEq)]
pub enum Asked {
    /// One expansion.
    Step,
    /// A run on the worker.
    Run(Run),
}

/// How a search gets to an expansion asked for.
pub enum Going {
    /// It is there.
    Stay,
    /// By this run of its worker: forward, or back by its marks.
    Run(Run),
    /// Back, by this re-run from the start.
    Back(Building),
}

/// How `session` gets to expansion `to`: forward by a run; back by its marks, or by a
/// re-run from the start (given the dead sets added on its board, `sets`).
pub fn going(session: &Session, to: u64, sets: &AdoptedSets, repaint: Waker) -> Going {
    let expanded = session.with_trace(|t| t.steps.len() as u64);
    if to > expanded {
        return Going::Run(Run::Steps(to - expanded));
    }
    if to == expanded || session.is_running() {
        return Going::Stay;
    }
    if session.rewinds() && !sets.any_on(session.key) {
        return Going::Run(Run::Back(to));
    }
    let (key, level, config) = (session.key, session.level.clone(), session.config.clone());
    Going::Back(Building::rewind(key, &level, config, sets.clone(), to, repaint))
}

/// A search under construction.
pub struct Building {
    /// The key of the level being analysed.
    pub key: LevelKey,
    /// What the user asked for meanwhile, carried out once it is built.
    pub then: Option<Asked>,
    /// The expansion it re-runs the search to, when it goes back to one.
    pub to: Option<u64>,
    interrupt: Interrupt,
    /// Reports the expansions re-run so far.
    job: Job<u64, Built>,
    /// Whether the result was handed over (its search keeps `interrupt` as its stop flag).
    done: bool,
}

impl Building {
    /// Starts building the search `config` asks for on `level` (whose key is `key`).
    pub fn start(key: LevelKey, level: &Level, config: Config, repaint: Waker) -> Self {
        let interrupt = Interrupt::default();
        let (work, stop) = (level.clone(), interrupt.clone());
        let job = Job::spawn(repaint, move |_| Session::new(key, &work, config, &stop));
        Building { key, then: None, to: None, interrupt, job, done: false }
    }

    /// Builds the search `config` asks for on `level` afresh, gives it the dead sets added
    /// on its board (`sets`), and re-runs it to expansion `to` (or to its end, if sooner).
    pub fn rewind(
        key: LevelKey,
        level: &Level,
        config: Config,
        sets: AdoptedSets,
        to: u64,
        repaint: Waker,
    ) -> Self {
        let interrupt = Interrupt::default();
        let (work, stop) = (level.clone(), interrupt.clone());
        let job = Job::spawn(repaint, move |report| {
            let Some(mut session) = Session::new(key, &work, config, &stop)? else {
                return Ok(None);
            };
            sets.apply(&session);
            session.advance(to, &stop, |done| report.progress(done));
            Ok((!stop.raised()).then_some(session))
        });
        Building { key, then: None, to: Some(to), interrupt, job, done: false }
    }

    /// The expansions re-run so far, when going back to one.
    pub fn rerun(&self) -> Option<u64> {
        self.to.map(|_| self.job.latest().copied().unwrap_or(0))
    }

    /// The result, if the worker has finished.
    pub fn poll(&mut self) -> Option<Built> {
        let built = self.job.poll();
        self.done |= built.is_some();
        built
    }

    /// The result, waiting for it at most `up_to`.
    pub fn wait(&mut self, up_to: Duration) -> Option<Built> {
        let built = self.job.wait(up_to);
        self.done |= built.is_some();
        built
    }

    /// How long it has been building.
    pub fn elapsed(&self) -> Duration {
        self.job.elapsed()
    }
}

impl Drop for Building {
    /// A build no longer wanted stops in whatever phase it is.
    fn drop(&mut self) {
        if !self.done {
            self.interrupt.raise();
        }
    }
}
