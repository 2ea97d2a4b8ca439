//! The editor's side panel: tools and shapes, board transforms, the level's metadata and
//! the live validation list.

use egui::{Color32, RichText, Ui};

use crate::app::command::{Command, SHAPES, Shape, TOOLS};
use crate::app::state::App;
use crate::level::Severity;
use crate::level::edit::Tool;
use crate::level::limits::MAX_SIDE;

impl App {
    /// The panel beside the board in edit mode.
    pub(crate) fn edit_panel(&mut self, ui: &mut Ui) {
        ui.heading("Tools");
        ui.horizontal_wrapped(|ui| {
            for (tool, key, tip) in TOOLS {
                let label = format!("{} ({})", tool_name(tool), key.name());
                let r = ui.selectable_label(self.tool == tool, label).on_hover_text(tip);
                if r.clicked() {
                    self.queue.push(Command::SetTool(tool));
                }
            }
        });
        ui.horizontal_wrapped(|ui| {
            for (shape, key, tip) in SHAPES {
                let label = format!("{} ({})", shape_name(shape), key.name());
                let r = ui.selectable_label(self.settings.shape == shape, label).on_hover_text(tip);
                if r.clicked() {
                    self.queue.push(Command::SetShape(shape));
                }
            }
        });
        ui.label(
            RichText::new("Right button erases. Wheel zooms, middle button pans, Ctrl+0 fits.")
                .small(),
        );
        ui.separator();
        ui.heading("Board");
        let (w, h) = (self.level().width(), self.level().height());
        ui.horizontal(|ui| {
            let id = ui.scope_id().with(("resize", self.current, w, h));
            let mut size: (usize, usize) = ui.data_mut(|d| *d.get_temp_mut_or(id, (w, h)));
            let width = ui.label("Size").id;
            ui.add(egui::DragValue::new(&mut size.0).range(1..=MAX_SIDE)).labelled_by(width);
            let x = ui.label("x").id;
            ui.add(egui::DragValue::new(&mut size.1).range(1..=MAX_SIDE)).labelled_by(x);
            ui.data_mut(|d| d.insert_temp(id, size));
            if ui.add_enabled(size != (w, h), egui::Button::new("Resize")).clicked() {
                self.queue.push(Command::Resize(size.0, size.1));
            }
        });
        ui.horizontal_wrapped(|ui| {
            self.command_button(ui, "Crop", Command::CropToContent, true);
            self.command_button(ui, "Rotate", Command::RotateClockwise, true);
            self.command_button(ui, "Mirror L-R", Command::MirrorHorizontal, true);
            self.command_button(ui, "Mirror T-B", Command::MirrorVertical, true);
            self.command_button(ui, "Swap boxes/goals", Command::SwapBoxesAndGoals, true);
        });
        let mut dead = self.settings.overlays.contains(&crate::app::overlay::Overlay::Dead);
        if ui.checkbox(&mut dead, "Show dead squares").changed() {
            self.queue.push(Command::ToggleDeadSquares);
        }
        ui.separator();
        self.meta_fields(ui);
        ui.separator();
        self.validation_list(ui);
    }

    fn meta_fields(&mut self, ui: &mut Ui) {
        ui.heading("Level");
        let meta = self.level().meta.clone();
        for (label, value, make) in [
            ("Title", meta.title, Command::SetTitle as fn(String) -> Command),
            ("Author", meta.author, Command::SetAuthor),
        ] {
            ui.horizontal(|ui| {
                let name = ui.label(label).id;
                let mut text = value.clone();
                if ui.text_edit_singleline(&mut text).labelled_by(name).changed() {
                    self.queue.push(make(text));
                }
            });
        }
        let name = ui.label("Comment").id;
        let mut comment = meta.comment.clone();
        let edit = egui::TextEdit::multiline(&mut comment).desired_rows(2);
        if ui.add(edit).labelled_by(name).changed() {
            self.queue.push(Command::SetComment(comment));
        }
        if !meta.solutions.is_empty() {
            ui.label(format!("{} saved solution(s)", meta.solutions.len()));
        }
    }

    /// The diagnostics of the current level; their squares are outlined on the board.
    fn validation_list(&mut self, ui: &mut Ui) {
        ui.heading("Checks");
        let diagnostics = self.analysis().diagnostics.clone();
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
    }
}

fn tool_name(tool: Tool) -> &'static str {
    match tool {
        Tool::Wall => "Wall",
        Tool::Floor => "Floor",
        Tool::Goal => "Goal",
        Tool::Box => "Box",
        Tool::Player => "Player",
        Tool::Erase => "Erase",
    }
}

fn shape_name(shape: Shape) -> &'static str {
    match shape {
        Shape::Freehand => "Draw",
        Shape::Rectangle => "Rectangle",
        Shape::Fill => "Fill",
    }
}
