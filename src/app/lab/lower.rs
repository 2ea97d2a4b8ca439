//! The lab's lower panel: the Experiments view, and for a puzzle search the views the
//! inspector has for Sokoban (the expansion history with its slider, the chart of open and
//! closed sizes, the tree of the first expansions), drawn by the inspector's own code.

use crate::app::inspector::text::order_text;
use crate::app::inspector::{charts, scrub, tree};
use crate::app::lab::experiments::{self, Asked};
use crate::app::lab::{Action, Kind, LabState, LowerView};
use crate::solver::inspect::trace::TREE_EXPANSIONS;
use crate::solver::{NodeId, Progress};
use egui::{RichText, Ui};

/// Draws the panel; `level` names the level shown. What the Experiments view asks of the
/// window, and the actions the other views asked for.
pub fn show(ui: &mut Ui, lab: &mut LabState, level: &str) -> (Asked, Vec<Action>) {
    let mut actions = Vec::new();
    let views: &[(LowerView, &str)] = match lab.kind {
        Kind::Eight | Kind::Fifteen => &[
            (LowerView::Experiments, "Experiments"),
            (LowerView::History, "History"),
            (LowerView::Chart, "Chart"),
            (LowerView::Tree, "Tree"),
        ],
        Kind::TicTacToe => &[(LowerView::Experiments, "Experiments"), (LowerView::Tree, "Tree")],
        Kind::Sokoban => &[(LowerView::Experiments, "Experiments")],
    };
    if !views.iter().any(|(v, _)| *v == lab.view) {
        lab.view = LowerView::Experiments;
    }
    ui.horizontal(|ui| {
        for (view, label) in views {
            ui.selectable_value(&mut lab.view, *view, *label);
        }
        match lab.view {
            LowerView::Chart => {
                ui.separator();
                ui.checkbox(&mut lab.log_scale, "Log scale");
            }
            LowerView::Tree => {
                ui.separator();
                ui.checkbox(&mut lab.seed_colours, "Van Lishout's colours");
            }
            LowerView::Experiments | LowerView::History => {}
        }
        if lab.kind == Kind::Sokoban {
            ui.label("(the inspector shows the scrambled level's history, chart and tree)");
        }
    });
    if lab.kind == Kind::TicTacToe && lab.view == LowerView::Tree {
        game_tree(ui, lab);
        return (Asked::default(), actions);
    }
    let steps = lab.history.steps.len();
    let at = lab.scrub.unwrap_or(steps.saturating_sub(1));
    match lab.view {
        LowerView::Experiments => {
            return (experiments::show(ui, &mut lab.experiments, level), actions);
        }
        _ if steps == 0 => {
            ui.label("Step or run the search to record its history.");
        }
        LowerView::History => history(ui, lab, at, &mut actions),
        LowerView::Chart => {
            let steps = &lab.history.steps;
            let log = lab.log_scale;
            let lines = charts::series(
                steps.len(),
                |i| [steps[i].open, steps[i].closed, steps[i].bound],
                log,
            );
            let info = lab.algorithm.method().info();
            let names = ["open", info.stored.name, info.bound_name];
            charts::plot(ui, "lab-chart-search", lines, names, log, at);
        }
        LowerView::Tree => {
            if steps > TREE_EXPANSIONS {
                ui.label(format!(
                    "The tree shows the first {TREE_EXPANSIONS} of {steps} expansions."
                ));
            }
            let solution: Vec<NodeId> = match lab.progress {
                Progress::Solved(goal) => lab.search.tree().path(goal),
                _ => Vec::new(),
            };
            // IDA* starts again from the start for each bound: a tree per pass.
            let passes = lab.history.passes();
            let Some(last) = passes.len().checked_sub(1) else {
                return (Asked::default(), actions);
            };
            let pass = if last > 0 {
                let bounds: Vec<u32> = passes.iter().map(|p| p.bound).collect();
                let expanded = |i: usize| {
                    let nodes = &passes[i].tree.nodes;
                    (nodes.iter().filter(|n| n.expanded.is_some()).count(), nodes.len())
                };
                tree::choose_pass(ui, "lab-tree-pass", &bounds, expanded)
            } else {
                last
            };
            let nodes = &passes[pass].tree.nodes;
            if let Some(i) = tree::draw(ui, "lab-tree", nodes, at, &solution, lab.seed_colours) {
                let n = &nodes[i];
                match (n.expanded, n.node) {
                    (Some(k), _) => actions.push(Action::Scrub(k)),
                    (None, Some(id)) => actions.push(Action::Show(id)),
                    (None, None) => {}
                }
            }
        }
    }
    (Asked::default(), actions)
}

/// The history slider and the expansion it is on.
fn history(ui: &mut Ui, lab: &LabState, at: usize, actions: &mut Vec<Action>) {
    let steps = &lab.history.steps;
    let len = steps.len();
    if let Some(to) = scrub::slider(ui, at, len) {
        actions.push(Action::Scrub(to));
    }
    let s = steps[at];
    let tile = lab
        .search
        .tree()
        .get(s.node)
        .and_then(|n| n.mv)
        .map_or("the start".into(), |t| format!("tile {t}"));
    let info = lab.algorithm.method().info();
    ui.label(
        RichText::new(format!(
            "Expansion {} of {len}: #{} ({tile}), g {} h {} {}; then open {}, {} {}, {} {}",
            at + 1,
            s.node,
            s.g,
            s.h,
            order_text(info.order, s.f),
            s.open,
            info.stored.name,
            s.closed,
            info.bound_name,
            s.bound
        ))
        .monospace(),
    );
    ui.label(format!("The board shows {}.", lab.puzzle.show(lab.board())));
    let to = at as u64 + 1;
    let tip =
        "Put the search itself at this expansion (re-run from its start), to step on from there";
    let button = ui.add_enabled(to != len as u64, egui::Button::new("Go to this expansion"));
    if button.on_hover_text(tip).clicked() {
        actions.push(Action::GoTo(to));
    }
}

/// The game tree of the first states explored; "over the bound" marks the moves
/// AlphaBeta's window cut.
fn game_tree(ui: &mut Ui, lab: &LabState) {
    let states = lab.game.stepper.states() as usize;
    ui.label(format!(
        "Each move made is a node under the node it was made from; a node's moves appear \
         when it is entered{}.",
        if lab.game.rule == crate::lab::game_tree::stepper::Rule::AlphaBeta {
            ", and those the window cut are marked over the bound when it is finished"
        } else {
            ""
        }
    ));
    if states > TREE_EXPANSIONS {
        ui.label(format!("The tree shows the first {TREE_EXPANSIONS} of {states} states."));
    }
    let at = states.min(TREE_EXPANSIONS) - 1;
    tree::draw(ui, "game-tree", &lab.game.tree.nodes, at, &[], lab.seed_colours);
}
