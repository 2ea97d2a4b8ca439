//! The timeline as a mode: the solution loaded follows the level shown, plays itself at its
//! speed, and its position is the board.

use egui::Ui;

use crate::app::document::DocumentState;
use crate::app::modes::{Frame, ModeView};
use crate::app::timeline::{self, TimelineState};
use crate::level::Level;

impl ModeView for TimelineState {
    /// Follows the level shown, and moves a playing timeline on by the time since the last
    /// frame.
    fn tick(&mut self, frame: &mut Frame<'_>) {
        let (key, level) = (frame.document.key(), frame.document.level());
        let solver = frame.solver.found_for(key).map(|f| &f.moves[..]);
        self.follow(key, level, solver);
        if let Some(t) = &mut self.loaded
            && t.playing
        {
            let dt = frame.ctx.input(|i| i.stable_dt).min(0.25) as f64;
            t.advance(dt);
            frame.ctx.request_repaint();
        }
    }

    /// The position after the moves made so far.
    fn board<'a>(&'a self, _: &'a DocumentState) -> Option<&'a Level> {
        self.loaded.as_ref().map(|t| &t.board)
    }

    fn side_panel(&mut self, ui: &mut Ui, frame: &mut Frame<'_>) {
        let (key, level) = (frame.document.key(), frame.document.level());
        let (found, fewest) = (frame.solver.found_for(key), frame.solver.fewest_pushes(key));
        timeline::panel::show(ui, self, level, found, frame.inspected, fewest, &mut frame.sink);
    }
}
