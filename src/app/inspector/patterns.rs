//! The pattern database view: the deadlock patterns of the search being inspected (what
//! [`Search::patterns`] gives), each drawn as a small board with its boxes and the player's
//! area, with its source and hit count, in the order the user picks; clicking one selects it
//! and the board highlights it.
//!
//! The patterns are read again only when the search has expanded since the last reading,
//! and at most four times a second while the worker runs: a large database costs a frame
//! now and then, not every frame.

use std::time::{Duration, Instant};

use egui::{Rect, RichText, Sense, Ui, Vec2};

use crate::app::command::Command;
use crate::app::palette::Palette;
use crate::app::state::App;
use crate::level::{Level, Terrain};
use crate::solver::Search;
use crate::solver::deadlock::patterns::{PatternView, Source};

/// Least time between two readings while the worker runs.
const REREAD: Duration = Duration::from_millis(250);
/// Size of a pattern's picture, in points.
const PICTURE: Vec2 = Vec2::new(150.0, 80.0);

/// The order of the pattern list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PatternOrder {
    /// Most positions pruned first (then in the order found).
    #[default]
    Hits,
    /// In the order found: the precomputed patterns, then the learned ones as learned.
    Found,
}

impl PatternOrder {
    /// Both orders, in menu order.
    pub const ALL: [PatternOrder; 2] = [PatternOrder::Hits, PatternOrder::Found];

    /// The menu's name.
    pub fn name(self) -> &'static str {
        match self {
            PatternOrder::Hits => "most hits first",
            PatternOrder::Found => "in the order found",
        }
    }
}

/// The patterns as last read, their order and the selection.
#[derive(Debug, Default)]
pub struct PatternBook {
    /// Every pattern, by id.
    views: Vec<PatternView>,
    /// The ids in the order shown.
    order: Vec<u32>,
    /// The expansions made when the patterns were read, and when.
    read: Option<(u64, Instant)>,
    /// The order of the list.
    pub order_by: PatternOrder,
    /// The pattern selected (in the list, or by clicking a child it pruned).
    pub selected: Option<u32>,
    /// The pattern that pruned the child under the pointer in the children table, this frame.
    pub hovered: Option<u32>,
}

impl PatternBook {
    /// An empty book listing in `order_by`.
    pub fn new(order_by: PatternOrder) -> Self {
        PatternBook { order_by, ..PatternBook::default() }
    }

    /// Reads the patterns of `search` again if it has expanded since the last reading (at
    /// most every [`REREAD`] while `running`).
    pub fn update(&mut self, search: &dyn Search, running: bool) {
        let expanded = search.stats().expanded;
        let stale = match self.read {
            None => true,
            Some((at, when)) => at != expanded && (!running || when.elapsed() >= REREAD),
        };
        if stale {
            self.views = search.patterns();
            self.read = Some((expanded, Instant::now()));
            self.sort();
        }
    }

    /// Lists the patterns in `order`.
    pub fn set_order(&mut self, order: PatternOrder) {
        self.order_by = order;
        self.sort();
    }

    fn sort(&mut self) {
        self.order = self.views.iter().map(|p| p.id).collect();
        if self.order_by == PatternOrder::Hits {
            let views = &self.views;
            self.order.sort_by_key(|&id| std::cmp::Reverse(views[id as usize].hits));
        }
    }

    /// The pattern with id `id`, if it was there at the last reading.
    pub fn get(&self, id: u32) -> Option<&PatternView> {
        self.views.get(id as usize).filter(|p| p.id == id)
    }

    /// The patterns in the order shown.
    pub fn listed(&self) -> impl ExactSizeIterator<Item = &PatternView> + '_ {
        self.order.iter().map(|&id| &self.views[id as usize])
    }

    /// The pattern the board highlights: the one that pruned the child under the pointer,
    /// else the one selected.
    pub fn focused(&self) -> Option<&PatternView> {
        self.hovered.or(self.selected).and_then(|id| self.get(id))
    }

    /// How many patterns were precomputed, how many learned, and their hits in all.
    pub fn counts(&self) -> (usize, usize, u64) {
        let pre = self.views.iter().filter(|p| p.source == Source::Precomputed).count();
        let hits = self.views.iter().map(|p| p.hits).sum();
        (pre, self.views.len() - pre, hits)
    }
}

/// A pattern's line under its picture, e.g. `#3 learned, 12 hits`.
pub fn pattern_label(p: &PatternView) -> String {
    let hits = if p.hits == 1 { "1 hit".to_string() } else { format!("{} hits", p.hits) };
    format!("#{} {}, {hits}", p.id, p.source.name())
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
}

impl App {
    /// The inspector's lower panel showing the pattern database.
    pub(crate) fn patterns_view(&mut self, ui: &mut Ui) {
        let Some(session) = &self.inspector.session else {
            ui.label("No search yet: step it to see its deadlock patterns.");
            return;
        };
        let book = &self.inspector.patterns;
        let mut command = None;
        ui.horizontal_wrapped(|ui| {
            let (pre, learned, hits) = book.counts();
            ui.label(format!(
                "{} deadlock patterns: {pre} precomputed, {learned} learned; {hits} hits",
                pre + learned
            ));
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
        if !session.config.deadlocks.patterns {
            ui.label("The pattern database is switched off (Pruning: pattern).");
        } else if book.listed().len() == 0 {
            ui.label("No deadlock patterns yet: the search learns them as it goes.");
        }
        let pal = Palette::for_dark_mode(self.settings.dark);
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
                                let (rect, picture) =
                                    ui.allocate_exact_size(PICTURE, Sense::click());
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
            self.queue.push(c);
        }
    }
}
