//! The overlay section of the side panel: a toggle per overlay with its legend colour and
//! shortcut, "why is this a deadlock?", then the notes on the plan overlays and the answer.

use egui::{RichText, Ui};

use crate::app::command::Command;
use crate::app::overlay::{Overlay, OverlayState};
use crate::app::palette::Palette;
use crate::app::settings::Settings;
use crate::app::sink::Sink;
use crate::level::Level;

/// The overlay toggles with their legend, and the deadlock explanation; `level` is the level
/// shown in the editor (the plan's), `explained` whether the explanation (if there is one)
/// is about the position on the board.
pub fn show(
    ui: &mut Ui,
    settings: &Settings,
    overlays: &OverlayState,
    level: &Level,
    explained: Option<bool>,
    sink: &mut Sink<'_>,
) {
    ui.heading("Overlays");
    let pal = Palette::for_dark_mode(settings.dark);
    for o in Overlay::ALL {
        ui.horizontal(|ui| {
            let (r, _) = ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
            ui.painter().rect_filled(r, 2.0, o.color(&pal));
            let mut on = settings.overlays.contains(&o);
            let toggle = if o == Overlay::Dead {
                Command::ToggleDeadSquares
            } else {
                Command::ToggleOverlay(o)
            };
            let mut r = ui.checkbox(&mut on, o.name());
            if let Some(s) = sink.shortcut_text(ui, &toggle) {
                r = r.on_hover_text(s);
            }
            if r.changed() {
                sink.send(Command::ToggleOverlay(o));
            }
        });
    }
    ui.horizontal(|ui| {
        let (r, _) = ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
        ui.painter().rect_filled(r, 2.0, pal.problem);
        sink.button(ui, Command::ExplainDeadlock, true);
    });
    // What appears and goes comes after every control, so that none of them moves.
    for o in Overlay::ALL.into_iter().filter(|o| o.shows_plan()) {
        if settings.overlays.contains(&o) {
            let note = format!("{}: {}", o.name(), overlays.plan_note(o, level));
            ui.label(RichText::new(note).small());
        }
    }
    if let (Some(e), Some(current)) = (&overlays.explanation, explained) {
        let text = RichText::new(e.text());
        ui.label(if current { text } else { text.weak() });
        if !current {
            ui.label(RichText::new("(about a position no longer shown)").small());
        }
    }
}
