//! Reads the benchmark collections in `../shared/levels` (or `$SOKOLAB_LEVELS`): every level
//! round-trips through each format. Skipped with a note when the directory is absent.

mod common;

use std::path::PathBuf;

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
