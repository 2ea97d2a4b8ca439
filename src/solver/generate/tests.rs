use super::*;
use crate::level::moves::parse_lurd;
use crate::level::{Severity, replay, validate};
use crate::solver::config::{Config, Limits, Method};
use crate::solver::outcome::Outcome;
use crate::solver::solve::solve;

fn make(spec: Spec, seed: u64, count: usize) -> Vec<Generated> {
    generate(spec, seed, count, &AtomicBool::new(false), &mut |_, _| {}).unwrap()
}

#[test]
fn every_generated_level_is_valid_and_its_saved_solution_is_push_optimal() {
    let spec = Spec { width: 8, height: 8, boxes: 3 };
    let levels = make(spec, 1, 5);
    assert_eq!(levels.len(), 5);
    for g in &levels {
        let level = &g.level;
        let errors: Vec<_> =
            validate(level).into_iter().filter(|d| d.severity == Severity::Error).collect();
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!((level.width(), level.height()), (8, 8));
        assert_eq!(level.boxes().len(), 3);
        let moves = parse_lurd(&level.meta.solutions[0]).unwrap();
        let played = replay(level, &moves);
        assert!(played.solved && played.pushes == g.pushes, "{}", level.meta.title);
        assert!(g.pushes >= 6, "two pushes a box at least");
        let astar = solve(
            level,
            &Config::with_method(Method::AStar),
            &Limits::default(),
            &AtomicBool::new(false),
        );
        match astar {
            Outcome::Solved(s, _) => {
                assert_eq!(s.pushes, g.pushes, "the pull search's depth is the optimum")
            }
            other => panic!("{other:?}"),
        }
        assert!(g.rating.as_ref().is_some_and(|r| r.proved && r.difficulty().is_some()));
    }
}

#[test]
fn a_seed_gives_the_same_levels_and_another_seed_others() {
    let spec = Spec { width: 8, height: 8, boxes: 2 };
    let rows = |v: &[Generated]| v.iter().map(|g| g.level.to_rows()).collect::<Vec<_>>();
    let (a, b, c) = (make(spec, 5, 3), make(spec, 5, 3), make(spec, 6, 3));
    assert_eq!(rows(&a), rows(&b));
    assert_ne!(rows(&a), rows(&c));
}

#[test]
fn a_spec_that_cannot_give_levels_is_refused_and_cancel_stops_at_once() {
    let none = AtomicBool::new(false);
    let bad =
        |w, h, boxes| generate(Spec { width: w, height: h, boxes }, 1, 1, &none, &mut |_, _| {});
    assert!(matches!(bad(4, 8, 1), Err(GenerateError::BadSpec(w)) if w.contains("5x5 to 40x40")));
    assert!(matches!(bad(6, 6, 9), Err(GenerateError::BadSpec(w)) if w.contains("from 1 to 5")));
    assert!(matches!(bad(8, 8, 0), Err(GenerateError::BadSpec(_))));
    let cancel = AtomicBool::new(true);
    let spec = Spec { width: 8, height: 8, boxes: 3 };
    assert!(generate(spec, 1, 3, &cancel, &mut |_, _| {}).unwrap().is_empty());
}
