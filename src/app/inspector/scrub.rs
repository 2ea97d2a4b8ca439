//! The expansion history: a slider over the expansions made, saying which node was expanded
//! at that step and the open and closed sizes then; the board follows the slider.

use egui::{RichText, Ui};

use crate::app::command::Command;
use crate::app::inspector::Shown;
use crate::app::inspector::panel::push_text;
use crate::app::state::App;
use crate::solver::search::PushView;

impl App {
    /// The history scrubber.
    pub(crate) fn history_view(&mut self, ui: &mut Ui) {
        let Some(session) = &self.inspector.session else {
            ui.label("Step or run the search to record its history.");
            return;
        };
        let (len, bytes) = session.with_trace(|t| (t.steps.len(), t.bytes_per_expansion()));
        if len == 0 {
            ui.label("No expansion yet.");
            return;
        }
        let mut at = self.inspector.scrub.min(len - 1);
        let slider = egui::Slider::new(&mut at, 0..=len - 1).text("expansion");
        let changed = ui.add_sized([ui.available_width().min(700.0), 20.0], slider).changed();
        ui.horizontal(|ui| {
            for (label, to) in
                [("|<", 0), ("<", at.saturating_sub(1)), (">", (at + 1).min(len - 1))]
            {
                if ui.button(label).clicked() {
                    self.queue.push(Command::InspectScrub(to));
                }
            }
            if ui.button("Latest").clicked() {
                self.queue.push(Command::InspectScrub(len - 1));
            }
        });
        if changed {
            self.queue.push(Command::InspectScrub(at));
        }
        let Some(step) = session.with_trace(|t| t.steps.get(at).copied()) else { return };
        let push = step.push().map(|(from, dir)| PushView {
            from,
            dir,
            to: from.step(dir).unwrap_or(from),
            pushes: 1,
        });
        ui.label(
            RichText::new(format!(
                "Expansion {} of {len}: node {} ({}), g {} h {}; open {}, closed {}, bound {}",
                at + 1,
                step.node,
                push_text(push),
                step.g,
                step.h,
                step.open,
                step.closed,
                step.bound
            ))
            .monospace(),
        );
        if self.inspector.shown != Shown::Step(at) && ui.button("Show this node").clicked() {
            self.queue.push(Command::InspectScrub(at));
        }
        ui.label(
            RichText::new(format!("The history holds {bytes:.1} bytes per expansion.")).small(),
        );
    }
}
