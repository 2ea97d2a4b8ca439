//! The solver section of the side panel: Solve and Cancel, the progress line, and the last
//! solution with Replay.

use egui::Ui;

use crate::app::command::Command;
use crate::app::sink::Sink;
use crate::app::solving::SolverState;

/// Solve / Cancel, progress while the solver runs, and the solution it found for level
/// `current`.
pub fn show(ui: &mut Ui, solver: &SolverState, current: usize, sink: &mut Sink<'_>) {
    ui.heading("Solver");
    match &solver.run {
        Some(run) => {
            let line = run.progress_line();
            ui.horizontal(|ui| {
                ui.spinner();
                sink.button(ui, Command::CancelSolve, true);
            });
            ui.label(line);
        }
        None => sink.button(ui, Command::Solve, true),
    }
    if let Some(found) = &solver.found
        && found.level == current
    {
        let optimal = if found.optimal { ", push-optimal" } else { "" };
        let line =
            format!("Solution: {} moves, {} pushes{optimal}", found.moves.len(), found.pushes);
        ui.label(line);
        sink.button(ui, Command::ReplaySolution, true);
    }
}
