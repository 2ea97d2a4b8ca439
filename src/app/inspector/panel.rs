//! The inspector's panels: beside the board the choices, the controls, the counters, the
//! node being expanded with its children, and the best frontier nodes; under it the charts,
//! the history, the search tree or the pattern database.

use egui::{Color32, RichText, Ui};

use crate::app::command::Command;
use crate::app::inspector::text::{
    child_row, dir_letter, node_row, plural, push_text, verdict_text,
};
use crate::app::inspector::{
    Inspector, LowerView, Shown, VerdictFilter, breakpoint_view, charts, compare_view,
    coverage_view, pattern_view, predict_view, scrub, tree,
};
use crate::app::sink::Sink;
use crate::solver::Technique;
use crate::solver::inspect::trace::TREE_EXPANSIONS;
use crate::solver::{LowerBound, METHODS, Ordering, Parking, PruneReason};
use crate::solver::{Rearranged, Verdict};

/// The panel's height above and below the children table, at most (the table gets the rest
/// of the screen).
const CHILDREN_MARGIN: f32 = 460.0;

/// The children table's least height.
const CHILDREN_LEAST: f32 = 220.0;

/// A grid of a node's named features (feature-space search's packed boxes, connectivity,
/// room links cut, boxes out of plan, and its cell), two to a row.
fn features_grid(ui: &mut Ui, id: &str, features: &[(&'static str, u32)]) {
    egui::Grid::new(id).num_columns(4).striped(true).show(ui, |ui| {
        for (i, (name, value)) in features.iter().enumerate() {
            ui.label(*name);
            ui.label(RichText::new(value.to_string()).monospace());
            if i % 2 == 1 {
                ui.end_row();
            }
        }
    });
}

fn verdict_color(v: Verdict, ui: &Ui) -> Color32 {
    match v {
        Verdict::Kept | Verdict::Improved | Verdict::Passes => Color32::from_rgb(90, 190, 100),
        Verdict::Fails(_) => Color32::from_rgb(120, 160, 220),
        Verdict::Duplicate => ui.visuals().weak_text_color(),
        Verdict::OverBound => Color32::from_rgb(220, 170, 50),
        Verdict::Pruned(_) => Color32::from_rgb(230, 90, 80),
    }
}

/// The panel beside the board in inspect mode: the choices (the switches folded), the
/// controls, then the core of the inspector, given the room: the node expanded with its
/// children and the frontier; then the counters in a compact grid and what is shown.
pub fn show(ui: &mut Ui, inspector: &mut Inspector, sink: &mut Sink<'_>) {
    ui.horizontal(|ui| {
        ui.heading("Search inspector");
        let mut on = inspector.compare.on;
        let command = Command::ToggleCompare;
        let tip = command.entry().and_then(|e| e.tip).unwrap_or_default();
        if ui.toggle_value(&mut on, command.label()).on_hover_text(tip).changed() {
            sink.send(command);
        }
    });
    choices(ui, inspector, sink);
    if inspector.compare.on {
        second_choices(ui, inspector, sink);
    }
    ui.separator();
    controls(ui, inspector, sink);
    ui.separator();
    expansion(ui, inspector, sink);
    ui.separator();
    frontier(ui, inspector, sink);
    ui.separator();
    counters(ui, inspector);
    strategies(ui, inspector);
    ui.separator();
    shown(ui, inspector, sink);
}

/// The panel under the board in inspect mode: charts, history, tree or patterns, drawn in
/// the `dark` or light palette.
pub fn lower(ui: &mut Ui, inspector: &Inspector, dark: bool, sink: &mut Sink<'_>) {
    // Wrapped, so a narrow panel never pushes its switch (or the chart below) past its edge.
    ui.horizontal_wrapped(|ui| {
        for view in LowerView::ALL {
            let command = Command::SetLowerView(view);
            let label = command.label();
            if ui.selectable_label(inspector.view == view, label).clicked() {
                sink.send(command);
            }
        }
        // The view's own switch: the charts' log scale, the tree's colours.
        let switch = match inspector.view {
            LowerView::Charts => Some((inspector.log_scale, Command::ToggleLogScale)),
            LowerView::Tree => Some((inspector.seed_colours, Command::ToggleSeedColours)),
            LowerView::Compare => Some((inspector.log_scale, Command::ToggleLogScale)),
            LowerView::History | LowerView::Patterns | LowerView::Coverage => None,
        };
        if let Some((mut on, command)) = switch {
            ui.separator();
            if ui.checkbox(&mut on, command.label()).changed() {
                sink.send(command);
            }
        }
    });
    match inspector.view {
        LowerView::Charts => charts::show(ui, inspector, sink),
        LowerView::History => scrub::show(ui, inspector, sink),
        LowerView::Tree => tree::show(ui, inspector, sink),
        LowerView::Patterns => pattern_view::show(ui, inspector, dark, sink),
        LowerView::Coverage => coverage_view::show(ui, inspector, dark, sink),
        LowerView::Compare => compare_view::lower(ui, inspector),
    }
}

fn choices(ui: &mut Ui, inspector: &Inspector, sink: &mut Sink<'_>) {
    let before = inspector.config();
    let mut config = before.clone();
    config_grid(ui, "", &mut config);
    if config != before {
        sink.send(Command::SetSearchConfig(config));
    }
}

/// The choices of the search side by side with the inspector's, and why it cannot be
/// built, if it cannot.
fn second_choices(ui: &mut Ui, inspector: &Inspector, sink: &mut Sink<'_>) {
    egui::Frame::group(ui.style()).show(ui, |ui| {
        let before = inspector.compare.config.clone();
        let mut config = before.clone();
        config_grid(ui, "Second ", &mut config);
        if config != before {
            sink.send(Command::SetCompareConfig(config));
        }
        if let Some((_, why)) = &inspector.compare.error {
            ui.colored_label(ui.visuals().warn_fg_color, why);
        }
    });
}

/// The algorithm, its parameter, the lower bound and the switches of `config`, to change;
/// `prefix` names the search chosen for ("" for the inspector's, "Second " for the one
/// beside it) and keeps the widgets of the two apart.
pub fn config_grid(ui: &mut Ui, prefix: &str, config: &mut crate::solver::Config) {
    egui::Grid::new(format!("{prefix}inspector-choices")).num_columns(2).show(ui, |ui| {
        let name = ui.label(format!("{prefix}Algorithm")).id;
        egui::ComboBox::from_id_salt(format!("{prefix}method"))
            .selected_text(config.method.label())
            // Every method in sight, none behind a scroll bar.
            .height(640.0)
            .show_ui(ui, |ui| {
                for info in METHODS {
                    let m = info.method();
                    let same = m.same_method(config.method);
                    if ui.selectable_label(same, m.label()).clicked() && !same {
                        config.method = m;
                    }
                }
            })
            .response
            .labelled_by(name);
        ui.end_row();
        // The method's parameter has a row of its own for every method, so that the rows
        // under it stay where they are when the method changes.
        let info = config.method.info();
        match (info.param, config.method.param()) {
            (Some(p), Some(mut n)) => {
                let name = ui.label(format!("{prefix}{}", p.meaning)).id;
                let value = egui::DragValue::new(&mut n).range(p.min..=p.max_offered);
                if ui.add(value).labelled_by(name).changed() {
                    config.method = info.with_param(n);
                }
            }
            _ => {
                ui.label(format!("{prefix}Parameter"));
                ui.add_enabled(false, egui::Label::new("none for this method"));
            }
        }
        ui.end_row();
        let name = ui.label(format!("{prefix}Lower bound")).id;
        egui::ComboBox::from_id_salt(format!("{prefix}bound"))
            .selected_text(config.lower_bound.name())
            .show_ui(ui, |ui| {
                for b in LowerBound::ALL {
                    let label = if b.admissible() {
                        b.name().to_string()
                    } else {
                        format!("{} (not admissible)", b.name())
                    };
                    ui.selectable_value(&mut config.lower_bound, b, label);
                }
            })
            .response
            .labelled_by(name);
        ui.end_row();
    });
    switches(ui, prefix, config);
}

/// The pruning rules and techniques that apply to the method chosen (its catalogue entry
/// says which), folded under one line that counts those on.
fn switches(ui: &mut Ui, prefix: &str, config: &mut crate::solver::Config) {
    let info = config.method.info();
    let mut deadlocks = config.deadlocks;
    let rules: Vec<(PruneReason, bool)> = PruneReason::ALL
        .into_iter()
        .filter(|&r| info.prunes_with(r))
        .filter_map(|r| deadlocks.flag(r).map(|on| (r, *on)))
        .collect();
    let techniques: Vec<Technique> = Technique::ALL.into_iter().filter(|&t| info.uses(t)).collect();
    let rules_on = rules.iter().filter(|&&(_, on)| on).count();
    let on = rules_on + techniques.iter().filter(|&&t| config.techniques.on(t)).count();
    let all = rules.len() + techniques.len();
    egui::CollapsingHeader::new(format!("{prefix}Switches: {on} of {all} on"))
        .id_salt(format!("{prefix}switches"))
        .default_open(false)
        .show(ui, |ui| {
            ui.label("Pruning");
            ui.horizontal_wrapped(|ui| {
                for &(reason, _) in &rules {
                    if let Some(flag) = config.deadlocks.flag(reason) {
                        ui.checkbox(flag, reason.name());
                    }
                }
            });
            if techniques.is_empty() {
                return;
            }
            ui.label("Techniques").on_hover_text("The techniques this method uses");
            ui.horizontal_wrapped(|ui| {
                for &t in &techniques {
                    let mut on = config.techniques.on(t);
                    if ui.checkbox(&mut on, t.name()).changed() {
                        config.techniques.set(t, on);
                    }
                }
            });
            if techniques.contains(&Technique::GoalRearrangement) {
                plan_by_hand(ui, prefix, config);
            }
        });
}

/// The planner's goal ordering and goal rearrangement, chosen by hand or left to its
/// analysis. The parking pairs are typed as on the command line (`--park`); text that
/// does not read as pairs is kept for editing, with what is wrong, and not applied.
fn plan_by_hand(ui: &mut Ui, prefix: &str, config: &mut crate::solver::Config) {
    ui.horizontal(|ui| {
        let name = ui.label("Goal ordering").id;
        let shown = |o: Option<Ordering>| match o {
            None => "the analysis's".to_string(),
            Some(o) => format!("{} (by hand)", o.number()),
        };
        egui::ComboBox::from_id_salt(format!("{prefix}ordering"))
            .selected_text(shown(config.ordering))
            .show_ui(ui, |ui| {
                for o in [None, Some(Ordering::One), Some(Ordering::Two), Some(Ordering::Three)] {
                    ui.selectable_value(&mut config.ordering, o, shown(o));
                }
            })
            .response
            .labelled_by(name);
    });
    let id = ui.make_persistent_id(format!("{prefix}park"));
    let mut text =
        ui.data(|d| d.get_temp::<String>(id)).unwrap_or_else(|| config.parking.to_string());
    ui.horizontal(|ui| {
        let name = ui.label("Park by hand").id;
        let edit = egui::TextEdit::singleline(&mut text).hint_text("GOAL=SQUARE, … (row:column)");
        if ui.add(edit).labelled_by(name).changed() {
            if let Ok(parking) = text.parse() {
                config.parking = parking;
            }
            ui.data_mut(|d| d.insert_temp(id, text.clone()));
        }
    });
    if let Err(why) = text.parse::<Parking>() {
        ui.colored_label(ui.visuals().warn_fg_color, format!("Not applied: {why}."));
    }
}

fn controls(ui: &mut Ui, inspector: &mut Inspector, sink: &mut Sink<'_>) {
    let (built, running, can_step) = match &inspector.session {
        Some(s) => (true, s.is_running(), s.can_step()),
        None => (false, false, false),
    };
    // Compared, the two step together: not while the second is being prepared.
    let idle = !running && (can_step || !built) && !inspector.compare.pending();
    ui.horizontal_wrapped(|ui| {
        sink.button(ui, Command::InspectStep, idle);
        let back = !running && inspector.snapshot.steps > 0 && inspector.building.is_none();
        sink.button(ui, Command::InspectStepBack, back);
        let n = inspector.step_count;
        sink.button_labelled(ui, &format!("Step ×{n}"), Command::InspectStepMany(n), idle);
        let name = ui.label("N").id;
        let count = egui::DragValue::new(&mut inspector.step_count).range(1..=1_000_000);
        ui.add(count).labelled_by(name);
    });
    ui.horizontal_wrapped(|ui| {
        let rate = inspector.rate;
        sink.button_labelled(ui, "Run", Command::InspectRun(rate), idle);
        let name = ui.label("at").id;
        ui.add(egui::DragValue::new(&mut inspector.rate).range(1.0..=1e6).speed(5.0).suffix(" /s"))
            .labelled_by(name)
            .on_hover_text("Expansions per second while running");
        // Pause also stops a search being prepared.
        sink.button(ui, Command::InspectPause, running || inspector.building.is_some());
        sink.button(ui, Command::InspectReset, true);
    });
    ui.horizontal_wrapped(|ui| {
        sink.button(ui, Command::InspectRunToSolution, idle);
        breakpoint_view::buttons(ui, inspector, idle, sink);
    });
    breakpoint_view::show(ui, inspector);
    ui.label(inspector.state_line());
}

/// The counters, three to a row, named as the method's catalogue entry says; the pruned
/// children by rule folded under their total.
fn counters(ui: &mut Ui, inspector: &Inspector) {
    let s = &inspector.snapshot.stats;
    let info = inspector.info();
    let mut rows: Vec<(String, String, String)> = vec![
        (
            "generated".into(),
            s.generated.to_string(),
            "Children generated by the expansions".into(),
        ),
        ("expanded".into(), s.expanded.to_string(), "Nodes expanded".into()),
        (
            "duplicates".into(),
            s.duplicates.to_string(),
            "Children that were states seen before (not stored again)".into(),
        ),
        (
            "open".into(),
            s.open.to_string(),
            "Nodes waiting to be expanded (the open list or stack)".into(),
        ),
        (info.stored.name.into(), s.closed.to_string(), info.stored.meaning.into()),
        (
            info.bound_name.into(),
            s.bound.to_string(),
            format!("The search's {} now", info.bound_name),
        ),
        (
            "deepest".into(),
            s.depth.to_string(),
            "Most pushes from the start of a node stored".into(),
        ),
        (
            "nodes/s".into(),
            inspector.nodes_per_second().map_or("–".into(), |r| format!("{r:.0}")),
            "Expansions per second while the search last ran on its own".into(),
        ),
    ];
    for &(name, value) in &s.measures {
        let tip = "Counted by this method (see the method's help)";
        rows.push((name.into(), value.to_string(), tip.into()));
    }
    egui::Grid::new("counters").num_columns(6).striped(true).show(ui, |ui| {
        for (i, (name, value, tip)) in rows.into_iter().enumerate() {
            ui.label(name).on_hover_text(tip);
            ui.label(RichText::new(value).monospace());
            if i % 3 == 2 {
                ui.end_row();
            }
        }
    });
    let reasons: Vec<PruneReason> =
        PruneReason::ALL.into_iter().filter(|&r| info.prunes_with(r)).collect();
    let total: u64 = reasons.iter().map(|&r| s.pruned_by(r)).sum();
    egui::CollapsingHeader::new(format!("pruned: {total}"))
        .id_salt("pruned-by-rule")
        .default_open(false)
        .show(ui, |ui| {
            egui::Grid::new("pruned").num_columns(4).striped(true).show(ui, |ui| {
                for (i, &r) in reasons.iter().enumerate() {
                    ui.label(r.name())
                        .on_hover_text(format!("Children pruned by the rule: {}", r.name()));
                    ui.label(RichText::new(s.pruned_by(r).to_string()).monospace());
                    if i % 2 == 1 {
                        ui.end_row();
                    }
                }
            });
        })
        .header_response
        .on_hover_text("Children pruned, by the rule that pruned them");
}

/// The strategies of a portfolio (`auto`): each one's share, time and expansions, the one
/// running marked.
fn strategies(ui: &mut Ui, inspector: &Inspector) {
    let strategies = &inspector.snapshot.strategies;
    if strategies.is_empty() {
        return;
    }
    ui.separator();
    ui.label(RichText::new("Strategies").strong()).on_hover_text(
        "The searches of the portfolio, taking turns; the one stepped last is marked",
    );
    egui::Grid::new("strategies").num_columns(4).striped(true).show(ui, |ui| {
        for head in ["strategy", "share", "time", "expanded"] {
            ui.label(RichText::new(head).weak());
        }
        ui.end_row();
        for s in strategies {
            if s.running {
                ui.label(RichText::new(format!("> {}", s.name)).strong());
            } else {
                ui.label(s.name);
            }
            ui.label(RichText::new(format!("{} %", s.share)).monospace());
            ui.label(RichText::new(format!("{:.2} s", s.used.as_secs_f64())).monospace());
            ui.label(RichText::new(s.expanded.to_string()).monospace());
            ui.end_row();
        }
    });
}

fn expansion(ui: &mut Ui, inspector: &mut Inspector, sink: &mut Sink<'_>) {
    inspector.patterns.hovered = None;
    let order_names = inspector.info();
    let order = order_names.order;
    let snap = &inspector.snapshot;
    let Some(current) = snap.current else {
        ui.label("No node expanded yet.");
        return;
    };
    if let Some((i, step)) = snap.history {
        ui.label(
            RichText::new(format!(
                "History: expansion {} of {} (open {}, {} {} before it)",
                i + 1,
                snap.steps,
                step.open,
                order_names.stored.name,
                step.closed
            ))
            .strong(),
        );
    }
    ui.label(RichText::new(format!("Expanded: {}", node_row(&current, order))).strong())
        .on_hover_text(format!("{}: {}", order.name(), order.meaning()));
    if let Some(sub) = &snap.sub_problem {
        ui.label(sub_problem_line(sub));
    }
    if !snap.features.is_empty() {
        ui.label("Its features");
        features_grid(ui, "current-features", &snap.features);
    }
    let children = snap.children.clone();
    let recorded = snap.history.is_none_or(|(i, _)| i < TREE_EXPANSIONS);
    if recorded {
        ui.horizontal(|ui| {
            ui.label(plural(children.len(), "child", "children"));
            let filter = &mut inspector.verdicts;
            let name = ui.label("show").id;
            egui::ComboBox::from_id_salt("verdicts")
                .selected_text(filter.name())
                .show_ui(ui, |ui| {
                    for f in VerdictFilter::ALL {
                        ui.selectable_value(filter, f, f.name());
                    }
                })
                .response
                .labelled_by(name);
        });
    } else {
        ui.label(format!("Children are recorded for the first {TREE_EXPANSIONS} expansions."));
    }
    let filter = inspector.verdicts;
    let mut clicked = None;
    let mut hovered = None;
    // The children get the room the screen has beside the rest of the panel (at least a
    // dozen rows); the frontier stays in sight under them.
    let height = (ui.ctx().content_rect().height() - CHILDREN_MARGIN).max(CHILDREN_LEAST);
    egui::ScrollArea::vertical().id_salt("children").max_height(height).show(ui, |ui| {
        for c in children.iter().filter(|c| filter.shows(c.verdict)) {
            // Predict mode hides the children's priorities: they are the frontier's.
            let row = match inspector.predicting() {
                true => format!("{}  {}", push_text(Some(c.push)), verdict_text(c.verdict)),
                false => child_row(c, order),
            };
            let text = RichText::new(row).color(verdict_color(c.verdict, ui));
            let shown = inspector.shown == Shown::After(current.id, c.push);
            let mut row = ui.selectable_label(shown, text);
            if c.pattern.is_some() {
                row = row.on_hover_text("The board shows the deadlock pattern that pruned it.");
                if row.hovered() {
                    hovered = c.pattern;
                }
            }
            if row.clicked() {
                clicked = Some((Shown::After(current.id, c.push), c.pattern));
            }
        }
    });
    inspector.patterns.hovered = hovered;
    if let Some((s, pattern)) = clicked {
        sink.send(Command::InspectShow(s));
        if pattern.is_some() {
            sink.send(Command::SelectPattern(pattern));
        }
    }
}

fn frontier(ui: &mut Ui, inspector: &Inspector, sink: &mut Sink<'_>) {
    ui.horizontal(|ui| {
        ui.label(RichText::new("Best frontier nodes").strong());
        if inspector.info().picks.is_some() {
            let mut on = inspector.predict.on;
            let command = Command::TogglePredict;
            let tip = command.entry().and_then(|e| e.tip).unwrap_or_default();
            if ui.checkbox(&mut on, command.label()).on_hover_text(tip).changed() {
                sink.send(command);
            }
        }
    });
    if inspector.predicting() {
        predict_view::show(ui, inspector, sink);
        return;
    }
    let frontier = inspector.snapshot.frontier.clone();
    if inspector.snapshot.history.is_some() {
        ui.label("The frontier of an earlier expansion is not recorded (Latest shows it now).");
    } else if frontier.is_empty() {
        ui.label("(empty)");
    }
    let parent = inspector.snapshot.current.map(|v| v.id);
    let order = inspector.info().order;
    for n in &frontier {
        let target = Shown::frontier(n, parent);
        let shown = inspector.shown == target;
        if ui.selectable_label(shown, node_row(n, order)).clicked() {
            sink.send(Command::InspectShow(target));
        }
    }
}

/// What is shown, when it is not the node expanded: a button back to it, its features, the
/// path to it and the nodes on that path.
fn shown(ui: &mut Ui, inspector: &Inspector, sink: &mut Sink<'_>) {
    if inspector.shown != Shown::Current {
        sink.button(ui, Command::InspectShow(Shown::Current), true);
    }
    if inspector.shown != Shown::Current {
        if !inspector.shown_features.is_empty() {
            ui.label("Features of the node shown");
            features_grid(ui, "shown-features", &inspector.shown_features.clone());
        } else if matches!(inspector.shown, Shown::After(..)) {
            ui.label(RichText::new("A move not played yet: no node, no features.").small());
        }
    }
    if let Some((_, pushes)) = &inspector.board {
        let path: Vec<String> =
            pushes.iter().map(|&(from, d)| format!("{from} {}", dir_letter(d))).collect();
        ui.label(format!("Path from the start: {}", plural(pushes.len(), "push", "pushes")));
        ui.label(RichText::new(path.join(", ")).small().monospace());
    }
    if let Some((kept, area)) = &inspector.area {
        ui.label(
            RichText::new(format!(
                "The search keeps this position once for the {} shaded squares the player can \
             walk to, with the player on {kept}; it is drawn where the last push left it.",
                area.len()
            ))
            .small(),
        );
    }
    if !inspector.snapshot.tail.is_empty() {
        let tail = &inspector.snapshot.tail;
        let tail: Vec<String> =
            tail.iter().map(|&(from, d)| format!("{from} {}", dir_letter(d))).collect();
        ui.label(format!(
            "The solution's last node passes stone by stone; its tail: {} pushes",
            tail.len()
        ));
        ui.label(RichText::new(tail.join(", ")).small().monospace());
    }
    path_nodes(ui, inspector, sink);
}

/// The stored nodes on the path to what is shown; clicking one shows it.
fn path_nodes(ui: &mut Ui, inspector: &Inspector, sink: &mut Sink<'_>) {
    let path = inspector.shown_path.clone();
    if path.len() < 2 {
        return;
    }
    let order = inspector.info().order;
    ui.label(format!("Nodes on the path: {}", path.len()));
    let mut clicked = None;
    egui::ScrollArea::vertical().id_salt("path-nodes").max_height(140.0).show(ui, |ui| {
        for (i, n) in path.iter().enumerate() {
            let shown = inspector.shown == Shown::Node(n.id);
            if ui.selectable_label(shown, format!("{i}. {}", node_row(n, order))).clicked() {
                clicked = Some(Shown::Node(n.id));
            }
        }
    });
    if let Some(s) = clicked {
        sink.send(Command::InspectShow(s));
    }
}

/// What the planner is doing: the sub-problem, its goal (ringed on the board) and the
/// stones that could be pushed alone onto it (circled).
fn sub_problem_line(sub: &crate::solver::SubProblem) -> String {
    let stones = match sub.stones.as_slice() {
        [] => "no stone reaches it alone from here: pushes one at a time".to_string(),
        [s] => format!("the stone on {s} reaches it alone"),
        many => {
            let list: Vec<String> = many.iter().map(|s| s.to_string()).collect();
            format!("stones that reach it alone: {}", list.join(", "))
        }
    };
    let what = match (sub.from, sub.parking) {
        (_, true) => format!("a stone onto parking square {}", sub.goal),
        (Some(from), false) => format!("the stone parked on {from} onto goal {}", sub.goal),
        (None, false) => format!("a stone onto goal {}", sub.goal),
    };
    let (k, chosen) = sub.ordering;
    let plan = match (chosen, sub.rearranged) {
        (false, Rearranged::No) => format!("ordering {k}"),
        (true, Rearranged::No) => format!("ordering {k}, chosen by hand"),
        (false, Rearranged::ByAnalysis) => format!("ordering {k}, goals rearranged"),
        (true, Rearranged::ByAnalysis) => format!("ordering {k} by hand, goals rearranged"),
        (false, Rearranged::ByHand) => format!("ordering {k}, goals rearranged by hand"),
        (true, Rearranged::ByHand) => format!("ordering {k} and goal rearrangement by hand"),
    };
    let plan = match sub.retry {
        true => format!("{plan}, second try with proved patterns only"),
        false => plan,
    };
    format!(
        "Sub-problem {} of {} ({plan}): {what} (depth limit {}); {stones}.",
        sub.index, sub.count, sub.depth
    )
}
