//! Crash protection: unsaved edits are written to a side file every few seconds, removed
//! once the document is saved or closed cleanly, and offered back at the next start. The
//! writing and removing run on a worker thread.
//!
//! The side file holds the edits and the name of the file they belong to together, written
//! atomically, so a crash mid-write leaves either the old autosave or the new one, never
//! edits paired with another file's name.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime};

use crate::app::document::Document;
use crate::app::worker::{Job, Waker};
use crate::level::format::{self, FileError, Format};

/// Why the autosave could not be written.
#[derive(Debug)]
pub enum AutosaveError {
    /// Its folder could not be created.
    Folder {
        /// The folder.
        dir: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The edits could not be written.
    Write(FileError),
    /// The autosave left by the last session could not be read. It was moved aside, not
    /// deleted.
    Unreadable {
        /// Why it could not be read.
        reason: String,
        /// Where it is now (none if even moving it failed: then it stays where it was).
        kept: Option<PathBuf>,
    },
    /// A write was still going after a few seconds.
    StillWriting,
}

impl std::fmt::Display for AutosaveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let keep = "save your edits to keep them safe from a crash";
        match self {
            AutosaveError::Folder { dir, source } => {
                write!(f, "autosave failed: cannot create {}: {source}; {keep}", dir.display())
            }
            AutosaveError::Write(e) => write!(f, "autosave failed: {e}; {keep}"),
            AutosaveError::Unreadable { reason, kept } => {
                write!(f, "the unsaved edits of the last session could not be read ({reason})")?;
                match kept {
                    Some(path) => write!(f, "; the autosave is kept as {}", path.display()),
                    None => Ok(()),
                }
            }
            AutosaveError::StillWriting => write!(f, "the autosave is still being written"),
        }
    }
}

impl std::error::Error for AutosaveError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            AutosaveError::Folder { source, .. } => Some(source),
            AutosaveError::Write(e) => Some(e),
            AutosaveError::Unreadable { .. } | AutosaveError::StillWriting => None,
        }
    }
}

/// Writes autosaves into one directory.
pub struct Autosave {
    dir: PathBuf,
    last_write: Option<Instant>,
    written: Option<u64>,
    /// Whether an autosave may be on disk (one left by a crash, or one written since).
    on_disk: bool,
    job: Option<Job<(), Result<(), AutosaveError>>>,
}

/// How often unsaved edits are written at most.
const INTERVAL: Duration = Duration::from_secs(3);

/// Longest [`Autosave::settle`] waits for a write in progress.
const SETTLE: Duration = Duration::from_secs(5);

impl Autosave {
    /// Autosaves into `dir` (created when first needed).
    pub fn new(dir: PathBuf) -> Self {
        let on_disk = data(&dir).exists() || legacy(&dir).0.exists();
        Autosave { dir, last_write: None, written: None, on_disk, job: None }
    }

    /// Whether a write or removal is in progress.
    pub fn busy(&self) -> bool {
        self.job.is_some()
    }

    /// Once a frame: takes the result of the job in progress, then, if none is running,
    /// starts writing `doc` if it has unsaved edits newer than the last autosave
    /// (`revision` counts edits) and the last write is a few seconds old, or starts removing
    /// the autosave if `doc` has none. Errors are returned for the status line; the document
    /// is untouched either way.
    pub fn tick(
        &mut self,
        doc: &Document,
        revision: u64,
        repaint: Waker,
    ) -> Result<(), AutosaveError> {
        if let Some(job) = &mut self.job {
            let Some(result) = job.poll() else { return Ok(()) };
            self.job = None;
            result?;
        }
        if !doc.dirty {
            if self.on_disk {
                self.on_disk = false;
                self.written = None;
                let dir = self.dir.clone();
                self.job = Some(Job::spawn(repaint, move |_| {
                    remove(&dir);
                    Ok(())
                }));
            }
            return Ok(());
        }
        if self.written == Some(revision) || self.last_write.is_some_and(|t| t.elapsed() < INTERVAL)
        {
            return Ok(());
        }
        self.last_write = Some(Instant::now());
        self.written = Some(revision);
        self.on_disk = true;
        let dir = self.dir.clone();
        let collection = doc.collection.clone();
        let from = doc.path.clone();
        self.job = Some(Job::spawn(repaint, move |_| {
            std::fs::create_dir_all(&dir)
                .map_err(|source| AutosaveError::Folder { dir: dir.clone(), source })?;
            let text = encode(from.as_deref(), &format::write_collection(&collection, Format::Sok));
            format::save_text(data(&dir), &text).map_err(AutosaveError::Write)?;
            let (old_data, old_origin) = legacy(&dir);
            let _ = std::fs::remove_file(old_data);
            let _ = std::fs::remove_file(old_origin);
            Ok(())
        }));
        Ok(())
    }

    /// Waits (a few seconds at most) for the job in progress and returns its result.
    pub fn settle(&mut self) -> Result<(), AutosaveError> {
        let Some(job) = &mut self.job else { return Ok(()) };
        let start = Instant::now();
        loop {
            if let Some(result) = job.poll() {
                self.job = None;
                return result;
            }
            if start.elapsed() > SETTLE {
                return Err(AutosaveError::StillWriting);
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    /// Removes the autosave now, after any write in progress (when the window closes with
    /// the edits saved or discarded).
    pub fn clear(&mut self) {
        let _ = self.settle();
        self.written = None;
        self.on_disk = false;
        remove(&self.dir);
    }

    /// The edits left by a run that ended without saving, if there are any: a dirty
    /// document belonging to the file it was being edited from, and when it was written. An
    /// autosave that cannot be read is moved aside (so that the next autosave does not
    /// overwrite it) and reported.
    pub fn restore(&mut self) -> Result<Option<Restorable>, AutosaveError> {
        let path = data(&self.dir);
        let read = match std::fs::read_to_string(&path) {
            Ok(text) => decode(&text),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return self.restore_legacy(),
            Err(e) => Err(e.to_string()),
        };
        let written = std::fs::metadata(&path).and_then(|m| m.modified()).ok();
        match read {
            Ok(doc) => Ok(Some(Restorable { doc, written })),
            Err(reason) => {
                let aside = self.dir.join(format!("autosave-unreadable-{}.txt", unix_seconds()));
                let kept = std::fs::rename(&path, &aside).ok().map(|()| aside);
                self.on_disk = false;
                Err(AutosaveError::Unreadable { reason, kept })
            }
        }
    }

    /// The autosave as earlier versions wrote it: the edits and their file's name in two
    /// files.
    fn restore_legacy(&mut self) -> Result<Option<Restorable>, AutosaveError> {
        let (data, origin) = legacy(&self.dir);
        if !data.exists() {
            return Ok(None);
        }
        let collection = format::load_file(&data).map_err(|e| {
            self.on_disk = false;
            AutosaveError::Unreadable { reason: e.to_string(), kept: Some(data.clone()) }
        })?;
        let written = std::fs::metadata(&data).and_then(|m| m.modified()).ok();
        let origin = std::fs::read_to_string(origin).unwrap_or_default();
        let path = (!origin.trim().is_empty()).then(|| PathBuf::from(origin.trim()));
        Ok(Some(Restorable { doc: Document { collection, path, dirty: true }, written }))
    }
}

/// The first line of an autosave.
const MAGIC: &str = "sokolab autosave 1";

/// The autosave's text: the magic line, the file the edits belong to (a JSON string, or
/// `none`), a blank line, then the collection.
fn encode(from: Option<&Path>, collection: &str) -> String {
    let origin = match from {
        Some(path) => serde_json::to_string(&path.to_string_lossy()).unwrap_or_default(),
        None => "none".into(),
    };
    format!("{MAGIC}\norigin {origin}\n\n{collection}")
}

/// The document an autosave's text holds, or why it cannot be read.
fn decode(text: &str) -> Result<Document, String> {
    let mut parts = text.splitn(4, '\n');
    if parts.next() != Some(MAGIC) {
        return Err(format!("it does not start with \"{MAGIC}\""));
    }
    let origin = parts.next().and_then(|l| l.strip_prefix("origin ")).ok_or("no origin line")?;
    let path = match origin {
        "none" => None,
        json => Some(PathBuf::from(
            serde_json::from_str::<String>(json).map_err(|e| format!("origin line: {e}"))?,
        )),
    };
    if parts.next() != Some("") {
        return Err("no blank line after the origin".into());
    }
    let collection = format::read_collection(parts.next().unwrap_or_default())
        .map_err(|e| format!("line {}, column {}: {}", e.line + 3, e.column, e.message))?;
    Ok(Document { collection, path, dirty: true })
}

fn unix_seconds() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

/// Unsaved edits an autosave kept, offered back at the next start.
#[derive(Debug)]
pub struct Restorable {
    /// The edited document (dirty).
    pub doc: Document,
    /// When the autosave was written, if the system says.
    pub written: Option<SystemTime>,
}

impl Restorable {
    /// The question the window asks: "Restore the unsaved edits of mine.xsb from 5 minutes
    /// ago?"
    pub fn question(&self) -> String {
        let when = match self.written.and_then(|t| t.elapsed().ok()) {
            Some(age) => format!(" from {}", ago(age)),
            None => String::new(),
        };
        format!("Restore the unsaved edits of {}{when}?", self.doc.name())
    }
}

/// "just now", "1 minute ago", "3 hours ago", "2 days ago".
fn ago(age: Duration) -> String {
    let minutes = age.as_secs() / 60;
    let (n, unit) = match minutes {
        0 => return "just now".into(),
        m if m < 60 => (m, "minute"),
        m if m < 60 * 24 => (m / 60, "hour"),
        m => (m / (60 * 24), "day"),
    };
    format!("{n} {unit}{} ago", if n == 1 { "" } else { "s" })
}

fn data(dir: &Path) -> PathBuf {
    dir.join("autosave.txt")
}

/// The two files of earlier versions: the edits, and the name of their file.
fn legacy(dir: &Path) -> (PathBuf, PathBuf) {
    (dir.join("autosave.sok"), dir.join("autosave-origin.txt"))
}

fn remove(dir: &Path) {
    let (old_data, old_origin) = legacy(dir);
    for file in [data(dir), old_data, old_origin] {
        let _ = std::fs::remove_file(file);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unsaved_edits_are_restored_and_cleared() {
        let dir = tempfile::tempdir().unwrap();
        let mut doc = Document::builtin();
        doc.path = Some(PathBuf::from("/levels/mine.xsb"));
        let mut autosave = Autosave::new(dir.path().join("state"));
        autosave.tick(&doc, 1, Waker::new(&egui::Context::default())).unwrap();
        autosave.settle().unwrap();
        assert!(autosave.restore().unwrap().is_none(), "a clean document is not autosaved");

        doc.dirty = true;
        doc.collection.levels[0].meta.title = "Edited".into();
        autosave.tick(&doc, 2, Waker::new(&egui::Context::default())).unwrap();
        assert!(autosave.busy(), "the write runs on a worker");
        autosave.settle().unwrap();
        let restored =
            Autosave::new(dir.path().join("state")).restore().unwrap().expect("an autosave");
        assert_eq!(restored.doc.collection, doc.collection);
        assert!(restored.doc.dirty);
        assert_eq!(restored.doc.path, doc.path);
        assert_eq!(restored.question(), "Restore the unsaved edits of mine.xsb from just now?");

        // Saved: the next tick removes the autosave.
        doc.dirty = false;
        autosave.tick(&doc, 3, Waker::new(&egui::Context::default())).unwrap();
        autosave.settle().unwrap();
        assert!(autosave.restore().unwrap().is_none());

        let mut again = Autosave::new(dir.path().join("state"));
        doc.dirty = true;
        again.tick(&doc, 4, Waker::new(&egui::Context::default())).unwrap();
        assert!(again.busy());
        again.clear();
        assert!(again.restore().unwrap().is_none(), "clear waits for the write in progress");
    }

    #[test]
    fn ages_read_as_people_say_them() {
        let minutes = |m: u64| ago(Duration::from_secs(m * 60));
        assert_eq!(minutes(0), "just now");
        assert_eq!(minutes(1), "1 minute ago");
        assert_eq!(minutes(59), "59 minutes ago");
        assert_eq!(minutes(120), "2 hours ago");
        assert_eq!(minutes(60 * 24), "1 day ago");
    }

    #[test]
    fn a_folder_that_cannot_be_made_is_reported_with_what_to_do() {
        let dir = tempfile::tempdir().unwrap();
        let blocker = dir.path().join("file");
        std::fs::write(&blocker, b"x").unwrap();
        let mut doc = Document::builtin();
        doc.dirty = true;
        let mut autosave = Autosave::new(blocker.join("state"));
        autosave.tick(&doc, 1, Waker::new(&egui::Context::default())).unwrap();
        let e = autosave.settle().unwrap_err();
        assert!(matches!(&e, AutosaveError::Folder { dir, .. } if *dir == blocker.join("state")));
        let text = e.to_string();
        assert!(text.starts_with("autosave failed: cannot create"), "{text}");
        assert!(text.ends_with("save your edits to keep them safe from a crash"), "{text}");
    }

    #[test]
    fn the_edits_and_their_file_name_are_one_file() {
        let dir = tempfile::tempdir().unwrap();
        let mut doc = Document::builtin();
        doc.path = Some(PathBuf::from("/levels/odd\nname.xsb"));
        doc.dirty = true;
        let mut autosave = Autosave::new(dir.path().to_path_buf());
        autosave.tick(&doc, 1, Waker::new(&egui::Context::default())).unwrap();
        autosave.settle().unwrap();
        let files: Vec<_> =
            std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(files, ["autosave.txt"], "one file, written at once");
        let restored = Autosave::new(dir.path().to_path_buf()).restore().unwrap().unwrap();
        assert_eq!(restored.doc.path, doc.path, "a name with a line break survives");
        assert_eq!(restored.doc.collection, doc.collection);
    }

    #[test]
    fn an_unreadable_autosave_is_reported_and_kept() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("autosave.txt"), "sokolab autosave 1\norigin none\n\n#x#\n")
            .unwrap();
        let mut autosave = Autosave::new(dir.path().to_path_buf());
        let e = autosave.restore().unwrap_err();
        let AutosaveError::Unreadable { kept: Some(kept), .. } = &e else { panic!("{e:?}") };
        assert!(e.to_string().contains("line 4"), "{e}");
        assert!(e.to_string().contains(&kept.display().to_string()), "{e}");
        assert_eq!(
            std::fs::read_to_string(kept).unwrap(),
            "sokolab autosave 1\norigin none\n\n#x#\n"
        );
        // The next session's autosaves do not overwrite it, and do not delete it.
        let mut doc = Document::builtin();
        doc.dirty = true;
        autosave.tick(&doc, 1, Waker::new(&egui::Context::default())).unwrap();
        autosave.settle().unwrap();
        autosave.clear();
        assert!(kept.exists());
    }

    #[test]
    fn an_autosave_of_an_earlier_version_is_restored() {
        let dir = tempfile::tempdir().unwrap();
        let doc = Document::builtin();
        format::save_file(dir.path().join("autosave.sok"), &doc.collection, Format::Sok).unwrap();
        std::fs::write(dir.path().join("autosave-origin.txt"), "/levels/mine.xsb").unwrap();
        let restored = Autosave::new(dir.path().to_path_buf()).restore().unwrap().unwrap();
        assert_eq!(restored.doc.collection, doc.collection);
        assert_eq!(restored.doc.path, Some(PathBuf::from("/levels/mine.xsb")));
    }
}
