//! The seed methods against their theses: Talking Stones reproduces Van Lishout's Table 4.1
//! on XSokoban (failed tests, stone moves), stone by stone solves XSokoban 78 alone,
//! Demaret's entrances of XSokoban 1 are those of his figures 4.14 and 4.15, his planner
//! develops one node per goal where Tableau 6.1 says so, and no seed method calls a
//! solvable hand-made level unsolvable. The XSokoban tests skip with a note when
//! `../shared/levels` is absent.

mod common;

use sokolab::level::format::{load_file, read_collection};
use sokolab::level::{Level, Pos, replay};
use sokolab::solver::inspect::Plan;
use sokolab::solver::{Config, Limits, Method, Outcome, StopReason, Technique, solve};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

fn run(level: &Level, method: Method) -> Outcome {
    let limits = Limits { time: Some(Duration::from_secs(120)), ..Limits::default() };
    solve(level, &Config::with_method(method), &limits, &AtomicBool::new(false))
}

fn xsokoban() -> Option<Vec<Level>> {
    let file = common::level_file("xsokoban-90.xsb")?;
    Some(load_file(&file).unwrap().levels)
}

fn replays(level: &Level, outcome: &Outcome) -> usize {
    let solution = outcome.solution().expect("solved");
    let check = replay(level, &solution.moves);
    assert!(check.solved && check.error.is_none());
    solution.pushes
}

#[test]
fn talking_stones_reproduces_table_4_1() {
    let Some(levels) = xsokoban() else { return };
    // (level, failed tests, stone moves) from the thesis; total pushes from the port of its
    // program.
    let table = [
        (1, 76, 3, 97),
        (2, 7155, 4, 137),
        (3, 31, 2, 146),
        (5, 67, 2, 149),
        (6, 2849, 4, 110),
        (51, 972, 4, 128),
        (54, 2761, 3, 229),
        (78, 0, 0, 154),
        (82, 173, 3, 169),
    ];
    for (n, failed, moves, pushes) in table {
        let level = &levels[n - 1];
        let outcome = run(level, Method::TalkingStones(Method::TALKING_STONES_CAP));
        let stats = outcome.stats().unwrap();
        assert_eq!(stats.measure("failed tests"), Some(failed), "level {n}");
        assert_eq!(stats.measure("stone moves"), Some(moves), "level {n}");
        assert_eq!(replays(level, &outcome), pushes, "level {n}");
    }
}

#[test]
fn talking_stones_gives_up_at_the_cap() {
    let Some(levels) = xsokoban() else { return };
    let outcome = run(&levels[3], Method::TalkingStones(Method::TALKING_STONES_CAP));
    assert!(matches!(outcome, Outcome::Stopped(StopReason::NotFound, _)), "level 4");
    assert_eq!(outcome.stats().unwrap().measure("failed tests"), Some(20_000));
}

#[test]
fn stone_by_stone_solves_xsokoban_78_but_not_1() {
    let Some(levels) = xsokoban() else { return };
    let outcome = run(&levels[77], Method::StoneByStone);
    assert_eq!(replays(&levels[77], &outcome), 154);
    let outcome = run(&levels[0], Method::StoneByStone);
    assert!(matches!(outcome, Outcome::Stopped(StopReason::NotFound, _)));
}

/// Solvable levels on which the seed methods are tested: a corridor stone by stone fills
/// (14 pushes), one where two stones must move together (4), and Demaret's B1, which
/// stone by stone fails at its second goal (26).
const HAND_MADE: &str = "
; corridor
########
#...   #
####   #
#  $$$ #
#     @#
########

; together
#######
###.###
#  $  #
#  $  #
#. @  #
#######

; B1
#########
####   .#
#  $ $ .#
# $  # .#
#  $ @#.#
#   #####
#####
";

#[test]
fn the_seed_methods_on_hand_made_levels() {
    let levels = read_collection(HAND_MADE).unwrap().levels;
    // (level, stone by stone solves it, failed tests, pushes).
    let expected = [(0, true, 0, 14), (1, false, 2, 4), (2, false, 657, 26)];
    for (i, alone, failed, pushes) in expected {
        let level = &levels[i];
        let title = &level.meta.title;
        let outcome = run(level, Method::StoneByStone);
        if alone {
            assert_eq!(replays(level, &outcome), pushes, "{title}");
        } else {
            let refused = matches!(outcome, Outcome::Stopped(StopReason::NotFound, _));
            assert!(refused, "{title}: {}", outcome.status());
        }
        let outcome = run(level, Method::TalkingStones(Method::TALKING_STONES_CAP));
        assert_eq!(outcome.stats().unwrap().measure("failed tests"), Some(failed), "{title}");
        assert_eq!(replays(level, &outcome), pushes, "{title}");
    }
}

#[test]
fn xsokoban_1_has_three_potential_entrances_and_one_real() {
    let Some(levels) = xsokoban() else { return };
    let plan = Plan::of(&levels[0]).unwrap();
    // Figure 4.14: the three squares left of the goal block; figure 4.15: the middle one.
    let column = |rows: &[usize]| rows.iter().map(|&r| Pos::new(15, r)).collect::<Vec<_>>();
    assert_eq!(plan.potential_entrances, column(&[6, 7, 8]));
    assert_eq!(plan.real_entrances, column(&[7]));
    assert_eq!(plan.schedule_ordering, Some(1));
    assert_eq!(plan.schedule.len(), 6);
}

#[test]
fn the_planner_fills_each_goal_with_one_macro_where_tableau_6_1_says_so() {
    let Some(levels) = xsokoban() else { return };
    // (level, developed nodes in Tableau 6.1 = its stones).
    for (n, developed) in [(78, 8), (53, 15)] {
        let outcome = run(&levels[n - 1], Method::Planner(Method::PLANNER_LIMIT));
        replays(&levels[n - 1], &outcome);
        assert_eq!(outcome.stats().unwrap().measure("developed"), Some(developed), "level {n}");
    }
    let outcome = run(&levels[0], Method::Planner(Method::PLANNER_LIMIT));
    assert_eq!(replays(&levels[0], &outcome), 97, "level 1, as in Tableau 6.1");
}

#[test]
fn the_planner_on_hand_made_levels() {
    let levels = read_collection(PLANNER_LEVELS).unwrap().levels;
    // O1 (ordering 1) and B (ordering 2) are solved; B1 has no evacuation order: its goals
    // are rearranged (one stone parked on the way) and it is solved with ordering 1.
    for (i, ordering, pushes) in [(0, 1, 20), (1, 2, 20), (2, 1, 26)] {
        let level = &levels[i];
        let outcome = run(level, Method::Planner(Method::PLANNER_LIMIT));
        assert_eq!(outcome.stats().unwrap().measure("ordering"), Some(ordering));
        assert_eq!(replays(level, &outcome), pushes, "{}", level.meta.title);
        let parked = outcome.stats().unwrap().measure("parked");
        assert_eq!(parked, (i == 2).then_some(1), "{}", level.meta.title);
    }
    // Without the rearrangement, B1's plan (ordering 3) cuts every way: not found, never
    // unsolvable.
    let outcome = run_without(&levels[2], Technique::GoalRearrangement);
    assert!(matches!(outcome, Outcome::Stopped(StopReason::NotFound, _)));
    assert_eq!(outcome.stats().unwrap().measure("ordering"), Some(3));
}

/// XSokoban 47, one of Tableau 7.1's: no order of its goals exists until one stone is
/// parked on the way; then the planner solves it at depth 5 (the thesis: 208 pushes, 264
/// nodes, with goals it rearranged by hand).
#[test]
fn the_planner_rearranges_the_goals_of_xsokoban_47() {
    let Some(levels) = xsokoban() else { return };
    let level = &levels[46];
    let outcome = run(level, Method::Planner(Method::PLANNER_LIMIT));
    let pushes = replays(level, &outcome);
    assert!((200..=220).contains(&pushes), "{pushes} pushes");
    assert_eq!(outcome.stats().unwrap().measure("parked"), Some(1));
    let outcome = run_without(level, Technique::GoalRearrangement);
    assert!(matches!(outcome, Outcome::Stopped(..)), "{}", outcome.status());
}

/// XSokoban 10: its left goal room takes stones only from the room around it, so pushing
/// one stone too many from there onto the right room's goals kills the position. Judged
/// like single pushes, those macro pushes are cut where they kill it, and the planner
/// solves the level in a few hundred nodes (the thesis: 536 pushes, 710 nodes); without
/// the judging it fills 28 goals, then backtracks through all of them.
#[test]
fn the_planner_judges_its_macro_pushes_and_solves_xsokoban_10() {
    let Some(levels) = xsokoban() else { return };
    let level = &levels[9];
    let outcome = run(level, Method::Planner(Method::PLANNER_LIMIT));
    let pushes = replays(level, &outcome);
    assert!((500..=600).contains(&pushes), "{pushes} pushes");
    let developed = outcome.stats().unwrap().measure("developed").unwrap();
    assert!(developed < 1_000, "{developed} developed");
    let mut config = Config::with_method(Method::Planner(Method::PLANNER_LIMIT));
    config.techniques.set(Technique::JudgedMacros, false);
    let limits = Limits { nodes: Some(50 * developed), ..Limits::default() };
    let outcome = solve(level, &config, &limits, &AtomicBool::new(false));
    assert!(outcome.solution().is_none(), "{}", outcome.status());
}

/// XSokoban 38: at depth 5 the plan of ordering 2 finds nothing, because a pattern learned
/// from a failure of the depth limit (the whole position, which the thesis stores as a
/// deadlock) cuts the way. Tried again keeping only the proved patterns, the same plan
/// solves the level (the thesis: depth 10, 91 pushes). Without the second try the planner
/// falls back to ordering 3 and does not find it.
#[test]
fn the_planner_tries_its_plan_again_with_proved_patterns_and_solves_xsokoban_38() {
    let Some(levels) = xsokoban() else { return };
    let level = &levels[37];
    let outcome = run(level, Method::Planner(Method::PLANNER_LIMIT));
    let pushes = replays(level, &outcome);
    assert!((90..=200).contains(&pushes), "{pushes} pushes");
    let stats = outcome.stats().unwrap();
    assert_eq!(stats.measure("pattern retry"), Some(1));
    assert_eq!(stats.measure("ordering"), Some(2));
    let mut config = Config::with_method(Method::Planner(Method::PLANNER_LIMIT));
    config.techniques.set(Technique::PatternRetry, false);
    let limits = Limits { nodes: Some(2 * stats.expanded), ..Limits::default() };
    let outcome = solve(level, &config, &limits, &AtomicBool::new(false));
    assert!(outcome.solution().is_none(), "{}", outcome.status());
    assert_eq!(outcome.stats().unwrap().measure("ordering"), Some(3));
}

/// The planner at its default depth with `off` switched off (60 s).
fn run_without(level: &Level, off: Technique) -> Outcome {
    let mut config = Config::with_method(Method::Planner(Method::PLANNER_LIMIT));
    config.techniques.set(off, false);
    let limits = Limits { time: Some(Duration::from_secs(60)), ..Limits::default() };
    solve(level, &config, &limits, &AtomicBool::new(false))
}

/// XSokoban 72: the plan of ordering 2 finds nothing, and the planner starts over with
/// ordering 3, as the thesis solved it (Tableau 6.1 marks 72 as one of its two ordering-3
/// problems); without the fallback it gives up.
#[test]
fn the_planner_falls_back_to_ordering_3_when_its_plan_finds_nothing() {
    let Some(levels) = xsokoban() else { return };
    let level = &levels[71];
    let outcome = run(level, Method::Planner(Method::PLANNER_LIMIT));
    replays(level, &outcome);
    assert_eq!(outcome.stats().unwrap().measure("ordering"), Some(3));
    let mut config = Config::with_method(Method::Planner(Method::PLANNER_LIMIT));
    config.techniques.set(Technique::OrderingFallback, false);
    let limits = Limits { time: Some(Duration::from_secs(60)), ..Limits::default() };
    let outcome = solve(level, &config, &limits, &AtomicBool::new(false));
    assert!(matches!(outcome, Outcome::Stopped(StopReason::NotFound, _)));
    assert_eq!(outcome.stats().unwrap().measure("ordering"), Some(2));
}

/// Each part of the planner switches off on its own: every answer is a solution that
/// replays or "not found" (never "unsolvable"), and without the macro cut the planner
/// develops more nodes.
#[test]
fn the_planners_parts_switch_off_one_by_one() {
    use Technique as T;
    let levels = read_collection(PLANNER_LEVELS).unwrap().levels;
    let developed = |level: &Level, off: &[Technique]| {
        let mut config = Config::with_method(Method::Planner(Method::PLANNER_LIMIT));
        for &t in off {
            config.techniques.set(t, false);
        }
        let limits = Limits { time: Some(Duration::from_secs(60)), ..Limits::default() };
        let outcome = solve(level, &config, &limits, &AtomicBool::new(false));
        if let Outcome::Stopped(StopReason::NotFound, _) = outcome {
            return None;
        }
        replays(level, &outcome);
        outcome.stats().unwrap().measure("developed")
    };
    for level in &levels[..2] {
        developed(level, &[]).expect("solved with every part");
        // Without frozen goals a stone may be taken off a filled goal, and without the
        // macro cut sub-problems fail at the depth limit and leave patterns that cut the
        // plan: the plan may find nothing then, "not found", never "unsolvable".
        let parts = [T::MacroCut, T::FrozenGoals, T::Inertia, T::PatternRetry];
        for t in parts {
            developed(level, &[t]);
        }
        let patterns = Technique::LearnedPatterns;
        let all = developed(level, &[patterns]).expect("solved");
        let without = developed(level, &[patterns, Technique::MacroCut]).expect("solved");
        assert!(without > all, "{}: {without} vs {all}", level.meta.title);
    }
}

/// Demaret's goal columns: O1 (one real entrance), B (two) and B1 (B with an entrance
/// walled).
const PLANNER_LEVELS: &str = "
; O1
#########
####   .#
#  $   .#
# $  # .#
#  $ @ ##
#   #####
#####

; B
#########
####   .#
#  $ $ .#
# $  # .#
#  $ @ .#
#   #####
#####

; B1
#########
####   .#
#  $ $ .#
# $  # .#
#  $ @#.#
#   #####
#####
";
