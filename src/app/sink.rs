//! Where panels send commands during a frame: the queue `App::show` carries out after
//! drawing, and the buttons and menu entries that show a command's label and shortcut from
//! the command table.

use egui::Ui;

use crate::app::command::Command;
use crate::app::view::Mode;

/// The commands a panel sends, and the mode whose shortcuts its buttons show.
pub struct Sink<'a> {
    queue: &'a mut Vec<Command>,
    mode: Mode,
}

impl<'a> Sink<'a> {
    /// Sends into `queue`, showing the shortcuts of `mode`.
    pub fn new(queue: &'a mut Vec<Command>, mode: Mode) -> Self {
        Sink { queue, mode }
    }

    /// Queues `command`.
    pub fn send(&mut self, command: Command) {
        self.queue.push(command);
    }

    /// The mode whose shortcuts are shown.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The shortcut of `command` in this mode, as the platform writes it.
    pub fn shortcut_text(&self, ui: &Ui, command: &Command) -> Option<String> {
        command.shortcut(self.mode).map(|s| ui.ctx().format_shortcut(&s))
    }

    /// A button with the command's short label from the table.
    pub fn button(&mut self, ui: &mut Ui, command: Command, enabled: bool) {
        let label = command.entry().map_or("?", |e| e.short);
        self.button_labelled(ui, label, command, enabled);
    }

    /// A button with a label of its own (one that shows state or what the command
    /// carries), its shortcut in the tooltip.
    pub fn button_labelled(&mut self, ui: &mut Ui, label: &str, command: Command, enabled: bool) {
        let shortcut = self.shortcut_text(ui, &command);
        let response = ui.add_enabled(enabled, egui::Button::new(label));
        let response = match shortcut {
            Some(s) => response.on_hover_text(s),
            None => response,
        };
        if response.clicked() {
            self.send(command);
        }
    }

    /// A menu entry with the command's label and shortcut from the table.
    pub fn menu_item(&mut self, ui: &mut Ui, command: Command) {
        let label = command.label();
        self.menu_item_labelled(ui, label, command);
    }

    /// A menu entry with a label of its own (one that shows state), and its shortcut.
    pub fn menu_item_labelled(&mut self, ui: &mut Ui, label: &str, command: Command) {
        let shortcut = self.shortcut_text(ui, &command);
        let button = egui::Button::new(label).shortcut_text(shortcut.unwrap_or_default());
        if ui.add(button).clicked() {
            self.send(command);
        }
    }
}
