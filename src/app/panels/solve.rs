//! The solver section of the side panel: what Solve looks for, Solve and Cancel, the
//! progress line, and the last solution, labelled with how it was found, with Replay.

use egui::Ui;

use crate::app::command::Command;
use crate::app::document::LevelKey;
use crate::app::sink::Sink;
use crate::app::solving::{Aim, SolverState};

/// The solver section, drawn from the bottom up so that its controls stay where they are:
/// Solve (Cancel while it runs) with the aim choice on the bottom row, the progress line or
/// the solution found for the level and board `key` names above it, then the heading with
/// Replay.
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
        // One row, always: the section keeps its height when a run starts or ends, so
        // nothing above it moves (a long line is cut with "…" and shown whole on hover).
        let line = match (&solver.run, found) {
            (Some(run), _) => run.progress_line(),
            (None, Some(found)) => format!("Solution: {}", found.describe()),
            (None, None) => "No solution found for this board yet.".into(),
        };
        ui.add(egui::Label::new(line).truncate());
        ui.horizontal(|ui| {
            ui.heading("Solver");
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                sink.button(ui, Command::ReplaySolution, found.is_some());
            });
        });
    });
}
