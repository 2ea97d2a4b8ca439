//! File commands: new, open, save, save as, cancel, quit; starting and taking the results
//! of file jobs; the prompts before unsaved edits are closed or replaced; the autosave.

use crate::app::command::Command;
use crate::app::document::Document;
use crate::app::files::{FileDone, FileRun, FileTask};
use crate::app::state::{App, WindowRequest};
use crate::app::view::Mode;
use crate::app::worker::Waker;

impl App {
    /// Carries out a file command.
    pub(crate) fn file_command(&mut self, command: Command) -> Option<WindowRequest> {
        match command {
            Command::New => self.new_collection(),
            Command::Open => return Some(WindowRequest::PickOpen),
            Command::OpenPath(p) => return self.file_request(FileTask::Open(p)),
            Command::Save => match self.document.doc.path.clone() {
                Some(path) => return self.file_request(FileTask::Save(path)),
                None => return Some(WindowRequest::PickSave),
            },
            Command::SaveAs => return Some(WindowRequest::PickSave),
            Command::SaveTo(path) => return self.file_request(FileTask::Save(path)),
            Command::CancelFile => {
                if let Some(run) = &self.files.run {
                    run.cancel();
                }
            }
            Command::Quit => return Some(WindowRequest::Close),
            other => unreachable!("{other:?} is not a file command"),
        }
        None
    }

    /// A new collection with one empty level, unless a file job runs or there are unsaved
    /// edits.
    fn new_collection(&mut self) {
        if self.files.run.is_some() {
            self.messages.status = "Wait for the file to be read or written.".into();
        } else if self.document.doc.dirty {
            self.messages.error =
                Some("Save or undo your edits before starting a new collection.".into());
        } else {
            self.document.replace(Document::untitled());
            self.play.forget();
        }
    }

    /// Asks the window to start `task` unless a file job is already running.
    fn file_request(&mut self, task: FileTask) -> Option<WindowRequest> {
        if let Some(run) = &self.files.run {
            self.messages.status = format!("Wait: {}", run.describe());
            return None;
        }
        Some(WindowRequest::StartFile(task))
    }

    /// Starts a file job (a save writes the collection as it is now); `repaint` wakes the
    /// window when it is done.
    pub fn start_file(&mut self, task: FileTask, repaint: Waker) {
        if self.files.run.is_some() {
            return;
        }
        let run = match task {
            FileTask::Open(path) => FileRun::open(path, repaint),
            FileTask::Save(path) => {
                let collection = self.document.doc.collection.clone();
                FileRun::save(path, collection, self.document.edits(), repaint)
            }
        };
        self.files.run = Some(run);
    }

    /// Takes the file job's result once it has finished: an opened document replaces the
    /// one shown (after asking, if that has unsaved edits); a broken file or a failed save
    /// says why in a dialog and changes nothing; a save marks the document saved unless it
    /// was edited meanwhile.
    pub fn poll_files(&mut self) {
        let Some(run) = &mut self.files.run else { return };
        let Some(done) = run.poll() else { return };
        let Some(run) = self.files.run.take() else { return };
        let path = run.path().to_path_buf();
        match done {
            FileDone::Opened(Ok((doc, warnings))) => {
                self.settings.add_recent(&path);
                if !warnings.is_empty() {
                    self.messages.error = Some(unread_lines(&doc, &warnings));
                }
                if self.document.doc.dirty {
                    self.messages.status = format!(
                        "Read {}; the open collection has unsaved changes.",
                        path.display()
                    );
                    self.files.pending_open = Some(doc);
                } else {
                    self.replace_document(doc);
                }
            }
            FileDone::Opened(Err(e)) => {
                self.messages.error = Some(format!("Cannot open the file.\n\n{e}"));
            }
            FileDone::Saved(Ok(())) => {
                self.settings.add_recent(&path);
                self.document.doc.path = Some(path.clone());
                self.messages.status = if self.document.saved(run.edits) {
                    format!("Saved {}.", path.display())
                } else {
                    format!("Saved {} (edits made while saving are not in it).", path.display())
                };
                if std::mem::take(&mut self.files.close_after_save) && !self.document.doc.dirty {
                    self.queue.push(Command::Quit);
                }
            }
            FileDone::Saved(Err(e)) => {
                self.files.close_after_save = false;
                self.messages.error = Some(format!("The file was not saved.\n\n{e}"));
            }
            FileDone::Cancelled => {
                self.files.close_after_save = false;
                let what = if matches!(run.task, FileTask::Open(_)) { "open" } else { "save" };
                self.messages.status = format!("Did not {what} {}.", path.display());
            }
        }
    }

    /// Answers the prompt about an opened file: show it, discarding the unsaved edits.
    pub fn discard_and_open(&mut self) {
        if let Some(doc) = self.files.pending_open.take() {
            self.replace_document(doc);
        }
    }

    /// Answers the prompt about an opened file: keep editing the document shown.
    pub fn keep_editing(&mut self) {
        if let Some(doc) = self.files.pending_open.take() {
            let name = doc.name();
            self.messages.status = format!("Kept the unsaved changes; {name} was not opened.");
        }
    }

    /// The document read from a file takes the place of the one shown, in the editor.
    fn replace_document(&mut self, doc: Document) {
        let path = doc.path.clone().unwrap_or_default();
        self.document.replace(doc);
        self.play.forget();
        self.set_mode(Mode::Edit);
        let levels = self.document.doc.collection.levels.len();
        self.messages.status = format!("Opened {} ({levels} levels).", path.display());
    }

    /// Whether the window may close now. A save in progress is finished first (the window
    /// closes after it if it succeeds); otherwise unsaved edits open the prompt.
    pub fn may_close(&mut self) -> bool {
        if self.files.saving() {
            self.files.close_after_save = true;
            self.messages.status = "Closing once the file is written…".into();
            return false;
        }
        if !self.document.doc.dirty || self.files.close_confirmed {
            return true;
        }
        self.files.confirm_close = true;
        false
    }

    /// Answers the unsaved-changes prompt: save, then close if the save succeeds.
    pub fn save_and_close(&mut self) {
        self.files.confirm_close = false;
        self.files.close_after_save = true;
        self.queue.push(Command::Save);
    }

    /// Answers the unsaved-changes prompt: discard the edits and close. The autosave is
    /// removed and stops, so that nothing brings the edits back.
    pub fn discard_and_close(&mut self) {
        self.files.close_confirmed = true;
        self.files.confirm_close = false;
        if let Some(mut a) = self.files.autosave.take() {
            a.clear();
        }
    }

    /// Answers the offer of the last run's edits: show them, unsaved, in place of the
    /// document shown (which has no edits of its own, or the prompt before opening asks).
    pub fn restore_edits(&mut self) {
        let Some(restored) = self.files.pending_restore.take() else { return };
        let name = restored.doc.name();
        if self.document.doc.dirty {
            self.files.pending_open = Some(restored.doc);
            return;
        }
        self.document.replace(restored.doc);
        self.play.forget();
        self.set_mode(Mode::Edit);
        self.messages.status = format!("Restored the unsaved edits of {name}.");
    }

    /// Answers the offer of the last run's edits: drop them (the next autosave tick removes
    /// the file).
    pub fn discard_restore(&mut self) {
        if let Some(restored) = self.files.pending_restore.take() {
            let name = restored.doc.name();
            self.messages.status = format!("Discarded the unsaved edits of {name}.");
        }
    }

    /// Writes the autosave when due (on a worker; `repaint` wakes the window when done);
    /// nothing while the last run's edits are offered back.
    pub fn autosave_tick(&mut self, repaint: Waker) {
        if self.files.pending_restore.is_none()
            && let Some(a) = &mut self.files.autosave
            && let Err(e) = a.tick(&self.document.doc, self.document.revision(), repaint)
        {
            self.messages.status = e.to_string();
        }
    }

    /// Ends the session cleanly: a clean document needs no autosave.
    pub fn on_exit(&mut self) {
        if !self.document.doc.dirty
            && let Some(a) = &mut self.files.autosave
        {
            a.clear();
        }
    }
}

/// Most reader warnings listed in the dialog.
const MAX_WARNINGS: usize = 20;

/// The dialog text for lines of an opened file that were not read.
fn unread_lines(doc: &Document, warnings: &[String]) -> String {
    let mut text = format!("Some lines of {} were not read as they look:\n\n", doc.name());
    for w in warnings.iter().take(MAX_WARNINGS) {
        text += &format!("{w}\n");
    }
    if warnings.len() > MAX_WARNINGS {
        text += &format!("… and {} more\n", warnings.len() - MAX_WARNINGS);
    }
    text
}
