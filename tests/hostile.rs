//! The reproducers of the hostile-input campaign (issue 18), one test per finding; the
//! files are in `tests/data/hostile/`.

use sokolab::level::format::{FileError, load_file, load_located, read_collection, read_located};
use sokolab::level::{Pos, Severity, validate};
use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

mod common;

use common::{sokolab, sokolab_with_input, stdout};

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/hostile").join(name)
}

fn load_error(name: &str) -> FileError {
    load_file(data(name)).expect_err(name)
}

#[test]
fn error_columns_point_into_the_line_as_written() {
    // `9#9)`: the `)` is the 4th character (the expanded row has it at the 10th).
    let e = load_error("rle-count-before-paren.xsb");
    assert_eq!(e.position, Some((1, 4)), "{e}");
    assert!(e.message.contains("`)` is not a board square"), "{e}");
    let e = load_error("rle-paren-on-second-line.xsb");
    assert_eq!(e.position, Some((2, 3)), "{e}");
    // A tab is one character of the line, however wide it is drawn.
    let e = load_error("tab-before-rle.xsb");
    assert_eq!(e.position, Some((2, 4)), "{e}");
    // Lone carriage returns end lines for positions as they do for reading.
    let e = load_error("lone-cr-latin1.xsb");
    assert_eq!(e.position, Some((4, 6)), "{e}");
    assert!(e.message.contains("not valid UTF-8"), "{e}");
}

#[test]
fn squares_are_located_at_their_characters() {
    let located = read_located("\t#####\n\t#@$.#\n\t#####\n\n2-5#|2-#@$.#|2-3#2-\n").unwrap();
    let tabbed = &located.origins[0];
    assert_eq!(tabbed.locate(Pos::new(8, 1)), (2, 2));
    assert_eq!(tabbed.locate(Pos::new(10, 1)), (2, 4));
    // `2-5#|2-#@$.#|2-3#2-`: the squares of a count share its character's column.
    let rle = &located.origins[1];
    assert_eq!(rle.locate(Pos::new(4, 0)), (5, 4));
    assert_eq!(rle.locate(Pos::new(4, 1)), (5, 10));
    assert_eq!(rle.locate(Pos::new(3, 2)), (5, 17));
}

#[test]
fn solutions_are_counted_against_the_file_budget_without_expanding() {
    // A hundred solutions of ten million moves each: expanding them took seconds.
    let start = Instant::now();
    let e = load_error("solution-lines.xsb");
    assert!(start.elapsed() < Duration::from_secs(1), "{:?}", start.elapsed());
    // The budget (80 million) lasts for eight of them.
    assert_eq!(e.position, Some((12, 11)), "{e}");
    assert!(e.message.contains("expand to too much in all"), "{e}");

    let e = read_collection("#####\n#@$.#\n#####\nSolution: 2(9999999r)\n").unwrap_err();
    assert_eq!((e.line, e.column), (4, 11), "{e}");
    assert!(e.message.contains("a solution of more than 10000000 moves"), "{e}");
    let e = read_collection("#####\n#@$.#\n#####\nSolution:\n  rr\n  r 10000000R\n").unwrap_err();
    assert_eq!((e.line, e.column), (6, 5), "{e}");

    // Long but sane solutions are kept as written.
    let c = read_collection("#####\n#@$.#\n#####\nSolution: 5000000r\nSolution: R\n").unwrap();
    assert_eq!(c.levels[0].meta.solutions, ["5000000r", "R"]);
}

#[test]
fn a_byte_order_mark_is_skipped_and_noted() {
    let located = load_located(data("bom.xsb")).unwrap();
    assert!(located.byte_order_mark);
    let level = &located.collection.levels[0];
    assert_eq!(level.meta.title, "");
    assert_eq!(level.to_rows(), ["#####", "#@$.#", "#####"]);
    let findings = validate(level);
    assert!(findings.iter().all(|d| d.severity == Severity::Info), "{findings:?}");
    // It takes no column, in the reader's errors as in the UTF-8 check's.
    let e = read_collection("\u{feff}9#9)\n").unwrap_err();
    assert_eq!((e.line, e.column), (1, 4), "{e}");
    let dir = tempfile::tempdir().unwrap();
    let latin1 = dir.path().join("latin1.xsb");
    std::fs::write(&latin1, b"\xef\xbb\xbf; Caf\xe9\n#####\n#@$.#\n#####\n").unwrap();
    assert_eq!(load_file(&latin1).unwrap_err().position, Some((1, 6)));

    let bom = data("bom.xsb");
    let out = sokolab(&["check", "--verbose", bom.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(stdout(&out).contains("bom.xsb:1:1: note: skipped a UTF-8 byte-order mark"));
    let converted = dir.path().join("out.xsb");
    let out = sokolab(&["convert", bom.to_str().unwrap(), converted.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(load_file(&converted).unwrap(), located.collection);
}

/// `f()` on another thread; `None` when it has not returned within `secs` seconds.
fn within<T: Send + 'static>(secs: u64, f: impl FnOnce() -> T + Send + 'static) -> Option<T> {
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || send.send(f()));
    receive.recv_timeout(Duration::from_secs(secs)).ok()
}

#[test]
fn what_is_not_a_regular_file_is_refused_by_name_without_blocking() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("f.xsb");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let named = fifo.clone();
    let e = within(5, move || load_file(named)).expect("loading a FIFO blocks").unwrap_err();
    assert!(e.to_string().contains("f.xsb: is a named pipe (FIFO), not a regular file"), "{e}");
    let out = sokolab_with_input(&["check", fifo.to_str().unwrap()], Vec::new(), 5)
        .expect("check on a FIFO blocks");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("named pipe"));

    let e = load_file(dir.path()).unwrap_err();
    assert!(e.message.starts_with("is a directory, not a regular file"), "{e}");
    let e = within(5, || load_file("/dev/zero")).expect("/dev/zero is read").unwrap_err();
    assert!(e.message.starts_with("is a character device"), "{e}");
}

#[test]
fn standard_input_is_read_by_dash_or_by_name() {
    let level = b"#####\n#@$.#\n#####\n".to_vec();
    for name in ["-", "/dev/stdin"] {
        let out = sokolab_with_input(&["check", name], level.clone(), 30).expect("check ends");
        assert_eq!(out.status.code(), Some(0), "{name}: {}", stdout(&out));
        assert!(stdout(&out).contains("1 level(s): 1 valid"), "{name}: {}", stdout(&out));
    }
}

#[test]
fn a_stream_over_the_size_limit_is_an_error_not_cut() {
    let level = b"; Level\n#####\n#@$.#\n#####\n\n";
    let limit = sokolab::level::limits::MAX_FILE_BYTES as usize;
    let input: Vec<u8> = level.iter().copied().cycle().take(limit + 4 * level.len()).collect();
    let out = sokolab_with_input(&["check", "/dev/stdin"], input, 60).expect("check ends");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{}{err}", stdout(&out));
    assert!(err.contains("/dev/stdin: the input is longer than 67108864 bytes"), "{err}");
}

#[test]
fn an_invalid_level_says_why_in_the_json_and_the_table() {
    let dir = tempfile::tempdir().unwrap();
    // Level 1 has no player; level 2 is a 300 by 300 room, too many floor squares to number.
    let mut text = String::from("; No player\n#####\n# $.#\n#####\n\n; Big room\n");
    text += &format!("{}\n#@$.{}#\n", "#".repeat(302), " ".repeat(296));
    for _ in 1..300 {
        text += &format!("#{}#\n", " ".repeat(300));
    }
    text += &format!("{}\n\n; Two pushes\n######\n#@$ .#\n######\n", "#".repeat(302));
    let file = dir.path().join("invalid.xsb");
    std::fs::write(&file, text).unwrap();
    let name = file.to_str().unwrap();

    let out = sokolab(&["solve", name, "--json", "--method", "dfs:1"]);
    let lines: Vec<serde_json::Value> =
        stdout(&out).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 3, "{}", stdout(&out));
    let message = |k: usize| lines[k]["message"].as_str().unwrap().to_string();
    assert_eq!(lines[0]["status"], "invalid");
    assert_eq!(message(0), format!("{name}:2:1: the level must have exactly one player (found 0)"));
    assert_eq!(lines[1]["status"], "invalid");
    assert!(message(1).starts_with(&format!("{name}:7:1: too many floor squares: ")));
    assert!(message(1).ends_with(",999 > 65,535"), "{}", message(1));
    assert_eq!(lines[2]["status"], "depth-limit");
    assert!(message(2).starts_with("no solution within the depth limit"), "{lines:?}");

    let table = sokolab(&["bench", name, "--levels", "1-2"]);
    let rows = stdout(&table);
    assert!(rows.contains(&message(1)), "{rows}");
    assert!(rows.contains("exactly one player (found 0)"), "{rows}");
}

#[cfg(unix)]
mod saves {
    use super::*;
    use sokolab::level::format::{Format, save_file};
    use std::os::unix::fs::{FileTypeExt as _, MetadataExt as _, PermissionsExt as _};

    fn sample() -> sokolab::level::Collection {
        read_collection("; One\n#####\n#@$.#\n#####\n").unwrap()
    }

    #[test]
    fn a_save_keeps_the_mode_and_owner() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("private.xsb");
        std::fs::write(&path, "old").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
        // As root, the file can belong to someone else; a save keeps that too.
        let chowned = std::os::unix::fs::chown(&path, Some(4321), Some(4321)).is_ok();
        save_file(&path, &sample(), Format::Xsb).unwrap();
        let meta = std::fs::metadata(&path).unwrap();
        assert_eq!(meta.permissions().mode() & 0o7777, 0o600);
        if chowned {
            assert_eq!((meta.uid(), meta.gid()), (4321, 4321));
        }
        assert_eq!(load_file(&path).unwrap(), sample());
    }

    #[test]
    fn a_save_writes_through_a_symbolic_link() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("real")).unwrap();
        let real = dir.path().join("real/levels.xsb");
        std::fs::write(&real, "old").unwrap();
        let link = dir.path().join("levels.xsb");
        std::os::unix::fs::symlink("real/levels.xsb", &link).unwrap();
        save_file(&link, &sample(), Format::Xsb).unwrap();
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(load_file(&real).unwrap(), sample());
        // A link to a file not there yet creates it.
        std::fs::remove_file(&real).unwrap();
        save_file(&link, &sample(), Format::Xsb).unwrap();
        assert_eq!(load_file(&real).unwrap(), sample());
    }

    #[test]
    fn temporary_files_of_killed_saves_are_removed_by_the_next_save() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.xsb");
        let temp = |pid: u32| dir.path().join(format!(".a.xsb.{pid}.tmp"));
        // No process has this id (Linux's largest is 4,194,304).
        std::fs::write(temp(4_000_000_000), "half").unwrap();
        // The parent process and process 1 are running: a fresh temporary file of theirs
        // may be a save under way, but not one two hours old.
        let parent = std::os::unix::process::parent_id();
        let (fresh, old) = (temp(parent), temp(1));
        std::fs::write(&fresh, "busy").unwrap();
        std::fs::write(&old, "old").unwrap();
        let two_hours_ago = std::time::SystemTime::now() - Duration::from_secs(2 * 3600);
        std::fs::File::options()
            .write(true)
            .open(&old)
            .unwrap()
            .set_modified(two_hours_ago)
            .unwrap();
        let other = dir.path().join(".b.xsb.4000000000.tmp");
        std::fs::write(&other, "another file's").unwrap();

        save_file(&path, &sample(), Format::Xsb).unwrap();
        assert!(!temp(4_000_000_000).exists());
        assert!(fresh.exists());
        assert!(!old.exists());
        assert!(other.exists(), "only the saved file's temporary files are touched");
    }

    #[test]
    fn a_save_over_what_is_not_a_regular_file_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("f.xsb");
        assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
        let e = save_file(&fifo, &sample(), Format::Xsb).unwrap_err();
        assert!(e.message.starts_with("is a named pipe (FIFO), not a regular file"), "{e}");
        assert!(std::fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    }
}
