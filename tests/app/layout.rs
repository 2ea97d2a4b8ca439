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

/// Every control of every mode is in reach at a laptop's 1024x700 and at 1920x1080: no
/// control shown is cut at its left or right (drawn under another panel or past the window's
/// edge), and no two controls shown overlap. Controls scrolled out of a panel's view are not
/// shown (egui clips their area to nothing) and are reached by scrolling.
#[test]
fn every_control_of_every_mode_is_whole_and_apart_at_both_sizes() {
    use sokolab::app::view::Mode;
    let level = "; Level\n########\n#@ $ . #\n#  $ . #\n#      #\n########\n";
    let mut found = Vec::new();
    for (width, height) in [(1024.0, 700.0), (1920.0, 1080.0)] {
        for mode in [Mode::Edit, Mode::Play, Mode::Inspect, Mode::Replay, Mode::Lab] {
            let mut h = crate::harness::window_sized(level, width, height);
            h.state_mut().send(Command::SetMode(mode));
            h.run();
            if mode == Mode::Inspect {
                h.get_by_label("Step").click();
                h.run();
            }
            let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(width, height));
            let shown: Vec<egui::WidgetRect> = h.ctx.viewport(|v| {
                v.this_pass
                    .widgets
                    .layers()
                    .flat_map(|(_, ws)| ws.iter().copied())
                    .filter(|w| w.enabled && w.visible && w.interact_rect.area() > 0.0)
                    .filter(|w| w.sense.senses_click() || w.sense.senses_drag())
                    .collect()
            });
            let at = format!("{mode:?} at {width}x{height}");
            let name = |r: egui::Rect| {
                use egui_kittest::kittest::NodeT;
                h.query_all(egui_kittest::kittest::by().predicate(|_| true))
                    .filter(|n| n.accesskit_node().bounding_box().is_some())
                    .filter(|n| {
                        (n.rect().min - r.min).length() < 1.0
                            && (n.rect().max - r.max).length() < 1.0
                    })
                    .map(|n| {
                        let n = n.accesskit_node();
                        format!("{:?} {:?}", n.role(), n.label().unwrap_or_default())
                    })
                    .next()
                    .unwrap_or_else(|| "a control".into())
            };
            for w in &shown {
                let cut = w.interact_rect.width() + 0.5 < w.rect.width();
                if cut || !screen.contains_rect(w.interact_rect) {
                    found.push(format!(
                        "{at}: {} at {:?} is cut to {:?}",
                        name(w.rect),
                        w.rect,
                        w.interact_rect
                    ));
                }
            }
            // A panel's resize grip runs along its edge, a few points wide, and crosses the
            // next panel's grip at the corner; what it would cover is caught as cut above.
            let grip = |w: &egui::WidgetRect| w.rect.width().min(w.rect.height()) <= 6.5;
            let controls: Vec<_> = shown.iter().filter(|w| !grip(w)).collect();
            for (i, a) in controls.iter().enumerate() {
                for b in &controls[i + 1..] {
                    let both = a.interact_rect.intersect(b.interact_rect);
                    let contains = a.rect.contains_rect(b.rect) || b.rect.contains_rect(a.rect);
                    if both.width() > 1.0 && both.height() > 1.0 && !contains {
                        found.push(format!(
                            "{at}: {} {:?} overlaps {} {:?}",
                            name(a.rect),
                            a.rect,
                            name(b.rect),
                            b.rect
                        ));
                    }
                }
            }
        }
    }
    assert!(found.is_empty(), "{} controls out of reach:\n{}", found.len(), found.join("\n"));
}

/// Solving moves nothing: the solver's section keeps its height while it runs and once it
/// has a solution, so the side panel above it (the overlays' switches) stays where it was.
#[test]
fn solving_moves_nothing_in_the_side_panel() {
    let mut h = window(TWO_LEVELS);
    let heading = h.get_by_label("Solver").rect();
    let replay = h.get_by_label("Replay solution").rect();
    h.get_by_label("Solve").click();
    h.step();
    assert_eq!(h.get_by_label("Solver").rect(), heading, "while it runs");
    wait_while(&mut h, "the solver", 30, |app| app.solver().run.is_some());
    h.run();
    assert!(h.query_by_label_contains("Solution: ").is_some());
    assert_eq!(h.get_by_label("Solver").rect(), heading, "with a solution");
    assert_eq!(h.get_by_label("Replay solution").rect(), replay);
}
