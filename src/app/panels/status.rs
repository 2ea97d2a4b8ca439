//! The status bar: the file and whether it is saved, the level shown and its size, the file
//! job in progress with Cancel, and the last message.

use egui::Ui;

use crate::app::command::Command;
use crate::app::document::DocumentState;
use crate::app::files::FileRun;
use crate::app::sink::Sink;

/// The status bar, with the file job `files` if one runs and the message `status`.
pub fn show(
    ui: &mut Ui,
    document: &DocumentState,
    files: Option<&FileRun>,
    status: &str,
    sink: &mut Sink<'_>,
) {
    ui.horizontal(|ui| {
        let doc = &document.doc;
        let dirty = if doc.dirty { "* unsaved changes" } else { "saved" };
        ui.label(format!("{} — {dirty}", doc.name()));
        ui.separator();
        let l = document.level();
        ui.label(format!(
            "level {}/{}  {}×{}",
            document.current() + 1,
            doc.collection.levels.len(),
            l.width(),
            l.height()
        ));
        ui.separator();
        if let Some(run) = files {
            ui.add(egui::Spinner::new());
            ui.label(run.describe());
            sink.button(ui, Command::CancelFile, true);
            ui.separator();
        }
        ui.label(status);
    });
}
