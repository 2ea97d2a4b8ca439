//! Saving level files atomically, keeping the file what it was: its mode and owner, and the
//! symbolic link that names it.

use std::fs::{File, Metadata};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use super::file::{FileError, refuse_unless_regular};
use super::{Format, write_collection};
use crate::level::Collection;

/// A temporary file of a save older than this is left over, whatever its process id says
/// (process ids are reused; no save takes anywhere near this long).
const STALE_AFTER: Duration = Duration::from_secs(60 * 60);

/// Most symbolic links followed from the name saved to.
const MAX_LINKS: usize = 40;

/// Writes `collection` to `path` in `format`, atomically: see [`save_text`].
pub fn save_file(
    path: impl AsRef<Path>,
    collection: &Collection,
    format: Format,
) -> Result<(), FileError> {
    save_text(path, &write_collection(collection, format))
}

/// Writes `text` to `path` atomically: the text goes to a temporary file `.NAME.PID.tmp`
/// beside the file, which then replaces it, so a crash never leaves half a file. A symbolic
/// link is written through (its target is replaced, the link kept); a file replaced keeps
/// its mode, and its owner and group where the user may set them. Temporary files that
/// earlier saves of the same file left behind (their process is gone, or they are over an
/// hour old) are removed.
pub fn save_text(path: impl AsRef<Path>, text: &str) -> Result<(), FileError> {
    save_bytes(path, text.as_bytes())
}

/// Writes `bytes` to `path` atomically, as [`save_text`] writes text.
pub fn save_bytes(path: impl AsRef<Path>, bytes: &[u8]) -> Result<(), FileError> {
    let path = path.as_ref();
    let failed = |e: std::io::Error| FileError::io(path, "cannot save", &e);
    let target = through_links(path).map_err(failed)?;
    let old = match std::fs::metadata(&target) {
        Ok(meta) => {
            refuse_unless_regular(path, &meta, "save to a level file")?;
            refuse_unless_writable(path, &target, &meta)?;
            Some(meta)
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(failed(e)),
    };
    let dir = match target.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let temp = dir.join(temp_name(&name, std::process::id()));
    let written = (|| {
        let mut file = File::create(&temp)?;
        if let Some(old) = &old {
            keep_owner_and_mode(&file, old)?;
        }
        file.write_all(bytes)?;
        file.sync_all()?;
        std::fs::rename(&temp, &target)
    })();
    if let Err(e) = written {
        let _ = std::fs::remove_file(&temp);
        return Err(failed(e));
    }
    // Best effort: some file systems cannot sync a directory, and the file is saved.
    let _ = File::open(dir).and_then(|d| d.sync_all());
    remove_stale_temps(dir, &name);
    Ok(())
}

/// An error unless the user may write the existing file `target` (named `path`): a save
/// replaces the file rather than writing it, so the directory's permission alone would let
/// it replace a file marked read-only. A file with no write permission for anyone is
/// refused whoever the user is (the superuser included); otherwise the system is asked
/// whether this user may open it for writing (opened without truncating, so unchanged).
fn refuse_unless_writable(path: &Path, target: &Path, meta: &Metadata) -> Result<(), FileError> {
    let denied = meta.permissions().readonly()
        || matches!(
            std::fs::OpenOptions::new().write(true).open(target),
            Err(e) if e.kind() == std::io::ErrorKind::PermissionDenied
        );
    if !denied {
        return Ok(());
    }
    Err(FileError {
        path: path.to_path_buf(),
        position: None,
        message: "is read-only for you, so it was not saved; make it writable (chmod u+w) or \
                  save under another name"
            .into(),
    })
}

/// The name of the temporary file process `pid` saves file `name` through.
fn temp_name(name: &str, pid: u32) -> String {
    format!(".{name}.{pid}.tmp")
}

/// The file `path` names once its symbolic links are followed (itself when it is none).
fn through_links(path: &Path) -> std::io::Result<PathBuf> {
    let mut path = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match std::fs::symlink_metadata(&path) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let target = std::fs::read_link(&path)?;
                // A relative target is relative to the link's directory.
                path = path.parent().map_or_else(|| target.clone(), |dir| dir.join(&target));
            }
            _ => return Ok(path),
        }
    }
    Err(std::io::Error::other(format!("more than {MAX_LINKS} symbolic links in a row")))
}

/// Gives `file` the owner, group and mode of `old` (owner and group only as far as the
/// user may: a file of someone else's keeps at least its mode).
#[cfg(unix)]
fn keep_owner_and_mode(file: &File, old: &Metadata) -> std::io::Result<()> {
    use std::os::unix::fs::{MetadataExt as _, fchown};
    if fchown(file, Some(old.uid()), Some(old.gid())).is_err() {
        let _ = fchown(file, None, Some(old.gid()));
    }
    // After the owner: changing it may clear the set-id bits.
    file.set_permissions(old.permissions())
}

#[cfg(not(unix))]
fn keep_owner_and_mode(file: &File, old: &Metadata) -> std::io::Result<()> {
    file.set_permissions(old.permissions())
}

/// Removes the temporary files of file `name` in `dir` that saves by other processes left:
/// those of a process that is not running, or over [`STALE_AFTER`] old.
fn remove_stale_temps(dir: &Path, name: &str) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let prefix = format!(".{name}.");
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let Some(pid) = file_name
            .to_str()
            .and_then(|n| n.strip_prefix(&prefix))
            .and_then(|rest| rest.strip_suffix(".tmp"))
            .and_then(|pid| pid.parse::<u32>().ok())
        else {
            continue;
        };
        if pid == std::process::id() {
            continue;
        }
        let old = entry
            .metadata()
            .and_then(|m| m.modified())
            .is_ok_and(|t| SystemTime::now().duration_since(t).unwrap_or_default() > STALE_AFTER);
        if old || running(pid) == Some(false) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Whether process `pid` is running, where the system says (Linux's `/proc`).
fn running(pid: u32) -> Option<bool> {
    Path::new("/proc/self").exists().then(|| Path::new(&format!("/proc/{pid}")).exists())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::format::load_file;

    fn sample() -> Collection {
        crate::level::format::read_collection("; One\n#####\n#@$.#\n#####\n").unwrap()
    }

    #[test]
    fn a_save_replaces_the_file_and_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.xsb");
        std::fs::write(&path, "old").unwrap();
        save_file(&path, &sample(), Format::Xsb).unwrap();
        assert_eq!(load_file(&path).unwrap(), sample());
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().flatten().collect();
        assert_eq!(names.len(), 1);
    }

    #[test]
    fn links_are_followed_to_their_file() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(through_links(&dir.path().join("none")).unwrap(), dir.path().join("none"));
        #[cfg(unix)]
        {
            let sub = dir.path().join("sub");
            std::fs::create_dir(&sub).unwrap();
            std::os::unix::fs::symlink("sub/real.xsb", dir.path().join("link")).unwrap();
            std::os::unix::fs::symlink("link", dir.path().join("link2")).unwrap();
            let end = through_links(&dir.path().join("link2")).unwrap();
            assert_eq!(end, dir.path().join("sub/real.xsb"));
            std::os::unix::fs::symlink("loop", dir.path().join("loop")).unwrap();
            assert!(through_links(&dir.path().join("loop")).is_err());
        }
    }
}
