//! The lab's game trees: tic-tac-toe from a board some random moves in, searched by
//! Minimax, NegMax or AlphaBeta one state at a time.

use crate::lab::game_tree::Game;
use crate::lab::game_tree::stepper::{Rule, Stepper};
use crate::lab::random::Random;
use crate::lab::tictactoe::{Cell, TicTacToe};

/// States a "Run" explores each frame.
const RUN_CHUNK: u32 = 5_000;

/// A tic-tac-toe search being stepped.
pub struct GameLab {
    /// The search.
    pub rule: Rule,
    /// Plies searched.
    pub ply: u32,
    /// The position searched from.
    pub start: TicTacToe,
    /// The search, from `start`.
    pub stepper: Stepper<TicTacToe>,
}

impl Default for GameLab {
    fn default() -> Self {
        let start = TicTacToe::new();
        let (rule, ply) = (Rule::AlphaBeta, 9);
        GameLab { stepper: Stepper::new(&start, ply, rule), rule, ply, start }
    }
}

/// `c` as the lab writes it: (column, row).
pub fn cell_text(c: Cell) -> String {
    format!("({}, {})", c.col, c.row)
}

impl GameLab {
    /// Starts the search again from `start`.
    pub fn restart(&mut self) {
        self.stepper = Stepper::new(&self.start, self.ply, self.rule);
    }

    /// A new start `moves` random moves into a game (stopping early at its end).
    pub fn new_board(&mut self, moves: u32, random: &mut Random) {
        let mut board = TicTacToe::new();
        for _ in 0..moves.min(8) {
            let options = board.moves();
            if options.is_empty() {
                break;
            }
            board.play(options[random.below(options.len())]);
        }
        self.start = board;
        self.restart();
    }

    /// One state; true when the search is finished.
    pub fn step(&mut self) -> bool {
        self.stepper.step().is_some()
    }

    /// A chunk of states; true when the search is finished.
    pub fn run_chunk(&mut self) -> bool {
        (0..RUN_CHUNK).any(|_| self.step())
    }

    /// One line saying where the search stands.
    pub fn state_line(&self) -> String {
        let s = &self.stepper;
        match s.result() {
            Some(e) => {
                let best = e.best.map_or("no move".into(), cell_text);
                format!(
                    "Done: best {best}, score {}, {} states explored.",
                    score_text(e.score),
                    e.states
                )
            }
            None if s.states() == 1 => "Not started: press Step or Run.".into(),
            None => format!("{} states explored, depth {}.", s.states(), s.frames().len()),
        }
    }
}

/// A score, the wins by name.
pub fn score_text(score: i32) -> String {
    match score {
        crate::lab::game_tree::WIN => "win".into(),
        s if s == -crate::lab::game_tree::WIN => "loss".into(),
        i32::MIN => "none yet".into(),
        s => s.to_string(),
    }
}
