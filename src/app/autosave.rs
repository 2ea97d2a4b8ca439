//! Crash protection: unsaved edits are written to a side file every few seconds, removed
//! when the document is saved or closed cleanly, and offered back at the next start.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::app::document::Document;
use crate::level::format::{self, Format};

/// Writes autosaves into one directory.
#[derive(Debug)]
pub struct Autosave {
    dir: PathBuf,
    last_write: Option<Instant>,
    written: Option<u64>,
}

/// How often unsaved edits are written at most.
const INTERVAL: Duration = Duration::from_secs(3);

impl Autosave {
    /// Autosaves into `dir` (created when first needed).
    pub fn new(dir: PathBuf) -> Self {
        Autosave { dir, last_write: None, written: None }
    }

    fn data(&self) -> PathBuf {
        self.dir.join("autosave.sok")
    }

    fn origin(&self) -> PathBuf {
        self.dir.join("autosave-origin.txt")
    }

    /// Writes `doc` if it has unsaved edits newer than the last autosave (`revision`
    /// counts edits) and the last write is a few seconds old. Errors are returned for the
    /// status line; the document is untouched either way.
    pub fn tick(&mut self, doc: &Document, revision: u64) -> Result<(), String> {
        if !doc.dirty || self.written == Some(revision) {
            return Ok(());
        }
        if self.last_write.is_some_and(|t| t.elapsed() < INTERVAL) {
            return Ok(());
        }
        self.last_write = Some(Instant::now());
        self.written = Some(revision);
        std::fs::create_dir_all(&self.dir).map_err(|e| format!("autosave failed: {e}"))?;
        format::save_file(self.data(), &doc.collection, Format::Sok)
            .map_err(|e| format!("autosave failed: {e}"))?;
        let origin = doc.path.as_deref().map(Path::to_string_lossy).unwrap_or_default();
        std::fs::write(self.origin(), origin.as_bytes())
            .map_err(|e| format!("autosave failed: {e}"))
    }

    /// Removes the autosave (after a save, or when edits are discarded).
    pub fn clear(&mut self) {
        self.written = None;
        let _ = std::fs::remove_file(self.data());
        let _ = std::fs::remove_file(self.origin());
    }

    /// The document left by a run that ended without saving, if there is one: dirty, and
    /// belonging to the file it was being edited from.
    pub fn restore(&self) -> Option<Document> {
        let collection = format::load_file(self.data()).ok()?;
        let origin = std::fs::read_to_string(self.origin()).unwrap_or_default();
        let path = (!origin.trim().is_empty()).then(|| PathBuf::from(origin.trim()));
        Some(Document { collection, path, dirty: true })
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
        autosave.tick(&doc, 1).unwrap();
        assert!(autosave.restore().is_none(), "a clean document is not autosaved");

        doc.dirty = true;
        doc.collection.levels[0].meta.title = "Edited".into();
        autosave.tick(&doc, 2).unwrap();
        let restored = Autosave::new(dir.path().join("state")).restore().expect("an autosave");
        assert_eq!(restored.collection, doc.collection);
        assert!(restored.dirty);
        assert_eq!(restored.path, doc.path);

        autosave.clear();
        assert!(autosave.restore().is_none());
    }
}
