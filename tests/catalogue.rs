//! The catalogue of methods is the one list: walking it alone (nothing here names a
//! method), every entry parses from its name on the command line, appears in `--help` with
//! what it is, is built and stepped with every observer, and searches a small level through
//! the command line, its answer true. (The soundness matrix, `tests/soundness.rs`, and the
//! inspector's test, `tests/app/inspect.rs`, walk it too.)

mod common;

use common::sokolab;

use sokolab::level::format::read_collection;
use sokolab::level::{Level, replay};
use sokolab::solver::{
    Config, METHODS, Method, NoTrace, Progress, Recorder, Search, Traced, build,
};

/// Two boxes in an open room: every method solves it, or gives up without a claim.
const ROOM: &str = "#######\n#     #\n# $$  #\n#@  ..#\n#######\n";

fn room() -> Level {
    read_collection(ROOM).unwrap().levels.remove(0)
}

#[test]
fn every_method_is_in_the_help_and_parses_from_its_name() {
    for command in ["solve", "bench"] {
        let help = String::from_utf8_lossy(&sokolab(&[command, "--help"]).stdout).into_owned();
        let words: String = help.split_whitespace().collect::<Vec<_>>().join(" ");
        for info in METHODS {
            assert!(help.contains(&info.usage()), "`{command} --help` lacks {}", info.usage());
            assert!(words.contains(info.summary), "`{command} --help` lacks {}", info.summary);
            // What the JSON's `closed` counts for it, in the inspector's word.
            let closed = info.stored.meaning.to_lowercase();
            assert!(words.contains(&closed), "`{command} --help` lacks {closed}");
            assert!(words.contains(&format!("`{}`", info.stored.name)), "{}", info.name);
        }
        for key in ["`expanded`", "`generated`", "`open`", "`closed`"] {
            assert!(words.contains(key), "`{command} --help` does not say what {key} is");
        }
    }
    for info in METHODS {
        let method = info.method();
        assert_eq!(Method::from_name(info.name), Some(method), "{}", info.name);
        assert_eq!(Method::from_name(&method.name()), Some(method), "{}", method.name());
    }
}

#[test]
fn every_method_searches_a_small_level_on_the_command_line_and_says_only_what_is_true() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("room.xsb");
    std::fs::write(&file, ROOM).unwrap();
    let path = file.to_str().unwrap();
    for info in METHODS {
        let name = info.method().name();
        let out = sokolab(&["solve", path, "--method", &name, "--time-limit", "10", "--json"]);
        let text = String::from_utf8_lossy(&out.stdout);
        let json: serde_json::Value = serde_json::from_str(text.trim())
            .unwrap_or_else(|e| panic!("{name}: not JSON ({e}): {text}"));
        assert_ne!(json["status"], "unsolvable", "{name}: {text}");
        if json["solved"] == true {
            let lurd = json["solution"].as_str().unwrap();
            let moves = sokolab::level::moves::parse_lurd(lurd).unwrap();
            assert!(replay(&room(), &moves).solved, "{name}: {lurd}");
            assert_eq!(out.status.code(), Some(0), "{name}");
        } else {
            assert_eq!(out.status.code(), Some(1), "{name}: {text}");
        }
    }
}

/// Builds `method` on the room with `observer` and steps it to its end (or 2,000 steps).
fn stepped<O: Traced>(method: Method, observer: O) -> (Box<dyn Search>, Progress) {
    let mut search = build(&room(), &Config::with_method(method), observer).unwrap();
    let mut progress = Progress::Running;
    for _ in 0..2_000 {
        progress = search.step(1);
        if progress != Progress::Running {
            break;
        }
    }
    (search, progress)
}

#[test]
fn every_method_builds_and_steps_alike_with_every_observer() {
    for info in METHODS {
        let method = info.method();
        let (plain, end) = stepped(method, NoTrace);
        let (recorded, recorded_end) = stepped(method, Recorder::default());
        assert_eq!(end, recorded_end, "{}: tracing changed the search", method.name());
        assert_eq!(plain.stats().expanded, recorded.stats().expanded, "{}", method.name());
        assert!(recorded.stats().expanded > 0 || end != Progress::Running, "{}", method.name());
        assert_ne!(end, Progress::Exhausted { complete: true }, "{}", method.name());
        // The matching bound is admissible and consistent: a method that claims optimality
        // with it says so of its solution.
        if let Progress::Solved(_) = end {
            assert!(!info.claims_optimal(true, true) || plain.optimal(), "{}", method.name());
        }
    }
}

/// Before its first step, a search's counters already count what its frontier shows: what
/// it lists as waiting is counted open (the inspector shows both side by side).
#[test]
fn every_method_counts_its_start_before_the_first_step() {
    for info in METHODS {
        let method = info.method();
        let search = build(&room(), &Config::with_method(method), NoTrace).unwrap();
        let (stats, frontier) = (search.stats(), search.frontier(1000));
        let name = method.name();
        assert!(
            stats.open as usize >= frontier.len(),
            "{name}: {} shown, {stats:?}",
            frontier.len()
        );
    }
}

/// `docs/methods.md` names, in backticks, every method, lower bound and switch the command
/// line takes, so the reference cannot fall behind the catalogue.
#[test]
fn the_methods_reference_names_every_method_bound_and_switch() {
    let docs = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/methods.md"))
        .expect("docs/methods.md");
    let mut names: Vec<&str> = METHODS.iter().map(|m| m.name).collect();
    names.extend(sokolab::solver::LowerBound::ALL.iter().map(|b| b.name()));
    names.extend(sokolab::solver::PruneReason::ALL.iter().filter_map(|r| r.switch()));
    names.extend(sokolab::solver::Technique::ALL.iter().map(|t| t.name()));
    let missing: Vec<&str> =
        names.into_iter().filter(|n| !docs.contains(&format!("`{n}`"))).collect();
    assert!(missing.is_empty(), "docs/methods.md does not name {missing:?}");
}
