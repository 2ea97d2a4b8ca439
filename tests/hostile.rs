//! The reproducers of the hostile-input campaign (issue 18), one test per finding; the
//! files are in `tests/data/hostile/`.

use sokolab::level::Pos;
use sokolab::level::format::{FileError, load_file, read_collection, read_located};
use std::path::PathBuf;
use std::time::{Duration, Instant};

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/hostile").join(name)
}

fn load_error(name: &str) -> FileError {
    load_file(data(name)).expect_err(name)
}

#[test]
fn error_columns_point_into_the_line_as_written() {
    // `9#9)`: the `)` is the 4th character (the expanded row has it at the 10th).
    let e = load_error("rle-count-before-paren.xsb");
    assert_eq!(e.position, Some((1, 4)), "{e}");
    assert!(e.message.contains("`)` is not a board square"), "{e}");
    let e = load_error("rle-paren-on-second-line.xsb");
    assert_eq!(e.position, Some((2, 3)), "{e}");
    // A tab is one character of the line, however wide it is drawn.
    let e = load_error("tab-before-rle.xsb");
    assert_eq!(e.position, Some((2, 4)), "{e}");
    // Lone carriage returns end lines for positions as they do for reading.
    let e = load_error("lone-cr-latin1.xsb");
    assert_eq!(e.position, Some((4, 6)), "{e}");
    assert!(e.message.contains("not valid UTF-8"), "{e}");
}

#[test]
fn squares_are_located_at_their_characters() {
    let located = read_located("\t#####\n\t#@$.#\n\t#####\n\n2-5#|2-#@$.#|2-3#2-\n").unwrap();
    let tabbed = &located.origins[0];
    assert_eq!(tabbed.locate(Pos::new(8, 1)), (2, 2));
    assert_eq!(tabbed.locate(Pos::new(10, 1)), (2, 4));
    // `2-5#|2-#@$.#|2-3#2-`: the squares of a count share its character's column.
    let rle = &located.origins[1];
    assert_eq!(rle.locate(Pos::new(4, 0)), (5, 4));
    assert_eq!(rle.locate(Pos::new(4, 1)), (5, 10));
    assert_eq!(rle.locate(Pos::new(3, 2)), (5, 17));
}

#[test]
fn solutions_are_counted_against_the_file_budget_without_expanding() {
    // A hundred solutions of ten million moves each: expanding them took seconds.
    let start = Instant::now();
    let e = load_error("solution-lines.xsb");
    assert!(start.elapsed() < Duration::from_secs(1), "{:?}", start.elapsed());
    // The budget (80 million) lasts for eight of them.
    assert_eq!(e.position, Some((12, 11)), "{e}");
    assert!(e.message.contains("expand to too much in all"), "{e}");

    let e = read_collection("#####\n#@$.#\n#####\nSolution: 2(9999999r)\n").unwrap_err();
    assert_eq!((e.line, e.column), (4, 11), "{e}");
    assert!(e.message.contains("a solution of more than 10000000 moves"), "{e}");
    let e = read_collection("#####\n#@$.#\n#####\nSolution:\n  rr\n  r 10000000R\n").unwrap_err();
    assert_eq!((e.line, e.column), (6, 5), "{e}");

    // Long but sane solutions are kept as written.
    let c = read_collection("#####\n#@$.#\n#####\nSolution: 5000000r\nSolution: R\n").unwrap();
    assert_eq!(c.levels[0].meta.solutions, ["5000000r", "R"]);
}
