//! Collection operations: clipboard copy and paste, adding levels, the close prompt.

use egui::OutputCommand;
use egui_kittest::kittest::Queryable;
use sokolab::app::command::Command;
use sokolab::app::view::Mode;

use crate::harness::{wait_while, window};

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
    let levels = &h.state().document().doc.collection.levels;
    assert_eq!(levels.len(), 2);
    assert_eq!(levels[1].meta.title, "Two");
    assert_eq!(h.state().document().current(), 1, "the pasted level is shown");
    h.get_by_label("2. Two");

    h.state_mut().send(Command::DuplicateLevel);
    h.run();
    h.get_by_label("Delete").click();
    h.run();
    assert_eq!(h.state().document().doc.collection.levels.len(), 2);
}

#[test]
fn closing_with_unsaved_edits_asks_first() {
    let mut h = window(ONE);
    assert!(h.state_mut().may_close(), "a clean document closes at once");
    h.state_mut().send(Command::AddLevel);
    h.run();
    assert!(!h.state_mut().may_close());
    h.run();
    h.get_by_label("Unsaved changes");
    h.get_by_label("Discard and close").click();
    h.run();
    assert!(h.state_mut().may_close(), "discarding allows the window to close");
}

/// Rate levels rates every level on a worker and shows each difficulty in the list, its
/// measures in the tooltip; a rating follows its level when levels are added before it, an
/// edit hides the rating of the level it changes, and undo brings it back.
#[test]
fn rating_shows_each_levels_difficulty_in_the_list_until_it_is_edited() {
    let two = "; One\n#####\n#@$.#\n#####\n\n; Two\n#######\n#     #\n#@$ $ #\n#   ..#\n#######\n";
    let mut h = window(two);
    h.get_by_label("Rate levels").click();
    h.step(); // not run: the spinner repaints while it works
    wait_while(&mut h, "the rating", 60, |app| app.rating().progress().is_some());
    let levels = h.state().document().doc.collection.levels.clone();
    let rating = |h: &egui_kittest::Harness<'static, sokolab::app::App>, i: usize| {
        let key = h.state().document().key_of(i).unwrap();
        h.state().rating().of(key).cloned().map(|r| r.unwrap().unwrap())
    };
    let (one, two) = (rating(&h, 0).unwrap(), rating(&h, 1).unwrap());
    assert!(one.proved && one.best.unwrap().pushes == 1, "{one:?}");
    assert!(two.difficulty().unwrap() > one.difficulty().unwrap());
    h.get_by_label(&format!("{:.1}", one.difficulty().unwrap()));
    assert!(h.state().messages().status.starts_with("Rated every level"));
    // A level added between them: the second level's rating goes with it.
    h.state_mut().send(Command::AddLevel);
    h.run();
    assert_eq!(h.state().document().doc.collection.levels[2], levels[1]);
    assert_eq!(rating(&h, 2), Some(two.clone()), "the rating follows its level");
    assert_eq!(rating(&h, 1), None, "the new level is not rated");
    let shown = format!("{:.1}", two.difficulty().unwrap());
    h.get_by_label(&shown);
    h.state_mut().send(Command::SelectLevel(2));
    h.state_mut().send(Command::MirrorHorizontal);
    h.run();
    assert_ne!(h.state().document().doc.collection.levels[2], levels[1]);
    assert!(rating(&h, 2).is_none(), "a rating is shown only for the board it rated");
    assert!(h.query_by_label(&shown).is_none() || one.difficulty() == two.difficulty());
    assert!(rating(&h, 0).is_some());
    h.state_mut().send(Command::Undo);
    h.run();
    assert_eq!(rating(&h, 2), Some(two), "undo brings the board and its rating back");
}

/// The generator's dialog makes levels on a worker and adds them after the level shown, in
/// one undo step, each with a solution that replays.
#[test]
fn generated_levels_are_added_after_the_level_shown_with_their_solutions() {
    let mut h = window(ONE);
    h.state_mut().send(Command::ShowGenerator);
    h.run();
    h.get_by_label("Generate").click();
    h.step(); // not run: the spinner repaints while it works
    wait_while(&mut h, "the generator", 60, |app| app.generator().run.is_some());
    let status = h.state().messages().status.clone();
    assert!(status.starts_with("Added 5 of 5 generated levels (8x8, 3 boxes, seed 1"), "{status}");
    let levels = h.state().document().doc.collection.levels.clone();
    assert_eq!(levels.len(), 6);
    assert_eq!(h.state().document().current(), 1, "the first new level is shown");
    for level in &levels[1..] {
        let moves = sokolab::level::moves::parse_lurd(&level.meta.solutions[0]).unwrap();
        assert!(sokolab::level::replay(level, &moves).solved, "{}", level.meta.title);
    }
    h.state_mut().send(Command::Undo);
    h.run();
    assert_eq!(h.state().document().doc.collection.levels.len(), 1, "one undo step");
}

/// The generator's dialog opens over the side panel's tools, not over the board, the level
/// list or the solver's controls.
#[test]
fn the_generator_dialog_leaves_the_board_the_list_and_the_solver_in_sight() {
    let mut h = window(ONE);
    h.state_mut().send(Command::ShowGenerator);
    h.run();
    h.run();
    let dialog = ["Generate levels", "Width (walls included)", "Seed", "Generate"]
        .map(|label| h.get_by_label(label).rect());
    let width = h.ctx.content_rect().width();
    for kept in ["Add", "Rate levels", "Solve"] {
        let kept = h.get_by_label(kept).rect();
        assert!(dialog.iter().all(|d| !d.intersects(kept)), "{dialog:?} covers {kept:?}");
    }
    assert!(dialog.iter().all(|d| d.left() > width / 2.0), "{dialog:?} in a {width} wide window");
}

/// A generated level's solution is push-optimal (its pulls were a breadth-first search's),
/// and says so in the editor and on the timeline, for as long as the board is the one it
/// was proved for.
#[test]
fn a_generated_solution_is_labelled_proved_while_its_board_stands() {
    let mut h = window(ONE);
    h.state_mut().send(Command::ShowGenerator);
    h.run();
    h.get_by_label("Generate").click();
    h.step();
    wait_while(&mut h, "the generator", 60, |app| app.generator().run.is_some());
    let level = h.state().document().level().clone();
    let moves = sokolab::level::moves::parse_lurd(&level.meta.solutions[0]).unwrap();
    let pushes = moves.iter().filter(|m| m.push).count();
    let counts = format!("{} moves, {pushes} pushes, saved with the level", moves.len());
    let proved = format!("Saved solution 1: {counts}, push-optimal (proved)");
    let unproved = format!("Saved solution 1: {counts}, not proved optimal");
    h.run();
    h.get_by_label(&proved);
    h.state_mut().send(Command::SetMode(Mode::Replay));
    h.run();
    h.get_by_label(&proved);
    h.state_mut().send(Command::SetMode(Mode::Edit));
    h.state_mut().send(Command::MirrorHorizontal);
    h.run();
    assert!(h.query_by_label(&proved).is_none(), "a proof is about the board it was made for");
    h.get_by_label(&unproved);
    h.state_mut().send(Command::Undo);
    h.run();
    h.get_by_label(&proved);
}
