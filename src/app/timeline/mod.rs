//! The solution timeline: any solution (the solver's, one saved in the level, or pasted
//! LURD) as a position you can scrub, play, step and jump through by pushes, with its LURD
//! text, and exports (LURD, animated GIF, PNG frames).

mod export;
mod panel;
pub mod render;

pub use export::{ExportKind, ExportRun};

use crate::level::moves::{parse_lurd, to_lurd};
use crate::level::{Level, Move, replay};

/// Where a timeline's solution comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TimelineSource {
    /// The solver's last solution for this level.
    Solver,
    /// A solution saved in the level (index into its solutions).
    Saved(usize),
    /// LURD text the user pasted.
    Lurd(String),
}

/// A solution being watched.
#[derive(Clone, Debug)]
pub struct Timeline {
    /// Where it starts.
    pub start: Level,
    /// Its moves.
    pub moves: Vec<Move>,
    /// Where it came from, for the panel.
    pub source: String,
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
    /// A timeline of `moves` from `start`; fails, naming the move, when one is illegal.
    pub fn new(start: &Level, moves: Vec<Move>, source: impl Into<String>) -> Result<Self, String> {
        let check = replay(start, &moves);
        if let Some(e) = check.error {
            return Err(format!("the solution cannot be played: {e}"));
        }
        Ok(Timeline {
            start: start.clone(),
            board: start.clone(),
            moves,
            source: source.into(),
            cursor: 0,
            playing: false,
            speed: 8.0,
            carry: 0.0,
        })
    }

    /// A timeline of LURD text from `start`.
    pub fn from_lurd(start: &Level, lurd: &str, source: impl Into<String>) -> Result<Self, String> {
        let moves = parse_lurd(lurd).map_err(|e| format!("not a LURD solution: {e}"))?;
        if moves.is_empty() {
            return Err("the solution has no moves".into());
        }
        Timeline::new(start, moves, source)
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

    fn level() -> Level {
        Level::from_rows(&["#######", "#@$  .#", "#######"]).unwrap()
    }

    #[test]
    fn pushes_and_cursor_positions_agree_with_replay() {
        let mut t = Timeline::from_lurd(&level(), "RRR", "test").unwrap();
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
        let mut t = Timeline::from_lurd(&level(), "RRR", "test").unwrap();
        t.speed = 2.0;
        t.toggle_play();
        assert!(!t.advance(0.25));
        assert!(t.advance(0.25), "two quarter seconds at 2 moves/s make one move");
        assert_eq!(t.cursor, 1);
        let err = Timeline::from_lurd(&level(), "RRRR", "test").unwrap_err();
        assert!(err.contains("move 4"), "{err}");
        assert!(Timeline::from_lurd(&level(), "x", "test").is_err());
    }
}
