//! The breakpoints' section of the inspector's panel: each kind with its settings, the
//! buttons that pick squares and paint a position on the board, and *Run until a
//! breakpoint*. The breakpoint that stopped the last run is named in the state line.

use egui::Ui;

use crate::app::command::Command;
use crate::app::inspector::Inspector;
use crate::app::inspector::breakpoints::Picking;
use crate::app::inspector::text::plural;
use crate::app::sink::Sink;
use crate::solver::PruneReason;
use crate::solver::inspect::breakpoint::{Among, Measure};

/// *Run until a breakpoint*, and the switch that shows the breakpoints' settings (it counts
/// those on), for the row of the run buttons.
pub fn buttons(ui: &mut Ui, inspector: &mut Inspector, idle: bool, sink: &mut Sink<'_>) {
    let on = inspector.key().map_or(0, |k| inspector.breakpoints.active(k).len());
    sink.button(ui, Command::InspectRunUntilBreak, idle && on > 0);
    let b = &mut inspector.breakpoints;
    let switch = ui.selectable_label(b.editing, format!("Breakpoints ({on})"));
    if switch.on_hover_text("Set the breakpoints Run until a breakpoint stops at").clicked() {
        b.editing = !b.editing;
        b.picking = None;
    }
}

/// The breakpoints' settings, when their switch is on.
pub fn show(ui: &mut Ui, inspector: &mut Inspector) {
    let key = inspector.key();
    if !inspector.breakpoints.editing {
        return;
    }
    egui::Frame::group(ui.style()).show(ui, |ui| {
        let info = inspector.info();
        let start = inspector.session.as_ref().map(|s| s.level.clone());
        let shown = inspector.board.as_ref().map(|(l, _)| l.clone());
        let b = &mut inspector.breakpoints;
        ui.horizontal_wrapped(|ui| {
            ui.checkbox(&mut b.rule_on, "a rule prunes a child");
            let label = ui.label("by").id;
            let name = b.rule.map_or("any rule", |r| r.name());
            egui::ComboBox::from_id_salt("break-rule")
                .selected_text(name)
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut b.rule, None, "any rule");
                    for r in PruneReason::ALL.into_iter().filter(|&r| info.prunes_with(r)) {
                        ui.selectable_value(&mut b.rule, Some(r), r.name());
                    }
                })
                .response
                .labelled_by(label);
        });
        ui.horizontal_wrapped(|ui| {
            for (m, on) in Measure::ALL.into_iter().zip(&mut b.changes) {
                let name = match m {
                    Measure::Bound => info.bound_name,
                    _ => m.name(),
                };
                ui.checkbox(on, format!("{name} changes"));
            }
        });
        ui.horizontal_wrapped(|ui| {
            ui.checkbox(&mut b.open_on, "the open list passes");
            let value = ui.add(egui::DragValue::new(&mut b.open).range(0..=u64::MAX / 2));
            value.labelled_by(ui.label("nodes").id);
        });
        let Some(key) = key else {
            ui.weak("Squares and positions are picked once the search is built.");
            return;
        };
        ui.horizontal_wrapped(|ui| {
            let what = match b.box_target(key) {
                Some(t) => match t.start {
                    Some(s) => format!("the box from {s} reaches {}", t.square),
                    None => format!("a box reaches {}", t.square),
                },
                None => "a box reaches a square (none picked)".into(),
            };
            ui.add_enabled(b.box_target(key).is_some(), egui::Checkbox::new(&mut b.box_on, what));
        });
        if let Some(why) = b.box_never(key) {
            ui.colored_label(ui.visuals().warn_fg_color, format!("{why}."));
        }
        ui.horizontal_wrapped(|ui| {
            if ui.button("Pick the box and the square").clicked() {
                b.picking = Some(Picking::Box);
            }
            if ui.button("Pick a square (any box)").clicked() {
                b.picking = Some(Picking::Square(None));
            }
        });
        ui.horizontal_wrapped(|ui| {
            let what = match b.position(key) {
                Some(p) => {
                    let player = p.player().map_or("anywhere".into(), |q| format!("on {q}"));
                    format!(
                        "the painted position ({}, the player {player})",
                        plural(p.boxes().len(), "box", "boxes")
                    )
                }
                None => "a painted position (none painted)".into(),
            };
            let painted = b.position(key).is_some();
            ui.add_enabled(painted, egui::Checkbox::new(&mut b.position_on, what));
            let label = ui.label("when").id;
            egui::ComboBox::from_id_salt("break-among")
                .selected_text(among_name(b.among))
                .show_ui(ui, |ui| {
                    for among in [Among::Generated, Among::Expanded] {
                        ui.selectable_value(&mut b.among, among, among_name(among));
                    }
                })
                .response
                .labelled_by(label);
        });
        if let (Some(p), Some(start)) = (b.position(key), &start)
            && p.boxes().len() != start.boxes().len()
        {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                format!(
                    "The level has {}; a position with {} never matches.",
                    plural(start.boxes().len(), "box", "boxes"),
                    p.boxes().len()
                ),
            );
        }
        ui.horizontal_wrapped(|ui| {
            let painting = b.picking == Some(Picking::Paint);
            if !painting && let Some(shown) = &shown {
                let tip = "Paint the position on the board, starting from the one shown: \
                               click a square to put or take a box, right-click to put the \
                               player (again to match him anywhere)";
                if ui.button("Paint the position").on_hover_text(tip).clicked() {
                    b.paint(key, shown);
                }
            }
            if let Some(picking) = &b.picking {
                ui.label(match picking {
                    Picking::Box => "Click a box on the board.",
                    Picking::Square(_) => "Click the square on the board.",
                    Picking::Paint => "Painting on the board.",
                });
                let done = if painting { "Done" } else { "Cancel" };
                if ui.button(done).clicked() {
                    b.picking = None;
                }
            }
        });
    });
}

fn among_name(among: Among) -> &'static str {
    match among {
        Among::Generated => "is generated",
        Among::Expanded => "is expanded",
    }
}
