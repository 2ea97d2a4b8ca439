use super::*;
use crate::level::metrics::Metrics;
use crate::level::moves::parse_lurd;
use crate::level::{Dir, Severity, replay, validate};
use crate::solver::config::{Config, Limits, Method};
use crate::solver::outcome::Outcome;
use crate::solver::solve::solve;

fn make(spec: Spec, seed: u64, count: usize) -> Vec<Generated> {
    generate(spec, seed, count, &AtomicBool::new(false), &mut |_, _| {}).unwrap()
}

#[test]
fn every_generated_level_is_valid_and_its_saved_solution_is_push_optimal() {
    // 12x12 with six boxes: a door room, evolved by moving goals.
    let levels = [make(Spec::new(8, 8, 3), 1, 5), make(Spec::new(12, 12, 6), 1, 1)];
    assert_eq!(levels.iter().map(Vec::len).collect::<Vec<_>>(), [5, 1]);
    for g in levels.iter().flatten() {
        let size = g.level.width();
        let boxes = if size == 8 { 3 } else { 6 };
        let level = &g.level;
        let errors: Vec<_> =
            validate(level).into_iter().filter(|d| d.severity == Severity::Error).collect();
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!((level.width(), level.height()), (size, size));
        assert_eq!(level.boxes().len(), boxes);
        let moves = parse_lurd(&level.meta.solutions[0]).unwrap();
        let played = replay(level, &moves);
        assert!(played.solved && played.pushes == g.pushes, "{}", level.meta.title);
        assert!(g.pushes >= 2 * boxes, "two pushes a box at least");
        let boxes = level.boxes();
        let on_goals = boxes.iter().filter(|&&b| level.square(b).terrain == Terrain::Goal);
        assert_eq!(on_goals.count(), 0, "every box must move");
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
fn every_generated_level_makes_the_reference_search_search() {
    // At 7x7 the best-scoring starts are mostly solved by FESS's plan alone.
    for g in make(Spec::new(7, 7, 2), 1, 6) {
        let rating = g.rating.expect("a 7x7 level is rated in milliseconds");
        assert!(rating.effort.is_some_and(|e| e > 0), "{}: {rating:?}", g.level.meta.title);
    }
}

#[test]
fn a_seed_gives_the_same_levels_and_another_seed_others() {
    let spec = Spec::new(8, 8, 2);
    let rows = |v: &[Generated]| v.iter().map(|g| g.level.to_rows()).collect::<Vec<_>>();
    let (a, b, c) = (make(spec, 5, 3), make(spec, 5, 3), make(spec, 6, 3));
    assert_eq!(rows(&a), rows(&b));
    assert_ne!(rows(&a), rows(&c));
}

#[test]
fn a_spec_that_cannot_give_levels_is_refused_and_cancel_stops_at_once() {
    let none = AtomicBool::new(false);
    let bad = |w, h, boxes| generate(Spec::new(w, h, boxes), 1, 1, &none, &mut |_, _| {});
    assert!(matches!(bad(4, 8, 1), Err(GenerateError::BadSpec(w)) if w.contains("5x5 to 40x40")));
    assert!(matches!(bad(6, 6, 9), Err(GenerateError::BadSpec(w)) if w.contains("from 1 to 5")));
    assert!(matches!(bad(8, 8, 0), Err(GenerateError::BadSpec(_))));
    let cancel = AtomicBool::new(true);
    let spec = Spec::new(8, 8, 3);
    assert!(generate(spec, 1, 3, &cancel, &mut |_, _| {}).unwrap().is_empty());
}

#[test]
fn the_score_prefers_more_box_changes_at_equal_pushes() {
    let m = |pushes, box_lines, box_changes| Measures { pushes, box_lines, box_changes };
    assert!(m(20, 8, 5).score() > m(20, 8, 4).score());
    // A change counts for more than a line: turning from box to box beats a bend.
    assert!(m(20, 8, 5).score() > m(20, 10, 4).score());
    assert!(m(21, 8, 4).score() > m(20, 8, 4).score(), "pushes still count");
}

/// The best starts of a few rooms of `spec`, each with its goals placed both ways.
fn starts(spec: Spec, seed: u64) -> Vec<Start> {
    let mut random = Random::new(seed);
    let none = AtomicBool::new(false);
    let mut out = Vec::new();
    for k in 0..40 {
        let Some(room) = rooms::room(spec.width, spec.height, spec.boxes * 2 + 2, &mut random)
        else {
            continue;
        };
        let solved = place_goals(&room, spec.boxes, k % 2 == 1, &mut random).unwrap();
        out.extend(start_from(&solved, &none, &mut 0));
    }
    assert!(out.len() >= 10, "most rooms give a start ({})", out.len());
    out
}

#[test]
fn a_start_measures_what_its_solution_measures_and_every_box_must_move() {
    for start in starts(Spec::new(8, 8, 3), 11) {
        let metrics = Metrics::of(&start.level, &start.moves).unwrap();
        let m = start.measures;
        assert_eq!(
            (metrics.pushes, metrics.box_lines, metrics.box_changes),
            (m.pushes as usize, m.box_lines as usize, m.box_changes as usize)
        );
        let level = &start.level;
        assert!(level.boxes().iter().all(|&b| level.square(b).terrain != Terrain::Goal));
    }
}

#[test]
fn a_start_measures_the_fewest_box_changes_then_lines_of_any_push_optimal_solution() {
    // The rating's search for the fewest box changes, an A* over every push-optimal line
    // once A* has proved the pushes, is the reference; the pull search keeps only the best
    // line into each position by its last pull.
    let none = AtomicBool::new(false);
    for spec in [Spec::new(8, 8, 3), Spec::new(7, 7, 3)] {
        for start in starts(spec, 13) {
            let m = start.measures;
            let rating = rate(&start.level, None, &none).unwrap().expect("a start is solvable");
            let fewest = rating.best.expect("a start is solved");
            assert!(rating.proved, "A* proves the pushes, so the fewest changes are searched");
            assert_eq!(
                (fewest.pushes, fewest.box_changes, fewest.box_lines),
                (m.pushes as usize, m.box_changes as usize, m.box_lines as usize),
                "{}",
                start.level.to_rows().join("\n")
            );
        }
    }
}

#[test]
fn a_draw_keeps_the_best_scoring_other_starts_once_the_first_found_among_equals() {
    let mut all = starts(Spec::new(8, 8, 3), 11);
    for (i, start) in all.iter_mut().enumerate() {
        start.level.meta.title = i.to_string();
    }
    let tagged = |s: &Start| (s.measures.score(), s.level.meta.title.clone());
    let mut expected: Vec<(u32, String)> = all.iter().map(tagged).collect();
    expected.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
    let tie = expected.windows(2).take(RATED).any(|w| w[0].0 == w[1].0);
    assert!(all.len() > RATED && tie, "more starts than are kept, two kept of equal score");
    expected.truncate(RATED);
    let mut best = Vec::new();
    for start in all {
        keep_best(&mut best, start);
    }
    assert_eq!(best.iter().map(tagged).collect::<Vec<_>>(), expected);
    // An evolving room comes back to rooms it has had: a start given again is not kept twice.
    for start in best.clone() {
        keep_best(&mut best, start);
    }
    assert_eq!(best.iter().map(tagged).collect::<Vec<_>>(), expected);
}

#[test]
fn walling_up_the_floor_a_solution_does_not_use_keeps_it_solvable_with_the_same_optimum() {
    let none = AtomicBool::new(false);
    let floor = |l: &Level| l.positions().filter(|&p| l.square(p).terrain.is_walkable()).count();
    let mut smaller = 0;
    for start in starts(Spec::new(8, 8, 2), 12).into_iter().take(8) {
        let before = floor(&start.level);
        let pushes = start.measures.pushes as usize;
        let compact = start.compact();
        smaller += usize::from(floor(&compact.level) < before);
        assert!(replay(&compact.level, &compact.moves).solved);
        let astar =
            solve(&compact.level, &Config::with_method(Method::AStar), &Limits::default(), &none);
        assert!(matches!(astar, Outcome::Solved(s, _) if s.optimal && s.pushes == pushes));
    }
    assert!(smaller > 0, "some floor went unused");
}

#[test]
fn a_minimum_keeps_only_levels_that_reach_it() {
    let spec = Spec { min_pushes: 20, min_difficulty: 3.0, ..Spec::new(8, 8, 3) };
    let levels = make(spec, 2, 3);
    assert_eq!(levels.len(), 3);
    for g in &levels {
        assert!(g.pushes >= 20, "{} pushes", g.pushes);
        let d = g.rating.as_ref().and_then(|r| r.difficulty()).unwrap();
        assert!(d >= 3.0, "difficulty {d}");
    }
}

/// The rooms of `seed` at 12x12 given a door for six boxes, with the squares behind it.
fn door_rooms(seed: u64) -> Vec<(Level, Vec<Pos>)> {
    let mut random = Random::new(seed);
    let mut doors = Vec::new();
    for _ in 0..200 {
        if let Some(room) = rooms::room(12, 12, 14, &mut random) {
            doors.extend(rooms::with_door(&fitted(room, 6, &mut random), 6, &mut random));
        }
    }
    assert!(doors.len() >= 10, "a room in ten or more takes a door ({})", doors.len());
    doors
}

#[test]
fn a_door_is_the_one_way_into_the_part_behind_it_and_the_goals_go_there() {
    let mut random = Random::new(3);
    for (room, behind) in door_rooms(3) {
        assert!((7..=18).contains(&behind.len()), "{}", behind.len());
        let walkable = |p: &Pos| room.square(*p).terrain.is_walkable();
        assert!(behind.iter().all(walkable));
        let beside = |&p: &Pos| Dir::ALL.into_iter().filter_map(move |d| p.step(d));
        let ways_in: HashSet<Pos> =
            behind.iter().flat_map(beside).filter(|q| walkable(q) && !behind.contains(q)).collect();
        assert_eq!(ways_in.len(), 1, "one door: {ways_in:?}\n{}", room.to_rows().join("\n"));
        for clustered in [false, true] {
            let level = goals_behind(&room, &behind, 6, clustered, &mut random).unwrap();
            let errors: Vec<_> =
                validate(&level).into_iter().filter(|d| d.severity == Severity::Error).collect();
            assert!(errors.is_empty(), "{errors:?}");
            let goals: Vec<Pos> =
                level.positions().filter(|&p| level.square(p).terrain == Terrain::Goal).collect();
            assert_eq!(goals.len(), 6);
            assert!(goals.iter().all(|g| behind.contains(g) && level.square(*g).has_box));
            assert!(!behind.contains(&level.player().unwrap()), "the player starts outside");
        }
    }
}

#[test]
fn a_door_room_mutated_keeps_a_box_on_every_goal_and_a_player_on_the_floor() {
    let mut random = Random::new(4);
    let (mut made, mut changed) = (0, 0);
    for (room, behind) in door_rooms(4) {
        let solved = goals_behind(&room, &behind, 6, false, &mut random).unwrap();
        for _ in 0..10 {
            let Some(next) = mutated(&solved, &mut random) else { continue };
            made += 1;
            changed += usize::from(next.to_rows() != solved.to_rows());
            let goals: Vec<Pos> =
                next.positions().filter(|&p| next.square(p).terrain == Terrain::Goal).collect();
            assert!(goals.iter().all(|&g| next.square(g).has_box));
            assert_eq!((goals.len(), next.boxes().len()), (6, 6));
            let player = next.players();
            assert_eq!(player.len(), 1);
            assert_eq!(next.square(player[0]).terrain, Terrain::Floor);
            assert!(validate(&next).iter().all(|d| d.severity != Severity::Error));
        }
    }
    assert!(made >= 50 && changed == made, "every mutation changes the room ({changed}/{made})");
}
