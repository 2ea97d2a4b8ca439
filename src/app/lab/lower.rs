//! The lab's lower panel: the Experiments view, and for a puzzle search the views the
//! inspector has for Sokoban (the expansion history with its slider, the chart of open and
//! closed sizes, the tree of the first expansions), drawn by the inspector's own code.

use crate::app::inspector::text::order_text;
use crate::app::inspector::{charts, scrub, tree};
use crate::app::lab::experiments::{self, Asked};
use crate::app::lab::run::PuzzleRun;
use crate::app::lab::{Action, Kind, LabState, LowerView};
use crate::solver::inspect::drawing::{Colouring, Figure};
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
    let steps = lab.run.history.steps.len();
    let at = lab.scrub.unwrap_or(steps.saturating_sub(1));
    match lab.view {
        LowerView::Experiments => {
            return (experiments::show(ui, &mut lab.experiments, level), actions);
        }
        _ if steps == 0 => {
            ui.label("Step or run the search to record its history.");
        }
        LowerView::History => history(ui, lab, at, &mut actions),
        LowerView::Chart => chart(ui, lab, at),
        LowerView::Tree => match &lab.rival {
            None => actions.extend(tree_of(ui, &lab.run, "lab-tree", at, lab.seed_colours)),
            // Two searches compared: their trees one above the other, each at its latest.
            Some(rival) => {
                egui::ScrollArea::vertical().id_salt("lab-trees").show(ui, |ui| {
                    for (run, id) in [(&lab.run, "lab-tree"), (rival, "lab-tree-second")] {
                        ui.label(
                            RichText::new(format!("Tree: {}", run.algorithm.label())).strong(),
                        );
                        let at = run.history.steps.len().saturating_sub(1);
                        let size = egui::vec2(ui.available_width(), TREE_HEIGHT);
                        ui.allocate_ui(size, |ui| {
                            // Only the first search's nodes can be shown on the board.
                            let asked = tree_of(ui, run, id, at, lab.seed_colours);
                            if std::ptr::eq(run, &lab.run) {
                                actions.extend(asked);
                            }
                        });
                    }
                });
            }
        },
    }
    (Asked::default(), actions)
}

/// Each tree's height when two are drawn one above the other.
const TREE_HEIGHT: f32 = 160.0;

/// The chart of open and stored sizes (and the bound), or both searches' open and stored
/// sizes on one chart when compared.
fn chart(ui: &mut Ui, lab: &LabState, at: usize) {
    let log = lab.log_scale;
    let lines = |run: &PuzzleRun| {
        let steps = &run.history.steps;
        charts::series(steps.len(), |i| [steps[i].open, steps[i].closed, steps[i].bound], log)
    };
    let info = lab.run.algorithm.method().info();
    let Some(rival) = &lab.rival else {
        let names = ["open", info.stored.name, info.bound_name];
        return charts::plot(ui, "lab-chart-search", lines(&lab.run), names, log, at);
    };
    let mut named = Vec::new();
    for run in [&lab.run, rival] {
        let [open, stored, _] = lines(run);
        let label = run.algorithm.label();
        named.push((format!("{label}: open"), open));
        let stored_name = run.algorithm.method().info().stored.name;
        named.push((format!("{label}: {stored_name}"), stored));
    }
    charts::plot_named(ui, "lab-chart-search", named, log, Some(at));
}

/// The tree of `run`'s first expansions, marked at expansion `at` (IDA*'s passes each a
/// tree, one chosen); what a click on a node asks for.
fn tree_of(ui: &mut Ui, run: &PuzzleRun, id: &str, at: usize, seed: bool) -> Option<Action> {
    let steps = run.history.steps.len();
    if steps > TREE_EXPANSIONS {
        ui.label(format!("The tree shows the first {TREE_EXPANSIONS} of {steps} expansions."));
    }
    let solution: Vec<NodeId> = match run.progress {
        Progress::Solved(goal) => run.search.tree().path(goal),
        _ => Vec::new(),
    };
    // IDA* starts again from the start for each bound: a tree per pass.
    let passes = run.history.passes();
    let last = passes.len().checked_sub(1)?;
    let pass = if last > 0 {
        let bounds: Vec<u32> = passes.iter().map(|p| p.bound).collect();
        let expanded = |i: usize| {
            let nodes = &passes[i].tree.nodes;
            (nodes.iter().filter(|n| n.expanded.is_some()).count(), nodes.len())
        };
        tree::choose_pass(ui, &format!("{id}-pass"), &bounds, expanded)
    } else {
        last
    };
    let nodes = &passes[pass].tree.nodes;
    let colouring = Colouring::of(seed, run.algorithm.method().info());
    let n = &nodes[tree::draw(ui, id, nodes, at, &solution, colouring)?];
    match (n.expanded, n.node) {
        (Some(k), _) => Some(Action::Scrub(k)),
        (None, Some(id)) => Some(Action::Show(id)),
        (None, None) => None,
    }
}

/// The history slider and the expansion it is on.
fn history(ui: &mut Ui, lab: &LabState, at: usize, actions: &mut Vec<Action>) {
    let steps = &lab.run.history.steps;
    let len = steps.len();
    if let Some(to) = scrub::slider(ui, at, len) {
        actions.push(Action::Scrub(to));
    }
    let s = steps[at];
    let tile = lab
        .run
        .search
        .tree()
        .get(s.node)
        .and_then(|n| n.mv)
        .map_or("the start".into(), |t| format!("tile {t}"));
    let info = lab.run.algorithm.method().info();
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
    // A game tree is searched depth first.
    let colouring = match lab.seed_colours {
        true => Colouring::Thesis(Figure::DepthFirst),
        false => Colouring::Outcome,
    };
    tree::draw(ui, "game-tree", &lab.game.tree.nodes, at, &[], colouring);
}
