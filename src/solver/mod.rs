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

pub(crate) mod algo;
pub(crate) mod analysis;
pub(crate) mod bounds;
mod config;
pub(crate) mod deadlock;
mod error;
pub mod inspect;
pub(crate) mod model;
mod outcome;
pub(crate) mod search;
mod solve;
mod techniques;

#[cfg(test)]
mod tests;

pub use bounds::LowerBound;
pub use config::{Config, Limits, Method};
pub use deadlock::patterns::{PatternView, Source};
pub use deadlock::{Deadlocks, PruneReason};
pub use error::{Unsearchable, WrongSolution};
pub use model::table::NodeId;
pub use outcome::{Outcome, Solution, StopReason};
pub use search::{
    ChildView, NoTrace, NodeView, Observer, Progress, PushView, Recorder, Search, Stats, Verdict,
};
pub use solve::{build, solve, solve_with_progress};
pub use techniques::{Technique, Techniques};
