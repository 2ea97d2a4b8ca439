//! The search algorithms. Each file holds only what makes its algorithm itself; successor
//! generation, pruning, bounds and the node store are shared.

pub(crate) mod backward;
pub(crate) mod best_first;
pub(crate) mod bfs;
pub(crate) mod depth_first;
pub(crate) mod fess;
pub(crate) mod planner;
pub(crate) mod portfolio;
pub(crate) mod pull_greedy;
pub(crate) mod talking_stones;
pub(crate) mod targeted;
