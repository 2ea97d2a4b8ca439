//! The `sokolab` binary's headless subcommands: `check`, `verify`, `convert` and `lab`.

mod common;

use common::{sokolab, stderr, stdout, write};
use std::process::Command;

#[test]
fn check_reports_each_problem_with_line_and_column() {
    let out = sokolab(&["check", "tests/data/bad.xsb"]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    for expected in [
        "tests/data/bad.xsb:7:4: two players (also at 6:2)",
        "tests/data/bad.xsb:11:1: 2 boxes but 1 goal",
        "tests/data/bad.xsb:16:1: no boxes",
        "tests/data/bad.xsb:22:6: the player can walk off the board",
        "tests/data/bad.xsb:27:2: this box can never be moved and is not on a goal",
        "tests/data/bad.xsb:32:1: warning: the level is already solved",
        "6 level(s): 1 valid, 5 with errors",
    ] {
        assert!(text.contains(expected), "missing `{expected}` in:\n{text}");
    }
}

#[test]
fn check_accepts_a_good_file_and_names_the_position_of_a_bad_row() {
    let dir = tempfile::tempdir().unwrap();
    let good = write(dir.path(), "good.xsb", "; One\n#####\n#@$.#\n#####\n");
    let out = sokolab(&["check", &good]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(stdout(&out).contains("1 level(s): 1 valid, 0 with errors"));

    let wide = format!("; One\n#####\n#@$.#\n{}\n", "#".repeat(2000));
    let bad = write(dir.path(), "bad.xsb", &wide);
    let out = sokolab(&["check", &bad]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("bad.xsb:4:1001: board row is 2000 squares wide"), "{err}");

    let out = sokolab(&["check", &dir.path().join("missing.xsb").to_string_lossy()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("missing.xsb: cannot open"));
}

#[test]
fn verify_accepts_a_solution_and_rejects_with_the_move_number() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "l.xsb", "; A\n####\n#@.#\n####\n\n; B\n######\n#@ $.#\n######\n");
    let ok = sokolab(&["verify", &file, "--level", "2", "--solution", "rR"]);
    assert_eq!(ok.status.code(), Some(0), "{}", stdout(&ok));
    let said = stdout(&ok);
    assert!(said.contains("solved in 2 moves, 1 push"), "{said}");
    assert!(said.contains("(1 box line, 0 box changes, 1 pushing session)"), "{said}");

    let wrong = sokolab(&["verify", &file, "--level", "2", "--solution", "rrR"]);
    assert_eq!(wrong.status.code(), Some(1));
    assert!(stdout(&wrong).contains("move 2 (r): a box is in the way"), "{}", stdout(&wrong));

    let short = sokolab(&["verify", &file, "--level", "2", "--solution", "r"]);
    assert_eq!(short.status.code(), Some(1));
    assert!(stdout(&short).contains("unsolved"), "{}", stdout(&short));

    let missing = sokolab(&["verify", &file, "--level", "3", "--solution", "r"]);
    assert_eq!(missing.status.code(), Some(2));
}

#[test]
fn convert_writes_each_format_and_reads_back_the_same_levels() {
    let dir = tempfile::tempdir().unwrap();
    let source = "; First\n#####\n#@$.#\n#####\n\n; Second\n######\n#@$$ #\n#  ..#\n######\n";
    let input = write(dir.path(), "in.xsb", source);
    let original = sokolab::level::format::load_file(&input).unwrap();
    for name in ["out.rle", "out.sok", "out.xsb"] {
        let output = dir.path().join(name);
        let out = sokolab(&["convert", &input, output.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
        let again = sokolab::level::format::load_file(&output).unwrap();
        assert_eq!(again, original, "{name}");
    }
    let rle = std::fs::read_to_string(dir.path().join("out.rle")).unwrap();
    assert!(rle.contains("5#|#@$.#|5#"), "{rle}");

    let unknown = dir.path().join("out.dat");
    let out = sokolab(&["convert", &input, unknown.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let flagged = sokolab(&["convert", &input, unknown.to_str().unwrap(), "--format", "rle"]);
    assert_eq!(flagged.status.code(), Some(0));
}

#[test]
fn every_subcommand_reports_an_error_once_with_one_prefix_and_status_2() {
    let dir = tempfile::tempdir().unwrap();
    let good = write(dir.path(), "good.xsb", "#####\n#@$.#\n#####\n");
    let cases: [(&[&str], &str); 5] = [
        (&["solve", &good, "--level", "3"], "there is no level 3; the file has 1 level(s)"),
        (&["verify", &good, "--level", "2", "--solution", "R"], "there is no level 2"),
        (&["verify", &good, "--solution", "Rx"], "--solution: character 2"),
        (&["bench", &good, "--levels", "2-5"], "--levels `2-5`: expected A-B or N"),
        (&["convert", &good, &format!("{good}.out")], "cannot tell the format"),
    ];
    for (args, expected) in cases {
        let out = sokolab(args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.starts_with("sokolab: error: "), "{args:?}: {err}");
        assert_eq!(err.matches("error").count(), 1, "{args:?}: printed once: {err}");
        assert!(err.contains(expected), "{args:?}: missing `{expected}` in {err}");
    }
}

/// A bound that is not admissible orders the search but proves nothing: with the
/// stable-marriage estimate (which finds no pairing for a position it cannot match) the
/// first Microban level is still solved, by every search that was calling it unsolvable.
#[test]
fn solve_with_a_bound_that_is_not_admissible_never_says_unsolvable() {
    let dir = tempfile::tempdir().unwrap();
    let level = "; 1\n####\n# .#\n#  ###\n#*@  #\n#  $ #\n#  ###\n####\n";
    let file = write(dir.path(), "microban-1.xsb", level);
    for method in ["astar", "bfs", "greedy"] {
        let args = ["solve", &file, "--method", method, "--lower-bound", "stable-marriage"];
        let out = sokolab(&args);
        let text = stdout(&out);
        assert_eq!(out.status.code(), Some(0), "{method}: {text}");
        assert!(text.contains("8 pushes") && !text.contains("unsolvable"), "{method}: {text}");
    }
}

/// `--pruning demaret` runs Demaret's rules alone: the optimal searches still find the 8
/// pushes, and a bound that would prune dead positions too is refused with the way out.
#[test]
fn pruning_demaret_solves_with_his_rules_and_refuses_a_bound_that_prunes() {
    let dir = tempfile::tempdir().unwrap();
    let level = "; 1\n####\n# .#\n#  ###\n#*@  #\n#  $ #\n#  ###\n####\n";
    let file = write(dir.path(), "microban-1.xsb", level);
    for method in ["astar", "bfs"] {
        let out = sokolab(&["solve", &file, "--method", method, "--pruning", "demaret"]);
        let text = stdout(&out);
        assert_eq!(out.status.code(), Some(0), "{method}: {text}");
        assert!(text.contains("8 pushes"), "{method}: {text}");
    }
    let args = ["solve", &file, "--pruning", "demaret", "--lower-bound", "matching"];
    let out = sokolab(&args);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("--lower-bound boxes-off-goal"), "{err}");
}

/// `--ordering` forces the planner's goal ordering, which its JSON measures name, and is
/// refused for a method that follows none.
#[test]
fn ordering_forces_the_planners_goal_ordering() {
    let dir = tempfile::tempdir().unwrap();
    // Demaret's D2: two real entrances, so the planner's own choice is ordering 2.
    let level = "; D2\n#########\n####   .#\n#  $ $ .#\n# $  # .#\n#  $ @ .#\n#   #####\n#####\n";
    let file = write(dir.path(), "d2.xsb", level);
    let ordering = |extra: &[&str]| {
        let mut args = vec!["solve", &file, "--method", "planner", "--json"];
        args.extend_from_slice(extra);
        let out = sokolab(&args);
        let json: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
        assert_eq!(json["status"], "solved", "{json}");
        json["measures"]["ordering"].as_u64().unwrap()
    };
    assert_eq!(ordering(&[]), 2);
    assert_eq!(ordering(&["--ordering", "3"]), 3);
    assert_eq!(ordering(&["--ordering", "1"]), 1);
    let out = sokolab(&["solve", &file, "--method", "astar", "--ordering", "3"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("use --method planner"), "{}", stderr(&out));
}

/// `--follow` plays another solver's line in FESS and counts its box moves (every one
/// reached on a two-box corridor, none pruned); another method, more than one level, or a
/// line that is not legal on the level is refused, naming the file.
#[test]
fn follow_counts_the_box_moves_of_another_line_that_fess_plays() {
    let dir = tempfile::tempdir().unwrap();
    let level = "; two\n#######\n#@$  .#\n#  $ .#\n#######\n; again\n#######\n#@$ .#\n#######\n";
    let file = write(dir.path(), "two.xsb", level);
    let line = write(dir.path(), "line.txt", "RRldRRluR\n");
    let args = ["solve", &file, "--level", "1", "--method", "fess", "--follow", &line, "--json"];
    let out = sokolab(&args);
    let json: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(json["status"], "solved", "{json}");
    let measures = &json["measures"];
    assert_eq!(measures["line box moves"], 3, "{json}");
    assert_eq!(measures["line box moves pruned"], 0, "{json}");
    let refused = |args: &[&str], says: &str| {
        let out = sokolab(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(says), "{}", stderr(&out));
    };
    refused(&["solve", &file, "--level", "1", "--follow", &line], "use --method fess");
    refused(&["solve", &file, "--method", "fess", "--follow", &line], "--level N");
    let wrong = write(dir.path(), "wrong.txt", "uRR");
    refused(&["solve", &file, "--level", "1", "--method", "fess", "--follow", &wrong], &wrong);
    let bad = write(dir.path(), "bad.txt", "RRx");
    refused(&["solve", &file, "--level", "1", "--method", "fess", "--follow", &bad], "bad.txt");
}

/// `--park` gives the planner a goal rearrangement by hand: Demaret's B1, which no order
/// fills directly, is solved with the stone for 2:8 parked on 2:6 (the `parked` measure
/// counts it) where the planner without its own rearrangement finds nothing; pairs that
/// do not fit the level, or another method, are refused before any search.
#[test]
fn park_gives_the_planner_a_goal_rearrangement_by_hand() {
    let dir = tempfile::tempdir().unwrap();
    let level = "; B1\n#########\n####   .#\n#  $ $ .#\n# $  # .#\n#  $ @#.#\n#   #####\n#####\n";
    let file = write(dir.path(), "b1.xsb", level);
    let json = |extra: &[&str]| {
        let mut args = vec!["solve", &file, "--method", "planner", "--json"];
        args.extend_from_slice(extra);
        let out = sokolab(&args);
        serde_json::from_str::<serde_json::Value>(stdout(&out).trim()).unwrap()
    };
    let own = json(&["--disable", "goal-rearrangement"]);
    assert_eq!(own["status"], "not-found", "{own}");
    let by_hand = json(&["--disable", "goal-rearrangement", "--park", "2:8=2:6"]);
    assert_eq!(by_hand["status"], "solved", "{by_hand}");
    assert_eq!(by_hand["measures"]["parked"], 1, "{by_hand}");
    let out = sokolab(&["verify", &file, "--solution", by_hand["solution"].as_str().unwrap()]);
    assert!(out.status.success(), "{}", stdout(&out));
    for (park, says) in [
        ("2:7=2:6", "level 1: 2:7 is not a goal (2:7=2:6)"),
        ("2:8=1:1", "1:1 is not a floor square without a goal"),
        ("2:8=2:6,3:8=2:6", "2:6 is named twice"),
        ("2:8=99:1", "99:1 (parking square of 2:8=99:1) is off the board"),
        ("2:8", "`2:8` is not GOAL=SQUARE"),
    ] {
        let out = sokolab(&["solve", &file, "--method", "planner", "--park", park]);
        assert_eq!(out.status.code(), Some(2), "{park}");
        assert!(stderr(&out).contains(says), "{park}: {}", stderr(&out));
        assert!(stdout(&out).is_empty(), "{park}: nothing searched");
    }
    let out = sokolab(&["bench", &file, "--method", "astar", "--park", "2:8=2:6"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--park: method `astar`"), "{}", stderr(&out));
}

/// A line the reader cannot read as what it looks like is never dropped in silence: a junk
/// character inside a board, and a `Solution` that is not LURD, are warnings with line and
/// column.
#[test]
fn check_warns_about_each_line_it_cannot_read() {
    let dir = tempfile::tempdir().unwrap();
    let text = "; Junk\n#####\n#@$.#\n##x##\n#   #\n#####\nSolution: hello\n";
    let file = write(dir.path(), "junk.xsb", text);
    let out = sokolab(&["check", &file]);
    let text = stdout(&out);
    assert!(
        text.contains(&format!(
            "{file}:4:3: warning: `x` is not a board square, so this line is not part of the \
             board above it"
        )),
        "{text}"
    );
    assert!(text.contains(&format!("{file}:7:1: warning: not read as a solution")), "{text}");
}

/// A level that repeats an earlier one, turned, mirrored or shifted (with the player
/// elsewhere in its area), is a warning on the copy's first line naming the original.
#[test]
fn check_warns_of_a_level_that_repeats_another_turned_mirrored_or_shifted() {
    let dir = tempfile::tempdir().unwrap();
    let text = "; One\n######\n#@ $.#\n#  $ #\n#.  ##\n#####\n\n\
                ; Turned\n#####\n#.@ #\n#   #\n# $$#\n## .#\n ####\n\n\
                ; Other\n######\n#@ $.#\n# $  #\n#.  ##\n#####\n\n\
                ; Mirrored and shifted\n   ######\n   #.$  #\n   # $ @#\n   ##  .#\n    #####\n";
    let file = write(dir.path(), "repeats.xsb", text);
    let out = sokolab(&["check", &file]);
    assert_eq!(out.status.code(), Some(0), "a repeat is a warning, not an error");
    let said = stdout(&out);
    for expected in [
        format!(
            "{file}:9:1: warning: the same board as level 1 (line 2), turned a quarter clockwise \
             [level 2 \"Turned\"]"
        ),
        format!(
            "{file}:24:1: warning: the same board as level 1 (line 2), mirrored left to right \
             [level 4 \"Mirrored and shifted\"]"
        ),
        format!("{file}: 4 level(s): 4 valid, 0 with errors (0 error(s), 2 warning(s))"),
    ] {
        assert!(said.contains(&expected), "missing `{expected}` in:\n{said}");
    }
    assert!(!said.contains("level 3 \"Other\"]"), "a box moved is another puzzle: {said}");
}

/// The JSON line gives the open and closed sizes the design's contract names, and the
/// bench table gives the rates per second by box count (the KTH report's figures).
#[test]
fn json_gives_open_and_closed_and_bench_rates_by_box_count() {
    let dir = tempfile::tempdir().unwrap();
    let rooms = "; Two\n########\n#      #\n# $  . #\n#@$  . #\n#      #\n########\n";
    let file = write(dir.path(), "two.xsb", rooms);
    let out = sokolab(&["solve", &file, "--method", "bfs", "--json"]);
    let line: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    let count = |key: &str| line[key].as_u64().unwrap_or_else(|| panic!("no {key}: {line}"));
    assert_eq!(line["status"], "solved");
    assert!(count("closed") > count("expanded"), "BFS stores what it has not expanded");
    assert!(count("open") > 0);
    let out = sokolab(&["bench", &file, "--method", "bfs", "--disable", "corral"]);
    let text = stdout(&out);
    assert!(text.contains("per second by box count"), "{text}");
}

/// `--min-boxes` and `--max-boxes` choose the levels by their boxes; options that leave
/// none say so, not a summary of nothing.
#[test]
fn bench_chooses_levels_by_their_boxes() {
    let dir = tempfile::tempdir().unwrap();
    let rooms = "; One\n#####\n#@$.#\n#####\n\n; Two\n######\n#@$$.#\n#   .#\n######\n\n\
                 ; Three\n#######\n#@$$$.#\n#  .. #\n#######\n";
    let file = write(dir.path(), "three.xsb", rooms);
    let out = sokolab(&["bench", &file, "--min-boxes", "2", "--max-boxes", "2", "--json"]);
    let levels: Vec<u64> = stdout(&out)
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter_map(|v| v["level"].as_u64())
        .collect();
    assert_eq!(levels, [2], "{}", stdout(&out));
    let out = sokolab(&["bench", &file, "--min-boxes", "4"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("no level of 1-3 with at least 4 boxes is left to run"), "{err}");
}

/// `--disable dead-squares` reaches FESS's macro moves: with the rule on, a box's move into
/// the dead top row is generated and cut there; with it off, the box goes on along the row,
/// so more moves are generated. (That the cuts are counted and shown is FESS's unit test.)
#[test]
fn disabling_dead_squares_reaches_the_macro_moves() {
    let dir = tempfile::tempdir().unwrap();
    let rows = "; Dead rows\n########\n#      #\n# $  $ #\n#@ .  .#\n########\n";
    let file = write(dir.path(), "dead.xsb", rows);
    let generated = |extra: &[&str]| {
        // Without the plan and the perimeter, which solve this level before any expansion.
        let args = [&["solve", &file, "--method", "fess", "--json"], extra].concat();
        let out = sokolab(&[&args[..], &["--disable", "plan,meeting"]].concat());
        let line: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
        assert_eq!(line["status"], "solved", "{line}");
        line["generated"].as_u64().unwrap()
    };
    let on = generated(&[]);
    let off = generated(&["--disable", "dead-squares"]);
    assert!(off > on, "{off} moves generated with the rule off, {on} with it on");
}

#[test]
fn the_help_of_disable_names_every_technique() {
    let out = sokolab(&["solve", "--help"]);
    let help: String = stdout(&out).split_whitespace().collect();
    for t in sokolab::solver::Technique::ALL {
        assert!(help.contains(t.name()), "`solve --help` does not name `{}`", t.name());
    }
    for name in sokolab::solver::PruneReason::ALL.iter().filter_map(|r| r.switch()) {
        assert!(help.contains(name), "`solve --help` does not name `{name}`");
    }
}

#[test]
fn lab_prints_table_7_1_as_json_and_writes_no_chart_for_it() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("chart.png");
    let out = sokolab(&["lab", "nutshell-7-1", "--json", "--png", png.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let json: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(json["kind"], "game_tree");
    assert_eq!(json["rows"][0]["alpha_beta"], 112_086);
    assert!(!png.exists(), "a game tree has no chart");
}

#[test]
fn lab_runs_a_teachers_own_experiment_file_and_writes_its_chart() {
    let dir = tempfile::tempdir().unwrap();
    let ron = write(
        dir.path(),
        "mine.ron",
        "Scramble(title: \"mine\", problem: EightPuzzle, evaluator: Some(Weak),\n\
         algorithms: [AStar, IdaStar], moves: (2, 5), trials: 10, seed: 3)",
    );
    let png = dir.path().join("mine.png");
    let out = sokolab(&["lab", &ron, "--png", png.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let text = stdout(&out);
    assert!(text.contains("#IDA*") && text.contains("(n+1)^"), "{text}");
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
    let again = sokolab(&["lab", &ron, "--png", "-"]);
    assert_eq!(
        stdout(&again).lines().take(8).collect::<Vec<_>>(),
        text.lines().take(8).collect::<Vec<_>>()
    );
}

#[test]
fn lab_names_what_is_wrong_with_an_experiment() {
    let dir = tempfile::tempdir().unwrap();
    let bad = write(dir.path(), "bad.ron", "Scramble(\n  title: \"x\",\n  problem: Chess,\n)");
    let fifo = dir.path().join("pipe.ron");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let fifo = fifo.to_string_lossy().into_owned();
    let at_line_3 = format!("{bad}:3:");
    for (args, needle) in [
        (vec!["lab", "no-such-experiment"], "the shipped ones are nutshell-7-1"),
        (vec!["lab", bad.as_str()], at_line_3.as_str()),
        (vec!["lab", fifo.as_str()], "is a named pipe (FIFO), not a regular file"),
        (vec!["lab", "sokoban-7-3", "--png", "-"], "needs a level (--level FILE:N)"),
        (vec!["lab", "sokoban-7-3", "--level", "tests/data/none.xsb:1"], "none.xsb"),
    ] {
        let out = sokolab(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

#[test]
fn optimize_shortens_a_solution_and_saves_it_beside_the_old_one_keeping_the_mode() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let room = "; Room\n#########\n#       #\n#   $ . #\n#  @    #\n#       #\n#########\n";
    let file = write(dir.path(), "room.xsb", room);
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o640)).unwrap();
    let args = ["optimize", &file, "--solution", "uurDlddrUluRR", "--metric", "pushes"];
    let out = sokolab(&[&args[..], &["--json", "--save"]].concat());
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    let report: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(report["status"], "improved");
    assert_eq!(
        (report["moves_before"].as_u64(), report["pushes_before"].as_u64()),
        (Some(13), Some(4))
    );
    assert_eq!((report["moves"].as_u64(), report["pushes"].as_u64()), (Some(3), Some(2)));
    assert_eq!(report["solution"], "uRR");
    let saved = std::fs::read_to_string(&file).unwrap();
    assert!(saved.contains("uRR"), "{saved}");
    let mode = std::fs::metadata(&file).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o640, "a save keeps the file's mode");

    // The saved solution is now the best one to start from, and nothing beats it.
    let again = sokolab(&["optimize", &file, "--metric", "moves"]);
    assert_eq!(again.status.code(), Some(0));
    assert!(stdout(&again).contains("no-better by moves (saved solution)"), "{}", stdout(&again));

    let wrong = sokolab(&["optimize", &file, "--solution", "uR"]);
    assert_eq!(wrong.status.code(), Some(2));
    let said = String::from_utf8_lossy(&wrong.stderr);
    assert!(said.contains("level 1: the solution does not solve the level"), "{said}");
}

#[test]
fn rate_gives_each_levels_measures_and_a_summary_as_json() {
    let dir = tempfile::tempdir().unwrap();
    let text = "; Easy\n#####\n#@$.#\n#####\n\n; Dead\n######\n#@$ .#\n#$  .#\n######\n\n\
                ; Two\n#######\n#     #\n#@$ $ #\n#   ..#\n#######\n";
    let file = write(dir.path(), "r.xsb", text);
    let out = sokolab(&["rate", &file, "--json", "--jobs", "2"]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    let lines: Vec<serde_json::Value> =
        stdout(&out).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 4, "three levels in order, then the summary");
    assert_eq!(lines[0]["level"], 1);
    assert_eq!((lines[0]["pushes"].as_u64(), lines[0]["proved"].as_bool()), (Some(1), Some(true)));
    assert_eq!(lines[1]["status"], "unsolvable");
    assert!(lines[1]["difficulty"].is_null());
    assert!(lines[2]["difficulty"].as_f64().unwrap() > lines[0]["difficulty"].as_f64().unwrap());
    assert_eq!(lines[3]["summary"]["rated"], 2);
    assert_eq!(lines[3]["summary"]["spearman_with_order"], 1.0);
}

#[test]
fn generate_prints_levels_that_verify_and_the_same_for_the_same_seed() {
    let args = ["generate", "--size", "8x8", "--boxes", "2", "--count", "3", "--seed", "9"];
    let (a, b) = (sokolab(&args), sokolab(&args));
    assert_eq!(a.status.code(), Some(0), "{}", String::from_utf8_lossy(&a.stderr));
    assert_eq!(stdout(&a), stdout(&b), "a seed gives the same levels");
    assert!(String::from_utf8_lossy(&a.stderr).contains("made 3 of 3 levels (8x8, 2 boxes)"));
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "g.xsb", &stdout(&a));
    let collection = sokolab::level::format::load_file(&file).unwrap();
    assert_eq!(collection.levels.len(), 3);
    for (n, level) in collection.levels.iter().enumerate() {
        let lurd = level.meta.solutions[0].clone();
        let out = sokolab(&["verify", &file, "--level", &(n + 1).to_string(), "--solution", &lurd]);
        assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    }
    let bad = sokolab(&["generate", "--size", "8", "--boxes", "2"]);
    assert_eq!(bad.status.code(), Some(2));
    let bad = sokolab(&["generate", "--size", "6x6", "--boxes", "9"]);
    assert!(String::from_utf8_lossy(&bad.stderr).contains("cannot generate levels: 9 boxes"));
}

#[test]
fn metric_moves_turns_an_optimal_method_move_optimal_and_refuses_the_others() {
    // Level 6: A*'s push-optimal line has 13 moves, the fewest are 10 (as many pushes).
    let level = "levels/default.xsb";
    let run = |args: &[&str]| {
        let out = sokolab(&[&["solve", level, "--level", "6", "--json"], args].concat());
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        let json: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
        (json["moves"].as_u64(), json["optimal"].as_bool(), json["move_optimal"].as_bool())
    };
    let by_moves = run(&["--method", "astar", "--metric", "moves"]);
    assert_eq!(by_moves.1, Some(false), "not push-optimal");
    assert_eq!(by_moves.2, Some(true), "move-optimal");
    assert_eq!(run(&["--method", "moves-idastar"]), by_moves);
    assert_eq!(run(&["--method", "bfs", "--metric", "moves"]), by_moves);
    let by_pushes = run(&["--method", "astar"]);
    assert_eq!((by_pushes.1, by_pushes.2), (Some(true), Some(false)));
    assert!(by_moves.0 < by_pushes.0, "{by_moves:?} {by_pushes:?}");
    assert_eq!(run(&["--method", "moves-astar", "--metric", "pushes"]), by_pushes);

    let out = sokolab(&["solve", level, "--method", "fess", "--metric", "moves"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("method `fess` has no move-optimal form"), "{err}");
}

#[test]
fn deadlocks_decides_a_position_names_its_dead_set_and_replays_a_live_one() {
    let dir = tempfile::tempdir().unwrap();
    // Two boxes side by side on the top wall (row 2, columns 3 and 4): frozen together off
    // goals, though each alone could be pushed along the wall to the goal at 2:7.
    let dead = "; Dead\n##########\n# $$  .  #\n#  .   . #\n# $ .$ $ #\n#   .  @ #\n##########\n";
    let alive = "; Alive\n#######\n#@ $ .#\n#######\n";
    let file = write(dir.path(), "two.xsb", &format!("{dead}\n{alive}"));
    let out = sokolab(&["deadlocks", &file, "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let lines: Vec<serde_json::Value> =
        stdout(&out).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 3, "two levels and the summary");
    let (first, second, summary) = (&lines[0], &lines[1], &lines[2]["summary"]);
    assert_eq!(first["decision"], "dead");
    assert_eq!(first["dead_set"], serde_json::json!([[2, 3], [2, 4]]));
    assert!(first["searched"].as_u64().unwrap() > 0);
    let claims = first["claims"].as_array().unwrap();
    let pipeline = claims.last().unwrap();
    assert_eq!(pipeline["detector"], "pipeline");
    assert_eq!(pipeline["dead_by"], "freeze", "{pipeline}");
    assert!(claims.iter().any(|c| c["detector"] == "dead square" && c["dead_by"].is_null()));
    assert_eq!(second["decision"], "alive");
    let solution = second["solution"].as_str().unwrap();
    let alone = write(dir.path(), "alive.xsb", alive);
    let verified = sokolab(&["verify", &alone, "--level", "1", "--solution", solution]);
    assert_eq!(verified.status.code(), Some(0), "{}", stdout(&verified));
    assert!(second["claims"].as_array().unwrap().iter().all(|c| c["dead_by"].is_null()));
    assert_eq!(summary["levels"], 2);
    assert_eq!(summary["false_claims"], 0);

    for bad in [
        vec!["deadlocks", &file, "--level", "3"],
        vec!["deadlocks", &file, "--pushes", "2", "--sample", "5"],
        vec!["deadlocks", &file, "--level", "1", "--all"],
    ] {
        let out = sokolab(&bad);
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        assert!(stderr(&out).starts_with("error") || stderr(&out).contains("sokolab: error"));
    }
}

#[test]
fn deadlocks_coverage_tallies_each_detector_and_no_rule_claims_a_live_position() {
    let out = sokolab(&[
        "deadlocks",
        "levels/default.xsb",
        "--levels",
        "3-4",
        "--pushes",
        "1000",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let lines: Vec<serde_json::Value> =
        stdout(&out).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let summary = &lines.last().unwrap()["summary"];
    let mut dead = 0;
    for line in &lines[..lines.len() - 1] {
        assert_eq!(line["mode"], "coverage");
        assert_eq!(line["complete"], true, "{line}");
        let (a, d, u) = (&line["alive"], &line["dead"], &line["unknown"]);
        let sum = a.as_u64().unwrap() + d.as_u64().unwrap() + u.as_u64().unwrap();
        assert_eq!(sum, line["positions"].as_u64().unwrap());
        dead += d.as_u64().unwrap();
        let rows = line["rows"].as_array().unwrap();
        assert_eq!(rows.last().unwrap()["detector"], "pipeline");
        for row in rows {
            assert_eq!(row["false_claims"], 0, "{row}");
            assert!(row["caught"].as_u64() <= row["claims"].as_u64());
        }
    }
    assert!(dead > 0, "pushes from the start reach dead positions");
    assert_eq!(summary["dead"].as_u64(), Some(dead));
    let pipeline = summary["rows"].as_array().unwrap().last().unwrap();
    assert!(pipeline["recall"].as_f64().unwrap() > 0.5, "{pipeline}");

    let out = sokolab(&["deadlocks", "levels/default.xsb", "--level", "5", "--sample", "40"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("40 positions"), "{}", stdout(&out));
}

/// `solve --trace` writes every expansion as a JSON line: numbered from 1, as many as the
/// search expanded, each node's parent an earlier expansion that kept it, every pruned
/// child naming its rule; a trace file that cannot be written is an error naming it.
#[test]
fn solve_trace_writes_every_expansion_with_its_parent_and_its_childrens_verdicts() {
    let dir = tempfile::tempdir().unwrap();
    let level = "; 1\n####\n# .#\n#  ###\n#*@  #\n#  $ #\n#  ###\n####\n";
    let file = write(dir.path(), "microban-1.xsb", level);
    for method in ["astar", "bfs", "idastar", "book-astar", "fess"] {
        let trace = dir.path().join(format!("{method}.jsonl"));
        let args = ["solve", &file, "--method", method, "--trace", trace.to_str().unwrap()];
        let out = sokolab(&args);
        let text = stdout(&out);
        assert_eq!(out.status.code(), Some(0), "{method}: {text}{}", stderr(&out));
        let expanded = expanded_of(&text);
        let lines: Vec<serde_json::Value> = std::fs::read_to_string(&trace)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).expect("each line is JSON"))
            .collect();
        assert_eq!(lines.len(), expanded, "{method}");
        for (i, line) in lines.iter().enumerate() {
            assert_eq!(line["expansion"], i + 1, "{method}");
            assert_eq!(line["level"], 1);
            if let Some(parent) = line["parent"].as_u64() {
                // A depth-first search stores a child when it tries it: its line names
                // the child by its push.
                let kept_here = |l: &&serde_json::Value| {
                    let this = |c: &serde_json::Value| {
                        c["node"] == line["node"]
                            || (c["node"].is_null() && c["push"] == line["push"])
                    };
                    l["node"] == parent
                        && l["children"]
                            .as_array()
                            .unwrap()
                            .iter()
                            .any(|c| this(c) && c["verdict"] != "pruned")
                };
                assert!(lines[..i].iter().any(|l| kept_here(&l)), "{method}: {line}");
            } else {
                assert!(line["push"].is_null() && line["g"] == 0, "{method}: the start");
            }
            for c in line["children"].as_array().unwrap() {
                assert_eq!(c["verdict"] == "pruned", c["rule"].is_string(), "{method}: {c}");
            }
        }
    }
    let out = sokolab(&["solve", &file, "--trace", "/nonexistent/t.jsonl"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("/nonexistent/t.jsonl: cannot write the trace"));
}

/// The count of expansions `solve` prints for a level.
fn expanded_of(text: &str) -> usize {
    text.split(", ")
        .find_map(|s| s.strip_suffix(" expanded")?.rsplit(' ').next()?.parse().ok())
        .expect("the count of expansions")
}

/// `solve --tree` draws the search tree as DOT or SVG and `--chart` writes the chart's
/// history as CSV (a row per expansion) or a PNG; a file of another kind, several levels or
/// `--trace` beside them are refused before searching, naming what to do.
#[test]
fn solve_draws_the_tree_and_the_chart_of_one_levels_search() {
    let dir = tempfile::tempdir().unwrap();
    let level = "; 1\n####\n# .#\n#  ###\n#*@  #\n#  $ #\n#  ###\n####\n";
    let file = write(dir.path(), "microban-1.xsb", level);
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    for method in ["astar", "bfs", "idastar"] {
        let (dot, csv) = (path(&format!("{method}.dot")), path(&format!("{method}.csv")));
        let args =
            ["solve", &file, "--level", "1", "--method", method, "--tree", &dot, "--chart", &csv];
        let out = sokolab(&args);
        let text = stdout(&out);
        assert_eq!(out.status.code(), Some(0), "{method}: {text}{}", stderr(&out));
        let expanded = expanded_of(&text);
        let csv = std::fs::read_to_string(&csv).unwrap();
        assert_eq!(csv.lines().count(), 1 + expanded, "{method}: a header and a row each");
        assert!(csv.starts_with("expansion,\"open\","), "{csv}");
        let dot = std::fs::read_to_string(&dot).unwrap();
        assert!(dot.starts_with("digraph search {") && dot.trim_end().ends_with('}'));
        assert!(dot.contains("n0 [label=\"start\""), "{method}: the start is drawn");
        let edges = dot.lines().filter(|l| l.contains(" -> ")).count();
        let nodes = dot.lines().filter(|l| l.contains("[label=") && !l.contains(" -> ")).count();
        assert_eq!(edges + 1, nodes, "{method}: a tree: one edge into each node but the start");
        // The solution's line ringed in gold from the start, as the window rings it (not for
        // IDA*, whose node ids are reused: the window rings none either).
        let ringed = dot.lines().filter(|l| l.contains("color=\"#ffd700\"")).count();
        let start_ringed = dot.lines().any(|l| l.starts_with("  n0 [") && l.contains("#ffd700"));
        match method {
            "idastar" => assert_eq!(ringed, 0, "{method}"),
            _ => assert!(start_ringed && ringed > 2, "{method}: {ringed} ringed"),
        }
        if let Ok(run) = std::process::Command::new("dot")
            .args(["-Tsvg", "-o", "/dev/null"])
            .arg(dir.path().join(format!("{method}.dot")))
            .output()
        {
            assert!(run.status.success(), "dot reads it: {}", String::from_utf8_lossy(&run.stderr));
        }
    }
    let (svg, png) = (path("t.svg"), path("t.png"));
    let out = sokolab(&["solve", &file, "--level", "1", "--tree", &svg, "--chart", &png]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg "));
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
    // Refused before searching, naming what to do.
    let two = write(dir.path(), "two.xsb", &format!("{level}\n{level}"));
    let (txt, csv, jsonl) = (path("t.txt"), path("c.csv"), path("t.jsonl"));
    for (args, says) in [
        (vec!["--level", "1", "--tree", &txt], "--tree writes .dot, .gv, .svg"),
        (vec!["--chart", &csv], "name it with --level N"),
        (
            vec!["--level", "1", "--chart", &csv, "--trace", &jsonl],
            "run sokolab solve once for each",
        ),
    ] {
        let mut all = vec!["solve", two.as_str()];
        all.extend(args);
        let out = sokolab(&all);
        assert_eq!(out.status.code(), Some(2), "{all:?}: {}", stdout(&out));
        assert!(stderr(&out).contains(says), "{}", stderr(&out));
        assert!(!dir.path().join("c.csv").exists(), "nothing written");
    }
}
