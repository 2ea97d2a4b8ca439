//! Charts of the search drawn with egui_plot: open and seen sizes and the bound against
//! expansions, from the recorded history, with a log scale option.

use egui::Ui;
use egui_plot::{GridMark, Legend, Line, Plot, PlotPoints, VLine};

use crate::app::inspector::Inspector;
use crate::solver::inspect::Step;

/// Most points drawn per line (the history is sampled evenly down to this).
const MAX_POINTS: usize = 1500;

/// The chart's lines: open, seen and bound against the expansion index.
pub fn series(steps: &[Step], log: bool) -> [Vec<[f64; 2]>; 3] {
    let every = steps.len().div_ceil(MAX_POINTS).max(1);
    let y = |v: u32| if log { (v as f64 + 1.0).log10() } else { v as f64 };
    let mut out: [Vec<[f64; 2]>; 3] = Default::default();
    let indices = (0..steps.len()).step_by(every).chain(steps.len().checked_sub(1));
    for i in indices {
        let s = &steps[i];
        let x = i as f64;
        out[0].push([x, y(s.open)]);
        out[1].push([x, y(s.closed)]);
        out[2].push([x, y(s.bound as u32)]);
    }
    out
}

/// Open and seen sizes and the bound against expansions.
pub fn show(ui: &mut Ui, inspector: &Inspector) {
    let log = inspector.log_scale;
    let Some(session) = &inspector.session else {
        ui.label("Step or run the search to draw its charts.");
        return;
    };
    let [open, closed, bound] = session.with_trace(|t| series(&t.steps, log));
    let scrub = inspector.scrub as f64;
    let mut plot = Plot::new("search-chart")
        .legend(Legend::default())
        .x_axis_label("expansions")
        .allow_scroll(false);
    if log {
        plot = plot.y_axis_formatter(|m: GridMark, _| format!("{:.0}", 10f64.powf(m.value) - 1.0));
    }
    plot.show(ui, |p| {
        p.line(Line::new("open", PlotPoints::from(open)));
        p.line(Line::new("seen", PlotPoints::from(closed)));
        p.line(Line::new("bound", PlotPoints::from(bound)));
        p.vline(VLine::new("history step", scrub));
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
        let [open, closed, bound] = series(&steps, false);
        assert!(open.len() <= MAX_POINTS + 1);
        assert_eq!(open.last(), Some(&[9999.0, 9999.0]));
        assert_eq!(closed.last(), Some(&[9999.0, 19998.0]));
        assert!(bound.iter().all(|p| p[1] == 3.0));
        let [log_open, ..] = series(&steps, true);
        assert!((log_open.last().unwrap()[1] - 4.0).abs() < 1e-9, "log10(9999 + 1)");
    }
}
