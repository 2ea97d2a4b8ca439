//! One search being inspected: the search itself behind a mutex, the trace its observer
//! writes, and a worker thread that steps it while the user lets it run.
//!
//! The window never steps for long on its own thread: a single Step runs there, anything
//! more runs on the worker, which takes the search's lock for about a millisecond at a time
//! and lets the window in between (the window announces that it waits, and the worker
//! yields until it has had its turn), so a frame waits at most one such slice.

use crate::app::worker::Waker;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::app::document::LevelKey;
use crate::level::Level;
use crate::solver::inspect::breakpoint::{Break, Fired, Watch};
use crate::solver::inspect::trace::{self, Trace, Tracer};
use crate::solver::{Config, Interrupt, Progress, Search, Unsearchable, build_interruptible};

/// Least memory an inspected search may hold before the worker stops it (all of it where
/// the machine does not say how much it has).
const MEMORY_FLOOR: usize = 3 << 30;

/// Most memory an inspected search may hold before the worker stops it: half the machine's memory
/// (a BFS of ten million expansions held 2.75 GB in `cargo bench --bench rewind`), at least
/// [`MEMORY_FLOOR`].
fn memory_limit() -> usize {
    physical_memory().map_or(MEMORY_FLOOR, |m| (m / 2).max(MEMORY_FLOOR))
}

/// The machine's memory, in bytes, where it says.
fn physical_memory() -> Option<usize> {
    #[cfg(unix)]
    {
        // SAFETY: sysconf reads a system value and has no preconditions.
        let (pages, size) =
            unsafe { (libc::sysconf(libc::_SC_PHYS_PAGES), libc::sysconf(libc::_SC_PAGESIZE)) };
        (pages > 0 && size > 0).then(|| (pages as usize).saturating_mul(size as usize))
    }
    #[cfg(not(unix))]
    None
}

/// How long the worker holds the search's lock at a time.
const SLICE: Duration = Duration::from_millis(1);

/// How the worker runs.
#[derive(Clone, Debug, PartialEq)]
pub enum Run {
    /// This many expansions, then pause.
    Steps(u64),
    /// About this many expansions per second until paused or finished.
    Rate(f64),
    /// As fast as possible until a solution is found or the space is exhausted.
    Full,
    /// As fast as possible until one of these breakpoints fires (or the search ends).
    Until(Vec<Break>),
    /// Back to this expansion: the search put back at its last mark before it and re-run
    /// from there (only for a search that keeps marks, see [`Session::rewinds`]).
    Back(u64),
}

/// A search re-run to an earlier expansion of the one it replaces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WentBack {
    /// The expansion it was re-run to.
    pub to: u64,
    /// The first expansion at which the re-run differs from the run it replaces, if it
    /// does (a dead set added to the patterns part way prunes from the start in the re-run).
    pub differs: Option<u64>,
}

/// How a worker's run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ended {
    /// Paused (asked to, or its step count reached).
    Paused,
    /// A breakpoint fired after this expansion.
    Break(u64, Fired),
    /// The search finished.
    Finished(Progress),
    /// The search holds more memory than the inspector allows.
    MemoryFull,
}

struct Worker {
    stop: Arc<AtomicBool>,
    handle: JoinHandle<Ended>,
}

/// The search shared between the window and the worker.
type Shared = Arc<Mutex<Box<dyn Search>>>;

/// A search under inspection.
pub struct Session {
    search: Shared,
    trace: Arc<Mutex<Trace>>,
    waiting: Arc<AtomicUsize>,
    worker: Option<Worker>,
    progress: Progress,
    memory_full: bool,
    fired: Option<(u64, Fired)>,
    went_back: Option<WentBack>,
    /// Whether the search keeps marks to go back to.
    rewinds: bool,
    /// The key of the level and board searched.
    pub key: LevelKey,
    /// The level searched.
    pub level: Level,
    /// The configuration searched with.
    pub config: Config,
}

impl Session {
    /// Builds the search `config` asks for on `level`, traced, with nothing expanded yet
    /// (the analysis and a plan done); `None` when `interrupt` was raised meanwhile.
    pub fn new(
        key: LevelKey,
        level: &Level,
        config: Config,
        interrupt: &Interrupt,
    ) -> Result<Option<Self>, Unsearchable> {
        let tracer = Tracer::new();
        let trace = tracer.trace();
        let Some(mut search) = build_interruptible(level, &config, tracer, interrupt)? else {
            return Ok(None);
        };
        let rewinds = search.keep_marks();
        let mut session = Session {
            search: Arc::new(Mutex::new(search)),
            trace,
            waiting: Arc::new(AtomicUsize::new(0)),
            worker: None,
            progress: Progress::Running,
            memory_full: false,
            fired: None,
            went_back: None,
            rewinds,
            key,
            level: level.clone(),
            config,
        };
        // A search that is solved or dead at the start says so without expanding.
        let progress = session.search().step(0);
        session.progress = progress;
        Ok((!interrupt.raised()).then_some(session))
    }

    /// Whether node ids are reused (depth-first searches store only the current path).
    pub fn depth_first(&self) -> bool {
        self.config.method.depth_first()
    }

    /// The search, locked for the window (waiting at most one worker slice).
    pub fn search(&self) -> MutexGuard<'_, Box<dyn Search>> {
        self.waiting.fetch_add(1, Ordering::SeqCst);
        let guard = self.search.lock().unwrap_or_else(|e| e.into_inner());
        self.waiting.fetch_sub(1, Ordering::SeqCst);
        guard
    }

    /// Reads the trace. The worker writes it while holding the search's lock, so `f` must
    /// not lock the search (that order could deadlock).
    pub fn with_trace<R>(&self, f: impl FnOnce(&Trace) -> R) -> R {
        f(&trace::lock(&self.trace))
    }

    /// How the search stands: running, solved or exhausted.
    pub fn progress(&self) -> Progress {
        self.progress
    }

    /// Whether the worker stopped the search for holding too much memory.
    pub fn memory_full(&self) -> bool {
        self.memory_full
    }

    /// The breakpoint that stopped the last run, after which expansion, and what it said.
    pub fn fired(&self) -> Option<&(u64, Fired)> {
        self.fired.as_ref()
    }

    /// Marks the search as the re-run of another to expansion `to`, which differs from it
    /// from expansion `differs` on, if it does.
    pub fn went_back(&mut self, to: u64, differs: Option<u64>) {
        self.went_back = Some(WentBack { to, differs });
    }

    /// Whether the search was re-run to an earlier expansion (and not stepped since).
    pub fn was_rewound(&self) -> Option<WentBack> {
        self.went_back
    }

    /// Whether the search goes back in place, by its marks ([`Run::Back`]), rather than by
    /// a re-run from the start.
    pub fn rewinds(&self) -> bool {
        self.rewinds
    }

    /// The expansion the worker is taking the search back to, while it does.
    pub fn going_back(&self) -> Option<u64> {
        self.went_back.map(|w| w.to).filter(|_| self.is_running())
    }

    /// Puts the search back at expansion `to` on the calling thread (a worker's), by its
    /// marks; false when it keeps none.
    pub fn go_back(&mut self, to: u64, interrupt: &Interrupt) -> bool {
        let at = self.search.lock().unwrap_or_else(|e| e.into_inner()).rewind(to);
        if at.is_none() {
            return false;
        }
        (self.progress, self.memory_full, self.fired) = (Progress::Running, false, None);
        self.went_back = Some(WentBack { to, differs: None });
        self.advance(to, interrupt, |_| {});
        true
    }

    /// Whether the worker is running.
    pub fn is_running(&self) -> bool {
        self.worker.is_some()
    }

    /// Whether the search can go on.
    pub fn can_step(&self) -> bool {
        self.progress == Progress::Running && !self.memory_full
    }

    /// One expansion, on the calling thread.
    pub fn step_once(&mut self) {
        if self.can_step() && !self.is_running() {
            (self.fired, self.went_back) = (None, None);
            let progress = self.search().step(1);
            self.progress = progress;
        }
    }

    /// Expands on the calling thread (a worker's) until `to` expansions are made, the search
    /// ends or `interrupt` is raised, telling `done` the expansions made now and then.
    pub fn advance(&mut self, to: u64, interrupt: &Interrupt, mut done: impl FnMut(u64)) {
        let mut search = self.search.lock().unwrap_or_else(|e| e.into_inner());
        while self.progress == Progress::Running && !interrupt.raised() {
            let expanded = search.stats().expanded;
            if expanded >= to {
                break;
            }
            self.progress = search.step((to - expanded).min(4096));
            done(search.stats().expanded);
        }
    }

    /// Starts the worker; `repaint` wakes the window while it runs and when it ends.
    pub fn run(&mut self, run: Run, repaint: Waker) {
        let back = match run {
            Run::Back(to) if self.rewinds && !self.is_running() => {
                // A search that ended goes on again from the earlier expansion.
                (self.progress, self.memory_full) = (Progress::Running, false);
                Some(WentBack { to, differs: None })
            }
            Run::Back(_) => return,
            _ => None,
        };
        if !self.can_step() || self.is_running() {
            return;
        }
        (self.fired, self.went_back) = (None, back);
        let stop = Arc::new(AtomicBool::new(false));
        let (search, waiting, flag) =
            (Arc::clone(&self.search), Arc::clone(&self.waiting), Arc::clone(&stop));
        let handle = std::thread::Builder::new()
            .name("sokolab-inspector".into())
            .spawn(move || {
                let ended = work(&search, &waiting, &flag, run, &repaint);
                repaint.wake();
                ended
            })
            .expect("cannot start the inspector's worker thread");
        self.worker = Some(Worker { stop, handle });
    }

    /// Asks the worker to stop after its current slice.
    pub fn pause(&mut self) {
        if let Some(w) = &self.worker {
            w.stop.store(true, Ordering::Relaxed);
        }
    }

    /// Collects the worker once it has ended.
    pub fn poll(&mut self) {
        if !self.worker.as_ref().is_some_and(|w| w.handle.is_finished()) {
            return;
        }
        let worker = self.worker.take().expect("checked above");
        match worker.handle.join() {
            Ok(Ended::Finished(p)) => self.progress = p,
            Ok(Ended::MemoryFull) => self.memory_full = true,
            Ok(Ended::Break(at, fired)) => self.fired = Some((at, fired)),
            Ok(Ended::Paused) => {}
            Err(_) => self.memory_full = true,
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        self.pause();
    }
}

/// The worker's loop: slices of about [`SLICE`] under the lock, yielding to the window
/// whenever it waits.
fn work(
    search: &Mutex<Box<dyn Search>>,
    waiting: &AtomicUsize,
    stop: &AtomicBool,
    run: Run,
    repaint: &Waker,
) -> Ended {
    let start = Instant::now();
    let run = match run {
        Run::Back(to) => {
            let mut s = search.lock().unwrap_or_else(|e| e.into_inner());
            let Some(at) = s.rewind(to) else { return Ended::Paused };
            Run::Steps(to - at)
        }
        run => run,
    };
    let target = || match run {
        Run::Steps(n) => n,
        Run::Rate(r) => (start.elapsed().as_secs_f64() * r) as u64,
        Run::Full | Run::Until(_) => u64::MAX,
        Run::Back(_) => unreachable!("made a run of steps above"),
    };
    // Breakpoints are checked after every expansion, so their run steps one at a time.
    let mut watch = match &run {
        Run::Until(breaks) => {
            let s = search.lock().unwrap_or_else(|e| e.into_inner());
            Some(Watch::new(breaks.clone(), s.as_ref()))
        }
        _ => None,
    };
    let batch = if watch.is_some() { 1 } else { 16 };
    let memory_limit = memory_limit();
    let mut done = 0u64;
    let mut last_repaint = Instant::now();
    loop {
        if stop.load(Ordering::Relaxed) {
            return Ended::Paused;
        }
        if done >= target() {
            if let Run::Steps(_) = run {
                return Ended::Paused;
            }
            std::thread::sleep(Duration::from_millis(2));
            continue;
        }
        {
            let mut s = search.lock().unwrap_or_else(|e| e.into_inner());
            let slice = Instant::now();
            while done < target() && slice.elapsed() < SLICE {
                let before = s.stats().expanded;
                let p = s.step((target() - done).min(batch));
                done += s.stats().expanded - before;
                if p != Progress::Running {
                    return Ended::Finished(p);
                }
                if let Some(fired) = watch.as_mut().and_then(|w| w.check(s.as_ref())) {
                    return Ended::Break(s.stats().expanded, fired);
                }
                if s.memory() > memory_limit {
                    return Ended::MemoryFull;
                }
            }
        }
        if last_repaint.elapsed() > Duration::from_millis(30) {
            repaint.wake();
            last_repaint = Instant::now();
        }
        while waiting.load(Ordering::SeqCst) > 0 && !stop.load(Ordering::Relaxed) {
            std::thread::yield_now();
        }
    }
}
