//! Opening and saving run on a worker thread: round trips, failures that keep the document,
//! edits made while saving, the prompt before an opened file replaces unsaved edits, a long
//! read that leaves the window working and can be cancelled, a named pipe refused at once,
//! and the autosave.

use std::time::{Duration, Instant};

use egui_kittest::kittest::Queryable;
use sokolab::app::App;
use sokolab::app::autosave::Autosave;
use sokolab::app::command::Command;
use sokolab::app::document::Document;
use sokolab::app::settings::Settings;
use sokolab::level::Pos;

use crate::harness::{drag, finish_files, window, window_for};

const ROOM: &str = "; Room\n#######\n#     #\n# $ . #\n#   @ #\n#######\n";

#[test]
fn save_then_open_gives_the_same_collection() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("saved.xsb");
    let mut h = window(ROOM);
    drag(&mut h, Pos::new(1, 1), Pos::new(2, 1));
    let edited = h.state().document.doc.collection.clone();
    h.state_mut().queue.push(Command::SaveTo(file.clone()));
    finish_files(&mut h);
    assert!(
        !h.state().document.doc.dirty,
        "saving clears the unsaved marker: {}",
        h.state().messages.status
    );
    assert_eq!(h.state().document.doc.path.as_deref(), Some(file.as_path()));
    assert!(file.exists());

    h.state_mut().queue.push(Command::AddLevel);
    h.run();
    assert!(h.state().document.doc.dirty);
    h.state_mut().queue.push(Command::OpenPath(file.clone()));
    finish_files(&mut h);
    // The edits since the save are not thrown away without asking.
    assert_eq!(h.state().document.doc.collection.levels.len(), 2);
    h.get_by_label_contains("has unsaved changes. Open saved.xsb");
    h.get_by_label("Discard and open").click();
    h.run();
    assert_eq!(h.state().document.doc.collection, edited);
    assert_eq!(h.state().document.doc.path.as_deref(), Some(file.as_path()));
    assert!(!h.state().document.doc.dirty);
}

#[test]
fn keeping_the_edits_declines_the_opened_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("other.xsb");
    std::fs::write(&file, "; Other\n#####\n#@$.#\n#####\n").unwrap();
    let mut h = window(ROOM);
    h.state_mut().queue.push(Command::AddLevel);
    h.run();
    let edited = h.state().document.doc.collection.clone();
    h.state_mut().queue.push(Command::OpenPath(file));
    finish_files(&mut h);
    h.get_by_label("Keep editing").click();
    h.run();
    assert_eq!(h.state().document.doc.collection, edited);
    assert!(h.state().document.doc.dirty);
    assert!(h.state().files.pending_open.is_none());
}

#[test]
fn failed_save_keeps_the_edits_and_broken_open_keeps_the_document() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = window(ROOM);
    drag(&mut h, Pos::new(1, 1), Pos::new(2, 1));
    let edited = h.state().document.doc.collection.clone();
    h.state_mut().queue.push(Command::SaveTo(dir.path().join("missing/dir/x.xsb")));
    finish_files(&mut h);
    assert!(h.state().document.doc.dirty, "a failed save leaves the document unsaved");
    assert!(h.state().messages.error.as_deref().unwrap().contains("not saved"));
    h.get_by_label("OK").click();
    h.run();
    assert!(h.state().messages.error.is_none());

    let bad = dir.path().join("bad.xsb");
    std::fs::write(&bad, b"#####\n#@$.#\n#\xff  #\n#####\n").unwrap();
    h.state_mut().queue.push(Command::OpenPath(bad));
    finish_files(&mut h);
    let error = h.state().messages.error.clone().unwrap();
    assert!(error.contains("bad.xsb:3:2"), "{error}");
    h.get_by_label_contains("bad.xsb:3:2");
    assert_eq!(h.state().document.doc.collection, edited, "the open document is kept");
    assert!(h.state().document.doc.dirty);
}

#[test]
fn edits_made_while_saving_keep_the_document_unsaved() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("busy.xsb");
    let mut h = window(ROOM);
    h.state_mut().queue.push(Command::SaveTo(file.clone()));
    h.step();
    assert!(h.state().files.run.is_some(), "the save runs as a job");
    h.state_mut().queue.push(Command::AddLevel);
    h.step();
    finish_files(&mut h);
    assert!(h.state().document.doc.dirty, "the level added while saving is not in the file");
    assert_eq!(h.state().document.doc.path.as_deref(), Some(file.as_path()));
    let written = sokolab::level::format::load_file(&file).unwrap();
    assert_eq!(written.levels.len(), 1);
    assert_eq!(h.state().document.doc.collection.levels.len(), 2);
}

/// A named pipe would block its reader until a writer comes: the open refuses it by name at
/// once, and the document stays.
#[test]
fn a_named_pipe_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let pipe = dir.path().join("pipe.xsb");
    let made = std::process::Command::new("mkfifo").arg(&pipe).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("mkfifo is not available; skipped");
        return;
    }
    let mut h = window(ROOM);
    h.state_mut().queue.push(Command::OpenPath(pipe));
    finish_files(&mut h);
    let error = h.state().messages.error.clone().unwrap_or_default();
    assert!(error.contains("pipe.xsb: is a named pipe (FIFO), not a regular file"), "{error}");
    assert_eq!(h.state().document.doc.collection.levels.len(), 1);
}

/// A long read (a large collection) leaves the window drawing and taking commands, shows
/// what it is doing, and Cancel drops the read.
#[test]
fn a_long_open_leaves_the_window_working_and_can_be_cancelled() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("large.xsb");
    // About 15 MB: a second or more to read and check, even in a release build.
    let wall = "#".repeat(30);
    let room = format!("#{}#", " ".repeat(28));
    let mut level = format!("; Large\n{wall}\n#@$.{}#\n", " ".repeat(25));
    level += &format!("{room}\n").repeat(17);
    level += &format!("{wall}\n\n");
    std::fs::write(&file, level.repeat(15_000_000 / level.len())).unwrap();
    let mut h = window(ROOM);
    // The status bar's spinner turns while the read goes on, so frames are run one by one.
    h.state_mut().queue.push(Command::OpenPath(file));
    h.run_steps(3);
    h.get_by_label("Opening large.xsb…");
    h.state_mut().queue.push(Command::AddLevel);
    h.run_steps(3);
    assert_eq!(
        h.state().document.doc.collection.levels.len(),
        2,
        "edits go on while the file is read"
    );
    h.get_by_label("Cancel").click();
    h.run_steps(3);
    h.get_by_label("Opening large.xsb… (cancelling)");
    // Let the read finish: its result is dropped.
    finish_files(&mut h);
    assert_eq!(h.state().document.doc.collection.levels.len(), 2);
    assert!(h.state().files.pending_open.is_none());
    h.get_by_label_contains("Did not open");
}

#[test]
fn startup_restores_unsaved_edits_and_asks_before_a_file_replaces_them() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("state");
    let autosaved = state.join("autosave.txt");
    // A crash left unsaved edits behind.
    let mut doc = Document::builtin();
    doc.dirty = true;
    doc.collection.levels[0].meta.title = "Unsaved".into();
    let mut autosave = Autosave::new(state.clone());
    autosave.tick(&doc, 1, || {}).unwrap();
    autosave.settle().unwrap();
    assert!(autosaved.exists());

    let file = dir.path().join("given.xsb");
    std::fs::write(&file, ROOM).unwrap();
    let app = App::startup(Some(file.clone()), Settings::default(), Some(state));
    let mut h = window_for(app);
    finish_files(&mut h);
    assert_eq!(h.state().document.doc.collection.levels[0].meta.title, "Unsaved");
    assert!(h.state().document.doc.dirty);
    h.get_by_label("Discard and open").click();
    h.run();
    assert_eq!(h.state().document.doc.path.as_deref(), Some(file.as_path()));
    assert_eq!(h.state().level().meta.title, "Room");
    // The autosave of the discarded edits is removed by a job of its own.
    let start = Instant::now();
    while autosaved.exists() {
        assert!(start.elapsed() < Duration::from_secs(20), "the autosave stays");
        std::thread::sleep(Duration::from_millis(2));
        h.step();
    }
}
