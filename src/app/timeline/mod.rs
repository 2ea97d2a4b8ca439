//! The timeline group: any solution (the solver's, one saved in the level, or pasted LURD)
//! as a position you can scrub, play, step and jump through by pushes, with its LURD text,
//! and exports (LURD, animated GIF, PNG frames).

mod export;
mod optimize;
pub mod panel;
pub mod render;

pub use export::{ExportError, ExportKind, ExportRun, Exported};
pub use optimize::{OptimizeRun, counts};

use crate::app::document::LevelKey;
use crate::app::palette::Palette;
use crate::app::worker::Waker;
use crate::level::metrics::Metrics;
use crate::level::moves::{LurdError, parse_lurd, to_lurd};
use crate::level::{IllegalMove, Level, Move, replay};

/// Where a timeline's solution comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TimelineSource {
    /// The solver's last solution for this level.
    Solver,
    /// The solution the inspector's search found for this level.
    Inspector,
    /// A solution saved in the level (index into its solutions).
    Saved(usize),
    /// LURD text the user pasted.
    Lurd(String),
}

/// Why a solution cannot go on the timeline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TimelineError {
    /// One of its moves is illegal.
    Illegal(IllegalMove),
    /// The text is not LURD.
    NotLurd(LurdError),
    /// It has no moves.
    Empty,
    /// The solver has no solution for the level as it is.
    NoSolverSolution,
    /// The inspector's search has no solution for the level as it is.
    NoInspectorSolution,
    /// The level has no saved solution with this index.
    NoSuchSaved(usize),
}

impl std::fmt::Display for TimelineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TimelineError::Illegal(e) => write!(f, "the solution cannot be played: {e}"),
            TimelineError::NotLurd(e) => write!(f, "not a LURD solution: {e}"),
            TimelineError::Empty => write!(f, "the solution has no moves"),
            TimelineError::NoSolverSolution => {
                write!(f, "the solver has no solution for this level (Solve finds one)")
            }
            TimelineError::NoInspectorSolution => {
                write!(f, "the inspector's search has not solved this level")
            }
            TimelineError::NoSuchSaved(_) => write!(f, "the level has no such saved solution"),
        }
    }
}

impl std::error::Error for TimelineError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            TimelineError::Illegal(e) => Some(e),
            TimelineError::NotLurd(e) => Some(e),
            _ => None,
        }
    }
}

/// The solution on the timeline and an export of it.
#[derive(Default)]
pub struct TimelineState {
    /// The solution loaded.
    pub loaded: Option<Timeline>,
    /// A GIF or PNG export in progress.
    pub export: Option<ExportRun>,
    /// The optimiser running on the loaded solution.
    pub optimize: Option<OptimizeRun>,
}

impl TimelineState {
    /// Follows the level selected, `level` with key `key`: a timeline of another level (or
    /// of its board before an edit) gives way to one of this level's solutions: `solver`'s
    /// (the solver's solution for it, if it has one), else its first saved one, else none.
    pub fn follow(&mut self, key: LevelKey, level: &Level, solver: Option<&[Move]>) {
        if self.loaded.as_ref().is_some_and(|t| t.key == key) {
            return;
        }
        let source = match solver {
            Some(_) => TimelineSource::Solver,
            None => TimelineSource::Saved(0),
        };
        self.loaded = Timeline::load(key, level, &source, solver, None).ok();
    }

    /// Moves the cursor to `to(timeline)`, pausing playback.
    pub fn seek(&mut self, to: impl FnOnce(&Timeline) -> usize) {
        if let Some(t) = &mut self.loaded {
            let at = to(t);
            t.playing = false;
            t.seek(at);
        }
    }

    /// Starts exporting the solution loaded, if there is one, drawn with `pal`; `repaint`
    /// wakes the window.
    pub fn start_export(&mut self, kind: ExportKind, pal: Palette, repaint: Waker) -> bool {
        let Some(t) = &self.loaded else { return false };
        self.export = Some(ExportRun::start(kind, &t.start, &t.moves, t.speed, pal, repaint));
        true
    }

    /// The export's result, once it has finished.
    pub fn poll_export(&mut self) -> Option<Result<Exported, ExportError>> {
        let result = self.export.as_mut()?.poll()?;
        self.export = None;
        Some(result)
    }
}

/// A solution being watched.
#[derive(Clone, Debug)]
pub struct Timeline {
    /// The key of the level and board it solves.
    pub key: LevelKey,
    /// Where it starts.
    pub start: Level,
    /// Its moves.
    pub moves: Vec<Move>,
    /// Where it came from, for the panel.
    pub source: String,
    /// Its secondary metrics (box lines, box changes, pushing sessions).
    pub metrics: Option<Metrics>,
    /// Moves made so far (0 = the start).
    pub cursor: usize,
    /// The position after `cursor` moves.
    pub board: Level,
    /// Whether it plays.
    pub playing: bool,
    /// Moves per second while playing.
    pub speed: f32,
    /// Fraction of a move carried to the next frame while playing.
    carry: f64,
}

impl Timeline {
    /// The timeline of `source` on `level` (whose key is `key`); `solver` and `inspector`
    /// are the solutions the solver and the inspector's search found for it, if they did.
    pub fn load(
        key: LevelKey,
        level: &Level,
        source: &TimelineSource,
        solver: Option<&[Move]>,
        inspector: Option<&[Move]>,
    ) -> Result<Self, TimelineError> {
        match source {
            TimelineSource::Solver => {
                let moves = solver.ok_or(TimelineError::NoSolverSolution)?;
                Timeline::new(key, level, moves.to_vec(), "the solver's solution")
            }
            TimelineSource::Inspector => {
                let moves = inspector.ok_or(TimelineError::NoInspectorSolution)?;
                Timeline::new(key, level, moves.to_vec(), "the inspector's solution")
            }
            TimelineSource::Saved(i) => {
                let lurd = level.meta.solutions.get(*i).ok_or(TimelineError::NoSuchSaved(*i))?;
                Timeline::from_lurd(key, level, lurd, format!("saved solution {}", i + 1))
            }
            TimelineSource::Lurd(text) => Timeline::from_lurd(key, level, text, "pasted LURD"),
        }
    }

    /// A timeline of `moves` from `start` (the board of `key`); fails, naming the move, when
    /// one is illegal.
    pub fn new(
        key: LevelKey,
        start: &Level,
        moves: Vec<Move>,
        source: impl Into<String>,
    ) -> Result<Self, TimelineError> {
        if let Some(e) = replay(start, &moves).error {
            return Err(TimelineError::Illegal(e));
        }
        Ok(Timeline {
            key,
            start: start.clone(),
            board: start.clone(),
            metrics: Metrics::of(start, &moves),
            moves,
            source: source.into(),
            cursor: 0,
            playing: false,
            speed: 8.0,
            carry: 0.0,
        })
    }

    /// A timeline of LURD text from `start` (the board of `key`).
    pub fn from_lurd(
        key: LevelKey,
        start: &Level,
        lurd: &str,
        source: impl Into<String>,
    ) -> Result<Self, TimelineError> {
        let moves = parse_lurd(lurd).map_err(TimelineError::NotLurd)?;
        if moves.is_empty() {
            return Err(TimelineError::Empty);
        }
        Timeline::new(key, start, moves, source)
    }

    /// Goes to the position after `cursor` moves (clamped).
    pub fn seek(&mut self, cursor: usize) {
        self.cursor = cursor.min(self.moves.len());
        self.board = replay(&self.start, &self.moves[..self.cursor]).end;
        if self.cursor == self.moves.len() {
            self.playing = false;
        }
    }

    /// Pushes among all the moves.
    pub fn total_pushes(&self) -> usize {
        self.moves.iter().filter(|m| m.push).count()
    }

    /// Pushes among the moves made.
    pub fn pushes_done(&self) -> usize {
        self.moves[..self.cursor].iter().filter(|m| m.push).count()
    }

    /// The cursor just after push `n` (0 = the start, clamped to the last push).
    pub fn cursor_after_push(&self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        let mut seen = 0;
        for (i, m) in self.moves.iter().enumerate() {
            if m.push {
                seen += 1;
                if seen == n {
                    return i + 1;
                }
            }
        }
        self.moves.len()
    }

    /// The indices of the pushing moves (for the scrubber's markers).
    pub fn push_indices(&self) -> Vec<usize> {
        self.moves.iter().enumerate().filter(|(_, m)| m.push).map(|(i, _)| i).collect()
    }

    /// The whole solution as LURD.
    pub fn lurd(&self) -> String {
        to_lurd(&self.moves)
    }

    /// Advances playback by `dt` seconds; true if the position changed.
    pub fn advance(&mut self, dt: f64) -> bool {
        if !self.playing {
            return false;
        }
        self.carry += dt * self.speed as f64;
        let steps = self.carry.floor() as usize;
        self.carry -= steps as f64;
        if steps == 0 {
            return false;
        }
        self.seek(self.cursor + steps);
        true
    }

    /// Starts or stops playback (from the start again when at the end).
    pub fn toggle_play(&mut self) {
        if !self.playing && self.cursor == self.moves.len() {
            self.seek(0);
        }
        self.playing = !self.playing;
        self.carry = 0.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: LevelKey = LevelKey { id: 1, board: 1 };

    fn level() -> Level {
        Level::from_rows(&["#######", "#@$  .#", "#######"]).unwrap()
    }

    #[test]
    fn pushes_and_cursor_positions_agree_with_replay() {
        let mut t = Timeline::from_lurd(KEY, &level(), "RRR", "test").unwrap();
        assert_eq!(t.total_pushes(), 3);
        assert_eq!(t.cursor_after_push(2), 2);
        t.seek(t.cursor_after_push(2));
        assert_eq!(t.pushes_done(), 2);
        assert!(t.board.square(crate::level::Pos::new(4, 1)).has_box);
        t.seek(99);
        assert!(t.board.is_solved());
        assert!(!t.playing);
    }

    #[test]
    fn playback_advances_by_speed_and_illegal_solutions_are_refused() {
        let mut t = Timeline::from_lurd(KEY, &level(), "RRR", "test").unwrap();
        t.speed = 2.0;
        t.toggle_play();
        assert!(!t.advance(0.25));
        assert!(t.advance(0.25), "two quarter seconds at 2 moves/s make one move");
        assert_eq!(t.cursor, 1);
        let err = Timeline::from_lurd(KEY, &level(), "RRRR", "test").unwrap_err();
        assert!(matches!(err, TimelineError::Illegal(_)), "{err:?}");
        assert!(err.to_string().contains("move 4"), "{err}");
        let err = Timeline::from_lurd(KEY, &level(), "x", "test").unwrap_err();
        assert!(matches!(err, TimelineError::NotLurd(_)), "{err:?}");
    }

    #[test]
    fn sources_load_or_say_why_not() {
        let mut level = level();
        level.meta.solutions.push("RRR".into());
        let saved = Timeline::load(KEY, &level, &TimelineSource::Saved(0), None, None).unwrap();
        assert_eq!((saved.source.as_str(), saved.moves.len()), ("saved solution 1", 3));
        let missing =
            Timeline::load(KEY, &level, &TimelineSource::Saved(1), None, None).unwrap_err();
        assert_eq!(missing, TimelineError::NoSuchSaved(1));
        let none = Timeline::load(KEY, &level, &TimelineSource::Solver, None, None).unwrap_err();
        assert_eq!(none, TimelineError::NoSolverSolution);
        let empty =
            Timeline::load(KEY, &level, &TimelineSource::Lurd(" ".into()), None, None).unwrap_err();
        assert_eq!(empty, TimelineError::Empty);
    }
}
