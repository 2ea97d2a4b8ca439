//! The window's modes, each its area's state behind one small trait, [`ModeView`]: what it
//! does once a frame (follow the level selected, move on what runs by itself), the board it
//! shows, the panels it draws beside and below the board, what it draws over the board, and
//! what the pointer does there. `App::show` draws what every mode shares and hands the rest
//! to the mode shown ([`crate::app::App`]'s `mode`), so nothing else chooses by the mode.
//!
//! One file per mode: `edit.rs` (the editor), `play.rs`, `inspect.rs` (the search
//! inspector), `replay.rs` (the timeline), `lab.rs`.

mod edit;
mod inspect;

pub(crate) use inspect::cannot_search;
mod lab;
mod play;
mod replay;

use egui::{Pos2, Ui};

use crate::app::board::{Geometry, Overlays};
use crate::app::document::DocumentState;
use crate::app::palette::Palette;
use crate::app::settings::Settings;
use crate::app::sink::Sink;
use crate::app::solving::SolverState;
use crate::level::{Level, Move, Pos};

/// What a mode may use of the rest of the window during a frame.
pub(crate) struct Frame<'a> {
    /// The window's context (to ask for the next frame, or for workers to wake it).
    pub ctx: &'a egui::Context,
    /// The document: the editor paints into it during a stroke; the other modes read it and
    /// change it through commands.
    pub document: &'a mut DocumentState,
    /// The persisted settings.
    pub settings: &'a Settings,
    /// The solver's run and the solution it found.
    pub solver: &'a SolverState,
    /// The status line.
    pub status: &'a mut String,
    /// Where commands go, carried out after drawing.
    pub sink: Sink<'a>,
    /// The inspector's solution for the level shown and what it is proved shortest by, for
    /// the modes that offer it (none in the inspector itself).
    pub inspected: Option<(&'a [Move], Option<&'static str>)>,
    /// The board's colours.
    pub palette: Palette,
}

/// The pointer on the board this frame.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pointer {
    /// Where the board's squares were drawn.
    pub geometry: Geometry,
    /// The square under the pointer, if any.
    pub cell: Option<Pos>,
    /// Where the pointer is.
    pub at: Option<Pos2>,
    /// Whether the primary button went down this frame.
    pub primary: bool,
    /// Whether the secondary button went down this frame.
    pub secondary: bool,
    /// Whether Shift is held.
    pub shift: bool,
    /// Whether a button went up this frame.
    pub released: bool,
    /// Whether a button is held.
    pub down: bool,
    /// Whether the pointer is over the board.
    pub over_board: bool,
}

/// A mode of the window.
pub(crate) trait ModeView {
    /// Once a frame, before anything is drawn: follows the level selected (drops or
    /// rebuilds what belongs to another level or board) and moves on what runs by itself.
    fn tick(&mut self, _frame: &mut Frame<'_>) {}

    /// The board it shows, when it is not the document's level.
    fn board<'a>(&'a self, _document: &'a DocumentState) -> Option<&'a Level> {
        None
    }

    /// Its panel beside the board.
    fn side_panel(&mut self, ui: &mut Ui, frame: &mut Frame<'_>);

    /// Whether the solver's section and the overlay switches share the side panel with it
    /// (the lab has the side to itself).
    fn shares_side_panel(&self) -> bool {
        true
    }

    /// Whether it has a panel below the board.
    fn has_lower_panel(&self) -> bool {
        false
    }

    /// Its panel below the board.
    fn lower_panel(&mut self, _ui: &mut Ui, _frame: &mut Frame<'_>) {}

    /// Draws what it shows in place of the board, if it is not a Sokoban board (the lab's
    /// puzzles and games); true then.
    fn draws_own_board(&mut self, _ui: &mut Ui, _frame: &Frame<'_>) -> bool {
        false
    }

    /// Adds what it draws over the board (`board` is the board it shows, `hover` the square
    /// under the pointer).
    fn overlays(
        &mut self,
        _overlays: &mut Overlays,
        _board: &Level,
        _hover: Option<Pos>,
        _frame: &Frame<'_>,
    ) {
    }

    /// What the pointer does on the board (`board` is the board it shows).
    fn pointer(&mut self, _pointer: &Pointer, _frame: &mut Frame<'_>) {}
}
