//! The side panel in play mode: the counters, undo, redo and restart, and saving a solution.

use egui::{Color32, RichText, Ui};

use crate::app::command::Command;
use crate::app::play::Game;
use crate::app::sink::Sink;

/// The panel beside the board in play mode, about `game`, the game on the level shown (none
/// before the first move).
pub fn show(ui: &mut Ui, game: Option<&Game>, sink: &mut Sink<'_>) {
    let pulling = game.is_some_and(|g| g.pulling);
    ui.heading(if pulling { "Playing backwards (pull mode)" } else { "Playing" });
    let (moves, pushes, solved, ahead) = match game {
        Some(g) => (g.moves().len(), g.pushes(), g.is_solved(), g.redo_count()),
        None => (0, 0, false, 0),
    };
    let counts = if pulling {
        format!("Moves {moves}   Pulls {pushes}")
    } else {
        format!("Moves {moves}   Pushes {pushes}")
    };
    ui.label(RichText::new(counts).size(18.0));
    if solved {
        ui.label(RichText::new("Solved!").size(20.0).color(Color32::from_rgb(80, 190, 90)));
        sink.button(ui, Command::SaveSolution, true);
    }
    ui.horizontal(|ui| {
        sink.button(ui, Command::Undo, moves > 0);
        sink.button(ui, Command::Redo, ahead > 0);
        sink.button(ui, Command::Restart, moves > 0);
    });
    let mut on = pulling;
    let toggle = ui.toggle_value(&mut on, Command::TogglePullMode.label());
    let tip = Command::TogglePullMode.entry().and_then(|e| e.tip);
    if toggle.on_hover_text(tip.unwrap_or_default()).clicked() {
        sink.send(Command::TogglePullMode);
    }
    let help = if pulling {
        "Arrows or WASD move and pull the box behind. Click a square to walk there (before \
         the first move: to stand there)."
    } else {
        "Arrows or WASD move. Click a square to walk there; drag a box to push it."
    };
    ui.label(RichText::new(help).small());
}
