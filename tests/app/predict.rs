//! Predict mode: the frontier offered without priorities, a click a guess and a step, the
//! answer right, a tie or wrong with why, and the score of a scripted sequence of clicks.

use egui_kittest::kittest::Queryable;
use sokolab::app::App;
use sokolab::app::command::Command;
use sokolab::app::inspector::predict::{Guess, choices};
use sokolab::app::inspector::text::node_row;
use sokolab::solver::{Config, LowerBound, Method, NodeView, Textbook};

use crate::harness::{lab_with, window};

type Harness = egui_kittest::Harness<'static, App>;

const ROOM: &str = "; Room\n#########\n#   #   #\n# $ $ $ #\n#  ...  #\n#   @   #\n#########\n";

/// The window in predict mode with `method`, stepped once; the lower bound counts the boxes
/// off goal, loose enough for the frontier's priorities to differ.
fn predicting(method: Method) -> Harness {
    let mut h = window(ROOM);
    h.get_by_label("Inspector").click();
    h.run();
    let config = Config { lower_bound: LowerBound::BoxesOffGoal, ..Config::with_method(method) };
    h.state_mut().send(Command::SetSearchConfig(config));
    h.run();
    h.get_by_label("Step").click();
    h.run();
    h.get_by_label("Predict").click();
    h.run();
    h
}

fn frontier(h: &Harness) -> Vec<NodeView> {
    h.state().inspector().snapshot.frontier.clone()
}

/// Clicks the choice offered for `n`.
fn guess(h: &mut Harness, n: &NodeView) {
    h.get_by_label(&n.name()).click();
    h.run();
}

#[test]
fn a_scripted_sequence_of_guesses_is_scored_and_each_answer_says_why() {
    for method in [Method::AStar, Method::Bfs, Method::Textbook(Textbook::AStar)] {
        let mut h = predicting(method);
        let name = method.name();
        // The frontier is offered without priorities, in board order.
        let offered = choices(&frontier(&h));
        assert!(offered.len() >= 2, "{name}: a frontier to choose from");
        for n in &offered {
            h.get_by_label(&n.name());
        }
        // The pointer on a choice shows its board.
        let last = *offered.last().unwrap();
        h.get_by_label(&last.name()).hover();
        h.run();
        let shown = crate::harness::board(&h);
        let session = h.state().inspector().session.as_ref().unwrap();
        let want = match last.id {
            sokolab::solver::NodeId::MAX => None,
            id => session.search().board(id),
        };
        if let Some(want) = want {
            assert_eq!(shown.boxes(), want.boxes(), "{name}: the board of the choice hovered");
            let node = sokolab::app::inspector::Shown::Node(last.id);
            assert_eq!(h.state().inspector().shown, node, "{name}");
        }
        let order = method.info().order;
        for n in &offered {
            let row = node_row(n, order);
            assert!(h.query_by_label(&row).is_none(), "{name}: no priorities shown: {row}");
        }
        // Right twice (the node the search puts first), then a node ranked lower.
        let mut right = 0;
        for _ in 0..2 {
            let next = frontier(&h)[0];
            guess(&mut h, &next);
            right += 1;
            assert_eq!(h.state().inspector().snapshot.current.map(|c| c.id), Some(next.id));
            let status = h.state().messages().status.clone();
            assert!(status.starts_with("Right: it expanded"), "{name}: {status}");
            assert!(status.contains("This search expands the open node"), "{name}: {status}");
        }
        let now = frontier(&h);
        let order_of = |n: &NodeView| (n.f, n.id);
        let lower = now.iter().skip(1).find(|n| n.f != now[0].f).copied();
        let Some(wrong) = lower else { panic!("{name}: a node of another priority") };
        guess(&mut h, &wrong);
        let status = h.state().messages().status.clone();
        assert!(status.starts_with("Wrong: it expanded"), "{name}: {status}");
        assert!(status.contains(&now[0].name()), "{name}: names the node expanded");
        assert!(order_of(&wrong) != order_of(&now[0]));
        h.get_by_label(&format!("Score: {right} of 3"));
        // The frontier of that step revealed with its priorities, the guess marked.
        h.get_by_label_contains("← your guess");
        h.get_by_label_contains("← expanded");
    }
}

#[test]
fn a_tie_counts_and_says_so_and_turning_predict_off_shows_the_priorities_again() {
    let mut h = predicting(Method::AStar);
    // Step until the frontier's best two share their f, then guess the second.
    for _ in 0..30 {
        let f = frontier(&h);
        if f.len() >= 2 && f[0].f == f[1].f {
            break;
        }
        let first = f[0];
        guess(&mut h, &first);
    }
    let f = frontier(&h);
    assert!(f.len() >= 2 && f[0].f == f[1].f, "a tie on f comes up");
    let asked = h.state().inspector().predict.asked;
    guess(&mut h, &f[1]);
    let status = h.state().messages().status.clone();
    assert!(status.starts_with("A tie:"), "{status}");
    let p = &h.state().inspector().predict;
    assert_eq!((p.right, p.asked), (asked + 1, asked + 1), "a tie counts as right");
    h.get_by_label("Predict").click();
    h.run();
    let row = node_row(&frontier(&h)[0], Method::AStar.info().order);
    assert!(h.query_by_label(&row).is_some(), "priorities shown again: {row}");
}

/// The lab's predict mode on A* over the 8-puzzle: the frontier offered without priorities
/// (the open list in order is hidden), and a scripted sequence of clicks (the node
/// expanded next, then the one of the worst f, in turn) scored right, tie or wrong as the
/// priorities say.
#[test]
fn the_labs_predict_mode_scores_a_scripted_sequence_of_clicks() {
    use sokolab::app::lab::PREDICT_SHOWN;
    use sokolab::app::lab::run::choices as tiles;
    let mut h = lab_with(ROOM, Textbook::AStar);
    h.get_by_label("Predict").click();
    h.run();
    assert!(h.state().lab().predict.on);
    assert!(h.query_by_label_contains("Open, next first").is_none(), "the order is hidden");
    let mut right = 0;
    for round in 0..6 {
        let lab = h.state().lab();
        let next = lab.run.frontier(1)[0];
        let offered = tiles(&lab.run.frontier(PREDICT_SHOWN));
        let worst = *offered.iter().max_by_key(|t| (t.f, t.id)).unwrap();
        let guess = if round % 2 == 0 { next } else { worst };
        right += u32::from(guess.id == next.id || guess.f == next.f);
        h.get_by_label(&guess.name()).hover();
        h.run();
        let lab = h.state().lab();
        let board = lab.run.search.tree().get(guess.id).map(|n| n.state);
        assert_eq!(Some(lab.board()), board, "the pointer on a choice shows its board");
        h.get_by_label(&guess.name()).click();
        h.run();
        let lab = h.state().lab();
        assert_eq!(lab.run.expanded(), round + 1, "a guess is a step");
        assert_eq!(lab.run.history.steps.last().map(|s| s.node), Some(next.id));
        let said = lab.predict.last.as_ref().expect("answered").said.clone();
        let expected = match (guess.id == next.id, guess.f == next.f) {
            (true, _) => "Right",
            (false, true) => "A tie",
            (false, false) => "Wrong",
        };
        assert!(said.starts_with(expected), "round {round}: {said}");
        assert!(said.contains("lowest f"), "the rule is said: {said}");
    }
    assert_eq!((h.state().lab().predict.right, h.state().lab().predict.asked), (right, 6));
    h.get_by_label(&format!("Score: {right} of 6"));
    assert!(right < 6, "the script guesses wrong at least once: {right}");
}
