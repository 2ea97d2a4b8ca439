//! The editor as a mode: painting strokes on the board, the problems outlined, the live
//! solvability check following the level shown.

use crate::app::worker::Waker;
use egui::Ui;

use crate::app::board::Overlays;
use crate::app::editor::{EditorState, Shape};
use crate::app::modes::{Frame, ModeView, Pointer};
use crate::app::panels;
use crate::level::edit::Tool;
use crate::level::{Level, Pos};

/// How soon the window looks again while a live check runs (its elapsed time moves on).
const CHECKING: std::time::Duration = std::time::Duration::from_millis(250);

impl ModeView for EditorState {
    /// Between strokes, keeps the live solvability check on the level shown (a changed
    /// board cancels the running check and starts another) and the fingerprints on the
    /// collection.
    fn tick(&mut self, frame: &mut Frame<'_>) {
        if self.stroke.is_some() {
            return;
        }
        let document = &frame.document;
        let (key, level, budget) = (document.key(), document.level(), frame.settings.live_check);
        if self.live.follow(key, level, budget, Waker::new(frame.ctx)) {
            frame.ctx.request_repaint_after(CHECKING);
        }
        self.fingerprints.follow(document, Waker::new(frame.ctx));
    }

    fn side_panel(&mut self, ui: &mut Ui, frame: &mut Frame<'_>) {
        let fewest = frame.solver.fewest_pushes(frame.document.key());
        panels::edit::show(ui, self, frame.document, frame.settings, fewest, &mut frame.sink);
    }

    /// The squares of the problems the checks find, and the rectangle being drawn.
    fn overlays(&mut self, overlays: &mut Overlays, _: &Level, _: Option<Pos>, frame: &Frame<'_>) {
        let analysis = self.analysis(frame.document);
        overlays.problems = analysis.diagnostics.iter().flat_map(|d| d.cells.clone()).collect();
        if let Some(s) = &self.stroke
            && frame.settings.shape == Shape::Rectangle
        {
            overlays.selection = Some((s.start, s.last));
        }
    }

    /// A stroke starts where a button goes down on the board (the secondary button clears
    /// boxes, goals and the player, leaving floor; with Shift it erases squares), follows
    /// the pointer, and ends, one undo step, when the button goes up.
    fn pointer(&mut self, pointer: &Pointer, frame: &mut Frame<'_>) {
        let tool = if pointer.primary {
            Some(self.tool)
        } else if pointer.secondary {
            Some(if pointer.shift { Tool::Erase } else { Tool::Clear })
        } else {
            None
        };
        let shape = frame.settings.shape;
        let idle = self.stroke.is_none();
        if let (Some(tool), Some(c), true, true) = (tool, pointer.cell, pointer.over_board, idle) {
            self.begin_stroke(frame.document, shape, tool, c);
        }
        if self.stroke.is_some() {
            if let Some(p) = pointer.at {
                let c = pointer.geometry.clamp_cell(p);
                self.continue_stroke(frame.document, shape, c);
            }
            if !pointer.down {
                self.end_stroke(frame.document, shape);
            }
        }
    }
}
