//! The expansion history: a slider over the expansions made (numbered from 1, as the text
//! says them), saying which node was expanded at that step and the open and seen sizes
//! then; the board and the expansion table beside it follow the slider.

use egui::{RichText, Ui};

use crate::app::command::Command;
use crate::app::inspector::text::push_text;
use crate::app::inspector::{Inspector, Shown};
use crate::app::sink::Sink;
use crate::solver::PushView;

/// A slider over `len` expansions (numbered from 1) standing at `at` (from 0), with
/// buttons to the first, the one before, the one after and the latest; the expansion asked
/// for, if any.
pub fn slider(ui: &mut Ui, at: usize, len: usize) -> Option<usize> {
    let mut asked = None;
    let mut number = at + 1;
    let slider = egui::Slider::new(&mut number, 1..=len).text("expansion");
    if ui.add_sized([ui.available_width().min(700.0), 20.0], slider).changed() {
        asked = Some(number - 1);
    }
    ui.horizontal(|ui| {
        for (label, to) in [
            ("|<", 0),
            ("<", at.saturating_sub(1)),
            (">", (at + 1).min(len - 1)),
            ("Latest", len - 1),
        ] {
            if ui.button(label).clicked() {
                asked = Some(to);
            }
        }
    });
    asked
}

/// The history scrubber.
pub fn show(ui: &mut Ui, inspector: &Inspector, sink: &mut Sink<'_>) {
    let Some(session) = &inspector.session else {
        ui.label("Step or run the search to record its history.");
        return;
    };
    let (len, bytes) = session.with_trace(|t| (t.steps.len(), t.bytes()));
    if len == 0 {
        ui.label("No expansion yet.");
        return;
    }
    let at = inspector.scrub.min(len - 1);
    if let Some(to) = slider(ui, at, len) {
        sink.send(Command::InspectScrub(to));
    }
    let Some(step) = session.with_trace(|t| t.steps.get(at).copied()) else { return };
    let push = step.push().map(|(from, dir)| PushView {
        from,
        dir,
        to: from.step(dir).unwrap_or(from),
        pushes: 1,
    });
    let info = inspector.info();
    ui.label(
        RichText::new(format!(
            "Expansion {} of {len}: node {} ({}), g {} h {}; open {}, {} {}, {} {}",
            at + 1,
            step.node,
            push_text(push),
            step.g,
            step.h,
            step.open,
            info.stored.name,
            step.closed,
            info.bound_name,
            step.bound
        ))
        .monospace(),
    );
    ui.horizontal_wrapped(|ui| {
        if inspector.shown != Shown::Step(at) && ui.button("Show this node").clicked() {
            sink.send(Command::InspectScrub(at));
        }
        // The search itself back at this expansion (after it, its children made).
        let to = at as u64 + 1;
        let label = Command::InspectGoTo(0).label();
        let idle = !session.is_running() && inspector.building.is_none();
        sink.button_labelled(ui, label, Command::InspectGoTo(to), idle && to != len as u64);
        sink.button(ui, Command::ExportTrace, !inspector.saving.busy());
    });
    let kib = bytes.div_ceil(1024);
    ui.label(RichText::new(format!("The history holds {kib} KiB for {len} expansions.")).small());
}
