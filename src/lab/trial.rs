//! One search of an experiment on one instance: which textbook search (`Algorithm`), run
//! to its end or a node limit within the run's time and memory bounds, and what it did.

use crate::solver::textbook::{AStar, Bfs, BookSearch, Dfs, IdaStar, Problem};
use crate::solver::{Limits, Progress, Textbook};
use serde::{Deserialize, Serialize};
use std::time::Instant;

/// A search of a scramble experiment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
pub enum Algorithm {
    /// Breadth-first search.
    Bfs,
    /// Depth-first search with a depth bound.
    Dfs(DepthBound),
    /// A* with the experiment's evaluator.
    AStar,
    /// IDA* with the experiment's evaluator.
    IdaStar,
}

/// A depth bound, fixed or in proportion to the row's number of moves, or none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
pub enum DepthBound {
    /// This many times the row's moves: `Moves(2)` is the book's DFS(2n).
    Moves(u32),
    /// This many moves whatever the row.
    Fixed(u32),
    /// No bound.
    Unbounded,
}

impl Algorithm {
    /// The column label: `BFS`, `DFS(n)`, `DFS(2n)`, `DFS(20)`, `DFS`, `A*`, `IDA*`.
    pub fn label(self) -> String {
        match self {
            Algorithm::Dfs(DepthBound::Moves(1)) => "DFS(n)".into(),
            Algorithm::Dfs(DepthBound::Moves(k)) => format!("DFS({k}n)"),
            Algorithm::Dfs(DepthBound::Unbounded) => "DFS".into(),
            other => other.search(0).label(),
        }
    }

    /// The textbook search for a row of `n` moves.
    pub fn search(self, n: u32) -> Textbook {
        match self {
            Algorithm::Bfs => Textbook::Bfs,
            Algorithm::Dfs(DepthBound::Moves(k)) => Textbook::Dfs(k.saturating_mul(n)),
            Algorithm::Dfs(DepthBound::Fixed(d)) => Textbook::Dfs(d),
            Algorithm::Dfs(DepthBound::Unbounded) => Textbook::Dfs(u32::MAX),
            Algorithm::AStar => Textbook::AStar,
            Algorithm::IdaStar => Textbook::IdaStar,
        }
    }
}

/// What one search did on one trial.
#[derive(Clone, Copy, Debug, Default)]
pub struct Trial {
    /// Open at the end.
    pub open: u64,
    /// Closed at the end.
    pub closed: u64,
    /// Expansions made (more than closed when a state was queued twice).
    pub expanded: u64,
    /// The solution's length, if it found one.
    pub length: Option<u32>,
    /// Whether the node limit stopped it.
    pub stopped: bool,
}

/// Expansions a trial's search makes between two looks at the run's bounds.
const CHUNK: u64 = 1024;

/// What bounds every search of a run: when the run must end, and the memory one search
/// may hold.
pub struct Bounds {
    deadline: Option<(Instant, std::time::Duration)>,
    memory: Option<(usize, usize)>,
}

impl Bounds {
    /// The bounds of a run started now under `limits` with `jobs` searches at once.
    pub fn new(limits: &Limits, jobs: u32) -> Self {
        Bounds {
            deadline: limits.time.map(|t| (Instant::now() + t, t)),
            memory: limits.memory_bytes.map(|m| (m / jobs.max(1) as usize, m)),
        }
    }

    /// Why a search holding `memory` bytes must stop now, if it must.
    pub fn passed(&self, memory: usize) -> Result<(), String> {
        if let Some((at, t)) = self.deadline
            && Instant::now() >= at
        {
            return Err(format!(
                "stopped at the time limit ({} s); give more with --time-limit or ask for \
                 fewer moves or trials",
                t.as_secs_f64()
            ));
        }
        match self.memory {
            Some((each, all)) if memory > each => Err(format!(
                "stopped at the memory limit ({} MiB for the searches running at once); raise \
                 --memory-limit, set a node_limit or ask for fewer moves",
                all >> 20
            )),
            _ => Ok(()),
        }
    }
}

/// Runs `search` to its end or `limit` expansions; an error when it passes `bounds`.
fn finish<P: Problem, S: BookSearch<P>>(
    mut search: S,
    limit: Option<u64>,
    bounds: &Bounds,
) -> Result<Trial, String> {
    let mut left = limit.unwrap_or(u64::MAX);
    let progress = loop {
        let budget = left.min(CHUNK);
        let progress = search.step(budget);
        left -= budget;
        if progress != Progress::Running || left == 0 {
            break progress;
        }
        bounds.passed(search.memory())?;
    };
    let s = search.stats();
    let (open, closed, expanded) = (s.open, s.closed, s.expanded);
    Ok(match progress {
        Progress::Solved(goal) => {
            let length = Some(search.solution_length(goal));
            Trial { open, closed, expanded, length, stopped: false }
        }
        Progress::Running => Trial { open, closed, expanded, length: None, stopped: true },
        _ => Trial { open, closed, expanded, length: None, stopped: false },
    })
}

/// Runs textbook search `t` on `problem`.
pub fn trial<P: Problem>(
    problem: P,
    t: Textbook,
    limit: Option<u64>,
    bounds: &Bounds,
) -> Result<Trial, String> {
    match t {
        Textbook::Bfs => finish(Bfs::new(problem, false), limit, bounds),
        Textbook::Dfs(d) => finish(Dfs::new(problem, d, false), limit, bounds),
        Textbook::AStar => finish(AStar::new(problem, false), limit, bounds),
        Textbook::IdaStar => finish(IdaStar::new(problem, false), limit, bounds),
    }
}
