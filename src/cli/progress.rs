//! A progress bar for long command-line work: counts, rate and time left, drawn on
//! standard error when it is a terminal, and nothing on a pipe or with `--json`. Lines the
//! command prints while the bar is shown go above it.

use indicatif::{ProgressBar, ProgressState, ProgressStyle};
use std::io::IsTerminal as _;
use std::time::Duration;

/// The bar, or nothing when it is not drawn.
pub struct Bar(Option<ProgressBar>);

impl Bar {
    /// A bar over `total` items called `unit` ("levels"), or a spinner when the total is
    /// not known; drawn only when standard error is a terminal and not `quiet`.
    pub fn new(total: Option<u64>, unit: &str, quiet: bool) -> Self {
        if quiet || !std::io::stderr().is_terminal() {
            return Bar(None);
        }
        let (bar, template) = match total {
            Some(n) => (
                ProgressBar::new(n),
                format!("{{bar:30}} {{pos}}/{{len}} {unit} ({{rate}}, {{eta}} left) {{msg}}"),
            ),
            None => (ProgressBar::new_spinner(), format!("{{spinner}} {{elapsed}} {unit} {{msg}}")),
        };
        let style = ProgressStyle::with_template(&template).expect("the template is valid");
        let rate = |state: &ProgressState, w: &mut dyn std::fmt::Write| {
            let _ = write!(w, "{:.1}/s", state.per_sec());
        };
        bar.set_style(style.with_key("rate", rate).progress_chars("=> "));
        bar.enable_steady_tick(Duration::from_millis(250));
        Bar(Some(bar))
    }

    /// Counts `n` more items done.
    pub fn inc(&self, n: u64) {
        if let Some(b) = &self.0 {
            b.inc(n);
        }
    }

    /// Sets the items done and the total.
    pub fn set(&self, done: u64, total: u64) {
        if let Some(b) = &self.0 {
            b.set_length(total);
            b.set_position(done);
        }
    }

    /// The text after the counts ("solved 12").
    pub fn message(&self, text: String) {
        if let Some(b) = &self.0 {
            b.set_message(text);
        }
    }

    /// Runs `f` with the bar taken off the terminal, for output of its own.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        match &self.0 {
            Some(b) => b.suspend(f),
            None => f(),
        }
    }

    /// Prints `line` on standard output (above the bar while it is drawn).
    pub fn println(&self, line: &str) {
        self.suspend(|| println!("{line}"));
    }

    /// Takes the bar off the terminal.
    pub fn finish(&self) {
        if let Some(b) = &self.0 {
            b.finish_and_clear();
        }
    }
}
