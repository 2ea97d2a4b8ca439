//! The side panel in play mode: the counters, undo, redo and restart, and saving a solution.

use egui::{Color32, RichText, Ui};

use crate::app::command::Command;
use crate::app::play::PlayState;
use crate::app::sink::Sink;

/// The panel beside the board in play mode.
pub fn show(ui: &mut Ui, play: &PlayState, sink: &mut Sink<'_>) {
    ui.heading("Playing");
    let (moves, pushes, solved, ahead) = match &play.game {
        Some(g) => (g.moves().len(), g.pushes(), g.is_solved(), g.redo_count()),
        None => (0, 0, false, 0),
    };
    ui.label(RichText::new(format!("Moves {moves}   Pushes {pushes}")).size(18.0));
    if solved {
        ui.label(RichText::new("Solved!").size(20.0).color(Color32::from_rgb(80, 190, 90)));
        sink.button(ui, Command::SaveSolution, true);
    }
    ui.horizontal(|ui| {
        sink.button(ui, Command::Undo, moves > 0);
        sink.button(ui, Command::Redo, ahead > 0);
        sink.button(ui, Command::Restart, moves > 0);
    });
    ui.label(
        RichText::new("Arrows or WASD move. Click a square to walk there; drag a box to push it.")
            .small(),
    );
}
