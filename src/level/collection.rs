//! `Collection`: the levels of one file plus the file's notes.

use crate::level::Level;

/// An ordered set of levels, as one level file holds them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Collection {
    /// Lines at the top of the file, before the first level (title, author, remarks).
    pub notes: Vec<String>,
    /// The levels, in file order.
    pub levels: Vec<Level>,
}
