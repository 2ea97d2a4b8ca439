//! The level generator's dialog state: what to generate, and the run on a worker, with
//! progress and cancel. The window adds what it made after the level shown.

use crate::app::worker::{Job, Waker};
use crate::solver::generate::{GenerateError, Generated, Spec, Tally, generate};

/// The dialog's fields and its run.
pub struct GeneratorState {
    /// Whether the dialog is open.
    pub open: bool,
    /// Board width and height, walls included, and boxes.
    pub spec: Spec,
    /// Levels to make.
    pub count: usize,
    /// The seed (the same seed gives the same levels).
    pub seed: u64,
    /// The run, while it goes on.
    pub run: Option<GenerateRun>,
}

impl Default for GeneratorState {
    fn default() -> Self {
        GeneratorState { open: false, spec: Spec::new(8, 8, 3), count: 5, seed: 1, run: None }
    }
}

/// Levels being generated.
pub struct GenerateRun {
    /// What was asked for.
    pub spec: Spec,
    /// How many.
    pub count: usize,
    /// The seed.
    pub seed: u64,
    job: Job<Tally, Result<Vec<Generated>, GenerateError>>,
}

impl GeneratorState {
    /// Starts generating what the fields say; `repaint` wakes the window.
    pub fn start(&mut self, repaint: Waker) {
        let (spec, count, seed) = (self.spec, self.count, self.seed);
        let job = Job::spawn(repaint, move |r| {
            let cancel = r.cancel;
            generate(spec, seed, count, cancel, &mut |tally, _| r.progress(tally))
        });
        self.run = Some(GenerateRun { spec, count, seed, job });
    }

    /// Asks the run to stop (it keeps the levels made so far).
    pub fn cancel(&self) {
        if let Some(run) = &self.run {
            run.job.cancel();
        }
    }

    /// The run and what it made, once it has finished (an error when it failed).
    pub fn poll(&mut self) -> Option<(GenerateRun, Result<Vec<Generated>, String>)> {
        let run = self.run.as_mut()?;
        let result = match run.job.poll() {
            Some(result) => result.map_err(|e| e.to_string()),
            None if run.job.failed() => Err("the generator failed (an internal error)".into()),
            None => return None,
        };
        Some((self.run.take().expect("polled above"), result))
    }

    /// The progress line.
    pub fn progress_line(&self) -> Option<String> {
        let run = self.run.as_ref()?;
        let tally = run.job.latest().copied().unwrap_or_default();
        let stopping = if run.job.is_cancelling() { " (stopping…)" } else { "" };
        Some(format!(
            "Generating{stopping}: {} of {} made, draws tried: {}, {:.1} s",
            tally.made,
            run.count,
            tally.draws,
            run.job.elapsed().as_secs_f64()
        ))
    }
}
