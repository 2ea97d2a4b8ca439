//! One textbook search of a puzzle with what it did so far: the lab steps one, or two side
//! by side (*Compare*), each a [`PuzzleRun`].

use crate::app::inspector::predict::Guess;
use crate::app::lab::history::History;
use crate::lab::puzzle::Puzzle;
use crate::solver::textbook::{AStar, Bfs, BookSearch, Dfs, IdaStar};
use crate::solver::{NodeId, Progress, Textbook};

/// Expansions after which a search stops on its own, so that a search that cannot finish
/// (DFS without a bound on the 15-puzzle) does not run forever.
pub const RUN_LIMIT: u64 = 2_000_000;

/// A puzzle search, how its last step ended, and its history.
pub struct PuzzleRun {
    /// The search's algorithm.
    pub algorithm: Textbook,
    /// The search.
    pub search: Box<dyn BookSearch<Puzzle>>,
    /// How its last step ended.
    pub progress: Progress,
    /// Its expansions so far.
    pub history: History,
}

/// The textbook search `algorithm` on `puzzle`, tracing its children.
pub fn search(puzzle: &Puzzle, algorithm: Textbook) -> Box<dyn BookSearch<Puzzle>> {
    let p = puzzle.clone();
    match algorithm {
        Textbook::Bfs => Box::new(Bfs::new(p, true)),
        Textbook::Dfs(d) => Box::new(Dfs::new(p, d, true)),
        Textbook::AStar => Box::new(AStar::new(p, true)),
        Textbook::IdaStar => Box::new(IdaStar::new(p, true)),
    }
}

/// A frontier node of a puzzle search, as predict mode offers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tile {
    /// The node.
    pub id: NodeId,
    /// The tile moved to make it (none for the start).
    pub tile: Option<u8>,
    /// Its cost from the start.
    pub g: u32,
    /// Its estimate.
    pub h: u32,
    /// Its priority, as the search orders by it.
    pub f: u32,
}

impl Guess for Tile {
    fn same(&self, other: &Self) -> bool {
        self.id == other.id
    }

    fn name(&self) -> String {
        match self.tile {
            Some(t) => format!("#{} tile {t}", self.id),
            None => format!("#{} start", self.id),
        }
    }

    fn f(&self) -> u32 {
        self.f
    }
}

impl PuzzleRun {
    /// `algorithm` on `puzzle`, not started (IDA* has expanded the start already).
    pub fn new(puzzle: &Puzzle, algorithm: Textbook) -> Self {
        let search = search(puzzle, algorithm);
        let history = History::of(search.as_ref());
        PuzzleRun { algorithm, search, progress: Progress::Running, history }
    }

    /// Expansions so far.
    pub fn expanded(&self) -> u64 {
        self.search.stats().expanded
    }

    /// Whether it can be stepped on.
    pub fn running(&self) -> bool {
        self.progress == Progress::Running
    }

    /// One expansion, recorded; false when it has ended (its limit reached: `NotFound`).
    pub fn step_one(&mut self) -> bool {
        if !self.running() {
            return false;
        }
        let before = self.expanded();
        self.progress = self.search.step(1);
        if self.expanded() > before {
            self.history.record(self.search.as_ref());
        }
        if self.expanded() >= RUN_LIMIT && self.running() {
            self.progress = Progress::NotFound;
        }
        true
    }

    /// Node `id` as predict mode offers it.
    pub fn tile(&self, id: NodeId) -> Tile {
        let node = self.search.tree().get(id);
        let (g, h) = node.map_or((0, 0), |n| (n.g, n.h));
        Tile { id, tile: node.and_then(|n| n.mv), g, h, f: self.search.f(id) }
    }

    /// Up to `k` frontier nodes, the next first.
    pub fn frontier(&self, k: usize) -> Vec<Tile> {
        self.search.frontier(k).into_iter().map(|id| self.tile(id)).collect()
    }

    /// One line saying where it stands, its counters named as its catalogue entry names
    /// them.
    pub fn state_line(&self) -> String {
        let s = self.search.stats();
        let closed = self.algorithm.method().info().stored.name;
        match self.progress {
            Progress::Running if s.expanded == 0 => "Not started: press Step or Run.".into(),
            Progress::Running => format!("Running: {} expanded.", s.expanded),
            Progress::Solved(goal) => {
                let moves = self.search.solution_length(goal);
                let optimal = if self.search.optimal() { ", the fewest" } else { "" };
                format!("Solved: {moves} moves{optimal}; {} {closed}, {} open.", s.closed, s.open)
            }
            Progress::Exhausted { complete: true } => {
                format!("Exhausted: no solution ({} {closed}).", s.closed)
            }
            Progress::Exhausted { complete: false } => {
                format!(
                    "Failed: the bound cut the search ({} {closed}), so this proves nothing.",
                    s.closed
                )
            }
            Progress::NotFound => format!("Stopped after {RUN_LIMIT} expansions."),
        }
    }
}

/// The frontier as predict mode offers it: by the tile moved, then the cost, so that the
/// list's order gives nothing away.
pub fn choices(frontier: &[Tile]) -> Vec<Tile> {
    let mut choices = frontier.to_vec();
    choices.sort_by_key(|t| (t.tile, t.g, t.id));
    choices
}
