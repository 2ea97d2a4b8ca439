//! Predict mode's part of the inspector's panel: the frontier without priorities, each node
//! a button that guesses it and steps; the score; the last answer with the frontier as it
//! was, its priorities revealed, the node guessed and the node expanded marked.

use egui::{RichText, Ui};

use crate::app::command::Command;
use crate::app::inspector::predict::{Guess, Mark, choices};
use crate::app::inspector::text::node_row;
use crate::app::inspector::{Inspector, Shown};
use crate::app::sink::Sink;
use crate::solver::NodeId;

/// The guesses offered, the score and the last answer.
pub fn show(ui: &mut Ui, inspector: &Inspector, sink: &mut Sink<'_>) {
    let predict = &inspector.predict;
    let idle = inspector.session.as_ref().is_some_and(|s| s.can_step() && !s.is_running());
    ui.horizontal_wrapped(|ui| {
        ui.label("Which node does the search expand next? Click it.");
        ui.label(RichText::new(predict.score()).strong());
    });
    let choices = choices(&inspector.snapshot.frontier);
    if choices.is_empty() {
        ui.label("(the frontier is empty)");
    }
    let parent = inspector.snapshot.current.map(|c| c.id);
    ui.horizontal_wrapped(|ui| {
        for (i, n) in choices.iter().enumerate() {
            let button = ui.add_enabled(idle, egui::Button::new(n.name()));
            // Its board while the pointer is on it, to reason from before guessing.
            let target = Shown::frontier(n, parent);
            if button.hovered() && inspector.shown != target {
                sink.send(Command::InspectShow(target));
            }
            if button.on_hover_text("Its board is shown; click to guess it").clicked() {
                sink.send(Command::Predict(i));
            }
        }
    });
    let Some(last) = &predict.last else { return };
    let colour = match last.mark {
        Mark::Right | Mark::Tie => egui::Color32::from_rgb(90, 190, 100),
        Mark::Wrong => egui::Color32::from_rgb(230, 90, 80),
    };
    ui.label(RichText::new(&last.said).color(colour));
    ui.label(RichText::new("The frontier before that step, next first:").small());
    let order = inspector.info().order;
    for n in &last.frontier {
        let expanded = last.expanded.is_some_and(|e| e.same(n));
        let guessed = last.guess.same(n);
        let mark = match (expanded, guessed) {
            (true, true) => "  ← expanded, your guess",
            (true, false) => "  ← expanded",
            (false, true) => "  ← your guess",
            (false, false) => "",
        };
        let id = if n.id == NodeId::MAX { String::new() } else { format!("#{}  ", n.id) };
        let row = format!("{id}{}{mark}", node_row(n, order));
        ui.label(RichText::new(row).small().monospace());
    }
}
