//! Play as a mode: the game on the level shown (kept per level and board by [`PlayState`]),
//! clicks that walk and drags that push, a replayed solution playing itself, and the
//! check of each new position (a deadlock; at least how many pushes are left).

use crate::app::worker::Waker;
use egui::Ui;

use crate::app::board::Overlays;
use crate::app::document::DocumentState;
use crate::app::modes::{Frame, ModeView, Pointer};
use crate::app::panels;
use crate::app::play::PlayState;
use crate::level::paths::push_path;
use crate::level::{Level, Pos};

/// Time between the moves of a replayed solution.
const REPLAY_STEP: std::time::Duration = std::time::Duration::from_millis(120);

impl ModeView for PlayState {
    /// Plays the next move of a replayed solution when its time has come (a replay of
    /// another level stops), and says so when the position played is dead.
    fn tick(&mut self, frame: &mut Frame<'_>) {
        let (key, level) = (frame.document.key(), frame.document.level());
        if let Some((of, at)) = self.autoplay {
            if of != key {
                self.autoplay = None;
            } else {
                if at.elapsed() >= REPLAY_STEP {
                    if let Some(line) = self.with_game(key, level, |g| g.redo()) {
                        *frame.status = line;
                    }
                    let more = self.game(key).is_some_and(|g| g.redo_count() > 0);
                    self.autoplay = more.then(|| (key, std::time::Instant::now()));
                }
                frame.ctx.request_repaint_after(REPLAY_STEP);
            }
        }
        if let Some(d) = self.watch(key, level, Waker::new(frame.ctx)) {
            *frame.status = format!(
                "This position is dead ({}): {} Undo takes the last move back.",
                d.rule.name(),
                d.reason
            );
        }
    }

    /// The game's position (the level itself before the first move).
    fn board<'a>(&'a self, document: &'a DocumentState) -> Option<&'a Level> {
        self.game(document.key()).map(|g| &g.level)
    }

    fn side_panel(&mut self, ui: &mut Ui, frame: &mut Frame<'_>) {
        let (key, level) = (frame.document.key(), frame.document.level());
        let verdict = self.verdict(self.position(key, level));
        panels::play::show(ui, self.game(key), verdict, &mut frame.sink);
    }

    /// The push path of the box being dragged.
    fn overlays(
        &mut self,
        overlays: &mut Overlays,
        board: &Level,
        hover: Option<Pos>,
        _: &Frame<'_>,
    ) {
        if let (Some(from), Some(to)) = (self.press, hover)
            && from != to
            && board.square(from).has_box
        {
            overlays.path = push_trail(board, from, to);
        }
    }

    /// A click walks the player there; a box dragged elsewhere is pushed there.
    fn pointer(&mut self, pointer: &Pointer, frame: &mut Frame<'_>) {
        if pointer.primary && pointer.over_board {
            self.press = pointer.cell;
        }
        let Some(from) = self.press.take_if(|_| pointer.released) else { return };
        let (key, level) = (frame.document.key(), frame.document.level());
        let on_box = self.game(key).map_or(level, |g| &g.level).square(from).has_box;
        let line = match pointer.cell {
            Some(to) if to != from && on_box => {
                let mut ok = true;
                let line = self.with_game(key, level, |g| {
                    ok = g.push_box(from, to);
                    ok
                });
                if !ok {
                    *frame.status = "That box cannot be pushed there.".into();
                }
                line
            }
            Some(to) if to == from => self.with_game(key, level, |g| g.walk_to(to)),
            _ => None,
        };
        if let Some(line) = line {
            *frame.status = line;
        }
    }
}

/// The squares the box at `from` passes on its shortest push path to `to`.
fn push_trail(level: &Level, from: Pos, to: Pos) -> Vec<Pos> {
    let Some(dirs) = push_path(level, from, to) else { return Vec::new() };
    let mut trail = Vec::new();
    let mut game = level.clone();
    for d in dirs {
        if let Ok(m) = game.try_move(d)
            && m.push
            && let Some(p) = game.player().and_then(|p| game.step_on_board(p, d))
        {
            trail.push(p);
        }
    }
    trail
}
