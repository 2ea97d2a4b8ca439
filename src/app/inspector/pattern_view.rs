//! The pattern database view: each deadlock pattern of the search drawn as a small board
//! with its boxes and the player's area, with its source and hit count, in the order the
//! user picks; clicking one selects it and the board highlights it.

use egui::{Rect, RichText, Sense, Ui, Vec2};

use crate::app::command::Command;
use crate::app::inspector::Inspector;
use crate::app::inspector::patterns::{PatternOrder, hits, pattern_label};
use crate::app::palette::Palette;
use crate::app::sink::Sink;
use crate::level::{Level, Terrain};
use crate::solver::PatternView;

/// Size of a pattern's picture, in points.
const PICTURE: Vec2 = Vec2::new(150.0, 80.0);

/// The inspector's lower panel showing the pattern database, drawn in the `dark` or light
/// palette.
pub fn show(ui: &mut Ui, inspector: &Inspector, dark: bool, sink: &mut Sink<'_>) {
    let Some(session) = &inspector.session else {
        ui.label("No search yet: step it to see its deadlock patterns.");
        return;
    };
    let book = &inspector.patterns;
    let mut command = None;
    ui.horizontal_wrapped(|ui| {
        let (c, (plan, cuts)) = book.counts();
        let added = match c.oracle {
            0 => String::new(),
            n => format!(", {n} added from the oracle"),
        };
        ui.label(format!(
            "{} deadlock patterns: {} precomputed, {} learned{added}; {}",
            c.precomputed + c.learned + c.oracle,
            c.precomputed,
            c.learned,
            hits(c.hits)
        ));
        if let Some(why) = &inspector.refused {
            ui.label(RichText::new(why).weak());
        }
        if plan > 0 {
            ui.label(format!(
                "{plan} planner's patterns (stones that cannot fill a goal of its plan: not \
                 deadlocks); {cuts} cuts"
            ));
        }
        ui.separator();
        let name = ui.label("Order").id;
        egui::ComboBox::from_id_salt("pattern-order")
            .selected_text(book.order_by.name())
            .show_ui(ui, |ui| {
                for o in PatternOrder::ALL {
                    if ui.selectable_label(book.order_by == o, o.name()).clicked() {
                        command = Some(Command::SetPatternOrder(o));
                    }
                }
            })
            .response
            .labelled_by(name);
        if let Some(p) = book.selected.and_then(|id| book.get(id)) {
            ui.separator();
            let boxes: Vec<String> = p.boxes.iter().map(|b| b.to_string()).collect();
            ui.label(format!("Selected #{}: boxes at {}", p.id, boxes.join(", ")));
            if ui.button("Clear").clicked() {
                command = Some(Command::SelectPattern(None));
            }
        }
    });
    if !session.config.deadlocks.patterns && book.listed().len() == 0 {
        ui.label("The pattern database is switched off (Pruning: pattern).");
    } else if book.listed().len() == 0 {
        ui.label("No deadlock patterns yet: the search learns them as it goes.");
    }
    let pal = Palette::for_dark_mode(dark);
    let level = &session.level;
    let gap = ui.spacing().item_spacing;
    let per_row = (((ui.available_width() + gap.x) / (PICTURE.x + gap.x)) as usize).max(1);
    let row_height = PICTURE.y + gap.y + ui.spacing().interact_size.y;
    let patterns: Vec<&PatternView> = book.listed().collect();
    let rows = patterns.len().div_ceil(per_row);
    egui::ScrollArea::vertical().id_salt("patterns").auto_shrink(false).show_rows(
        ui,
        row_height,
        rows,
        |ui, range| {
            for row in range {
                let cards = patterns.iter().skip(row * per_row).take(per_row);
                ui.horizontal(|ui| {
                    for p in cards {
                        ui.vertical(|ui| {
                            ui.set_width(PICTURE.x);
                            let (rect, picture) = ui.allocate_exact_size(PICTURE, Sense::click());
                            paint_pattern(ui.painter(), level, p, rect, &pal);
                            let selected = book.selected == Some(p.id);
                            if selected {
                                let stroke = egui::Stroke::new(2.0, pal.pattern);
                                let inside = egui::StrokeKind::Inside;
                                ui.painter().rect_stroke(rect, 2.0, stroke, inside);
                            }
                            let text = RichText::new(pattern_label(p)).small();
                            let label = ui.selectable_label(selected, text);
                            if picture.clicked() || label.clicked() {
                                let id = (!selected).then_some(p.id);
                                command = Some(Command::SelectPattern(id));
                            }
                        });
                    }
                });
            }
        },
    );
    if let Some(c) = command {
        sink.send(c);
    }
}

/// Draws `level`'s walls, floor and goals in `rect`, with the pattern's player area tinted
/// and its boxes.
fn paint_pattern(
    painter: &egui::Painter,
    level: &Level,
    p: &PatternView,
    rect: Rect,
    pal: &Palette,
) {
    let (w, h) = (level.width().max(1), level.height().max(1));
    let cell = (rect.width() / w as f32).min(rect.height() / h as f32);
    let origin = rect.center() - Vec2::new(w as f32, h as f32) * cell / 2.0;
    let square = |x: usize, y: usize| {
        Rect::from_min_size(origin + Vec2::new(x as f32, y as f32) * cell, Vec2::splat(cell))
    };
    let mut mesh = egui::Mesh::default();
    for (i, sq) in level.squares().iter().enumerate() {
        let r = square(i % w, i / w);
        match sq.terrain {
            Terrain::Outside => {}
            Terrain::Wall => mesh.add_colored_rect(r, pal.wall),
            Terrain::Floor => mesh.add_colored_rect(r, pal.floor),
            Terrain::Goal => {
                mesh.add_colored_rect(r, pal.floor);
                mesh.add_colored_rect(r.shrink(cell * 0.3), pal.goal);
            }
        }
    }
    for a in &p.area {
        mesh.add_colored_rect(square(a.x, a.y), pal.pattern_area);
    }
    for b in &p.boxes {
        let r = square(b.x, b.y);
        mesh.add_colored_rect(r.shrink(cell * 0.08), pal.pattern);
        mesh.add_colored_rect(r.shrink(cell * 0.25), pal.box_fill);
    }
    painter.add(egui::Shape::mesh(mesh));
    if let Some(t) = p.target {
        // The goal a planner's pattern cannot fill.
        let ring = egui::Stroke::new((cell * 0.12).max(1.0), pal.accent);
        painter.rect_stroke(square(t.x, t.y), 0.0, ring, egui::StrokeKind::Inside);
    }
}
