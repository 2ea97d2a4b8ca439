//! Draws a level into an RGBA image (for GIF and PNG export): the board widget's tile art
//! and colours, rasterised without a GPU.

use image::{Rgba, RgbaImage};

use crate::app::palette::Palette;
use crate::level::{Level, Terrain};

fn rgba(c: egui::Color32) -> Rgba<u8> {
    let [r, g, b, _] = c.to_srgba_unmultiplied();
    Rgba([r, g, b, 255])
}

/// `level` drawn with squares of `cell` pixels.
pub fn render(level: &Level, cell: u32, pal: &Palette) -> RgbaImage {
    let (w, h) = (level.width() as u32, level.height() as u32);
    let mut img = RgbaImage::from_pixel(w.max(1) * cell, h.max(1) * cell, rgba(pal.background));
    let c = cell as f32;
    for p in level.positions() {
        let sq = level.square(p);
        let (x0, y0) = (p.x as u32 * cell, p.y as u32 * cell);
        let mut fill = |f: &dyn Fn(f32, f32) -> Option<egui::Color32>| {
            for dy in 0..cell {
                for dx in 0..cell {
                    // Square-relative coordinates of the pixel centre, from -0.5 to 0.5.
                    let (u, v) = ((dx as f32 + 0.5) / c - 0.5, (dy as f32 + 0.5) / c - 0.5);
                    if let Some(color) = f(u, v) {
                        img.put_pixel(x0 + dx, y0 + dy, rgba(color));
                    }
                }
            }
        };
        match sq.terrain {
            Terrain::Outside => continue,
            Terrain::Wall => {
                fill(&|u, v| {
                    Some(if u > 0.38 || v > 0.38 {
                        pal.wall_dark
                    } else if u < -0.38 || v < -0.38 {
                        pal.wall_light
                    } else {
                        pal.wall
                    })
                });
                continue;
            }
            Terrain::Floor | Terrain::Goal => {
                let shade = if (p.x + p.y) % 2 == 0 { pal.floor } else { pal.floor_alt };
                fill(&|_, _| Some(shade));
            }
        }
        let goal = sq.terrain == Terrain::Goal;
        if goal {
            fill(&|u, v| (u.abs() + v.abs() <= 0.18).then_some(pal.goal));
        }
        if sq.has_box {
            let body = if goal { pal.box_on_goal } else { pal.box_fill };
            fill(&|u, v| {
                let m = u.abs().max(v.abs());
                if m > 0.4 {
                    None
                } else if m > 0.34 || (m < 0.22 && (u.abs() - v.abs()).abs() < 0.04) {
                    Some(pal.box_edge)
                } else {
                    Some(body)
                }
            });
        }
        if sq.has_player {
            fill(&|u, v| (u * u + v * v <= 0.32 * 0.32).then_some(pal.player));
        }
    }
    img
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_get_their_colours() {
        let level = Level::from_rows(&["#####", "#@$.#", "#####"]).unwrap();
        let pal = Palette::for_dark_mode(false);
        let img = render(&level, 10, &pal);
        assert_eq!(img.dimensions(), (50, 30));
        assert_eq!(*img.get_pixel(15, 15), rgba(pal.player), "player centre");
        assert_eq!(*img.get_pixel(25, 15 - 2), rgba(pal.box_fill), "box body");
        assert_eq!(*img.get_pixel(35, 15), rgba(pal.goal), "goal centre");
        assert_eq!(*img.get_pixel(5, 5), rgba(pal.wall), "wall face");
    }
}
