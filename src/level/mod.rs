//! The puzzle as data: squares, levels, collections, file formats, moves and edits.
//!
//! Nothing here knows about search or the window; the solver, the CLI and the app all
//! build on these types.

mod board;
mod collection;
pub mod duplicates;
pub mod edit;
pub mod format;
pub mod limits;
pub mod metrics;
pub mod moves;
pub mod paths;
mod pos;
mod replay;
pub mod reverse;
mod square;
mod validate;

pub use board::{Level, Meta};
pub use collection::Collection;
pub use moves::{Dir, Move};
pub use pos::Pos;
pub use replay::{Illegal, IllegalMove, Replay, replay};
pub use square::{Square, Terrain};
pub use validate::{Diagnostic, Severity, validate};
