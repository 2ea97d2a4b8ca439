//! Sokolab: Sokoban level editor, solver, search inspector and solution timeline.
pub mod cli;
pub mod level;
pub mod solver;
