//! Loading and saving level files, with errors that name the file, line and column.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use super::reader::{BOM, Located, read_located};
use super::{Format, write_collection};
use crate::level::Collection;
use crate::level::limits::MAX_FILE_BYTES;

/// Why a level file could not be loaded or saved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileError {
    /// The file.
    pub path: PathBuf,
    /// Line and column (from 1) of the problem, when it is in the file's text.
    pub position: Option<(usize, usize)>,
    /// What went wrong.
    pub message: String,
}

impl std::fmt::Display for FileError {
    /// `path:line:col: message`, or `path: message` for problems without a position.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.position {
            Some((line, column)) => {
                write!(f, "{}:{line}:{column}: {}", self.path.display(), self.message)
            }
            None => write!(f, "{}: {}", self.path.display(), self.message),
        }
    }
}

impl std::error::Error for FileError {}

impl FileError {
    fn io(path: &Path, doing: &str, err: &std::io::Error) -> Self {
        FileError { path: path.to_path_buf(), position: None, message: format!("{doing}: {err}") }
    }
}

/// Reads the level file at `path` (any of the formats [`super::read_collection`] reads).
pub fn load_file(path: impl AsRef<Path>) -> Result<Collection, FileError> {
    load_located(path).map(|located| located.collection)
}

/// Reads the level file at `path` and remembers where each board is in it.
pub fn load_located(path: impl AsRef<Path>) -> Result<Located, FileError> {
    let path = path.as_ref();
    let file = std::fs::File::open(path).map_err(|e| FileError::io(path, "cannot open", &e))?;
    let size = file.metadata().map_err(|e| FileError::io(path, "cannot read", &e))?.len();
    if size > MAX_FILE_BYTES {
        return Err(FileError {
            path: path.to_path_buf(),
            position: None,
            message: format!(
                "the file is {size} bytes; level files of at most {MAX_FILE_BYTES} bytes are read"
            ),
        });
    }
    let mut bytes = Vec::new();
    std::io::Read::read_to_end(&mut std::io::Read::take(file, MAX_FILE_BYTES + 1), &mut bytes)
        .map_err(|e| FileError::io(path, "cannot read", &e))?;
    let text = std::str::from_utf8(&bytes).map_err(|e| FileError {
        path: path.to_path_buf(),
        position: Some(position(&bytes, e.valid_up_to())),
        message: format!(
            "not valid UTF-8 (byte 0x{:02X}); save the file as UTF-8",
            bytes[e.valid_up_to()]
        ),
    })?;
    read_located(text).map_err(|e| FileError {
        path: path.to_path_buf(),
        position: Some((e.line, e.column)),
        message: e.message,
    })
}

/// The line and column (from 1) of byte `offset` of `bytes`, which are UTF-8 up to there:
/// lines end at `\n`, `\r\n` or a lone `\r`, as the reader splits them, and a byte-order
/// mark takes no column.
fn position(bytes: &[u8], offset: usize) -> (usize, usize) {
    let before = &bytes[..offset];
    let mut start = if before.starts_with(BOM.as_bytes()) { BOM.len() } else { 0 };
    let mut line = 1;
    for (i, &b) in before.iter().enumerate() {
        if b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n')) {
            line += 1;
            start = i + 1;
        }
    }
    let column = String::from_utf8_lossy(&before[start..]).chars().count() + 1;
    (line, column)
}

/// Writes `collection` to `path` in `format`, atomically: the text goes to a temporary file
/// beside `path`, which then replaces `path`, so a crash never leaves half a file.
pub fn save_file(
    path: impl AsRef<Path>,
    collection: &Collection,
    format: Format,
) -> Result<(), FileError> {
    let path = path.as_ref();
    let text = write_collection(collection, format);
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let temp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut file = std::fs::File::create(&temp)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()?;
        std::fs::rename(&temp, path)
    })();
    result.map_err(|e| {
        let _ = std::fs::remove_file(&temp);
        FileError::io(path, "cannot save", &e)
    })
}
