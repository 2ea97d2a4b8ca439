//! Lab mode: the textbook's puzzles stepped by its searches (the board drawn for the
//! puzzle, the node, its children with g, h, f and verdicts, the frontier, and below the
//! history, a chart and the tree), tic-tac-toe stepped by its game-tree searches, the level
//! shown scrambled by random pulls (stepped in the inspector, whose views are Sokoban's),
//! and the Experiments view that runs a table of the chapter on a worker thread and draws
//! its chart as the rows come in. A puzzle can be searched by two searches side by side
//! (*Compare*), and stepped in predict mode. The panel owns its state; what its buttons ask
//! for is carried out after it is drawn.

pub mod board;
pub mod experiments;
pub mod game;
pub mod history;
pub mod lower;
pub mod panel;
pub mod run;

use crate::app::document::LevelKey;
use crate::app::inspector::compare::{First, first_to_finish};
use crate::app::inspector::predict::Predict;
use crate::lab::pulls;
use crate::lab::puzzle::{Evaluator, Puzzle};
use crate::level::Level;
use crate::solver::Random;
use crate::solver::{NodeId, Progress, Textbook};
use experiments::Experiments;
use game::GameLab;
use run::{PuzzleRun, Tile};
use std::time::{Duration, Instant};

/// Expansions a "Run" makes each frame at most.
const RUN_CHUNK: u64 = 2_000;

/// Time a "Run" takes each frame at most, so that drawing never waits.
const RUN_TIME: Duration = Duration::from_millis(8);

/// Which problem the lab steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The 8-puzzle.
    Eight,
    /// The 15-puzzle.
    Fifteen,
    /// Tic-tac-toe, searched by a game tree.
    TicTacToe,
    /// The level shown, solved, then scrambled by random pulls.
    Sokoban,
}

impl Kind {
    /// Every problem, in menu order.
    pub const ALL: [Kind; 4] = [Kind::Eight, Kind::Fifteen, Kind::TicTacToe, Kind::Sokoban];

    /// The side of a sliding-tile puzzle's board.
    fn puzzle_side(self) -> Option<usize> {
        match self {
            Kind::Eight => Some(3),
            Kind::Fifteen => Some(4),
            Kind::TicTacToe | Kind::Sokoban => None,
        }
    }

    /// Its place in [`Kind::ALL`].
    fn index(self) -> usize {
        Kind::ALL.iter().position(|&k| k == self).unwrap_or(0)
    }

    /// The random moves (or pulls) a new board starts with, until the user picks another.
    fn default_moves(self) -> u32 {
        match self {
            Kind::TicTacToe => 2,
            Kind::Eight | Kind::Fifteen | Kind::Sokoban => 8,
        }
    }

    /// Whether it is a sliding-tile puzzle.
    pub fn is_puzzle(self) -> bool {
        self.puzzle_side().is_some()
    }

    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Eight => "8-puzzle",
            Kind::Fifteen => "15-puzzle",
            Kind::TicTacToe => "tic-tac-toe",
            Kind::Sokoban => "Sokoban: the level shown, scrambled",
        }
    }
}

/// The level shown, scrambled by random pulls from its solved position.
#[derive(Clone, Debug, PartialEq)]
pub struct Scrambled {
    /// The key of the level and board it was made from.
    pub from: LevelKey,
    /// The scrambled level, titled after what was done to it, or why there is none.
    pub level: Result<Level, String>,
    /// The seed of its pulls.
    pub seed: u64,
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
    /// The search itself back one expansion (re-run from its start).
    StepBack,
    /// The search itself at this many expansions (re-run from its start when back).
    GoTo(u64),
    /// Expand until solved, exhausted or paused.
    Run,
    /// Stop running.
    Pause,
    /// Show this node's board.
    Show(NodeId),
    /// Show the node expanded at this step of the history (from 0).
    Scrub(usize),
    /// Add the scrambled level after the level shown and step it in the inspector.
    Inspect,
    /// Turn the second search (Compare) on or off.
    ToggleCompare,
    /// Turn predict mode on or off.
    TogglePredict,
    /// Guess that this frontier node (of the choices offered) is expanded next, and step.
    Predict(usize),
}

/// What the lab's lower panel shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LowerView {
    /// The Experiments view.
    Experiments,
    /// The puzzle search's expansion history.
    History,
    /// Its open and closed sizes against expansions.
    Chart,
    /// The tree of its first expansions.
    Tree,
}

/// The lab's state.
pub struct LabState {
    /// The puzzle.
    pub kind: Kind,
    /// The search chosen (the one the search shown was built with, once restarted).
    pub algorithm: Textbook,
    /// The second search chosen, for Compare.
    pub rival_algorithm: Textbook,
    /// The estimate.
    pub evaluator: Evaluator,
    /// Each problem's own random moves from the goal for a new board (see
    /// [`LabState::moves`]).
    moves_by_kind: [u32; Kind::ALL.len()],
    /// The seed of the next board.
    pub seed: u64,
    /// The start board searched.
    pub puzzle: Puzzle,
    /// The search of `puzzle`, with its history.
    pub run: PuzzleRun,
    /// The second search of `puzzle`, when compared.
    pub rival: Option<PuzzleRun>,
    /// Predict mode, on the first search.
    pub predict: Predict<Tile>,
    /// The node whose board is drawn (the current one when none was picked).
    pub shown: Option<NodeId>,
    /// The history step the history view is on (the latest when none was picked).
    pub scrub: Option<usize>,
    /// What the lower panel shows.
    pub view: LowerView,
    /// The chart's log scale.
    pub log_scale: bool,
    /// The tree in Van Lishout's colours.
    pub seed_colours: bool,
    /// Whether "Run" is on.
    pub running: bool,
    /// The expansion the search is being re-run to (going back), a chunk a frame.
    pub going_to: Option<u64>,
    /// What went wrong last (a board that cannot be made).
    pub message: String,
    /// The game-tree search, for tic-tac-toe.
    pub game: GameLab,
    /// The scrambled Sokoban level, once made.
    pub sokoban: Option<Scrambled>,
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
            rival_algorithm: Textbook::AStar,
            evaluator,
            moves_by_kind: Kind::ALL.map(Kind::default_moves),
            seed: 2,
            run: PuzzleRun::new(&puzzle, algorithm),
            rival: None,
            predict: Predict::default(),
            puzzle,
            shown: None,
            scrub: None,
            view: LowerView::Experiments,
            log_scale: false,
            seed_colours: false,
            running: false,
            going_to: None,
            message: String::new(),
            game: GameLab::default(),
            sokoban: None,
            experiments: Experiments::default(),
        }
    }
}

impl LabState {
    /// Carries out `action`; `level` is the level shown (the one Sokoban scrambles), `key`
    /// its key. [`Action::Inspect`] is the window's to carry out, with
    /// [`LabState::to_inspect`].
    pub fn apply(&mut self, action: Action, key: LevelKey, level: &Level) {
        match self.kind {
            Kind::TicTacToe => self.apply_to_game(action),
            Kind::Sokoban => self.apply_to_sokoban(action, key, level),
            Kind::Eight | Kind::Fifteen => self.apply_to_puzzle(action),
        }
    }

    /// The scrambled Sokoban level and the search to step it with in the inspector.
    pub fn to_inspect(&self) -> Option<(Level, Textbook)> {
        let board = self.sokoban.as_ref()?.level.as_ref().ok()?;
        Some((board.clone(), self.algorithm))
    }

    fn apply_to_puzzle(&mut self, action: Action) {
        let Some(side) = self.kind.puzzle_side() else { return };
        match action {
            Action::NewBoard => {
                match Puzzle::solved(side, self.evaluator) {
                    Ok(base) => {
                        self.puzzle = base.scrambled(self.moves(), &mut Random::new(self.seed));
                        self.seed += 1;
                        self.message.clear();
                    }
                    Err(e) => self.message = e,
                }
                self.restart();
            }
            Action::Restart => {
                let board = self.puzzle.start_board();
                match Puzzle::solved(side, self.evaluator) {
                    Ok(base) if base.side() == self.puzzle.side() => {
                        self.puzzle = base.from(board);
                        self.message.clear();
                    }
                    Ok(_) => return self.apply_to_puzzle(Action::NewBoard),
                    Err(e) => self.message = e,
                }
                self.restart();
            }
            Action::Step => {
                self.running = false;
                self.going_to = None;
                self.step(1, RUN_TIME, None);
            }
            Action::StepBack => {
                let expanded = self.run.expanded();
                if expanded > 0 {
                    self.go_to(expanded - 1);
                }
            }
            Action::GoTo(k) => self.go_to(k),
            Action::Run => self.running = self.any_running(),
            Action::Pause => self.running = false,
            Action::ToggleCompare => {
                self.rival = match self.rival {
                    Some(_) => None,
                    None => Some(PuzzleRun::new(&self.puzzle, self.rival_algorithm)),
                };
                // The second search starts where the first stands.
                let at = self.run.expanded();
                self.go_to(at);
            }
            Action::TogglePredict => {
                self.predict = Predict { on: !self.predict.on, ..Predict::default() };
            }
            Action::Predict(i) => {
                let frontier = self.run.frontier(PREDICT_SHOWN);
                let Some(&guess) = run::choices(&frontier).get(i) else { return };
                let before = self.run.expanded();
                self.apply_to_puzzle(Action::Step);
                let expanded = (self.run.expanded() > before)
                    .then(|| self.run.search.current().map(|id| self.run.tile(id)))
                    .flatten();
                let info = self.run.algorithm.method().info();
                self.predict.judge(guess, frontier, expanded, info);
            }
            Action::Show(id) => {
                self.shown = Some(id);
                self.scrub = None;
            }
            Action::Scrub(k) => {
                if let Some(step) = self.run.history.steps.get(k) {
                    self.shown = Some(step.node);
                    self.scrub = Some(k);
                }
            }
            Action::Inspect => {}
        }
    }

    /// Sokoban: a new board scrambles `level` (the inspector does the stepping).
    fn apply_to_sokoban(&mut self, action: Action, key: LevelKey, level: &Level) {
        if action == Action::NewBoard {
            let seed = self.seed;
            self.seed += 1;
            self.scramble(key, level, seed);
        }
    }

    /// Makes the Sokoban board: `level` (whose key is `key`) scrambled by `moves` pulls
    /// drawn from `seed`.
    fn scramble(&mut self, key: LevelKey, level: &Level, seed: u64) {
        let board =
            pulls::scrambled(level, self.moves(), &mut Random::new(seed)).map(|mut board| {
                let title = &level.meta.title;
                let title = if title.is_empty() { "the level" } else { title };
                board.meta.title =
                    format!("{title}, scrambled by {} pulls (seed {seed})", self.moves());
                board
            });
        self.sokoban = Some(Scrambled { from: key, level: board, seed });
    }

    /// Keeps the Sokoban board made from `level`, the level shown (whose key is `key`):
    /// when another level is shown (or this one's board is edited), it is scrambled again
    /// with the same seed.
    pub fn follow_level(&mut self, key: LevelKey, level: &Level) {
        if self.kind != Kind::Sokoban {
            return;
        }
        let seed = match &self.sokoban {
            Some(s) if s.from == key => return,
            Some(s) => s.seed,
            None => {
                self.seed += 1;
                self.seed - 1
            }
        };
        self.scramble(key, level, seed);
    }

    fn apply_to_game(&mut self, action: Action) {
        match action {
            Action::NewBoard => {
                self.game.new_board(self.moves(), &mut Random::new(self.seed));
                self.seed += 1;
            }
            Action::Restart => self.game.restart(),
            Action::Step => {
                self.running = false;
                self.game.step();
            }
            Action::Run => self.running = self.game.stepper.result().is_none(),
            Action::Pause => self.running = false,
            Action::Show(_)
            | Action::Scrub(_)
            | Action::Inspect
            | Action::StepBack
            | Action::GoTo(_)
            | Action::ToggleCompare
            | Action::TogglePredict
            | Action::Predict(_) => {}
        }
    }

    /// Puts the search (and the second one, when compared) at `k` expansions: a search is
    /// deterministic, so going back builds it afresh and re-runs it there (a chunk a
    /// frame, like Run).
    fn go_to(&mut self, k: u64) {
        if self.runs().any(|r| k < r.expanded()) {
            self.restart();
        }
        self.going_to = Some(k);
        self.running = false;
        self.tick();
    }

    /// The search (or both) built afresh from the start board with the searches chosen.
    fn restart(&mut self) {
        self.going_to = None;
        self.run = PuzzleRun::new(&self.puzzle, self.algorithm);
        if self.rival.is_some() {
            self.rival = Some(PuzzleRun::new(&self.puzzle, self.rival_algorithm));
        }
        self.shown = None;
        self.scrub = None;
        self.running = false;
        self.predict.last = None;
    }

    /// The search, and the second one when compared.
    pub fn runs(&self) -> impl Iterator<Item = &PuzzleRun> {
        std::iter::once(&self.run).chain(&self.rival)
    }

    /// Whether either search can go on.
    fn any_running(&self) -> bool {
        self.runs().any(PuzzleRun::running)
    }

    /// Up to `budget` expansions of each search, in turn one at a time so that each is
    /// recorded and the two stay together, none beyond `to`; stopping early after `time`.
    fn step(&mut self, budget: u64, time: Duration, to: Option<u64>) {
        let started = Instant::now();
        for i in 0..budget {
            let mut moved = false;
            for run in std::iter::once(&mut self.run).chain(&mut self.rival) {
                if to.is_none_or(|k| run.expanded() < k) {
                    moved |= run.step_one();
                }
            }
            if !moved || (i % 64 == 63 && started.elapsed() > time) {
                break;
            }
        }
        self.shown = None;
        self.scrub = None;
        if !self.any_running() {
            self.running = false;
        }
    }

    /// Runs a chunk when "Run" is on or the search is being re-run to an expansion; true
    /// while more is to come.
    pub fn tick(&mut self) -> bool {
        if let Some(k) = self.going_to {
            let left = self.runs().map(|r| k.saturating_sub(r.expanded())).max().unwrap_or(0);
            self.step(left.min(RUN_CHUNK), RUN_TIME, Some(k));
            if self.runs().all(|r| r.expanded() >= k || !r.running()) {
                self.going_to = None;
            }
            return self.going_to.is_some();
        }
        if self.running && self.kind == Kind::TicTacToe {
            self.running = !self.game.run_chunk();
        } else if self.running && self.kind.is_puzzle() {
            self.step(RUN_CHUNK, RUN_TIME, None);
        }
        self.running
    }

    /// Which search finished first, when compared.
    pub fn first(&self) -> Option<First> {
        let rival = self.rival.as_ref()?;
        let standing = |r: &PuzzleRun| (r.expanded(), !r.running());
        first_to_finish(standing(&self.run), standing(rival))
    }

    /// The board drawn: the node picked, the goal when solved, the node expanded last, or
    /// the start.
    pub fn board(&self) -> u64 {
        self.board_of(&self.run, self.shown)
    }

    /// The board drawn for `run`: node `shown`, the goal when solved, the node expanded
    /// last, or the start.
    pub fn board_of(&self, run: &PuzzleRun, shown: Option<NodeId>) -> u64 {
        let tree = run.search.tree();
        let id = match (shown, run.progress) {
            (Some(id), _) => Some(id),
            (None, Progress::Solved(goal)) => Some(goal),
            (None, _) => run.search.current(),
        };
        id.and_then(|id| tree.get(id)).map_or(self.puzzle.start_board(), |n| n.state)
    }

    /// The random moves (or pulls) a new board of the problem chosen starts with: each
    /// problem keeps its own (tic-tac-toe's 2 are not the 8-puzzle's 8).
    pub fn moves(&self) -> u32 {
        self.moves_by_kind[self.kind.index()]
    }

    /// The problem chosen's random moves, to change.
    pub fn moves_mut(&mut self) -> &mut u32 {
        &mut self.moves_by_kind[self.kind.index()]
    }

    /// The history step scrubbed to, when it is not the latest, with its number (from 0).
    pub fn scrubbed(&self) -> Option<(usize, &history::Expansion)> {
        let k = self.scrub.filter(|&k| k + 1 < self.run.history.steps.len())?;
        Some((k, &self.run.history.steps[k]))
    }

    /// One line saying where the search stands.
    pub fn state_line(&self) -> String {
        match self.going_to {
            Some(k) if self.run.running() => format!(
                "Going back to expansion {k}: re-running the search… {}.",
                self.run.expanded()
            ),
            _ => self.run.state_line(),
        }
    }
}

/// Frontier nodes predict mode offers.
pub const PREDICT_SHOWN: usize = 12;
