//! The application state, grouped by concern, and `dispatch`, which routes each command to
//! the handler of its area (in `commands`). Panels only read this state and queue
//! commands; nothing here draws.

use crate::app::worker::Waker;
use std::path::{Path, PathBuf};

use crate::app::command::Command;
use crate::app::document::{Document, DocumentState, LevelKey};
use crate::app::editor::EditorState;
use crate::app::files::{FileState, FileTask};
use crate::app::inspector::{Inspector, Run};
use crate::app::modes::{Frame, ModeView};
use crate::app::overlay::OverlayState;
use crate::app::palette::Palette;
use crate::app::play::PlayState;
use crate::app::settings::Settings;
use crate::app::sink::Sink;
use crate::app::solving::SolverState;
use crate::app::timeline::{ExportKind, TimelineState};
use crate::app::view::{Mode, ViewState};
use crate::level::Level;
use crate::solver::optimize::Metric;

/// What the status bar and the error dialog say.
#[derive(Debug, Default)]
pub struct Messages {
    /// A one-line message for the status bar, until another level or board is shown.
    pub status: String,
    /// The status as last drawn, and the level and board shown when it was said.
    pub(crate) said: Option<(String, LevelKey)>,
    /// An error to show in a dialog until dismissed.
    pub error: Option<String>,
}

/// Everything the window shows and edits, grouped by area. The fields are the app's own:
/// what others may see has an accessor, and what they may change goes through a command
/// ([`App::send`]).
pub struct App {
    /// The open collection, the level shown and the undo history.
    pub(crate) document: DocumentState,
    /// The editor's tool, stroke and diagnostics.
    pub(crate) editor: EditorState,
    /// The game in play mode.
    pub(crate) play: PlayState,
    /// The solver's run and its last solution.
    pub(crate) solver: SolverState,
    /// The search inspector.
    pub(crate) inspector: Inspector,
    /// Lab mode: the textbook's puzzles and experiments.
    pub(crate) lab: crate::app::lab::LabState,
    /// The solution on the timeline and its export.
    pub(crate) timeline: TimelineState,
    /// The level list's difficulty ratings.
    pub(crate) rating: crate::app::rating::RatingState,
    /// The level generator's dialog and run.
    pub(crate) generator: crate::app::generator::GeneratorState,
    /// File jobs, the prompts about unsaved edits, and the autosave.
    pub(crate) files: FileState,
    /// The mode, the board's geometry and what was drawn on it.
    pub(crate) view: ViewState,
    /// The overlays' facts and the last deadlock explanation.
    pub(crate) overlays: OverlayState,
    /// Persisted settings (theme, recent files, zoom, overlays, painting shape).
    pub(crate) settings: Settings,
    /// The status line and the error dialog.
    pub(crate) messages: Messages,
    /// Commands queued by panels during this frame.
    pub(crate) queue: Vec<Command>,
    /// Wakes the window when a job started by a command has news: the window's own from its
    /// first frame (commands are carried out only while a frame is drawn).
    pub(crate) waker: Waker,
}

impl App {
    /// A window state showing `doc`, autosaving into `autosave_dir` (none in tests).
    pub fn new(doc: Document, settings: Settings, autosave_dir: Option<PathBuf>) -> Self {
        App {
            document: DocumentState::new(doc),
            editor: EditorState::default(),
            play: PlayState::default(),
            solver: SolverState::default(),
            inspector: Inspector::default(),
            lab: crate::app::lab::LabState::default(),
            timeline: TimelineState::default(),
            rating: crate::app::rating::RatingState::default(),
            generator: crate::app::generator::GeneratorState::default(),
            files: FileState::new(autosave_dir),
            view: ViewState::default(),
            overlays: OverlayState::default(),
            settings,
            messages: Messages::default(),
            queue: Vec::new(),
            waker: Waker::new(&egui::Context::default()),
        }
    }

    /// Offers the edits an autosave kept from a crash, if there are any; opens `path` if
    /// given, else the last file used, else `levels/default.xsb` (in the working directory,
    /// the installed `share/sokolab` or the source tree). Files are opened by the first
    /// frames.
    pub fn startup(
        path: Option<PathBuf>,
        settings: Settings,
        autosave_dir: Option<PathBuf>,
    ) -> Self {
        let mut app = App::new(Document::builtin(), settings, autosave_dir);
        app.files.pending_restore = match app.files.autosave.as_mut().map(|a| a.restore()) {
            Some(Ok(restorable)) => restorable,
            Some(Err(e)) => {
                app.messages.error = Some(e.to_string());
                None
            }
            None => None,
        };
        if let Some(path) = path {
            app.queue.push(Command::OpenPath(path));
        } else {
            let default = Path::new("levels/default.xsb");
            // Installed: <prefix>/bin/sokolab beside <prefix>/share/sokolab/levels.
            let installed = std::env::current_exe()
                .ok()
                .and_then(|exe| Some(exe.parent()?.parent()?.join("share/sokolab").join(default)));
            let candidates = app.settings.recent.first().cloned().into_iter();
            let candidates = candidates
                .chain([default.to_path_buf()])
                .chain(installed)
                .chain([Path::new(env!("CARGO_MANIFEST_DIR")).join(default)]);
            if let Some(p) = candidates.into_iter().find(|p| p.exists()) {
                app.queue.push(Command::OpenPath(p));
            }
        }
        app
    }

    /// The level shown.
    pub fn level(&self) -> &Level {
        self.document.level()
    }

    /// Queues `command`, carried out after the next frame is drawn (as a panel's button does).
    pub fn send(&mut self, command: Command) {
        self.queue.push(command);
    }

    /// The open collection, the level shown and the undo history.
    pub fn document(&self) -> &DocumentState {
        &self.document
    }

    /// The editor's tool, stroke, checks and live solvability check.
    pub fn editor(&self) -> &EditorState {
        &self.editor
    }

    /// The games in play.
    pub fn play(&self) -> &PlayState {
        &self.play
    }

    /// The solver's run and its last solution.
    pub fn solver(&self) -> &SolverState {
        &self.solver
    }

    /// The search inspector.
    pub fn inspector(&self) -> &Inspector {
        &self.inspector
    }

    /// The lab.
    pub fn lab(&self) -> &crate::app::lab::LabState {
        &self.lab
    }

    /// The inspector, to change as its panel does: the panel owns its settings (the step
    /// count, the rate, the breakpoints) and changes them as it draws.
    pub fn inspector_mut(&mut self) -> &mut Inspector {
        &mut self.inspector
    }

    /// The lab, to change as its panels do: they own its state and change it as they draw
    /// (the problem, the search, the trials of an experiment), with no command between.
    pub fn lab_mut(&mut self) -> &mut crate::app::lab::LabState {
        &mut self.lab
    }

    /// The timeline.
    pub fn timeline(&self) -> &TimelineState {
        &self.timeline
    }

    /// The level list's ratings.
    pub fn rating(&self) -> &crate::app::rating::RatingState {
        &self.rating
    }

    /// The generator's dialog and run.
    pub fn generator(&self) -> &crate::app::generator::GeneratorState {
        &self.generator
    }

    /// File jobs, prompts, the autosave and the window's own file dialog.
    pub fn files(&self) -> &FileState {
        &self.files
    }

    /// The files, to change as the window's own file dialog does (it owns its state: the
    /// folder shown, the name typed) or to say the system dialog cannot open.
    pub fn files_mut(&mut self) -> &mut FileState {
        &mut self.files
    }

    /// The mode, the board's geometry and what was drawn on it.
    pub fn view(&self) -> &ViewState {
        &self.view
    }

    /// The overlays' facts and the last deadlock explanation.
    pub fn overlays(&self) -> &OverlayState {
        &self.overlays
    }

    /// The persisted settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The status line and the error dialog.
    pub fn messages(&self) -> &Messages {
        &self.messages
    }

    /// The level as the board shows it: the mode's (the game's position in play mode, the
    /// position the inspector shows, the timeline's position), else the level shown.
    pub fn board_level(&self) -> &Level {
        self.mode_ref().board(&self.document).unwrap_or_else(|| self.level())
    }

    /// The mode shown.
    pub(crate) fn mode_ref(&self) -> &dyn ModeView {
        match self.view.mode {
            Mode::Edit => &self.editor,
            Mode::Play => &self.play,
            Mode::Inspect => &self.inspector,
            Mode::Replay => &self.timeline,
            Mode::Lab => &self.lab,
        }
    }

    /// The mode shown, and what it may use of the rest of the window this frame.
    pub(crate) fn mode<'a>(
        &'a mut self,
        ctx: &'a egui::Context,
    ) -> (&'a mut dyn ModeView, Frame<'a>) {
        let App {
            document,
            editor,
            play,
            solver,
            inspector,
            lab,
            timeline,
            view,
            settings,
            messages,
            queue,
            ..
        } = self;
        let key = document.key();
        let (mode, inspected): (&mut dyn ModeView, _) = match view.mode {
            Mode::Edit => (editor, None),
            Mode::Play => (play, None),
            Mode::Inspect => (inspector, None),
            Mode::Replay => (timeline, inspector.solution_for(key)),
            Mode::Lab => (lab, None),
        };
        let frame = Frame {
            ctx,
            document,
            settings,
            solver,
            status: &mut messages.status,
            sink: Sink::new(queue, view.mode),
            inspected,
            palette: Palette::for_dark_mode(settings.dark),
        };
        (mode, frame)
    }

    /// Carries out one command by handing it to the handler of its area. Commands that need
    /// the window (dialogs, clipboard, closing, starting workers) return what the window
    /// must do.
    pub fn dispatch(&mut self, command: Command) -> Option<WindowRequest> {
        use Command as C;
        match command {
            C::New
            | C::Open
            | C::OpenPath(_)
            | C::Save
            | C::SaveAs
            | C::SaveTo(_)
            | C::CancelFile
            | C::Quit => self.file_command(command),
            C::Undo
            | C::Redo
            | C::Copy
            | C::Paste
            | C::PasteText(_)
            | C::AddLevel
            | C::DuplicateLevel
            | C::DeleteLevel
            | C::MoveLevelUp
            | C::MoveLevelDown
            | C::SelectLevel(_)
            | C::NextLevel
            | C::PreviousLevel
            | C::SetTitle(_)
            | C::SetAuthor(_)
            | C::SetComment(_) => self.document_command(command),
            C::SetTool(_)
            | C::SetShape(_)
            | C::Resize(..)
            | C::CropToContent
            | C::RotateClockwise
            | C::MirrorHorizontal
            | C::MirrorVertical
            | C::SwapBoxesAndGoals
            | C::SetLiveCheckBudget(_) => self.editor_command(command),
            C::SetMode(_)
            | C::ToggleMode
            | C::ZoomIn
            | C::ZoomOut
            | C::ZoomFit
            | C::ToggleTheme
            | C::ToggleDeadSquares
            | C::ToggleOverlay(_)
            | C::ExplainDeadlock
            | C::AskOracle => self.view_command(command),
            C::Step(_) | C::Restart | C::SaveSolution | C::TogglePullMode => {
                self.play_command(command)
            }
            C::Solve | C::SetSolveAim(_) | C::CancelSolve | C::ReplaySolution => {
                self.solver_command(command)
            }
            C::SetSearchConfig(_)
            | C::InspectStep
            | C::InspectStepMany(_)
            | C::InspectRun(_)
            | C::InspectRunToSolution
            | C::InspectRunUntilPruned
            | C::InspectRunUntilBreak
            | C::InspectStepBack
            | C::TogglePredict
            | C::ToggleCompare
            | C::SetCompareConfig(_)
            | C::Predict(_)
            | C::InspectGoTo(_)
            | C::InspectPause
            | C::InspectReset
            | C::InspectShow(_)
            | C::InspectScrub(_)
            | C::SetLowerView(_)
            | C::SelectPattern(_)
            | C::SetPatternOrder(_)
            | C::RunCoverage
            | C::StopCoverage
            | C::SetCoveragePushes(_)
            | C::SelectMissed(_)
            | C::AdoptDeadSet
            | C::ExportTree(..)
            | C::ExportChart(_)
            | C::ExportTrace
            | C::SaveExport(_)
            | C::ToggleLogScale
            | C::ToggleSeedColours => self.inspector_command(command),
            C::TimelineLoad(_)
            | C::TimelinePlay
            | C::TimelineForward
            | C::TimelineBack
            | C::TimelineSeek(_)
            | C::TimelineToPush(_)
            | C::CopyLurd
            | C::ExportGif
            | C::ExportFrames
            | C::ExportTo(_)
            | C::CancelExport
            | C::OptimizeSolution(_)
            | C::CancelOptimize => self.timeline_command(command),
            C::RateLevels => Some(WindowRequest::StartRating),
            C::ShowGenerator => {
                self.generator.open = true;
                None
            }
            C::GenerateLevels => Some(WindowRequest::StartGenerator),
            C::CancelGenerate => {
                self.generator.cancel();
                None
            }
            C::CancelRating => {
                self.rating.cancel();
                self.messages.status =
                    "Rating stopped; the levels rated keep their ratings.".into();
                None
            }
            C::OpenExperiment => Some(WindowRequest::PickExperiment),
            C::InspectLabLevel(..) | C::ChooseExperiment(_) => {
                self.lab_command(command);
                None
            }
        }
    }
}

/// Something only the window can do, asked for by a command.
#[derive(Clone, Debug, PartialEq)]
pub enum WindowRequest {
    /// Show the open dialog.
    PickOpen,
    /// Show the save dialog.
    PickSave,
    /// Show the dialog that opens an experiment's RON file.
    PickExperiment,
    /// Ask where to save the tree or the chart.
    PickExport(crate::app::inspector::saving::Saved),
    /// Close the window.
    Close,
    /// Put text on the clipboard.
    CopyText(String),
    /// Read the clipboard (it arrives as a paste event).
    Paste,
    /// Start the solver on the current level (it needs the window to wake it up).
    StartSolver,
    /// Start opening or saving a file.
    StartFile(FileTask),
    /// Start the inspector's worker.
    Inspect(Run),
    /// Ask for a GIF file to export to.
    PickGif,
    /// Ask for a folder to export PNG frames to.
    PickFramesFolder,
    /// Start exporting.
    StartExport(ExportKind),
    /// Start optimising the timeline's solution.
    StartOptimize(Metric),
    /// Start rating every level of the collection.
    StartRating,
    /// Start generating levels as the generator's dialog says.
    StartGenerator,
}
