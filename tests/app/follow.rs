//! Every view follows the level selected: in every mode, after every action that changes
//! the level selected or its board (choosing another, PageDown, adding, duplicating,
//! deleting, moving, undo, redo, paste, open, generate), what the mode shows belongs to the
//! level the document selects; and a game in play survives a trip to another mode.

use egui_kittest::kittest::Queryable;
use sokolab::app::command::Command;
use sokolab::app::view::Mode;
use sokolab::level::Dir;
use sokolab::level::format::read_collection;

use crate::harness::{board, finish_files, wait_while, window};

type Harness = egui_kittest::Harness<'static, sokolab::app::App>;

/// Three levels of different boards, each with a saved solution (the second's walks a step
/// too far).
const THREE: &str = "; First\n#######\n#@$  .#\n#######\n\nSolution: RRR\n\n\
                     ; Second\n########\n#@ $  .#\n#  $  .#\n########\n\nSolution: rlrRRRllldRRR\n\n\
                     ; Third\n#######\n#.  $@#\n#######\n\nSolution: LLL\n";

/// A window on the three levels in `mode`, its view of the first level made: a move played,
/// a search step, a timeline moved on, a scramble.
fn prepared(mode: Mode) -> Harness {
    let mut h = window(THREE);
    h.state_mut().send(Command::SetMode(mode));
    h.run();
    match mode {
        Mode::Edit => {}
        Mode::Play => {
            h.state_mut().send(Command::Step(Dir::Right));
            h.run();
            assert_ne!(board(&h), *h.state().document().level(), "a move was played");
        }
        Mode::Inspect => {
            h.get_by_label("Step").click();
            h.run();
        }
        Mode::Replay => {
            h.state_mut().send(Command::TimelineForward);
            h.run();
            assert!(h.state().timeline().loaded.as_ref().is_some_and(|t| t.cursor == 1));
        }
        Mode::Lab => {
            h.state_mut().lab_mut().kind = sokolab::app::lab::Kind::Sokoban;
            h.run();
            assert!(h.state().lab().sokoban.is_some(), "the level shown was scrambled");
        }
    }
    h
}

/// What `mode` shows belongs to the level selected.
fn follows(h: &mut Harness, mode: Mode, action: &str) {
    wait_while(h, "the inspector's search being built", 20, |app| {
        app.inspector().building.is_some()
    });
    let app = h.state();
    let (key, level) = (app.document().key(), app.document().level().clone());
    let what = format!("{mode:?} after {action}");
    assert_eq!(app.view().mode, mode, "{what}: the mode");
    match mode {
        Mode::Edit => assert_eq!(board(h), level, "{what}"),
        Mode::Play => match app.play().game(key) {
            Some(game) => {
                assert!(game.start().same_board(&level), "{what}: the game is the level's");
                assert_eq!(board(h), game.level, "{what}: the board is the game's");
            }
            None => assert_eq!(board(h), level, "{what}: no game yet, the level"),
        },
        Mode::Inspect => match app.inspector().key() {
            Some(searched) => {
                assert_eq!(searched, key, "{what}: the search is the level's");
                let session = app.inspector().session.as_ref().expect("built");
                assert!(session.level.same_board(&level), "{what}");
                assert_eq!(board(h), level, "{what}: nothing expanded yet, the start");
            }
            None => {
                // A level that cannot be searched (an empty one): no search, and it says so.
                assert_eq!(board(h), level, "{what}");
                let status = &app.messages().status;
                assert!(status.contains("cannot search this level"), "{what}: {status}");
            }
        },
        Mode::Replay => match &app.timeline().loaded {
            Some(t) => {
                assert_eq!(t.key, key, "{what}: the timeline is the level's");
                assert!(t.start.same_board(&level), "{what}");
                assert_eq!(board(h), t.board, "{what}: the board is the timeline's");
            }
            None => assert_eq!(board(h), level, "{what}: nothing loaded, the level"),
        },
        Mode::Lab => {
            let scrambled = app.lab().sokoban.as_ref().expect("a scramble");
            assert_eq!(scrambled.from, key, "{what}: the scramble is the level's");
        }
    }
    // The status line and the level list name the level the board shows.
    let name = app.document().level_name();
    h.get_by_label(&name);
}

/// The actions that change the level selected or its board, each with its name.
fn actions(dir: &std::path::Path) -> Vec<(&'static str, Vec<Command>)> {
    let file = dir.join("other.xsb");
    std::fs::write(&file, "; Opened\n######\n#@$ .#\n######\n\nSolution: RR\n").unwrap();
    vec![
        ("choosing another level", vec![Command::SelectLevel(2)]),
        ("PageDown", vec![Command::NextLevel]),
        ("adding a level", vec![Command::AddLevel]),
        ("duplicating", vec![Command::SelectLevel(1), Command::DuplicateLevel]),
        ("deleting", vec![Command::DeleteLevel]),
        ("moving down", vec![Command::MoveLevelDown]),
        ("moving up", vec![Command::SelectLevel(1), Command::MoveLevelUp]),
        ("an edit", vec![Command::MirrorHorizontal]),
        ("undo", vec![Command::SelectLevel(2), Command::MirrorHorizontal, Command::Undo]),
        ("redo", vec![Command::MirrorHorizontal, Command::Undo, Command::Redo]),
        ("paste", vec![Command::PasteText("; Pasted\n#####\n#@$.#\n#####\n".into())]),
        ("open", vec![Command::OpenPath(file)]),
        ("generate", vec![Command::GenerateLevels]),
    ]
}

#[test]
fn every_view_follows_the_level_selected_whatever_changed_it() {
    let dir = tempfile::tempdir().unwrap();
    for mode in Mode::ALL {
        for (name, commands) in actions(dir.path()) {
            let mut h = prepared(mode);
            let generating = commands.contains(&Command::GenerateLevels);
            // Not run while the generator or a file job works (waited for below): their
            // spinners repaint, and a loaded machine can take more frames than a run allows.
            let background =
                generating || commands.iter().any(|c| matches!(c, Command::OpenPath(_)));
            for command in commands {
                h.state_mut().send(command);
                if background {
                    h.step();
                } else {
                    h.run();
                }
            }
            finish_files(&mut h);
            if generating {
                wait_while(&mut h, "the generator", 60, |app| app.generator().run.is_some());
                assert!(
                    h.state().document().doc.collection.levels.len() > 3,
                    "{mode:?}: generated"
                );
            }
            // An opened document is shown in the editor.
            let now = if name == "open" { Mode::Edit } else { mode };
            follows(&mut h, now, name);
        }
    }
}

/// A game in play is the level's: a trip to the editor and back keeps it, another level
/// and back keeps it, an edit of its board puts it aside and undo brings it back.
#[test]
fn a_game_in_play_survives_a_trip_to_another_mode_and_level() {
    let mut h = window(THREE);
    h.get_by_label("Play").click();
    h.run();
    h.state_mut().send(Command::Step(Dir::Right));
    h.run();
    let played = board(&h);
    assert_ne!(played, *h.state().document().level());
    for away in [Command::ToggleMode, Command::SetMode(Mode::Inspect), Command::NextLevel] {
        h.state_mut().send(away.clone());
        h.run();
        let back = match away {
            Command::NextLevel => Command::PreviousLevel,
            _ => Command::SetMode(Mode::Play),
        };
        h.state_mut().send(back);
        h.run();
        assert_eq!(h.state().view().mode, Mode::Play);
        assert_eq!(board(&h), played, "the game is kept after {away:?}");
        h.get_by_label("Moves 1   Pushes 1");
    }
    // An edit of the board: the game was of the board before it; undo brings it back.
    h.state_mut().send(Command::SetMode(Mode::Edit));
    h.state_mut().send(Command::MirrorHorizontal);
    h.state_mut().send(Command::SetMode(Mode::Play));
    h.run();
    assert_eq!(board(&h), *h.state().document().level(), "the edited board, no moves");
    h.state_mut().send(Command::SetMode(Mode::Edit));
    h.state_mut().send(Command::Undo);
    h.state_mut().send(Command::SetMode(Mode::Play));
    h.run();
    assert_eq!(board(&h), played, "undo brings the board and its game back");
}

/// In the timeline, PageDown shows the next level's solution, and Fewer moves keeps what
/// it finds for the level it shortened.
#[test]
fn the_timeline_follows_page_down_and_keeps_what_the_optimiser_finds() {
    let mut h = window(THREE);
    h.get_by_label("Timeline").click();
    h.run();
    h.get_by_label("Playing: saved solution 1");
    h.state_mut().send(Command::NextLevel);
    h.run();
    let second = read_collection(THREE).unwrap().levels.remove(1);
    let t = h.state().timeline().loaded.clone().expect("the second level's solution");
    assert!(t.start.same_board(&second), "the timeline is the second level's");
    assert_eq!(board(&h), second, "the board is the second level's start");
    h.get_by_label("Move 0/13   Push 0/6");
    h.get_by_label("Fewer moves").click();
    h.step(); // not run: the spinner repaints while it works
    wait_while(&mut h, "the optimiser", 60, |app| app.timeline().optimize.is_some());
    let status = h.state().messages().status.clone();
    assert!(status.starts_with("Optimised by moves"), "{status}");
    let solutions = &h.state().document().doc.collection.levels[1].meta.solutions;
    assert_eq!(solutions.len(), 2, "the shorter solution is saved beside the old one");
}
