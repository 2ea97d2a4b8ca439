//! The hostile-input campaign of issue 18 as a property test: files from its generators
//! (random bytes, board noise, run-length rows, truncation, bit flips, NUL bytes, bad UTF-8,
//! CR / CRLF / tabs / byte-order marks, `Solution:` lines, deep parentheses) go through
//! check, convert and solve, as library calls and in a few runs of the binary, with a small
//! time limit. Nothing panics, each step ends in bounded time, every position reported is
//! inside the file, and what is read converts and reads back to the same boards. RON
//! experiments from their own generators (random bytes, truncation, nesting, unknown
//! fields, huge numbers, line ends) go through `lab` with small limits (issue 36): nothing
//! panics, each run ends in bounded time and memory, and every position is inside the file.

use proptest::prelude::*;
use sokolab::lab::experiment::Experiment;
use sokolab::level::format::{Format, load_file, load_located, read_collection, save_file};
use sokolab::level::{Pos, validate};
use sokolab::solver::{Config, Limits, Outcome, solve};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// A valid collection using every convention: notes, `;` and plain titles, keys, a comment
/// block, solutions, a run-length board and a tab.
const SAMPLE: &str = "Notes about the file\n\n; First\n#####\n#@$.#\n#####\nAuthor: A\n\
                      Comment:\ntwo\nlines\nComment-End:\nSolution: R\n\nSecond\n\
                      2(3#)|#@-$.-#|#--*-#|6#\nTitle: Real\n\n; Third\n\t######\n\t#@ $.#\n\
                      \t######\nSolution: 2(r)R\n";

/// How long reading one generated file may take.
const READ_TIME: Duration = Duration::from_secs(2);

/// The solver's time limit per level, and what it may overrun by.
const SOLVE_TIME: Duration = Duration::from_millis(20);
const SOLVE_SLACK: Duration = Duration::from_secs(1);

/// Boards larger than this are not solved here: setup on large boards does not keep the
/// time limit yet (issue 18, item 3), and reading is what this test is about.
const SOLVE_SQUARES: usize = 400;

fn sample() -> Vec<u8> {
    SAMPLE.as_bytes().to_vec()
}

/// Random bytes, most of them from the formats' alphabet.
fn random_bytes() -> BoxedStrategy<Vec<u8>> {
    let byte =
        prop_oneof![any::<u8>(), prop::sample::select(b"#@$.*+ -_|()0123456789\n\r\t;:".to_vec()),];
    prop::collection::vec(byte, 0..400).boxed()
}

/// The sample with characters replaced by board and format characters.
fn board_noise() -> BoxedStrategy<Vec<u8>> {
    let edit = (0..SAMPLE.len(), prop::sample::select(b"#@$.*+ -_|()9\n\t".to_vec()));
    prop::collection::vec(edit, 1..20)
        .prop_map(|edits| {
            let mut bytes = sample();
            for (at, b) in edits {
                bytes[at] = b;
            }
            bytes
        })
        .boxed()
}

/// Lines of run-length tokens: counts (some huge), squares, groups and row separators.
fn run_length() -> BoxedStrategy<Vec<u8>> {
    let token = prop::sample::select(vec![
        "#", "#", "-", "$", ".", "@", "*", "+", " ", "|", "(", ")", "2", "3", "10", "999",
        "9999999", "0",
    ]);
    let line = prop::collection::vec(token, 1..40).prop_map(|t| t.concat());
    prop::collection::vec(line, 1..6)
        .prop_map(|lines| format!("; Runs\n{}\n", lines.join("\n")).into_bytes())
        .boxed()
}

/// The sample cut anywhere, in the middle of a character too.
fn truncation() -> BoxedStrategy<Vec<u8>> {
    (0..=SAMPLE.len()).prop_map(|cut| sample()[..cut].to_vec()).boxed()
}

/// The sample with a few bits flipped.
fn bit_flips() -> BoxedStrategy<Vec<u8>> {
    prop::collection::vec((0..SAMPLE.len(), 0..8u8), 1..8)
        .prop_map(|flips| {
            let mut bytes = sample();
            for (at, bit) in flips {
                bytes[at] ^= 1 << bit;
            }
            bytes
        })
        .boxed()
}

/// The sample with byte sequences inserted: NUL bytes or bad UTF-8.
fn inserted(pieces: Vec<&'static [u8]>) -> BoxedStrategy<Vec<u8>> {
    prop::collection::vec((0..=SAMPLE.len(), prop::sample::select(pieces)), 1..6)
        .prop_map(|mut inserts| {
            let mut bytes = sample();
            // From the end, so earlier positions stay where they were.
            inserts.sort_by_key(|&(at, _)| std::cmp::Reverse(at));
            for (at, piece) in inserts {
                bytes.splice(at..at, piece.iter().copied());
            }
            bytes
        })
        .boxed()
}

/// The sample with each line ended by `\n`, `\r\n` or a lone `\r`, leading spaces turned
/// into tabs here and there, and maybe a byte-order mark.
fn line_endings() -> BoxedStrategy<Vec<u8>> {
    let lines = SAMPLE.lines().count();
    let ending = prop::sample::select(vec!["\n", "\r\n", "\r"]);
    (prop::collection::vec((ending, any::<bool>()), lines), any::<bool>())
        .prop_map(|(choices, bom)| {
            let mut text = if bom { String::from("\u{feff}") } else { String::new() };
            for (line, (end, tab)) in SAMPLE.lines().zip(choices) {
                text += &if tab { line.replacen(' ', "\t", 1) } else { line.to_string() };
                text += end;
            }
            text.into_bytes()
        })
        .boxed()
}

/// The sample followed by `Solution:` lines with large counts and groups.
fn solution_lines() -> BoxedStrategy<Vec<u8>> {
    let count = prop::sample::select(vec!["", "2", "99", "9999999", "99999999999"]);
    let moves = prop::sample::select(vec!["r", "R", "lurd", "(rR)", "(", ")", "x"]);
    let solution = prop::collection::vec((count, moves), 1..6)
        .prop_map(|parts| parts.into_iter().map(|(c, m)| format!("{c}{m}")).collect::<String>());
    prop::collection::vec(solution, 1..40)
        .prop_map(|solutions| {
            let mut text = SAMPLE.to_string();
            for s in solutions {
                text += &format!("Solution: {s}\n");
            }
            text.into_bytes()
        })
        .boxed()
}

/// Deeply nested groups in a board row and in a solution.
fn deep_parentheses() -> BoxedStrategy<Vec<u8>> {
    (0..80usize, 0..80usize, prop::sample::select(vec!["", "2", "9"]))
        .prop_map(|(open, close, count)| {
            let row = format!("#{}#{}", format!("{count}(").repeat(open), ")".repeat(close));
            let moves = format!("{}R{}", format!("{count}(").repeat(open), ")".repeat(close));
            format!("; Deep\n#####\n{row}\n#@$.#\n#####\nSolution: {moves}\n").into_bytes()
        })
        .boxed()
}

/// Every generator of the campaign.
fn hostile_file() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        random_bytes(),
        board_noise(),
        run_length(),
        truncation(),
        bit_flips(),
        inserted(vec![b"\0", b"\0\0\0"]),
        inserted(vec![b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xe2\x82", b"\xf0\x9f\x98"]),
        line_endings(),
        solution_lines(),
        deep_parentheses(),
    ]
}

/// The generators that keep boards small enough to run the binary's `solve` on.
fn small_hostile_file() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![board_noise(), truncation(), bit_flips(), line_endings(), solution_lines()]
}

/// Whether line `line`, column `column` (from 1) is in `bytes` as written: lines end as the
/// reader ends them, and a column may be one past the line's last character.
fn inside(bytes: &[u8], (line, column): (usize, usize)) -> bool {
    let text = String::from_utf8_lossy(bytes);
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let lines: Vec<&str> = text.split("\r\n").flat_map(|l| l.split(['\n', '\r'])).collect();
    line >= 1 && column >= 1 && lines.get(line - 1).is_some_and(|l| column <= l.chars().count() + 1)
}

/// Check, convert and solve `bytes` through the library.
fn run_library(bytes: &[u8]) -> Result<(), TestCaseError> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hostile.xsb");
    std::fs::write(&path, bytes).unwrap();
    let start = Instant::now();
    let read = load_located(&path);
    prop_assert!(start.elapsed() < READ_TIME, "read took {:?}", start.elapsed());
    let located = match read {
        Err(e) => {
            if let Some(position) = e.position {
                prop_assert!(inside(bytes, position), "{e} is outside the file");
            }
            return Ok(());
        }
        Ok(located) => located,
    };
    let levels = &located.collection.levels;
    // check: each diagnostic's squares, and every square, are located inside the file.
    for (level, origin) in levels.iter().zip(&located.origins) {
        for d in validate(level) {
            for &cell in &d.cells {
                prop_assert!(inside(bytes, origin.locate(cell)), "{d:?} at {cell:?}");
            }
        }
        if level.width() * level.height() <= 10_000 {
            for y in 0..level.height() {
                for x in 0..level.width() {
                    let at = origin.locate(Pos::new(x, y));
                    prop_assert!(inside(bytes, at), "square {x},{y} at {at:?}");
                }
            }
        }
    }
    // convert: every format reads back to the same boards, through a file for one of them.
    for format in [Format::Xsb, Format::Sok, Format::Rle] {
        let text = sokolab::level::format::write_collection(&located.collection, format);
        let again = read_collection(&text).map_err(|e| TestCaseError::fail(format!("{e}")))?;
        prop_assert_eq!(&again, &located.collection, "{}", format);
    }
    let converted = dir.path().join("converted.sok");
    save_file(&converted, &located.collection, Format::Sok).unwrap();
    prop_assert_eq!(&load_file(&converted).unwrap(), &located.collection);
    // solve: small boards, within the time limit.
    let limits = Limits { time: Some(SOLVE_TIME), nodes: None, memory_bytes: Some(64 << 20) };
    let small = levels.iter().filter(|l| l.width() * l.height() <= SOLVE_SQUARES);
    for level in small.take(2) {
        let start = Instant::now();
        let outcome = solve(level, &Config::default(), &limits, &AtomicBool::new(false));
        prop_assert!(start.elapsed() < SOLVE_TIME + SOLVE_SLACK, "{:?}", start.elapsed());
        if let Outcome::Invalid(why) = &outcome {
            prop_assert!(!why.to_string().is_empty());
        }
    }
    Ok(())
}

/// Runs the binary on `args`, killed after ten seconds: its status code, stdout, stderr.
fn run_binary(args: &[&str]) -> Result<(i32, String, String), TestCaseError> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sokolab"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(10) {
            child.kill().unwrap();
            return Err(TestCaseError::fail(format!("{args:?} runs for more than 10 s")));
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let out = child.wait_with_output().unwrap();
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    Ok((out.status.code().unwrap_or(-1), text(&out.stdout), text(&out.stderr)))
}

/// A valid experiment using most of what one may hold.
const EXPERIMENT: &str = "// comment\nScramble(\n  title: \"x\",\n  problem: EightPuzzle,\n  \
                          evaluator: Some(Good),\n  algorithms: [Bfs, Dfs(Moves(2)), AStar],\n  \
                          moves: (2, 4),\n  trials: 3,\n  seed: 1,\n  node_limit: Some(500),\n)\n";

/// How long a run of a generated experiment may take, and its limits.
const LAB_TIME: Duration = Duration::from_millis(200);
const LAB_SLACK: Duration = Duration::from_secs(2);
const LAB_MEMORY: usize = 64 << 20;

/// The experiment with one piece of text put in at a random place.
fn ron_inserted(pieces: Vec<&'static str>) -> BoxedStrategy<Vec<u8>> {
    (0..=EXPERIMENT.len(), prop::sample::select(pieces))
        .prop_map(|(at, piece)| {
            let at = (0..=at).rev().find(|&i| EXPERIMENT.is_char_boundary(i)).unwrap_or(0);
            format!("{}{piece}{}", &EXPERIMENT[..at], &EXPERIMENT[at..]).into_bytes()
        })
        .boxed()
}

/// Hostile RON: random bytes, truncations, deep nesting, unknown fields, huge numbers,
/// other line ends and a byte-order mark.
fn hostile_ron() -> impl Strategy<Value = Vec<u8>> {
    let truncation = (0..=EXPERIMENT.len()).prop_map(|n| EXPERIMENT.as_bytes()[..n].to_vec());
    let nesting = (1usize..20_000, prop::sample::select(vec!["Some(", "[", "(", "{", "Dfs("]))
        .prop_map(|(n, open)| format!("Scramble(title: {}", open.repeat(n)).into_bytes());
    let numbers = prop::sample::select(vec![
        "0",
        "-1",
        "1000",
        "1001",
        "4294967295",
        "4294967296",
        "18446744073709551616",
        "1e300",
        "NaN",
        "inf",
    ]);
    let huge = (numbers.clone(), numbers, 0..3usize).prop_map(|(a, b, field)| {
        let value = format!("({a}, {b})");
        let text = match field {
            0 => EXPERIMENT.replace("(2, 4)", &value),
            1 => EXPERIMENT.replace("trials: 3", &format!("trials: {a}")),
            _ => EXPERIMENT.replace("Some(500)", &format!("Some({a})")),
        };
        text.into_bytes()
    });
    let line_ends = prop::sample::select(vec!["\r", "\r\n", "\n\r"])
        .prop_map(|end| format!("\u{feff}{}", EXPERIMENT.replace('\n', end)).into_bytes());
    prop_oneof![
        random_bytes(),
        truncation,
        nesting,
        ron_inserted(vec!["node_limt: Some(5),", "colour: \"red\",", "moves: (1, 2),", "/*", "\""]),
        huge,
        line_ends,
    ]
}

/// Reads `bytes` as an experiment and runs it with small limits through the library.
fn run_lab_library(bytes: &[u8]) -> Result<(), TestCaseError> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hostile.ron");
    std::fs::write(&path, bytes).unwrap();
    let start = Instant::now();
    let read = Experiment::read(&path);
    prop_assert!(start.elapsed() < READ_TIME, "read took {:?}", start.elapsed());
    let experiment = match read {
        Err(e) => {
            if let Some(position) = e.position {
                prop_assert!(inside(bytes, position), "{e} is outside the file");
            }
            return Ok(());
        }
        Ok(experiment) => experiment,
    };
    let limits = Limits { time: Some(LAB_TIME), nodes: None, memory_bytes: Some(LAB_MEMORY) };
    let start = Instant::now();
    let _ = experiment.run(None, None, &limits, &|_, _| true);
    prop_assert!(start.elapsed() < LAB_TIME + LAB_SLACK, "the run took {:?}", start.elapsed());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn hostile_experiments_are_read_and_run_within_their_limits(bytes in hostile_ron()) {
        run_lab_library(&bytes)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, ..ProptestConfig::default() })]

    #[test]
    fn the_binary_runs_hostile_experiments_within_small_limits(bytes in hostile_ron()) {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("hostile.ron");
        std::fs::write(&file, &bytes).unwrap();
        let name = file.to_str().unwrap();
        let args = ["lab", name, "--png", "-", "--time-limit", "0.2", "--memory-limit", "64"];
        let (code, _, stderr) = run_binary(&args)?;
        prop_assert!(matches!(code, 0..=2), "status {code}: {stderr}");
        prop_assert!(!stderr.contains("panicked"), "{stderr}");
        if code == 2 {
            prop_assert!(stderr.starts_with("sokolab: error: "), "{stderr}");
        }
        if let Some(place) = stderr.strip_prefix(&format!("sokolab: error: {name}:")) {
            let mut parts = place.splitn(3, ':');
            let numbers = (parts.next().map(str::parse), parts.next().map(str::parse));
            if let (Some(Ok(line)), Some(Ok(column))) = numbers {
                prop_assert!(inside(&bytes, (line, column)), "{stderr}");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn hostile_files_read_convert_and_solve_cleanly(bytes in hostile_file()) {
        run_library(&bytes)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, ..ProptestConfig::default() })]

    #[test]
    fn the_binary_checks_converts_and_solves_hostile_files(bytes in small_hostile_file()) {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("hostile.xsb");
        std::fs::write(&file, &bytes).unwrap();
        let name = file.to_str().unwrap();
        let out = dir.path().join("out.rle");
        let runs: [&[&str]; 3] = [
            &["check", name],
            &["convert", name, out.to_str().unwrap()],
            &["solve", name, "--time-limit", "0.05", "--json"],
        ];
        for args in runs {
            let (code, stdout, stderr) = run_binary(args)?;
            prop_assert!(matches!(code, 0..=2), "{args:?}: status {code}: {stderr}");
            prop_assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
            if code == 2 {
                prop_assert!(stderr.starts_with("sokolab: error: "), "{args:?}: {stderr}");
            }
            // check's findings, `FILE:LINE:COL: …`, point inside the file.
            for finding in stdout.lines().filter_map(|l| l.strip_prefix(&format!("{name}:"))) {
                let mut parts = finding.splitn(3, ':');
                let numbers = (parts.next().map(str::parse), parts.next().map(str::parse));
                if let (Some(Ok(line)), Some(Ok(column))) = numbers {
                    prop_assert!(inside(&bytes, (line, column)), "{finding}");
                }
            }
        }
        if Path::new(&out).exists() {
            let converted = load_file(&out).unwrap();
            prop_assert_eq!(converted, load_file(&file).unwrap());
        }
    }
}
