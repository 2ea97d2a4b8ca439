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
use sokolab::app::worker::Waker;
use sokolab::level::Pos;

use crate::harness::{drag, finish_files, window, window_for};

const ROOM: &str = "; Room\n#######\n#     #\n# $ . #\n#   @ #\n#######\n";

#[test]
fn save_then_open_gives_the_same_collection() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("saved.xsb");
    let mut h = window(ROOM);
    drag(&mut h, Pos::new(1, 1), Pos::new(2, 1));
    let edited = h.state().document().doc.collection.clone();
    h.state_mut().send(Command::SaveTo(file.clone()));
    finish_files(&mut h);
    assert!(
        !h.state().document().doc.dirty,
        "saving clears the unsaved marker: {}",
        h.state().messages().status
    );
    assert_eq!(h.state().document().doc.path.as_deref(), Some(file.as_path()));
    assert!(file.exists());

    h.state_mut().send(Command::AddLevel);
    h.run();
    assert!(h.state().document().doc.dirty);
    h.state_mut().send(Command::OpenPath(file.clone()));
    finish_files(&mut h);
    // The edits since the save are not thrown away without asking.
    assert_eq!(h.state().document().doc.collection.levels.len(), 2);
    h.get_by_label_contains("has unsaved changes. Open saved.xsb");
    h.get_by_label("Discard and open").click();
    h.run();
    assert_eq!(h.state().document().doc.collection, edited);
    assert_eq!(h.state().document().doc.path.as_deref(), Some(file.as_path()));
    assert!(!h.state().document().doc.dirty);
}

#[test]
fn keeping_the_edits_declines_the_opened_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("other.xsb");
    std::fs::write(&file, "; Other\n#####\n#@$.#\n#####\n").unwrap();
    let mut h = window(ROOM);
    h.state_mut().send(Command::AddLevel);
    h.run();
    let edited = h.state().document().doc.collection.clone();
    h.state_mut().send(Command::OpenPath(file));
    finish_files(&mut h);
    h.get_by_label("Keep editing").click();
    h.run();
    assert_eq!(h.state().document().doc.collection, edited);
    assert!(h.state().document().doc.dirty);
    assert!(h.state().files().pending_open.is_none());
}

#[test]
fn failed_save_keeps_the_edits_and_broken_open_keeps_the_document() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = window(ROOM);
    drag(&mut h, Pos::new(1, 1), Pos::new(2, 1));
    let edited = h.state().document().doc.collection.clone();
    h.state_mut().send(Command::SaveTo(dir.path().join("missing/dir/x.xsb")));
    finish_files(&mut h);
    assert!(h.state().document().doc.dirty, "a failed save leaves the document unsaved");
    assert!(h.state().messages().error.as_deref().unwrap().contains("not saved"));
    h.get_by_label("OK").click();
    h.run();
    assert!(h.state().messages().error.is_none());

    let bad = dir.path().join("bad.xsb");
    std::fs::write(&bad, b"#####\n#@$.#\n#\xff  #\n#####\n").unwrap();
    h.state_mut().send(Command::OpenPath(bad));
    finish_files(&mut h);
    let error = h.state().messages().error.clone().unwrap();
    assert!(error.contains("bad.xsb:3:2"), "{error}");
    h.get_by_label_contains("bad.xsb:3:2");
    assert_eq!(h.state().document().doc.collection, edited, "the open document is kept");
    assert!(h.state().document().doc.dirty);
}

#[test]
fn edits_made_while_saving_keep_the_document_unsaved() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("busy.xsb");
    let mut h = window(ROOM);
    h.state_mut().send(Command::SaveTo(file.clone()));
    h.step();
    assert!(h.state().files().run.is_some(), "the save runs as a job");
    h.state_mut().send(Command::AddLevel);
    h.step();
    finish_files(&mut h);
    assert!(h.state().document().doc.dirty, "the level added while saving is not in the file");
    assert_eq!(h.state().document().doc.path.as_deref(), Some(file.as_path()));
    let written = sokolab::level::format::load_file(&file).unwrap();
    assert_eq!(written.levels.len(), 1);
    assert_eq!(h.state().document().doc.collection.levels.len(), 2);
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
    h.state_mut().send(Command::OpenPath(pipe));
    finish_files(&mut h);
    let error = h.state().messages().error.clone().unwrap_or_default();
    assert!(error.contains("pipe.xsb: is a named pipe (FIFO), not a regular file"), "{error}");
    assert_eq!(h.state().document().doc.collection.levels.len(), 1);
}

/// A long read (a large collection) leaves the window drawing and taking commands, shows
/// what it is doing, and Cancel drops the read.
#[test]
fn a_long_open_leaves_the_window_working_and_can_be_cancelled() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("large.xsb");
    // About 6 MB: seconds to read and check in a test build, so the read is still going
    // after the frames below (the read itself is not stopped by Cancel, only dropped, so a
    // bigger file only makes the wait for it longer on a busy machine).
    let wall = "#".repeat(30);
    let room = format!("#{}#", " ".repeat(28));
    let mut level = format!("; Large\n{wall}\n#@$.{}#\n", " ".repeat(25));
    level += &format!("{room}\n").repeat(17);
    level += &format!("{wall}\n\n");
    std::fs::write(&file, level.repeat(6_000_000 / level.len())).unwrap();
    let mut h = window(ROOM);
    // The status bar's spinner turns while the read goes on, so frames are run one by one.
    h.state_mut().send(Command::OpenPath(file));
    h.run_steps(3);
    h.get_by_label("Opening large.xsb…");
    h.state_mut().send(Command::AddLevel);
    h.run_steps(3);
    assert_eq!(
        h.state().document().doc.collection.levels.len(),
        2,
        "edits go on while the file is read"
    );
    h.get_by_label("Cancel").click();
    h.run_steps(3);
    h.get_by_label("Opening large.xsb… (cancelling)");
    // Let the read finish: its result is dropped.
    finish_files(&mut h);
    assert_eq!(h.state().document().doc.collection.levels.len(), 2);
    assert!(h.state().files().pending_open.is_none());
    h.get_by_label_contains("Did not open");
}

/// Leaves unsaved edits in an autosave under `state`, as a crash would; its file.
fn crash_with_edits(state: &std::path::Path) -> std::path::PathBuf {
    let mut doc = Document::builtin();
    doc.dirty = true;
    doc.collection.levels[0].meta.title = "Unsaved".into();
    let mut autosave = Autosave::new(state.to_path_buf());
    autosave.tick(&doc, 1, Waker::new(&egui::Context::default())).unwrap();
    autosave.settle().unwrap();
    let autosaved = state.join("autosave.txt");
    assert!(autosaved.exists());
    autosaved
}

/// Runs frames until `file` is gone (20 s at most).
fn wait_removed(h: &mut egui_kittest::Harness<'_, App>, file: &std::path::Path) {
    let start = Instant::now();
    while file.exists() {
        assert!(start.elapsed() < Duration::from_secs(20), "{} stays", file.display());
        std::thread::sleep(Duration::from_millis(2));
        h.step();
    }
}

#[test]
fn startup_offers_the_unsaved_edits_and_discard_removes_them() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("state");
    let autosaved = crash_with_edits(&state);
    let file = dir.path().join("given.xsb");
    std::fs::write(&file, ROOM).unwrap();
    let app = App::startup(Some(file.clone()), Settings::default(), Some(state.clone()));
    let mut h = window_for(app);
    finish_files(&mut h);
    // Offered, not imposed: the file given is shown and the autosave waits for an answer.
    h.get_by_label("Restore the unsaved edits of Untitled from just now?");
    assert_eq!(h.state().level().meta.title, "Room");
    assert!(!h.state().document().doc.dirty);
    h.run_steps(5);
    assert!(autosaved.exists(), "the autosave waits for the answer");
    h.get_by_label("Discard").click();
    h.run();
    assert_eq!(h.state().level().meta.title, "Room");
    // The autosave of the discarded edits is removed by a job of its own.
    wait_removed(&mut h, &autosaved);
    assert!(App::startup(None, Settings::default(), Some(state)).files().pending_restore.is_none());
}

#[test]
fn restore_brings_back_the_unsaved_edits() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("state");
    crash_with_edits(&state);
    let file = dir.path().join("given.xsb");
    std::fs::write(&file, ROOM).unwrap();
    let mut h = window_for(App::startup(Some(file), Settings::default(), Some(state)));
    finish_files(&mut h);
    h.get_by_label("Restore").click();
    h.run();
    assert_eq!(h.state().level().meta.title, "Unsaved");
    assert!(h.state().document().doc.dirty);
}

/// "Discard and close" means discard: the autosave is not written again on the way out,
/// and the next start offers nothing.
#[test]
fn discard_and_close_leaves_nothing_to_restore() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("state");
    let app = App::new(Document::builtin(), Settings::default(), Some(state.clone()));
    let mut h = window_for(app);
    let autosaved = state.join("autosave.txt");
    h.state_mut().send(Command::SetTitle("Edited".into()));
    let start = Instant::now();
    while !autosaved.exists() {
        assert!(start.elapsed() < Duration::from_secs(20), "no autosave is written");
        std::thread::sleep(Duration::from_millis(2));
        h.step();
    }
    assert!(h.state().document().doc.dirty);
    assert!(!h.state_mut().may_close(), "unsaved edits ask first");
    h.run();
    h.get_by_label("Discard and close").click();
    // The frames until the window closes, then the exit.
    h.run_steps(10);
    h.state_mut().on_exit();
    assert!(!autosaved.exists(), "the discarded edits were autosaved again");
    assert!(App::startup(None, Settings::default(), Some(state)).files().pending_restore.is_none());
}

/// Opening a file with a line the reader cannot read says so, with its line and column.
#[test]
fn opening_a_file_with_an_unreadable_line_shows_the_warning() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("junk.xsb");
    std::fs::write(&file, "; Junk\n#####\n#@$.#\n##x##\n#   #\n#####\n").unwrap();
    let mut h = window(ROOM);
    h.state_mut().send(Command::OpenPath(file));
    finish_files(&mut h);
    let error = h.state().messages().error.clone().unwrap_or_default();
    assert!(error.contains("junk.xsb:4:3: `x` is not a board square"), "{error}");
    h.get_by_label_contains("Some lines of junk.xsb were not read");
}

/// Without a system file dialog, Open and Save as show Sokolab's own (never nothing): it
/// lists a folder, takes a file name and opens or saves it.
#[test]
fn open_and_save_as_fall_back_to_a_dialog_inside_the_window() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("room.xsb"), ROOM).unwrap();
    let mut h = window("; Start\n#####\n#@$.#\n#####\n");
    h.state_mut().files_mut().native_dialogs = false;
    h.state_mut().send(Command::Open);
    h.run();
    h.get_by_label("Open a level file");
    h.state_mut().files_mut().picker.as_mut().expect("the dialog is open").enter(dir.path().into());
    h.run();
    h.get_by_label("room.xsb").click();
    h.run();
    h.get_by_label("Open file").click();
    finish_files(&mut h);
    assert!(h.state().files().picker.is_none());
    assert_eq!(h.state().level().meta.title, "Room");

    h.state_mut().send(Command::SaveAs);
    h.run();
    h.get_by_label("Save the collection as");
    let picker = h.state_mut().files_mut().picker.as_mut().expect("the dialog is open");
    assert_eq!(picker.dir, dir.path(), "it starts in the document's folder");
    picker.name = "copy.xsb".into();
    h.run();
    h.get_by_label("Save file").click();
    finish_files(&mut h);
    assert!(dir.path().join("copy.xsb").exists());
}

/// The window's own Save as asks before it replaces a file: keeping it leaves the file as it
/// was and the dialog open; replacing it writes the collection there.
#[test]
fn save_as_asks_before_replacing_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let other = dir.path().join("other.xsb");
    std::fs::write(&other, ROOM).unwrap();
    let mut h = window("; Start\n#####\n#@$.#\n#####\n");
    h.state_mut().files_mut().native_dialogs = false;
    h.state_mut().send(Command::SaveAs);
    h.run();
    h.state_mut().files_mut().picker.as_mut().expect("the dialog is open").enter(dir.path().into());
    h.run();
    h.get_by_label("other.xsb").click();
    h.run();
    h.get_by_label("Save file").click();
    h.run();
    h.get_by_label_contains("other.xsb already exists. Replace it?");
    h.get_by_label("Keep it").click();
    h.run();
    assert_eq!(std::fs::read_to_string(&other).unwrap(), ROOM, "the file is kept");
    assert!(h.state().files().picker.is_some(), "the dialog stays open");
    h.get_by_label("Save file").click();
    h.run();
    h.get_by_label("Replace").click();
    finish_files(&mut h);
    assert!(h.state().files().picker.is_none());
    let saved = std::fs::read_to_string(&other).unwrap();
    assert!(saved.contains("Start") && !saved.contains("Room"), "{saved}");
}

/// Export without a system dialog opens the window's own: a file name for the GIF, a folder
/// for the frames.
#[test]
fn export_falls_back_to_a_dialog_inside_the_window() {
    use sokolab::app::file_picker::Purpose;
    let mut h = window("; Corridor\n######\n#@$ .#\n######\n");
    h.state_mut().files_mut().native_dialogs = false;
    let lurd = sokolab::app::timeline::TimelineSource::Lurd("RR".into());
    h.state_mut().send(Command::TimelineLoad(lurd));
    h.run();
    assert!(h.state().timeline().loaded.is_some(), "{}", h.state().messages().status);
    for (command, purpose) in
        [(Command::ExportGif, Purpose::Gif), (Command::ExportFrames, Purpose::Frames)]
    {
        h.state_mut().send(command);
        h.run();
        let picker = h.state().files().picker.as_ref().expect("the dialog is open");
        assert_eq!(picker.purpose, purpose);
        h.get_by_label(&purpose.title());
        h.state_mut().files_mut().picker = None;
        h.run();
    }
}
