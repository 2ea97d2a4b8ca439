use super::*;
use crate::level::moves::parse_lurd;
use crate::solver::config::Method;
use crate::solver::outcome::Outcome;
use crate::solver::solve;

/// A room with one box two squares from its goal.
const ROOM: [&str; 6] =
    ["#########", "#       #", "#   $ . #", "#  @    #", "#       #", "#########"];

/// ROOM's box pushed down, up again, then home: 13 moves, 4 pushes (3 and 2 will do).
const WASTEFUL: &str = "uurDlddrUluRR";

fn room() -> Level {
    Level::from_rows(&ROOM).unwrap()
}

fn run(level: &Level, lurd: &str, metric: Metric, limits: &Limits) -> Optimized {
    let moves = parse_lurd(lurd).unwrap();
    optimize(level, &moves, metric, limits, &AtomicBool::new(false), &mut |_| {}).unwrap()
}

fn pushes_proved_optimal(level: &Level) -> usize {
    let config = Config { method: Method::AStar, ..Config::default() };
    match solve(level, &config, &Limits::default(), &AtomicBool::new(false)) {
        Outcome::Solved(s, _) if s.optimal => s.pushes,
        other => panic!("A* did not prove an optimum: {other:?}"),
    }
}

#[test]
fn a_wasteful_solution_is_cut_to_the_push_optimum_that_astar_proves() {
    let level = room();
    let before = verified(&level, &parse_lurd(WASTEFUL).unwrap()).unwrap();
    assert_eq!((before.moves, before.pushes), (13, 4));
    for metric in [Metric::Pushes, Metric::Moves] {
        let out = run(&level, WASTEFUL, metric, &Limits::default());
        assert_eq!(out.before, before);
        assert_eq!(out.after.pushes, pushes_proved_optimal(&level), "{metric:?}");
        assert_eq!(out.after.moves, 3, "{metric:?}");
        assert!(out.improvements >= 1 && out.stopped.is_none());
        assert_eq!(verified(&level, &out.moves).unwrap(), out.after);
    }
}

#[test]
fn only_the_walks_shortened_count_as_better_and_an_optimum_stays_as_it_is() {
    let level = room();
    // The optimum, with a walk there and back first: the same pushes, shorter walks.
    let out = run(&level, "lruRR", Metric::Moves, &Limits::default());
    assert_eq!((out.after.moves, out.after.pushes, out.improvements), (3, 2, 0));
    let out = run(&level, "uRR", Metric::Pushes, &Limits::default());
    assert_eq!(out.moves, parse_lurd("uRR").unwrap());
    assert_eq!(out.before, out.after);
}

#[test]
fn the_shipped_levels_solutions_come_back_no_worse_and_replaying() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/levels/default.xsb");
    let collection = crate::level::format::load_file(path).unwrap();
    let limits = Limits { nodes: Some(20_000), ..Limits::default() };
    let mut improved = 0;
    for level in collection.levels.iter().take(12) {
        let config = Config { method: Method::Greedy, ..Config::default() };
        let Outcome::Solved(s, _) = solve(level, &config, &limits, &AtomicBool::new(false)) else {
            panic!("greedy solves the shipped level {:?}", level.meta.title);
        };
        for metric in [Metric::Moves, Metric::Pushes] {
            let out = run(level, &s.lurd(), metric, &limits);
            assert_eq!(verified(level, &out.moves).unwrap(), out.after);
            assert!(metric.key(&out.after) <= metric.key(&out.before), "{:?}", level.meta.title);
            improved += usize::from(metric.key(&out.after) < metric.key(&out.before));
        }
    }
    assert!(improved > 0, "greedy's solutions are not all optimal");
}

#[test]
fn a_limit_stops_it_with_the_best_solution_so_far() {
    let level = room();
    let limits = Limits { nodes: Some(1), ..Limits::default() };
    let out = run(&level, WASTEFUL, Metric::Pushes, &limits);
    assert_eq!(out.stopped, Some(StopReason::Nodes));
    assert_eq!(verified(&level, &out.moves).unwrap(), out.after);
    assert!(Metric::Pushes.key(&out.after) <= Metric::Pushes.key(&out.before));
    let cancel = AtomicBool::new(true);
    let moves = parse_lurd(WASTEFUL).unwrap();
    let out = optimize(&level, &moves, Metric::Moves, &Limits::default(), &cancel, &mut |_| {});
    assert_eq!(out.unwrap().stopped, Some(StopReason::Cancelled));
}

#[test]
fn moves_that_do_not_solve_the_level_are_refused() {
    let level = room();
    let none = AtomicBool::new(false);
    let refuse = |lurd: &str| {
        let moves = parse_lurd(lurd).unwrap();
        optimize(&level, &moves, Metric::Moves, &Limits::default(), &none, &mut |_| {})
    };
    assert!(matches!(refuse("uR"), Err(OptimizeError::NotASolution(w)) if w.contains("off goals")));
    assert!(matches!(refuse("R"), Err(OptimizeError::NotASolution(w)) if w.contains("move 1")));
}

/// The fewest pushes, then box changes, then box lines of any solution of `rows`, by a
/// breadth-first search of every push sequence written here from the rows alone: a state
/// is the boxes, the player's square and the box pushed last (its square and the way).
fn fewest_by_brute_force(rows: &[&str]) -> (usize, usize, usize) {
    use std::collections::{BTreeSet, HashMap, VecDeque};
    type Sq = (i32, i32);
    let at = |c: char| -> BTreeSet<Sq> {
        let mut out = BTreeSet::new();
        for (y, row) in rows.iter().enumerate() {
            for (x, ch) in row.chars().enumerate() {
                let is = match c {
                    '$' => "$*".contains(ch),
                    '.' => ".*+".contains(ch),
                    '@' => "@+".contains(ch),
                    _ => ch == '#',
                };
                if is {
                    out.insert((x as i32, y as i32));
                }
            }
        }
        out
    };
    let (walls, goals) = (at('#'), at('.'));
    let player = *at('@').iter().next().unwrap();
    let ways = [(0, -1), (1, 0), (0, 1), (-1, 0)];
    let step = |s: Sq, d: usize| (s.0 + ways[d].0, s.1 + ways[d].1);
    // The squares the player reaches (its area), boxes in the way.
    let area = |boxes: &BTreeSet<Sq>, from: Sq| {
        let (mut seen, mut queue) = (BTreeSet::from([from]), VecDeque::from([from]));
        while let Some(s) = queue.pop_front() {
            for d in 0..4 {
                let t = step(s, d);
                if !walls.contains(&t) && !boxes.contains(&t) && seen.insert(t) {
                    queue.push_back(t);
                }
            }
        }
        seen
    };
    type State = (BTreeSet<Sq>, Sq, Option<(Sq, usize)>);
    let start_boxes = at('$');
    let first: State = (start_boxes.clone(), *area(&start_boxes, player).first().unwrap(), None);
    // Each layer: the states reached by that many pushes, each with its fewest (changes,
    // lines); a state met in an earlier layer is never better here.
    let mut layer: HashMap<State, (usize, usize)> = HashMap::from([(first, (0, 0))]);
    let mut seen: BTreeSet<(BTreeSet<Sq>, Sq)> = BTreeSet::new();
    for pushes in 0.. {
        let solved: Vec<_> =
            layer.iter().filter(|((b, _, _), _)| *b == goals).map(|(_, &c)| c).collect();
        if let Some(&(changes, lines)) = solved.iter().min() {
            return (pushes, changes, lines);
        }
        assert!(!layer.is_empty() && pushes < 40, "no solution found");
        let mut next: HashMap<State, (usize, usize)> = HashMap::new();
        for ((boxes, player, last), (changes, lines)) in &layer {
            seen.insert((boxes.clone(), *player));
            let reach = area(boxes, *player);
            for &b in boxes {
                for d in 0..4 {
                    let (behind, to) = (step(b, (d + 2) % 4), step(b, d));
                    if !reach.contains(&behind) || walls.contains(&to) || boxes.contains(&to) {
                        continue;
                    }
                    let mut moved = boxes.clone();
                    moved.remove(&b);
                    moved.insert(to);
                    let p = *area(&moved, b).first().unwrap();
                    if seen.contains(&(moved.clone(), p)) {
                        continue;
                    }
                    let changed = last.is_some_and(|(s, _)| s != b);
                    let line = last.is_none_or(|(s, w)| s != b || w != d);
                    let cost = (changes + usize::from(changed), lines + usize::from(line));
                    let entry = next.entry((moved, p, Some((to, d)))).or_insert(cost);
                    *entry = (*entry).min(cost);
                }
            }
        }
        layer = next;
    }
    unreachable!()
}

/// Rooms where the boxes can be taken one at a time or interleaved at the same pushes (the
/// last two made by our generator, where A*'s first line changes boxes more than it must).
const INTERLEAVING: [&[&str]; 5] = [
    &["########", "#@ $  .#", "#      #", "#  $  .#", "########"],
    &["#########", "#.  $   #", "#   @   #", "#   $  .#", "#  $ . ##", "#########"],
    &["#######", "#.$ $.#", "#  @  #", "# $ . #", "#######"],
    &["#######", "#@   .#", "#     #", "# .#$##", "# $   #", "###   #", "  #####"],
    &["####", "#..###", "#    ##", "#   $@#", "### $ #", "  #  ##", "  ####"],
];

#[test]
fn the_fewest_changes_search_finds_what_a_brute_force_search_of_every_line_finds() {
    let mut fewer_than_astar = 0;
    for rows in INTERLEAVING {
        let level = Level::from_rows(rows).unwrap();
        let (pushes, changes, lines) = fewest_by_brute_force(rows);
        let config = Config { method: Method::AStar, ..Config::default() };
        let none = AtomicBool::new(false);
        let Outcome::Solved(astar, _) = solve(&level, &config, &Limits::default(), &none) else {
            panic!("A* solves {rows:?}");
        };
        assert_eq!((astar.pushes, astar.optimal), (pushes, true), "{rows:?}");
        let found = fewest_changes(&level, pushes, &Limits::default(), &none).unwrap().unwrap();
        let m = verified(&level, &found).unwrap();
        assert_eq!((m.pushes, m.box_changes, m.box_lines), (pushes, changes, lines), "{rows:?}");
        // The pull search, A*'s fallback, finds the same.
        let problem = Problem::new(&level).unwrap();
        let by_pulls = fewest_changes_by_pulls(&problem, &Limits::default(), &none);
        let m = verified(&level, &by_pulls.unwrap().unwrap()).unwrap();
        assert_eq!((m.pushes, m.box_changes, m.box_lines), (pushes, changes, lines), "{rows:?}");
        fewer_than_astar +=
            usize::from(verified(&level, &astar.moves).unwrap().box_changes > changes);
    }
    assert!(fewer_than_astar > 0, "in no room does A*'s first line change boxes more than it must");
}

#[test]
fn the_fewest_changes_search_stops_at_its_limits() {
    // A room whose search takes more expansions than one look at the limits allows.
    let rows = ["##########", "#@       #", "# $  $ $ #", "#  ..  . #", "# $  .   #", "##########"];
    let level = Level::from_rows(&rows).unwrap();
    let limits = Limits { nodes: Some(1), ..Limits::default() };
    let none = AtomicBool::new(false);
    assert_eq!(fewest_changes(&level, 30, &limits, &none), Err(StopReason::Nodes));
    assert!(fewest_changes(&level, 30, &Limits::default(), &none).unwrap().is_some());
    let level = Level::from_rows(INTERLEAVING[1]).unwrap();
    let cancel = AtomicBool::new(true);
    let stopped = fewest_changes(&level, 8, &Limits::default(), &cancel);
    assert_eq!(stopped, Err(StopReason::Cancelled));
    // So does A*'s fallback, the pull search.
    let problem = Problem::new(&level).unwrap();
    assert_eq!(fewest_changes_by_pulls(&problem, &limits, &none), Err(StopReason::Nodes));
    let over = Limits { time: Some(Duration::ZERO), ..Limits::default() };
    assert_eq!(fewest_changes_by_pulls(&problem, &over, &none), Err(StopReason::Time));
    let over = Limits { memory_bytes: Some(1), ..Limits::default() };
    assert_eq!(fewest_changes_by_pulls(&problem, &over, &none), Err(StopReason::Memory));
    let stopped = fewest_changes_by_pulls(&problem, &Limits::default(), &cancel);
    assert_eq!(stopped, Err(StopReason::Cancelled));
    // Costs that would not fit the search's range: no search, no answer.
    assert_eq!(fewest_changes(&level, 5_000, &Limits::default(), &none), Ok(None));
}
