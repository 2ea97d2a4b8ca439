//! Timeline commands: loading a solution, playback, seeking, copying the LURD, and
//! exporting a GIF or PNG frames on a worker; and taking the export's result.

use crate::app::command::Command;
use crate::app::palette::Palette;
use crate::app::state::{App, WindowRequest};
use crate::app::timeline::{
    ExportError, ExportKind, OptimizeRun, Timeline, TimelineSource, counts,
};
use crate::app::view::Mode;
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
        let level = self.document.level();
        let solver = self.solver.found_for(self.document.current, level).map(|f| &f.moves[..]);
        let inspector = self.inspector.solution_for(level).map(|(moves, _)| moves);
        match Timeline::load(level, &source, solver, inspector) {
            Ok(t) => {
                self.timeline.loaded = Some(t);
                self.set_mode(Mode::Replay);
            }
            Err(e) => self.messages.status = format!("Not loaded: {e}."),
        }
    }

    /// Starts exporting the timeline's solution; `repaint` wakes the window.
    pub fn start_export(&mut self, kind: ExportKind, repaint: impl Fn() + Send + 'static) {
        let pal = Palette::for_dark_mode(self.settings.dark);
        if self.timeline.start_export(kind, pal, repaint) {
            self.messages.status = "Exporting…".into();
        }
    }

    /// Starts optimising the timeline's solution by `metric`; `repaint` wakes the window.
    pub fn start_optimize(&mut self, metric: Metric, repaint: impl Fn() + Send + 'static) {
        let Some(t) = &self.timeline.loaded else { return };
        self.timeline.optimize = Some(OptimizeRun::start(&t.start, &t.moves, metric, repaint));
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
        let stopped = match out.stopped {
            Some(reason) => format!(" (stopped: {})", reason.status()),
            None => String::new(),
        };
        if run.metric.key(&out.after) >= run.metric.key(&out.before) {
            self.messages.status = format!(
                "No shorter solution by {} near this one ({}){stopped}.",
                run.metric.name(),
                counts(&out.before)
            );
            return;
        }
        if !self.document.level().same_board(&run.start) {
            self.messages.status = format!(
                "Found {} (was {}), but the level has changed since: not saved{stopped}.",
                counts(&out.after),
                counts(&out.before)
            );
            return;
        }
        let lurd = to_lurd(&out.moves);
        self.edit_level(|l| {
            if !l.meta.solutions.contains(&lurd) {
                l.meta.solutions.push(lurd.clone());
            }
        });
        let level = self.document.level();
        let index = level.meta.solutions.iter().position(|s| *s == lurd).unwrap_or(0);
        self.load_timeline(TimelineSource::Saved(index));
        self.messages.status = format!(
            "Optimised by {}: {} (was {}), saved as solution {}{stopped}.",
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
