//! The view group: the window's mode, where the board was last drawn and what was drawn on
//! it, the level list's scroll position and the window title last sent. (Zoom, pan, theme
//! and the overlays switched on persist in the settings.)

use crate::app::board::{Geometry, Overlays};

/// The window's modes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Mode {
    /// Paint-style level editor.
    Edit,
    /// Play the level.
    Play,
    /// Step through a search of the level.
    Inspect,
    /// Watch a solution on the timeline.
    Replay,
    /// The textbook's puzzles and experiments.
    Lab,
}

impl Mode {
    /// Every mode, in the mode bar's order.
    pub const ALL: [Mode; 5] = [Mode::Edit, Mode::Play, Mode::Inspect, Mode::Replay, Mode::Lab];
}

/// How the window shows the document this session.
#[derive(Debug)]
pub struct ViewState {
    /// The mode.
    pub mode: Mode,
    /// Where the board's squares were last drawn (zoom steps start from it).
    pub geometry: Option<Geometry>,
    /// The overlays drawn on the board last frame.
    pub drawn: Overlays,
    /// The level the level list last scrolled to.
    pub list_shows: Option<usize>,
    /// The window title last sent (it is sent again only when it changes).
    pub window_title: String,
}

impl Default for ViewState {
    fn default() -> Self {
        ViewState {
            mode: Mode::Edit,
            geometry: None,
            drawn: Overlays::default(),
            list_shows: None,
            window_title: String::new(),
        }
    }
}
