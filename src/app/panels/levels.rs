//! The level list: buttons to add, duplicate, delete and reorder levels, and the levels with
//! their titles and small previews.

use egui::Ui;

use crate::app::board;
use crate::app::command::Command;
use crate::app::document::{DocumentState, level_label};
use crate::app::palette::Palette;
use crate::app::rating::{Rated, RatingState};
use crate::app::sink::Sink;

/// Height of a row in the level list.
const ROW_HEIGHT: f32 = 44.0;

/// The level list; `shows` is the level it last scrolled to (it scrolls to the level shown
/// when that changes).
pub fn show(
    ui: &mut Ui,
    document: &DocumentState,
    rating: &RatingState,
    shows: &mut Option<usize>,
    palette: &Palette,
    sink: &mut Sink<'_>,
) {
    let current = document.current();
    let levels = &document.doc.collection.levels;
    ui.horizontal_wrapped(|ui| {
        sink.button(ui, Command::AddLevel, true);
        sink.button(ui, Command::DuplicateLevel, true);
        sink.button(ui, Command::DeleteLevel, true);
        sink.button(ui, Command::MoveLevelUp, current > 0);
        sink.button(ui, Command::MoveLevelDown, current + 1 < levels.len());
    });
    ui.horizontal_wrapped(|ui| match rating.progress() {
        Some((done, total)) => {
            ui.spinner();
            ui.label(format!("Rating: {done} of {total}"));
            sink.button(ui, Command::CancelRating, true);
        }
        None => sink.button(ui, Command::RateLevels, !levels.is_empty()),
    });
    ui.separator();
    let mut list = egui::ScrollArea::vertical().auto_shrink(false);
    if *shows != Some(current) {
        // Bring the level shown into view when it changes.
        let row = ROW_HEIGHT + ui.spacing().item_spacing.y;
        list = list.vertical_scroll_offset((current as f32 - 2.0).max(0.0) * row);
        *shows = Some(current);
    }
    list.show_rows(ui, ROW_HEIGHT, levels.len(), |ui, rows| {
        for i in rows {
            let level = &levels[i];
            let selected = i == current;
            let text = level_label(i, level);
            let clicked = ui
                .horizontal(|ui| {
                    let (rect, r) = ui.allocate_exact_size(
                        egui::vec2(ROW_HEIGHT * 1.2, ROW_HEIGHT - 4.0),
                        egui::Sense::click(),
                    );
                    board::paint_thumbnail(ui.painter(), level, rect, palette);
                    // The difficulty at the right edge, the title cut to what is left: a
                    // rating never widens the list (and moves the board under the pointer).
                    let right = egui::Layout::right_to_left(egui::Align::Center);
                    let title = ui.with_layout(right, |ui| {
                        let key = document.key_of(i).expect("every level has a key");
                        if let Some(rated) = rating.of(key) {
                            difficulty(ui, rated);
                        }
                        let layout = egui::Layout::left_to_right(egui::Align::Center);
                        ui.with_layout(layout, |ui| {
                            ui.add(egui::Button::selectable(selected, text).truncate())
                        })
                        .inner
                    });
                    r.clicked() | title.inner.clicked()
                })
                .inner;
            if clicked {
                sink.send(Command::SelectLevel(i));
            }
        }
    });
}

/// A level's difficulty beside its title, its measures in the tooltip.
fn difficulty(ui: &mut Ui, rated: &Rated) {
    let (text, tip) = match rated {
        Ok(Some(r)) => match r.difficulty() {
            Some(d) => (format!("{d:.1}"), r.measures().join("\n")),
            None if r.unsolvable => ("unsolvable".into(), r.measures().join("\n")),
            None => ("?".into(), r.measures().join("\n")),
        },
        Ok(None) => return,
        Err(why) => ("!".into(), why.clone()),
    };
    ui.label(egui::RichText::new(text).weak())
        .on_hover_text(format!("Difficulty (0 to 10)\n{tip}"));
}
