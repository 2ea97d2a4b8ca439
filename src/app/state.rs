//! The application state and `dispatch`, which carries out every command. Panels only read
//! this state and queue commands; nothing here draws.

use std::path::{Path, PathBuf};

use crate::app::autosave::Autosave;
use crate::app::board::Geometry;
use crate::app::command::{Command, Mode};
use crate::app::document::{Document, blank_level};
use crate::app::editor::{Analysis, Stroke};
use crate::app::files::{FileDone, FileRun, FileTask};
use crate::app::history::History;
use crate::app::inspector::{Inspector, Run, Shown};
use crate::app::overlay::{Explanation, Overlay, OverlayCache};
use crate::app::plan_overlay::PlanCache;
use crate::app::play::Game;
use crate::app::settings::Settings;
use crate::app::solving::{Found, SolveRun, outcome_line};
use crate::app::timeline::{ExportKind, ExportRun, Timeline, TimelineSource};
use crate::level::edit::{self, Tool};
use crate::level::format::{self, Format};
use crate::level::{Collection, Level, Pos};

/// The undo unit: the whole collection and the level shown.
pub(crate) type Snapshot = (Collection, usize);

/// Which metadata field a text edit changes (consecutive edits of one field undo together).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MetaField {
    Title,
    Author,
    Comment,
}

/// Everything the window shows and edits.
pub struct App {
    /// The open collection.
    pub doc: Document,
    /// Index of the level shown.
    pub current: usize,
    /// Edit or play.
    pub mode: Mode,
    /// Persisted settings (theme, recent files, view).
    pub settings: Settings,
    /// The game in play mode.
    pub game: Option<Game>,
    /// What the editor paints.
    pub tool: Tool,
    /// A paint stroke in progress.
    pub stroke: Option<Stroke>,
    /// The solver running in the background.
    pub solving: Option<SolveRun>,
    /// The last solution the solver found.
    pub found: Option<Found>,
    /// A one-line message for the status bar.
    pub status: String,
    /// An error to show in a dialog until dismissed.
    pub error: Option<String>,
    /// Whether the unsaved-changes prompt is open.
    pub confirm_close: bool,
    /// Commands queued by panels during this frame.
    pub queue: Vec<Command>,
    /// Where the board's squares were last drawn (zoom steps start from it).
    pub geometry: Option<Geometry>,
    /// Play mode: the square where the primary button went down.
    pub play_press: Option<Pos>,
    /// The level the level list last scrolled to.
    pub list_shows: Option<usize>,
    /// The window title last sent (it is sent again only when it changes).
    pub window_title: String,
    /// The search inspector.
    pub inspector: Inspector,
    /// The solution on the timeline.
    pub timeline: Option<Timeline>,
    /// A GIF or PNG export in progress.
    pub export: Option<ExportRun>,
    /// The last "why is this a deadlock?" answer.
    pub explanation: Option<Explanation>,
    /// The overlays drawn on the board last frame.
    pub drawn: crate::app::board::Overlays,
    /// The file being opened or saved.
    pub files: Option<FileRun>,
    /// A document opened while the one shown had unsaved edits, waiting for the user to
    /// discard them (or to keep them).
    pub pending_open: Option<Document>,
    pub(crate) overlay_cache: OverlayCache,
    pub(crate) plan_cache: PlanCache,
    history: History<Snapshot>,
    revision: u64,
    /// Counts edits of the document (a save in progress knows which it wrote).
    edits: u64,
    pub(crate) close_after_save: bool,
    meta_edit: Option<(usize, MetaField)>,
    pub(crate) analysis: Analysis,
    autosave: Option<Autosave>,
    close_confirmed: bool,
}

impl App {
    /// A window state showing `doc`, autosaving into `autosave_dir` (none in tests).
    pub fn new(doc: Document, settings: Settings, autosave_dir: Option<PathBuf>) -> Self {
        App {
            doc,
            current: 0,
            mode: Mode::Edit,
            settings,
            game: None,
            tool: Tool::Wall,
            stroke: None,
            solving: None,
            found: None,
            status: String::new(),
            error: None,
            confirm_close: false,
            queue: Vec::new(),
            geometry: None,
            play_press: None,
            list_shows: None,
            window_title: String::new(),
            inspector: Inspector::default(),
            timeline: None,
            export: None,
            explanation: None,
            drawn: Default::default(),
            files: None,
            pending_open: None,
            overlay_cache: OverlayCache::default(),
            plan_cache: PlanCache::default(),
            history: History::default(),
            revision: 0,
            edits: 0,
            close_after_save: false,
            meta_edit: None,
            analysis: Analysis::default(),
            autosave: autosave_dir.map(Autosave::new),
            close_confirmed: false,
        }
    }

    /// Shows the edits an autosave kept from a crash, if there are any, else the built-in
    /// levels; then opens `path` if given (asking before it replaces restored edits), else,
    /// with nothing restored, the last file used, else `levels/default.xsb` (in the working
    /// directory, the installed `share/sokolab` or the source tree). Files are opened by the
    /// first frames.
    pub fn startup(
        path: Option<PathBuf>,
        settings: Settings,
        autosave_dir: Option<PathBuf>,
    ) -> Self {
        let mut app = App::new(Document::builtin(), settings, autosave_dir);
        let restored = app.autosave.as_ref().and_then(Autosave::restore);
        let restoring = restored.is_some();
        if let Some(doc) = restored {
            app.doc = doc;
            app.status = "Restored unsaved edits from the last session.".into();
        }
        if let Some(path) = path {
            app.queue.push(Command::OpenPath(path));
        } else if !restoring {
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
        &self.doc.collection.levels[self.current]
    }

    pub(crate) fn level_mut(&mut self) -> &mut Level {
        &mut self.doc.collection.levels[self.current]
    }

    /// The level as the board shows it: the game's position in play mode, the position the
    /// inspector shows, the timeline's position.
    pub fn board_level(&self) -> &Level {
        match self.mode {
            Mode::Play => self.game.as_ref().map(|g| &g.level),
            Mode::Inspect => self.inspector.board.as_ref().map(|(l, _)| l),
            Mode::Replay => self.timeline.as_ref().map(|t| &t.board),
            Mode::Edit => None,
        }
        .unwrap_or_else(|| self.level())
    }

    /// Counts changes to the document (for caches and the autosave).
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Whether undo has anything to take back (in the current mode).
    pub fn can_undo(&self) -> bool {
        match (&self.game, self.mode) {
            (Some(g), Mode::Play) => !g.moves().is_empty(),
            _ => self.history.can_undo(),
        }
    }

    /// Whether the window may close now. A save in progress is finished first (the window
    /// closes after it if it succeeds); otherwise unsaved edits open the prompt.
    pub fn may_close(&mut self) -> bool {
        if self.files.as_ref().is_some_and(|f| matches!(f.task, FileTask::Save(_))) {
            self.close_after_save = true;
            self.status = "Closing once the file is written…".into();
            return false;
        }
        if !self.doc.dirty || self.close_confirmed {
            return true;
        }
        self.confirm_close = true;
        false
    }

    /// Answers the unsaved-changes prompt: save, then close if the save succeeds.
    pub fn save_and_close(&mut self) {
        self.confirm_close = false;
        self.close_after_save = true;
        self.queue.push(Command::Save);
    }

    /// Answers the unsaved-changes prompt: discard the edits and close.
    pub fn discard_and_close(&mut self) {
        self.close_confirmed = true;
        self.confirm_close = false;
        if let Some(a) = &mut self.autosave {
            a.clear();
        }
    }

    /// Writes the autosave when due (on a worker; `repaint` wakes the window when done).
    pub fn autosave_tick(&mut self, repaint: impl Fn() + Send + 'static) {
        if let Some(a) = &mut self.autosave
            && let Err(e) = a.tick(&self.doc, self.revision, repaint)
        {
            self.status = e.to_string();
        }
    }

    /// Ends the session cleanly: a clean document needs no autosave.
    pub fn on_exit(&mut self) {
        if !self.doc.dirty
            && let Some(a) = &mut self.autosave
        {
            a.clear();
        }
    }

    pub(crate) fn snapshot(&self) -> Snapshot {
        (self.doc.collection.clone(), self.current)
    }

    fn changed(&mut self) {
        self.revision += 1;
        self.edits += 1;
        self.doc.dirty = true;
        self.game = None;
    }

    /// Marks the level shown as changed without making an undo step (during a stroke).
    pub(crate) fn touch(&mut self) {
        self.revision += 1;
    }

    /// Makes the changes since `before` one undo step (if there are any).
    pub(crate) fn record_step(&mut self, before: Snapshot) {
        if self.doc.collection != before.0 {
            self.history.record(before);
            self.meta_edit = None;
            self.changed();
        }
    }

    /// Applies `f` to the current level as one undoable step (if it changes anything).
    fn edit_level(&mut self, f: impl FnOnce(&mut Level)) {
        let before = self.snapshot();
        f(self.level_mut());
        self.record_step(before);
    }

    /// Like [`App::edit_level`] for an edit that can fail; the error goes to the status line.
    fn try_edit_level<E: std::fmt::Display>(
        &mut self,
        f: impl FnOnce(&mut Level) -> Result<(), E>,
    ) {
        let before = self.snapshot();
        let result = f(self.level_mut());
        self.record_step(before);
        if let Err(e) = result {
            self.status = format!("Not done: {e}.");
        }
    }

    /// Applies `f` to the collection as one undoable step.
    fn edit_collection(&mut self, f: impl FnOnce(&mut Collection, &mut usize)) {
        let before = self.snapshot();
        f(&mut self.doc.collection, &mut self.current);
        if self.doc.collection.levels.is_empty() {
            self.doc.collection.levels.push(blank_level(10, 8));
        }
        self.current = self.current.min(self.doc.collection.levels.len() - 1);
        if self.doc.collection != before.0 || self.current != before.1 {
            self.history.record(before);
            self.meta_edit = None;
            self.changed();
        }
    }

    fn edit_meta(&mut self, field: MetaField, text: String) {
        let before = self.snapshot();
        let meta = &mut self.level_mut().meta;
        let slot = match field {
            MetaField::Title => &mut meta.title,
            MetaField::Author => &mut meta.author,
            MetaField::Comment => &mut meta.comment,
        };
        if *slot == text {
            return;
        }
        *slot = text;
        if self.meta_edit != Some((self.current, field)) {
            self.history.record(before);
            self.meta_edit = Some((self.current, field));
        }
        self.changed();
    }

    /// Asks the window to start `task` unless a file job is already running.
    fn file_request(&mut self, task: FileTask) -> Option<WindowRequest> {
        if let Some(run) = &self.files {
            self.status = format!("Wait: {}", run.describe());
            return None;
        }
        Some(WindowRequest::StartFile(task))
    }

    /// Starts a file job (a save writes the collection as it is now); `repaint` wakes the
    /// window when it is done.
    pub fn start_file(&mut self, task: FileTask, repaint: impl Fn() + Send + 'static) {
        if self.files.is_some() {
            return;
        }
        let run = match task {
            FileTask::Open(path) => FileRun::open(path, repaint),
            FileTask::Save(path) => {
                FileRun::save(path, self.doc.collection.clone(), self.edits, repaint)
            }
        };
        self.files = Some(run);
    }

    /// Takes the file job's result once it has finished: an opened document replaces the
    /// one shown (after asking, if that has unsaved edits); a broken file or a failed save
    /// says why in a dialog and changes nothing; a save marks the document saved unless it
    /// was edited meanwhile.
    pub fn poll_files(&mut self) {
        let Some(run) = &mut self.files else { return };
        let Some(done) = run.poll() else { return };
        let run = self.files.take().expect("a file job is running");
        let path = run.path().to_path_buf();
        match done {
            FileDone::Opened(Ok(doc)) => {
                self.settings.add_recent(&path);
                if self.doc.dirty {
                    self.status = format!(
                        "Read {}; the open collection has unsaved changes.",
                        path.display()
                    );
                    self.pending_open = Some(doc);
                } else {
                    self.replace_document(doc);
                }
            }
            FileDone::Opened(Err(e)) => {
                self.error = Some(format!("Cannot open the file.\n\n{e}"));
            }
            FileDone::Saved(Ok(())) => {
                self.settings.add_recent(&path);
                self.doc.path = Some(path.clone());
                if run.edits == self.edits {
                    self.doc.dirty = false;
                    self.status = format!("Saved {}.", path.display());
                } else {
                    self.status = format!(
                        "Saved {} (edits made while saving are not in it).",
                        path.display()
                    );
                }
                if std::mem::take(&mut self.close_after_save) && !self.doc.dirty {
                    self.queue.push(Command::Quit);
                }
            }
            FileDone::Saved(Err(e)) => {
                self.close_after_save = false;
                self.error = Some(format!("The file was not saved.\n\n{e}"));
            }
            FileDone::Cancelled => {
                self.close_after_save = false;
                let what = if matches!(run.task, FileTask::Open(_)) { "open" } else { "save" };
                self.status = format!("Did not {what} {}.", path.display());
            }
        }
    }

    /// Answers the prompt about an opened file: show it, discarding the unsaved edits.
    pub fn discard_and_open(&mut self) {
        if let Some(doc) = self.pending_open.take() {
            self.replace_document(doc);
        }
    }

    /// The document read from a file takes the place of the one shown.
    fn replace_document(&mut self, doc: Document) {
        let path = doc.path.clone().unwrap_or_default();
        self.doc = doc;
        self.current = 0;
        self.history.clear();
        self.game = None;
        self.mode = Mode::Edit;
        self.revision += 1;
        self.edits += 1;
        self.status =
            format!("Opened {} ({} levels).", path.display(), self.doc.collection.levels.len());
    }

    fn with_game(&mut self, f: impl FnOnce(&mut Game) -> bool) {
        let game =
            self.game.get_or_insert_with(|| Game::new(&self.doc.collection.levels[self.current]));
        let was_solved = game.is_solved();
        if f(game) && game.is_solved() && !was_solved {
            self.status = format!(
                "Solved in {} moves and {} pushes! (Save the solution from the play panel.)",
                game.moves().len(),
                game.pushes()
            );
        }
    }

    /// Carries out one command. Commands that need the window (dialogs, clipboard, closing)
    /// return what the window must do.
    pub fn dispatch(&mut self, command: Command) -> Option<WindowRequest> {
        match command {
            Command::New => {
                if self.files.is_some() {
                    self.status = "Wait for the file to be read or written.".into();
                } else if self.doc.dirty {
                    self.error =
                        Some("Save or undo your edits before starting a new collection.".into());
                } else {
                    self.doc = Document::untitled();
                    self.current = 0;
                    self.history.clear();
                    self.game = None;
                    self.revision += 1;
                }
            }
            Command::Open => return Some(WindowRequest::PickOpen),
            Command::OpenPath(p) => return self.file_request(FileTask::Open(p)),
            Command::Save => match self.doc.path.clone() {
                Some(path) => return self.file_request(FileTask::Save(path)),
                None => return Some(WindowRequest::PickSave),
            },
            Command::SaveAs => return Some(WindowRequest::PickSave),
            Command::SaveTo(path) => return self.file_request(FileTask::Save(path)),
            Command::CancelFile => {
                if let Some(run) = &self.files {
                    run.cancel();
                }
            }
            Command::Quit => return Some(WindowRequest::Close),
            Command::Undo => match (&mut self.game, self.mode) {
                (Some(g), Mode::Play) => {
                    g.undo();
                }
                _ => {
                    if let Some(s) = self.history.undo(self.snapshot()) {
                        (self.doc.collection, self.current) = s;
                        self.meta_edit = None;
                        self.changed();
                    }
                }
            },
            Command::Redo => match (&mut self.game, self.mode) {
                (Some(g), Mode::Play) => {
                    g.redo();
                }
                _ => {
                    if let Some(s) = self.history.redo(self.snapshot()) {
                        (self.doc.collection, self.current) = s;
                        self.meta_edit = None;
                        self.changed();
                    }
                }
            },
            Command::Copy => {
                let one =
                    Collection { notes: Vec::new(), levels: vec![self.board_level().clone()] };
                self.status = "Copied the level as XSB text.".into();
                return Some(WindowRequest::CopyText(format::write_collection(&one, Format::Xsb)));
            }
            Command::Paste => return Some(WindowRequest::Paste),
            Command::PasteText(text) => match format::read_collection(&text) {
                Ok(pasted) => {
                    let n = pasted.levels.len();
                    self.edit_collection(|c, cur| {
                        for (i, l) in pasted.levels.into_iter().enumerate() {
                            c.levels.insert(*cur + 1 + i, l);
                        }
                        *cur += 1;
                    });
                    self.status = format!("Pasted {n} level(s).");
                }
                Err(e) => self.status = format!("The clipboard holds no level ({e})."),
            },
            Command::AddLevel => self.edit_collection(|c, cur| {
                c.levels.insert(*cur + 1, blank_level(10, 8));
                *cur += 1;
            }),
            Command::DuplicateLevel => self.edit_collection(|c, cur| {
                let copy = c.levels[*cur].clone();
                c.levels.insert(*cur + 1, copy);
                *cur += 1;
            }),
            Command::DeleteLevel => self.edit_collection(|c, cur| {
                c.levels.remove(*cur);
            }),
            Command::MoveLevelUp => self.edit_collection(|c, cur| {
                if *cur > 0 {
                    c.levels.swap(*cur, *cur - 1);
                    *cur -= 1;
                }
            }),
            Command::MoveLevelDown => self.edit_collection(|c, cur| {
                if *cur + 1 < c.levels.len() {
                    c.levels.swap(*cur, *cur + 1);
                    *cur += 1;
                }
            }),
            Command::SelectLevel(i) => self.select(i),
            Command::NextLevel => self.select(self.current + 1),
            Command::PreviousLevel => self.select(self.current.saturating_sub(1)),
            Command::SetTitle(t) => self.edit_meta(MetaField::Title, t),
            Command::SetAuthor(t) => self.edit_meta(MetaField::Author, t),
            Command::SetComment(t) => self.edit_meta(MetaField::Comment, t),
            Command::SetMode(m) => self.set_mode(m),
            Command::ToggleMode => {
                self.set_mode(if self.mode == Mode::Edit { Mode::Play } else { Mode::Edit });
            }
            Command::SetTool(t) => self.tool = t,
            Command::SetShape(s) => self.settings.shape = s,
            Command::Resize(w, h) => self.try_edit_level(|l| edit::resize(l, w, h, (0, 0))),
            Command::CropToContent => self.edit_level(|l| {
                edit::crop_to_content(l);
            }),
            Command::RotateClockwise => self.edit_level(edit::rotate_cw),
            Command::MirrorHorizontal => self.edit_level(edit::mirror_horizontal),
            Command::MirrorVertical => self.edit_level(edit::mirror_vertical),
            Command::SwapBoxesAndGoals => self.try_edit_level(edit::swap_boxes_and_goals),
            Command::ToggleDeadSquares => self.settings.toggle_overlay(Overlay::Dead),
            Command::ToggleOverlay(o) => self.settings.toggle_overlay(o),
            Command::ExplainDeadlock => {
                let e = Explanation::of(self.board_level());
                self.status = e.text();
                self.explanation = Some(e);
            }
            Command::SetSearchConfig(config) => {
                self.inspector.method = config.method;
                self.inspector.bound = config.lower_bound;
                self.inspector.deadlocks = config.deadlocks;
                self.inspector.techniques = config.techniques;
                self.reset_inspector();
            }
            Command::InspectReset => self.reset_inspector(),
            Command::InspectStep => {
                self.ensure_session();
                if let Some(s) = &mut self.inspector.session {
                    s.step_once();
                }
                self.inspector.shown = Shown::Current;
                self.inspector.refresh();
            }
            Command::InspectStepMany(n) => return self.inspect_run(Run::Steps(n)),
            Command::InspectRun(rate) => return self.inspect_run(Run::Rate(rate)),
            Command::InspectRunToSolution => return self.inspect_run(Run::Full),
            Command::InspectPause => {
                if let Some(s) = &mut self.inspector.session {
                    s.pause();
                }
            }
            Command::InspectShow(shown) => {
                self.inspector.shown = shown;
                self.inspector.refresh();
            }
            Command::InspectScrub(at) => {
                self.inspector.scrub = at;
                self.inspector.shown = Shown::Step(at);
                self.inspector.refresh();
            }
            Command::SetLowerView(v) => self.inspector.view = v,
            Command::SelectPattern(id) => {
                self.inspector.patterns.selected = id;
                if id.is_some() && !self.settings.overlays.contains(&Overlay::Pattern) {
                    self.settings.toggle_overlay(Overlay::Pattern);
                }
                self.inspector.refresh();
            }
            Command::SetPatternOrder(o) => self.inspector.patterns.set_order(o),
            Command::ToggleLogScale => self.inspector.log_scale = !self.inspector.log_scale,
            Command::TimelineLoad(source) => self.load_timeline(source),
            Command::TimelinePlay => {
                if let Some(t) = &mut self.timeline {
                    t.toggle_play();
                }
            }
            Command::TimelineForward => self.seek_timeline(|t| t.cursor + 1),
            Command::TimelineBack => self.seek_timeline(|t| t.cursor.saturating_sub(1)),
            Command::TimelineSeek(i) => self.seek_timeline(|_| i),
            Command::TimelineToPush(n) => self.seek_timeline(|t| t.cursor_after_push(n)),
            Command::CopyLurd => {
                if let Some(t) = &self.timeline {
                    self.status = "Copied the solution as LURD.".into();
                    return Some(WindowRequest::CopyText(t.lurd()));
                }
            }
            Command::ExportGif => return self.timeline.as_ref().map(|_| WindowRequest::PickGif),
            Command::ExportFrames => {
                return self.timeline.as_ref().map(|_| WindowRequest::PickFramesFolder);
            }
            Command::ExportTo(kind) => {
                if self.timeline.is_some() && self.export.is_none() {
                    return Some(WindowRequest::StartExport(kind));
                }
            }
            Command::CancelExport => {
                if let Some(e) = &self.export {
                    e.cancel();
                }
            }
            Command::Solve => {
                if self.solving.is_none() {
                    return Some(WindowRequest::StartSolver);
                }
            }
            Command::CancelSolve => {
                if let Some(run) = &self.solving {
                    run.cancel();
                }
            }
            Command::ReplaySolution => self.replay_found(),
            Command::ZoomIn => self.zoom(1.25),
            Command::ZoomOut => self.zoom(1.0 / 1.25),
            Command::ZoomFit => self.settings.view.fit(),
            Command::ToggleTheme => self.settings.dark = !self.settings.dark,
            Command::Step(d) => {
                self.set_mode(Mode::Play);
                self.with_game(|g| g.step(d));
            }
            Command::Restart => {
                if let Some(g) = &mut self.game {
                    g.restart();
                }
            }
            Command::SaveSolution => {
                if let Some(g) = &self.game
                    && g.is_solved()
                {
                    let lurd = crate::level::moves::to_lurd(g.moves());
                    let game = g.clone();
                    self.edit_level(|l| {
                        if !l.meta.solutions.contains(&lurd) {
                            l.meta.solutions.push(lurd);
                        }
                    });
                    self.game = Some(game);
                    self.status = "Saved the solution into the level.".into();
                }
            }
        }
        None
    }

    /// Starts the solver on the current level; `repaint` wakes the window when it reports.
    pub fn start_solver(&mut self, repaint: impl Fn() + Send + 'static) {
        self.solving = Some(SolveRun::start(self.current, self.level(), repaint));
        self.status = "Solving…".into();
    }

    /// Takes the solver's result once it has finished.
    pub fn poll_solver(&mut self) {
        let Some(run) = &mut self.solving else { return };
        let Some(outcome) = run.poll() else { return };
        let run = self.solving.take().expect("a run is going");
        self.status = format!("Level {}: {}", run.level + 1, outcome_line(&outcome));
        if let Some(sol) = outcome.solution() {
            self.found = Some(Found {
                level: run.level,
                start: run.start,
                moves: sol.moves.clone(),
                pushes: sol.pushes,
                optimal: sol.optimal,
            });
        }
    }

    /// Play mode on the level the solution was found for, with its moves ready to step
    /// through (redo plays the next one).
    fn replay_found(&mut self) {
        let Some(found) = self.found.clone() else { return };
        if found.level != self.current || found.start != *self.level() {
            self.status = "The solution belongs to another level or an older version.".into();
            return;
        }
        self.set_mode(Mode::Play);
        self.game = Some(Game::with_plan(&found.start, &found.moves));
        self.status = "Replaying: Redo (Ctrl+Y) steps forward, Undo steps back.".into();
    }

    /// A fresh inspector search of the level shown in the editor.
    fn reset_inspector(&mut self) {
        let level = self.level().clone();
        if let Err(e) = self.inspector.reset(&level) {
            self.status = format!("The inspector cannot search this level: {e}.");
        }
    }

    /// Builds the inspector's search if there is none for the current level.
    fn ensure_session(&mut self) {
        let fresh = self.inspector.session.as_ref().is_some_and(|s| s.level == *self.level());
        if !fresh {
            self.reset_inspector();
        }
    }

    fn inspect_run(&mut self, run: Run) -> Option<WindowRequest> {
        self.ensure_session();
        self.inspector.shown = Shown::Current;
        let ready = self.inspector.session.as_ref().is_some_and(|s| s.can_step());
        ready.then_some(WindowRequest::Inspect(run))
    }

    /// Starts the inspector's worker; `repaint` wakes the window.
    pub fn start_inspector(&mut self, run: Run, repaint: impl Fn() + Send + 'static) {
        if let Some(s) = &mut self.inspector.session {
            s.run(run, repaint);
        }
    }

    fn load_timeline(&mut self, source: TimelineSource) {
        let level = self.level();
        let found = self.found.as_ref().filter(|f| f.level == self.current && f.start == *level);
        match Timeline::load(level, &source, found.map(|f| &f.moves[..])) {
            Ok(t) => {
                self.timeline = Some(t);
                self.set_mode(Mode::Replay);
            }
            Err(e) => self.status = format!("Not loaded: {e}."),
        }
    }

    fn seek_timeline(&mut self, to: impl FnOnce(&Timeline) -> usize) {
        if let Some(t) = &mut self.timeline {
            let at = to(t);
            t.playing = false;
            t.seek(at);
        }
    }

    /// Starts exporting the timeline's solution; `repaint` wakes the window.
    pub fn start_export(&mut self, kind: ExportKind, repaint: impl Fn() + Send + 'static) {
        let Some(t) = &self.timeline else { return };
        let pal = crate::app::palette::Palette::for_dark_mode(self.settings.dark);
        self.export = Some(ExportRun::start(kind, &t.start, &t.moves, t.speed, pal, repaint));
        self.status = "Exporting…".into();
    }

    /// Takes the export's result once it has finished.
    pub fn poll_export(&mut self) {
        let Some(run) = &mut self.export else { return };
        let Some(result) = run.poll() else { return };
        self.export = None;
        match result {
            Ok(done) => self.status = done.to_string(),
            Err(e) => self.error = Some(format!("The export failed.\n\n{e}")),
        }
    }

    fn zoom(&mut self, factor: f32) {
        if let Some(g) = self.geometry {
            self.settings.view.zoom_by(&g, factor, g.area.center());
        }
    }

    fn select(&mut self, i: usize) {
        if i < self.doc.collection.levels.len() && i != self.current {
            self.current = i;
            self.game = None;
            self.stroke = None;
            self.meta_edit = None;
            self.revision += 1;
        }
    }

    fn set_mode(&mut self, mode: Mode) {
        if mode == self.mode {
            return;
        }
        self.stroke = None;
        self.mode = mode;
        self.game = (mode == Mode::Play).then(|| Game::new(self.level()));
        match mode {
            Mode::Inspect => self.ensure_session(),
            Mode::Replay => {
                let stale = self.timeline.as_ref().is_none_or(|t| t.start != *self.level());
                if stale {
                    self.timeline = None;
                    let saved = !self.level().meta.solutions.is_empty();
                    let found = self.found.as_ref().is_some_and(|f| f.level == self.current);
                    if found {
                        self.load_timeline(TimelineSource::Solver);
                    } else if saved {
                        self.load_timeline(TimelineSource::Saved(0));
                    }
                }
            }
            Mode::Edit | Mode::Play => {}
        }
    }

    /// Play mode: walk to `to`, or push the dragged box there.
    pub fn play_click(&mut self, to: Pos) {
        self.with_game(|g| g.walk_to(to));
    }

    /// Play mode: push the box at `from` to `to` along the shortest push path.
    pub fn play_drag_box(&mut self, from: Pos, to: Pos) {
        let mut ok = true;
        self.with_game(|g| {
            ok = g.push_box(from, to);
            ok
        });
        if !ok {
            self.status = "That box cannot be pushed there.".into();
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
}
