//! Controls stay where they are: what grows or changes around them never moves them.

use egui::Key;
use egui_kittest::kittest::Queryable;
use sokolab::app::command::Command;
use sokolab::solver::{Config, Method};

use crate::harness::{wait_while, window};

/// A valid level, then one with many problems (so many check lines).
const TWO_LEVELS: &str =
    "; Good\n#####\n#@$.#\n#####\n\n; Bad\n#######\n#@$$$ #\n#     #\n#######\n";

#[test]
fn the_solve_button_stays_put_when_the_checks_grow() {
    let mut h = window(TWO_LEVELS);
    let before = h.get_by_label("Solve").rect();
    h.key_press(Key::PageDown);
    h.run();
    assert_eq!(h.state().document().current(), 1);
    h.get_all_by_label_contains("boxes but").next().expect("the checks list the problem");
    assert_eq!(h.get_by_label("Solve").rect(), before);
}

#[test]
fn the_inspectors_lower_panel_keeps_its_size_across_tabs_and_the_choices_stay_put() {
    let mut h = window(TWO_LEVELS);
    h.get_by_label("Inspector").click();
    h.run();
    let tabs = h.get_by_label("Charts").rect();
    for tab in ["History", "Search tree", "Deadlock patterns", "Charts"] {
        h.get_by_label(tab).click();
        h.run();
        assert_eq!(h.get_by_label("Charts").rect(), tabs, "after {tab}");
    }
    h.get_by_label("Step").click();
    h.run();
    h.get_by_label("History").click();
    h.run();
    assert_eq!(h.get_by_label("Charts").rect(), tabs, "after a step");

    let bound = h.get_by_label("Lower bound").rect();
    let config = Config { method: Method::WeightedAStar(3), ..h.state().inspector().config() };
    h.state_mut().send(Command::SetSearchConfig(config));
    h.run();
    h.get_by_label("Weight");
    assert_eq!(h.get_by_label("Lower bound").rect(), bound);
}

#[test]
fn overlay_notes_and_checks_never_move_a_toggle() {
    let mut h = window(TWO_LEVELS);
    let packing = h.get_by_label("Packing order (1 = fill first)").rect();
    h.get_by_label("Goal rooms and entrances").click();
    h.run();
    h.get_by_label_contains("Goal rooms and entrances: ");
    assert_eq!(h.get_by_label("Packing order (1 = fill first)").rect(), packing);
    h.key_press(Key::PageDown);
    h.run();
    assert_eq!(h.get_by_label("Packing order (1 = fill first)").rect(), packing);
}

/// The Help menu lists every shortcut of the command table with what it does.
#[test]
fn the_help_menu_lists_every_shortcut_of_the_command_table() {
    let mut h = window(TWO_LEVELS);
    h.get_by_label("Help").click();
    h.run();
    h.get_by_label("Keyboard shortcuts");
    let table = sokolab::app::command::table();
    assert!(table.iter().map(|e| e.keys.len()).sum::<usize>() > 20);
    for entry in table {
        for (_, key) in &entry.keys {
            let keys = h.ctx.format_shortcut(key);
            assert!(h.query_all_by_label(&keys).next().is_some(), "{keys} is not listed");
            assert!(h.query_all_by_label(entry.label).next().is_some(), "{}", entry.label);
        }
    }
}

/// Nothing moves under the pointer because something ran: rating the levels leaves the
/// level list's width (and so the board) as it was.
#[test]
fn rating_moves_nothing_around_it() {
    let mut h = window(TWO_LEVELS);
    let place = |h: &egui_kittest::Harness<'_, sokolab::app::App>| {
        let g = h.state().view().geometry.expect("the board was drawn");
        (g.area, g.origin, g.cell)
    };
    let board = place(&h);
    h.get_by_label("Rate levels").click();
    h.step(); // not run: the spinner repaints while it works
    wait_while(&mut h, "the rating", 60, |app| app.rating().progress().is_some());
    let key = h.state().document().key_of(0).unwrap();
    assert!(h.state().rating().of(key).is_some(), "the level was rated");
    assert_eq!(place(&h), board, "the board keeps its place and scale after rating");
}
