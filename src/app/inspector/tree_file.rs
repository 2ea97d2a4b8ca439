//! The search tree saved to a file (Graphviz DOT): the text of the tree drawn, kept while
//! the user picks where, then written on a worker.

use std::path::PathBuf;

use crate::app::worker::{Job, Waker};
use crate::level::format::save_text;

/// The tree waiting for its file, and the write under way.
#[derive(Default)]
pub struct TreeFile {
    text: Option<String>,
    job: Option<Job<(), Result<PathBuf, String>>>,
}

impl TreeFile {
    /// Keeps `text` until a file is picked for it.
    pub fn hold(&mut self, text: String) {
        self.text = Some(text);
    }

    /// Writes the text held to `path` on a worker (`repaint` wakes the window when it is
    /// done); what to tell the user.
    pub fn save(&mut self, path: PathBuf, repaint: Waker) -> String {
        let Some(text) = self.text.take() else {
            return "No search tree to save: draw one under Search tree first.".into();
        };
        self.job = Some(Job::spawn(repaint, move |_| {
            save_text(&path, &text).map(|()| path).map_err(|e| e.to_string())
        }));
        "Saving the search tree…".into()
    }

    /// What to tell the user once the write is done.
    pub fn poll(&mut self) -> Option<String> {
        let done = self.job.as_mut()?.poll()?;
        self.job = None;
        Some(match done {
            Ok(path) => format!("Saved the search tree (Graphviz DOT) to {}.", path.display()),
            Err(e) => format!("The search tree was not saved: {e}."),
        })
    }

    /// Whether a write is under way.
    pub fn saving(&self) -> bool {
        self.job.is_some()
    }
}
