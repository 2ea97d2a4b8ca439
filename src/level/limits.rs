//! Size limits that keep hostile or broken input from exhausting memory.
//!
//! Every reader checks these before allocating; errors name the limit that was hit.

/// Most rows or columns a board may have.
pub const MAX_SIDE: usize = 1000;

/// Most levels one collection may hold.
pub const MAX_LEVELS: usize = 100_000;

/// Most squares all the levels of one collection may hold together.
pub const MAX_TOTAL_SQUARES: usize = 20_000_000;

/// Most lines one level text may have.
pub const MAX_LINES: usize = 2_000_000;

/// Largest level file `load_file` reads, in bytes.
pub const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// Most moves one LURD string may expand to.
pub const MAX_MOVES: usize = 10_000_000;
