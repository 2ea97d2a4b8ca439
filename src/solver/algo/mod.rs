//! The search algorithms. Each file holds only what makes its algorithm itself; successor
//! generation, pruning, bounds and the node store are shared.

pub mod best_first;
pub mod bfs;
pub mod depth_first;
pub mod fess;
pub mod portfolio;
