//! End-to-end tests of the front door on small hand-made levels: every method finds a
//! verified solution, the push-optimal ones agree with BFS, admissible bounds never exceed
//! the pushes still needed, unsolvable levels are proved so, and limits and cancellation
//! stop a search quickly and cleanly.

use crate::level::format::read_collection;
use crate::level::{Level, replay};
use crate::solver::bounds::Estimator;
use crate::solver::{
    Config, Limits, LowerBound, Method, NoTrace, Outcome, Progress, StopReason, build, solve,
};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Small solvable levels of one to four boxes.
const SOLVABLE: &str = "
; one box
#######
#.  $@#
#  #  #
#.$   #
#######

; round the pillar
 ######
 #    #
##$## #
#  .  #
# $.#@#
#     #
#######

; three in a row
#########
#   #   #
# $ $ $ #
#  ...  #
##  @  ##
 #######

; crooked
  #####
###   #
# $ # ##
# #  . #
# .  # #
## $$  #
 #. @  #
 #######

; star
 #######
##  .  ##
#  $*$  #
# . @ . #
#  $ $  #
##  .  ##
 #######
";

/// Levels without a solution that no detector sees at the start.
const UNSOLVABLE: &str = "
; pinned in the shaft
  ######
  #.   #
###$## #
#   $  #
# #.# @#
#      #
########

; the sealed room
#########
#@ $ . ##
#########
#.$  #
######
";

/// A big room (far too many positions to finish, forwards or backwards) holding a solid
/// block of eighteen boxes that never move, one of them off its goal: no method ends this
/// search by itself (the block is too big for a stalled subtree's sub-search, and no box of
/// it is ever pushed).
const ENDLESS: &str = "
####################
#                  #
# $   $    $    $  #
#        @         #
#   $    ******    #
#  ...   ******  . #
#        **$***    #
#    .           . #
####################
";

/// Goals at the bottom of a one-wide shaft entered through a tunnel square.
const SHAFT: &str = "
; shaft
############
#          #
# $ $ $  @ #
#          #
####### ####
      #.#
      #.#
      #.#
      ###
";

fn levels(text: &str) -> Vec<Level> {
    read_collection(text).unwrap().levels
}

const ALL_METHODS: [Method; 9] = [
    Method::Auto,
    Method::Fess,
    Method::AStar,
    Method::IdaStar,
    Method::WeightedAStar(3),
    Method::Greedy,
    Method::Bfs,
    Method::Dfs(Method::DFS_LIMIT),
    Method::IterativeDeepening,
];

fn run(level: &Level, config: Config) -> Outcome {
    let limits = Limits { time: Some(Duration::from_secs(20)), ..Limits::default() };
    solve(level, &config, &limits, &AtomicBool::new(false))
}

fn bfs_pushes(level: &Level) -> usize {
    match run(level, Config::with_method(Method::Bfs)) {
        Outcome::Solved(s, _) => s.pushes,
        other => panic!("BFS did not solve {}: {}", level.meta.title, other.status()),
    }
}

#[test]
fn every_method_finds_a_solution_that_replays() {
    for level in levels(SOLVABLE) {
        let best = bfs_pushes(&level);
        for method in ALL_METHODS {
            let title = &level.meta.title;
            let Outcome::Solved(solution, stats) = run(&level, Config::with_method(method)) else {
                panic!("{} did not solve {title}", method.name());
            };
            let check = replay(&level, &solution.moves);
            assert!(check.solved && check.error.is_none(), "{} on {title}", method.name());
            assert_eq!(check.pushes, solution.pushes);
            assert!(solution.pushes >= best, "{} beat BFS on {title}", method.name());
            assert!(stats.generated >= stats.expanded);
            // FESS may be solved at its start, through the line of its plan's pull search.
            let joined = stats.measure(crate::solver::algo::fess::MEETING_JOINED).is_some();
            assert!(stats.expanded > 0 || joined, "{} on {title}", method.name());
            // The matching bound is admissible, and consistent with single pushes.
            if method.info().claims_optimal(true, true) {
                assert!(solution.optimal, "{} on {title}", method.name());
            } else if method != Method::Auto {
                assert!(!solution.optimal, "{} on {title}", method.name());
            }
            if solution.optimal {
                assert_eq!(solution.pushes, best, "{} on {title}", method.name());
            }
        }
    }
}

#[test]
fn optimality_is_claimed_only_with_an_admissible_bound() {
    let level = &levels(SOLVABLE)[3];
    for bound in LowerBound::ALL {
        let config = Config { lower_bound: bound, ..Config::with_method(Method::AStar) };
        let Outcome::Solved(solution, _) = run(level, config) else {
            panic!("A* with {} failed", bound.name())
        };
        assert_eq!(solution.optimal, bound.admissible(), "{}", bound.name());
        if bound.admissible() {
            assert_eq!(solution.pushes, bfs_pushes(level), "{}", bound.name());
        }
    }
}

#[test]
fn admissible_bounds_never_exceed_the_pushes_left() {
    for level in levels(SOLVABLE) {
        // Follow BFS's optimal path: at push g of an n-push solution, n - g pushes remain.
        let mut search = build(&level, &Config::with_method(Method::Bfs), NoTrace).unwrap();
        let goal = loop {
            match search.step(1000) {
                Progress::Solved(id) => break id,
                Progress::Running => {}
                Progress::Exhausted { .. } | Progress::NotFound => {
                    panic!("BFS gave up on {}", level.meta.title)
                }
            }
        };
        let path = search.path(goal);
        let total = path.len() - 1;
        let problem = search.problem();
        for (g, &id) in path.iter().enumerate() {
            let board = search.board(id).unwrap();
            let sq = |p| problem.board.square_at(p).unwrap();
            let boxes: Vec<_> = board.boxes().into_iter().map(sq).collect();
            let player = sq(board.player().unwrap());
            for bound in LowerBound::ALL.into_iter().filter(|b| b.admissible()) {
                let h = Estimator::new(bound, &Default::default()).estimate(
                    &problem.board,
                    &problem.dist,
                    &boxes,
                    player,
                );
                assert!(
                    h as usize <= total - g,
                    "{} gives {h} with {} pushes left on {}",
                    bound.name(),
                    total - g,
                    level.meta.title
                );
            }
        }
    }
}

#[test]
fn unsolvable_levels_are_proved_unsolvable() {
    for level in levels(UNSOLVABLE) {
        for method in ALL_METHODS {
            let outcome = run(&level, Config::with_method(method));
            assert!(
                matches!(outcome, Outcome::Unsolvable(_)),
                "{} on {}: {}",
                method.name(),
                level.meta.title,
                outcome.status()
            );
        }
    }
}

#[test]
fn the_seed_methods_never_say_unsolvable() {
    let seeds = [
        Method::StoneByStone,
        Method::TalkingStones(Method::TALKING_STONES_CAP),
        Method::Planner(Method::PLANNER_LIMIT),
    ];
    for level in levels(SOLVABLE).iter().chain(&levels(UNSOLVABLE)) {
        for method in seeds {
            let outcome = run(level, Config::with_method(method));
            let title = &level.meta.title;
            match &outcome {
                Outcome::Solved(s, _) => assert!(replay(level, &s.moves).solved, "{title}"),
                Outcome::Stopped(StopReason::NotFound, _) => {}
                other => panic!("{} on {title}: {}", method.name(), other.status()),
            }
        }
    }
}

#[test]
fn invalid_levels_are_refused_with_a_reason() {
    let level = Level::from_rows(&["######", "#@$$.#", "######"]).unwrap();
    let Outcome::Invalid(why) = run(&level, Config::default()) else { panic!("accepted") };
    assert_eq!(why, crate::solver::Unsearchable::BoxesAndGoals { boxes: 2, goals: 1 });
}

#[test]
fn cancelling_stops_every_method_within_100_ms() {
    let level = &levels(ENDLESS)[0];
    for method in ALL_METHODS {
        let cancel = AtomicBool::new(false);
        let cancelled_at = std::thread::scope(|scope| {
            let setter = scope.spawn(|| {
                std::thread::sleep(Duration::from_millis(50));
                cancel.store(true, Ordering::Relaxed);
                Instant::now()
            });
            let outcome = solve(level, &Config::with_method(method), &Limits::default(), &cancel);
            let returned = Instant::now();
            let set = setter.join().unwrap();
            assert_eq!(outcome.status(), "cancelled", "{}", method.name());
            returned.saturating_duration_since(set)
        });
        assert!(cancelled_at < Duration::from_millis(100), "{}: {cancelled_at:?}", method.name());
    }
}

#[test]
fn limits_stop_a_search_with_their_reason() {
    let level = &levels(ENDLESS)[0];
    let cancel = AtomicBool::new(false);
    let config = Config::default();
    let memory = Limits { memory_bytes: Some(4 << 20), ..Limits::default() };
    let Outcome::Stopped(StopReason::Memory, stats) = solve(level, &config, &memory, &cancel)
    else {
        panic!("no memory stop")
    };
    assert!(stats.peak_memory >= 4 << 20);
    assert_eq!(solve(level, &config, &memory, &cancel).status(), "memory");
    let nodes = Limits { nodes: Some(500), ..Limits::default() };
    let Outcome::Stopped(StopReason::Nodes, stats) = solve(level, &config, &nodes, &cancel) else {
        panic!("no node stop")
    };
    assert!(stats.expanded >= 500 && stats.expanded < 500 + 200);
    let time = Limits { time: Some(Duration::from_millis(30)), ..Limits::default() };
    let start = Instant::now();
    assert_eq!(solve(level, &config, &time, &cancel).status(), "timeout");
    assert!(start.elapsed() < Duration::from_millis(200));
}

#[test]
fn inspection_shows_each_expansion_its_children_and_the_frontier() {
    use crate::solver::{Recorder, Verdict};
    for method in [Method::AStar, Method::Greedy, Method::Bfs, Method::IdaStar] {
        let level = &levels(SOLVABLE)[3];
        let mut search = build(level, &Config::with_method(method), Recorder::default()).unwrap();
        for _ in 0..20 {
            let frontier = search.frontier(5);
            let before = search.stats().generated;
            if search.step(1) != Progress::Running {
                break;
            }
            let current = search.current().expect("a node was expanded");
            let children = search.children();
            // Every child generated is shown with the expansion, with its verdict.
            let generated = search.stats().generated - before;
            assert_eq!(children.len() as u64, generated, "{}", method.name());
            for c in children {
                assert_eq!(c.g, current.g + 1, "{}", method.name());
                // A depth-first search stores a kept child when it tries it (its store is
                // the path).
                if let Verdict::Kept = c.verdict
                    && !method.depth_first()
                {
                    let id = c.node.expect("a kept child has a node");
                    let path = search.path(id);
                    assert_eq!(path.len() as u32, c.g + 1);
                    assert!(search.node(path[0]).unwrap().push.is_none(), "the root");
                    assert!(search.board(id).is_some());
                }
            }
            // Best-first and BFS expand the node their frontier listed first.
            if matches!(method, Method::AStar | Method::Greedy | Method::Bfs) {
                assert_eq!(frontier.first().map(|v| v.id), Some(current.id), "{}", method.name());
                let keys: Vec<_> = frontier.iter().map(|v| (v.f, v.h)).collect();
                if method != Method::Bfs {
                    assert!(keys.windows(2).all(|w| w[0] <= w[1]), "{keys:?}");
                }
            }
        }
    }
}

/// The longest move (in pushes) among the children of every expansion of `method` on
/// `level`, stepping until it solves the level.
fn longest_move(level: &Level, config: &Config) -> u32 {
    let mut search = build(level, config, crate::solver::Recorder::default()).unwrap();
    let mut longest = 0;
    for _ in 0..100_000 {
        let progress = search.step(1);
        longest = search.children().iter().map(|c| c.push.pushes).fold(longest, u32::max);
        match progress {
            Progress::Running => {}
            Progress::Solved(_) => return longest,
            other => panic!("{}: {other:?}", config.method.name()),
        }
    }
    panic!("{} did not solve the shaft", config.method.name())
}

#[test]
fn macros_push_through_tunnels_and_on_to_goals_and_their_solutions_replay() {
    let level = &levels(SHAFT)[0];
    let greedy = Config::with_method(Method::Greedy);
    assert!(longest_move(level, &greedy) >= 3, "a box is pushed through the tunnel onto a goal");
    let Outcome::Solved(solution, _) = run(level, greedy.clone()) else { panic!("greedy failed") };
    assert!(replay(level, &solution.moves).solved);
    assert!(!solution.optimal);
    // Macros off: single pushes only, and still a solution.
    let mut plain = greedy;
    plain.techniques.set(crate::solver::Technique::TunnelMacros, false);
    plain.techniques.set(crate::solver::Technique::GoalMacros, false);
    assert_eq!(longest_move(level, &plain), 1);
    // The optimal methods never use macros.
    assert_eq!(longest_move(level, &Config::with_method(Method::AStar)), 1);
}

/// The goal room of `backward`'s parking test, filled through a box parked outside it:
/// FESS following the backward search's plan solves it.
#[test]
fn fess_following_the_backward_plan_fills_a_goal_room_through_a_parked_box() {
    let rows = ["##########", "#@..*    #", "#### $$  #", "   #     #", "   #######"];
    let level = Level::from_rows(&rows).unwrap();
    let outcome = run(&level, Config::with_method(Method::Fess));
    assert!(matches!(outcome, Outcome::Solved(..)), "{}", outcome.status());
}

#[test]
fn an_oracle_dead_set_added_to_a_search_prunes_the_child_no_rule_caught() {
    use crate::level::{Dir, Pos};
    use crate::solver::deadlock::PruneReason;
    use crate::solver::deadlock::patterns::{Adopted, Source};
    use crate::solver::oracle::{self, Decision};
    use crate::solver::{Deadlocks, Recorder, Textbook, Verdict};
    // Which Goal? (levels/default.xsb): the right box pushed left is dead (the left box can
    // only reach the middle goal), and no rule of ours says so.
    let rows = ["#########", "#   #   #", "# $ . $ #", "#  @#   #", "##.######", " ###"];
    let level = Level::from_rows(&rows).unwrap();
    let rows = ["#########", "#   #   #", "# $ .$@ #", "#   #   #", "##.######", " ###"];
    let dead = Level::from_rows(&rows).unwrap();
    let verdict =
        oracle::decide(&dead, oracle::BUDGET, &Limits::default(), &AtomicBool::new(false));
    let Decision::Dead { dead_set } = verdict.unwrap().decision else { panic!("dead") };
    let player = Pos::new(6, 2);
    let the_push = |c: &&crate::solver::ChildView| {
        (c.push.from, c.push.dir, c.push.to) == (Pos::new(6, 2), Dir::Left, Pos::new(5, 2))
    };
    for method in [Method::AStar, Method::Bfs, Method::Textbook(Textbook::Bfs)] {
        let config = Config::with_method(method);
        // Without the pattern, the search keeps the dead child.
        let mut plain = build(&level, &config, Recorder::default()).unwrap();
        plain.step(1);
        let child = plain.children().iter().find(the_push).copied().expect("the push is tried");
        assert_eq!(child.verdict, Verdict::Kept, "{}", method.name());
        // With it, the same child is pruned by it.
        let mut search = build(&level, &config, Recorder::default()).unwrap();
        let Ok(Adopted::Added(id)) = search.add_pattern(&dead_set, player) else {
            panic!("{}: added", method.name())
        };
        assert_eq!(search.add_pattern(&dead_set, player), Ok(Adopted::Known(id)));
        search.step(1);
        let child = search.children().iter().find(the_push).copied().expect("the push is tried");
        assert_eq!(child.verdict, Verdict::Pruned(PruneReason::Pattern), "{}", method.name());
        assert_eq!(child.pattern, Some(id), "{}", method.name());
        let view = search.patterns().into_iter().find(|p| p.id == id).unwrap();
        assert_eq!((view.source, view.hits, view.boxes), (Source::Oracle, 1, dead_set.clone()));
    }
    // Every strategy of the portfolio takes it; a bad square and the rule off are refused.
    let mut auto = build(&level, &Config::with_method(Method::Auto), Recorder::default()).unwrap();
    assert!(matches!(auto.add_pattern(&dead_set, player), Ok(Adopted::Added(_))));
    assert!(auto.patterns().iter().any(|p| p.source == Source::Oracle));
    assert!(auto.add_pattern(&[Pos::new(0, 0)], player).unwrap_err().contains("1:1"));
    let deadlocks = Deadlocks { patterns: false, ..Deadlocks::default() };
    let off = Config { deadlocks, ..Config::with_method(Method::AStar) };
    let mut off = build(&level, &off, Recorder::default()).unwrap();
    assert!(off.add_pattern(&dead_set, player).unwrap_err().contains("switched off"));
}

/// FESS following another search's solution (`--follow`) plays it to the end: on every
/// shipped level greedy solves, every box move of greedy's line is reached and judged, none
/// is pruned (a move of a real solution never is), and when each was generated the search
/// ends solved after exactly the line's box moves.
#[test]
fn fess_follows_a_solution_to_the_end_and_prunes_none_of_its_moves() {
    use crate::solver::Technique;
    let shipped = levels(include_str!("../../levels/default.xsb"));
    let mut followed = 0;
    for level in &shipped {
        let Outcome::Solved(solution, _) = run(level, Config::with_method(Method::Greedy)) else {
            continue;
        };
        let mut config = Config::with_method(Method::Fess);
        // No perimeter: the backward search could meet the start before the line ends.
        config.techniques.set(Technique::Meeting, false);
        config.follow = Some(solution.moves.clone().into());
        let outcome = run(level, config);
        let title = &level.meta.title;
        let stats = outcome.stats().unwrap_or_else(|| panic!("{title}: {}", outcome.status()));
        let get = |name| stats.measure(name).unwrap_or(0);
        let (moves, reached, missing) = (
            get("line box moves"),
            get("line box moves reached"),
            get("line box moves not generated"),
        );
        assert!(moves > 0, "{title}: no box move");
        assert_eq!(get("line box moves pruned"), 0, "{title}: a move of a solution pruned");
        let judged = get("line box moves advised")
            + get("line box moves not advised, onto a goal")
            + get("line box moves not advised, elsewhere")
            + missing;
        assert_eq!(judged, reached, "{title}");
        if missing == 0 {
            assert_eq!(reached, moves, "{title}");
            assert!(matches!(outcome, Outcome::Solved(..)), "{title}");
            assert_eq!(stats.expanded, moves, "{title}: the line alone was played");
            followed += 1;
        }
    }
    assert!(followed >= 5, "only {followed} lines followed to the end");
}
