//! Lab mode: the textbook's searches stepped on the 8-puzzle, and an experiment run to its
//! table and chart.

use egui_kittest::kittest::Queryable;
use sokolab::app::command::Command;
use sokolab::app::lab::{Kind, LowerView};
use sokolab::app::view::Mode;
use sokolab::lab::experiment::Table;
use sokolab::solver::textbook::{Bfs, BookSearch};
use sokolab::solver::{Method, Progress, Textbook};

use crate::harness::{board, window};

const ONE: &str = "; One\n#####\n#@$.#\n#####\n";

#[test]
fn stepping_bfs_on_the_eight_puzzle_shows_what_the_search_does() {
    let mut h = window(ONE);
    h.get_by_label("Lab").click();
    h.run();
    assert_eq!(h.state().lab().algorithm, Textbook::Bfs);
    let start = h.state().lab().puzzle.clone();
    h.get_by_label(&format!("Start: {}", start.show(start.start_board())));
    h.get_by_label("Not started: press Step or Run.");
    for _ in 0..2 {
        h.get_by_label("Step").click();
        h.run();
    }
    let mut bfs = Bfs::new(start.clone(), true);
    bfs.step(2);
    let lab = &h.state().lab();
    assert_eq!(lab.run.search.stats(), bfs.stats());
    assert_eq!(lab.run.search.current(), bfs.current());
    let n = bfs.children().len();
    h.get_by_label(&format!("{n} {}", if n == 1 { "child" } else { "children" }));
    h.get_by_label("Running: 2 expanded.");

    // Run to the end: BFS finds the fewest moves; the board drawn is the goal's.
    h.get_by_label("Run").click();
    for _ in 0..200 {
        h.run();
        if !h.state().lab().running {
            break;
        }
    }
    let line = h.state().lab().state_line();
    assert!(line.starts_with("Solved:") && line.contains("the fewest"), "{line}");
    let goal = sokolab::lab::puzzle::Puzzle::solved(3, start.evaluator()).unwrap();
    assert_eq!(h.state().lab().board(), goal.start_board());
    h.get_by_label(&line);
}

#[test]
fn an_experiment_runs_on_a_worker_to_its_table_and_chart() {
    let mut h = window(ONE);
    h.get_by_label("Lab").click();
    h.run();
    h.state_mut().lab_mut().experiments.trials = 5;
    h.get_by_label("Run experiment").click();
    finish_experiment(&mut h);
    let Some(Table::Scramble { rows, algorithms, trials, .. }) = &h.state().lab().experiments.table
    else {
        panic!("a scramble table: {}", h.state().lab().experiments.message);
    };
    assert_eq!((rows.len(), *trials), (13, 5));
    assert_eq!(algorithms, &["A*", "BFS", "DFS(n)", "DFS(2n)"]);
    h.get_by_label("#DFS(2n)");
    h.get_by_label("Run experiment");
    // Every column is readable, and what the parenthesised counts mean is said.
    assert!(h.query_by_label_contains("(k): k trials not solved").is_some());
    h.get_by_label("sDFS(2n)");
}

/// Each problem keeps its own random moves: tic-tac-toe does not inherit the 8-puzzle's.
#[test]
fn each_problem_keeps_its_own_random_moves() {
    let mut h = window(ONE);
    h.get_by_label("Lab").click();
    h.run();
    *h.state_mut().lab_mut().moves_mut() = 20;
    h.get_by_label("Problem").click();
    h.run();
    h.get_by_label("tic-tac-toe").click();
    h.run();
    assert_eq!(h.state().lab().kind, Kind::TicTacToe);
    assert_eq!(h.state().lab().moves(), 2, "tic-tac-toe starts two moves into a game");
    h.get_by_label("Problem").click();
    h.run();
    h.get_by_label("8-puzzle").click();
    h.run();
    assert_eq!(h.state().lab().moves(), 20, "the 8-puzzle's own setting comes back");
}

#[test]
fn stepping_alpha_beta_on_tic_tac_toe_explores_a_state_a_step_and_ends_as_the_book_does() {
    use sokolab::app::lab::{Action, Kind};
    use sokolab::lab::game_tree::stepper::Rule;
    use sokolab::lab::game_tree::{Game, alpha_beta};
    let mut h = window(ONE);
    h.get_by_label("Lab").click();
    h.run();
    h.state_mut().lab_mut().kind = Kind::TicTacToe;
    *h.state_mut().lab_mut().moves_mut() = 2;
    let level = h.state().level().clone();
    let key = h.state().document().key();
    h.state_mut().lab_mut().apply(Action::NewBoard, key, &level);
    h.run();
    let lab = &h.state().lab();
    assert_eq!((lab.game.rule, lab.game.ply), (Rule::AlphaBeta, 9));
    let start = lab.game.start.clone();
    h.get_by_label("Not started: press Step or Run.");
    for _ in 0..3 {
        h.get_by_label("Step").click();
        h.run();
    }
    assert_eq!(h.state().lab().game.stepper.states(), 4, "the start and three moves");
    let line = h.state().lab().game.state_line();
    assert!(line.starts_with("4 states explored, depth "), "{line}");
    h.get_by_label(&line);
    h.get_by_label("Run").click();
    for _ in 0..100 {
        h.run();
        if !h.state().lab().running {
            break;
        }
    }
    let expected = alpha_beta(&start, 9);
    assert_eq!(h.state().lab().game.stepper.result(), Some(expected));
    h.get_by_label(&h.state().lab().game.state_line());
    // Done, the root's moves keep their scores, each square written row:column.
    let root = start.moves();
    h.get_by_label(&format!("{} moves", root.len()));
    for m in root {
        let row = format!("{}:{}: score", m.row + 1, m.col + 1);
        assert!(h.query_by_label_contains(&row).is_some(), "{row}");
    }
    assert_eq!(h.state().lab().game.stepper.position(), &start, "every move taken back");
    // The tree below: a node for each of the first states explored.
    h.get_by_label("Tree").click();
    h.run();
    assert_eq!(h.state().lab().view, LowerView::Tree);
    let nodes = &h.state().lab().game.tree.nodes;
    let explored = nodes.iter().filter(|n| n.expanded.is_some()).count() as u64;
    assert_eq!(explored, expected.states.min(400));
    assert!(h.query_by_label_contains("marked over the bound").is_some());
}

/// Runs frames until the experiment has ended (a table or a message).
fn finish_experiment(h: &mut egui_kittest::Harness<'static, sokolab::app::state::App>) {
    let start = std::time::Instant::now();
    loop {
        h.step();
        if !h.state().lab().experiments.is_running() {
            break;
        }
        assert!(start.elapsed().as_secs() < 60, "the experiment did not finish");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    h.run();
}

const ROOM: &str = "; Room\n#######\n#     #\n# $$  #\n#@ .. #\n#######\n";

#[test]
fn the_level_shown_scrambled_by_pulls_opens_in_the_inspector_and_undo_takes_it_back() {
    let mut h = window(ROOM);
    h.get_by_label("Lab").click();
    h.run();
    h.state_mut().lab_mut().kind = Kind::Sokoban;
    *h.state_mut().lab_mut().moves_mut() = 6;
    h.state_mut().lab_mut().algorithm = Textbook::AStar;
    h.run();
    // The board shows the level scrambled: its boxes moved off the goals by pulls.
    let scrambled = h.state().lab().sokoban.clone().expect("a board is made");
    assert_eq!(scrambled.from, h.state().document().key());
    let made = scrambled.level.clone().expect("the level scrambles");
    assert_eq!(board(&h), made, "the board shows the scrambled level");
    assert!(
        made.meta.title.starts_with("Room, scrambled by 6 pulls (seed "),
        "{}",
        made.meta.title
    );
    h.get_by_label(&format!("Shown: {}", made.meta.title));

    h.get_by_label("Inspect it").click();
    h.run();
    let app = h.state();
    assert_eq!(app.view().mode, Mode::Inspect);
    assert_eq!((app.document().current(), app.document().doc.collection.levels.len()), (1, 2));
    assert_eq!(*app.level(), made, "the inspector searches the level it names");
    assert_eq!(app.inspector().method, Method::Textbook(Textbook::AStar));
    crate::harness::run_inspector_to_the_end(&mut h);
    let session = h.state().inspector().session.as_ref().expect("a search");
    let Progress::Solved(goal) = session.progress() else { panic!("solved") };
    let pushes = session.search().path(goal).len() - 1;
    assert!(pushes <= 6, "{pushes} pushes after 6 pulls");

    h.state_mut().send(Command::Undo);
    h.run();
    assert_eq!(h.state().document().doc.collection.levels.len(), 1, "undo takes the level back");
}

#[test]
fn the_sokoban_experiment_scrambles_the_level_shown() {
    let mut h = window(ROOM);
    h.get_by_label("Lab").click();
    h.run();
    let e = &mut h.state_mut().lab_mut().experiments;
    e.chosen = sokolab::app::lab::experiments::Choice::Named("sokoban-7-3");
    e.trials = 3;
    h.run();
    h.get_by_label("Scrambles the level shown: 1. Room.");
    h.get_by_label("Run experiment").click();
    finish_experiment(&mut h);
    let e = &h.state().lab().experiments;
    let Some(Table::Scramble { rows, trials, .. }) = &e.table else {
        panic!("a table: {}", e.message)
    };
    assert_eq!((rows.len(), *trials), (13, 3));
    // A* and BFS find the fewest pushes, which is at most n.
    for r in rows {
        let (astar, bfs) = (r.cells[0].length.unwrap(), r.cells[1].length.unwrap());
        assert!((astar - bfs).abs() < 1e-9 && bfs <= f64::from(r.n), "{r:?}");
    }
}

/// A figure's examples run in the window: the book's counts beside ours, with the
/// verdict and the note that explains a difference.
#[test]
fn a_figure_shows_the_books_counts_beside_ours() {
    let mut h = window(ONE);
    h.get_by_label("Lab").click();
    h.run();
    h.state_mut().lab_mut().experiments.chosen =
        sokolab::app::lab::experiments::Choice::Named("nutshell-fig-7-19");
    h.run();
    h.get_by_label("Run experiment").click();
    finish_experiment(&mut h);
    let Some(Table::Figures { rows, .. }) = &h.state().lab().experiments.table else {
        panic!("a figure's table: {}", h.state().lab().experiments.message)
    };
    assert_eq!(rows.len(), 1);
    h.get_by_label("The book: 5 moves, 25 closed, 20 open");
    h.get_by_label("Ours: 5 moves, 26 expanded, 26 closed, 20 open, 46 states");
    h.get_by_label("differs");
    assert!(h.query_by_label_contains("the state being expanded when the goal turns up").is_some());
}

#[test]
fn a_teachers_experiment_file_runs_and_a_broken_one_says_where() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("mine.ron");
    std::fs::write(
        &good,
        "Scramble(title: \"Mine\", problem: EightPuzzle, evaluator: Some(Good), \
         algorithms: [AStar, Bfs], moves: (2, 4), trials: 10, seed: 5)",
    )
    .unwrap();
    let mut h = window(ONE);
    h.get_by_label("Lab").click();
    h.run();
    h.state_mut().send(Command::ChooseExperiment(good.clone()));
    h.state_mut().lab_mut().experiments.trials = 4;
    h.run();
    h.get_by_label("Run experiment").click();
    finish_experiment(&mut h);
    let Some(Table::Scramble { rows, algorithms, trials, .. }) = &h.state().lab().experiments.table
    else {
        panic!("a table: {}", h.state().lab().experiments.message)
    };
    assert_eq!((rows.len(), *trials, algorithms.len()), (3, 4, 2));
    h.get_by_label("#BFS");

    let bad = dir.path().join("bad.ron");
    std::fs::write(&bad, "Scramble(\n  title: 3,\n)").unwrap();
    h.state_mut().send(Command::ChooseExperiment(bad.clone()));
    h.run();
    h.get_by_label("Run experiment").click();
    finish_experiment(&mut h);
    let message = &h.state().lab().experiments.message;
    assert!(message.starts_with(&format!("{}:2:", bad.display())), "{message}");
    assert!(h.state().lab().experiments.table.is_none());
    h.get_by_label(&format!("Stopped: {message}"));
}

#[test]
fn a_puzzle_search_has_a_history_a_chart_and_a_tree_below() {
    let mut h = window(ONE);
    h.get_by_label("Lab").click();
    h.run();
    for _ in 0..5 {
        h.get_by_label("Step").click();
        h.run();
    }
    let lab = &h.state().lab();
    assert_eq!(lab.run.history.steps.len(), 5);
    assert_eq!(lab.run.history.steps.last().map(|s| s.node), lab.run.search.current());
    h.get_by_label("History").click();
    h.run();
    assert_eq!(h.state().lab().view, LowerView::History);
    assert!(h.query_by_label_contains("(the history's scrubber)").is_none());
    h.get_by_label("|<").click();
    h.run();
    // The panel follows the scrubber: that moment's node and counters, and what the history
    // does not keep (children, the open list) is labelled as now.
    h.get_by_label("At expansion 1 of 5 (the history's scrubber):");
    h.get_by_label("Now, after expansion 5:");
    let first = h.state().lab().run.history.steps[0];
    let then = format!("Expanded: #{} start: g 0 h {}", first.node, first.h);
    assert!(h.query_by_label_contains(&then).is_some(), "{then}");
    // The first expansion is the start's: the board shows the start again.
    let lab = &h.state().lab();
    assert_eq!((lab.scrub, lab.board()), (Some(0), lab.puzzle.start_board()));
    let line = format!("Expansion 1 of 5: #{} (the start), g 0", lab.run.history.steps[0].node);
    assert!(h.query_by_label_contains(&line).is_some(), "{line}");
    h.get_by_label("Chart").click();
    h.run();
    h.get_by_label("Tree").click();
    h.run();
    assert_eq!(h.state().lab().view, LowerView::Tree);
    h.get_by_label("Van Lishout's colours").click();
    h.run();
    assert!(h.state().lab().seed_colours);
    h.get_by_label("blue: generated, not visited");
    // Another step shows the latest expansion again.
    h.get_by_label("Step").click();
    h.run();
    let lab = &h.state().lab();
    assert_eq!((lab.scrub, lab.run.history.steps.len()), (None, 6));
}

/// IDA* in the lab expands the start again for each bound: its history holds every
/// expansion (the first made as the search is built) and its tree view offers one tree per
/// bound, as the inspector's does.
#[test]
fn ida_star_in_the_lab_draws_one_tree_per_bound() {
    let mut h = window(ONE);
    h.get_by_label("Lab").click();
    h.run();
    // Chosen in the panel's menus: IDA* with the weak estimate, which needs several bounds.
    for (menu, choice) in
        [("Search", Textbook::IdaStar.label()), ("Evaluator", "WeakEvaluator".into())]
    {
        h.get_by_label(menu).click();
        h.run();
        h.get_by_label(&choice).click();
        h.run();
    }
    assert_eq!(h.state().lab().algorithm, Textbook::IdaStar);
    for _ in 0..300 {
        if h.state().lab().run.history.passes().len() >= 3 {
            break;
        }
        h.get_by_label("Step").click();
        h.run();
    }
    let lab = h.state().lab();
    assert_eq!(lab.run.history.steps.len() as u64, lab.run.search.stats().expanded);
    let passes = lab.run.history.passes().len();
    let bounds: Vec<u32> = lab.run.history.passes().iter().map(|p| p.bound).collect();
    assert!(
        passes >= 3,
        "{bounds:?} after {} expansions, {:?}",
        lab.run.history.steps.len(),
        lab.run.progress
    );
    h.get_by_label("Tree").click();
    h.run();
    // The menu offers each pass, the latest chosen.
    h.get_by_label("Iteration").click();
    h.run();
    h.get_by_label_contains(&format!("{passes} of {passes}: bound "));
    h.get_by_label_contains(&format!("1 of {passes}: bound ")).click();
    h.run();
    let first = &h.state().lab().run.history.passes()[0].tree.nodes;
    let expanded = first.iter().filter(|n| n.expanded.is_some()).count();
    assert!(expanded >= 1 && first[0].expanded == Some(0), "the first pass begins at the start");
    h.get_by_label(&format!("expansions: {expanded}, nodes: {}", first.len()));
}
