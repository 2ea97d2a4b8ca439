//! The desktop program: one window with a level list, the board, a tool or play panel and a
//! status bar (feature `gui`).
//!
//! `state` holds the [`App`] with its state grouped by area (`document`, `editor`, `play`,
//! `solving`, `inspector`, `timeline`, `files`, `view`, `overlay`, `settings`: each file
//! defines its area's state and never reaches into `App`); `command` is every user action
//! with its label and shortcuts; panels (`panels`, `inspector::panel`, `timeline::panel`)
//! draw from the state they show and send commands through a `sink`; `ui` lays out a frame
//! and hands the commands to `App::dispatch`, which routes each to its area's handler in
//! `commands`; `board` is the board widget every mode uses.

pub mod autosave;
pub mod board;
pub mod command;
mod commands;
pub mod document;
pub mod editor;
pub mod file_picker;
pub mod files;
pub mod fingerprints;
pub mod generator;
pub mod history;
pub mod inspector;
pub mod lab;
pub mod live_check;
mod modes;
pub mod oracle;
pub mod overlay;
pub mod palette;
pub mod panels;
pub mod plan_overlay;
pub mod play;
pub mod rating;
pub mod settings;
pub mod sink;
pub mod solving;
pub mod state;
pub mod timeline;
mod ui;
pub mod view;
pub mod worker;

use std::path::PathBuf;

pub use state::App;

use settings::Settings;

/// The name eframe stores settings and autosaves under.
const APP_ID: &str = "sokolab";

/// Why the window could not run.
#[derive(Debug)]
pub enum RunError {
    /// The window could not be opened (no display, or no OpenGL).
    Window(eframe::Error),
}

impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RunError::Window(e) => write!(f, "cannot open the window: {e}"),
        }
    }
}

impl std::error::Error for RunError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RunError::Window(e) => Some(e),
        }
    }
}

/// Opens the window on `path` (or the last file, `levels/default.xsb`, or built-in levels)
/// and runs until it is closed.
pub fn run(path: Option<PathBuf>) -> Result<(), RunError> {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Sokolab")
            .with_app_id(APP_ID)
            .with_inner_size([1180.0, 760.0])
            .with_min_inner_size([480.0, 320.0])
            .with_drag_and_drop(true)
            .with_icon(icon()),
        ..Default::default()
    };
    eframe::run_native(
        APP_ID,
        options,
        Box::new(move |cc| {
            let settings: Settings =
                cc.storage.and_then(|s| eframe::get_value(s, Settings::KEY)).unwrap_or_default();
            let autosave = eframe::storage_dir(APP_ID);
            Ok(Box::new(Window { app: App::startup(path, settings, autosave) }))
        }),
    )
    .map_err(RunError::Window)
}

/// The window icon (assets/sokolab.png, compiled in).
fn icon() -> egui::IconData {
    let png = include_bytes!("../../assets/sokolab.png");
    let image = image::load_from_memory(png).expect("the icon is a valid PNG").into_rgba8();
    let (width, height) = image.dimensions();
    egui::IconData { rgba: image.into_raw(), width, height }
}

/// The eframe application: the state plus what eframe needs around it.
struct Window {
    app: App,
}

impl eframe::App for Window {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.app.show(ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, Settings::KEY, &self.app.settings);
    }

    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        self.app.on_exit();
    }
}
