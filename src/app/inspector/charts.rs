//! Charts of the search drawn with egui_plot: the open and stored sizes and the bound
//! against expansions, from the recorded history, with a log scale option; each line named
//! as the method's catalogue entry names its counter.

use egui::Ui;
use egui_plot::{GridMark, Legend, Line, Plot, PlotPoints, VLine};

use crate::app::command::Command;
use crate::app::inspector::Inspector;
use crate::app::inspector::saving::Saved;
use crate::app::sink::Sink;
use crate::lab::chart::{self, lines_png};
use crate::solver::inspect::Step;

/// Most points drawn per line (the history is sampled evenly down to this).
const MAX_POINTS: usize = 1500;

/// The chart's lines: open, seen and bound against the expansion index, for `len`
/// expansions whose values `at` gives.
pub fn series(len: usize, at: impl Fn(usize) -> [u32; 3], log: bool) -> [Vec<[f64; 2]>; 3] {
    let every = len.div_ceil(MAX_POINTS).max(1);
    let y = |v: u32| if log { (v as f64 + 1.0).log10() } else { v as f64 };
    let mut out: [Vec<[f64; 2]>; 3] = Default::default();
    let indices = (0..len).step_by(every).chain(len.checked_sub(1));
    for i in indices {
        let x = i as f64;
        for (line, v) in out.iter_mut().zip(at(i)) {
            line.push([x, y(v)]);
        }
    }
    out
}

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
        Saved::ChartPng => png(&steps, names, &title, log).ok_or("cannot encode the image".into()),
        _ => Ok(csv(&steps, names).into_bytes()),
    })
}

/// The chart of `steps` as PNG: the lines named `names` against expansions, titled
/// `title`, on a logarithmic scale when `log`.
fn png(steps: &[Step], names: [&str; 3], title: &str, log: bool) -> Option<Vec<u8>> {
    let [open, closed, bound] =
        series(steps.len(), |i| [steps[i].open, steps[i].closed, steps[i].bound.into()], false);
    let pairs = |line: Vec<[f64; 2]>| line.into_iter().map(|[x, y]| (x + 1.0, y)).collect();
    let lines = [
        chart::Line { name: names[0], points: pairs(open) },
        chart::Line { name: names[1], points: pairs(closed) },
        chart::Line { name: names[2], points: pairs(bound) },
    ];
    let scale = if log { " (log)" } else { "" };
    lines_png(title, "expansions", &format!("size{scale}"), &lines, log, false)
}

/// `steps` as CSV, the columns after the expansion named `names` (open, stored, bound).
fn csv(steps: &[Step], names: [&str; 3]) -> String {
    use std::fmt::Write as _;
    let quote = |s: &str| format!("\"{}\"", s.replace('"', "\"\""));
    let mut out =
        format!("expansion,{},{},{},g,h\n", quote(names[0]), quote(names[1]), quote(names[2]));
    for (i, s) in steps.iter().enumerate() {
        let _ = writeln!(out, "{},{},{},{},{},{}", i + 1, s.open, s.closed, s.bound, s.g, s.h);
    }
    out
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
    let [open, closed, bound] = lines;
    let mut plot =
        Plot::new(id).legend(Legend::default()).x_axis_label("expansions").allow_scroll(false);
    if log {
        plot = plot.y_axis_formatter(|m: GridMark, _| format!("{:.0}", 10f64.powf(m.value) - 1.0));
    }
    plot.show(ui, |p| {
        p.line(Line::new(names[0], PlotPoints::from(open)));
        p.line(Line::new(names[1], PlotPoints::from(closed)));
        p.line(Line::new(names[2], PlotPoints::from(bound)));
        p.vline(VLine::new("history step", scrub as f64));
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(open: u32) -> Step {
        Step { node: 0, open, closed: 2 * open, g: 0, h: 0, bound: 3, from: (0, 0), dir: 0 }
    }

    #[test]
    fn long_histories_are_sampled_and_keep_their_last_point() {
        let steps: Vec<Step> = (0..10_000).map(step).collect();
        let at = |i: usize| [steps[i].open, steps[i].closed, steps[i].bound.into()];
        let [open, closed, bound] = series(steps.len(), at, false);
        assert!(open.len() <= MAX_POINTS + 1);
        assert_eq!(open.last(), Some(&[9999.0, 9999.0]));
        assert_eq!(closed.last(), Some(&[9999.0, 19998.0]));
        assert!(bound.iter().all(|p| p[1] == 3.0));
        let [log_open, ..] = series(steps.len(), at, true);
        assert!((log_open.last().unwrap()[1] - 4.0).abs() < 1e-9, "log10(9999 + 1)");
    }
}
