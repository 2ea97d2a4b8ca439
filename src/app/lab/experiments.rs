//! The Experiments view: one of the chapter's tables run on a worker thread, with a
//! progress bar and a cancel button; its rows and the figure-7-26 chart fill in as each
//! row completes.

use crate::lab::experiment::{Experiment, NAMED, Row, Table, Watch};
use egui::Ui;
use egui_plot::{GridMark, Legend, Line, Plot, PlotPoints};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

/// What a run shares with its worker.
#[derive(Default)]
struct Shared {
    done: AtomicU64,
    total: AtomicU64,
    cancel: AtomicBool,
    rows: Mutex<Vec<Row>>,
}

impl Watch for Shared {
    fn trial(&self, done: u64, total: u64) -> bool {
        self.done.store(done, Ordering::Relaxed);
        self.total.store(total, Ordering::Relaxed);
        !self.cancel.load(Ordering::Relaxed)
    }

    fn row(&self, row: &Row) {
        self.rows.lock().unwrap_or_else(|e| e.into_inner()).push(row.clone());
    }
}

/// A run under way.
struct Running {
    shared: Arc<Shared>,
    worker: JoinHandle<Result<Table, String>>,
    /// Column labels.
    columns: Vec<String>,
}

/// The Experiments view's state.
pub struct Experiments {
    /// The shipped experiment chosen (an index into [`NAMED`]).
    pub chosen: usize,
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
        let chosen = NAMED.iter().position(|(n, _)| *n == "nutshell-7-3").unwrap_or(0);
        Experiments {
            chosen,
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

    /// Starts the chosen experiment on a worker thread; `repaint` is called as it moves.
    pub fn start(&mut self, repaint: impl Fn() + Send + 'static) {
        if self.running.is_some() {
            return;
        }
        let Some(mut experiment) = Experiment::named(NAMED[self.chosen].0) else { return };
        if let Experiment::Scramble(s) = &mut experiment {
            s.trials = self.trials.max(1);
        }
        let columns = match &experiment {
            Experiment::Scramble(s) => s.algorithms.iter().map(|a| a.label()).collect(),
            Experiment::GameTree { .. } => Vec::new(),
        };
        let shared = Arc::new(Shared::default());
        let seed = self.seed;
        let worker = {
            let shared = shared.clone();
            std::thread::spawn(move || {
                let result = experiment.run(Some(seed), None, shared.as_ref());
                repaint();
                result
            })
        };
        self.table = None;
        self.message.clear();
        self.running = Some(Running { shared, worker, columns });
    }

    /// Asks the run to stop.
    pub fn cancel(&self) {
        if let Some(r) = &self.running {
            r.shared.cancel.store(true, Ordering::Relaxed);
        }
    }

    /// Collects a finished run; true while one is under way.
    pub fn poll(&mut self) -> bool {
        let finished = self.running.as_ref().is_some_and(|r| r.worker.is_finished());
        if finished && let Some(r) = self.running.take() {
            match r.worker.join() {
                Ok(Ok(table)) => self.table = Some(table),
                Ok(Err(e)) => self.message = e,
                Err(_) => self.message = "the experiment's worker failed".into(),
            }
        }
        self.running.is_some()
    }

    /// The columns and rows to draw: the finished table's, or those of the run so far.
    fn rows(&self) -> (Vec<String>, Vec<Row>) {
        if let Some(r) = &self.running {
            let rows = r.shared.rows.lock().unwrap_or_else(|e| e.into_inner()).clone();
            return (r.columns.clone(), rows);
        }
        match &self.table {
            Some(Table::Scramble { algorithms, rows, .. }) => (algorithms.clone(), rows.clone()),
            _ => (Vec::new(), Vec::new()),
        }
    }
}

/// Draws the view: the choice of experiment, the run's progress, the table and the chart.
/// `start` is set when Run is pressed (the window starts the worker).
pub fn show(ui: &mut Ui, e: &mut Experiments, start: &mut bool) {
    ui.horizontal(|ui| {
        ui.strong("Experiments");
        let name = ui.label("Table").id;
        ui.add_enabled_ui(!e.is_running(), |ui| {
            egui::ComboBox::from_id_salt("lab-experiment")
                .selected_text(NAMED[e.chosen].0)
                .show_ui(ui, |ui| {
                    for (i, (n, _)) in
                        NAMED.iter().enumerate().filter(|(_, (n, _))| *n != "sokoban-7-3")
                    {
                        ui.selectable_value(&mut e.chosen, i, *n);
                    }
                })
                .response
                .labelled_by(name);
            let name = ui.label("Trials").id;
            ui.add(egui::DragValue::new(&mut e.trials).range(1..=10_000)).labelled_by(name);
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
            *start = true;
        }
    });
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
        return;
    }
    let (columns, rows) = e.rows();
    if rows.is_empty() {
        if !e.is_running() {
            ui.label("Run an experiment to fill its table and chart.");
        }
        return;
    }
    ui.columns(2, |halves| {
        egui::ScrollArea::both()
            .id_salt("lab-table")
            .show(&mut halves[0], |ui| table(ui, &columns, &rows));
        chart(&mut halves[1], &columns, &rows);
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
