//! The solver section of the side panel: Solve and Cancel, the progress line, and the last
//! solution with Replay.

use egui::Ui;

use crate::app::command::Command;
use crate::app::state::App;

impl App {
    /// Solve / Cancel, progress while the solver runs, and the solution it found.
    pub(crate) fn solve_panel(&mut self, ui: &mut Ui) {
        ui.heading("Solver");
        match &self.solving {
            Some(run) => {
                let line = run.progress_line();
                ui.horizontal(|ui| {
                    ui.spinner();
                    self.command_button(ui, Command::CancelSolve, true);
                });
                ui.label(line);
            }
            None => self.command_button(ui, Command::Solve, true),
        }
        if let Some(found) = &self.found
            && found.level == self.current
        {
            let optimal = if found.optimal { ", push-optimal" } else { "" };
            let line =
                format!("Solution: {} moves, {} pushes{optimal}", found.moves.len(), found.pushes);
            ui.label(line);
            self.command_button(ui, Command::ReplaySolution, true);
        }
    }
}
