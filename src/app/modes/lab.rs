//! The lab as a mode: the textbook's puzzles and games drawn in place of the board (the
//! Sokoban scramble on it), its panels beside and below, their actions carried out after
//! drawing, and the experiments run on a worker.

use crate::app::worker::Waker;
use egui::{RichText, Ui};

use crate::app::command::Command;
use crate::app::document::DocumentState;
use crate::app::inspector::compare::First;
use crate::app::lab::{self, Action, Kind, LabState};
use crate::app::modes::{Frame, ModeView};
use crate::level::Level;

/// How soon the window looks again while an experiment runs.
const EXPERIMENTING: std::time::Duration = std::time::Duration::from_millis(100);

impl ModeView for LabState {
    /// Scrambles the level shown again when it changes, runs the search on, and takes the
    /// experiment's rows.
    fn tick(&mut self, frame: &mut Frame<'_>) {
        self.follow_level(frame.document.key(), frame.document.level());
        if self.tick() {
            frame.ctx.request_repaint();
        }
        if self.experiments.poll() {
            frame.ctx.request_repaint_after(EXPERIMENTING);
        }
    }

    /// The scrambled level, for Sokoban.
    fn board<'a>(&'a self, _: &'a DocumentState) -> Option<&'a Level> {
        match self.kind {
            Kind::Sokoban => self.sokoban.as_ref().and_then(|s| s.level.as_ref().ok()),
            Kind::Eight | Kind::Fifteen | Kind::TicTacToe => None,
        }
    }

    fn side_panel(&mut self, ui: &mut Ui, frame: &mut Frame<'_>) {
        let name = frame.document.level_name();
        for action in lab::panel::show(ui, self, &name) {
            self.carry_out(action, frame);
        }
    }

    fn shares_side_panel(&self) -> bool {
        false
    }

    fn has_lower_panel(&self) -> bool {
        true
    }

    fn lower_panel(&mut self, ui: &mut Ui, frame: &mut Frame<'_>) {
        let name = frame.document.level_name();
        let (asked, actions) = lab::lower::show(ui, self, &name);
        for action in actions {
            self.carry_out(action, frame);
        }
        if asked.start {
            self.experiments.start(frame.document.level(), Waker::new(frame.ctx));
        }
        if asked.open {
            frame.sink.send(Command::OpenExperiment);
        }
    }

    /// The puzzle's tiles or the game's grid.
    fn draws_own_board(&mut self, ui: &mut Ui, frame: &Frame<'_>) -> bool {
        match self.kind {
            Kind::TicTacToe => {
                lab::board::show_game(ui, self.game.stepper.position(), &frame.palette)
            }
            Kind::Eight | Kind::Fifteen => {
                let side = self.puzzle.side();
                let Some(rival) = &self.rival else {
                    lab::board::show(ui, self.board(), side, &frame.palette);
                    return true;
                };
                // Compared: each search's board, under its name and where it stands.
                let first = self.first();
                ui.columns(2, |cols| {
                    for (ui, (run, side_of)) in
                        cols.iter_mut().zip([(&self.run, First::Left), (rival, First::Right)])
                    {
                        let won = first.is_some_and(|f| f == side_of || f == First::Both);
                        let mark = if won { " (finished first)" } else { "" };
                        ui.label(
                            RichText::new(format!("{}{mark}", run.algorithm.label())).strong(),
                        );
                        ui.label(run.state_line());
                        let shown = if side_of == First::Left { self.shown } else { None };
                        lab::board::show(ui, self.board_of(run, shown), side, &frame.palette);
                    }
                });
            }
            Kind::Sokoban => return false,
        }
        true
    }
}

impl LabState {
    /// Carries out what a lab panel asked for: Inspect becomes a command (the level joins
    /// the collection and the inspector opens on it), the rest is the lab's own.
    fn carry_out(&mut self, action: Action, frame: &mut Frame<'_>) {
        if action != Action::Inspect {
            self.apply(action, frame.document.key(), frame.document.level());
        } else if let Some((level, search)) = self.to_inspect() {
            frame.sink.send(Command::InspectLabLevel(Box::new(level), search));
        }
    }
}
