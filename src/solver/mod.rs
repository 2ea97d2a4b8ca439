//! Search that can be inspected, behind one front door:
//!
//! ```text
//! solve(level, config, limits, cancel) -> Outcome       solve.rs, config.rs, outcome.rs
//!   methods/   the catalogue: every method's name, parameter, label, optimality and
//!              builder, and auto's recipe
//!   model/     the compiled board, states and Zobrist keys, reach, regions, the node store,
//!              the stop flag (Interrupt), the player's walk between pushes, the errors
//!   analysis/  what is known before searching: distances and dead squares, tunnels, rooms,
//!              the packing order, hotspots, bundled in the Problem
//!   deadlock/  the detectors and the one pruning pipeline every search runs (judge.rs)
//!   bounds/    lower bounds (the matching first)
//!   search/    the Search trait, the Core every search stands on (the PullCore for pull
//!              searches), push generation, the perimeter shared by a level's searches, views
//!   algo/      BFS, depth-first (DFS, iterative deepening, IDA*), best-first (A*, weighted
//!              A*, greedy), FESS, the pull searches from the solved position, and the
//!              portfolio that runs several in turn
//!   inspect/   what only the inspector and overlays need (traces, explanations, plans)
//!   oracle/    is a position really dead? an exhaustive search beside every detector's
//!              verdict, smallest dead sets, and a level's coverage
//!   textbook/  the textbook's BFS, DFS, A* and IDA*, generic over a problem trait, with
//!              Sokoban pushes (over the same expander) as one problem
//! ```
//! States are a box bitset plus the normalised player square; pushes are the edges. Every
//! solution is replayed through `level::replay` before it is returned.

pub(crate) mod algo;
pub(crate) mod analysis;
pub(crate) mod bounds;
mod config;
pub(crate) mod deadlock;
pub mod generate;
pub mod inspect;
mod methods;
pub(crate) mod model;
pub mod optimize;
pub mod oracle;
mod outcome;
pub mod rating;
pub(crate) mod search;
mod solution;
mod solve;
mod techniques;
pub mod textbook;
mod watch;

#[cfg(test)]
mod tests;

pub use algo::backward::PLAN_STEPS;
pub use analysis::schedule::{Ordering, Park, Parking};
pub use bounds::LowerBound;
pub use config::{Config, Limits, Method, MoveSearch, Textbook};
pub use deadlock::patterns::{Adopted, PatternView, Source};
pub use deadlock::{Deadlocks, PruneReason};
pub use methods::{Count, METHODS, MethodInfo, Optimality, Order, Param, Policy, Traced};
pub use model::error::{Unsearchable, WrongSolution};
pub use model::interrupt::Interrupt;
pub use model::metric::Metric;
pub use model::random::Random;
pub use model::table::NodeId;
pub use outcome::{Outcome, StopReason};
pub use search::{
    ChildView, NoTrace, NodeView, Observer, Progress, PushView, Rearranged, Recorder, Search,
    Stats, StoneFailure, StrategyView, SubProblem, Verdict,
};
pub use solution::{Solution, line, solution_of};
pub use solve::{
    build, build_interruptible, pushes, solve, solve_observed, solve_traced, solve_with_progress,
};
pub use techniques::{Group, Technique, Techniques};
