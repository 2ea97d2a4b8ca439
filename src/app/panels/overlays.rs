//! The overlay section of the side panel: a toggle per overlay with its legend colour and
//! shortcut, "why is this a deadlock?", then the notes on the plan overlays and the answer.

use egui::{RichText, Ui};

use crate::app::command::Command;
use crate::app::oracle::Answer;
use crate::app::overlay::{Overlay, OverlayState};
use crate::app::palette::Palette;
use crate::app::settings::Settings;
use crate::app::sink::Sink;
use crate::level::Level;

/// Whether the answers kept are about the position on the board (`None`: no answer).
pub struct About {
    /// The deadlock explanation.
    pub explained: Option<bool>,
    /// The oracle's answer.
    pub asked: Option<bool>,
    /// Whether the inspected search is of the oracle's board (its dead set can be added to
    /// the search's patterns).
    pub adoptable: bool,
}

/// The overlay toggles with their legend, the deadlock explanation and the oracle's answer;
/// `level` is the level shown in the editor (the plan's).
pub fn show(
    ui: &mut Ui,
    settings: &Settings,
    overlays: &OverlayState,
    level: &Level,
    about: About,
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
    ui.horizontal(|ui| {
        let (r, _) = ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
        ui.painter().rect_stroke(r.shrink(1.0), 1.0, (2.0, pal.pattern), egui::StrokeKind::Inside);
        sink.button(ui, Command::AskOracle, true);
        if overlays.oracle.running() {
            ui.spinner();
        }
    });
    // What appears and goes comes after every control, so that none of them moves.
    for o in Overlay::ALL.into_iter().filter(|o| o.shows_plan()) {
        if settings.overlays.contains(&o) {
            let note = format!("{}: {}", o.name(), overlays.plan_note(o, level));
            ui.label(RichText::new(note).small());
        }
    }
    if let (Some(e), Some(current)) = (&overlays.explanation, about.explained) {
        let text = RichText::new(e.text());
        ui.label(if current { text } else { text.weak() });
        if !current {
            ui.label(RichText::new("(about a position no longer shown)").small());
        }
    }
    if let (Some(a), Some(current)) = (&overlays.oracle.answer, about.asked) {
        oracle(ui, a, current, &pal);
        if !a.dead_set().is_empty() {
            sink.button(ui, Command::AdoptDeadSet, about.adoptable);
            if !about.adoptable {
                let why = "(for the Inspector's search of this board: open it on this level)";
                ui.label(RichText::new(why).small().weak());
            }
        }
    }
}

/// The oracle's verdict, and each rule's beside it: a rule that calls a position the oracle
/// solved dead is unsound (red); a dead position no rule calls dead is a miss.
fn oracle(ui: &mut Ui, a: &Answer, current: bool, pal: &Palette) {
    let dim = |t: RichText| if current { t } else { t.weak() };
    ui.label(dim(RichText::new(a.headline())));
    if !current {
        ui.label(RichText::new("(about a position no longer shown)").small());
    }
    let Ok(v) = &a.verdict else { return };
    let unsound = v.false_claims();
    egui::Grid::new("oracle-claims").num_columns(2).spacing([12.0, 2.0]).show(ui, |ui| {
        for &(detector, dead_by) in &v.claims {
            ui.label(dim(RichText::new(detector).small()));
            let text = match dead_by {
                Some(rule) if unsound.contains(&detector) => {
                    RichText::new(format!("says dead ({rule}): UNSOUND")).color(pal.problem)
                }
                Some(rule) if rule == detector => RichText::new("dead"),
                Some(rule) => RichText::new(format!("dead ({rule})")),
                None => RichText::new("no claim").weak(),
            };
            ui.label(dim(text.small()));
            ui.end_row();
        }
    });
    if v.missed() {
        ui.label(dim(RichText::new("Dead, and missed by every rule.").color(pal.problem)));
    }
    match &a.saved {
        Some(Ok(path)) => {
            let text = format!("The position is saved for a test: {}", path.display());
            ui.label(dim(RichText::new(text).small()));
        }
        Some(Err(e)) => {
            ui.label(dim(RichText::new(format!("Not saved: {e}")).small()));
        }
        None => {}
    }
}
