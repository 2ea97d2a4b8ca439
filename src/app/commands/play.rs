//! Play commands: steps, restart, saving the moves as a solution of the level, and walking
//! or pushing a box with the pointer.

use crate::app::command::Command;
use crate::app::play::Game;
use crate::app::state::{App, WindowRequest};
use crate::app::view::Mode;
use crate::level::Pos;
use crate::level::moves::to_lurd;

impl App {
    /// Carries out a play command.
    pub(crate) fn play_command(&mut self, command: Command) -> Option<WindowRequest> {
        match command {
            Command::Step(d) => {
                self.play.autoplay = None;
                self.set_mode(Mode::Play);
                self.with_game(|g| g.step(d));
            }
            Command::Restart => {
                self.play.autoplay = None;
                let (key, level) = (self.document.key(), self.document.level());
                self.play.game_mut(key, level).restart();
            }
            Command::SaveSolution => self.save_solution(),
            Command::TogglePullMode => self.toggle_pull_mode(),
            other => unreachable!("{other:?} is not a play command"),
        }
        None
    }

    /// Play mode: walk to `to`.
    pub fn play_click(&mut self, to: Pos) {
        self.with_game(|g| g.walk_to(to));
    }

    /// Play mode: push the box at `from` to `to` along the shortest push path.
    pub fn play_drag_box(&mut self, from: Pos, to: Pos) {
        let mut ok = true;
        self.with_game(|g| {
            ok = g.push_box(from, to);
            ok
        });
        if !ok {
            self.messages.status = "That box cannot be pushed there.".into();
        }
    }

    /// Applies `f` to the game (one starts on the level shown if none is going), saying so
    /// when it solves the level.
    pub(crate) fn with_game(&mut self, f: impl FnOnce(&mut Game) -> bool) {
        let (key, level) = (self.document.key(), self.document.level());
        if let Some(line) = self.play.with_game(key, level, f) {
            self.messages.status = line;
        }
    }

    /// Play mode, pulling or not: a new game on the level shown.
    fn toggle_pull_mode(&mut self) {
        self.play.autoplay = None;
        self.set_mode(Mode::Play);
        let (key, level) = (self.document.key(), self.document.level());
        if self.play.game(key).is_some_and(|g| g.pulling) {
            self.play.set_game(key, Game::new(level));
            self.messages.status = "Pull mode off: playing forwards from the start.".into();
            return;
        }
        match Game::pulling(level) {
            Ok(game) => {
                self.play.set_game(key, game);
                self.messages.status = "Pull mode: the boxes start on the goals. Move away from \
                    a box to pull it; before the first move, click any free square to stand \
                    there. Bring the boxes back to where the level starts them."
                    .into();
            }
            Err(why) => self.messages.status = format!("Pull mode cannot start: {why}."),
        }
    }

    /// Stores the moves of a solved game as a solution of the level (the game goes on: a
    /// saved solution is not the board).
    fn save_solution(&mut self) {
        let Some(g) = self.play.game(self.document.key()) else { return };
        if !g.is_solved() {
            return;
        }
        let lurd = to_lurd(g.moves());
        self.edit_level(|l| {
            if !l.meta.solutions.contains(&lurd) {
                l.meta.solutions.push(lurd);
            }
        });
        self.messages.status = "Saved the solution into the level.".into();
    }
}
