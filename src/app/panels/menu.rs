//! The menu bar: File, Edit, Board, View and Help menus, and the mode bar. Every entry sends
//! a command, with its label and shortcut from the command table; Help lists every shortcut
//! of the table.

use egui::Ui;

use crate::app::command::{Command, Scope, table};
use crate::app::overlay::Overlay;
use crate::app::settings::Settings;
use crate::app::sink::Sink;
use crate::app::view::Mode;

/// The menu bar; `settings` gives the recent files and what the View menu's toggles say.
pub fn show(ui: &mut Ui, settings: &Settings, sink: &mut Sink<'_>) {
    egui::MenuBar::new().ui(ui, |ui| {
        ui.menu_button("File", |ui| {
            sink.menu_item(ui, Command::New);
            sink.menu_item(ui, Command::Open);
            ui.menu_button("Open recent", |ui| {
                for path in &settings.recent {
                    if ui.button(path.display().to_string()).clicked() {
                        sink.send(Command::OpenPath(path.clone()));
                    }
                }
            });
            sink.menu_item(ui, Command::Save);
            sink.menu_item(ui, Command::SaveAs);
            ui.separator();
            sink.menu_item(ui, Command::Quit);
        });
        ui.menu_button("Edit", |ui| {
            sink.menu_item(ui, Command::Undo);
            sink.menu_item(ui, Command::Redo);
            ui.separator();
            sink.menu_item(ui, Command::Copy);
            sink.menu_item(ui, Command::Paste);
            ui.separator();
            for command in [
                Command::AddLevel,
                Command::DuplicateLevel,
                Command::DeleteLevel,
                Command::MoveLevelUp,
                Command::MoveLevelDown,
            ] {
                sink.menu_item(ui, command);
            }
            ui.separator();
            sink.menu_item(ui, Command::RateLevels);
            sink.menu_item(ui, Command::ShowGenerator);
        });
        ui.menu_button("Board", |ui| {
            for command in Command::BOARD_TRANSFORMS {
                sink.menu_item(ui, command);
            }
            ui.separator();
            sink.menu_item(ui, Command::Solve);
            sink.menu_item(ui, Command::ExplainDeadlock);
            sink.menu_item(ui, Command::AskOracle);
        });
        ui.menu_button("View", |ui| {
            sink.menu_item(ui, Command::ZoomIn);
            sink.menu_item(ui, Command::ZoomOut);
            sink.menu_item(ui, Command::ZoomFit);
            let shown = settings.overlays.contains(&Overlay::Dead);
            let dead = if shown { "Hide dead squares" } else { "Show dead squares" };
            sink.menu_item_labelled(ui, dead, Command::ToggleDeadSquares);
            let theme = if settings.dark { "Light theme" } else { "Dark theme" };
            sink.menu_item_labelled(ui, theme, Command::ToggleTheme);
        });
        ui.menu_button("Help", shortcuts);
        ui.separator();
        for mode in Mode::ALL {
            let command = Command::SetMode(mode);
            let Some(entry) = command.entry() else { continue };
            let mut r = ui.selectable_label(sink.mode() == mode, entry.label);
            if let Some(tip) = entry.tip {
                r = r.on_hover_text(tip);
            }
            if r.clicked() {
                sink.send(command);
            }
        }
    });
}

/// Every shortcut of the command table: what it does, the keys, and where it works.
fn shortcuts(ui: &mut Ui) {
    ui.label(egui::RichText::new("Keyboard shortcuts").strong());
    egui::ScrollArea::vertical().max_height(520.0).show(ui, |ui| {
        egui::Grid::new("shortcuts").num_columns(3).striped(true).show(ui, |ui| {
            for entry in table() {
                for (scope, shortcut) in &entry.keys {
                    ui.label(entry.label);
                    ui.label(ui.ctx().format_shortcut(shortcut));
                    ui.label(match scope {
                        Scope::Global => "everywhere",
                        Scope::In(Mode::Edit) => "in the editor",
                        Scope::In(Mode::Play) => "in play",
                        Scope::In(Mode::Inspect) => "in the inspector",
                        Scope::In(Mode::Replay) => "in the timeline",
                        Scope::In(Mode::Lab) => "in the lab",
                    });
                    ui.end_row();
                }
            }
        });
    });
}
