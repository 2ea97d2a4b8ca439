//! The files group: opening and saving collections on a worker thread, so that a slow or
//! stalled disk never holds up the window (one file job runs at a time; the status bar shows
//! it with a Cancel button), the prompts before unsaved edits are closed or replaced, and
//! the autosave.

use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::time::Duration;

use crate::app::autosave::{Autosave, Restorable};
use crate::app::document::Document;
use crate::app::file_picker::{self, FilePicker};
use crate::app::worker::{Job, Waker};
use crate::level::Collection;
use crate::level::format::FileError;

/// File jobs, the close and open prompts, and the autosave.
pub struct FileState {
    /// The file being opened or saved.
    pub run: Option<FileRun>,
    /// A document opened while the one shown had unsaved edits, waiting for the user to
    /// discard them (or to keep them).
    pub pending_open: Option<Document>,
    /// Edits an autosave kept from the last run, offered back (the autosave waits, untouched,
    /// until the user restores or discards them).
    pub pending_restore: Option<Restorable>,
    /// Whether the unsaved-changes prompt is open.
    pub confirm_close: bool,
    /// Whether the window closes once the save in progress succeeds.
    pub close_after_save: bool,
    /// Whether the user chose to close without saving.
    pub close_confirmed: bool,
    /// Writes unsaved edits aside (none in tests).
    pub autosave: Option<Autosave>,
    /// Whether the system's file dialog is tried (false once it could not open).
    pub native_dialogs: bool,
    /// Sokolab's own file dialog, when it is open.
    pub picker: Option<FilePicker>,
}

impl FileState {
    /// No job, no prompt, autosaving into `autosave_dir` if given.
    pub fn new(autosave_dir: Option<PathBuf>) -> Self {
        FileState {
            run: None,
            pending_open: None,
            pending_restore: None,
            confirm_close: false,
            close_after_save: false,
            close_confirmed: false,
            autosave: autosave_dir.map(Autosave::new),
            native_dialogs: file_picker::native_available(),
            picker: None,
        }
    }

    /// Whether a save is in progress.
    pub fn saving(&self) -> bool {
        self.run.as_ref().is_some_and(|f| matches!(f.task, FileTask::Save(_)))
    }
}

/// What a file job does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileTask {
    /// Reads the collection in a file.
    Open(PathBuf),
    /// Writes the collection to a file (Save and Save As).
    Save(PathBuf),
}

/// What a finished file job gives back.
#[derive(Debug)]
pub enum FileDone {
    /// The document read with the reader's warnings, or why it could not be read.
    Opened(Result<(Document, Vec<String>), FileError>),
    /// Whether the collection was written.
    Saved(Result<(), FileError>),
    /// Cancelled before anything was read or written.
    Cancelled,
}

/// A file job in progress.
pub struct FileRun {
    /// What it does.
    pub task: FileTask,
    /// For a save, the document's edit count when it started: edits made while the file is
    /// written keep the document unsaved.
    pub edits: u64,
    job: Job<(), FileDone>,
}

impl FileRun {
    /// Starts reading `path`; `repaint` wakes the window when it is done.
    pub fn open(path: PathBuf, repaint: Waker) -> Self {
        let work_path = path.clone();
        let job = Job::spawn(repaint, move |reporter| {
            let opened = Document::open(&work_path);
            if reporter.cancel.load(Ordering::Relaxed) {
                FileDone::Cancelled
            } else {
                FileDone::Opened(opened)
            }
        });
        FileRun { task: FileTask::Open(path), edits: 0, job }
    }

    /// Starts writing `collection` (the document after `edits` edits) to `path`, atomically.
    pub fn save(path: PathBuf, collection: Collection, edits: u64, repaint: Waker) -> Self {
        let work_path = path.clone();
        let job = Job::spawn(repaint, move |reporter| {
            if reporter.cancel.load(Ordering::Relaxed) {
                return FileDone::Cancelled;
            }
            FileDone::Saved(Document::write(&work_path, &collection))
        });
        FileRun { task: FileTask::Save(path), edits, job }
    }

    /// Asks the job to stop: an open is abandoned; a save stops if it has not begun writing
    /// (the file is replaced atomically, so it is either the old one or the new one).
    pub fn cancel(&self) {
        self.job.cancel();
    }

    /// The result, once the job has finished.
    pub fn poll(&mut self) -> Option<FileDone> {
        self.job.poll()
    }

    /// Time since the job started.
    pub fn elapsed(&self) -> Duration {
        self.job.elapsed()
    }

    /// The file the job works on.
    pub fn path(&self) -> &Path {
        match &self.task {
            FileTask::Open(p) | FileTask::Save(p) => p,
        }
    }

    /// What the status bar says while the job runs: "Opening levels.xsb…".
    pub fn describe(&self) -> String {
        let name = self.path().file_name().unwrap_or(self.path().as_os_str()).to_string_lossy();
        let cancelling = if self.job.is_cancelling() { " (cancelling)" } else { "" };
        match self.task {
            FileTask::Open(_) => format!("Opening {name}…{cancelling}"),
            FileTask::Save(_) => format!("Saving {name}…{cancelling}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finish(run: &mut FileRun) -> FileDone {
        let start = std::time::Instant::now();
        loop {
            if let Some(done) = run.poll() {
                return done;
            }
            assert!(start.elapsed() < Duration::from_secs(20), "the file job hangs");
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    #[test]
    fn a_save_then_an_open_round_trip_on_worker_threads() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("round.sok");
        let doc = Document::builtin();
        let mut save = FileRun::save(
            path.clone(),
            doc.collection.clone(),
            7,
            Waker::new(&egui::Context::default()),
        );
        assert_eq!((&save.task, save.edits), (&FileTask::Save(path.clone()), 7));
        assert_eq!(save.describe(), "Saving round.sok…");
        assert!(matches!(finish(&mut save), FileDone::Saved(Ok(()))));
        let mut open = FileRun::open(path.clone(), Waker::new(&egui::Context::default()));
        match finish(&mut open) {
            FileDone::Opened(Ok((read, _))) => {
                assert_eq!(read.collection, doc.collection);
                assert_eq!(read.path.as_deref(), Some(path.as_path()));
            }
            other => panic!("not opened: {other:?}"),
        }
    }

    #[test]
    fn failures_come_back_as_errors_naming_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("no/such/dir/x.xsb");
        let mut save = FileRun::save(
            missing.clone(),
            Document::builtin().collection,
            1,
            Waker::new(&egui::Context::default()),
        );
        match finish(&mut save) {
            FileDone::Saved(Err(e)) => assert_eq!(e.path, missing),
            other => panic!("a save into a missing folder succeeded: {other:?}"),
        }
        assert!(!missing.exists());
        let mut open = FileRun::open(missing.clone(), Waker::new(&egui::Context::default()));
        assert!(matches!(finish(&mut open), FileDone::Opened(Err(e)) if e.path == missing));
    }
}
