//! The command handlers, one file per area. [`App::dispatch`](crate::app::state::App::dispatch)
//! routes each command to its area's handler, which changes that area's state and whatever
//! else the command touches (an edit ends the game in play mode, a mode switch builds the
//! inspector's search) and returns what only the window can do.

mod document;
mod editor;
mod files;
mod generate;
mod inspector;
mod lab;
mod play;
mod solving;
mod timeline;
mod view;
