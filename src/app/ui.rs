//! The window's panels: menu bar, level list, tool and play panels, status bar and the
//! board. Panels read the state and queue commands; `App::show` then dispatches them.

use egui::{Color32, RichText, Ui, ViewportCommand};

use crate::app::board::{self, Overlays};
use crate::app::command::{Command, Mode, Shape};
use crate::app::inspector::LowerView;
use crate::app::palette::Palette;
use crate::app::state::{App, WindowRequest};
use crate::app::timeline::ExportKind;
use crate::level::edit::Tool;
use crate::level::paths::push_path;
use crate::level::{Level, Pos};

/// Height of a row in the level list.
const ROW_HEIGHT: f32 = 44.0;

impl App {
    /// Draws one frame of the whole window into `ui` and carries out the commands it sends.
    pub fn show(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        self.apply_theme(&ctx);
        self.read_input(&ctx);
        egui::Panel::top("menu").show(ui, |ui| self.menu_bar(ui));
        egui::Panel::bottom("status").show(ui, |ui| self.status_bar(ui));
        egui::Panel::left("levels").default_size(220.0).resizable(true).show(ui, |ui| {
            self.level_list(ui);
        });
        if self.mode == Mode::Inspect {
            self.inspector.refresh();
        }
        self.play_timeline(&ctx);
        let width = if matches!(self.mode, Mode::Inspect | Mode::Replay) { 340.0 } else { 260.0 };
        egui::Panel::right("tools").default_size(width).resizable(true).show(ui, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                match self.mode {
                    Mode::Edit => self.edit_panel(ui),
                    Mode::Play => self.play_panel(ui),
                    Mode::Inspect => self.inspector_panel(ui),
                    Mode::Replay => self.timeline_panel(ui),
                }
                ui.separator();
                self.overlay_panel(ui);
                ui.separator();
                self.solve_panel(ui);
            });
        });
        if self.mode == Mode::Inspect {
            egui::Panel::bottom("inspector-views")
                .default_size(230.0)
                .resizable(true)
                .show(ui, |ui| self.lower_views(ui));
        }
        egui::CentralPanel::default().show(ui, |ui| self.board(ui));
        self.poll_solver();
        self.poll_export();
        self.poll_files();
        if self.solving.is_some() {
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
        let title =
            format!("{}{} — Sokolab", if self.doc.dirty { "* " } else { "" }, self.doc.name());
        if title != self.window_title {
            ctx.send_viewport_cmd(ViewportCommand::Title(title.clone()));
            self.window_title = title;
        }
        let repaint = ctx.clone();
        self.autosave_tick(move || repaint.request_repaint());
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
        for (shortcut, command) in Command::shortcuts(self.mode, typing) {
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
        match request {
            WindowRequest::PickOpen => {
                if let Some(path) = file_dialog().pick_file() {
                    self.queue.push(Command::OpenPath(path));
                }
            }
            WindowRequest::PickSave => {
                match file_dialog().set_file_name(self.doc.name()).save_file() {
                    Some(path) => self.queue.push(Command::SaveTo(path)),
                    None => self.close_after_save = false,
                }
            }
            WindowRequest::Close => ctx.send_viewport_cmd(ViewportCommand::Close),
            WindowRequest::CopyText(text) => ctx.copy_text(text),
            WindowRequest::Paste => ctx.send_viewport_cmd(ViewportCommand::RequestPaste),
            WindowRequest::StartFile(task) => {
                let ctx = ctx.clone();
                self.start_file(task, move || ctx.request_repaint());
            }
            WindowRequest::StartSolver => {
                let ctx = ctx.clone();
                self.start_solver(move || ctx.request_repaint());
            }
            WindowRequest::Inspect(run) => {
                let ctx = ctx.clone();
                self.start_inspector(run, move || ctx.request_repaint());
            }
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
            WindowRequest::StartExport(kind) => {
                let ctx = ctx.clone();
                self.start_export(kind, move || ctx.request_repaint());
            }
        }
        // Commands queued by a dialog run on the next frame.
        if !self.queue.is_empty() {
            ctx.request_repaint();
        }
    }

    /// A button that sends `command`, with its short label from the command table and its
    /// shortcut in the tooltip.
    pub(crate) fn command_button(&mut self, ui: &mut Ui, command: Command, enabled: bool) {
        let label = command.entry().map_or("?", |e| e.short);
        self.command_button_labelled(ui, label, command, enabled);
    }

    /// A button with a label of its own (one that shows state or what the command carries)
    /// that sends `command`, with its shortcut in the tooltip.
    pub(crate) fn command_button_labelled(
        &mut self,
        ui: &mut Ui,
        label: &str,
        command: Command,
        enabled: bool,
    ) {
        let shortcut = command.shortcut(self.mode).map(|s| ui.ctx().format_shortcut(&s));
        let button = egui::Button::new(label);
        let response = ui.add_enabled(enabled, button);
        let response = match shortcut {
            Some(s) => response.on_hover_text(s),
            None => response,
        };
        if response.clicked() {
            self.queue.push(command);
        }
    }

    /// A menu entry that sends `command`, with its label and shortcut from the command table.
    fn menu_item(&mut self, ui: &mut Ui, command: Command) {
        self.menu_item_labelled(ui, command.label(), command);
    }

    /// A menu entry with a label of its own (one that shows state) that sends `command`,
    /// showing its shortcut.
    fn menu_item_labelled(&mut self, ui: &mut Ui, label: &str, command: Command) {
        let shortcut = command.shortcut(self.mode).map(|s| ui.ctx().format_shortcut(&s));
        let button = egui::Button::new(label).shortcut_text(shortcut.unwrap_or_default());
        if ui.add(button).clicked() {
            self.queue.push(command);
        }
    }

    fn menu_bar(&mut self, ui: &mut Ui) {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| {
                self.menu_item(ui, Command::New);
                self.menu_item(ui, Command::Open);
                ui.menu_button("Open recent", |ui| {
                    for path in self.settings.recent.clone() {
                        if ui.button(path.display().to_string()).clicked() {
                            self.queue.push(Command::OpenPath(path));
                        }
                    }
                });
                self.menu_item(ui, Command::Save);
                self.menu_item(ui, Command::SaveAs);
                ui.separator();
                self.menu_item(ui, Command::Quit);
            });
            ui.menu_button("Edit", |ui| {
                self.menu_item(ui, Command::Undo);
                self.menu_item(ui, Command::Redo);
                ui.separator();
                self.menu_item(ui, Command::Copy);
                self.menu_item(ui, Command::Paste);
                ui.separator();
                self.menu_item(ui, Command::AddLevel);
                self.menu_item(ui, Command::DuplicateLevel);
                self.menu_item(ui, Command::DeleteLevel);
                self.menu_item(ui, Command::MoveLevelUp);
                self.menu_item(ui, Command::MoveLevelDown);
            });
            ui.menu_button("Board", |ui| {
                self.menu_item(ui, Command::CropToContent);
                self.menu_item(ui, Command::RotateClockwise);
                self.menu_item(ui, Command::MirrorHorizontal);
                self.menu_item(ui, Command::MirrorVertical);
                self.menu_item(ui, Command::SwapBoxesAndGoals);
                ui.separator();
                self.menu_item(ui, Command::Solve);
                self.menu_item(ui, Command::ExplainDeadlock);
            });
            ui.menu_button("View", |ui| {
                self.menu_item(ui, Command::ZoomIn);
                self.menu_item(ui, Command::ZoomOut);
                self.menu_item(ui, Command::ZoomFit);
                let shown = self.settings.overlays.contains(&crate::app::overlay::Overlay::Dead);
                let dead = if shown { "Hide dead squares" } else { "Show dead squares" };
                self.menu_item_labelled(ui, dead, Command::ToggleDeadSquares);
                let theme = if self.settings.dark { "Light theme" } else { "Dark theme" };
                self.menu_item_labelled(ui, theme, Command::ToggleTheme);
            });
            ui.separator();
            for mode in Mode::ALL {
                let command = Command::SetMode(mode);
                let Some(entry) = command.entry() else { continue };
                let mut r = ui.selectable_label(self.mode == mode, entry.label);
                if let Some(tip) = entry.tip {
                    r = r.on_hover_text(tip);
                }
                if r.clicked() {
                    self.queue.push(command);
                }
            }
        });
    }

    fn status_bar(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            let dirty = if self.doc.dirty { "* unsaved changes" } else { "saved" };
            ui.label(format!("{} — {dirty}", self.doc.name()));
            ui.separator();
            let l = self.level();
            ui.label(format!(
                "level {}/{}  {}×{}",
                self.current + 1,
                self.doc.collection.levels.len(),
                l.width(),
                l.height()
            ));
            ui.separator();
            if let Some(run) = &self.files {
                ui.add(egui::Spinner::new());
                ui.label(run.describe());
                self.command_button(ui, Command::CancelFile, true);
                ui.separator();
            }
            ui.label(&self.status);
        });
    }

    fn level_list(&mut self, ui: &mut Ui) {
        ui.horizontal_wrapped(|ui| {
            self.command_button(ui, Command::AddLevel, true);
            self.command_button(ui, Command::DuplicateLevel, true);
            self.command_button(ui, Command::DeleteLevel, true);
            self.command_button(ui, Command::MoveLevelUp, self.current > 0);
            let last = self.current + 1 < self.doc.collection.levels.len();
            self.command_button(ui, Command::MoveLevelDown, last);
        });
        ui.separator();
        let palette = Palette::for_dark_mode(self.settings.dark);
        let n = self.doc.collection.levels.len();
        let mut list = egui::ScrollArea::vertical().auto_shrink(false);
        if self.list_shows != Some(self.current) {
            // Bring the level shown into view when it changes.
            let row = ROW_HEIGHT + ui.spacing().item_spacing.y;
            list = list.vertical_scroll_offset((self.current as f32 - 2.0).max(0.0) * row);
            self.list_shows = Some(self.current);
        }
        list.show_rows(ui, ROW_HEIGHT, n, |ui, rows| {
            for i in rows {
                let level = &self.doc.collection.levels[i];
                let selected = i == self.current;
                let title =
                    if level.meta.title.is_empty() { "(untitled)" } else { &level.meta.title };
                let text = format!("{}. {title}", i + 1);
                let clicked = ui
                    .horizontal(|ui| {
                        let (rect, r) = ui.allocate_exact_size(
                            egui::vec2(ROW_HEIGHT * 1.2, ROW_HEIGHT - 4.0),
                            egui::Sense::click(),
                        );
                        board::paint_thumbnail(ui.painter(), level, rect, &palette);
                        r.clicked() | ui.selectable_label(selected, text).clicked()
                    })
                    .inner;
                if clicked {
                    self.queue.push(Command::SelectLevel(i));
                }
            }
        });
    }

    fn play_panel(&mut self, ui: &mut Ui) {
        ui.heading("Playing");
        let (moves, pushes, solved, ahead) = match &self.game {
            Some(g) => (g.moves().len(), g.pushes(), g.is_solved(), g.redo_count()),
            None => (0, 0, false, 0),
        };
        ui.label(RichText::new(format!("Moves {moves}   Pushes {pushes}")).size(18.0));
        if solved {
            ui.label(RichText::new("Solved!").size(20.0).color(Color32::from_rgb(80, 190, 90)));
            self.command_button(ui, Command::SaveSolution, true);
        }
        ui.horizontal(|ui| {
            self.command_button(ui, Command::Undo, moves > 0);
            self.command_button(ui, Command::Redo, ahead > 0);
            self.command_button(ui, Command::Restart, moves > 0);
        });
        ui.label(
            RichText::new(
                "Arrows or WASD move. Click a square to walk there; drag a box to push it.",
            )
            .small(),
        );
    }

    fn board(&mut self, ui: &mut Ui) {
        let palette = Palette::for_dark_mode(self.settings.dark);
        let overlays = self.overlays(ui);
        self.drawn = overlays.clone();
        let mut view = self.settings.view;
        let br = board::show(ui, self.board_level(), &overlays, &mut view, &palette);
        self.settings.view = view;
        self.geometry = Some(br.geometry);
        let (primary, secondary, released, down, at) = ui.input(|i| {
            let p = &i.pointer;
            let down = p.primary_down() || p.secondary_down();
            (p.primary_pressed(), p.secondary_pressed(), p.any_released(), down, p.latest_pos())
        });
        let cell = at.and_then(|p| br.geometry.cell_at(p));
        let over_board = br.response.contains_pointer();
        match self.mode {
            Mode::Edit => {
                let tool = if primary {
                    Some(self.tool)
                } else if secondary {
                    Some(Tool::Erase)
                } else {
                    None
                };
                if let (Some(tool), Some(c), true, None) = (tool, cell, over_board, &self.stroke) {
                    self.begin_stroke(tool, c);
                }
                if self.stroke.is_some() {
                    if let Some(p) = at {
                        self.continue_stroke(br.geometry.clamp_cell(p));
                    }
                    if !down {
                        self.end_stroke();
                    }
                }
            }
            Mode::Inspect | Mode::Replay => {}
            Mode::Play => {
                if primary && over_board {
                    self.play_press = cell;
                }
                if released && let Some(from) = self.play_press.take() {
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
    /// drawn, and the analysis overlays that are on.
    fn overlays(&mut self, ui: &Ui) -> Overlays {
        let mut overlays = Overlays::default();
        match self.mode {
            Mode::Edit => {
                let analysis = self.analysis();
                overlays.problems =
                    analysis.diagnostics.iter().flat_map(|d| d.cells.clone()).collect();
                if let Some(s) = &self.stroke
                    && self.settings.shape == Shape::Rectangle
                {
                    overlays.selection = Some((s.start, s.last));
                }
            }
            Mode::Play => {
                let at = ui.input(|i| i.pointer.latest_pos());
                let target = self.geometry.zip(at).and_then(|(g, p)| g.cell_at(p));
                if let (Some(from), Some(to)) = (self.play_press, target)
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
        let level = self.board_level().clone();
        self.analysis_overlays(ui.ctx(), &level, &mut overlays);
        overlays
    }

    /// The inspector's lower panel: charts, history or tree.
    fn lower_views(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            for view in
                [LowerView::Charts, LowerView::History, LowerView::Tree, LowerView::Patterns]
            {
                let command = Command::SetLowerView(view);
                if ui.selectable_label(self.inspector.view == view, command.label()).clicked() {
                    self.queue.push(command);
                }
            }
            if self.inspector.view == LowerView::Charts {
                ui.separator();
                let mut log = self.inspector.log_scale;
                if ui.checkbox(&mut log, Command::ToggleLogScale.label()).changed() {
                    self.queue.push(Command::ToggleLogScale);
                }
            }
        });
        match self.inspector.view {
            LowerView::Charts => self.charts(ui),
            LowerView::History => self.history_view(ui),
            LowerView::Tree => self.tree_view(ui),
            LowerView::Patterns => self.patterns_view(ui),
        }
    }

    /// Moves a playing timeline on by the time since the last frame.
    fn play_timeline(&mut self, ctx: &egui::Context) {
        let Some(t) = &mut self.timeline else { return };
        if self.mode == Mode::Replay && t.playing {
            let dt = ctx.input(|i| i.stable_dt).min(0.25) as f64;
            t.advance(dt);
            ctx.request_repaint();
        }
    }

    fn dialogs(&mut self, ctx: &egui::Context) {
        if let Some(message) = self.error.clone() {
            egui::Modal::new(egui::Id::unique("error")).show(ctx, |ui| {
                ui.set_max_width(420.0);
                ui.heading("Problem");
                ui.label(message);
                if ui.button("OK").clicked() {
                    self.error = None;
                }
            });
        }
        if self.confirm_close {
            egui::Modal::new(egui::Id::unique("unsaved")).show(ctx, |ui| {
                ui.heading("Unsaved changes");
                ui.label(format!("{} has unsaved changes.", self.doc.name()));
                ui.horizontal(|ui| {
                    if ui.button("Save and close").clicked() {
                        self.save_and_close();
                    }
                    if ui.button("Discard and close").clicked() {
                        self.discard_and_close();
                        self.queue.push(Command::Quit);
                    }
                    if ui.button("Cancel").clicked() {
                        self.confirm_close = false;
                    }
                });
            });
        }
        if let Some(opened) = &self.pending_open {
            let name = opened.name();
            egui::Modal::new(egui::Id::unique("discard-for-open")).show(ctx, |ui| {
                ui.heading("Unsaved changes");
                ui.label(format!(
                    "{} has unsaved changes. Open {name} and discard them?",
                    self.doc.name()
                ));
                ui.horizontal(|ui| {
                    if ui.button("Discard and open").clicked() {
                        self.discard_and_open();
                    }
                    if ui.button("Keep editing").clicked() {
                        self.pending_open = None;
                        self.status = format!("Kept the unsaved changes; {name} was not opened.");
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
