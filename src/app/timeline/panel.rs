//! The timeline's side panel: where the solution comes from, the scrubber with push
//! markers, playback controls, jump to push N, counters, the LURD text with the current move
//! highlighted, and exports.

use egui::text::LayoutJob;
use egui::{Color32, FontId, RichText, Sense, Stroke, TextFormat, Ui, Vec2};

use crate::app::command::Command;
use crate::app::state::App;
use crate::app::timeline::TimelineSource;

impl App {
    /// The panel beside the board in replay mode.
    pub(crate) fn timeline_panel(&mut self, ui: &mut Ui) {
        ui.heading("Solution timeline");
        self.sources(ui);
        ui.separator();
        let Some(t) = &self.timeline else {
            ui.label("Choose a solution above.");
            return;
        };
        let (n, cursor, playing) = (t.moves.len(), t.cursor, t.playing);
        ui.label(format!("Playing: {}", t.source));
        ui.label(
            RichText::new(format!(
                "Move {cursor}/{n}   Push {}/{}",
                t.pushes_done(),
                t.total_pushes()
            ))
            .size(16.0),
        );
        self.scrubber(ui);
        ui.horizontal(|ui| {
            self.command_button(ui, Command::TimelineSeek(0), cursor > 0);
            self.command_button(ui, Command::TimelineBack, cursor > 0);
            let play = if playing { "Pause" } else { "Play" };
            self.command_button_labelled(ui, play, Command::TimelinePlay, true);
            self.command_button(ui, Command::TimelineForward, cursor < n);
            self.command_button(ui, Command::TimelineSeek(usize::MAX), cursor < n);
        });
        if let Some(t) = &mut self.timeline {
            ui.add(egui::Slider::new(&mut t.speed, 1.0..=60.0).text("moves/s").logarithmic(true));
        }
        ui.horizontal(|ui| {
            let id = ui.scope_id().with("jump");
            let mut n: usize = ui.data_mut(|d| *d.get_temp_mut_or(id, 1));
            let label = ui.label("Push").id;
            ui.add(egui::DragValue::new(&mut n).range(0..=self.timeline_pushes()))
                .labelled_by(label);
            ui.data_mut(|d| d.insert_temp(id, n));
            if ui.button("Jump").clicked() {
                self.queue.push(Command::TimelineToPush(n));
            }
        });
        self.lurd_text(ui);
        ui.separator();
        ui.horizontal_wrapped(|ui| {
            self.command_button(ui, Command::CopyLurd, true);
            self.command_button(ui, Command::ExportGif, self.export.is_none());
            let free = self.export.is_none();
            self.command_button(ui, Command::ExportFrames, free);
        });
        if let Some(run) = &self.export {
            let (done, total) = run.progress();
            ui.horizontal(|ui| {
                ui.add(egui::ProgressBar::new(done as f32 / total as f32).desired_width(160.0));
                self.command_button(ui, Command::CancelExport, true);
            });
        }
    }

    fn timeline_pushes(&self) -> usize {
        self.timeline.as_ref().map_or(0, |t| t.total_pushes())
    }

    fn sources(&mut self, ui: &mut Ui) {
        let level = self.level().clone();
        if let Some(f) = &self.found
            && f.level == self.current
            && f.start == level
        {
            let label = format!("Solver's solution ({} moves)", f.moves.len());
            self.command_button_labelled(
                ui,
                &label,
                Command::TimelineLoad(TimelineSource::Solver),
                true,
            );
        }
        for (i, s) in level.meta.solutions.iter().enumerate() {
            let label = format!("Saved solution {} ({} chars)", i + 1, s.len());
            self.command_button_labelled(
                ui,
                &label,
                Command::TimelineLoad(TimelineSource::Saved(i)),
                true,
            );
        }
        ui.label("Paste LURD:");
        let id = ui.scope_id().with("lurd-input");
        let mut text: String = ui.data_mut(|d| d.get_temp_mut_or_default::<String>(id).clone());
        ui.add(egui::TextEdit::singleline(&mut text).hint_text("e.g. rRurD…"));
        ui.data_mut(|d| d.insert_temp(id, text.clone()));
        let ok = !text.trim().is_empty();
        self.command_button_labelled(
            ui,
            "Load LURD",
            Command::TimelineLoad(TimelineSource::Lurd(text)),
            ok,
        );
    }

    /// A bar over the moves: a tick per push, the handle at the cursor; click or drag to go.
    fn scrubber(&mut self, ui: &mut Ui) {
        let Some(t) = &self.timeline else { return };
        let n = t.moves.len().max(1);
        let width = ui.available_width().min(400.0);
        let (rect, response) =
            ui.allocate_exact_size(Vec2::new(width, 26.0), Sense::click_and_drag());
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
                self.queue.push(Command::TimelineSeek(to));
            }
        }
    }

    fn lurd_text(&self, ui: &mut Ui) {
        let Some(t) = &self.timeline else { return };
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
}
