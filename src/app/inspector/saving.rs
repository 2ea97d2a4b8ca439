//! What the inspector saves for slides and for debugging: the search tree drawn (Graphviz DOT or
//! SVG), the chart's history (CSV), the chart (PNG) and the search's trace (JSON lines, the search
//! re-run to where it stands, as `sokolab solve --trace` writes it). The text (or the work to make
//! it, for a history of millions of expansions) is kept while the user picks a file, then made and
//! written on a worker.

use std::path::PathBuf;

use std::sync::atomic::AtomicBool;

use crate::app::worker::{Job, Waker};
use crate::level::Level;
use crate::level::format::save_bytes;
use crate::solver::inspect::export::expansion;
use crate::solver::{Config, Limits, solve_traced};

/// What is saved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Saved {
    /// The search tree drawn, in Graphviz DOT.
    TreeDot,
    /// The search tree drawn, as an SVG picture.
    TreeSvg,
    /// The chart's history, one CSV row per expansion.
    Chart,
    /// The chart as a picture (PNG).
    ChartPng,
    /// Every expansion so far with its children and their verdicts, one JSON line each.
    Trace,
}

impl Saved {
    /// What it is, in a sentence.
    pub fn name(self) -> &'static str {
        match self {
            Saved::TreeDot => "the search tree (Graphviz DOT)",
            Saved::TreeSvg => "the search tree (SVG)",
            Saved::Chart => "the chart's history (CSV)",
            Saved::ChartPng => "the chart (PNG)",
            Saved::Trace => "the search's trace (JSON lines)",
        }
    }

    /// The file name offered.
    pub fn file_name(self) -> &'static str {
        match self {
            Saved::TreeDot => "search-tree.dot",
            Saved::TreeSvg => "search-tree.svg",
            Saved::Chart => "search-chart.csv",
            Saved::ChartPng => "search-chart.png",
            Saved::Trace => "search-trace.jsonl",
        }
    }

    /// The file type's name and extensions, for the system's dialog.
    pub fn filter(self) -> (&'static str, &'static [&'static str]) {
        match self {
            Saved::TreeDot => ("Graphviz DOT", &["dot", "gv"]),
            Saved::TreeSvg => ("SVG", &["svg"]),
            Saved::Chart => ("CSV", &["csv"]),
            Saved::ChartPng => ("PNG", &["png"]),
            Saved::Trace => ("JSON lines", &["jsonl", "json"]),
        }
    }
}

/// The trace of the search `config` asks for on `level`, re-run to `expansions` (every
/// search is deterministic, so these are the expansions the inspector made), one JSON line
/// an expansion as `sokolab solve --trace` writes them.
pub fn trace_of(level: &Level, config: &Config, expansions: u64) -> Result<Vec<u8>, String> {
    let limits = Limits { nodes: Some(expansions), ..Limits::default() };
    let mut out = Vec::new();
    let cancel = AtomicBool::new(false);
    solve_traced(level, config, &limits, &cancel, &mut |search| {
        if let Some(line) = expansion(search) {
            out.extend_from_slice(line.to_string().as_bytes());
            out.push(b'\n');
        }
    });
    Ok(out)
}

/// Makes the bytes to save, or says why it cannot.
type Make = Box<dyn FnOnce() -> Result<Vec<u8>, String> + Send>;

/// What a write ends with: what was saved, and the file or why not.
type Written = (Saved, Result<PathBuf, String>);

/// What waits for its file, and the write under way.
#[derive(Default)]
pub struct Saving {
    held: Option<(Saved, Make)>,
    job: Option<Job<(), Written>>,
}

impl Saving {
    /// Keeps what `make` makes until a file is picked for it.
    pub fn hold(
        &mut self,
        what: Saved,
        make: impl FnOnce() -> Result<Vec<u8>, String> + Send + 'static,
    ) {
        self.held = Some((what, Box::new(make)));
    }

    /// Makes what is held and writes it to `path` on a worker (`repaint` wakes the window
    /// when it is done); what to tell the user.
    pub fn save(&mut self, path: PathBuf, repaint: Waker) -> String {
        let Some((what, make)) = self.held.take() else {
            return "Nothing to save: choose Save as… under the tree or the chart first.".into();
        };
        self.job = Some(Job::spawn(repaint, move |_| {
            let saved = make().and_then(|bytes| {
                save_bytes(&path, &bytes).map(|()| path).map_err(|e| e.to_string())
            });
            (what, saved)
        }));
        format!("Saving {}…", what.name())
    }

    /// What to tell the user once the write is done.
    pub fn poll(&mut self) -> Option<String> {
        let (what, done) = self.job.as_mut()?.poll()?;
        self.job = None;
        Some(match done {
            Ok(path) => format!("Saved {} to {}.", what.name(), path.display()),
            Err(e) => format!("Did not save {}: {e}.", what.name()),
        })
    }

    /// Whether a write is under way.
    pub fn busy(&self) -> bool {
        self.job.is_some()
    }
}
