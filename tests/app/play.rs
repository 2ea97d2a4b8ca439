//! Play mode: moving, pushing, undoing, walking by clicking, solving.

use egui::Key;
use egui_kittest::kittest::Queryable;
use sokolab::level::Pos;

use crate::harness::{board, click, window};

const CORRIDOR: &str = "#######\n#     #\n# .$@ #\n#     #\n#######\n";

#[test]
fn pushing_a_box_and_undoing() {
    let mut h = window(CORRIDOR);
    h.get_by_label("Play").click();
    h.run();
    h.key_press(Key::ArrowLeft);
    h.run();
    assert!(board(&h).square(Pos::new(2, 2)).has_box, "the box moved onto the goal");
    h.get_by_label("Moves 1   Pushes 1");
    h.get_by_label("Solved!");

    h.get_by_label("Undo").click();
    h.run();
    let level = board(&h);
    assert!(level.square(Pos::new(3, 2)).has_box, "undo pulled the box back");
    assert_eq!(level.player(), Some(Pos::new(4, 2)));
    h.get_by_label("Moves 0   Pushes 0");
    assert!(h.query_by_label("Solved!").is_none());

    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::Y);
    h.run();
    assert!(board(&h).square(Pos::new(2, 2)).has_box, "redo pushed it again");
}

#[test]
fn wasd_moves_and_walls_stop_the_player() {
    let mut h = window(CORRIDOR);
    h.get_by_label("Play").click();
    h.run();
    for key in [Key::W, Key::W, Key::D] {
        h.key_press(key);
        h.run();
    }
    assert_eq!(board(&h).player(), Some(Pos::new(5, 1)), "the second W hit the wall");
    h.get_by_label("Moves 2   Pushes 0");
    h.key_press(Key::Escape);
    h.run();
    assert_eq!(board(&h).player(), Some(Pos::new(4, 2)), "restart");
}

#[test]
fn clicking_walks_and_dragging_a_box_pushes_it() {
    let mut h = window("#######\n#@    #\n# $   #\n#   . #\n#######\n");
    h.get_by_label("Play").click();
    h.run();
    click(&mut h, Pos::new(5, 3));
    assert_eq!(board(&h).player(), Some(Pos::new(5, 3)));
    crate::harness::drag(&mut h, Pos::new(2, 2), Pos::new(4, 3));
    let level = board(&h);
    assert!(level.square(Pos::new(4, 3)).has_box, "the box was pushed to the goal");
    assert!(level.is_solved());
    h.get_by_label("Solved!");
}

#[test]
fn the_edit_mode_board_is_the_document() {
    let mut h = window(CORRIDOR);
    h.get_by_label("Play").click();
    h.run();
    h.key_press(Key::ArrowLeft);
    h.run();
    h.get_by_label("Editor").click();
    h.run();
    assert!(board(&h).square(Pos::new(3, 2)).has_box, "playing does not change the level");
    assert!(!h.state().document().doc.dirty);
}

#[test]
fn keys_still_move_when_a_button_has_the_keyboard_focus() {
    let mut h = window(CORRIDOR);
    h.get_by_label("Play").click();
    h.run();
    // Tab switches the mode and also moves egui's keyboard focus to a button.
    for _ in 0..2 {
        h.key_press(Key::Tab);
        h.run();
    }
    assert_eq!(h.state().view().mode, sokolab::app::view::Mode::Play);
    h.key_press(Key::ArrowLeft);
    h.run();
    assert!(board(&h).square(Pos::new(2, 2)).has_box, "the box was pushed");
}

/// A push that makes the position dead is named at once, with the rule.
#[test]
fn a_push_that_makes_the_position_dead_is_named_with_its_rule() {
    let mut h = crate::harness::window("######\n#    #\n# $@.#\n#    #\n######\n");
    h.state_mut().send(sokolab::app::command::Command::Step(sokolab::level::Dir::Left));
    let start = std::time::Instant::now();
    while !h.state().messages().status.starts_with("This position is dead") {
        assert!(start.elapsed().as_secs() < 20, "{}", h.state().messages().status);
        std::thread::sleep(std::time::Duration::from_millis(5));
        h.step();
    }
    assert!(
        h.state().messages().status.contains("(dead square)"),
        "{}",
        h.state().messages().status
    );
}

/// A window on `xsb` in play mode, pull mode on.
fn pulling(xsb: &str) -> egui_kittest::Harness<'static, sokolab::app::App> {
    let mut h = window(xsb);
    h.get_by_label("Play").click();
    h.run();
    h.get_by_label("Pull mode").click();
    h.run();
    h
}

#[test]
fn pull_mode_plays_backwards_and_turns_the_pulls_into_a_solution() {
    let mut h = pulling(CORRIDOR);
    h.get_by_label("Playing backwards (pull mode)");
    let level = board(&h);
    assert!(level.square(Pos::new(2, 2)).has_box, "the box starts on the goal");
    assert_eq!(level.player(), Some(Pos::new(4, 2)));

    // A step left walks; undo takes it back.
    h.key_press(Key::ArrowLeft);
    h.run();
    assert_eq!(board(&h).player(), Some(Pos::new(3, 2)));
    h.get_by_label("Undo").click();
    h.run();
    assert_eq!(board(&h).player(), Some(Pos::new(4, 2)));

    // Left, then right pulls the box back to where the level starts it.
    h.key_press(Key::ArrowLeft);
    h.run();
    h.key_press(Key::ArrowRight);
    h.run();
    let status = h.state().messages().status.clone();
    assert!(status.starts_with("Pull mode reached the start"), "{status}");
    assert!(status.contains("1 move and 1 push"), "{status}");
    h.get_by_label("Solved!");
    h.get_by_label("Playing");
    h.get_by_label("Save solution into the level").click();
    h.run();
    assert_eq!(h.state().document().level().meta.solutions, vec!["L".to_string()]);
}

#[test]
fn before_the_first_pull_a_click_puts_the_player_anywhere_free() {
    let mut h = pulling(CORRIDOR);
    click(&mut h, Pos::new(1, 1));
    assert_eq!(board(&h).player(), Some(Pos::new(1, 1)));
    h.get_by_label("Moves 0   Pulls 0");
    // Pull mode off: forwards from the start again.
    h.get_by_label("Pull mode").click();
    h.run();
    h.get_by_label("Playing");
    assert_eq!(board(&h), sokolab::level::format::read_collection(CORRIDOR).unwrap().levels[0]);
}

/// Runs frames until a label reads `text` (the position's check runs on a worker).
fn wait_for_label(h: &mut egui_kittest::Harness<'_, sokolab::app::App>, text: &str) {
    for _ in 0..200 {
        h.run();
        if h.query_by_label(text).is_some() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    h.get_by_label(text);
}

/// The panel says at least how many pushes are left, before the first move and after each
/// push, and that a dead position is dead; undo brings the count back.
#[test]
fn the_pushes_left_follow_the_position() {
    let mut h = window("#######\n#     #\n#.  $@#\n#     #\n#######\n");
    h.get_by_label("Play").click();
    wait_for_label(&mut h, "At least 3 pushes to go");
    h.key_press(Key::ArrowLeft);
    wait_for_label(&mut h, "At least 2 pushes to go");
    assert!(h.query_by_label("At least 3 pushes to go").is_none());
    // Round the box and push it up against the wall, where no goal is.
    for key in [Key::ArrowDown, Key::ArrowLeft, Key::ArrowUp] {
        h.key_press(key);
        h.run();
    }
    assert!(board(&h).square(Pos::new(3, 1)).has_box);
    wait_for_label(&mut h, "Dead: no solution from here");
    h.get_by_label("Undo").click();
    wait_for_label(&mut h, "At least 2 pushes to go");
}
