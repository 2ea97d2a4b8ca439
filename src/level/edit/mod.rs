//! Editing operations on levels as plain functions, shared by the editor, CLI and tests.
//!
//! Painting (`set_square`, `flood_fill`, `fill_rect`) and whole-board transforms (resize,
//! crop, rotate, mirror, swap boxes and goals, normalise). None of them panics on a position
//! off the board; such positions are ignored.

mod paint;
mod transform;

pub use paint::{Tool, fill_rect, flood_fill, set_square};
pub use transform::{
    crop_to_content, mirror_horizontal, mirror_vertical, normalise, resize, rotate_cw,
    swap_boxes_and_goals,
};

use crate::level::Pos;
use crate::level::limits::MAX_SIDE;

/// Why an edit could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EditError {
    /// The board would be larger than [`MAX_SIDE`] on a side.
    TooLarge {
        /// Requested width.
        width: usize,
        /// Requested height.
        height: usize,
    },
    /// Swapping boxes and goals would put a box under the player standing on a goal.
    PlayerOnGoal(Pos),
}

impl std::fmt::Display for EditError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EditError::TooLarge { width, height } => write!(
                f,
                "a {width}x{height} board is too large; a side is at most {MAX_SIDE} squares"
            ),
            EditError::PlayerOnGoal(p) => write!(
                f,
                "the player stands on the goal at {p}; move the player before swapping \
                 boxes and goals"
            ),
        }
    }
}

impl std::error::Error for EditError {}
