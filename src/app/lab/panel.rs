//! The lab panel beside the board: the puzzle, the search and its evaluator, the board
//! searched, the stepping controls, the counters, the node expanded last with its children
//! and the frontier. What its buttons ask for is returned and carried out after drawing.

use crate::app::inspector::compare::First;
use crate::app::inspector::predict::Guess;
use crate::app::inspector::predict_view::{answer, guesses};
use crate::app::inspector::text::{order_text, plural, verdict_text};
use crate::app::lab::game::{cell_text, score_text};
use crate::app::lab::history::Expansion;
use crate::app::lab::run::{PuzzleRun, Tile, choices};
use crate::app::lab::{Action, Kind, LabState, PREDICT_SHOWN};
use crate::lab::game_tree::stepper::Rule;
use crate::lab::puzzle::Evaluator;
use crate::solver::{NodeId, Textbook};
use egui::{RichText, Ui};

/// Frontier nodes listed.
const FRONTIER_SHOWN: usize = 12;

/// Draws the panel; the actions its controls asked for, in order. `level` names the level
/// shown (the one Sokoban scrambles).
pub fn show(ui: &mut Ui, lab: &mut LabState, level: &str) -> Vec<Action> {
    let mut actions = Vec::new();
    ui.heading("Lab");
    ui.label("The textbook's searches on its own problems (Algorithms in a Nutshell, chapter 7).");
    egui::Grid::new("lab-setup").num_columns(2).show(ui, |ui| {
        let name = ui.label("Problem").id;
        let before = lab.kind;
        egui::ComboBox::from_id_salt("lab-kind")
            .selected_text(lab.kind.name())
            .show_ui(ui, |ui| {
                for k in Kind::ALL {
                    ui.selectable_value(&mut lab.kind, k, k.name());
                }
            })
            .response
            .labelled_by(name);
        if lab.kind != before {
            if lab.kind == Kind::Fifteen && lab.evaluator == Evaluator::Bad {
                lab.evaluator = Evaluator::Fair;
            }
            lab.running = false;
            if lab.kind.is_puzzle() {
                actions.push(Action::NewBoard);
            }
        }
        ui.end_row();
    });
    match lab.kind {
        Kind::TicTacToe => {
            game(ui, lab, &mut actions);
            return actions;
        }
        Kind::Sokoban => {
            sokoban(ui, lab, level, &mut actions);
            return actions;
        }
        Kind::Eight | Kind::Fifteen => {}
    }
    egui::Grid::new("lab-puzzle").num_columns(2).show(ui, |ui| {
        if algorithm(ui, &mut lab.algorithm, "Search", "lab-algorithm") {
            actions.push(Action::Restart);
        }
        let name = ui.label("Evaluator").id;
        let before = lab.evaluator;
        egui::ComboBox::from_id_salt("lab-evaluator")
            .selected_text(lab.evaluator.name())
            .show_ui(ui, |ui| {
                for e in Evaluator::ALL {
                    let allowed = e != Evaluator::Bad || lab.kind == Kind::Eight;
                    ui.add_enabled_ui(allowed, |ui| {
                        ui.selectable_value(&mut lab.evaluator, e, e.name())
                    });
                }
            })
            .response
            .labelled_by(name);
        if lab.evaluator != before {
            actions.push(Action::Restart);
        }
        ui.end_row();
        ui.label("");
        ui.small(lab.evaluator.note());
        ui.end_row();
        let name = ui.label("Random moves").id;
        ui.add(egui::DragValue::new(lab.moves_mut()).range(0..=60)).labelled_by(name);
        ui.end_row();
        let mut on = lab.rival.is_some();
        let tip = "A second search of the same board beside the first: Step advances both";
        if ui.checkbox(&mut on, "Compare").on_hover_text(tip).changed() {
            actions.push(Action::ToggleCompare);
        }
        let mut on = lab.predict.on;
        let tip = "Predict mode: the frontier listed without priorities; click the node you \
                   think the search expands next, and see why it was right or wrong";
        if ui.checkbox(&mut on, "Predict").on_hover_text(tip).changed() {
            actions.push(Action::TogglePredict);
        }
        ui.end_row();
        if lab.rival.is_some()
            && algorithm(ui, &mut lab.rival_algorithm, "Second search", "lab-rival")
        {
            actions.push(Action::Restart);
        }
    });
    ui.horizontal(|ui| {
        if ui
            .button("New board")
            .on_hover_text("A board this many random moves from the goal")
            .clicked()
        {
            actions.push(Action::NewBoard);
        }
        ui.label(format!("next seed {}", lab.seed));
    });
    ui.label(format!("Start: {}", lab.puzzle.show(lab.puzzle.start_board())));
    if !lab.message.is_empty() {
        ui.colored_label(ui.visuals().warn_fg_color, &lab.message);
    }
    ui.separator();
    stepping(ui, lab.running, "One expansion", true, &mut actions);
    match &lab.rival {
        None => {
            ui.label(lab.state_line());
        }
        Some(rival) => {
            let first = lab.first();
            let mark = |side| match first.is_some_and(|f| f == side || f == First::Both) {
                true => " (finished first)",
                false => "",
            };
            let run = &lab.run;
            ui.label(format!(
                "{}{}: {}",
                run.algorithm.label(),
                mark(First::Left),
                lab.state_line()
            ));
            let label = rival.algorithm.label();
            ui.label(format!("{label}{}: {}", mark(First::Right), rival.state_line()));
        }
    }
    ui.label(format!("Shown: {}", lab.puzzle.show(lab.board())));
    path(ui, lab);
    if let Some((k, step)) = lab.scrubbed() {
        // The board follows the history's scrubber; what follows it here is that moment's,
        // and what the history does not keep is labelled as now.
        ui.separator();
        moment(ui, lab, k, step);
        ui.separator();
        let latest = lab.run.history.steps.len();
        ui.label(egui::RichText::new(format!("Now, after expansion {latest}:")).strong());
    }
    counters(ui, lab);
    ui.separator();
    if lab.predict.on {
        predict(ui, lab, &mut actions);
        ui.separator();
    }
    nodes(ui, lab, &mut actions);
    actions
}

/// The history's expansion `k` (from 0) scrubbed to: its node and the counters then.
fn moment(ui: &mut Ui, lab: &LabState, k: usize, step: &Expansion) {
    let info = lab.run.algorithm.method().info();
    let tree = lab.run.search.tree();
    let tile = match tree.get(step.node).and_then(|n| n.mv) {
        Some(t) => format!("tile {t}"),
        None => "start".into(),
    };
    ui.label(
        egui::RichText::new(format!(
            "At expansion {} of {} (the history's scrubber):",
            k + 1,
            lab.run.history.steps.len()
        ))
        .strong(),
    );
    ui.label(format!(
        "Expanded: #{} {tile}: g {} h {} {}",
        step.node,
        step.g,
        step.h,
        order_text(info.order, step.f)
    ));
    egui::Grid::new("lab-then").num_columns(2).show(ui, |ui| {
        for (name, value, tip) in [
            ("expanded", (k + 1) as u64, "Nodes expanded by then"),
            ("open", u64::from(step.open), "Nodes waiting to be expanded then"),
            (info.stored.name, u64::from(step.closed), info.stored.meaning),
            (info.bound_name, u64::from(step.bound), "The search's bound then"),
        ] {
            ui.label(name).on_hover_text(tip);
            ui.monospace(value.to_string());
            ui.end_row();
        }
    });
}

/// The moves to the node whose board is shown.
fn path(ui: &mut Ui, lab: &LabState) {
    let search = lab.run.search.as_ref();
    if let Some(id) = lab.shown.or(search.current()) {
        let moves: Vec<String> = search.tree().moves_to(id).iter().map(u8::to_string).collect();
        if !moves.is_empty() {
            ui.label(format!("Path to #{id}: tiles {}", moves.join(" ")));
        }
    }
}

/// The textbook search and its depth bound, in two grid rows labelled `label`; true when
/// it changed.
fn algorithm(ui: &mut Ui, chosen: &mut Textbook, label: &str, salt: &str) -> bool {
    let name = ui.label(label).id;
    let before = *chosen;
    let algorithms = [Textbook::Bfs, Textbook::Dfs(20), Textbook::AStar, Textbook::IdaStar];
    egui::ComboBox::from_id_salt(salt)
        .selected_text(chosen.label())
        .show_ui(ui, |ui| {
            for a in algorithms {
                let same = std::mem::discriminant(&a) == std::mem::discriminant(chosen);
                if ui.selectable_label(same, a.label()).clicked() && !same {
                    *chosen = a;
                }
            }
        })
        .response
        .labelled_by(name);
    ui.end_row();
    if let Textbook::Dfs(d) = chosen {
        let name = ui.label("Depth bound").id;
        ui.add(egui::DragValue::new(d).range(1..=200)).labelled_by(name);
        ui.end_row();
    }
    *chosen != before
}

/// Sokoban: the level shown scrambled by random pulls, the search to step it with, and the
/// button that adds it to the collection and opens it in the inspector.
fn sokoban(ui: &mut Ui, lab: &mut LabState, level: &str, actions: &mut Vec<Action>) {
    ui.label(format!(
        "Level {level}, solved, then scrambled by random pulls (none takes back the one before), \
         so a solution needs at most that many pushes. The textbook searches step it in the \
         inspector, with its children, open list, charts, history and tree."
    ));
    egui::Grid::new("lab-sokoban").num_columns(2).show(ui, |ui| {
        algorithm(ui, &mut lab.algorithm, "Search", "lab-algorithm");
        let name = ui.label("Random pulls").id;
        if ui.add(egui::DragValue::new(lab.moves_mut()).range(0..=60)).labelled_by(name).changed() {
            actions.push(Action::NewBoard);
        }
        ui.end_row();
    });
    ui.horizontal(|ui| {
        if ui
            .button("New board")
            .on_hover_text("Other random pulls from the solved level")
            .clicked()
        {
            actions.push(Action::NewBoard);
        }
        ui.label(format!("next seed {}", lab.seed));
    });
    match lab.sokoban.as_ref().map(|s| &s.level) {
        Some(Ok(board)) => {
            ui.label(format!("Shown: {}", board.meta.title));
            if ui
                .button("Inspect it")
                .on_hover_text(
                    "Add this level after the level shown (Undo takes it back) and step the \
                     search on it in the inspector",
                )
                .clicked()
            {
                actions.push(Action::Inspect);
            }
        }
        Some(Err(e)) => {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                format!("This level cannot be scrambled: {e}."),
            );
        }
        None => {}
    }
}

/// The game-tree controls: the search, its ply, the start position, stepping, and the
/// path with each node's moves and scores.
fn game(ui: &mut Ui, lab: &mut LabState, actions: &mut Vec<Action>) {
    let mut moves = lab.moves();
    let g = &mut lab.game;
    egui::Grid::new("lab-game").num_columns(2).show(ui, |ui| {
        let name = ui.label("Search").id;
        let before = (g.rule, g.ply);
        egui::ComboBox::from_id_salt("lab-rule")
            .selected_text(g.rule.name())
            .show_ui(ui, |ui| {
                for r in [Rule::Minimax, Rule::NegMax, Rule::AlphaBeta] {
                    ui.selectable_value(&mut g.rule, r, r.name());
                }
            })
            .response
            .labelled_by(name);
        ui.end_row();
        let name = ui.label("Ply").id;
        ui.add(egui::DragValue::new(&mut g.ply).range(1..=9)).labelled_by(name);
        ui.end_row();
        if (g.rule, g.ply) != before {
            actions.push(Action::Restart);
        }
        let name = ui.label("Random moves").id;
        ui.add(egui::DragValue::new(&mut moves).range(0..=8)).labelled_by(name);
        ui.end_row();
    });
    *lab.moves_mut() = moves;
    if ui
        .button("New board")
        .on_hover_text("A position this many random moves into a game")
        .clicked()
    {
        actions.push(Action::NewBoard);
    }
    ui.separator();
    stepping(ui, lab.running, "One move made: one state explored", false, actions);
    let g = &lab.game;
    ui.label(g.state_line());
    ui.separator();
    let frames = g.stepper.frames();
    let path: Vec<String> = frames.iter().filter_map(|f| f.entered_by.map(cell_text)).collect();
    ui.label(format!(
        "Path: {}",
        if path.is_empty() { "the start".into() } else { path.join(" ") }
    ));
    for (depth, f) in frames.iter().enumerate() {
        let window = if g.rule == Rule::AlphaBeta {
            format!(", window [{}, {}]", score_text(f.alpha), score_text(f.beta))
        } else {
            String::new()
        };
        let best = f.best.1.map_or("none yet".into(), cell_text);
        ui.label(format!("depth {depth}: best {best} ({}){window}", score_text(f.best.0)));
    }
    if let Some(top) = frames.last().or(g.stepper.finished_root()) {
        ui.label(plural(top.moves.len(), "move", "moves"));
        let cut = g.rule == Rule::AlphaBeta && top.alpha >= top.beta;
        for (i, (m, score)) in top.moves.iter().enumerate() {
            let what = match score {
                Some(s) => format!("score {}", score_text(*s)),
                None if i + 1 == top.next => "being searched".into(),
                None if cut && i >= top.next => "cut: the window closed".into(),
                None => "not yet".into(),
            };
            ui.label(format!("{}: {what}", cell_text(*m)));
        }
    }
}

/// Step (whose tooltip says what a step is), Step back where a search can go back, Run or
/// Pause, and Restart.
fn stepping(ui: &mut Ui, running: bool, step: &str, back: bool, actions: &mut Vec<Action>) {
    ui.horizontal(|ui| {
        if ui.button("Step").on_hover_text(step).clicked() {
            actions.push(Action::Step);
        }
        let tip = "The search itself back one expansion: re-run from its start to the one before";
        if back && ui.button("Step back").on_hover_text(tip).clicked() {
            actions.push(Action::StepBack);
        }
        let (label, action) = if running { ("Pause", Action::Pause) } else { ("Run", Action::Run) };
        if ui.button(label).clicked() {
            actions.push(action);
        }
        if ui.button("Restart").clicked() {
            actions.push(Action::Restart);
        }
    });
}

/// The counters, named as each algorithm's catalogue entry names them (the inspector's
/// words): the search's, and the second search's beside them when compared.
fn counters(ui: &mut Ui, lab: &LabState) {
    let rows = |r: &PuzzleRun| {
        let s = r.search.stats();
        let info = r.algorithm.method().info();
        [
            ("expanded", s.expanded, "Nodes expanded"),
            ("generated", s.generated, "Children generated by the expansions"),
            ("open", s.open, "Nodes waiting to be expanded"),
            (info.stored.name, s.closed, info.stored.meaning),
            ("duplicates", s.duplicates, "Children that were states seen before"),
            (info.bound_name, u64::from(s.bound), "The search's bound now"),
        ]
    };
    let left = rows(&lab.run);
    let right = lab.rival.as_ref().map(rows);
    egui::Grid::new("lab-counters").num_columns(3).show(ui, |ui| {
        if let Some(rival) = &lab.rival {
            ui.label("");
            ui.label(RichText::new(lab.run.algorithm.label()).strong());
            ui.label(RichText::new(rival.algorithm.label()).strong());
            ui.end_row();
        }
        for (i, (name, value, tip)) in left.into_iter().enumerate() {
            ui.label(name).on_hover_text(tip);
            ui.monospace(value.to_string());
            if let Some(right) = &right {
                let (other, value, tip) = right[i];
                let named =
                    if other == name { value.to_string() } else { format!("{other} {value}") };
                ui.monospace(named).on_hover_text(tip);
            }
            ui.end_row();
        }
    });
}

/// Predict mode: the frontier without priorities, each node a button that guesses it and
/// steps; the score; the last answer with the frontier as it was, its priorities revealed,
/// the node guessed and the node expanded marked.
fn predict(ui: &mut Ui, lab: &LabState, actions: &mut Vec<Action>) {
    let predict = &lab.predict;
    ui.horizontal_wrapped(|ui| {
        ui.label("Which node does the search expand next? Click it.");
        ui.label(RichText::new(predict.score()).strong());
    });
    let offered = choices(&lab.run.frontier(PREDICT_SHOWN));
    if offered.is_empty() {
        ui.label("(the frontier is empty)");
    }
    let idle = lab.run.running() && !lab.running && lab.going_to.is_none();
    let (hovered, clicked) = guesses(ui, &offered, idle);
    // Its board while the pointer is on it, to reason from before guessing.
    if let Some(t) = hovered.map(|i| offered[i])
        && lab.shown != Some(t.id)
    {
        actions.push(Action::Show(t.id));
    }
    actions.extend(clicked.map(Action::Predict));
    let Some(last) = &predict.last else { return };
    let order = lab.run.algorithm.method().info().order;
    answer(ui, last, |t| format!("{}: g {} h {} {}", t.name(), t.g, t.h, order_text(order, t.f)));
}

/// The node expanded last, its children, the frontier (now); each node can be shown.
fn nodes(ui: &mut Ui, lab: &LabState, actions: &mut Vec<Action>) {
    let search = lab.run.search.as_ref();
    let order = lab.run.algorithm.method().info().order;
    // Predict mode hides the priorities (and the frontier's order): they are the answer.
    let hide = lab.predict.on;
    let row = |id: NodeId| -> String {
        let t: Tile = lab.run.tile(id);
        match hide {
            true => format!("{}: g {}", t.name(), t.g),
            false => format!("{}: g {} h {} {}", t.name(), t.g, t.h, order_text(order, t.f)),
        }
    };
    if let Some(id) = search.current() {
        ui.label(format!("Expanded: {}", row(id)));
        let children = search.children();
        ui.label(plural(children.len(), "child", "children"));
        for c in children {
            let text = match hide {
                true => format!("tile {}: g {} — {}", c.mv, c.g, verdict_text(c.verdict)),
                false => format!(
                    "tile {}: g {} h {} {} — {}",
                    c.mv,
                    c.g,
                    c.h,
                    order_text(order, c.f),
                    verdict_text(c.verdict)
                ),
            };
            match c.node {
                Some(id) => {
                    if ui.link(text).on_hover_text("Show this board").clicked() {
                        actions.push(Action::Show(id));
                    }
                }
                None => {
                    ui.label(text);
                }
            }
        }
    } else {
        ui.label("No node expanded yet.");
    }
    if hide {
        return;
    }
    ui.separator();
    let frontier = search.frontier(FRONTIER_SHOWN);
    ui.label(format!("Open, next first ({} in all)", search.stats().open));
    for id in frontier {
        if ui.link(row(id)).clicked() {
            actions.push(Action::Show(id));
        }
    }
}
