//! Search that can be inspected: the compiled board, push search algorithms, deadlock
//! detection and lower bounds, behind one front door.
//!
//! ```text
//! solve(level, config, limits, cancel) -> Outcome
//!   problem   board (dense floor numbering, neighbours), distances (push distances, dead
//!             squares), tunnels, Zobrist keys
//!   expand    legal pushes from a state, judged by deadlock detectors and a lower bound
//!   algo      BFS, depth-first (DFS, iterative deepening, IDA*), best-first (A*, weighted
//!             A*, greedy), all behind the resumable `Search` trait
//!   walk      the player's shortest walk between pushes; every solution is replayed
//!             through `level::replay` before it is returned
//! ```
//! States are a box bitset plus the normalised player square; pushes are the edges.

pub mod algo;
pub mod board;
pub mod bounds;
pub mod box_moves;
pub mod config;
pub mod deadlock;
pub mod distances;
pub mod expand;
pub mod hotspots;
pub mod inspect;
pub mod outcome;
pub mod packing;
pub mod pi_corral;
pub mod prehashed;
pub mod problem;
pub mod reach;
pub mod regions;
pub mod rooms;
pub mod search;
pub mod sides;
mod solve;
pub mod state;
pub mod table;
pub mod techniques;
pub mod tunnels;
pub mod walk;

#[cfg(test)]
mod tests;

pub use bounds::LowerBound;
pub use config::{Config, Limits, Method};
pub use deadlock::{Deadlocks, PruneReason};
pub use outcome::{Outcome, Solution, StopReason};
pub use search::{
    ChildView, NoTrace, NodeView, Observer, Progress, PushView, Recorder, Search, Stats, Verdict,
};
pub use solve::{build, run, solution_to, solve, solve_with_progress};
pub use table::NodeId;
pub use techniques::{Technique, Techniques};
