//! Sokolab: Sokoban level editor, solver, search inspector and solution timeline.
//!
//! The layers (see ARCHITECTURE.md): [`level`] is the puzzle as data, [`solver`] searches
//! it, [`lab`] holds the textbook's own problems and searches, and [`cli`] and `app` (the
//! window, feature `gui`) sit on top.
#![warn(missing_docs)]

#[cfg(feature = "gui")]
pub mod app;
pub mod cli;
pub mod lab;
pub mod level;
pub mod solver;
