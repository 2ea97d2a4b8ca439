//! The second bad-input campaign's reproducers (issue 36, `../shared/repro/limits/`): every
//! limit is read strictly and holds in every subcommand. Small reproducers are written here
//! inline; the larger ones are copied from the shared folder and their tests skip with a
//! note when it is absent.

use std::path::Path;
use std::process::{Command, Output};

/// A level the solver finishes at once.
const SMALL: &str = "; small\n#######\n#     #\n# $@. #\n#     #\n#######\nTitle: Small\n";

fn sokolab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sokolab"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the sokolab binary runs")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn a_time_limit_that_is_not_a_finite_count_is_a_usage_error_and_a_huge_one_no_limit() {
    let dir = tempfile::tempdir().unwrap();
    let level = write(dir.path(), "lvl.xsb", SMALL);
    for command in ["solve", "bench", "optimize"] {
        for bad in ["inf", "NaN", "-1", "-inf"] {
            let out = sokolab(&[command, &level, "--time-limit", bad]);
            assert_eq!(out.status.code(), Some(2), "{command} --time-limit {bad}: {out:?}");
            assert!(stderr(&out).contains("expected a finite number of seconds"), "{out:?}");
        }
        for huge in ["1e20", "1e300"] {
            let out = sokolab(&[command, &level, "--time-limit", huge]);
            assert_eq!(out.status.code(), Some(0), "{command} --time-limit {huge}: {out:?}");
            assert!(stderr(&out).contains("running with no time limit"), "{out:?}");
        }
    }
}

#[cfg(unix)]
#[test]
fn a_read_only_file_is_not_rewritten_by_any_save() {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "ro.xsb", SMALL);
    let copy = write(dir.path(), "copy.sok", SMALL);
    for path in [&file, &copy] {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o444)).unwrap();
    }
    // The optimiser finds a shorter solution, and would add it to the file.
    let out = sokolab(&["optimize", &file, "--solution", "ulldRlrR", "--save"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(stderr(&out).contains("ro.xsb: is read-only for you, so it was not saved"), "{out:?}");
    let out = sokolab(&["convert", &file, &copy]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(stderr(&out).contains("copy.sok: is read-only for you"), "{out:?}");
    for path in [&file, &copy] {
        assert_eq!(std::fs::read_to_string(path).unwrap(), SMALL, "{path} is untouched");
        let mode = std::fs::metadata(path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o444);
    }
    // Made writable, it is saved.
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).unwrap();
    let out = sokolab(&["optimize", &file, "--solution", "ulldRlrR", "--save"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_ne!(std::fs::read_to_string(&file).unwrap(), SMALL, "the shorter solution is added");
}

#[test]
fn optimize_says_why_it_has_no_solution_to_start_from() {
    let dir = tempfile::tempdir().unwrap();
    let no_boxes = write(dir.path(), "none.xsb", "#####\n#@  #\n#####\n");
    let out = sokolab(&["optimize", &no_boxes, "--time-limit", "5"]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(stdout(&out).contains("cannot be searched") && stdout(&out).contains("no boxes"));
    let stuck = write(dir.path(), "stuck.xsb", "########\n#@$$ ..#\n########\n");
    let out = sokolab(&["optimize", &stuck, "--time-limit", "5"]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(stdout(&out).contains("`auto` proved the level unsolvable"), "{out:?}");
}
