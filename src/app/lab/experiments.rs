//! The Experiments view: one of the chapter's tables, or a teacher's own RON file, run on a
//! worker thread with a progress bar and a cancel button; its rows and the figure-7-26
//! chart fill in as each row completes. A Sokoban experiment scrambles the level shown.

use crate::app::worker::{Job, Waker};
use crate::lab::experiment::{Experiment, NAMED, Row, Table, Watch};
use crate::lab::figures::FigureRow;
use crate::level::Level;
use egui::Ui;
use egui_plot::{GridInput, GridMark, Legend, Line, Plot, PlotPoints};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// What a run shows the window while it goes: its progress, columns and rows so far.
#[derive(Default)]
struct Shared {
    done: AtomicU64,
    total: AtomicU64,
    /// Column labels, once the experiment is read.
    columns: Mutex<Vec<String>>,
    rows: Mutex<Vec<Row>>,
}

/// The run's [`Watch`]: it fills [`Shared`] and stops when the job is cancelled.
struct Relay<'a> {
    shared: &'a Shared,
    cancel: &'a AtomicBool,
}

impl Watch for Relay<'_> {
    fn trial(&self, done: u64, total: u64) -> bool {
        self.shared.done.store(done, Ordering::Relaxed);
        self.shared.total.store(total, Ordering::Relaxed);
        !self.cancel.load(Ordering::Relaxed)
    }

    fn row(&self, row: &Row) {
        self.shared.rows.lock().unwrap_or_else(|e| e.into_inner()).push(row.clone());
    }
}

/// A run under way.
struct Running {
    shared: Arc<Shared>,
    job: Job<(), Result<Table, String>>,
}

/// Which experiment runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    /// A shipped one (a name in [`NAMED`]).
    Named(&'static str),
    /// A RON file, read when the run starts.
    File(PathBuf),
}

impl Choice {
    /// Its name in the view.
    pub fn name(&self) -> String {
        match self {
            Choice::Named(name) => name.to_string(),
            Choice::File(path) => {
                path.file_name().map_or(path.display().to_string(), |n| n.display().to_string())
            }
        }
    }
}

/// The Experiments view's state.
pub struct Experiments {
    /// The experiment chosen.
    pub chosen: Choice,
    /// Instances per row.
    pub trials: u32,
    /// The seed.
    pub seed: u64,
    running: Option<Running>,
    /// The last table finished.
    pub table: Option<Table>,
    /// Why the last run ended without a table.
    pub message: String,
}

impl Default for Experiments {
    fn default() -> Self {
        Experiments {
            chosen: Choice::Named("nutshell-7-3"),
            trials: 100,
            seed: 1,
            running: None,
            table: None,
            message: String::new(),
        }
    }
}

impl Experiments {
    /// Whether a run is under way.
    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// Starts the chosen experiment on a worker thread (a file is read there), a Sokoban
    /// one on `level`; `repaint` is called as it moves.
    pub fn start(&mut self, level: &Level, repaint: Waker) {
        if self.running.is_some() {
            return;
        }
        let shared = Arc::new(Shared::default());
        let (chosen, trials, seed, level) =
            (self.chosen.clone(), self.trials.max(1), self.seed, level.clone());
        let job = {
            let shared = shared.clone();
            Job::spawn(repaint, move |reporter| {
                let watch = Relay { shared: &shared, cancel: reporter.cancel };
                run(&chosen, trials, seed, &level, &watch)
            })
        };
        self.table = None;
        self.message.clear();
        self.running = Some(Running { shared, job });
    }

    /// Asks the run to stop.
    pub fn cancel(&self) {
        if let Some(r) = &self.running {
            r.job.cancel();
        }
    }

    /// Collects a finished run; true while one is under way.
    pub fn poll(&mut self) -> bool {
        let Some(r) = &mut self.running else { return false };
        match r.job.poll() {
            Some(Ok(table)) => self.table = Some(table),
            Some(Err(e)) => self.message = e,
            None if r.job.failed() => self.message = "the experiment's worker failed".into(),
            None => return true,
        }
        self.running = None;
        false
    }

    /// The columns and rows to draw: the finished table's, or those of the run so far.
    fn rows(&self) -> (Vec<String>, Vec<Row>) {
        if let Some(r) = &self.running {
            let rows = r.shared.rows.lock().unwrap_or_else(|e| e.into_inner()).clone();
            let columns = r.shared.columns.lock().unwrap_or_else(|e| e.into_inner()).clone();
            return (columns, rows);
        }
        match &self.table {
            Some(Table::Scramble { algorithms, rows, .. }) => (algorithms.clone(), rows.clone()),
            _ => (Vec::new(), Vec::new()),
        }
    }
}

/// Reads the experiment `chosen` and runs it with `trials` a row from `seed`, a Sokoban one
/// on `level`; the columns are shared as soon as they are known.
fn run(
    chosen: &Choice,
    trials: u32,
    seed: u64,
    level: &Level,
    watch: &Relay<'_>,
) -> Result<Table, String> {
    let mut experiment = match chosen {
        Choice::Named(name) => Experiment::named(name).ok_or("no such experiment")?,
        Choice::File(path) => Experiment::read(path).map_err(|e| e.to_string())?,
    };
    if let Experiment::Scramble(s) = &mut experiment {
        s.trials = trials;
        *watch.shared.columns.lock().unwrap_or_else(|e| e.into_inner()) =
            s.algorithms.iter().map(|a| a.label()).collect();
    }
    experiment.run(Some(seed), Some(level), &Experiment::default_limits(), watch)
}

/// What the view asks the window for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Asked {
    /// Run the experiment chosen.
    pub start: bool,
    /// Choose a RON file.
    pub open: bool,
}

/// Draws the view: the choice of experiment, the run's progress, the table and the chart.
/// `level` names the level a Sokoban experiment scrambles.
pub fn show(ui: &mut Ui, e: &mut Experiments, level: &str) -> Asked {
    let mut asked = Asked::default();
    // Wrapped to the panel's width, so Run and Cancel are never drawn out of reach.
    ui.horizontal_wrapped(|ui| {
        let name = ui.label("Table").id;
        ui.add_enabled_ui(!e.is_running(), |ui| {
            egui::ComboBox::from_id_salt("lab-experiment")
                .selected_text(e.chosen.name())
                .show_ui(ui, |ui| {
                    for (n, _) in NAMED {
                        ui.selectable_value(&mut e.chosen, Choice::Named(n), n);
                    }
                    if let Choice::File(path) = &e.chosen {
                        let _ = ui.selectable_label(true, path.display().to_string());
                    }
                })
                .response
                .labelled_by(name);
            if ui.button("Open…").on_hover_text("Run an experiment from a RON file").clicked() {
                asked.open = true;
            }
            let name = ui.label("Trials").id;
            ui.add(egui::DragValue::new(&mut e.trials).range(1..=10_000))
                .on_hover_text("Instances per row (in place of the experiment's own)")
                .labelled_by(name);
            let name = ui.label("Seed").id;
            ui.add(egui::DragValue::new(&mut e.seed)).labelled_by(name);
        });
        if let Some(r) = &e.running {
            let (done, total) =
                (r.shared.done.load(Ordering::Relaxed), r.shared.total.load(Ordering::Relaxed));
            let fraction = if total == 0 { 0.0 } else { done as f32 / total as f32 };
            ui.add(
                egui::ProgressBar::new(fraction)
                    .desired_width(160.0)
                    .text(format!("{done} / {total}")),
            );
            if ui.button("Cancel").clicked() {
                e.cancel();
            }
        } else if ui.button("Run experiment").clicked() {
            asked.start = true;
        }
    });
    match &e.chosen {
        Choice::Named(n) if n.starts_with("sokoban") => {
            ui.label(format!("Scrambles the level shown: {level}."));
        }
        Choice::File(path) => {
            ui.label(format!("{} (a Sokoban experiment scrambles {level})", path.display()));
        }
        Choice::Named(_) => {}
    }
    if !e.message.is_empty() {
        ui.label(format!("Stopped: {}", e.message));
    }
    if let Some(Table::GameTree { rows, .. }) = &e.table {
        for r in rows {
            ui.label(format!(
                "ply {}: Minimax {} states, AlphaBeta {} ({}% fewer)",
                r.ply, r.minimax, r.alpha_beta, r.reduction
            ));
        }
        return asked;
    }
    if let Some(Table::Figures { rows, .. }) = &e.table {
        figures(ui, rows);
        return asked;
    }
    let (columns, rows) = e.rows();
    if rows.is_empty() {
        if !e.is_running() {
            ui.label("Run an experiment to fill its table and chart.");
        }
        return asked;
    }
    ui.label(
        egui::RichText::new(
            "#: states kept (open + closed) at the end, averaged over the trials; s: solution \
             length, averaged over the solved trials; (k): k trials not solved (a depth bound or \
             the node limit stopped them); -: none solved.",
        )
        .small(),
    );
    // The table takes the width its columns need (up to two thirds, then it scrolls); the
    // chart has the rest.
    let height = ui.available_height();
    ui.horizontal_top(|ui| {
        egui::ScrollArea::both()
            .id_salt("lab-table")
            .max_width(ui.available_width() * 2.0 / 3.0)
            .max_height(height)
            .show(ui, |ui| table(ui, &columns, &rows));
        ui.vertical(|ui| chart(ui, &columns, &rows));
    });
    asked
}

/// A figure's examples: the book's counts beside ours.
fn figures(ui: &mut Ui, rows: &[FigureRow]) {
    // The verdict leads and the counts stack, so a narrow panel hides neither; the notes
    // wrap to its width.
    egui::ScrollArea::vertical().id_salt("lab-figures").show(ui, |ui| {
        egui::ScrollArea::horizontal().id_salt("lab-figures-grid").show(ui, |ui| {
            egui::Grid::new("lab-figures-grid").striped(true).show(ui, |ui| {
                for head in ["", "Example", "Search", "Counts"] {
                    ui.strong(head);
                }
                ui.end_row();
                for r in rows {
                    ui.label(r.verdict());
                    ui.label(&r.what);
                    ui.label(&r.search);
                    ui.vertical(|ui| {
                        let book = format!("The book: {}", r.book.words());
                        ui.add(egui::Label::new(book).extend());
                        ui.add(egui::Label::new(format!("Ours: {}", r.ours.words())).extend());
                    });
                    ui.end_row();
                }
            });
        });
        for r in rows {
            if let Some(note) = &r.note {
                ui.label(egui::RichText::new(format!("{}: {note}", r.what)).small());
            }
        }
    });
}

/// The rows so far: states and solution lengths (failures in parentheses).
fn table(ui: &mut Ui, columns: &[String], rows: &[Row]) {
    egui::Grid::new("lab-rows").striped(true).show(ui, |ui| {
        ui.strong("n");
        for c in columns {
            ui.strong(format!("#{c}"));
        }
        for c in columns {
            ui.strong(format!("s{c}"));
        }
        ui.end_row();
        for r in rows {
            ui.label(r.n.to_string());
            for c in &r.cells {
                ui.monospace(format!("{:.1}", c.states));
            }
            for c in &r.cells {
                let length = c.length.map_or("-".into(), |l| format!("{l:.1}"));
                let failures =
                    if c.failures > 0 { format!(" ({})", c.failures) } else { String::new() };
                ui.monospace(format!("{length}{failures}"));
            }
            ui.end_row();
        }
    });
}

/// Figure 7-26: states against n on a logarithmic axis, one line per search.
fn chart(ui: &mut Ui, columns: &[String], rows: &[Row]) {
    Plot::new("lab-chart")
        .legend(Legend::default())
        .x_axis_label("n moves")
        .y_axis_label("states")
        .y_grid_spacer(decades)
        .y_axis_formatter(|m: GridMark, _| format!("{:.0}", 10f64.powf(m.value)))
        .allow_scroll(false)
        .show(ui, |p| {
            for (i, name) in columns.iter().enumerate() {
                let points: Vec<[f64; 2]> = rows
                    .iter()
                    .map(|r| [f64::from(r.n), r.cells[i].states.max(1.0).log10()])
                    .collect();
                p.line(Line::new(name.clone(), PlotPoints::from(points)));
            }
        });
}

/// The marks of a log10 axis: every decade (1, 10, 100, …; every few when many are in view),
/// with 2 and 5 between them when few are. egui_plot's own spacer steps by powers of ten of
/// the logarithm, which leaves a short chart one mark.
fn decades(input: GridInput) -> Vec<GridMark> {
    let (lo, hi) = input.bounds;
    if !(lo.is_finite() && hi.is_finite()) || hi <= lo {
        return Vec::new();
    }
    let every = ((hi - lo) / 8.0).ceil().max(1.0);
    let few = hi - lo < 3.0;
    let mut marks = Vec::new();
    let mut d = (lo / every).floor() * every;
    while d <= hi {
        marks.push(GridMark { value: d, step_size: every });
        if few {
            for k in [2f64, 5.0] {
                marks.push(GridMark { value: d + k.log10(), step_size: every / 10.0 });
            }
        }
        d += every;
    }
    marks.retain(|m| (lo..=hi).contains(&m.value));
    marks
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A chart of states from 10 to 10^6 gets a mark at each decade, and one of 20 to 900
    /// marks between decades too.
    #[test]
    fn a_log_axis_has_a_mark_at_every_decade_in_view() {
        let marks = |lo: f64, hi: f64| -> Vec<f64> {
            decades(GridInput { bounds: (lo, hi), base_step_size: 0.5 })
                .iter()
                .map(|m| (10f64.powf(m.value) * 100.0).round() / 100.0)
                .collect()
        };
        assert_eq!(marks(-0.1, 6.1), [1.0, 10.0, 100.0, 1e3, 1e4, 1e5, 1e6]);
        assert_eq!(marks(1.35, 2.96), [50.0, 100.0, 200.0, 500.0]);
        assert!(marks(0.0, 60.0).len() <= 9, "a wide range is thinned");
        assert!(marks(f64::NAN, 1.0).is_empty());
    }
}
