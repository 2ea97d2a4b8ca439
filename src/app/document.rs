//! The open document: a collection, the file it came from, and whether it has unsaved edits.

use std::path::{Path, PathBuf};

use crate::level::format::{self, FileError, Format};
use crate::level::{Collection, Level};

/// A collection being edited, with its file and undo history.
#[derive(Clone, Debug)]
pub struct Document {
    /// The levels.
    pub collection: Collection,
    /// Where the collection was loaded from or last saved to.
    pub path: Option<PathBuf>,
    /// Whether there are edits not yet saved.
    pub dirty: bool,
}

impl Document {
    /// A new document with one empty level and no file.
    pub fn untitled() -> Self {
        Document {
            collection: Collection { notes: Vec::new(), levels: vec![blank_level(10, 8)] },
            path: None,
            dirty: false,
        }
    }

    /// The built-in levels (for when no level file is found), with no file.
    pub fn builtin() -> Self {
        let collection =
            format::read_collection(BUILTIN).expect("the built-in levels are well formed");
        Document { collection, path: None, dirty: false }
    }

    /// Loads the document in `path`.
    pub fn open(path: &Path) -> Result<Self, FileError> {
        let mut collection = format::load_file(path)?;
        if collection.levels.is_empty() {
            collection.levels.push(blank_level(10, 8));
        }
        Ok(Document { collection, path: Some(path.to_path_buf()), dirty: false })
    }

    /// Writes `collection` to `path` (atomically), in the format its extension names (XSB
    /// otherwise).
    pub fn write(path: &Path, collection: &Collection) -> Result<(), FileError> {
        let fmt = Format::from_extension(path).unwrap_or(Format::Xsb);
        format::save_file(path, collection, fmt)
    }

    /// The file name shown in the title bar.
    pub fn name(&self) -> String {
        self.path
            .as_ref()
            .and_then(|p| p.file_name())
            .map_or_else(|| "Untitled".to_string(), |n| n.to_string_lossy().into_owned())
    }
}

/// Small levels of our own, compiled into the program.
const BUILTIN: &str = include_str!("builtin.xsb");

/// A level of `width` × `height` floor squares inside a ring of walls.
pub fn blank_level(width: usize, height: usize) -> Level {
    let rows: Vec<String> =
        (0..height)
            .map(|y| {
                (0..width)
                    .map(|x| {
                        if x == 0 || y == 0 || x + 1 == width || y + 1 == height {
                            '#'
                        } else {
                            ' '
                        }
                    })
                    .collect()
            })
            .collect();
    Level::from_rows(&rows).expect("walls and floor are XSB characters")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::moves::parse_lurd;

    #[test]
    fn builtin_levels_are_solvable() {
        let doc = Document::builtin();
        let solutions = ["L", "RRRdllluuRRR", "rruulDulllddrrRllUdrruulL"];
        assert_eq!(doc.collection.levels.len(), solutions.len());
        for (level, lurd) in doc.collection.levels.iter().zip(solutions) {
            let r = crate::level::replay(level, &parse_lurd(lurd).unwrap());
            assert!(r.solved, "{}: {:?}", level.meta.title, r.error);
        }
    }
}
