//! What to search with ([`Config`]) and for how long ([`Limits`]).

use crate::solver::bounds::LowerBound;
use crate::solver::deadlock::Deadlocks;
use crate::solver::techniques::Techniques;
use std::time::Duration;

/// The search algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// The strongest any-solution strategy: feature-space search beside greedy best-first
    /// search and A* (see [`crate::solver::solve`]).
    Auto,
    /// A* on g + h: push-optimal with an admissible bound.
    AStar,
    /// IDA* with a transposition table: push-optimal with an admissible bound.
    IdaStar,
    /// Weighted A* on g + w·h.
    WeightedAStar(u32),
    /// Greedy best-first on h.
    Greedy,
    /// Breadth-first on pushes: push-optimal.
    Bfs,
    /// Depth-first with a push limit.
    Dfs(u32),
    /// Iterative deepening on pushes: push-optimal.
    IterativeDeepening,
    /// Feature-space search (FESS) over macro moves.
    Fess,
    /// The backward packing search from the solved position whose line is FESS's plan: it
    /// ends with the plan, not a solution (unless its line meets the start).
    Backward,
    /// Greedy pull search from the solved position towards the start, by the matching
    /// distance of the boxes to the squares where boxes start.
    Pull,
    /// Van Lishout's stone-by-stone protocol on the start position alone: each goal, in
    /// the order by walls, filled by the first stone that reaches it alone.
    StoneByStone,
    /// Van Lishout's Talking Stones: iterative deepening until a position passes the
    /// stone-by-stone test, giving up after this many failed tests.
    TalkingStones(u32),
    /// Demaret's planner: the goals filled one at a time in the schedule's order, each
    /// sub-problem after the first cut at this many moves.
    Planner(u32),
    /// One of the textbook's searches, with the book's rules (see
    /// [`crate::solver::textbook`]), on pushes.
    Textbook(Textbook),
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

impl Textbook {
    /// The name after `book-` on the command line, e.g. `dfs:20`.
    pub fn name(self) -> String {
        match self {
            Textbook::Bfs => "bfs".into(),
            Textbook::Dfs(d) => format!("dfs:{d}"),
            Textbook::AStar => "astar".into(),
            Textbook::IdaStar => "idastar".into(),
        }
    }

    /// The label tables use: `BFS`, `DFS(20)`, `A*`, `IDA*`.
    pub fn label(self) -> String {
        match self {
            Textbook::Bfs => "BFS".into(),
            Textbook::Dfs(d) => format!("DFS({d})"),
            Textbook::AStar => "A*".into(),
            Textbook::IdaStar => "IDA*".into(),
        }
    }
}

impl Method {
    /// The depth limit `dfs` uses when none is given.
    pub const DFS_LIMIT: u32 = 300;

    /// Names accepted by [`Method::from_name`].
    pub const NAMES: [&'static str; 18] = [
        "auto",
        "astar",
        "idastar",
        "wastar",
        "greedy",
        "bfs",
        "dfs",
        "iddfs",
        "fess",
        "backward",
        "pull",
        "stone-by-stone",
        "talking-stones",
        "planner",
        "book-bfs",
        "book-dfs",
        "book-astar",
        "book-idastar",
    ];

    /// The sub-problem depth limit `planner` uses when none is given (Tableau 6.1's first
    /// campaign).
    pub const PLANNER_LIMIT: u32 = 5;

    /// The cap of failed tests `talking-stones` uses when none is given (Table 4.1's).
    pub const TALKING_STONES_CAP: u32 = 20_000;

    /// The method for a command-line name: `auto`, `astar`, `idastar`, `wastar` (weight 3),
    /// `wastar:W`, `greedy`, `bfs`, `dfs` (limit [`Method::DFS_LIMIT`]), `dfs:N`, `iddfs`,
    /// `fess`, `backward`, `pull`, `stone-by-stone`, `talking-stones` (cap [`Method::TALKING_STONES_CAP`]),
    /// `talking-stones:N`, `planner` (limit [`Method::PLANNER_LIMIT`]), `planner:N`, and the
    /// textbook's `book-bfs`, `book-dfs` (bound [`Method::DFS_LIMIT`]), `book-dfs:N`,
    /// `book-astar`, `book-idastar`.
    pub fn from_name(name: &str) -> Option<Method> {
        let (base, arg) = match name.split_once(':') {
            Some((b, a)) => (b, Some(a.parse::<u32>().ok()?)),
            None => (name, None),
        };
        Some(match (base, arg) {
            ("auto", None) => Method::Auto,
            ("astar", None) => Method::AStar,
            ("idastar", None) => Method::IdaStar,
            ("wastar", w) => Method::WeightedAStar(w.unwrap_or(3).max(1)),
            ("greedy", None) => Method::Greedy,
            ("bfs", None) => Method::Bfs,
            ("dfs", d) => Method::Dfs(d.unwrap_or(Method::DFS_LIMIT)),
            ("iddfs", None) => Method::IterativeDeepening,
            ("fess", None) => Method::Fess,
            ("backward", None) => Method::Backward,
            ("pull", None) => Method::Pull,
            ("stone-by-stone", None) => Method::StoneByStone,
            ("talking-stones", n) => {
                Method::TalkingStones(n.unwrap_or(Method::TALKING_STONES_CAP).max(1))
            }
            ("planner", n) => Method::Planner(n.unwrap_or(Method::PLANNER_LIMIT)),
            ("book-bfs", None) => Method::Textbook(Textbook::Bfs),
            ("book-dfs", d) => Method::Textbook(Textbook::Dfs(d.unwrap_or(Method::DFS_LIMIT))),
            ("book-astar", None) => Method::Textbook(Textbook::AStar),
            ("book-idastar", None) => Method::Textbook(Textbook::IdaStar),
            _ => return None,
        })
    }

    /// Whether the search holds little more than its path, so that the memory limit never
    /// stops it: depth-first search, iterative deepening and the textbook's IDA*, which on a hard level would run
    /// for ages without a time or node limit (see [`Limits::FLAT_MEMORY_TIME`]).
    pub fn flat_memory(self) -> bool {
        matches!(
            self,
            Method::Dfs(_) | Method::IterativeDeepening | Method::Textbook(Textbook::IdaStar)
        )
    }

    /// The command-line name.
    pub fn name(self) -> String {
        match self {
            Method::Auto => "auto".into(),
            Method::AStar => "astar".into(),
            Method::IdaStar => "idastar".into(),
            Method::WeightedAStar(w) => format!("wastar:{w}"),
            Method::Greedy => "greedy".into(),
            Method::Bfs => "bfs".into(),
            Method::Dfs(d) => format!("dfs:{d}"),
            Method::IterativeDeepening => "iddfs".into(),
            Method::Fess => "fess".into(),
            Method::Backward => "backward".into(),
            Method::Pull => "pull".into(),
            Method::StoneByStone => "stone-by-stone".into(),
            Method::TalkingStones(n) => format!("talking-stones:{n}"),
            Method::Planner(n) => format!("planner:{n}"),
            Method::Textbook(t) => format!("book-{}", t.name()),
        }
    }
}

/// How to search. The default is the strongest setting: `auto`, matching bound, every
/// deadlock detector on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// The algorithm.
    pub method: Method,
    /// The estimate of the remaining pushes.
    pub lower_bound: LowerBound,
    /// Which deadlock detectors prune.
    pub deadlocks: Deadlocks,
    /// Which other techniques are on.
    pub techniques: Techniques,
    /// Whether `auto` may run its searches on two threads at once (the front door only;
    /// `bench --jobs J` with J > 1 turns it off, the levels being parallel already).
    pub parallel: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            method: Method::Auto,
            lower_bound: LowerBound::Matching,
            deadlocks: Deadlocks::default(),
            techniques: Techniques::default(),
            parallel: true,
        }
    }
}

impl Config {
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
}
