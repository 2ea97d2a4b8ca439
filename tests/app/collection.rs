//! Collection operations: clipboard copy and paste, adding levels, the close prompt.

use egui::OutputCommand;
use egui_kittest::kittest::Queryable;
use sokolab::app::command::Command;

use crate::harness::window;

const ONE: &str = "; One\n#####\n#@$.#\n#####\n";

#[test]
fn copy_gives_xsb_and_paste_adds_the_level() {
    let mut h = window(ONE);
    h.event(egui::Event::Copy);
    h.step();
    let copied = h.output().platform_output.commands.iter().find_map(|c| match c {
        OutputCommand::CopyText(text) => Some(text.clone()),
        _ => None,
    });
    let copied = copied.expect("the level went to the clipboard");
    assert!(copied.contains("#@$.#"), "{copied}");
    h.run();

    h.event(egui::Event::Paste(copied.replace("One", "Two")));
    h.run();
    let levels = &h.state().document.doc.collection.levels;
    assert_eq!(levels.len(), 2);
    assert_eq!(levels[1].meta.title, "Two");
    assert_eq!(h.state().document.current, 1, "the pasted level is shown");
    h.get_by_label("2. Two");

    h.state_mut().queue.push(Command::DuplicateLevel);
    h.run();
    h.get_by_label("Delete").click();
    h.run();
    assert_eq!(h.state().document.doc.collection.levels.len(), 2);
}

#[test]
fn closing_with_unsaved_edits_asks_first() {
    let mut h = window(ONE);
    assert!(h.state_mut().may_close(), "a clean document closes at once");
    h.state_mut().queue.push(Command::AddLevel);
    h.run();
    assert!(!h.state_mut().may_close());
    h.run();
    h.get_by_label("Unsaved changes");
    h.get_by_label("Discard and close").click();
    h.run();
    assert!(h.state_mut().may_close(), "discarding allows the window to close");
}
