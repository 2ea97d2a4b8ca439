//! The puzzle as search sees it: the compiled board, states (box bitsets with Zobrist keys),
//! the player's reach, free-floor regions, the node store, one box moved alone (pushes and
//! pulls, by the side search), the player's walk between pushes, and the errors of a level
//! that cannot be searched and of a move list that is not a solution. Nothing here knows
//! about a particular search.

pub(crate) mod board;
pub(crate) mod box_moves;
pub(crate) mod error;
pub(crate) mod interrupt;
pub(crate) mod journaled;
pub(crate) mod metric;
pub(crate) mod prehashed;
pub(crate) mod pull_moves;
pub(crate) mod random;
pub(crate) mod reach;
pub(crate) mod regions;
pub(crate) mod side_search;
pub(crate) mod sides;
pub(crate) mod state;
pub(crate) mod table;
pub(crate) mod walk;
