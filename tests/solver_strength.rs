//! Solver strength on XSokoban (from `../shared/levels` or `$SOKOLAB_LEVELS`): levels that
//! depend on one technique are solved within a node budget. Skipped with a note when the
//! levels are absent.

mod common;

use std::sync::atomic::AtomicBool;

use sokolab::level::format::load_file;
use sokolab::level::replay;
use sokolab::solver::{Config, Limits, Method, Outcome, solve};

/// XSokoban 15 has no packing order every step of which is proved by a pull to a start
/// square. The fallback step takes out a box that can still be pulled off its goal, nearest a
/// start square; with that order FESS solves the level in under 90,000 expansions (with
/// the plain nearest-goal fallback it did not solve it in 300,000).
#[test]
fn fess_solves_xsokoban_15_with_a_fallback_packing_order() {
    let Some(file) = common::level_file("xsokoban-90.xsb") else { return };
    let level = &load_file(&file).unwrap().levels[14];
    let limits = Limits { nodes: Some(150_000), ..Limits::default() };
    let outcome =
        solve(level, &Config::with_method(Method::Fess), &limits, &AtomicBool::new(false));
    let Outcome::Solved(solution, _) = outcome else {
        panic!("XSokoban 15 not solved within 150,000 expansions: {outcome:?}")
    };
    let check = replay(level, &solution.moves);
    assert!(check.error.is_none() && check.solved);
}
