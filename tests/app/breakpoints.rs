//! Breakpoints, set in the inspector's panel and on its board: each stops the run at the
//! expansion where stepping the search by hand first sees its condition, and the state
//! line names the one that fired.

use egui_kittest::kittest::Queryable;
use sokolab::app::App;
use sokolab::app::command::Command;
use sokolab::level::{Level, Pos};
use sokolab::solver::inspect::trace::Tracer;
use sokolab::solver::{Config, LowerBound, Method, NodeView, Progress, Search, Verdict, build};

use crate::harness::{click, wait_while, window};

type Harness = egui_kittest::Harness<'static, App>;

/// Two boxes side by side and one more behind a wall: BFS's layers, pruned children and a
/// box that another reaches a square before.
const ROOM: &str = "; Room\n########\n#      #\n# $$   #\n#@ ..  #\n#   $#.#\n#      #\n########\n";

/// The window on [`ROOM`] in inspect mode searching with `config`, the breakpoints
/// section open and every breakpoint off.
fn inspecting(config: Config) -> Harness {
    let mut h = window(ROOM);
    h.get_by_label("Inspector").click();
    h.run();
    h.state_mut().send(Command::SetSearchConfig(config));
    h.run();
    h.get_by_label("Breakpoints (1)").click();
    h.run();
    h.get_by_label("a rule prunes a child").click();
    h.run();
    assert!(h.query_by_label("Breakpoints (0)").is_some());
    h
}

/// Clicks *Until breakpoint* and waits for the run to stop; the expansions made and the
/// state line.
fn run_until(h: &mut Harness) -> (u64, String) {
    h.get_by_label("Until breakpoint").click();
    h.step();
    wait_while(h, "the run", 20, |app| {
        app.inspector().session.as_ref().is_some_and(|s| s.is_running())
    });
    (h.state().inspector().snapshot.stats.expanded, h.state().inspector().state_line())
}

/// The first expansion after which `holds` is true of the search (given the node expanded
/// before), stepping it one expansion at a time.
fn first(config: &Config, holds: impl Fn(&dyn Search, Option<NodeView>) -> bool) -> u64 {
    let level = Level::from_rows(&ROOM.lines().skip(1).collect::<Vec<_>>()).unwrap();
    let mut s = build(&level, config, Tracer::new()).unwrap();
    let mut before = None;
    loop {
        assert_eq!(s.step(1), Progress::Running, "the condition never held");
        if holds(s.as_ref(), before) {
            return s.stats().expanded;
        }
        before = s.current();
    }
}

fn bfs() -> Config {
    Config::with_method(Method::Bfs)
}

#[test]
fn a_rule_breakpoint_stops_at_the_first_child_that_rule_prunes_and_names_it() {
    let mut h = inspecting(bfs());
    h.get_by_label("a rule prunes a child").click();
    h.run();
    let (at, line) = run_until(&mut h);
    let pruned =
        first(&bfs(), |s, _| s.children().iter().any(|c| matches!(c.verdict, Verdict::Pruned(_))));
    assert_eq!(at, pruned);
    assert!(
        line.starts_with(&format!("Stopped at a breakpoint after expansion {at}: the rule")),
        "{line}"
    );
    assert!(line.contains("pruned a child"), "{line}");
    // Step goes on from there, and a second run stops at the next such expansion.
    h.get_by_label("Step").click();
    h.run();
    assert_eq!(h.state().inspector().state_line(), "Paused.", "a step clears the breakpoint");
}

#[test]
fn change_and_open_list_breakpoints_stop_where_the_value_first_changes() {
    let a_star =
        Config { lower_bound: LowerBound::BoxesOffGoal, ..Config::with_method(Method::AStar) };
    let mut h = inspecting(a_star.clone());
    h.get_by_label("f changes").click();
    h.run();
    let (at, line) = run_until(&mut h);
    assert_eq!(at, first(&a_star, |s, b| b.is_some_and(|b| b.f != s.current().unwrap().f)));
    assert!(line.contains(": f changed from"), "{line}");

    let mut h = inspecting(bfs());
    h.get_by_label("the depth changes").click();
    h.state_mut().inspector_mut().breakpoints.open = 30;
    h.get_by_label("the open list passes").click();
    h.run();
    assert!(h.query_by_label("Breakpoints (2)").is_some());
    let depth = first(&bfs(), |s, b| b.is_some_and(|b| b.g != s.current().unwrap().g));
    let open = first(&bfs(), |s, _| s.stats().open > 30);
    assert!(depth < open, "the first layer ends before the open list passes 30");
    let (at, line) = run_until(&mut h);
    assert_eq!(at, depth);
    assert!(line.contains(": the depth changed from 0 to 1"), "{line}");
    // The next run goes on until the open list passes 30, or the depth changes again.
    let next_depth = first(&bfs(), |s, b| {
        b.is_some_and(|b| b.g != s.current().unwrap().g) && s.stats().expanded > at
    });
    let (at, line) = run_until(&mut h);
    assert_eq!(at, open.min(next_depth), "{line}");
}

#[test]
fn a_box_picked_on_the_board_stops_the_run_when_it_reaches_the_square_picked() {
    let mut h = inspecting(bfs());
    let (left, square) = (Pos::new(2, 2), Pos::new(3, 4));
    h.get_by_label("Pick the box and the square").click();
    h.run();
    click(&mut h, Pos::new(1, 1));
    assert!(h.state().messages().status.contains("no box on"), "{}", h.state().messages().status);
    click(&mut h, left);
    click(&mut h, square);
    assert_eq!(
        h.state().messages().status,
        format!("Breakpoint set: the box from {left} reaches {square}.")
    );
    h.get_by_label(&format!("the box from {left} reaches {square}"));
    let (at, line) = run_until(&mut h);
    let followed = |s: &dyn Search| {
        let pushes = s.pushes_to(s.current().unwrap().id);
        pushes
            .iter()
            .fold(left, |at, &(from, d)| if from == at { from.step(d).unwrap() } else { at })
    };
    assert_eq!(at, first(&bfs(), |s, _| followed(s) == square));
    assert!(line.ends_with(&format!("the box from {left} reached {square}.")), "{line}");
    let board = h.state().inspector().board.clone().unwrap().0;
    assert!(board.square(square).has_box, "the board shows the node where it fired");

    // Any box: the other box of the pair gets there first.
    h.state_mut().send(Command::InspectReset);
    h.run();
    h.get_by_label("Pick a square (any box)").click();
    h.run();
    click(&mut h, square);
    let (any, _) = run_until(&mut h);
    assert!(any < at, "any box reaches {square} before the left one ({any}, {at})");
    let has_box = |s: &dyn Search| s.board(s.current().unwrap().id).unwrap().square(square).has_box;
    assert_eq!(any, first(&bfs(), |s, _| has_box(s)));

    // A corner is a dead square: the breakpoint is set, with a warning that it never fires
    // in a search that prunes dead squares.
    h.get_by_label("Pick a square (any box)").click();
    h.run();
    let corner = Pos::new(1, 1);
    click(&mut h, corner);
    let status = h.state().messages().status.clone();
    assert!(
        status.starts_with(&format!(
            "Breakpoint set: any box reaches {corner}. Beware: {corner} is a dead square"
        )),
        "{status}"
    );
    h.run();
    let warned = h.query_all_by_label_contains("is a dead square: a box there can never reach");
    assert_eq!(warned.count(), 2, "the status line and the panel warn");
    h.get_by_label("Pick a square (any box)").click();
    h.run();
    click(&mut h, square);
    assert!(h.query_by_label_contains("is a dead square").is_none(), "a live square: no warning");
}

#[test]
fn a_painted_position_stops_the_run_where_it_is_generated_or_expanded() {
    let mut h = inspecting(bfs());
    h.get_by_label("Paint the position").click();
    h.run();
    // From the start: the left box of the pair down one row, the player anywhere.
    click(&mut h, Pos::new(2, 2));
    click(&mut h, Pos::new(2, 3));
    assert_eq!(h.state().messages().status, "Painted position: 3 boxes, the player on 4:2.");
    let secondary = |h: &mut Harness, p: Pos| {
        let at = crate::harness::center(h, p);
        h.hover_at(at);
        h.step();
        h.event(egui::Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Secondary,
            pressed: true,
            modifiers: egui::Modifiers::NONE,
        });
        h.step();
        h.event(egui::Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Secondary,
            pressed: false,
            modifiers: egui::Modifiers::NONE,
        });
        h.run();
    };
    secondary(&mut h, Pos::new(1, 3));
    assert_eq!(h.state().messages().status, "Painted position: 3 boxes, the player anywhere.");
    let painted = crate::harness::board(&h);
    assert!(painted.square(Pos::new(2, 3)).has_box, "the board shows the position painted");
    h.get_by_label("Done").click();
    h.run();
    let mut want = vec![Pos::new(2, 3), Pos::new(3, 2), Pos::new(4, 4)];
    want.sort();
    let matches = |l: &Level| {
        let mut have = l.boxes();
        have.sort();
        have == want
    };
    let (generated, line) = run_until(&mut h);
    let expected = first(&bfs(), |s, _| {
        let board = s.board(s.current().unwrap().id).unwrap();
        s.children().iter().any(|c| {
            sokolab::solver::inspect::boards::after_move(&board, c.push)
                .is_some_and(|l| matches(&l))
        })
    });
    assert_eq!(generated, expected);
    assert!(line.contains("the painted position was generated"), "{line}");

    h.state_mut().send(Command::InspectReset);
    h.run();
    h.get_by_label("when").click();
    h.run();
    h.get_by_label("is expanded").click();
    h.run();
    let (expanded, line) = run_until(&mut h);
    assert_eq!(expanded, first(&bfs(), |s, _| matches(&s.board(s.current().unwrap().id).unwrap())));
    assert!(expanded > generated);
    assert!(line.ends_with("the painted position was expanded."), "{line}");
}
