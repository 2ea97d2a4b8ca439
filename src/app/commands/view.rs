//! View commands: the mode (switching builds the inspector's search or loads the timeline
//! as needed), zoom, theme, the overlays, and "why is this a deadlock?".

use crate::app::command::Command;
use crate::app::overlay::Overlay;
use crate::app::state::{App, WindowRequest};
use crate::app::view::Mode;

impl App {
    /// Carries out a view command.
    pub(crate) fn view_command(&mut self, command: Command) -> Option<WindowRequest> {
        match command {
            Command::SetMode(m) => self.set_mode(m),
            Command::ToggleMode => {
                let edit = self.view.mode == Mode::Edit;
                self.set_mode(if edit { Mode::Play } else { Mode::Edit });
            }
            Command::ZoomIn => self.zoom(1.25),
            Command::ZoomOut => self.zoom(1.0 / 1.25),
            Command::ZoomFit => self.settings.view.fit(),
            Command::ToggleTheme => self.settings.dark = !self.settings.dark,
            Command::ToggleDeadSquares => self.settings.toggle_overlay(Overlay::Dead),
            Command::ToggleOverlay(o) => self.settings.toggle_overlay(o),
            Command::ExplainDeadlock => {
                let shown = self.board_level().clone();
                let patterns = match (&self.inspector.session, self.view.mode) {
                    (Some(s), Mode::Inspect) => s.search().patterns(),
                    _ => Vec::new(),
                };
                self.messages.status = self.overlays.explain(&shown, &patterns, self.waker.clone());
            }
            Command::AskOracle => {
                let shown = self.board_level().clone();
                self.messages.status = self.overlays.oracle.ask(&shown, self.waker.clone());
            }
            other => unreachable!("{other:?} is not a view command"),
        }
        None
    }

    /// Switches to `mode`: play mode starts a game, the inspector builds its search of the
    /// level if it has none, the timeline loads the solver's or a saved solution if the one
    /// it shows belongs to another level.
    pub(crate) fn set_mode(&mut self, mode: Mode) {
        if mode == self.view.mode {
            return;
        }
        self.editor.stroke = None;
        // A replayed solution plays only while it is watched.
        self.play.autoplay = None;
        self.view.mode = mode;
        match mode {
            Mode::Inspect => self.ensure_session(),
            Mode::Replay => self.timeline_follow_level(),
            Mode::Edit | Mode::Play | Mode::Lab => {}
        }
    }

    fn zoom(&mut self, factor: f32) {
        if let Some(g) = self.view.geometry {
            self.settings.view.zoom_by(&g, factor, g.area.center());
        }
    }
}
