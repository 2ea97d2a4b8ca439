//! Solver commands: solve the level shown on a worker, cancel, replay the solution in play
//! mode; and taking the solver's result.

use crate::app::command::Command;
use crate::app::play::Game;
use crate::app::state::{App, WindowRequest};
use crate::app::view::Mode;
use crate::app::worker::Waker;

impl App {
    /// Carries out a solver command.
    pub(crate) fn solver_command(&mut self, command: Command) -> Option<WindowRequest> {
        match command {
            Command::Solve => {
                if self.solver.run.is_none() {
                    return Some(WindowRequest::StartSolver);
                }
            }
            Command::SetSolveAim(aim) => self.settings.solve_aim = aim,
            Command::CancelSolve => {
                if let Some(run) = &self.solver.run {
                    run.cancel();
                }
            }
            Command::ReplaySolution => self.replay_found(),
            other => unreachable!("{other:?} is not a solver command"),
        }
        None
    }

    /// Starts the solver on the current level; `repaint` wakes the window when it reports.
    pub fn start_solver(&mut self, repaint: Waker) {
        let aim = self.settings.solve_aim;
        self.solver.start(self.document.key(), self.document.level(), aim, repaint);
        self.messages.status = "Solving…".into();
    }

    /// Takes the solver's result once it has finished, and the inspector's proof of the
    /// fewest pushes, so every label of a solution with that count says it is optimal.
    pub fn poll_solver(&mut self) {
        if let Some((key, pushes)) = self.inspector.proof() {
            self.solver.prove(key, pushes);
        }
        if let Some((key, line)) = self.solver.poll() {
            self.messages.status = match self.document.index_of(key.id) {
                Some(i) => format!("Level {}: {line}", i + 1),
                None => format!("A deleted level: {line}"),
            };
        }
    }

    /// Play mode on the level the solution was found for, with its moves ready to step
    /// through (redo plays the next one).
    fn replay_found(&mut self) {
        let key = self.document.key();
        let Some(found) = self.solver.found_for(key).cloned() else {
            self.messages.status =
                "The solution belongs to another level or an older version.".into();
            return;
        };
        self.set_mode(Mode::Play);
        self.play.set_game(key, Game::with_plan(&found.start, &found.moves));
        self.play.autoplay = Some((key, std::time::Instant::now()));
        self.messages.status = format!(
            "Replaying the solution: {}. Undo or Redo (Ctrl+Y) stops it and steps.",
            found.describe()
        );
    }
}
