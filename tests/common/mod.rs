//! What the integration tests share: where they find the benchmark collections
//! (`$SOKOLAB_LEVELS`, else `../shared/levels` beside the repository; they are not ours, so a
//! fresh clone may lack them: each lookup prints a note and gives `None` then, and the test
//! skips its work), and running the `sokolab` binary.

// Each test crate that includes this module uses only part of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

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
        eprintln!("note: {} is absent; skipping what needs it", file.display());
        None
    }
}

/// Runs the `sokolab` binary with `args` in the repository's directory.
pub fn sokolab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sokolab"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the sokolab binary runs")
}

/// Runs the binary with `input` on its standard input, killed after `secs` seconds: `None`
/// when it had not ended by then.
pub fn sokolab_with_input(args: &[&str], input: Vec<u8>, secs: u64) -> Option<Output> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sokolab"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the sokolab binary runs");
    let mut stdin = child.stdin.take().unwrap();
    // It may stop reading early: a broken pipe is not a failure here.
    std::thread::spawn(move || std::io::Write::write_all(&mut stdin, &input));
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(secs) {
            child.kill().unwrap();
            child.wait().unwrap();
            return None;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    Some(child.wait_with_output().unwrap())
}

/// What a run printed on its standard output.
pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// What a run printed on its standard error.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Writes `text` to `dir/name`; its path.
pub fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}
