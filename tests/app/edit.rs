//! The paint editor: strokes, undo/redo per stroke, tools, validation.

use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
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
    assert!(h.state().document.doc.dirty);

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
    assert!(h.state().document.doc.dirty);
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
