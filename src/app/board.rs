//! The board widget: draws a level and optional overlays, zooms and pans, and tells the
//! caller which square the pointer is on. Every mode draws its board through this widget.

use egui::{
    Align2, Color32, CornerRadius, Mesh, Pos2, Rect, Sense, Shape, Stroke, StrokeKind, Ui, Vec2,
};

use crate::app::palette::Palette;
use crate::level::{Level, Pos, Terrain};

/// Extra marks drawn on top of the level.
#[derive(Clone, Debug, Default)]
pub struct Overlays {
    /// Squares to outline as problems (validation diagnostics).
    pub problems: Vec<Pos>,
    /// Squares from which a box can never reach a goal.
    pub dead: Vec<Pos>,
    /// A path to draw as dots (a walk or push preview).
    pub path: Vec<Pos>,
    /// A rectangle being drawn (corner squares).
    pub selection: Option<(Pos, Pos)>,
    /// The square under the pointer.
    pub hover: Option<Pos>,
    /// Numbers to write on squares (push distances).
    pub numbers: Vec<(Pos, u16)>,
    /// Squares the player can reach.
    pub reach: Vec<Pos>,
    /// Tunnel squares.
    pub tunnels: Vec<Pos>,
    /// Heat per square, from 0 to 1.
    pub heat: Vec<(Pos, f32)>,
    /// Frozen boxes.
    pub frozen: Vec<Pos>,
    /// Squares of corrals.
    pub corrals: Vec<Pos>,
    /// The boxes a deadlock rule names.
    pub culprits: Vec<Pos>,
    /// The boxes of the oracle's smallest dead set.
    pub dead_set: Vec<Pos>,
    /// Room outlines.
    pub room_lines: Vec<Line>,
    /// Goal-area outlines.
    pub goal_lines: Vec<Line>,
    /// Squares from which a box can be pushed into a goal area (filled triangles; the
    /// schedule overlay puts Demaret's real entrances here).
    pub entrances: Vec<Pos>,
    /// Demaret's potential entrances that are not real (hollow triangles).
    pub potential: Vec<Pos>,
    /// Goals with their place in the packing order (1 = fill first).
    pub order: Vec<(Pos, u16)>,
    /// The steps of the packing-and-parking plan, in order.
    pub parking: Vec<crate::solver::inspect::ParkingStep>,
    /// The goal of the planner's sub-problem, and the stones that reach it alone.
    pub sub_problem: Option<(Pos, Vec<Pos>)>,
    /// The boxes of the deadlock pattern in focus.
    pub pattern_boxes: Vec<Pos>,
    /// The player's area of that pattern.
    pub pattern_area: Vec<Pos>,
}

/// A straight line between two square corners, each given as (column, row): corner (x, y)
/// is the top-left corner of square (x, y).
pub type Line = [(usize, usize); 2];

/// How the board is shown: zoom (`None` fits the board to the space) and pan offset.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct View {
    /// Square size in points, or `None` to fit the space.
    pub cell: Option<f32>,
    /// Offset of the board from its centred position, in points.
    pub pan: [f32; 2],
}

impl View {
    /// Smallest and largest square size, in points.
    pub const CELL_RANGE: (f32, f32) = (3.0, 160.0);

    /// Zooms by `factor` keeping the board point under `anchor` fixed.
    pub fn zoom_by(&mut self, geometry: &Geometry, factor: f32, anchor: Pos2) {
        let (lo, hi) = Self::CELL_RANGE;
        let new_cell = (geometry.cell * factor).clamp(lo, hi);
        let f = new_cell / geometry.cell;
        // Keep the board point under the anchor in place.
        let new_origin = anchor - (anchor - geometry.origin) * f;
        let centred = geometry.centred_origin(new_cell);
        let pan = new_origin - centred;
        self.cell = Some(new_cell);
        self.pan = [pan.x, pan.y];
    }

    /// Back to fitting the board into the space.
    pub fn fit(&mut self) {
        *self = View::default();
    }
}

/// Where the board's squares are on the screen.
#[derive(Clone, Copy, Debug)]
pub struct Geometry {
    /// The space the widget occupies.
    pub area: Rect,
    /// Top-left corner of square (0, 0).
    pub origin: Pos2,
    /// Size of a square in points.
    pub cell: f32,
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
}

impl Geometry {
    /// The square under screen point `p`, if any.
    pub fn cell_at(&self, p: Pos2) -> Option<Pos> {
        let v = (p - self.origin) / self.cell;
        if v.x < 0.0 || v.y < 0.0 {
            return None;
        }
        let (x, y) = (v.x as usize, v.y as usize);
        (x < self.width && y < self.height).then_some(Pos::new(x, y))
    }

    /// The square nearest to screen point `p` (for strokes that leave the board).
    pub fn clamp_cell(&self, p: Pos2) -> Pos {
        let v = (p - self.origin) / self.cell;
        let clamp = |v: f32, n: usize| (v.max(0.0) as usize).min(n - 1);
        Pos::new(clamp(v.x, self.width), clamp(v.y, self.height))
    }

    /// The screen rectangle of square `p`.
    pub fn cell_rect(&self, p: Pos) -> Rect {
        let min = self.origin + Vec2::new(p.x as f32, p.y as f32) * self.cell;
        Rect::from_min_size(min, Vec2::splat(self.cell))
    }

    /// The centre of square `p` on screen.
    pub fn cell_center(&self, p: Pos) -> Pos2 {
        self.cell_rect(p).center()
    }

    fn centred_origin(&self, cell: f32) -> Pos2 {
        let size = Vec2::new(self.width as f32, self.height as f32) * cell;
        self.area.center() - size / 2.0
    }
}

/// What the board widget returns: its response and where its squares are.
pub struct BoardResponse {
    /// The widget's response (clicks, drags, hover).
    pub response: egui::Response,
    /// Screen placement of the squares.
    pub geometry: Geometry,
    /// The square under the pointer.
    pub hovered: Option<Pos>,
}

/// Draws `level` with `overlays` filling the available space; the wheel zooms around the
/// pointer, dragging with the middle button pans.
pub fn show(
    ui: &mut Ui,
    level: &Level,
    overlays: &Overlays,
    view: &mut View,
    palette: &Palette,
) -> BoardResponse {
    let size = ui.available_size().max(Vec2::splat(16.0));
    let (area, response) = ui.allocate_exact_size(size, Sense::click_and_drag());
    let ppp = ui.pixels_per_point();
    let (w, h) = (level.width().max(1), level.height().max(1));
    // Room on every side for the coordinates along the edges.
    let margin = 2.0 * RULER;
    let fit = ((area.width() - margin) / w as f32).min((area.height() - margin) / h as f32);
    let (lo, hi) = View::CELL_RANGE;
    // Whole pixels per square keep edges crisp at every zoom.
    let cell = ((view.cell.unwrap_or(fit).clamp(lo, hi) * ppp).floor().max(1.0)) / ppp;
    let mut geometry = Geometry { area, origin: area.min, cell, width: w, height: h };
    let origin = geometry.centred_origin(cell) + Vec2::from(view.pan);
    geometry.origin = Pos2::new((origin.x * ppp).round() / ppp, (origin.y * ppp).round() / ppp);

    if response.hovered() {
        let (scroll, zoom, pointer) =
            ui.input(|i| (i.smooth_scroll_delta.y, i.zoom_delta(), i.pointer.hover_pos()));
        let factor = zoom * (scroll * 0.004).exp();
        if let Some(anchor) = pointer
            && (factor - 1.0).abs() > 1e-4
        {
            view.zoom_by(&geometry, factor, anchor);
            ui.input_mut(|i| i.smooth_scroll_delta = Vec2::ZERO);
            ui.request_repaint();
        }
    }
    if response.dragged_by(egui::PointerButton::Middle) {
        let d = response.drag_delta();
        view.cell.get_or_insert(cell);
        view.pan = [view.pan[0] + d.x, view.pan[1] + d.y];
    }

    let hovered = response.hover_pos().and_then(|p| geometry.cell_at(p));
    let painter = ui.painter_at(area);
    painter.rect_filled(area, 0.0, palette.background);
    paint_level(&painter, level, &geometry, palette);
    paint_overlays(&painter, overlays, &geometry, palette);
    paint_rulers(&painter, &geometry, palette);
    BoardResponse { response, geometry, hovered }
}

/// Width of the strip along the board's edges that holds its coordinates.
const RULER: f32 = 14.0;

/// The row numbers left of the board and the column numbers above it, counted from 1 as
/// the messages write squares (`row:column`); every k-th where squares are small.
fn paint_rulers(painter: &egui::Painter, g: &Geometry, pal: &Palette) {
    let font = egui::FontId::proportional(10.0);
    for (at, align, n) in ruler_marks(g) {
        painter.text(at, align, n, font.clone(), pal.ruler);
    }
}

/// Where [`paint_rulers`] writes each number: above each column shown, left of each row.
fn ruler_marks(g: &Geometry) -> Vec<(Pos2, Align2, usize)> {
    let every = (18.0 / g.cell).ceil().max(1.0) as usize;
    let shown = |i: &usize| (i + 1).is_multiple_of(every) || *i == 0;
    let columns = (0..g.width).filter(shown).map(|x| {
        let at = g.cell_rect(Pos::new(x, 0)).center_top() - Vec2::new(0.0, 2.0);
        (at, Align2::CENTER_BOTTOM, x + 1)
    });
    let rows = (0..g.height).filter(shown).map(|y| {
        let at = g.cell_rect(Pos::new(0, y)).left_center() - Vec2::new(3.0, 0.0);
        (at, Align2::RIGHT_CENTER, y + 1)
    });
    columns.chain(rows).collect()
}

/// The range of squares visible in `clip`.
fn visible(g: &Geometry, clip: Rect) -> (std::ops::Range<usize>, std::ops::Range<usize>) {
    let lo = ((clip.min - g.origin) / g.cell).floor();
    let hi = ((clip.max - g.origin) / g.cell).ceil();
    let clamp = |v: f32, n: usize| (v.max(0.0) as usize).min(n);
    (clamp(lo.x, g.width)..clamp(hi.x, g.width), clamp(lo.y, g.height)..clamp(hi.y, g.height))
}

fn paint_level(painter: &egui::Painter, level: &Level, g: &Geometry, pal: &Palette) {
    let (xs, ys) = visible(g, painter.clip_rect());
    let c = g.cell;
    let bevel = (c * 0.12).max(1.0);
    let mut tiles = Mesh::default();
    let mut pieces: Vec<Shape> = Vec::new();
    for y in ys {
        for x in xs.clone() {
            let p = Pos::new(x, y);
            let sq = level.square(p);
            let r = g.cell_rect(p);
            match sq.terrain {
                Terrain::Outside => continue,
                Terrain::Wall => {
                    tiles.add_colored_rect(r, pal.wall_dark);
                    let top = Rect::from_min_max(r.min, r.max - Vec2::splat(bevel));
                    tiles.add_colored_rect(top, pal.wall_light);
                    tiles.add_colored_rect(
                        top.shrink2(Vec2::splat(bevel * 0.5)).translate(Vec2::splat(bevel * 0.5)),
                        pal.wall,
                    );
                    continue;
                }
                Terrain::Floor | Terrain::Goal => {
                    let shade = if (x + y) % 2 == 0 { pal.floor } else { pal.floor_alt };
                    tiles.add_colored_rect(r, shade);
                }
            }
            if sq.terrain == Terrain::Goal {
                let d = c * 0.18;
                let ctr = r.center();
                let pts = vec![
                    ctr + Vec2::new(0.0, -d),
                    ctr + Vec2::new(d, 0.0),
                    ctr + Vec2::new(0.0, d),
                    ctr + Vec2::new(-d, 0.0),
                ];
                pieces.push(Shape::convex_polygon(pts, pal.goal, Stroke::NONE));
                // A frame around the square keeps the goal visible under a player or box.
                let frame = Stroke::new((c * 0.04).max(1.0), pal.goal);
                pieces.push(Shape::rect_stroke(r.shrink(c * 0.04), 0.0, frame, StrokeKind::Inside));
            }
            if sq.has_box {
                let fill = if sq.terrain == Terrain::Goal { pal.box_on_goal } else { pal.box_fill };
                let b = r.shrink(c * 0.1);
                let radius = CornerRadius::same((c * 0.12).min(255.0) as u8);
                pieces.push(Shape::rect_filled(b, radius, fill));
                if c >= 10.0 {
                    let edge = Stroke::new((c * 0.06).max(1.0), pal.box_edge);
                    pieces.push(Shape::rect_stroke(b, radius, edge, StrokeKind::Inside));
                    let inner = b.shrink(c * 0.18);
                    pieces
                        .push(Shape::line_segment([inner.left_top(), inner.right_bottom()], edge));
                    pieces
                        .push(Shape::line_segment([inner.right_top(), inner.left_bottom()], edge));
                }
            }
            if sq.has_player {
                let ctr = r.center();
                pieces.push(Shape::circle_filled(ctr, c * 0.32, pal.player));
                if c >= 14.0 {
                    let eye = Color32::WHITE;
                    let dx = c * 0.1;
                    pieces.push(Shape::circle_filled(
                        ctr + Vec2::new(-dx, -c * 0.06),
                        c * 0.06,
                        eye,
                    ));
                    pieces.push(Shape::circle_filled(
                        ctr + Vec2::new(dx, -c * 0.06),
                        c * 0.06,
                        eye,
                    ));
                }
            }
        }
    }
    painter.add(Shape::mesh(tiles));
    painter.extend(pieces);
}

fn paint_overlays(painter: &egui::Painter, o: &Overlays, g: &Geometry, pal: &Palette) {
    let c = g.cell;
    let mut marks = Mesh::default();
    for &(p, t) in &o.heat {
        marks.add_colored_rect(g.cell_rect(p), pal.heat.gamma_multiply(0.15 + 0.7 * t));
    }
    for &p in &o.reach {
        marks.add_colored_rect(g.cell_rect(p).shrink(c * 0.3), pal.reach);
    }
    for &p in &o.corrals {
        marks.add_colored_rect(g.cell_rect(p).shrink(c * 0.04), pal.corral);
    }
    for &p in &o.dead {
        marks.add_colored_rect(g.cell_rect(p).shrink(c * 0.04), pal.dead);
    }
    for &p in &o.pattern_area {
        marks.add_colored_rect(g.cell_rect(p), pal.pattern_area);
    }
    painter.add(Shape::mesh(marks));
    let tunnel = Stroke::new((c * 0.06).max(1.0), pal.tunnel);
    for &p in &o.tunnels {
        let r = g.cell_rect(p).shrink(c * 0.1);
        painter.line_segment([r.left_top(), r.right_bottom()], tunnel);
    }
    if c >= 14.0 {
        let font = egui::FontId::monospace((c * 0.32).min(18.0));
        for &(p, d) in &o.numbers {
            let at = g.cell_rect(p).left_top() + Vec2::splat(c * 0.08);
            painter.text(at, egui::Align2::LEFT_TOP, d.to_string(), font.clone(), pal.accent);
        }
    }
    paint_plan(painter, o, g, pal);
    paint_parking(painter, o, g, pal);
    let frozen = Stroke::new((c * 0.1).clamp(1.5, 4.0), pal.frozen);
    for &p in &o.frozen {
        painter.rect_stroke(g.cell_rect(p).shrink(c * 0.05), 3.0, frozen, StrokeKind::Inside);
    }
    let pattern = Stroke::new((c * 0.1).clamp(2.0, 5.0), pal.pattern);
    // The oracle's smallest dead set is a pattern too.
    for &p in o.pattern_boxes.iter().chain(&o.dead_set) {
        painter.rect_stroke(g.cell_rect(p).shrink(c * 0.02), 4.0, pattern, StrokeKind::Inside);
    }
    if let Some((goal, stones)) = &o.sub_problem {
        let ring = Stroke::new((c * 0.1).clamp(2.0, 5.0), pal.accent);
        painter.rect_stroke(
            g.cell_rect(*goal).shrink(c * 0.06),
            c * 0.15,
            ring,
            StrokeKind::Inside,
        );
        for &s in stones {
            painter.circle_stroke(g.cell_center(s), c * 0.44, ring);
        }
    }
    let culprit = Stroke::new((c * 0.12).clamp(2.0, 5.0), pal.problem);
    for &p in &o.culprits {
        painter.circle_stroke(g.cell_center(p), c * 0.46, culprit);
    }
    for &p in &o.path {
        painter.circle_filled(g.cell_center(p), (c * 0.1).max(1.5), pal.accent);
    }
    let stroke = Stroke::new((c * 0.08).clamp(1.0, 3.0), pal.problem);
    for &p in &o.problems {
        painter.rect_stroke(g.cell_rect(p).shrink(1.0), 2.0, stroke, StrokeKind::Inside);
    }
    if let Some((a, b)) = o.selection {
        let r = g.cell_rect(a).union(g.cell_rect(b));
        painter.rect_stroke(r, 0.0, Stroke::new(2.0, pal.accent), StrokeKind::Inside);
    }
    if let Some(p) = o.hover {
        let s = Stroke::new(1.0, pal.accent.gamma_multiply(0.8));
        painter.rect_stroke(g.cell_rect(p), 0.0, s, StrokeKind::Inside);
    }
}

/// A line between square corners, on the screen.
fn corners(g: &Geometry, line: &Line) -> [Pos2; 2] {
    line.map(|(x, y)| g.origin + Vec2::new(x as f32, y as f32) * g.cell)
}

/// Room and goal-area outlines, entrance marks and the packing order badges.
fn paint_plan(painter: &egui::Painter, o: &Overlays, g: &Geometry, pal: &Palette) {
    let c = g.cell;
    let room = Stroke::new((c * 0.04).clamp(1.0, 2.0), pal.room);
    for line in &o.room_lines {
        painter.line_segment(corners(g, line), room);
    }
    let area = Stroke::new((c * 0.1).clamp(2.0, 5.0), pal.goal_area);
    for line in &o.goal_lines {
        painter.line_segment(corners(g, line), area);
    }
    let triangle = |p: Pos| {
        let ctr = g.cell_center(p);
        let s = c * 0.2;
        vec![ctr + Vec2::new(0.0, -s), ctr + Vec2::new(s, s), ctr + Vec2::new(-s, s)]
    };
    for &p in &o.entrances {
        painter.add(Shape::convex_polygon(triangle(p), pal.goal_area, Stroke::NONE));
    }
    let hollow = Stroke::new((c * 0.05).clamp(1.0, 2.5), pal.goal_area);
    for &p in &o.potential {
        painter.add(Shape::closed_line(triangle(p), hollow));
    }
    if c >= 12.0 {
        let font = egui::FontId::proportional((c * 0.3).clamp(8.0, 16.0));
        for &(p, n) in &o.order {
            let r = g.cell_rect(p);
            let at = r.right_top() + Vec2::new(-c * 0.22, c * 0.22);
            painter.circle_filled(at, c * 0.2, pal.order);
            painter.text(
                at,
                egui::Align2::CENTER_CENTER,
                n.to_string(),
                font.clone(),
                pal.order_text,
            );
        }
    }
}

/// The packing-and-parking plan: an arrow from each step's box (a start or parking square)
/// to where it goes next, and on each step's square its number (a ring where the box is
/// only parked).
fn paint_parking(painter: &egui::Painter, o: &Overlays, g: &Geometry, pal: &Palette) {
    let c = g.cell;
    let stroke = Stroke::new((c * 0.08).clamp(1.5, 4.0), pal.parking);
    let head = (c * 0.3).clamp(5.0, 12.0);
    for step in &o.parking {
        if let Some(from) = step.from {
            painter.extend(arrow(g.cell_center(from), g.cell_center(step.to), head, stroke));
        }
    }
    if c < 12.0 {
        return;
    }
    let font = egui::FontId::proportional((c * 0.3).clamp(8.0, 16.0));
    // Badges on an opaque disc (readable over a box), side by side where several steps
    // end on one square.
    let mut on_square: std::collections::HashMap<Pos, usize> = Default::default();
    for (i, step) in o.parking.iter().enumerate() {
        let k = on_square.entry(step.to).or_default();
        let at = g.cell_rect(step.to).left_bottom()
            + Vec2::new(c * (0.22 + 0.42 * *k as f32), -c * 0.22);
        *k += 1;
        let (text, fill) =
            if step.parked { (pal.parking, pal.background) } else { (pal.order_text, pal.parking) };
        painter.circle_filled(at, c * 0.2, fill);
        if step.parked {
            painter.circle_stroke(at, c * 0.2, stroke);
        }
        painter.text(at, egui::Align2::CENTER_CENTER, (i + 1).to_string(), font.clone(), text);
    }
}

/// An arrow from `from` to `to` with a head of `head` pixels whatever its length (egui's
/// `Painter::arrow` grows its head with the arrow, past the walls on a long one).
fn arrow(from: Pos2, to: Pos2, head: f32, stroke: Stroke) -> [Shape; 3] {
    let dir = (to - from).normalized();
    let wing = |turn: f32| to - egui::emath::Rot2::from_angle(turn) * dir * head;
    [
        Shape::line_segment([from, to], stroke),
        Shape::line_segment([to, wing(0.45)], stroke),
        Shape::line_segment([to, wing(-0.45)], stroke),
    ]
}

/// Draws a small picture of `level` inside `rect` (for the level list): terrain and boxes
/// only, one rectangle per square.
pub fn paint_thumbnail(painter: &egui::Painter, level: &Level, rect: Rect, pal: &Palette) {
    let (w, h) = (level.width().max(1), level.height().max(1));
    let cell = (rect.width() / w as f32).min(rect.height() / h as f32);
    let size = Vec2::new(w as f32, h as f32) * cell;
    let origin = rect.center() - size / 2.0;
    let mut mesh = Mesh::default();
    for (i, sq) in level.squares().iter().enumerate() {
        let color = match (sq.terrain, sq.has_box, sq.has_player) {
            (Terrain::Outside, ..) => continue,
            (Terrain::Wall, ..) => pal.wall,
            (Terrain::Goal, true, _) => pal.box_on_goal,
            (_, true, _) => pal.box_fill,
            (_, _, true) => pal.player,
            (Terrain::Goal, ..) => pal.goal,
            (Terrain::Floor, ..) => pal.floor,
        };
        let min = origin + Vec2::new((i % w) as f32, (i / w) as f32) * cell;
        mesh.add_colored_rect(Rect::from_min_size(min, Vec2::splat(cell)), color);
    }
    painter.add(Shape::mesh(mesh));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A plan's arrowheads are the same size on a long arrow as on a short one.
    #[test]
    fn an_arrowhead_keeps_its_size_whatever_the_arrow_length() {
        let stroke = Stroke::new(2.0, Color32::WHITE);
        let wings = |to: Pos2| {
            arrow(Pos2::ZERO, to, 8.0, stroke)[1..]
                .iter()
                .map(|s| match s {
                    Shape::LineSegment { points, .. } => (points[1] - points[0]).length(),
                    other => panic!("not a segment: {other:?}"),
                })
                .collect::<Vec<_>>()
        };
        for to in [Pos2::new(30.0, 0.0), Pos2::new(0.0, 600.0), Pos2::new(300.0, 400.0)] {
            for w in wings(to) {
                assert!((w - 8.0).abs() < 0.01, "a wing {w} px long on an arrow to {to:?}");
            }
        }
    }

    #[test]
    fn geometry_maps_points_to_squares_and_back() {
        let g = Geometry {
            area: Rect::from_min_size(Pos2::ZERO, Vec2::splat(100.0)),
            origin: Pos2::new(10.0, 20.0),
            cell: 8.0,
            width: 5,
            height: 4,
        };
        assert_eq!(g.cell_at(Pos2::new(10.5, 20.5)), Some(Pos::new(0, 0)));
        assert_eq!(g.cell_at(Pos2::new(49.0, 51.0)), Some(Pos::new(4, 3)));
        assert_eq!(g.cell_at(Pos2::new(51.0, 21.0)), None);
        assert_eq!(g.cell_at(Pos2::new(9.0, 21.0)), None);
        assert_eq!(g.cell_at(g.cell_center(Pos::new(3, 2))), Some(Pos::new(3, 2)));
    }

    /// The board's edges carry its coordinates as messages write them (`row:column`,
    /// from 1): every column above the board, every row left of it; every k-th when
    /// squares are too small for each number.
    #[test]
    fn the_rulers_number_rows_and_columns_from_one_outside_the_board() {
        let g = |cell| Geometry {
            area: Rect::from_min_size(Pos2::ZERO, Vec2::splat(500.0)),
            origin: Pos2::new(20.0, 20.0),
            cell,
            width: 9,
            height: 7,
        };
        let big = g(30.0);
        let marks = ruler_marks(&big);
        let above: Vec<usize> = marks.iter().filter(|m| m.0.y < 20.0).map(|m| m.2).collect();
        let left: Vec<usize> = marks.iter().filter(|m| m.0.x < 20.0).map(|m| m.2).collect();
        assert_eq!(above, (1..=9).collect::<Vec<_>>());
        assert_eq!(left, (1..=7).collect::<Vec<_>>());
        // Column 5 is written over square (4, 0)'s centre; row 3 level with square (0, 2).
        let c5 = marks.iter().find(|m| m.0.y < 20.0 && m.2 == 5).unwrap();
        assert_eq!(c5.0.x, big.cell_center(Pos::new(4, 0)).x);
        let r3 = marks.iter().find(|m| m.0.x < 20.0 && m.2 == 3).unwrap();
        assert_eq!(r3.0.y, big.cell_center(Pos::new(0, 2)).y);
        // Squares of 6 points: 1, then every third.
        let small: Vec<usize> =
            ruler_marks(&g(6.0)).iter().filter(|m| m.0.y < 20.0).map(|m| m.2).collect();
        assert_eq!(small, vec![1, 3, 6, 9]);
    }
}
