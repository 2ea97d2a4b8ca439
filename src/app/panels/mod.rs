//! The window's panels, each a function of the state it shows that sends commands through
//! a [`Sink`](crate::app::sink::Sink): the menu bar, the status bar, the level list, and the
//! side panels of the editor, of play mode, of the overlays and of the solver. (The
//! inspector's and the timeline's panels live beside their state.)

pub mod edit;
pub mod generate;
pub mod levels;
pub mod menu;
pub mod overlays;
pub mod play;
pub mod solve;
pub mod status;
