//! Level files: XSB boards, the SOK conventions (titles, `Key: value` lines, `;` comments,
//! file notes) and run-length encoded rows. One reader accepts all of them; the writer
//! produces any of them, and reading what it wrote gives the same collection back.

mod file;
mod origin;
mod reader;
pub(crate) mod rle;
mod save;
mod syntax;
mod writer;

pub use file::{FileError, load_file, load_located, read_text};
pub use origin::{BoardOrigin, Columns, RowOrigin};
pub use reader::{Located, read_located};
pub use save::{save_bytes, save_file, save_text};

use crate::level::Collection;

/// The ways a collection can be written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Format {
    /// Plain XSB: `; Title` before each board, keys only where needed.
    #[default]
    Xsb,
    /// SOK: the title on its own line before the board, `Author:`/`Comment:` after it.
    Sok,
    /// Like SOK, with each board on one run-length encoded line (`4#|#@$.#|4#`).
    Rle,
}

impl Format {
    /// The format a file name's extension suggests (`.sok`, `.rle`, `.xsb`/`.txt`).
    pub fn from_extension(path: &std::path::Path) -> Option<Format> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "xsb" | "txt" => Some(Format::Xsb),
            "sok" => Some(Format::Sok),
            "rle" => Some(Format::Rle),
            _ => None,
        }
    }
}

impl std::str::FromStr for Format {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "xsb" => Ok(Format::Xsb),
            "sok" => Ok(Format::Sok),
            "rle" => Ok(Format::Rle),
            _ => Err(format!("unknown format `{s}` (use xsb, sok or rle)")),
        }
    }
}

impl std::fmt::Display for Format {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Format::Xsb => "xsb",
            Format::Sok => "sok",
            Format::Rle => "rle",
        })
    }
}

/// Why text could not be read as a collection. `line` and `column` count from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// Line of the problem.
    pub line: usize,
    /// Column of the problem.
    pub column: usize,
    /// What is wrong, in words.
    pub message: String,
}

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for ParseError {}

/// Reads a collection from text in any of the supported formats (detected line by line).
///
/// Boards are runs of board lines; the last text line before a board (`; Title` or
/// `Title`) is its title unless a `Title:` key follows the board; `Author:`, `Comment:`
/// (one line, or a block ending at `Comment-End:`) and `Solution:` lines after a board
/// belong to it, other text after it is kept in [`crate::level::Meta::extra`]; text before
/// the first level is the collection's notes. Fails on text without any board and on
/// boards past the size limits of [`crate::level::limits`].
pub fn read_collection(text: &str) -> Result<Collection, ParseError> {
    read_located(text).map(|located| located.collection)
}

/// Writes `collection` as text in `format`. Empty board rows at the top and bottom of a
/// level are left out; everything else reads back unchanged with [`read_collection`].
pub fn write_collection(collection: &Collection, format: Format) -> String {
    writer::write(collection, format)
}
