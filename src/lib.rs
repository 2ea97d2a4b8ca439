//! Sokolab: Sokoban level editor, solver, search inspector and solution timeline.
#[cfg(feature = "gui")]
pub mod app;
pub mod cli;
pub mod level;
pub mod solver;
