//! One frame of the window: the panels (each drawn from the state it shows, sending
//! commands), the board with its pointer interaction and overlays, the dialogs, then the
//! commands carried out and what only the window can do (file dialogs, clipboard, closing,
//! starting workers).

use egui::{Ui, ViewportCommand};

use crate::app::board::{self, Overlays};
use crate::app::command::Command;
use crate::app::editor::Shape;
use crate::app::inspector;
use crate::app::overlay::Overlay;
use crate::app::palette::Palette;
use crate::app::panels;
use crate::app::sink::Sink;
use crate::app::state::{App, WindowRequest};
use crate::app::timeline::{self, ExportKind};
use crate::app::view::Mode;
use crate::level::edit::Tool;
use crate::level::paths::push_path;
use crate::level::{Level, Pos};

impl App {
    /// Draws one frame of the whole window into `ui` and carries out the commands it sends.
    pub fn show(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        self.apply_theme(&ctx);
        self.read_input(&ctx);
        let mode = self.view.mode;
        let palette = Palette::for_dark_mode(self.settings.dark);
        egui::Panel::top("menu").show(ui, |ui| {
            panels::menu::show(ui, &self.settings, &mut Sink::new(&mut self.queue, mode));
        });
        egui::Panel::bottom("status").show(ui, |ui| {
            let files = self.files.run.as_ref();
            let mut sink = Sink::new(&mut self.queue, mode);
            panels::status::show(ui, &self.document, files, &self.messages.status, &mut sink);
        });
        egui::Panel::left("levels").default_size(220.0).resizable(true).show(ui, |ui| {
            let mut sink = Sink::new(&mut self.queue, mode);
            let shows = &mut self.view.list_shows;
            panels::levels::show(ui, &self.document, shows, &palette, &mut sink);
        });
        if mode == Mode::Inspect {
            self.inspector.refresh();
        }
        self.play_timeline(&ctx);
        let width = if matches!(mode, Mode::Inspect | Mode::Replay) { 340.0 } else { 260.0 };
        egui::Panel::right("tools").default_size(width).resizable(true).show(ui, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| self.side_panel(ui));
        });
        if mode == Mode::Inspect {
            egui::Panel::bottom("inspector-views").default_size(230.0).resizable(true).show(
                ui,
                |ui| {
                    let mut sink = Sink::new(&mut self.queue, mode);
                    inspector::panel::lower(ui, &self.inspector, self.settings.dark, &mut sink);
                },
            );
        }
        egui::CentralPanel::default().show(ui, |ui| self.board(ui));
        self.poll_solver();
        self.poll_export();
        self.poll_files();
        if self.solver.run.is_some() {
            // Keep the elapsed time moving between the solver's reports.
            ctx.request_repaint_after(std::time::Duration::from_millis(250));
        }
        self.dialogs(&ctx);
        if !self.queue.is_empty() {
            // What the commands change is drawn on the next frame.
            ctx.request_repaint();
        }
        for command in std::mem::take(&mut self.queue) {
            if let Some(request) = self.dispatch(command) {
                self.window_request(&ctx, request);
            }
        }
        if ctx.input(|i| i.viewport().close_requested()) && !self.may_close() {
            ctx.send_viewport_cmd(ViewportCommand::CancelClose);
        }
        let doc = &self.document.doc;
        let title = format!("{}{} — Sokolab", if doc.dirty { "* " } else { "" }, doc.name());
        if title != self.view.window_title {
            ctx.send_viewport_cmd(ViewportCommand::Title(title.clone()));
            self.view.window_title = title;
        }
        let repaint = ctx.clone();
        self.autosave_tick(move || repaint.request_repaint());
    }

    /// The panel beside the board: the mode's own panel, the overlays and the solver.
    fn side_panel(&mut self, ui: &mut Ui) {
        let explained = self.overlays.explanation.as_ref().map(|e| e.level == *self.board_level());
        let mut sink = Sink::new(&mut self.queue, self.view.mode);
        match self.view.mode {
            Mode::Edit => {
                panels::edit::show(ui, &mut self.editor, &self.document, &self.settings, &mut sink)
            }
            Mode::Play => panels::play::show(ui, &self.play, &mut sink),
            Mode::Inspect => inspector::panel::show(ui, &mut self.inspector, &mut sink),
            Mode::Replay => {
                let level = self.document.level();
                let found = self.solver.found_for(self.document.current, level);
                timeline::panel::show(ui, &mut self.timeline, level, found, &mut sink);
            }
        }
        ui.separator();
        let (settings, level) = (&self.settings, self.document.level());
        panels::overlays::show(ui, settings, &self.overlays, level, explained, &mut sink);
        ui.separator();
        panels::solve::show(ui, &self.solver, self.document.current, &mut sink);
    }

    fn apply_theme(&self, ctx: &egui::Context) {
        if ctx.global_style().visuals.dark_mode != self.settings.dark {
            ctx.set_visuals(if self.settings.dark {
                egui::Visuals::dark()
            } else {
                egui::Visuals::light()
            });
        }
    }

    /// Keyboard shortcuts, clipboard events and dropped files become commands.
    fn read_input(&mut self, ctx: &egui::Context) {
        let typing = ctx.text_edit_focused();
        for (shortcut, command) in Command::shortcuts(self.view.mode, typing) {
            if ctx.input_mut(|i| i.consume_shortcut(&shortcut)) {
                self.queue.push(command);
            }
        }
        let (events, dropped) = ctx.input(|i| (i.events.clone(), i.raw.dropped_files.clone()));
        if !typing {
            for event in events {
                match event {
                    egui::Event::Copy => self.queue.push(Command::Copy),
                    egui::Event::Paste(text) => self.queue.push(Command::PasteText(text)),
                    _ => {}
                }
            }
        }
        let path =
            dropped.iter().map(|f| f.path().to_path_buf()).find(|p| !p.as_os_str().is_empty());
        if let Some(path) = path {
            self.queue.push(Command::OpenPath(path));
        }
    }

    fn window_request(&mut self, ctx: &egui::Context, request: WindowRequest) {
        let repaint = {
            let ctx = ctx.clone();
            move || ctx.request_repaint()
        };
        match request {
            WindowRequest::PickOpen => {
                if let Some(path) = file_dialog().pick_file() {
                    self.queue.push(Command::OpenPath(path));
                }
            }
            WindowRequest::PickSave => {
                match file_dialog().set_file_name(self.document.doc.name()).save_file() {
                    Some(path) => self.queue.push(Command::SaveTo(path)),
                    None => self.files.close_after_save = false,
                }
            }
            WindowRequest::Close => ctx.send_viewport_cmd(ViewportCommand::Close),
            WindowRequest::CopyText(text) => ctx.copy_text(text),
            WindowRequest::Paste => ctx.send_viewport_cmd(ViewportCommand::RequestPaste),
            WindowRequest::StartFile(task) => self.start_file(task, repaint),
            WindowRequest::StartSolver => self.start_solver(repaint),
            WindowRequest::Inspect(run) => self.start_inspector(run, repaint),
            WindowRequest::PickGif => {
                let dialog = rfd::FileDialog::new().add_filter("GIF", &["gif"]);
                if let Some(path) = dialog.set_file_name("solution.gif").save_file() {
                    self.queue.push(Command::ExportTo(ExportKind::Gif(path)));
                }
            }
            WindowRequest::PickFramesFolder => {
                if let Some(dir) = rfd::FileDialog::new().pick_folder() {
                    self.queue.push(Command::ExportTo(ExportKind::Frames(dir)));
                }
            }
            WindowRequest::StartExport(kind) => self.start_export(kind, repaint),
        }
        // Commands queued by a dialog run on the next frame.
        if !self.queue.is_empty() {
            ctx.request_repaint();
        }
    }

    /// The board, and what the pointer does on it: paint strokes in the editor, walking and
    /// pushing boxes in play mode.
    fn board(&mut self, ui: &mut Ui) {
        let palette = Palette::for_dark_mode(self.settings.dark);
        let overlays = self.overlays(ui);
        self.view.drawn = overlays.clone();
        let mut view = self.settings.view;
        let br = board::show(ui, self.board_level(), &overlays, &mut view, &palette);
        self.settings.view = view;
        self.view.geometry = Some(br.geometry);
        let (primary, secondary, released, down, at) = ui.input(|i| {
            let p = &i.pointer;
            let down = p.primary_down() || p.secondary_down();
            (p.primary_pressed(), p.secondary_pressed(), p.any_released(), down, p.latest_pos())
        });
        let cell = at.and_then(|p| br.geometry.cell_at(p));
        let over_board = br.response.contains_pointer();
        match self.view.mode {
            Mode::Edit => {
                let tool = if primary {
                    Some(self.editor.tool)
                } else if secondary {
                    Some(Tool::Erase)
                } else {
                    None
                };
                let shape = self.settings.shape;
                let idle = self.editor.stroke.is_none();
                if let (Some(tool), Some(c), true, true) = (tool, cell, over_board, idle) {
                    self.editor.begin_stroke(&mut self.document, shape, tool, c);
                }
                if self.editor.stroke.is_some() {
                    if let Some(p) = at {
                        let c = br.geometry.clamp_cell(p);
                        self.editor.continue_stroke(&mut self.document, shape, c);
                    }
                    if !down {
                        let changed = self.editor.end_stroke(&mut self.document, shape);
                        self.after_edit(changed);
                    }
                }
            }
            Mode::Inspect | Mode::Replay => {}
            Mode::Play => {
                if primary && over_board {
                    self.play.press = cell;
                }
                if released && let Some(from) = self.play.press.take() {
                    match cell {
                        Some(to) if to != from && self.board_level().square(from).has_box => {
                            self.play_drag_box(from, to);
                        }
                        Some(to) if to == from => self.play_click(to),
                        _ => {}
                    }
                }
            }
        }
    }

    /// What to draw over the level: problems while editing, the push path of a dragged box
    /// while playing, the path to the node shown in the inspector, the rectangle being
    /// drawn, the analysis overlays that are on, and the search's heat map and deadlock
    /// pattern.
    fn overlays(&mut self, ui: &Ui) -> Overlays {
        let mut overlays = Overlays::default();
        match self.view.mode {
            Mode::Edit => {
                let analysis = self.editor.analysis(&self.document);
                overlays.problems =
                    analysis.diagnostics.iter().flat_map(|d| d.cells.clone()).collect();
                if let Some(s) = &self.editor.stroke
                    && self.settings.shape == Shape::Rectangle
                {
                    overlays.selection = Some((s.start, s.last));
                }
            }
            Mode::Play => {
                let at = ui.input(|i| i.pointer.latest_pos());
                let target = self.view.geometry.zip(at).and_then(|(g, p)| g.cell_at(p));
                if let (Some(from), Some(to)) = (self.play.press, target)
                    && from != to
                    && self.board_level().square(from).has_box
                {
                    overlays.path = push_trail(self.board_level(), from, to);
                }
            }
            Mode::Inspect => {
                if let Some((_, pushes)) = &self.inspector.board {
                    overlays.path = pushes.iter().filter_map(|&(from, d)| from.step(d)).collect();
                }
            }
            Mode::Replay => {}
        }
        let on = &self.settings.overlays;
        let shown = self.board_level().clone();
        let ctx = ui.ctx().clone();
        let repaint = move || ctx.request_repaint();
        self.overlays.add(&mut overlays, on, &shown, self.document.level(), repaint);
        if on.contains(&Overlay::Heat) {
            overlays.heat = self.inspector.heat();
        }
        if on.contains(&Overlay::Pattern)
            && self.view.mode == Mode::Inspect
            && let Some(p) = self.inspector.patterns.focused()
        {
            overlays.pattern_boxes = p.boxes.clone();
            overlays.pattern_area = p.area.clone();
        }
        overlays
    }

    /// Moves a playing timeline on by the time since the last frame.
    fn play_timeline(&mut self, ctx: &egui::Context) {
        let Some(t) = &mut self.timeline.loaded else { return };
        if self.view.mode == Mode::Replay && t.playing {
            let dt = ctx.input(|i| i.stable_dt).min(0.25) as f64;
            t.advance(dt);
            ctx.request_repaint();
        }
    }

    /// The error dialog and the prompts about unsaved edits.
    fn dialogs(&mut self, ctx: &egui::Context) {
        if let Some(message) = self.messages.error.clone() {
            egui::Modal::new(egui::Id::unique("error")).show(ctx, |ui| {
                ui.set_max_width(420.0);
                ui.heading("Problem");
                ui.label(message);
                if ui.button("OK").clicked() {
                    self.messages.error = None;
                }
            });
        }
        if self.files.confirm_close {
            egui::Modal::new(egui::Id::unique("unsaved")).show(ctx, |ui| {
                ui.heading("Unsaved changes");
                ui.label(format!("{} has unsaved changes.", self.document.doc.name()));
                ui.horizontal(|ui| {
                    if ui.button("Save and close").clicked() {
                        self.save_and_close();
                    }
                    if ui.button("Discard and close").clicked() {
                        self.discard_and_close();
                        self.queue.push(Command::Quit);
                    }
                    if ui.button("Cancel").clicked() {
                        self.files.confirm_close = false;
                    }
                });
            });
        }
        if let Some(opened) = &self.files.pending_open {
            let name = opened.name();
            egui::Modal::new(egui::Id::unique("discard-for-open")).show(ctx, |ui| {
                ui.heading("Unsaved changes");
                ui.label(format!(
                    "{} has unsaved changes. Open {name} and discard them?",
                    self.document.doc.name()
                ));
                ui.horizontal(|ui| {
                    if ui.button("Discard and open").clicked() {
                        self.discard_and_open();
                    }
                    if ui.button("Keep editing").clicked() {
                        self.keep_editing();
                    }
                });
            });
        }
    }
}

fn file_dialog() -> rfd::FileDialog {
    rfd::FileDialog::new()
        .add_filter("Sokoban levels", &["xsb", "sok", "txt", "rle"])
        .add_filter("All files", &["*"])
}

/// The squares the box at `from` passes on its shortest push path to `to`.
fn push_trail(level: &Level, from: Pos, to: Pos) -> Vec<Pos> {
    let Some(dirs) = push_path(level, from, to) else { return Vec::new() };
    let mut trail = Vec::new();
    let mut game = level.clone();
    for d in dirs {
        if let Ok(m) = game.try_move(d)
            && m.push
            && let Some(p) = game.player().and_then(|p| game.step_on_board(p, d))
        {
            trail.push(p);
        }
    }
    trail
}
