//! The paint editor's state changes: strokes (one undo step each), and the diagnostics the
//! editor shows, recomputed only when the level changes.

use crate::app::command::Shape;
use crate::app::state::{App, Snapshot};
use crate::level::edit::{self, Tool};
use crate::level::{Diagnostic, Pos, validate};

/// A paint stroke in progress: the state before it, and where it started and last painted.
#[derive(Clone, Debug)]
pub struct Stroke {
    pub(crate) before: Snapshot,
    /// What the stroke paints.
    pub tool: Tool,
    /// The square where the button went down.
    pub start: Pos,
    /// The last square painted (freehand) or the current corner (rectangle).
    pub last: Pos,
}

/// Results computed from the current level, kept until it changes.
#[derive(Clone, Debug, Default)]
pub struct Analysis {
    key: Option<u64>,
    /// What `validate` says about the level.
    pub diagnostics: Vec<Diagnostic>,
}

impl App {
    /// What the validation says about the current level.
    pub fn analysis(&mut self) -> &Analysis {
        let key = self.revision() ^ ((self.current as u64) << 48);
        if self.analysis.key != Some(key) {
            let diagnostics = validate(self.level());
            self.analysis = Analysis { key: Some(key), diagnostics };
        }
        &self.analysis
    }

    /// Starts a paint stroke with `tool` at `at`.
    pub fn begin_stroke(&mut self, tool: Tool, at: Pos) {
        self.stroke = Some(Stroke { before: self.snapshot(), tool, start: at, last: at });
        match self.settings.shape {
            Shape::Freehand => self.paint_line(at, at, tool),
            Shape::Fill => {
                edit::flood_fill(self.level_mut(), at, tool);
                self.touch();
            }
            Shape::Rectangle => {}
        }
    }

    /// Continues the stroke to `at` (painting the squares in between for freehand).
    pub fn continue_stroke(&mut self, at: Pos) {
        let Some(stroke) = &mut self.stroke else { return };
        let (from, tool) = (stroke.last, stroke.tool);
        stroke.last = at;
        if self.settings.shape == Shape::Freehand && from != at {
            self.paint_line(from, at, tool);
        }
    }

    /// Ends the stroke: it becomes one undo step if it changed anything.
    pub fn end_stroke(&mut self) {
        let Some(stroke) = self.stroke.take() else { return };
        if self.settings.shape == Shape::Rectangle {
            edit::fill_rect(self.level_mut(), stroke.start, stroke.last, stroke.tool);
        }
        self.record_step(stroke.before);
    }

    /// Paints every square on the straight line from `a` to `b`.
    fn paint_line(&mut self, a: Pos, b: Pos, tool: Tool) {
        let (dx, dy) = (b.x as f32 - a.x as f32, b.y as f32 - a.y as f32);
        let n = dx.abs().max(dy.abs()) as usize;
        let level = self.level_mut();
        for i in 0..=n {
            let t = if n == 0 { 0.0 } else { i as f32 / n as f32 };
            let p = Pos::new(
                (a.x as f32 + dx * t).round() as usize,
                (a.y as f32 + dy * t).round() as usize,
            );
            edit::set_square(level, p, tool);
        }
        self.touch();
    }
}
