//! One frame of the window: the panels (each drawn from the state it shows, sending
//! commands), the board with its pointer interaction and overlays, the dialogs, then the
//! commands carried out and what only the window can do (file dialogs, clipboard, closing,
//! starting workers).

use crate::app::worker::Waker;
use std::path::{Path, PathBuf};

use egui::{Ui, ViewportCommand};

use crate::app::board::{self, Overlays};
use crate::app::command::Command;
use crate::app::file_picker::{FilePicker, Purpose};
use crate::app::modes::Pointer;
use crate::app::palette::Palette;
use crate::app::panels;
use crate::app::sink::Sink;
use crate::app::state::{App, WindowRequest};
use crate::app::timeline::ExportKind;
use crate::app::view::Mode;

impl App {
    /// Draws one frame of the whole window into `ui` and carries out the commands it sends:
    /// what every mode shares (the menu, the status bar, the level list, the solver's
    /// section, the overlay switches, the board widget, the dialogs), and the rest by the
    /// mode shown ([`ModeView`]).
    pub fn show(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        self.waker = Waker::new(&ctx);
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
            panels::levels::show(ui, &self.document, &self.rating, shows, &palette, &mut sink);
        });
        panels::generate::show(&ctx, &mut self.generator, &mut Sink::new(&mut self.queue, mode));
        {
            let (view, mut frame) = self.mode(&ctx);
            view.tick(&mut frame);
        }
        let shares = self.mode_ref().shares_side_panel();
        let width =
            if matches!(mode, Mode::Inspect | Mode::Replay | Mode::Lab) { 340.0 } else { 260.0 };
        egui::Panel::right("tools").default_size(width).resizable(true).show(ui, |ui| {
            // The solver's controls sit at the bottom, where what grows above never moves them.
            if shares {
                egui::Panel::bottom("solver").show(ui, |ui| {
                    let mut sink = Sink::new(&mut self.queue, mode);
                    let aim = self.settings.solve_aim;
                    panels::solve::show(ui, &self.solver, aim, self.document.key(), &mut sink);
                });
            }
            egui::ScrollArea::vertical().show(ui, |ui| self.side_panel(ui, shares, &ctx));
        });
        if self.mode_ref().has_lower_panel() {
            let (id, height) = match mode {
                Mode::Lab => ("lab-experiments", 260.0),
                _ => ("inspector-views", 230.0),
            };
            egui::Panel::bottom(id).default_size(height).resizable(true).show(ui, |ui| {
                // The panel keeps the size it has (or is dragged to) whatever it shows.
                ui.set_min_height(ui.available_height());
                let (view, mut frame) = self.mode(&ctx);
                view.lower_panel(ui, &mut frame);
            });
        }
        egui::CentralPanel::default().show(ui, |ui| {
            let own = {
                let (view, frame) = self.mode(&ctx);
                view.draws_own_board(ui, &frame)
            };
            if !own {
                self.board(ui);
            }
        });
        self.poll_solver();
        self.poll_export();
        self.poll_optimize();
        self.poll_generator();
        if let Some(done) = self.rating.poll() {
            self.messages.status = done;
        }
        self.poll_files();
        if let Some(answer) = self.overlays.oracle.poll() {
            self.messages.status = answer;
        }
        match self.overlays.poll_explanation() {
            (Some(answer), _) => self.messages.status = answer,
            (None, true) => ctx.request_repaint_after(std::time::Duration::from_millis(50)),
            (None, false) => {}
        }
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
        self.autosave_tick(self.waker.clone());
        self.settle_status();
    }

    /// A status message belongs to the level and board shown when it was said: once another
    /// is shown (another level, an edit, undo), it goes, so it never seems to speak of what
    /// is shown now.
    fn settle_status(&mut self) {
        let key = self.document.key();
        let m = &mut self.messages;
        match &m.said {
            Some((text, _)) if *text != m.status => m.said = Some((m.status.clone(), key)),
            Some((_, said_at)) if *said_at != key => {
                m.status.clear();
                m.said = Some((String::new(), key));
            }
            Some(_) => {}
            None => m.said = Some((m.status.clone(), key)),
        }
    }

    /// The panel beside the board: the mode's own panel, then (when the mode shares the
    /// side) the overlay switches.
    fn side_panel(&mut self, ui: &mut Ui, shares: bool, ctx: &egui::Context) {
        {
            let (view, mut frame) = self.mode(ctx);
            view.side_panel(ui, &mut frame);
        }
        if !shares {
            return;
        }
        ui.separator();
        let shown = self.board_level();
        let explained = self.overlays.explanation.as_ref().map(|e| e.level == *shown);
        let asked = self.overlays.oracle.answer.as_ref().map(|a| a.level == *shown);
        let mut sink = Sink::new(&mut self.queue, self.view.mode);
        let (settings, level) = (&self.settings, self.document.level());
        let adoptable = (self.overlays.oracle.answer.as_ref())
            .is_some_and(|a| self.inspector.searches_board_of(&a.level));
        let about = panels::overlays::About { explained, asked, adoptable };
        panels::overlays::show(ui, settings, &self.overlays, level, about, &mut sink);
    }

    /// The theme the settings ask for; room for tall popups (a popup is laid out in its
    /// first frame within egui's default area size and keeps that height, so a list longer
    /// than it, the inspector's methods, would need scrolling); and scroll bars beside the
    /// content rather than floating over the right end of its fields and labels.
    fn apply_theme(&self, ctx: &egui::Context) {
        if ctx.global_style().spacing.default_area_size.y < POPUP_HEIGHT {
            ctx.all_styles_mut(|s| {
                s.spacing.default_area_size.y = POPUP_HEIGHT;
                s.spacing.scroll = egui::style::ScrollStyle::solid();
            });
        }
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
        let repaint = self.waker.clone();
        match request {
            WindowRequest::PickOpen => self.pick(Purpose::Open),
            WindowRequest::PickSave => self.pick(Purpose::Save),
            WindowRequest::PickExperiment => self.pick(Purpose::Experiment),
            WindowRequest::PickExport(what) => self.pick(Purpose::Export(what)),
            WindowRequest::Close => ctx.send_viewport_cmd(ViewportCommand::Close),
            WindowRequest::CopyText(text) => ctx.copy_text(text),
            WindowRequest::Paste => ctx.send_viewport_cmd(ViewportCommand::RequestPaste),
            WindowRequest::StartFile(task) => self.start_file(task, repaint),
            WindowRequest::StartSolver => self.start_solver(repaint),
            WindowRequest::Inspect(run) => self.start_inspector(run, repaint),
            WindowRequest::PickGif => self.pick(Purpose::Gif),
            WindowRequest::PickFramesFolder => self.pick(Purpose::Frames),
            WindowRequest::StartExport(kind) => self.start_export(kind, repaint),
            WindowRequest::StartOptimize(metric) => self.start_optimize(metric, repaint),
            WindowRequest::StartGenerator => self.generator.start(repaint),
            WindowRequest::StartRating => {
                let levels = self.document.levels().map(|(k, l)| (k, l.clone()));
                self.rating.start(levels.collect(), repaint);
            }
        }
        // Commands queued by a dialog run on the next frame.
        if !self.queue.is_empty() {
            ctx.request_repaint();
        }
    }

    /// The board the mode shows, with the overlays, and what the pointer does on it (the
    /// mode's).
    fn board(&mut self, ui: &mut Ui) {
        let palette = Palette::for_dark_mode(self.settings.dark);
        let overlays = self.board_overlays(ui);
        self.view.drawn = overlays.clone();
        let mut view = self.settings.view;
        let br = board::show(ui, self.board_level(), &overlays, &mut view, &palette);
        self.settings.view = view;
        self.view.geometry = Some(br.geometry);
        let pointer = ui.input(|i| {
            let p = &i.pointer;
            let at = p.latest_pos();
            Pointer {
                geometry: br.geometry,
                cell: at.and_then(|at| br.geometry.cell_at(at)),
                at,
                primary: p.primary_pressed(),
                secondary: p.secondary_pressed(),
                // As the button went down (a quick click's frame may see Shift released).
                shift: i.modifiers.shift
                    || i.events.iter().any(|e| {
                        matches!(e, egui::Event::PointerButton { pressed: true, modifiers, .. }
                            if modifiers.shift)
                    }),
                released: p.any_released(),
                down: p.primary_down() || p.secondary_down(),
                over_board: br.response.contains_pointer(),
            }
        });
        let ctx = ui.ctx().clone();
        let (view, mut frame) = self.mode(&ctx);
        view.pointer(&pointer, &mut frame);
    }

    /// What to draw over the board: the mode's (problems while editing, the push path of a
    /// dragged box while playing, the path to the node the inspector shows, …), the analysis
    /// overlays that are on, and the deadlock explained.
    fn board_overlays(&mut self, ui: &Ui) -> Overlays {
        let mut overlays = Overlays::default();
        let at = ui.input(|i| i.pointer.latest_pos());
        let hover = self.view.geometry.zip(at).and_then(|(g, p)| g.cell_at(p));
        let shown = self.board_level().clone();
        let ctx = ui.ctx().clone();
        {
            let (view, frame) = self.mode(&ctx);
            view.overlays(&mut overlays, &shown, hover, &frame);
        }
        let on = &self.settings.overlays;
        self.overlays.add(&mut overlays, on, &shown, self.document.level(), self.waker.clone());
        overlays
    }

    /// Asks where the file for `purpose` goes: the system's dialog, or, when it cannot open,
    /// Sokolab's own (never nothing).
    fn pick(&mut self, purpose: Purpose) {
        let name = match purpose {
            Purpose::Save => self.document.doc.name(),
            Purpose::Gif => "solution.gif".into(),
            Purpose::Export(what) => what.file_name().into(),
            Purpose::Open | Purpose::Frames | Purpose::Experiment => String::new(),
        };
        if self.files.native_dialogs {
            let started = std::time::Instant::now();
            let chosen = match purpose {
                Purpose::Open => file_dialog().pick_file(),
                Purpose::Experiment => {
                    rfd::FileDialog::new().add_filter("Experiment (RON)", &["ron"]).pick_file()
                }
                Purpose::Save => file_dialog().set_file_name(&name).save_file(),
                Purpose::Gif => {
                    let gif = rfd::FileDialog::new().add_filter("GIF", &["gif"]);
                    gif.set_file_name(&name).save_file()
                }
                Purpose::Frames => rfd::FileDialog::new().pick_folder(),
                Purpose::Export(what) => {
                    let (kind, extensions) = what.filter();
                    let dialog = rfd::FileDialog::new().add_filter(kind, extensions);
                    dialog.set_file_name(&name).save_file()
                }
            };
            if let Some(path) = chosen {
                self.queue.push(picked(purpose, path));
                return;
            }
            if started.elapsed() > NATIVE_FAILS_WITHIN {
                // Cancelled.
                if purpose == Purpose::Save {
                    self.files.close_after_save = false;
                }
                return;
            }
            self.files.native_dialogs = false;
            self.messages.status = "The system file dialog did not open (it needs \
                                    xdg-desktop-portal or zenity): Sokolab's own is shown."
                .into();
        }
        let dir = self
            .document
            .doc
            .path
            .as_deref()
            .and_then(Path::parent)
            .filter(|d| !d.as_os_str().is_empty())
            .map(Path::to_path_buf)
            .or_else(|| std::env::current_dir().ok())
            .unwrap_or_else(|| PathBuf::from("/"));
        self.files.picker = Some(FilePicker::new(purpose, dir, name));
    }

    /// Sokolab's own file dialog, while it is open.
    fn file_picker(&mut self, ctx: &egui::Context) {
        let Some(picker) = self.files.picker.as_mut() else { return };
        let mut done = None;
        egui::Modal::new(egui::Id::unique("file-picker")).show(ctx, |ui| {
            ui.set_width(460.0);
            ui.heading(picker.purpose.title());
            ui.label(
                egui::RichText::new(
                    "The system file dialog is not available (on Linux it needs \
                     xdg-desktop-portal or zenity).",
                )
                .small(),
            );
            ui.horizontal(|ui| {
                if ui.button("Up").clicked() {
                    picker.up();
                }
                ui.label(picker.dir.display().to_string());
            });
            if let Some(e) = &picker.error {
                ui.colored_label(egui::Color32::from_rgb(230, 90, 80), e);
            }
            let mut enter = None;
            egui::ScrollArea::vertical().max_height(280.0).show(ui, |ui| {
                for e in &picker.entries {
                    let label = if e.folder { format!("{}/", e.name) } else { e.name.clone() };
                    let selected = !e.folder && picker.name == e.name;
                    if ui.selectable_label(selected, label).clicked() {
                        if e.folder {
                            enter = Some(picker.dir.join(&e.name));
                        } else if picker.purpose.names_a_file() {
                            picker.name = e.name.clone();
                        }
                    }
                }
            });
            if let Some(dir) = enter {
                picker.enter(dir);
            }
            // Enter in the name field does what the action button does.
            let mut entered = false;
            if picker.purpose.names_a_file() {
                ui.horizontal(|ui| {
                    let label = ui.label("File name").id;
                    let field = ui.text_edit_singleline(&mut picker.name).labelled_by(label);
                    entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                });
            }
            if let Some(file) = picker.asking().map(Path::to_path_buf) {
                let name = file.file_name().unwrap_or_default().to_string_lossy();
                ui.colored_label(
                    egui::Color32::from_rgb(230, 160, 60),
                    format!("{name} already exists. Replace it? What it holds now will be lost."),
                );
                ui.horizontal(|ui| {
                    if ui.button("Replace").clicked() {
                        done = Some(Some(file.clone()));
                    }
                    if ui.button("Keep it").clicked() {
                        picker.replacing = None;
                    }
                });
            } else {
                ui.horizontal(|ui| {
                    let chosen = picker.chosen();
                    let action = egui::Button::new(picker.purpose.action());
                    if (ui.add_enabled(chosen.is_some(), action).clicked() || entered)
                        && let Some(path) = chosen
                    {
                        // An existing file is replaced only once the user says so.
                        done = picker.confirm(path).map(Some);
                    }
                    if ui.button("Cancel").clicked() {
                        done = Some(None);
                    }
                });
            }
        });
        let purpose = picker.purpose;
        let Some(choice) = done else { return };
        self.files.picker = None;
        match choice {
            Some(path) => self.queue.push(picked(purpose, path)),
            None if purpose == Purpose::Save => self.files.close_after_save = false,
            None => {}
        }
    }

    /// The error dialog, the file dialog and the prompts about unsaved edits.
    fn dialogs(&mut self, ctx: &egui::Context) {
        self.file_picker(ctx);
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
        if let Some(restored) = &self.files.pending_restore {
            let question = restored.question();
            egui::Modal::new(egui::Id::unique("restore")).show(ctx, |ui| {
                ui.heading("Unsaved edits from the last session");
                ui.label(question);
                ui.horizontal(|ui| {
                    if ui.button("Restore").clicked() {
                        self.restore_edits();
                    }
                    if ui.button("Discard").clicked() {
                        self.discard_restore();
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

/// The most a popup's first frame may be tall (egui's default is 400 points).
const POPUP_HEIGHT: f32 = 1000.0;

/// A system dialog that gives no path sooner than this did not open: nobody cancels that
/// fast.
const NATIVE_FAILS_WITHIN: std::time::Duration = std::time::Duration::from_millis(300);

/// The command a path chosen for `purpose` makes.
fn picked(purpose: Purpose, path: PathBuf) -> Command {
    match purpose {
        Purpose::Open => Command::OpenPath(path),
        Purpose::Save => Command::SaveTo(path),
        Purpose::Gif => Command::ExportTo(ExportKind::Gif(path)),
        Purpose::Frames => Command::ExportTo(ExportKind::Frames(path)),
        Purpose::Experiment => Command::ChooseExperiment(path),
        Purpose::Export(_) => Command::SaveExport(path),
    }
}
