//! The puzzle as data: squares, levels, collections, file formats, moves and edits.
//!
//! Nothing here knows about search or the window; the solver, the CLI and the app all
//! build on these types.

mod board;
mod moves;
mod pos;
mod square;

pub use board::{Level, Meta};
pub use moves::{Dir, Move};
pub use pos::Pos;
pub use square::{Square, Terrain};
