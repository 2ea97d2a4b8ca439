//! The solver section of the side panel: what Solve looks for, Solve and Cancel, the
//! progress line, and the last solution, labelled with how it was found, with Replay.

use egui::Ui;

use crate::app::command::Command;
use crate::app::document::LevelKey;
use crate::app::sink::Sink;
use crate::app::solving::{Aim, SolverState};

/// The solver section, drawn from the bottom up so that its controls stay where they are:
/// Solve (Cancel while it runs) with the aim choice on the bottom row, Replay above it, then
/// the progress line or the solution found for the level and board `key` names, then the
/// heading.
pub fn show(ui: &mut Ui, solver: &SolverState, aim: Aim, key: LevelKey, sink: &mut Sink<'_>) {
    let found = solver.found_for(key);
    ui.with_layout(egui::Layout::bottom_up(egui::Align::Min), |ui| {
        ui.horizontal(|ui| {
            match &solver.run {
                Some(_) => sink.button(ui, Command::CancelSolve, true),
                None => sink.button(ui, Command::Solve, true),
            }
            for a in Aim::ALL {
                let command = Command::SetSolveAim(a);
                let Some(entry) = command.entry() else { continue };
                let tip = entry.tip.unwrap_or(entry.label);
                if ui.selectable_label(aim == a, entry.label).on_hover_text(tip).clicked() {
                    sink.send(command);
                }
            }
            if solver.run.is_some() {
                ui.spinner();
            }
        });
        sink.button(ui, Command::ReplaySolution, found.is_some());
        if let Some(run) = &solver.run {
            ui.label(run.progress_line());
        } else if let Some(found) = found {
            ui.label(format!("Solution: {}", found.describe()));
        }
        ui.heading("Solver");
    });
}
