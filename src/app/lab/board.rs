//! The lab's boards: a sliding-tile puzzle drawn as numbered tiles (the blank left empty),
//! and a tic-tac-toe position.

use crate::app::palette::Palette;
use crate::lab::puzzle::{Board, tile};
use crate::lab::tictactoe::{Cell, Mark, TicTacToe};
use egui::{Align2, Color32, CornerRadius, FontId, Rect, Sense, Stroke, StrokeKind, Ui, vec2};

/// Draws `board`, `side` tiles a row, as large as the space allows.
pub fn show(ui: &mut Ui, board: Board, side: usize, palette: &Palette) {
    let space = ui.available_size();
    let cell = ((space.x.min(space.y) - 20.0) / side as f32).clamp(24.0, 120.0);
    let (response, painter) = ui.allocate_painter(space, Sense::hover());
    let size = cell * side as f32;
    let origin = response.rect.center() - vec2(size, size) / 2.0;
    painter.rect_filled(Rect::from_min_size(origin, vec2(size, size)), 4.0, palette.floor);
    for r in 0..side {
        for c in 0..side {
            let t = tile(board, r * side + c);
            if t == 0 {
                continue;
            }
            let min = origin + vec2(c as f32 * cell, r as f32 * cell);
            let rect = Rect::from_min_size(min, vec2(cell, cell)).shrink(3.0);
            painter.rect(
                rect,
                CornerRadius::same(6),
                palette.box_fill,
                Stroke::new(1.5, palette.box_edge),
                StrokeKind::Inside,
            );
            let font = FontId::proportional(cell * 0.45);
            painter.text(rect.center(), Align2::CENTER_CENTER, t.to_string(), font, Color32::WHITE);
        }
    }
}

/// Draws a tic-tac-toe position: X and O in a 3×3 grid.
pub fn show_game(ui: &mut Ui, game: &TicTacToe, palette: &Palette) {
    let space = ui.available_size();
    let cell = ((space.x.min(space.y) - 20.0) / 3.0).clamp(24.0, 140.0);
    let (response, painter) = ui.allocate_painter(space, Sense::hover());
    let origin = response.rect.center() - vec2(cell, cell) * 1.5;
    let line = Stroke::new(3.0, palette.wall);
    for k in 1..3 {
        let at = k as f32 * cell;
        painter.line_segment([origin + vec2(at, 0.0), origin + vec2(at, 3.0 * cell)], line);
        painter.line_segment([origin + vec2(0.0, at), origin + vec2(3.0 * cell, at)], line);
    }
    for col in 0..3u8 {
        for row in 0..3u8 {
            let Some(mark) = game.at(Cell { col, row }) else { continue };
            let centre =
                origin + vec2((f32::from(col) + 0.5) * cell, (f32::from(row) + 0.5) * cell);
            let (text, colour) = match mark {
                Mark::X => ("X", palette.accent),
                Mark::O => ("O", palette.box_fill),
            };
            painter.text(
                centre,
                Align2::CENTER_CENTER,
                text,
                FontId::proportional(cell * 0.6),
                colour,
            );
        }
    }
}
