//! Colours of the board's tile art, one set per theme.

use egui::Color32;

/// The colours the board widget paints with.
#[derive(Clone, Copy, Debug)]
pub struct Palette {
    /// Behind the board and outside the walls.
    pub background: Color32,
    /// The coordinates along the board's edges.
    pub ruler: Color32,
    /// Floor squares.
    pub floor: Color32,
    /// The chequer shade on alternate floor squares.
    pub floor_alt: Color32,
    /// Wall face.
    pub wall: Color32,
    /// Wall highlight (top and left edges).
    pub wall_light: Color32,
    /// Wall shadow (bottom and right edges).
    pub wall_dark: Color32,
    /// Goal marking.
    pub goal: Color32,
    /// A box off goal.
    pub box_fill: Color32,
    /// A box on a goal.
    pub box_on_goal: Color32,
    /// Box outlines.
    pub box_edge: Color32,
    /// The player.
    pub player: Color32,
    /// Highlighted cells (validation problems).
    pub problem: Color32,
    /// Dead-square marks.
    pub dead: Color32,
    /// Paths and selections.
    pub accent: Color32,
    /// The player-reachable area.
    pub reach: Color32,
    /// Tunnel marks.
    pub tunnel: Color32,
    /// The heat map at its hottest.
    pub heat: Color32,
    /// Frozen-box outlines.
    pub frozen: Color32,
    /// Corral areas.
    pub corral: Color32,
    /// Room outlines.
    pub room: Color32,
    /// Goal-area outlines and entrance marks.
    pub goal_area: Color32,
    /// Packing-order badges.
    pub order: Color32,
    /// Numbers on the packing-order badges.
    pub order_text: Color32,
    /// The packing-and-parking plan's badges and arrows.
    pub parking: Color32,
    /// The boxes of a deadlock pattern.
    pub pattern: Color32,
    /// The player's area of a deadlock pattern.
    pub pattern_area: Color32,
}

impl Palette {
    /// The palette for a dark or light user interface.
    pub fn for_dark_mode(dark: bool) -> Self {
        if dark {
            Palette {
                background: Color32::from_rgb(24, 26, 30),
                ruler: Color32::from_rgb(140, 146, 156),
                floor: Color32::from_rgb(58, 62, 70),
                floor_alt: Color32::from_rgb(54, 58, 66),
                wall: Color32::from_rgb(112, 84, 70),
                wall_light: Color32::from_rgb(146, 112, 94),
                wall_dark: Color32::from_rgb(78, 58, 48),
                goal: Color32::from_rgb(236, 196, 64),
                box_fill: Color32::from_rgb(196, 132, 58),
                box_on_goal: Color32::from_rgb(84, 176, 96),
                box_edge: Color32::from_rgb(40, 30, 20),
                player: Color32::from_rgb(86, 156, 236),
                problem: Color32::from_rgb(240, 70, 70),
                dead: Color32::from_rgba_unmultiplied(220, 60, 60, 90),
                accent: Color32::from_rgb(120, 220, 255),
                reach: Color32::from_rgba_unmultiplied(90, 200, 255, 60),
                tunnel: Color32::from_rgb(170, 120, 230),
                heat: Color32::from_rgb(255, 120, 20),
                frozen: Color32::from_rgb(80, 200, 255),
                corral: Color32::from_rgba_unmultiplied(200, 90, 230, 80),
                room: Color32::from_rgba_unmultiplied(200, 210, 230, 110),
                goal_area: Color32::from_rgb(80, 220, 150),
                order: Color32::from_rgb(30, 120, 90),
                order_text: Color32::WHITE,
                parking: Color32::from_rgb(230, 150, 40),
                pattern: Color32::from_rgb(255, 96, 208),
                pattern_area: Color32::from_rgba_unmultiplied(255, 96, 208, 56),
            }
        } else {
            Palette {
                background: Color32::from_rgb(236, 236, 232),
                ruler: Color32::from_rgb(110, 110, 104),
                floor: Color32::from_rgb(250, 248, 240),
                floor_alt: Color32::from_rgb(242, 240, 230),
                wall: Color32::from_rgb(150, 104, 80),
                wall_light: Color32::from_rgb(184, 136, 108),
                wall_dark: Color32::from_rgb(110, 74, 56),
                goal: Color32::from_rgb(214, 160, 20),
                box_fill: Color32::from_rgb(222, 160, 80),
                box_on_goal: Color32::from_rgb(70, 160, 84),
                box_edge: Color32::from_rgb(90, 60, 30),
                player: Color32::from_rgb(40, 110, 210),
                problem: Color32::from_rgb(220, 30, 30),
                dead: Color32::from_rgba_unmultiplied(220, 40, 40, 70),
                accent: Color32::from_rgb(0, 140, 200),
                reach: Color32::from_rgba_unmultiplied(0, 120, 220, 50),
                tunnel: Color32::from_rgb(120, 60, 190),
                heat: Color32::from_rgb(240, 90, 0),
                frozen: Color32::from_rgb(0, 110, 200),
                corral: Color32::from_rgba_unmultiplied(160, 40, 200, 60),
                room: Color32::from_rgba_unmultiplied(60, 70, 100, 110),
                goal_area: Color32::from_rgb(0, 150, 90),
                order: Color32::from_rgb(0, 110, 70),
                order_text: Color32::WHITE,
                parking: Color32::from_rgb(190, 100, 0),
                pattern: Color32::from_rgb(200, 0, 150),
                pattern_area: Color32::from_rgba_unmultiplied(200, 0, 150, 44),
            }
        }
    }
}
