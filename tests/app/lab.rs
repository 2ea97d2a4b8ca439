//! Lab mode: the textbook's searches stepped on the 8-puzzle, and an experiment run to its
//! table and chart.

use egui_kittest::kittest::Queryable;
use sokolab::lab::experiment::Table;
use sokolab::solver::Textbook;
use sokolab::solver::textbook::{Bfs, BookSearch};

use crate::harness::window;

const ONE: &str = "; One\n#####\n#@$.#\n#####\n";

#[test]
fn stepping_bfs_on_the_eight_puzzle_shows_what_the_search_does() {
    let mut h = window(ONE);
    h.get_by_label("Lab").click();
    h.run();
    assert_eq!(h.state().lab.algorithm, Textbook::Bfs);
    let start = h.state().lab.puzzle.clone();
    h.get_by_label(&format!("Start: {}", start.show(start.start_board())));
    h.get_by_label("Not started: press Step or Run.");
    for _ in 0..2 {
        h.get_by_label("Step").click();
        h.run();
    }
    let mut bfs = Bfs::new(start.clone(), true);
    bfs.step(2);
    let lab = &h.state().lab;
    assert_eq!(lab.search.stats(), bfs.stats());
    assert_eq!(lab.search.current(), bfs.current());
    let n = bfs.children().len();
    h.get_by_label(&format!("{n} {}", if n == 1 { "child" } else { "children" }));
    h.get_by_label("Running: 2 expanded.");

    // Run to the end: BFS finds the fewest moves; the board drawn is the goal's.
    h.get_by_label("Run").click();
    for _ in 0..200 {
        h.run();
        if !h.state().lab.running {
            break;
        }
    }
    let line = h.state().lab.state_line();
    assert!(line.starts_with("Solved:") && line.contains("the fewest"), "{line}");
    let goal = sokolab::lab::puzzle::Puzzle::solved(3, start.evaluator()).unwrap();
    assert_eq!(h.state().lab.board(), goal.start_board());
    h.get_by_label(&line);
}

#[test]
fn an_experiment_runs_on_a_worker_to_its_table_and_chart() {
    let mut h = window(ONE);
    h.get_by_label("Lab").click();
    h.run();
    h.state_mut().lab.experiments.trials = 5;
    h.get_by_label("Run experiment").click();
    let start = std::time::Instant::now();
    loop {
        h.step();
        if !h.state().lab.experiments.is_running() && h.state().lab.experiments.table.is_some() {
            break;
        }
        assert!(start.elapsed().as_secs() < 60, "the experiment did not finish");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    h.run();
    let Some(Table::Scramble { rows, algorithms, trials, .. }) = &h.state().lab.experiments.table
    else {
        panic!("a scramble table");
    };
    assert_eq!((rows.len(), *trials), (13, 5));
    assert_eq!(algorithms, &["A*", "BFS", "DFS(n)", "DFS(2n)"]);
    h.get_by_label("#DFS(2n)");
    h.get_by_label("Run experiment");
}

#[test]
fn stepping_alpha_beta_on_tic_tac_toe_explores_a_state_a_step_and_ends_as_the_book_does() {
    use sokolab::app::lab::{Action, Kind};
    use sokolab::lab::game_tree::alpha_beta;
    use sokolab::lab::game_tree::stepper::Rule;
    let mut h = window(ONE);
    h.get_by_label("Lab").click();
    h.run();
    h.state_mut().lab.kind = Kind::TicTacToe;
    h.state_mut().lab.moves = 2;
    h.state_mut().lab.apply(Action::NewBoard);
    h.run();
    let lab = &h.state().lab;
    assert_eq!((lab.game.rule, lab.game.ply), (Rule::AlphaBeta, 9));
    let start = lab.game.start.clone();
    h.get_by_label("Not started: press Step or Run.");
    for _ in 0..3 {
        h.get_by_label("Step").click();
        h.run();
    }
    assert_eq!(h.state().lab.game.stepper.states(), 4, "the start and three moves");
    let line = h.state().lab.game.state_line();
    assert!(line.starts_with("4 states explored, depth "), "{line}");
    h.get_by_label(&line);
    h.get_by_label("Run").click();
    for _ in 0..100 {
        h.run();
        if !h.state().lab.running {
            break;
        }
    }
    let expected = alpha_beta(&start, 9);
    assert_eq!(h.state().lab.game.stepper.result(), Some(expected));
    h.get_by_label(&h.state().lab.game.state_line());
    assert_eq!(h.state().lab.game.stepper.position(), &start, "every move taken back");
}
