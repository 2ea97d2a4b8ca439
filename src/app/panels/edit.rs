//! The editor's side panel: tools and shapes, board transforms, the level's metadata and the
//! live validation list.

use egui::{Color32, RichText, Ui};

use crate::app::command::{Command, table};
use crate::app::document::{DocumentState, LevelKey};
use crate::app::editor::EditorState;
use crate::app::live_check::{Badge, Verdict};
use crate::app::overlay::Overlay;
use crate::app::settings::Settings;
use crate::app::sink::Sink;
use crate::level::Severity;
use crate::level::limits::MAX_SIDE;
use std::time::Duration;

/// The panel beside the board in edit mode; `settings` gives the painting shape and
/// whether dead squares are shown, `fewest` the pushes this session proved the level shown
/// needs.
pub fn show(
    ui: &mut Ui,
    editor: &mut EditorState,
    document: &DocumentState,
    settings: &Settings,
    fewest: Option<usize>,
    sink: &mut Sink<'_>,
) {
    ui.heading("Tools");
    // The tools and the shapes, in the table's order, each with its key.
    ui.horizontal_wrapped(|ui| {
        for e in table().iter() {
            if let Command::SetTool(tool) = e.command {
                choice(ui, &e.command, editor.tool == tool, sink);
            }
        }
    });
    ui.horizontal_wrapped(|ui| {
        for e in table().iter() {
            if let Command::SetShape(shape) = e.command {
                choice(ui, &e.command, settings.shape == shape, sink);
            }
        }
    });
    ui.label(
        RichText::new(
            "Right button clears boxes, goals and the player; Shift+right erases squares. \
             Wheel zooms, middle button pans, Ctrl+0 fits.",
        )
        .small(),
    );
    ui.separator();
    ui.heading("Board");
    let (w, h) = (document.level().width(), document.level().height());
    ui.horizontal(|ui| {
        let id = ui.scope_id().with(("resize", document.current(), w, h));
        let mut size: (usize, usize) = ui.data_mut(|d| *d.get_temp_mut_or(id, (w, h)));
        let width = ui.label("Size").id;
        ui.add(egui::DragValue::new(&mut size.0).range(1..=MAX_SIDE)).labelled_by(width);
        let x = ui.label("x").id;
        ui.add(egui::DragValue::new(&mut size.1).range(1..=MAX_SIDE)).labelled_by(x);
        ui.data_mut(|d| d.insert_temp(id, size));
        if ui.add_enabled(size != (w, h), egui::Button::new("Resize")).clicked() {
            sink.send(Command::Resize(size.0, size.1));
        }
    });
    ui.horizontal_wrapped(|ui| {
        for command in Command::BOARD_TRANSFORMS {
            sink.button(ui, command, true);
        }
    });
    let mut dead = settings.overlays.contains(&Overlay::Dead);
    let label = Command::ToggleDeadSquares.label();
    if ui.checkbox(&mut dead, label).changed() {
        sink.send(Command::ToggleDeadSquares);
    }
    ui.separator();
    meta_fields(ui, document, fewest, sink);
    ui.separator();
    validation_list(ui, editor, document);
    live_check(ui, editor, document.key(), settings.live_check, sink);
}

/// A tool or shape to pick: its label and key, its tooltip, selected when in use.
fn choice(ui: &mut Ui, command: &Command, selected: bool, sink: &mut Sink<'_>) {
    let Some(entry) = command.entry() else { return };
    let label = match entry.shortcut(sink.mode()) {
        Some(s) => format!("{} ({})", entry.label, s.logical_key.name()),
        None => entry.label.to_string(),
    };
    let r = ui.selectable_label(selected, label).on_hover_text(entry.tip.unwrap_or(entry.label));
    if r.clicked() {
        sink.send(command.clone());
    }
}

/// The title, author, comment and saved solutions of the level shown.
fn meta_fields(ui: &mut Ui, document: &DocumentState, fewest: Option<usize>, sink: &mut Sink<'_>) {
    ui.heading("Level");
    let meta = &document.level().meta;
    for (label, value, make) in [
        ("Title", &meta.title, Command::SetTitle as fn(String) -> Command),
        ("Author", &meta.author, Command::SetAuthor),
    ] {
        ui.horizontal(|ui| {
            let name = ui.label(label).id;
            let mut text = value.clone();
            if ui.text_edit_singleline(&mut text).labelled_by(name).changed() {
                sink.send(make(text));
            }
        });
    }
    let name = ui.label("Comment").id;
    let mut comment = meta.comment.clone();
    let edit = egui::TextEdit::multiline(&mut comment).desired_rows(2);
    if ui.add(edit).labelled_by(name).changed() {
        sink.send(Command::SetComment(comment));
    }
    for (i, lurd) in meta.solutions.iter().enumerate() {
        ui.label(format!(
            "Saved solution {}: {}",
            i + 1,
            crate::app::solving::saved_label(lurd, fewest)
        ));
    }
}

/// The live solvability badge and its budget.
fn live_check(
    ui: &mut Ui,
    editor: &EditorState,
    key: LevelKey,
    budget: Duration,
    sink: &mut Sink<'_>,
) {
    let badge = editor.live.badge(key, budget);
    let color = match badge {
        Badge::Done(Verdict::Solvable { .. }) => Color32::from_rgb(80, 180, 90),
        Badge::Done(Verdict::Unsolvable { .. }) => Color32::from_rgb(230, 80, 80),
        _ => ui.visuals().weak_text_color(),
    };
    ui.label(RichText::new(badge.text()).color(color));
    ui.horizontal(|ui| {
        let name = ui.label("Live check budget (s; 0: off)").id;
        let mut secs = budget.as_secs_f64();
        let field = egui::DragValue::new(&mut secs).range(0.0..=600.0).speed(0.1).max_decimals(1);
        if ui.add(field).labelled_by(name).changed() {
            sink.send(Command::SetLiveCheckBudget(Duration::from_secs_f64(secs)));
        }
    });
}

/// The diagnostics of the level shown; their squares are outlined on the board.
fn validation_list(ui: &mut Ui, editor: &mut EditorState, document: &DocumentState) {
    ui.heading("Checks");
    let diagnostics = &editor.analysis(document).diagnostics;
    // A box of its own height, so that what is under it stays put however many there are.
    egui::ScrollArea::vertical().id_salt("checks").max_height(CHECKS_HEIGHT).show(ui, |ui| {
        ui.set_min_height(CHECKS_HEIGHT);
        if diagnostics.is_empty() {
            ui.label(RichText::new("No problems found").color(Color32::from_rgb(80, 180, 90)));
        }
        for d in diagnostics {
            let color = match d.severity {
                Severity::Error => Color32::from_rgb(230, 80, 80),
                Severity::Warning => Color32::from_rgb(230, 170, 40),
                Severity::Info => ui.visuals().text_color(),
            };
            let at = d.cells.first().map(|p| format!(" (at {p})")).unwrap_or_default();
            ui.label(RichText::new(format!("{}: {}{at}", d.severity, d.message)).color(color));
        }
    });
}

/// Height of the checks list.
const CHECKS_HEIGHT: f32 = 110.0;
