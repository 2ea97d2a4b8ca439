//! The levels the program opens on (`levels/default.xsb`): enough of them, each titled and
//! credited, each valid, and each solved push-optimally by the solver with a solution the
//! `level` replay accepts.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use sokolab::level::format::load_file;
use sokolab::level::{Level, Severity, replay, validate};
use sokolab::solver::{Config, Limits, Method, Outcome, solve};

fn default_levels() -> Vec<Level> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/levels/default.xsb");
    load_file(path).unwrap_or_else(|e| panic!("{e}")).levels
}

#[test]
fn there_are_at_least_30_titled_levels_by_us() {
    let levels = default_levels();
    assert!(levels.len() >= 30, "only {} levels", levels.len());
    let mut titles: Vec<&str> = levels.iter().map(|l| l.meta.title.as_str()).collect();
    for level in &levels {
        assert!(!level.meta.title.trim().is_empty(), "a level has no title");
        assert_eq!(level.meta.author, "Sokolab", "{}", level.meta.title);
    }
    let deadlocks = levels.iter().filter(|l| l.meta.comment.starts_with("Deadlock:")).count();
    assert!(deadlocks >= 4, "levels that show classic deadlocks: {deadlocks}");
    titles.sort();
    titles.dedup();
    assert_eq!(titles.len(), levels.len(), "titles are unique");
}

#[test]
fn every_level_is_valid_without_warnings() {
    for level in default_levels() {
        let findings = validate(&level);
        let bad: Vec<_> = findings.iter().filter(|d| d.severity <= Severity::Warning).collect();
        assert!(bad.is_empty(), "{}: {bad:?}", level.meta.title);
    }
}

#[test]
fn every_level_is_solved_push_optimally_and_the_solution_replays() {
    let limits = Limits { time: Some(Duration::from_secs(60)), ..Limits::default() };
    let cancel = AtomicBool::new(false);
    let mut pushes = Vec::new();
    for level in default_levels() {
        let title = &level.meta.title;
        let solution = match solve(&level, &Config::with_method(Method::AStar), &limits, &cancel) {
            Outcome::Solved(solution, _) => solution,
            other => panic!("{title}: {}", other.status()),
        };
        let result = replay(&level, &solution.moves);
        assert_eq!(result.error, None, "{title}: {}", solution.lurd());
        assert!(result.solved, "{title}: {}", solution.lurd());
        assert_eq!(result.pushes, solution.pushes, "{title}");
        assert!(solution.optimal, "{title}");
        pushes.push(solution.pushes);
    }
    let third = pushes.len() / 3;
    let (first, last) = (&pushes[..third], &pushes[pushes.len() - third..]);
    assert!(
        last.iter().sum::<usize>() > 2 * first.iter().sum::<usize>(),
        "the levels get harder: {pushes:?}"
    );
    assert!(pushes.iter().any(|&p| p >= 30), "some level needs real search: {pushes:?}");
}
