//! Timeline commands: loading a solution, playback, seeking, copying the LURD, and
//! exporting a GIF or PNG frames on a worker; and taking the export's result.

use crate::app::command::Command;
use crate::app::palette::Palette;
use crate::app::state::{App, WindowRequest};
use crate::app::timeline::{
    ExportError, ExportKind, OptimizeRun, Timeline, TimelineError, TimelineSource, counts,
};
use crate::app::view::Mode;
use crate::app::worker::Waker;
use crate::level::moves::to_lurd;
use crate::solver::optimize::Metric;

impl App {
    /// Carries out a timeline command.
    pub(crate) fn timeline_command(&mut self, command: Command) -> Option<WindowRequest> {
        let loaded = self.timeline.loaded.is_some();
        match command {
            Command::TimelineLoad(source) => self.load_timeline(source),
            Command::TimelinePlay => {
                if let Some(t) = &mut self.timeline.loaded {
                    t.toggle_play();
                }
            }
            Command::TimelineForward => self.timeline.seek(|t| t.cursor + 1),
            Command::TimelineBack => self.timeline.seek(|t| t.cursor.saturating_sub(1)),
            Command::TimelineSeek(i) => self.timeline.seek(|_| i),
            Command::TimelineToPush(n) => self.timeline.seek(|t| t.cursor_after_push(n)),
            Command::CopyLurd => {
                if let Some(t) = &self.timeline.loaded {
                    self.messages.status = "Copied the solution as LURD.".into();
                    return Some(WindowRequest::CopyText(t.lurd()));
                }
            }
            Command::ExportGif => return loaded.then_some(WindowRequest::PickGif),
            Command::ExportFrames => return loaded.then_some(WindowRequest::PickFramesFolder),
            Command::ExportTo(kind) => {
                if loaded && self.timeline.export.is_none() {
                    return Some(WindowRequest::StartExport(kind));
                }
            }
            Command::CancelExport => {
                if let Some(e) = &self.timeline.export {
                    e.cancel();
                }
            }
            Command::OptimizeSolution(metric) => {
                if loaded && self.timeline.optimize.is_none() {
                    return Some(WindowRequest::StartOptimize(metric));
                }
            }
            Command::CancelOptimize => {
                if let Some(run) = &self.timeline.optimize {
                    run.cancel();
                }
            }
            other => unreachable!("{other:?} is not a timeline command"),
        }
        None
    }

    /// Puts the solution from `source` on the timeline and shows it, or says why not.
    pub(crate) fn load_timeline(&mut self, source: TimelineSource) {
        match self.timeline_of(&source) {
            Ok(t) => {
                self.timeline.loaded = Some(t);
                self.set_mode(Mode::Replay);
            }
            Err(e) => self.messages.status = format!("Not loaded: {e}."),
        }
    }

    /// The timeline of `source` on the level selected.
    fn timeline_of(&self, source: &TimelineSource) -> Result<Timeline, TimelineError> {
        let (key, level) = (self.document.key(), self.document.level());
        let solver = self.solver.found_for(key).map(|f| &f.moves[..]);
        let inspector = self.inspector.solution_for(key).map(|(moves, _)| moves);
        Timeline::load(key, level, source, solver, inspector)
    }

    /// A timeline of another level (or of its board before an edit) gives way to the level
    /// selected's (see [`crate::app::timeline::TimelineState::follow`]).
    pub(crate) fn timeline_follow_level(&mut self) {
        let (key, level) = (self.document.key(), self.document.level());
        let solver = self.solver.found_for(key).map(|f| &f.moves[..]);
        self.timeline.follow(key, level, solver);
    }

    /// Starts exporting the timeline's solution; `repaint` wakes the window.
    pub fn start_export(&mut self, kind: ExportKind, repaint: Waker) {
        let pal = Palette::for_dark_mode(self.settings.dark);
        if self.timeline.start_export(kind, pal, repaint) {
            self.messages.status = "Exporting…".into();
        }
    }

    /// Starts optimising the timeline's solution by `metric`; `repaint` wakes the window.
    pub fn start_optimize(&mut self, metric: Metric, repaint: Waker) {
        let Some(t) = &self.timeline.loaded else { return };
        let run = OptimizeRun::start(t.key, &t.start, &t.moves, metric, repaint);
        self.timeline.optimize = Some(run);
        self.messages.status = format!("Optimising by {}…", metric.name());
    }

    /// Takes the optimiser's result once it has finished: a shorter solution is saved
    /// beside the level's others (one undo step) and put on the timeline, if the level is
    /// still the one it was found for.
    pub fn poll_optimize(&mut self) {
        let Some(run) = &mut self.timeline.optimize else { return };
        let result = match run.poll() {
            Some(result) => result,
            None if run.failed() => {
                self.timeline.optimize = None;
                self.messages.error = Some("The optimiser failed (an internal error).".into());
                return;
            }
            None => return,
        };
        let run = self.timeline.optimize.take().expect("polled above");
        let out = match result {
            Ok(out) => out,
            Err(e) => {
                self.messages.status = format!("Not optimised: {e}.");
                return;
            }
        };
        let stopped = match (out.stopped, out.proved) {
            (Some(reason), _) => format!(" (stopped: {})", reason.status()),
            (None, true) => format!("; it is {} (proved)", run.metric.optimal()),
            (None, false) => String::new(),
        };
        if out.proved && run.metric == Metric::Pushes {
            self.solver.prove(run.key, out.after.pushes);
        }
        if run.metric.key(&out.after) >= run.metric.key(&out.before) {
            let near = if out.proved { "" } else { " near this one" };
            self.messages.status = format!(
                "No shorter solution by {}{near} ({}){stopped}.",
                run.metric.name(),
                counts(&out.before)
            );
            return;
        }
        if self.document.level_of(run.key).is_none() {
            self.messages.status = format!(
                "Found {} (was {}), but its level has been changed or deleted since: not \
                 saved{stopped}.",
                counts(&out.after),
                counts(&out.before)
            );
            return;
        }
        // Saved into the level it was found for, whichever level is shown now.
        let lurd = to_lurd(&out.moves);
        self.document.edit_level_with_id(run.key.id, |l| {
            if !l.meta.solutions.contains(&lurd) {
                l.meta.solutions.push(lurd.clone());
            }
        });
        let at = self.document.index_of(run.key.id).expect("the level is there");
        let level = &self.document.doc.collection.levels[at];
        let index = level.meta.solutions.iter().position(|s| *s == lurd).unwrap_or(0);
        let shown = self.document.key() == run.key;
        if shown {
            self.load_timeline(TimelineSource::Saved(index));
        }
        let which = if shown { String::new() } else { format!(" of level {}", at + 1) };
        self.messages.status = format!(
            "Optimised by {}: {} (was {}), saved as solution {}{which}{stopped}.",
            run.metric.name(),
            counts(&out.after),
            counts(&out.before),
            index + 1
        );
    }

    /// Takes the export's result once it has finished.
    pub fn poll_export(&mut self) {
        match self.timeline.poll_export() {
            Some(Ok(done)) => self.messages.status = done.to_string(),
            Some(Err(ExportError::Cancelled)) => {
                self.messages.status = "Export cancelled.".into();
            }
            Some(Err(e)) => self.messages.error = Some(format!("The export failed.\n\n{e}")),
            None => {}
        }
    }
}
