//! Background jobs: work on a thread that reports progress over a channel, can be
//! cancelled, and asks the window to repaint whenever it has news.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::time::{Duration, Instant};

/// How long the window waits for a job it has just started before it draws on without the
/// result: work on a small level is done before the frame would notice, longer work goes
/// on while the window draws.
pub const GRACE: Duration = Duration::from_millis(100);

enum Report<P, R> {
    Progress(P),
    Done(R),
}

/// What wakes the window when a job has news: made only from the window's context, so a
/// job cannot be started that the window would not notice finishing (a view waiting on
/// one would otherwise sit on its old answer until the pointer moved).
#[derive(Clone)]
pub struct Waker(egui::Context);

impl Waker {
    /// Wakes the window that draws with `ctx`.
    pub fn new(ctx: &egui::Context) -> Self {
        Waker(ctx.clone())
    }

    /// Asks the window for a frame.
    pub fn wake(&self) {
        self.0.request_repaint();
    }
}

/// A running background job producing progress reports `P` and a result `R`.
pub struct Job<P, R> {
    cancel: Arc<AtomicBool>,
    reports: Receiver<Report<P, R>>,
    latest: Option<P>,
    started: Instant,
    /// Whether the work ended without a result (it panicked).
    failed: bool,
}

/// What a job's work function gets: the cancel flag and a way to report progress.
pub struct Reporter<'a, P> {
    /// Set when the user asks the job to stop; the work should return soon after.
    pub cancel: &'a AtomicBool,
    send: &'a mut dyn FnMut(P),
}

impl<P> Reporter<'_, P> {
    /// Sends a progress report to the window.
    pub fn progress(&mut self, report: P) {
        (self.send)(report);
    }
}

impl<P: Send + 'static, R: Send + 'static> Job<P, R> {
    /// Runs `work` on a new thread. Every report and the result wake the window
    /// (`repaint`).
    pub fn spawn(
        repaint: Waker,
        work: impl FnOnce(&mut Reporter<'_, P>) -> R + Send + 'static,
    ) -> Self {
        let cancel = Arc::new(AtomicBool::new(false));
        let (tx, reports) = channel();
        let flag = Arc::clone(&cancel);
        std::thread::Builder::new()
            .name("sokolab-job".into())
            .spawn(move || {
                let progress_tx = tx.clone();
                let mut send = |p: P| {
                    let _ = progress_tx.send(Report::Progress(p));
                    repaint.wake();
                };
                let result = work(&mut Reporter { cancel: &flag, send: &mut send });
                let _ = tx.send(Report::Done(result));
                repaint.wake();
            })
            .expect("cannot start a worker thread");
        Job { cancel, reports, latest: None, started: Instant::now(), failed: false }
    }

    /// Asks the job to stop.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// Whether cancellation was requested.
    pub fn is_cancelling(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// Takes the reports that arrived; returns the result once the job has finished.
    pub fn poll(&mut self) -> Option<R> {
        loop {
            match self.reports.try_recv() {
                Ok(Report::Progress(p)) => self.latest = Some(p),
                Ok(Report::Done(r)) => return Some(r),
                Err(TryRecvError::Empty) => return None,
                Err(TryRecvError::Disconnected) => {
                    self.failed = true;
                    return None;
                }
            }
        }
    }

    /// [`Job::poll`], waiting at most `up_to` for the result (short work is done before the
    /// frame would notice; longer work goes on while the window draws).
    pub fn wait(&mut self, up_to: Duration) -> Option<R> {
        let until = Instant::now() + up_to;
        loop {
            if let Some(result) = self.poll() {
                return Some(result);
            }
            if Instant::now() >= until {
                return None;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    /// Whether the work ended without a result (it panicked); [`Job::poll`] finds out.
    pub fn failed(&self) -> bool {
        self.failed
    }

    /// The most recent progress report.
    pub fn latest(&self) -> Option<&P> {
        self.latest.as_ref()
    }

    /// Time since the job started.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }
}

impl<P, R> Drop for Job<P, R> {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::{Job, Waker};
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// A waker for a window that is not drawn.
    fn idle() -> Waker {
        Waker::new(&egui::Context::default())
    }

    /// A job wakes the window with its result, with no input event to prompt a frame.
    #[test]
    fn a_job_wakes_the_window_when_it_ends() {
        let ctx = egui::Context::default();
        let wakes = Arc::new(AtomicUsize::new(0));
        let counter = Arc::clone(&wakes);
        ctx.set_request_repaint_callback(move |_| {
            counter.fetch_add(1, Ordering::SeqCst);
        });
        let mut job: Job<(), u32> = Job::spawn(Waker::new(&ctx), |_| {
            std::thread::sleep(std::time::Duration::from_millis(50));
            7
        });
        let result = loop {
            if let Some(r) = job.poll() {
                break r;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        };
        assert_eq!(result, 7);
        assert!(wakes.load(Ordering::SeqCst) >= 1, "the window was woken");
    }

    #[test]
    fn a_job_reports_progress_and_stops_when_cancelled() {
        let mut job: Job<u32, u32> = Job::spawn(idle(), |r| {
            let mut n = 0;
            while !r.cancel.load(Ordering::Relaxed) {
                n += 1;
                r.progress(n);
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
            n
        });
        while job.latest().is_none() {
            assert!(job.poll().is_none());
        }
        job.cancel();
        let result = loop {
            if let Some(r) = job.poll() {
                break r;
            }
        };
        assert!(result >= 1);
        assert!(!job.failed());
    }

    #[test]
    fn a_job_whose_work_panics_says_it_failed() {
        let mut job: Job<(), u32> = Job::spawn(idle(), |_| panic!("the work fails"));
        let start = std::time::Instant::now();
        while !job.failed() {
            assert!(job.poll().is_none(), "no result");
            assert!(start.elapsed().as_secs() < 10, "the failure is seen");
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }
}
