//! The side panel in play mode: the counters, the pushes left at least, undo, redo and
//! restart, and saving a solution.

use egui::{Color32, RichText, Ui};

use crate::app::command::Command;
use crate::app::inspector::text::plural;
use crate::app::play::{Game, Verdict};
use crate::app::sink::Sink;

/// The panel beside the board in play mode, about `game`, the game on the level shown (none
/// before the first move), and `verdict`, the check of the position shown (none while it
/// runs).
pub fn show(ui: &mut Ui, game: Option<&Game>, verdict: Option<&Verdict>, sink: &mut Sink<'_>) {
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
    if !pulling && !solved {
        pushes_left(ui, verdict);
    }
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

/// "At least N pushes to go", or that the position is dead, from the check of the position
/// (nothing when the level cannot be analysed).
fn pushes_left(ui: &mut Ui, verdict: Option<&Verdict>) {
    let (text, color) = match verdict {
        None => ("Counting the pushes left…".to_string(), ui.visuals().weak_text_color()),
        Some(Verdict { dead: Some(_), .. }) => {
            ("Dead: no solution from here".to_string(), Color32::from_rgb(230, 80, 80))
        }
        Some(Verdict { pushes_left: Some(n), .. }) => {
            let n = plural(*n as usize, "push", "pushes");
            (format!("At least {n} to go"), ui.visuals().text_color())
        }
        Some(Verdict { pushes_left: None, .. }) => return,
    };
    ui.label(RichText::new(text).color(color)).on_hover_text(
        "A lower bound: each box matched to its own goal by the pushes it would need alone on \
         the board. The real number may be higher, never lower.",
    );
}
