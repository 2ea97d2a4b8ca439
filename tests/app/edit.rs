//! The paint editor: strokes, undo/redo per stroke, tools, validation, files.

use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use sokolab::app::command::Command;
use sokolab::level::{Pos, Terrain};

use crate::harness::{board, click, drag, window};

const ROOM: &str = "; Room\n#######\n#     #\n# $ . #\n#   @ #\n#######\n";

#[test]
fn dragging_paints_walls_and_one_undo_takes_the_stroke_back() {
    let mut h = window(ROOM);
    drag(&mut h, Pos::new(1, 1), Pos::new(4, 1));
    let level = board(&h);
    for x in 1..=4 {
        assert_eq!(level.square(Pos::new(x, 1)).terrain, Terrain::Wall, "column {x}");
    }
    assert_eq!(level.square(Pos::new(5, 1)).terrain, Terrain::Floor);
    assert!(h.state().doc.dirty);

    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    let level = board(&h);
    assert!((1..=4).all(|x| level.square(Pos::new(x, 1)).terrain == Terrain::Floor));

    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    h.run();
    assert!((1..=4).all(|x| board(&h).square(Pos::new(x, 1)).terrain == Terrain::Wall));
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    h.run();
    assert_eq!(board(&h).square(Pos::new(2, 1)).terrain, Terrain::Wall, "Ctrl+Y redoes");
}

#[test]
fn tools_place_goal_box_and_player() {
    let mut h = window(ROOM);
    h.key_press(Key::G);
    h.run();
    click(&mut h, Pos::new(1, 3));
    assert_eq!(board(&h).square(Pos::new(1, 3)).terrain, Terrain::Goal);
    h.key_press(Key::B);
    h.run();
    click(&mut h, Pos::new(1, 3));
    let sq = board(&h).square(Pos::new(1, 3));
    assert!(sq.has_box && sq.terrain == Terrain::Goal, "a box on a goal");
    h.get_by_label("Player (P)").click();
    h.run();
    click(&mut h, Pos::new(5, 1));
    assert_eq!(board(&h).player(), Some(Pos::new(5, 1)), "the player moved");
}

#[test]
fn the_right_button_erases() {
    let mut h = window(ROOM);
    let at = crate::harness::center(&h, Pos::new(0, 0));
    h.hover_at(at);
    h.step();
    for pressed in [true, false] {
        h.event(egui::Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Secondary,
            pressed,
            modifiers: Modifiers::NONE,
        });
        h.step();
    }
    h.run();
    assert_eq!(board(&h).square(Pos::new(0, 0)).terrain, Terrain::Outside);
    assert!(h.state().doc.dirty);
}

#[test]
fn validation_messages_appear_and_clear() {
    let mut h = window(ROOM);
    h.get_by_label("No problems found");
    h.key_press(Key::B);
    h.run();
    click(&mut h, Pos::new(2, 1));
    h.get_by_label_contains("2 boxes but 1 goal");
    assert!(h.query_by_label("No problems found").is_none());
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert!(h.query_by_label_contains("2 boxes but 1 goal").is_none());
    h.get_by_label("No problems found");
}

#[test]
fn save_then_open_gives_the_same_collection() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("saved.xsb");
    let mut h = window(ROOM);
    drag(&mut h, Pos::new(1, 1), Pos::new(2, 1));
    let edited = h.state().doc.collection.clone();
    h.state_mut().queue.push(Command::SaveTo(file.clone()));
    h.run();
    assert!(!h.state().doc.dirty, "saving clears the unsaved marker");
    assert!(file.exists());

    click(&mut h, Pos::new(5, 2));
    assert!(h.state().doc.dirty);
    h.state_mut().queue.push(Command::OpenPath(file.clone()));
    h.run();
    assert_eq!(h.state().doc.collection, edited);
    assert_eq!(h.state().doc.path.as_deref(), Some(file.as_path()));
    assert!(!h.state().doc.dirty);
}

#[test]
fn failed_save_keeps_the_edits_and_broken_open_keeps_the_document() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = window(ROOM);
    drag(&mut h, Pos::new(1, 1), Pos::new(2, 1));
    let edited = h.state().doc.collection.clone();
    h.state_mut().queue.push(Command::SaveTo(dir.path().join("missing/dir/x.xsb")));
    h.run();
    assert!(h.state().doc.dirty, "a failed save leaves the document unsaved");
    assert!(h.state().error.as_deref().unwrap().contains("not saved"));
    h.state_mut().error = None;

    let bad = dir.path().join("bad.xsb");
    std::fs::write(&bad, b"#####\n#@$.#\n#\xff  #\n#####\n").unwrap();
    h.state_mut().queue.push(Command::OpenPath(bad));
    h.run();
    let error = h.state().error.clone().unwrap();
    assert!(error.contains("bad.xsb:3:2"), "{error}");
    assert_eq!(h.state().doc.collection, edited, "the open document is kept");
    assert!(h.state().doc.dirty);
}
