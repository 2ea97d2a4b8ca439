//! Long command-line runs: shards of one `bench` merged by `report`, a signal that ends a run
//! with what it finished, no progress bar on a pipe, and the manual and completions.

// Only the board of 500 boxes is used here.
#[allow(dead_code)]
#[path = "boards/big.rs"]
mod boards;
mod common;

use common::{sokolab, stdout};
use serde_json::Value;
use std::io::{BufRead as _, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The JSON lines of `text`.
fn lines(text: &str) -> Vec<Value> {
    text.lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect()
}

/// What a level's line says that does not depend on the machine.
fn answer(line: &Value) -> (u64, String, u64, bool) {
    let status = line["status"].as_str().unwrap().to_string();
    (
        line["level"].as_u64().unwrap(),
        status,
        line["pushes"].as_u64().unwrap(),
        line["optimal"] == true,
    )
}

#[test]
fn three_shards_merged_by_report_equal_one_run() {
    let dir = tempfile::tempdir().unwrap();
    let common = ["levels/default.xsb", "--levels", "1-14", "--method", "astar", "--json"];
    let whole = sokolab(&[&["bench"][..], &common].concat());
    assert_eq!(whole.status.code(), Some(0), "{whole:?}");
    assert!(whole.stderr.is_empty(), "no progress on a pipe: {whole:?}");
    let whole = lines(&stdout(&whole));
    let (levels, summary) = whole.split_at(whole.len() - 1);
    assert_eq!(levels.len(), 14);

    let mut files = Vec::new();
    for k in 1..=3 {
        let shard = format!("{k}/3");
        let out = sokolab(&[&["bench"][..], &common, &["--shard", &shard]].concat());
        assert_eq!(out.status.code(), Some(0), "{out:?}");
        let part = lines(&stdout(&out));
        let numbers: Vec<u64> = part.iter().filter_map(|l| l["level"].as_u64()).collect();
        assert!(numbers.iter().all(|n| (n - 1) % 3 == k - 1), "shard {shard}: {numbers:?}");
        assert_eq!(part.last().unwrap()["summary"]["shard"], shard.as_str());
        let file = dir.path().join(format!("part{k}.jsonl"));
        std::fs::write(&file, stdout(&out)).unwrap();
        files.push(file.to_string_lossy().into_owned());
    }
    let files: Vec<&str> = files.iter().map(String::as_str).collect();
    let merged = sokolab(&[&["report", "--json"][..], &files].concat());
    assert_eq!(merged.status.code(), Some(0), "{merged:?}");
    assert!(merged.stderr.is_empty(), "every shard given: {merged:?}");
    let merged = lines(&stdout(&merged));
    let (merged_levels, merged_summary) = merged.split_at(merged.len() - 1);
    let answers = |ls: &[Value]| ls.iter().map(answer).collect::<Vec<_>>();
    assert_eq!(answers(merged_levels), answers(levels), "the levels, in order");
    for key in ["levels", "solved"] {
        assert_eq!(merged_summary[0]["summary"][key], summary[0]["summary"][key], "{key}");
    }

    // The readable report; a shard left out is named; a line that is not a report is refused.
    let text = sokolab(&[&["report"][..], &files].concat());
    let solved = summary[0]["summary"]["solved"].as_u64().unwrap();
    let expected = format!("14 levels, {solved} solved");
    assert!(stdout(&text).contains(&expected), "{expected}: {text:?}");
    let partial = sokolab(&["report", files[0], files[2]]);
    let warning = String::from_utf8_lossy(&partial.stderr);
    assert!(warning.contains("shard(s) 2/3 not given"), "{warning}");
    let twice = sokolab(&["report", files[0], files[0]]);
    assert_eq!(twice.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&twice.stderr).contains("was already read at"));
    let bad = sokolab(&["report", "levels/default.xsb"]);
    assert_eq!(bad.status.code(), Some(2));
    let said = String::from_utf8_lossy(&bad.stderr);
    assert!(said.starts_with("sokolab: error: levels/default.xsb:1:"), "{said}");
}

/// Three quick levels, then one that no search finishes in a minute (500 boxes).
fn quick_then_endless(dir: &Path) -> String {
    let quick =
        "; A\n#####\n#@$.#\n#####\n\n; B\n######\n#@ $.#\n######\n\n; C\n######\n#@$ .#\n######\n";
    let endless =
        sokolab::level::Collection { levels: vec![boards::boxes_500()], ..Default::default() };
    let endless =
        sokolab::level::format::write_collection(&endless, sokolab::level::format::Format::Xsb);
    let file = dir.join("quick-then-endless.xsb");
    std::fs::write(&file, format!("{quick}\n{endless}")).unwrap();
    file.to_string_lossy().into_owned()
}

/// Starts the binary with `args`, its standard output piped to the test.
#[cfg(unix)]
fn spawn(args: &[&str], stderr: Stdio) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_sokolab"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
        .unwrap()
}

/// Runs the binary with `args`, sends SIGINT once `ready` lines are on its standard output,
/// and returns its status and every line it wrote.
#[cfg(unix)]
fn interrupted(args: &[&str], ready: usize) -> (Option<i32>, Vec<String>) {
    let mut child = spawn(args, Stdio::null());
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut said = Vec::new();
    let start = Instant::now();
    while said.len() < ready {
        let mut line = String::new();
        assert!(out.read_line(&mut line).unwrap() > 0, "ended early: {said:?}");
        said.push(line.trim_end().to_string());
        assert!(start.elapsed() < Duration::from_secs(60), "too slow: {said:?}");
    }
    let kill = Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(kill.success());
    let stopped = Instant::now();
    said.extend(out.lines().map(Result::unwrap));
    let status = child.wait().unwrap();
    assert!(
        stopped.elapsed() < Duration::from_secs(10),
        "{:?} after the signal",
        stopped.elapsed()
    );
    (status.code(), said)
}

#[cfg(unix)]
#[test]
fn ctrl_c_ends_bench_and_rate_with_the_levels_finished_and_status_130() {
    let dir = tempfile::tempdir().unwrap();
    let file = quick_then_endless(dir.path());
    let (code, said) = interrupted(&["bench", &file, "--time-limit", "120", "--json"], 3);
    assert_eq!(code, Some(130), "{said:?}");
    let said: Vec<Value> = said.iter().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(said.len(), 4, "three levels and the summary: {said:?}");
    let summary = &said[3]["summary"];
    assert_eq!((summary["levels"].as_u64(), summary["solved"].as_u64()), (Some(3), Some(3)));
    assert_eq!(summary["interrupted"], true);

    let (code, said) = interrupted(&["rate", &file, "--time-limit", "120", "--json"], 3);
    assert_eq!(code, Some(130), "{said:?}");
    let last: Value = serde_json::from_str(said.last().unwrap()).unwrap();
    assert_eq!(last["summary"]["levels"], 3, "{said:?}");
    assert_eq!(last["summary"]["interrupted"], true);

    // Readable: the table's three rows, then the summary, which says it was interrupted.
    let (code, said) = interrupted(&["bench", &file, "--time-limit", "120"], 4);
    assert_eq!(code, Some(130), "{said:?}");
    let text = said.join("\n");
    assert!(text.contains("interrupted") && text.contains("3 levels, 3 solved"), "{text}");
}

/// A reader that stops reading (`| head -1`) ends the run quietly, as it ends `cat`.
#[cfg(unix)]
#[test]
fn a_closed_pipe_ends_bench_quietly() {
    use std::os::unix::process::ExitStatusExt as _;
    // More lines than a pipe holds, so the run writes after the reader has gone.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("many.xsb");
    std::fs::write(&file, "; A\n#####\n#@$.#\n#####\n\n".repeat(2000)).unwrap();
    let mut child = spawn(&["bench", file.to_str().unwrap(), "--json"], Stdio::piped());
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    assert!(first.starts_with("{\"level\":1"), "{first}");
    drop(out);
    let done = child.wait_with_output().unwrap();
    let said = String::from_utf8_lossy(&done.stderr);
    assert!(said.is_empty(), "nothing on standard error: {said}");
    assert_eq!(done.status.signal(), Some(libc::SIGPIPE), "{:?}", done.status);
}

#[test]
fn the_manual_page_and_completions_are_written() {
    let man = sokolab(&["man"]);
    assert_eq!(man.status.code(), Some(0));
    let page = stdout(&man);
    assert!(page.contains(".TH sokolab 1") || page.contains(".TH SOKOLAB 1"), "{}", &page[..200]);
    assert!(page.contains("sokolab\\-bench(1)"), "the subcommands' pages are named");
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = sokolab(&["completions", shell]);
        assert_eq!(out.status.code(), Some(0), "{shell}");
        assert!(stdout(&out).contains("report"), "{shell}");
    }
    let bad = sokolab(&["completions", "tcsh"]);
    assert_eq!(bad.status.code(), Some(2));
}
