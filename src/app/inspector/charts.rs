//! Charts of the search drawn with egui_plot: the open and stored sizes and the bound
//! against expansions, from the recorded history, with a log scale option; each line named
//! as the method's catalogue entry names its counter.

use egui::Ui;
use egui_plot::{GridMark, Legend, Line, Plot, PlotPoints, VLine};

use crate::app::command::Command;
use crate::app::inspector::Inspector;
use crate::app::inspector::saving::Saved;
use crate::app::sink::Sink;
pub use crate::lab::chart::series;
use crate::lab::chart::{history_csv, history_png};

/// The open and stored sizes and the bound against expansions, and the button that saves
/// their history.
pub fn show(ui: &mut Ui, inspector: &Inspector, sink: &mut Sink<'_>) {
    let log = inspector.log_scale;
    let Some(session) = &inspector.session else {
        ui.label("Step or run the search to draw its charts.");
        return;
    };
    ui.horizontal(|ui| {
        let idle = !inspector.saving.busy() && session.with_trace(|t| !t.steps.is_empty());
        sink.button(ui, Command::ExportChart(Saved::Chart), idle);
        sink.button(ui, Command::ExportChart(Saved::ChartPng), idle);
    });
    let lines = session.with_trace(|t| {
        let steps = &t.steps;
        series(steps.len(), |i| [steps[i].open, steps[i].closed, steps[i].bound.into()], log)
    });
    let info = inspector.info();
    let names = ["open", info.stored.name, info.bound_name];
    plot(ui, "search-chart", lines, names, log, inspector.scrub);
}

/// The work of making the chart's file `what` on a copy of the history taken now: the
/// whole history as CSV (one row per expansion: its number, the open size, the stored count
/// and the bound named as the chart names them, then g and h), or the chart as PNG (the
/// scale as shown); none without a search.
pub fn file_of(
    inspector: &Inspector,
    what: Saved,
) -> Option<impl FnOnce() -> Result<Vec<u8>, String> + Send + 'static> {
    let session = inspector.session.as_ref()?;
    let steps = session.with_trace(|t| t.steps.clone());
    let info = inspector.info();
    let names = ["open", info.stored.name, info.bound_name];
    let title = match session.level.meta.title.as_str() {
        "" => info.label.to_string(),
        level => format!("{} on {level}", info.label),
    };
    let log = inspector.log_scale;
    Some(move || match what {
        Saved::ChartPng => {
            history_png(&steps, names, &title, log).ok_or("cannot encode the image".into())
        }
        _ => Ok(history_csv(&steps, names).into_bytes()),
    })
}

/// Draws the three lines of [`series`] (log10 of value + 1 when `log`), named `names` as
/// the counters name them, with a mark at expansion `scrub`.
pub fn plot(
    ui: &mut Ui,
    id: &str,
    lines: [Vec<[f64; 2]>; 3],
    names: [&str; 3],
    log: bool,
    scrub: usize,
) {
    let named = names.into_iter().map(String::from).zip(lines).collect();
    plot_named(ui, id, named, log, Some(scrub));
}

/// Draws named lines of [`series`] against expansions (log10 of value + 1 when `log`), with
/// a mark at expansion `scrub` if given: one search's counters, or two searches' side by
/// side.
pub fn plot_named(
    ui: &mut Ui,
    id: &str,
    lines: Vec<(String, Vec<[f64; 2]>)>,
    log: bool,
    scrub: Option<usize>,
) {
    let mut plot =
        Plot::new(id).legend(Legend::default()).x_axis_label("expansions").allow_scroll(false);
    if log {
        plot = plot.y_axis_formatter(|m: GridMark, _| format!("{:.0}", 10f64.powf(m.value) - 1.0));
    }
    plot.show(ui, |p| {
        for (name, points) in lines {
            p.line(Line::new(name, PlotPoints::from(points)));
        }
        if let Some(at) = scrub {
            p.vline(VLine::new("history step", at as f64));
        }
    });
}
