//! The paint editor: strokes, undo/redo per stroke, tools, validation.

use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use sokolab::level::{Pos, Square, Terrain};

use crate::harness::{board, click, drag, live_badge, window};

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
    assert!(h.state().document().doc.dirty);

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

/// Presses and releases the secondary button on square `p`, with `modifiers`.
fn right_click(h: &mut egui_kittest::Harness<'_, sokolab::app::App>, p: Pos, modifiers: Modifiers) {
    let at = crate::harness::center(h, p);
    h.hover_at(at);
    h.step();
    for pressed in [true, false] {
        let button = egui::PointerButton::Secondary;
        h.event(egui::Event::PointerButton { pos: at, button, pressed, modifiers });
        h.step();
    }
    h.run();
}

/// The right button takes away a box, goal or player and leaves floor, never a hole in
/// the walls; with Shift it erases the square.
#[test]
fn the_right_button_clears_and_shift_right_erases() {
    let mut h = window(ROOM);
    let (boxed, goal, wall) = (Pos::new(2, 2), Pos::new(4, 2), Pos::new(0, 0));
    assert!(board(&h).square(boxed).has_box);
    right_click(&mut h, boxed, Modifiers::NONE);
    assert_eq!(
        board(&h).square(boxed),
        Square::of(Terrain::Floor),
        "the box went, the floor stays"
    );
    right_click(&mut h, goal, Modifiers::NONE);
    assert_eq!(board(&h).square(goal), Square::of(Terrain::Floor));
    right_click(&mut h, wall, Modifiers::NONE);
    assert_eq!(board(&h).square(wall).terrain, Terrain::Wall, "a wall is not cleared");
    assert!(h.state().document().doc.dirty);
    right_click(&mut h, wall, Modifiers::SHIFT);
    assert_eq!(board(&h).square(wall).terrain, Terrain::Outside, "Shift+right erases");
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
fn the_live_badge_follows_the_edits() {
    let mut h = window(ROOM);
    let text = live_badge(&mut h);
    assert!(text.starts_with("Solvable: 2 pushes"), "{text}");
    h.get_by_label(&text);
    // A wall between the box and its goal: no way round (row 4 is wall, so the box cannot
    // come back up to row 2 from below, nor down onto it from row 1).
    click(&mut h, Pos::new(3, 2));
    assert_eq!(board(&h).square(Pos::new(3, 2)).terrain, Terrain::Wall);
    let text = live_badge(&mut h);
    assert!(text.starts_with("Unsolvable: proved"), "{text}");
    h.get_by_label(&text);
    // Undo is an edit too.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert!(live_badge(&mut h).starts_with("Solvable"));
    // A budget of zero switches the check off.
    h.state_mut()
        .send(sokolab::app::command::Command::SetLiveCheckBudget(std::time::Duration::ZERO));
    h.run();
    h.get_by_label_contains("Live solvability check off");
    h.get_by_label("Live check budget (s; 0: off)");
}

#[test]
fn the_next_edit_cancels_the_running_live_check() {
    let collection =
        sokolab::level::format::read_collection(&crate::inspect::big_room(160)).unwrap();
    let doc = sokolab::app::document::Document { collection, path: None, dirty: false };
    let settings = sokolab::app::settings::Settings {
        live_check: std::time::Duration::from_secs(60),
        ..Default::default()
    };
    let mut h = crate::harness::window_for(sokolab::app::App::new(doc, settings, None));
    assert!(h.state().editor().live.checking().is_some(), "the check of the level opened runs");
    h.get_by_label_contains("Checking solvability…");
    click(&mut h, Pos::new(1, 3));
    let live = &h.state().editor().live;
    assert_eq!(live.cancelled, 1, "the edit cancelled the check of the level before it");
    assert_eq!(live.checking(), Some(h.state().document().key()), "and checks the new one");
}

/// A level that is another level of the collection mirrored is a warning on both, naming
/// the other; an edit that makes it another puzzle clears it, and undo brings it back.
#[test]
fn a_level_repeating_another_is_warned_of_until_it_differs() {
    // Mirrored left to right; the room is symmetric top to bottom but for the player, who
    // may stand anywhere in his area, so the copy is also the room turned half round.
    let mirror = "; Mirror\n#######\n#     #\n# . $ #\n# @   #\n#######\n";
    let mut h = window(&format!("{ROOM}\n{mirror}"));
    h.get_by_label("warning: the same board as level 2. Mirror, turned half round");
    h.key_press(Key::PageDown);
    h.run();
    let warning = "warning: the same board as level 1. Room, turned half round";
    h.get_by_label(warning);
    click(&mut h, Pos::new(1, 1));
    assert_eq!(board(&h).square(Pos::new(1, 1)).terrain, Terrain::Wall);
    assert!(h.query_by_label(warning).is_none());
    h.get_by_label("No problems found");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    h.get_by_label(warning);
}

/// A collection of many levels is fingerprinted on a worker (the window keeps drawing), and
/// the repeat it finds is warned of once the worker is done.
#[test]
fn a_large_collection_is_fingerprinted_off_the_windows_thread() {
    let mirror = "; Mirror\n#######\n#     #\n# . $ #\n# @   #\n#######\n";
    let others: String = (1..40)
        .map(|n| {
            format!(
                "; Corridor {n}\n{}\n#@{}$.#\n{}\n",
                "#".repeat(n + 4),
                " ".repeat(n),
                "#".repeat(n + 4)
            )
        })
        .collect();
    let mut h = window(&format!("{ROOM}\n{others}\n{mirror}"));
    crate::harness::wait_while(&mut h, "the fingerprints", 30, |app| {
        app.editor().fingerprints.busy()
    });
    assert_eq!(h.state().editor().fingerprints.revision, 1, "one batch came from a worker");
    h.get_by_label("warning: the same board as level 41. Mirror, turned half round");
}
