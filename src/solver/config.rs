//! What to search with ([`Config`]) and for how long ([`Limits`]).

use crate::level::moves::Move;
use crate::solver::analysis::schedule::{Ordering, Parking};
use crate::solver::bounds::LowerBound;
use crate::solver::deadlock::Deadlocks;
use crate::solver::techniques::Techniques;
use std::sync::Arc;
use std::time::Duration;

/// A search method with its parameter: a key into the catalogue
/// ([`crate::solver::METHODS`], [`Method::info`]), which says all the rest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// The strongest any-solution strategy (its recipe: `methods/auto.rs`).
    Auto,
    /// A* on g + h.
    AStar,
    /// IDA* with a transposition table.
    IdaStar,
    /// Weighted A* on g + w·h.
    WeightedAStar(u32),
    /// Greedy best-first on h.
    Greedy,
    /// Breadth-first on pushes.
    Bfs,
    /// Depth-first with a push limit.
    Dfs(u32),
    /// Iterative deepening on pushes.
    IterativeDeepening,
    /// Feature-space search (FESS) over macro moves.
    Fess,
    /// The backward packing search from the solved position whose line is FESS's plan.
    Backward,
    /// Greedy pull search from the solved position towards the start.
    Pull,
    /// Van Lishout's stone-by-stone protocol on the start position alone.
    StoneByStone,
    /// Van Lishout's Talking Stones, giving up after this many failed tests.
    TalkingStones(u32),
    /// Demaret's planner, each sub-problem after the first cut at this many moves.
    Planner(u32),
    /// One of the textbook's searches, with the book's rules, on pushes.
    Textbook(Textbook),
    /// A move-optimal search: the player's walks cost moves, pushes break ties.
    Moves(MoveSearch),
}

/// The move-optimal searches: the textbook's, on pushes costed by the walk before them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveSearch {
    /// A* on moves, with the push bound (every push is a move).
    AStar,
    /// IDA* on moves, with the same bound.
    IdaStar,
    /// Breadth-first on moves: positions in order of the moves that reach them (a
    /// uniform-cost search; no estimate).
    Bfs,
}

/// The textbook's searches ("Algorithms in a Nutshell", chapter 7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Textbook {
    /// Breadth-first search, the goal tested on generation.
    #[serde(rename = "bfs")]
    Bfs,
    /// Depth-first search with a closed set, storing nothing this many moves deep.
    #[serde(rename = "dfs")]
    Dfs(u32),
    /// A*, the goal tested on removal, closed states never re-opened.
    #[serde(rename = "astar")]
    AStar,
    /// IDA* with Korf's bound rule.
    #[serde(rename = "idastar")]
    IdaStar,
}

/// How to search. The default is the strongest setting: `auto`, matching bound, every
/// deadlock detector on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// The algorithm.
    pub method: Method,
    /// The estimate of the remaining pushes.
    pub lower_bound: LowerBound,
    /// Which deadlock detectors prune.
    pub deadlocks: Deadlocks,
    /// Which other techniques are on.
    pub techniques: Techniques,
    /// How many threads `auto` may run its searches on (1: one; the front door only;
    /// `bench --jobs J` divides the machine's among its levels).
    pub threads: usize,
    /// The goal ordering Demaret's planner must follow, in place of the one its analysis
    /// chooses (none: its own choice).
    pub ordering: Option<Ordering>,
    /// The goal rearrangement Demaret's planner must follow, given by hand (empty: its own,
    /// if [`crate::solver::Technique::GoalRearrangement`] is on).
    pub parking: Parking,
    /// A line for FESS to play before any move of its own, each of its box moves judged as
    /// its own would be (`--follow`; FESS only; none: no line).
    pub follow: Option<Arc<[Move]>>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            method: Method::Auto,
            lower_bound: LowerBound::Matching,
            deadlocks: Deadlocks::default(),
            techniques: Techniques::default(),
            threads: Config::machine_threads(),
            ordering: None,
            parking: Parking::default(),
            follow: None,
        }
    }
}

impl Config {
    /// The threads this machine offers (its available parallelism; 1 if unknown).
    pub fn machine_threads() -> usize {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    }

    /// The default configuration with another method.
    pub fn with_method(method: Method) -> Self {
        Config { method, ..Config::default() }
    }
}

/// When to stop. `None` means no limit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock time.
    pub time: Option<Duration>,
    /// Expanded nodes.
    pub nodes: Option<u64>,
    /// Estimated memory held by the search, in bytes.
    pub memory_bytes: Option<usize>,
}

impl Limits {
    /// The time limit the command line gives [`Method::flat_memory`] searches when the user
    /// sets neither a time nor a node limit.
    pub const FLAT_MEMORY_TIME: Duration = Duration::from_secs(60);

    /// The memory a search may hold unless the user says otherwise, in MiB.
    pub const DEFAULT_MEMORY_MIB: usize = 8192;
}
