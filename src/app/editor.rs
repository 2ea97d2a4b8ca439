//! The editor group: the tool painted with, strokes (one undo step each), and the
//! diagnostics the editor shows (the level's own, and whether it repeats another level of
//! the collection), recomputed only when a board changes. The painting shape persists in the
//! settings.

use crate::app::document::{DocumentState, LevelKey, UndoUnit, level_label};
use crate::app::fingerprints::Fingerprints;
use crate::app::live_check::LiveCheck;
use crate::level::duplicates::placement;
use crate::level::edit::{self, Tool};
use crate::level::{Diagnostic, Pos, Severity, validate};

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

/// Results computed from the level shown, kept for the keys of the collection's levels,
/// the index shown (a repeat depends on every board) and the fingerprints known.
#[derive(Clone, Debug, Default)]
pub struct Analysis {
    keys: Vec<LevelKey>,
    current: usize,
    fingerprints: u64,
    /// What `validate` says about the level, then the levels it repeats.
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
    /// Each level's fingerprint, by key, so that an edit recomputes only the board it changed.
    pub fingerprints: Fingerprints,
}

impl Default for EditorState {
    fn default() -> Self {
        EditorState {
            tool: Tool::Wall,
            stroke: None,
            live: LiveCheck::default(),
            analysis: Analysis::default(),
            fingerprints: Fingerprints::default(),
        }
    }
}

impl EditorState {
    /// What the validation says about the level `document` shows, and which other levels
    /// of the collection are the same puzzle.
    pub fn analysis(&mut self, document: &DocumentState) -> &Analysis {
        let current = document.current();
        let fingerprints = self.fingerprints.revision;
        let same = self.analysis.current == current
            && self.analysis.fingerprints == fingerprints
            && self.analysis.keys.iter().copied().eq(document.levels().map(|(k, _)| k));
        if !same {
            let keys: Vec<LevelKey> = document.levels().map(|(k, _)| k).collect();
            let mut diagnostics = validate(document.level());
            diagnostics.extend(self.repeats(document));
            self.analysis = Analysis { keys, current, fingerprints, diagnostics };
        }
        &self.analysis
    }

    /// A warning naming the other levels of the collection that are the same puzzle as the
    /// level shown (turned, mirrored or shifted), if there are any (among the levels
    /// fingerprinted so far: [`Fingerprints::follow`] keeps up with the collection).
    fn repeats(&mut self, document: &DocumentState) -> Option<Diagnostic> {
        let mine = self.fingerprints.of(document.key(), document.level())?.clone();
        let current = document.current();
        let twins: Vec<usize> = document
            .levels()
            .enumerate()
            .filter(|&(i, (k, _))| i != current && self.fingerprints.get(k) == Some(&mine))
            .map(|(i, _)| i)
            .collect();
        let &first = twins.first()?;
        let original = document.level_of(document.key_of(first)?)?;
        let how = placement(original, document.level()).map_or("", |p| p.words());
        let more = match twins.len() - 1 {
            0 => String::new(),
            1 => " (and one more level)".to_string(),
            n => format!(" (and {n} more levels)"),
        };
        Some(Diagnostic {
            severity: Severity::Warning,
            message: format!("the same board as level {}{how}{more}", level_label(first, original)),
            cells: Vec::new(),
        })
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
