//! The editor group: the tool painted with, strokes (one undo step each), and the
//! diagnostics the editor shows, recomputed only when the level changes. The painting shape
//! persists in the settings.

use crate::app::document::{DocumentState, LevelKey, UndoUnit};
use crate::app::live_check::LiveCheck;
use crate::level::edit::{self, Tool};
use crate::level::{Diagnostic, Pos, validate};

/// How the editor's pointer paints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Shape {
    /// Paint each square the pointer passes over.
    Freehand,
    /// Fill the rectangle between the press and the release.
    Rectangle,
    /// Fill the connected area of squares like the clicked one.
    Fill,
}

/// A paint stroke in progress: the state before it, and where it started and last painted.
#[derive(Clone, Debug)]
pub struct Stroke {
    before: UndoUnit,
    /// What the stroke paints.
    pub tool: Tool,
    /// The square where the button went down.
    pub start: Pos,
    /// The last square painted (freehand) or the current corner (rectangle).
    pub last: Pos,
}

/// Results computed from the level shown, kept for its key.
#[derive(Clone, Debug, Default)]
pub struct Analysis {
    key: Option<LevelKey>,
    /// What `validate` says about the level.
    pub diagnostics: Vec<Diagnostic>,
}

/// The editor's state.
#[derive(Debug)]
pub struct EditorState {
    /// What the editor paints.
    pub tool: Tool,
    /// A paint stroke in progress.
    pub stroke: Option<Stroke>,
    /// The background check of whether the level shown is solvable.
    pub live: LiveCheck,
    analysis: Analysis,
}

impl Default for EditorState {
    fn default() -> Self {
        EditorState {
            tool: Tool::Wall,
            stroke: None,
            live: LiveCheck::default(),
            analysis: Analysis::default(),
        }
    }
}

impl EditorState {
    /// What the validation says about the level `document` shows.
    pub fn analysis(&mut self, document: &DocumentState) -> &Analysis {
        let key = document.key();
        if self.analysis.key != Some(key) {
            let diagnostics = validate(document.level());
            self.analysis = Analysis { key: Some(key), diagnostics };
        }
        &self.analysis
    }

    /// Starts a stroke painting `tool` in `shape` at `at`.
    pub fn begin_stroke(
        &mut self,
        document: &mut DocumentState,
        shape: Shape,
        tool: Tool,
        at: Pos,
    ) {
        self.stroke = Some(Stroke { before: document.undo_unit(), tool, start: at, last: at });
        match shape {
            Shape::Freehand => paint_line(document, at, at, tool),
            Shape::Fill => {
                edit::flood_fill(document.level_mut(), at, tool);
                document.touch();
            }
            Shape::Rectangle => {}
        }
    }

    /// Continues the stroke to `at` (painting the squares in between for freehand).
    pub fn continue_stroke(&mut self, document: &mut DocumentState, shape: Shape, at: Pos) {
        let Some(stroke) = &mut self.stroke else { return };
        let (from, tool) = (stroke.last, stroke.tool);
        stroke.last = at;
        if shape == Shape::Freehand && from != at {
            paint_line(document, from, at, tool);
        }
    }

    /// Ends the stroke: it becomes one undo step if it changed anything (true then).
    pub fn end_stroke(&mut self, document: &mut DocumentState, shape: Shape) -> bool {
        let Some(stroke) = self.stroke.take() else { return false };
        if shape == Shape::Rectangle {
            edit::fill_rect(document.level_mut(), stroke.start, stroke.last, stroke.tool);
        }
        document.record_step(stroke.before)
    }
}

/// Paints every square on the straight line from `a` to `b`.
fn paint_line(document: &mut DocumentState, a: Pos, b: Pos, tool: Tool) {
    let (dx, dy) = (b.x as f32 - a.x as f32, b.y as f32 - a.y as f32);
    let n = dx.abs().max(dy.abs()) as usize;
    let level = document.level_mut();
    for i in 0..=n {
        let t = if n == 0 { 0.0 } else { i as f32 / n as f32 };
        let p = Pos::new(
            (a.x as f32 + dx * t).round() as usize,
            (a.y as f32 + dy * t).round() as usize,
        );
        edit::set_square(level, p, tool);
    }
    document.touch();
}
