//! Overlays: toggles change what the board draws; "why is this a deadlock?" names the rule
//! and marks its boxes.

use egui_kittest::kittest::Queryable;
use sokolab::level::Pos;
use sokolab::solver::inspect::Analyser;

use crate::harness::window;

const CORNER: &str = "#######\n#$  @.#\n#     #\n#######\n";

#[test]
fn toggling_overlays_draws_and_removes_them() {
    let mut h = window(CORNER);
    assert!(h.state().drawn.dead.is_empty() && h.state().drawn.reach.is_empty());
    h.get_by_label("Dead squares").click();
    h.run();
    let expected = Analyser::new(h.state().level()).unwrap().squares().dead;
    assert!(!expected.is_empty());
    assert_eq!(h.state().drawn.dead, expected);

    h.get_by_label("Player-reachable area").click();
    h.run();
    assert!(h.state().drawn.reach.contains(&Pos::new(4, 2)));
    assert!(!h.state().drawn.reach.contains(&Pos::new(1, 1)), "a box is not walkable");

    h.get_by_label("Push distance to the nearest goal").click();
    h.run();
    assert!(h.state().drawn.numbers.contains(&(Pos::new(5, 1), 0)));

    h.get_by_label("Dead squares").click();
    h.run();
    assert!(h.state().drawn.dead.is_empty(), "switched off again");
    assert!(!h.state().drawn.reach.is_empty(), "the others stay");
}

#[test]
fn why_is_this_a_deadlock_names_the_rule_and_marks_the_box() {
    let mut h = window(CORNER);
    h.get_by_label("Why is this a deadlock?").click();
    h.run();
    let status = h.state().status.clone();
    assert!(status.contains("Deadlock (dead square)"), "{status}");
    assert_eq!(h.state().drawn.culprits, vec![Pos::new(1, 1)]);
}
