//! Where the integration tests find the benchmark collections: `$SOKOLAB_LEVELS`, else
//! `../shared/levels` beside the repository. They are not ours, so a fresh clone may lack
//! them; each lookup prints a note and gives `None` then, and the test skips its work.

// Each test crate that includes this module uses only part of it.
#![allow(dead_code)]

use std::path::PathBuf;

/// The directory of the benchmark collections, if present.
pub fn levels_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("SOKOLAB_LEVELS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/levels"));
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("note: {} is absent; skipping the benchmark collection tests", dir.display());
        None
    }
}

/// The collection file `name` in [`levels_dir`], if present.
pub fn level_file(name: &str) -> Option<PathBuf> {
    let file = levels_dir()?.join(name);
    if file.is_file() {
        Some(file)
    } else {
        eprintln!("note: {} is absent; skipping the tests that need it", file.display());
        None
    }
}
