//! The play group: the game in play mode (the level as played, the moves made, and their
//! undo and redo), where a click or drag on the board began, a replayed solution playing
//! itself, and the deadlock check of each new position (on a worker).

use crate::app::inspector::text::plural;
use crate::app::worker::Job;
use crate::level::paths::{push_path, walk_path};
use crate::level::{Dir, Level, Move, Pos};
use crate::solver::inspect::{Analyser, Deadlock};

/// A game in progress on one level.
#[derive(Clone, Debug)]
pub struct Game {
    start: Level,
    /// The board after the moves made.
    pub level: Level,
    moves: Vec<Move>,
    undone: Vec<Move>,
}

impl Game {
    /// A game on `level` with no moves made.
    pub fn new(level: &Level) -> Self {
        Game { start: level.clone(), level: level.clone(), moves: Vec::new(), undone: Vec::new() }
    }

    /// A game on `level` with `plan` ready to be played move by move with [`Game::redo`].
    pub fn with_plan(level: &Level, plan: &[Move]) -> Self {
        let mut game = Game::new(level);
        game.undone = plan.iter().rev().copied().collect();
        game
    }

    /// Moves waiting to be redone (the rest of a replayed solution).
    pub fn redo_count(&self) -> usize {
        self.undone.len()
    }

    /// Steps (pushing a box if there is one) in `dir`; false if the move is illegal.
    pub fn step(&mut self, dir: Dir) -> bool {
        match self.level.try_move(dir) {
            Ok(m) => {
                self.moves.push(m);
                self.undone.clear();
                true
            }
            Err(_) => false,
        }
    }

    /// Makes the steps in `dirs` until one is illegal; returns how many were made.
    pub fn steps(&mut self, dirs: &[Dir]) -> usize {
        dirs.iter().take_while(|&&d| self.step(d)).count()
    }

    /// Walks the player to `to` along a shortest path; false if there is none.
    pub fn walk_to(&mut self, to: Pos) -> bool {
        match walk_path(&self.level, to) {
            Some(path) => self.steps(&path) == path.len(),
            None => false,
        }
    }

    /// Pushes the box at `from` to `to` with the fewest pushes; false if it cannot be done.
    pub fn push_box(&mut self, from: Pos, to: Pos) -> bool {
        match push_path(&self.level, from, to) {
            Some(path) => self.steps(&path) == path.len(),
            None => false,
        }
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> bool {
        let Some(m) = self.moves.pop() else { return false };
        if self.level.undo(m).is_err() {
            self.moves.push(m);
            return false;
        }
        self.undone.push(m);
        true
    }

    /// Makes the last undone move again.
    pub fn redo(&mut self) -> bool {
        let Some(m) = self.undone.pop() else { return false };
        if self.level.try_move(m.dir).is_err() {
            self.undone.clear();
            return false;
        }
        self.moves.push(m);
        true
    }

    /// Back to the start, forgetting the moves.
    pub fn restart(&mut self) {
        *self = Game::new(&self.start);
    }

    /// The moves made.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// How many of the moves pushed a box.
    pub fn pushes(&self) -> usize {
        self.moves.iter().filter(|m| m.push).count()
    }

    /// Whether every box is on a goal.
    pub fn is_solved(&self) -> bool {
        self.level.is_solved()
    }
}

/// Play mode's state.
#[derive(Default)]
pub struct PlayState {
    /// The game (none outside play mode).
    pub game: Option<Game>,
    /// The square where the primary button went down on the board.
    pub press: Option<Pos>,
    /// While a replayed solution plays itself: when its last move was made.
    pub autoplay: Option<std::time::Instant>,
    /// The position last checked for a deadlock, and the check running on a worker.
    pub checked: Option<Level>,
    /// The deadlock check of a position, running on a worker.
    pub check: Option<(Level, Job<(), Option<Deadlock>>)>,
}

impl PlayState {
    /// Once a frame: the answer of the deadlock check if it is done and still about the
    /// position played; then a check of the position if it is new (`repaint` wakes the
    /// window when it is done).
    pub fn watch(&mut self, repaint: impl Fn() + Send + 'static) -> Option<Deadlock> {
        let game = self.game.as_ref()?;
        let mut answer = None;
        if let Some((of, job)) = &mut self.check
            && let Some(done) = job.poll()
        {
            answer = done.filter(|_| *of == game.level);
            self.check = None;
        }
        if self.check.is_none() && self.checked.as_ref() != Some(&game.level) {
            let work = game.level.clone();
            self.checked = Some(work.clone());
            let job = Job::spawn(repaint, move |_| Analyser::new(&work).ok()?.explain(&work));
            self.check = Some((game.level.clone(), job));
        }
        answer
    }

    /// Applies `f` to the game, starting one on `level` if none is going; when `f` makes a
    /// move that solves the level, the line the status bar shows.
    pub fn with_game(
        &mut self,
        level: &Level,
        f: impl FnOnce(&mut Game) -> bool,
    ) -> Option<String> {
        let game = self.game.get_or_insert_with(|| Game::new(level));
        let was_solved = game.is_solved();
        (f(game) && game.is_solved() && !was_solved).then(|| {
            format!(
                "Solved in {} and {}! (Save the solution from the play panel.)",
                plural(game.moves().len(), "move", "moves"),
                plural(game.pushes(), "push", "pushes")
            )
        })
    }
}
