//! Predict mode's part of the inspector's panel: the frontier without priorities, each node
//! a button that guesses it and steps; the score; the last answer with the frontier as it
//! was, its priorities revealed, the node guessed and the node expanded marked.

use egui::{RichText, Ui};

use crate::app::command::Command;
use crate::app::inspector::predict::{Answer, Guess, Mark, choices};
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
    let (hovered, clicked) = guesses(ui, &choices, idle);
    if let Some(target) = hovered.map(|i| Shown::frontier(&choices[i], parent))
        && inspector.shown != target
    {
        sink.send(Command::InspectShow(target));
    }
    if let Some(i) = clicked {
        sink.send(Command::Predict(i));
    }
    let Some(last) = &predict.last else { return };
    let order = inspector.info().order;
    answer(ui, last, |n| {
        let id = if n.id == NodeId::MAX { String::new() } else { format!("#{}  ", n.id) };
        format!("{id}{}", node_row(n, order))
    });
}

/// The choices offered, each a button (enabled when `idle`): the index of the one under
/// the pointer (whose board is to be shown), and of the one clicked (the guess).
pub fn guesses<G: Guess>(ui: &mut Ui, offered: &[G], idle: bool) -> (Option<usize>, Option<usize>) {
    let (mut hovered, mut clicked) = (None, None);
    ui.horizontal_wrapped(|ui| {
        for (i, n) in offered.iter().enumerate() {
            let button = ui.add_enabled(idle, egui::Button::new(n.name()));
            if button.hovered() {
                hovered = Some(i);
            }
            if button.on_hover_text("Its board is shown; click to guess it").clicked() {
                clicked = Some(i);
            }
        }
    });
    (hovered, clicked)
}

/// The last answer: what was said, coloured by how the guess fared, and the frontier
/// before the step with its priorities (each node's `row`), the node guessed and the node
/// expanded marked.
pub fn answer<G: Guess>(ui: &mut Ui, last: &Answer<G>, row: impl Fn(&G) -> String) {
    let colour = match last.mark {
        Mark::Right | Mark::Tie => egui::Color32::from_rgb(90, 190, 100),
        Mark::Wrong => egui::Color32::from_rgb(230, 90, 80),
    };
    ui.label(RichText::new(&last.said).color(colour));
    ui.label(RichText::new("The frontier before that step, next first:").small());
    for n in &last.frontier {
        let expanded = last.expanded.as_ref().is_some_and(|e| e.same(n));
        let mark = match (expanded, last.guess.same(n)) {
            (true, true) => "  ← expanded, your guess",
            (true, false) => "  ← expanded",
            (false, true) => "  ← your guess",
            (false, false) => "",
        };
        ui.label(RichText::new(format!("{}{mark}", row(n))).small().monospace());
    }
}
