//! Helpers that exist only for inspecting a search or a position (the window's inspector,
//! overlays and timeline use them; the searches never do).
//!
//! - [`trace`]: a recording observer: the expansion history, the box heat map and the first
//!   expansions' children for a tree view.
//! - [`analysis`]: facts about squares (dead, push distance, tunnels) and about one
//!   position (player area, frozen boxes, corrals).
//! - [`explain`]: "why is this a deadlock?": the rule that proves a position dead and the
//!   boxes involved.
//! - [`export`]: an expansion with its children and their verdicts as a JSON trace line.
//! - [`boards`]: positions along pushes (a child's board, a path from the start).
//! - [`breakpoint`]: conditions on expansions that stop a run, and the watch that checks them.
//! - [`tree`]: the tree of the first expansions, for a tree view.
//! - [`drawing`]: how a tree is drawn: its layout, its colours, and as DOT and SVG.
//! - [`words`]: pushes and verdicts in words, for tables and files.
//! - [`plan`]: rooms, goal areas and entrances, the packing order and the backward search's
//!   packing-and-parking plan, in board coordinates.

pub mod analysis;
pub mod boards;
pub mod breakpoint;
pub mod drawing;
pub mod explain;
pub mod export;
pub mod plan;
pub mod trace;
pub mod tree;
pub mod words;

pub use analysis::{Analyser, PositionFacts, SquareFacts};
pub use explain::Deadlock;
pub use plan::{ParkingStep, Plan};
pub use trace::{Edge, Step, Trace, Tracer};
