//! Lab mode: the textbook's puzzles stepped by its searches (the board drawn for the
//! puzzle, the node, its children with g, h, f and verdicts, the frontier), and the
//! Experiments view that runs a table of the chapter on a worker thread and draws its chart
//! as the rows come in. The panel owns its state; what its buttons ask for is carried out
//! after it is drawn.

pub mod board;
pub mod experiments;
pub mod game;
pub mod panel;

use crate::lab::puzzle::{Evaluator, Puzzle};
use crate::lab::random::Random;
use crate::solver::textbook::{AStar, Bfs, BookSearch, Dfs, IdaStar};
use crate::solver::{NodeId, Progress, Textbook};
use experiments::Experiments;
use game::GameLab;

/// Expansions a "Run" makes each frame (a few milliseconds of work).
const RUN_CHUNK: u64 = 2_000;

/// Expansions after which a run stops on its own, so that a search that cannot finish
/// (DFS without a bound on the 15-puzzle) does not run forever.
pub const RUN_LIMIT: u64 = 2_000_000;

/// Which problem the lab steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The 8-puzzle.
    Eight,
    /// The 15-puzzle.
    Fifteen,
    /// Tic-tac-toe, searched by a game tree.
    TicTacToe,
}

impl Kind {
    /// The side of its board.
    pub fn side(self) -> usize {
        match self {
            Kind::Eight | Kind::TicTacToe => 3,
            Kind::Fifteen => 4,
        }
    }

    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Eight => "8-puzzle",
            Kind::Fifteen => "15-puzzle",
            Kind::TicTacToe => "tic-tac-toe",
        }
    }
}

/// What the lab panel asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Draw a new start board and restart the search.
    NewBoard,
    /// Restart the search from the same board (after a change of algorithm or evaluator).
    Restart,
    /// One expansion.
    Step,
    /// Expand until solved, exhausted or paused.
    Run,
    /// Stop running.
    Pause,
    /// Show this node's board.
    Show(NodeId),
}

/// The lab's state.
pub struct LabState {
    /// The puzzle.
    pub kind: Kind,
    /// The search.
    pub algorithm: Textbook,
    /// The estimate.
    pub evaluator: Evaluator,
    /// Random moves from the goal for a new board.
    pub moves: u32,
    /// The seed of the next board.
    pub seed: u64,
    /// The start board searched.
    pub puzzle: Puzzle,
    /// The search, from `puzzle`.
    pub search: Box<dyn BookSearch<Puzzle>>,
    /// How its last step ended.
    pub progress: Progress,
    /// The node whose board is drawn (the current one when none was picked).
    pub shown: Option<NodeId>,
    /// Whether "Run" is on.
    pub running: bool,
    /// What went wrong last (a board that cannot be made).
    pub message: String,
    /// The game-tree search, for tic-tac-toe.
    pub game: GameLab,
    /// The Experiments view.
    pub experiments: Experiments,
}

impl Default for LabState {
    fn default() -> Self {
        let evaluator = Evaluator::Good;
        let puzzle = Puzzle::solved(3, evaluator).expect("the 8-puzzle exists");
        let puzzle = puzzle.scrambled(8, &mut Random::new(1));
        let algorithm = Textbook::Bfs;
        LabState {
            kind: Kind::Eight,
            algorithm,
            evaluator,
            moves: 8,
            seed: 2,
            search: search(&puzzle, algorithm),
            puzzle,
            progress: Progress::Running,
            shown: None,
            running: false,
            message: String::new(),
            game: GameLab::default(),
            experiments: Experiments::default(),
        }
    }
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

impl LabState {
    /// Carries out `action`.
    pub fn apply(&mut self, action: Action) {
        if self.kind == Kind::TicTacToe {
            return self.apply_to_game(action);
        }
        match action {
            Action::NewBoard => {
                match Puzzle::solved(self.kind.side(), self.evaluator) {
                    Ok(base) => {
                        self.puzzle = base.scrambled(self.moves, &mut Random::new(self.seed));
                        self.seed += 1;
                        self.message.clear();
                    }
                    Err(e) => self.message = e,
                }
                self.restart();
            }
            Action::Restart => {
                let board = self.puzzle.start_board();
                match Puzzle::solved(self.kind.side(), self.evaluator) {
                    Ok(base) if base.side() == self.puzzle.side() => {
                        self.puzzle = base.from(board);
                        self.message.clear();
                    }
                    Ok(_) => return self.apply(Action::NewBoard),
                    Err(e) => self.message = e,
                }
                self.restart();
            }
            Action::Step => {
                self.running = false;
                self.step(1);
            }
            Action::Run => self.running = self.progress == Progress::Running,
            Action::Pause => self.running = false,
            Action::Show(id) => self.shown = Some(id),
        }
    }

    fn apply_to_game(&mut self, action: Action) {
        match action {
            Action::NewBoard => {
                self.game.new_board(self.moves, &mut Random::new(self.seed));
                self.seed += 1;
            }
            Action::Restart => self.game.restart(),
            Action::Step => {
                self.running = false;
                self.game.step();
            }
            Action::Run => self.running = self.game.stepper.result().is_none(),
            Action::Pause => self.running = false,
            Action::Show(_) => {}
        }
    }

    fn restart(&mut self) {
        self.search = search(&self.puzzle, self.algorithm);
        self.progress = Progress::Running;
        self.shown = None;
        self.running = false;
    }

    fn step(&mut self, budget: u64) {
        if self.progress != Progress::Running {
            return;
        }
        self.progress = self.search.step(budget);
        self.shown = None;
        if self.search.stats().expanded >= RUN_LIMIT && self.progress == Progress::Running {
            self.progress = Progress::NotFound;
            self.message = format!("stopped after {RUN_LIMIT} expansions");
        }
        if self.progress != Progress::Running {
            self.running = false;
        }
    }

    /// Runs a chunk when "Run" is on; true while more is to come.
    pub fn tick(&mut self) -> bool {
        if self.running && self.kind == Kind::TicTacToe {
            self.running = !self.game.run_chunk();
        } else if self.running {
            self.step(RUN_CHUNK);
        }
        self.running
    }

    /// The board drawn: the node picked, the goal when solved, the node expanded last, or
    /// the start.
    pub fn board(&self) -> u64 {
        let tree = self.search.tree();
        let id = match (self.shown, self.progress) {
            (Some(id), _) => Some(id),
            (None, Progress::Solved(goal)) => Some(goal),
            (None, _) => self.search.current(),
        };
        id.and_then(|id| tree.get(id)).map_or(self.puzzle.start_board(), |n| n.state)
    }

    /// One line saying where the search stands.
    pub fn state_line(&self) -> String {
        let s = self.search.stats();
        match self.progress {
            Progress::Running if s.expanded == 0 => "Not started: press Step or Run.".into(),
            Progress::Running => format!("Running: {} expanded.", s.expanded),
            Progress::Solved(goal) => {
                let moves = self.search.solution_length(goal);
                let optimal = if self.search.optimal() { ", the fewest" } else { "" };
                format!("Solved: {moves} moves{optimal}; {} closed, {} open.", s.closed, s.open)
            }
            Progress::Exhausted { complete: true } => {
                format!("Exhausted: no solution ({} closed).", s.closed)
            }
            Progress::Exhausted { complete: false } => {
                format!(
                    "Failed: the bound cut the search ({} closed), so this proves nothing.",
                    s.closed
                )
            }
            Progress::NotFound => format!("Stopped: {}.", self.message),
        }
    }
}
