//! The Generate levels dialog: size, boxes, count and seed, then Generate (on a worker,
//! with progress and Stop); the levels made are added after the level shown.

use std::ops::RangeInclusive;

use egui::{Context, Ui};

use crate::app::command::Command;
use crate::app::generator::GeneratorState;
use crate::app::sink::Sink;

/// The dialog, when it is open: first shown at the top right, over the side panel's tools,
/// so that the board (where the levels made appear) and the level list stay in sight.
pub fn show(ctx: &Context, state: &mut GeneratorState, sink: &mut Sink<'_>) {
    let mut open = state.open;
    let window = egui::Window::new("Generate levels")
        .open(&mut open)
        .resizable(false)
        .pivot(egui::Align2::RIGHT_TOP)
        .default_pos(ctx.content_rect().right_top() + egui::vec2(-12.0, 32.0));
    window.show(ctx, |ui| {
        ui.label(
            "Rooms from templates (a large one with a door), goals placed several ways, and \
             the start whose solution scores most by pushes, box lines and box changes; the \
             room then evolved while that score grows. Each level keeps its push-optimal \
             solution and is rated.",
        );
        let busy = state.run.is_some();
        ui.add_enabled_ui(!busy, |ui| {
            egui::Grid::new("generate-fields").num_columns(2).show(ui, |ui| {
                field(ui, "Width (walls included)", &mut state.spec.width, 5..=40);
                field(ui, "Height (walls included)", &mut state.spec.height, 5..=40);
                field(ui, "Boxes", &mut state.spec.boxes, 1..=100);
                field(ui, "Levels", &mut state.count, 1..=100);
                field(ui, "At least pushes (0: any)", &mut state.spec.min_pushes, 0..=1000);
                field(
                    ui,
                    "At least difficulty (0: any)",
                    &mut state.spec.min_difficulty,
                    0.0..=10.0,
                );
                field(ui, "Seed", &mut state.seed, 0..=u64::MAX);
            });
        });
        ui.horizontal(|ui| {
            sink.button(ui, Command::GenerateLevels, !busy);
            if busy {
                sink.button(ui, Command::CancelGenerate, true);
            }
        });
        if let Some(line) = state.progress_line() {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(line);
            });
        }
    });
    state.open = open;
}

/// A row of the form: its name, and a number dragged or typed within `range`.
fn field<N: egui::emath::Numeric>(
    ui: &mut Ui,
    name: &str,
    value: &mut N,
    range: RangeInclusive<N>,
) {
    let label = ui.label(name).id;
    ui.add(egui::DragValue::new(value).range(range)).labelled_by(label);
    ui.end_row();
}
