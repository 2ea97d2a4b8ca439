//! Timeline commands: loading a solution, playback, seeking, copying the LURD, and
//! exporting a GIF or PNG frames on a worker; and taking the export's result.

use crate::app::command::Command;
use crate::app::palette::Palette;
use crate::app::state::{App, WindowRequest};
use crate::app::timeline::{ExportError, ExportKind, Timeline, TimelineSource};
use crate::app::view::Mode;

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
