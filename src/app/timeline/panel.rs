//! The timeline's side panel: where the solution comes from, the scrubber with push
//! markers, playback controls, jump to push N, counters, the LURD text with the current move
//! highlighted, and exports.

use egui::text::LayoutJob;
use egui::{Color32, FontId, RichText, Sense, Stroke, TextFormat, Ui, Vec2};

use crate::app::command::Command;
use crate::app::inspector::text::plural;
use crate::app::sink::Sink;
use crate::app::solving::{Found, proof, saved_label};
use crate::app::timeline::{Timeline, TimelineSource, TimelineState};
use crate::level::{Level, Move};
use crate::solver::optimize::Metric;

/// The panel beside the board in replay mode: the solutions of `level` to load (`found` is
/// the solver's and `inspected` the inspector's, with what it is proved shortest by, if they
/// have one for `level`; `fewest` the pushes this session proved it needs), and the one
/// loaded.
pub fn show(
    ui: &mut Ui,
    state: &mut TimelineState,
    level: &Level,
    found: Option<&Found>,
    inspected: Option<(&[Move], Option<&'static str>)>,
    fewest: Option<usize>,
    sink: &mut Sink<'_>,
) {
    ui.heading("Solution timeline");
    sources(ui, level, found, inspected, fewest, sink);
    ui.separator();
    let Some(t) = &mut state.loaded else {
        ui.label("Choose a solution above.");
        return;
    };
    let (n, cursor, playing) = (t.moves.len(), t.cursor, t.playing);
    ui.label(format!("Playing: {}", t.source));
    ui.label(
        RichText::new(format!("Move {cursor}/{n}   Push {}/{}", t.pushes_done(), t.total_pushes()))
            .size(16.0),
    );
    if let Some(m) = &t.metrics {
        ui.label(m.secondary()).on_hover_text(
            "Box lines: runs of pushes of one box in one direction. Box changes: pushes \
                 of another box than the one pushed before. Pushing sessions: runs of pushes \
                 with no walk between them.",
        );
    }
    scrubber(ui, t, sink);
    ui.horizontal(|ui| {
        sink.button(ui, Command::TimelineSeek(0), cursor > 0);
        sink.button(ui, Command::TimelineBack, cursor > 0);
        let play = if playing { "Pause" } else { "Play" };
        sink.button_labelled(ui, play, Command::TimelinePlay, true);
        sink.button(ui, Command::TimelineForward, cursor < n);
        sink.button(ui, Command::TimelineSeek(usize::MAX), cursor < n);
    });
    ui.add(egui::Slider::new(&mut t.speed, 1.0..=60.0).text("moves/s").logarithmic(true));
    ui.horizontal(|ui| {
        let id = ui.scope_id().with("jump");
        let mut n: usize = ui.data_mut(|d| *d.get_temp_mut_or(id, 1));
        let label = ui.label("Push").id;
        ui.add(egui::DragValue::new(&mut n).range(0..=t.total_pushes())).labelled_by(label);
        ui.data_mut(|d| d.insert_temp(id, n));
        if ui.button("Jump").clicked() {
            sink.send(Command::TimelineToPush(n));
        }
    });
    lurd_text(ui, t);
    ui.separator();
    let free = state.export.is_none();
    ui.horizontal_wrapped(|ui| {
        sink.button(ui, Command::CopyLurd, true);
        sink.button(ui, Command::ExportGif, free);
        sink.button(ui, Command::ExportFrames, free);
    });
    if let Some(run) = &state.export {
        let (done, total) = run.progress();
        ui.horizontal(|ui| {
            ui.add(egui::ProgressBar::new(done as f32 / total as f32).desired_width(160.0));
            sink.button(ui, Command::CancelExport, true);
        });
    }
    ui.separator();
    ui.label(
        "Optimiser: a shorter solution near this one, saved beside the level's others, then \
         a search of the whole level that proves the shortest.",
    );
    let free = state.optimize.is_none();
    ui.horizontal(|ui| {
        sink.button(ui, Command::OptimizeSolution(Metric::Moves), free);
        sink.button(ui, Command::OptimizeSolution(Metric::Pushes), free);
    });
    if let Some(run) = &state.optimize {
        ui.horizontal_wrapped(|ui| {
            ui.spinner();
            ui.label(run.progress_line());
            sink.button(ui, Command::CancelOptimize, true);
        });
    }
}

/// The solutions to load: the solver's, the inspector's, those saved in the level, pasted
/// LURD.
fn sources(
    ui: &mut Ui,
    level: &Level,
    found: Option<&Found>,
    inspected: Option<(&[Move], Option<&'static str>)>,
    fewest: Option<usize>,
    sink: &mut Sink<'_>,
) {
    if let Some(f) = found {
        let label = format!("Solver's solution: {}", f.describe());
        sink.button_labelled(ui, &label, Command::TimelineLoad(TimelineSource::Solver), true);
    }
    if let Some((moves, proved)) = inspected {
        let pushes = moves.iter().filter(|m| m.push).count();
        let proof = proof(proved);
        let label = format!(
            "Inspector's solution: {}, {}, {proof} (found by the inspector's search)",
            plural(moves.len(), "move", "moves"),
            plural(pushes, "push", "pushes")
        );
        let load = Command::TimelineLoad(TimelineSource::Inspector);
        sink.button_labelled(ui, &label, load, true);
    }
    for (i, s) in level.meta.solutions.iter().enumerate() {
        let label = format!("Saved solution {}: {}", i + 1, saved_label(s, fewest));
        sink.button_labelled(ui, &label, Command::TimelineLoad(TimelineSource::Saved(i)), true);
    }
    ui.label("Paste LURD:");
    let id = ui.scope_id().with("lurd-input");
    let mut text: String = ui.data_mut(|d| d.get_temp_mut_or_default::<String>(id).clone());
    ui.add(egui::TextEdit::singleline(&mut text).hint_text("e.g. rRurD…"));
    ui.data_mut(|d| d.insert_temp(id, text.clone()));
    let ok = !text.trim().is_empty();
    let load = Command::TimelineLoad(TimelineSource::Lurd(text));
    sink.button_labelled(ui, "Load LURD", load, ok);
}

/// A bar over the moves: a tick per push, the handle at the cursor; click or drag to go.
fn scrubber(ui: &mut Ui, t: &Timeline, sink: &mut Sink<'_>) {
    let n = t.moves.len().max(1);
    let width = ui.available_width().min(400.0);
    let (rect, response) = ui.allocate_exact_size(Vec2::new(width, 26.0), Sense::click_and_drag());
    let painter = ui.painter_at(rect);
    let v = ui.visuals();
    painter.rect_filled(rect.shrink2(Vec2::new(0.0, 8.0)), 3.0, v.extreme_bg_color);
    let x_of = |i: usize| rect.left() + rect.width() * i as f32 / n as f32;
    let tick = Stroke::new(1.0, Color32::from_rgb(230, 160, 60));
    for i in t.push_indices() {
        let x = x_of(i) + 0.5;
        painter.line_segment(
            [egui::pos2(x, rect.top() + 4.0), egui::pos2(x, rect.bottom() - 4.0)],
            tick,
        );
    }
    let done = rect.shrink2(Vec2::new(0.0, 11.0)).with_max_x(x_of(t.cursor));
    painter.rect_filled(done, 2.0, v.selection.bg_fill);
    painter.circle_filled(egui::pos2(x_of(t.cursor), rect.center().y), 7.0, v.text_color());
    let response = response.on_hover_text("Moves; orange ticks are pushes");
    if (response.clicked() || response.dragged())
        && let Some(p) = response.interact_pointer_pos()
    {
        let f = ((p.x - rect.left()) / rect.width()).clamp(0.0, 1.0);
        let to = (f * t.moves.len() as f32).round() as usize;
        if to != t.cursor {
            sink.send(Command::TimelineSeek(to));
        }
    }
}

/// The solution's LURD text with the current move highlighted.
fn lurd_text(ui: &mut Ui, t: &Timeline) {
    let font = FontId::monospace(13.0);
    let v = ui.visuals();
    let mut job = LayoutJob::default();
    job.wrap.max_width = ui.available_width();
    let lurd = t.lurd();
    let fmt = |color: Color32, background: Color32| TextFormat {
        font_id: font.clone(),
        color,
        background,
        ..Default::default()
    };
    let (before, rest) = lurd.split_at(t.cursor.saturating_sub(1).min(lurd.len()));
    job.append(before, 0.0, fmt(v.weak_text_color(), Color32::TRANSPARENT));
    if t.cursor > 0 {
        let (current, after) = rest.split_at(1);
        job.append(current, 0.0, fmt(Color32::BLACK, Color32::from_rgb(250, 200, 60)));
        job.append(after, 0.0, fmt(v.text_color(), Color32::TRANSPARENT));
    } else {
        job.append(rest, 0.0, fmt(v.text_color(), Color32::TRANSPARENT));
    }
    egui::ScrollArea::vertical().id_salt("lurd").max_height(160.0).show(ui, |ui| {
        ui.label(job);
    });
}
