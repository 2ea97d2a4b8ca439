//! Reads the benchmark collections in `../shared/levels` (or `$SOKOLAB_LEVELS`): every level
//! round-trips through each format, and no two are the same puzzle. Skipped with a note when
//! the directory is absent.

mod common;

use std::path::PathBuf;

use sokolab::level::Level;
use sokolab::level::duplicates::{fingerprint, placement, repeats};
use sokolab::level::edit::{mirror_vertical, resize, rotate_cw};
use sokolab::level::format::{Format, load_file, read_collection, write_collection};

fn xsb_files(dir: &PathBuf) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "xsb"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_shared_collection_round_trips_in_every_format() {
    let Some(dir) = common::levels_dir() else { return };
    let files = xsb_files(&dir);
    assert!(!files.is_empty(), "no .xsb files in {}", dir.display());
    for path in files {
        let collection = load_file(&path).unwrap_or_else(|e| panic!("{e}"));
        assert!(!collection.levels.is_empty(), "{}", path.display());
        for format in [Format::Xsb, Format::Sok, Format::Rle] {
            let text = write_collection(&collection, format);
            let again = read_collection(&text)
                .unwrap_or_else(|e| panic!("{} as {format}: {e}", path.display()));
            assert_eq!(again.notes, collection.notes, "{} as {format}", path.display());
            assert_eq!(again.levels.len(), collection.levels.len());
            for (i, (a, b)) in again.levels.iter().zip(&collection.levels).enumerate() {
                assert_eq!(a, b, "{} level {} as {format}", path.display(), i + 1);
            }
            assert_eq!(write_collection(&again, format), text, "writing is stable");
        }
    }
}

#[test]
fn benchmark_collections_have_the_expected_levels() {
    let Some(dir) = common::levels_dir() else { return };
    for (name, count, first_title) in
        [("microban-155.xsb", 155, "1"), ("xsokoban-90.xsb", 90, "screen.01")]
    {
        let path = dir.join(name);
        if !path.exists() {
            eprintln!("note: {} is absent; skipping", path.display());
            continue;
        }
        let collection = load_file(&path).unwrap();
        assert_eq!(collection.levels.len(), count, "{name}");
        assert_eq!(collection.levels[0].meta.title, first_title, "{name}");
        for level in &collection.levels {
            assert_eq!(level.players().len(), 1, "{name} {}", level.meta.title);
            assert_eq!(level.boxes().len(), level.goals().len(), "{name} {}", level.meta.title);
        }
    }
}

/// No two levels of Microban and XSokoban together are the same puzzle, while each level
/// turned, flipped and shifted is found to be its own copy.
#[test]
fn no_two_benchmark_levels_are_the_same_puzzle_and_each_turned_copy_is_found() {
    let Some(dir) = common::levels_dir() else { return };
    let mut levels: Vec<Level> = Vec::new();
    for name in ["microban-155.xsb", "xsokoban-90.xsb"] {
        match load_file(dir.join(name)) {
            Ok(c) => levels.extend(c.levels),
            Err(e) => eprintln!("note: {e}; skipping it"),
        }
    }
    assert_eq!(repeats(&levels), [], "a false pair among {} levels", levels.len());
    for (i, level) in levels.iter().enumerate() {
        let mut copy = level.clone();
        rotate_cw(&mut copy);
        mirror_vertical(&mut copy);
        let (width, height) = (copy.width() + 2, copy.height() + 1);
        resize(&mut copy, width, height, (2, 1)).unwrap();
        assert_eq!(fingerprint(&copy), fingerprint(level), "level {}", i + 1);
        // A symmetric level may match a placement that comes earlier.
        assert!(placement(level, &copy).is_some(), "level {}", i + 1);
    }
}
