//! Loading level files, with errors that name the file, line and column.

use std::path::{Path, PathBuf};

use super::reader::{BOM, Located, read_located};
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
    pub(super) fn io(path: &Path, doing: &str, err: &std::io::Error) -> Self {
        FileError { path: path.to_path_buf(), position: None, message: format!("{doing}: {err}") }
    }
}

/// Reads the level file at `path` (any of the formats [`super::read_collection`] reads);
/// see [`load_located`] for what `path` may name.
pub fn load_file(path: impl AsRef<Path>) -> Result<Collection, FileError> {
    load_located(path).map(|located| located.collection)
}

/// Reads the level file at `path` and remembers where each board is in it. `path` is a
/// regular file, or `-` or a name of standard input (such as `/dev/stdin`) to read that;
/// anything else (a named pipe, a device, a directory) is refused before it is opened, as
/// reading it could block or never end. At most [`MAX_FILE_BYTES`] are read, from a file
/// as from a stream.
pub fn load_located(path: impl AsRef<Path>) -> Result<Located, FileError> {
    let path = path.as_ref();
    let text = read_text(path)?;
    read_located(&text).map_err(|e| FileError {
        path: path.to_path_buf(),
        position: Some((e.line, e.column)),
        message: e.message,
    })
}

/// The text of the file at `path`, read as [`load_located`] reads a level file: a regular
/// file or standard input, at most [`MAX_FILE_BYTES`], valid UTF-8.
pub fn read_text(path: &Path) -> Result<String, FileError> {
    let bytes = if path == Path::new("-") || is_stdin(path) {
        read_at_most(std::io::stdin().lock(), path)?
    } else {
        let kind = std::fs::metadata(path).map_err(|e| FileError::io(path, "cannot open", &e))?;
        refuse_unless_regular(path, &kind, READ_ADVICE)?;
        if kind.len() > MAX_FILE_BYTES {
            return Err(too_big(path, &format!("the file is {} bytes", kind.len())));
        }
        let file = std::fs::File::open(path).map_err(|e| FileError::io(path, "cannot open", &e))?;
        // The name may have been pointed elsewhere since it was looked at.
        let kind = file.metadata().map_err(|e| FileError::io(path, "cannot read", &e))?;
        refuse_unless_regular(path, &kind, READ_ADVICE)?;
        read_at_most(file, path)?
    };
    String::from_utf8(bytes).map_err(|e| {
        let bytes = e.as_bytes();
        let at = e.utf8_error().valid_up_to();
        FileError {
            path: path.to_path_buf(),
            position: Some(position(bytes, at)),
            message: format!("not valid UTF-8 (byte 0x{:02X}); save the file as UTF-8", bytes[at]),
        }
    })
}

/// What to do instead of reading something that is not a regular file.
const READ_ADVICE: &str = "give a regular file, or `-` to read standard input";

/// Whether `path` names the file standard input reads (`/dev/stdin`, `/dev/fd/0`, or the
/// file or pipe it was redirected from).
#[cfg(unix)]
fn is_stdin(path: &Path) -> bool {
    use std::os::fd::AsFd as _;
    use std::os::unix::fs::MetadataExt as _;
    let Ok(named) = std::fs::metadata(path) else { return false };
    let stdin = std::io::stdin().as_fd().try_clone_to_owned().map(std::fs::File::from);
    stdin.and_then(|f| f.metadata()).is_ok_and(|s| (s.dev(), s.ino()) == (named.dev(), named.ino()))
}

#[cfg(not(unix))]
fn is_stdin(_path: &Path) -> bool {
    false
}

/// An error naming what `path` is unless it is a regular file; `advice` says what to do.
pub(super) fn refuse_unless_regular(
    path: &Path,
    kind: &std::fs::Metadata,
    advice: &str,
) -> Result<(), FileError> {
    if kind.is_file() {
        return Ok(());
    }
    let what = if kind.is_dir() { "a directory" } else { special_kind(kind) };
    Err(FileError {
        path: path.to_path_buf(),
        position: None,
        message: format!("is {what}, not a regular file; {advice}"),
    })
}

#[cfg(unix)]
fn special_kind(kind: &std::fs::Metadata) -> &'static str {
    use std::os::unix::fs::FileTypeExt as _;
    let t = kind.file_type();
    if t.is_fifo() {
        "a named pipe (FIFO)"
    } else if t.is_char_device() {
        "a character device"
    } else if t.is_block_device() {
        "a block device"
    } else if t.is_socket() {
        "a socket"
    } else {
        "not a file"
    }
}

#[cfg(not(unix))]
fn special_kind(_kind: &std::fs::Metadata) -> &'static str {
    "not a file"
}

/// Everything `reader` gives, failing when it is more than [`MAX_FILE_BYTES`].
fn read_at_most(reader: impl std::io::Read, path: &Path) -> Result<Vec<u8>, FileError> {
    let mut bytes = Vec::new();
    std::io::Read::read_to_end(&mut reader.take(MAX_FILE_BYTES + 1), &mut bytes)
        .map_err(|e| FileError::io(path, "cannot read", &e))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(too_big(path, &format!("the input is longer than {MAX_FILE_BYTES} bytes")));
    }
    Ok(bytes)
}

/// The error for input longer than [`MAX_FILE_BYTES`]; `size` says how long it is.
fn too_big(path: &Path, size: &str) -> FileError {
    FileError {
        path: path.to_path_buf(),
        position: None,
        message: format!(
            "{size}; level files of at most {MAX_FILE_BYTES} bytes (64 MiB) are read: split \
             the collection into smaller files"
        ),
    }
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
