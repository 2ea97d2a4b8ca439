//! Hostile and broken input for every reader: none may panic or allocate without bound, and
//! each failure is a clear error with a position. Property tests feed random bytes, random
//! text over the format's own alphabet, truncated files and random edits.

use proptest::prelude::*;
use sokolab::level::edit::{self, Tool};
use sokolab::level::format::{Format, load_file, read_collection, write_collection};
use sokolab::level::moves::{parse_lurd, to_lurd};
use sokolab::level::{Level, Pos, replay, validate};

/// A small valid collection in SOK style with RLE, keys and comments, for truncation.
const SAMPLE: &str = "Notes about the file\n\n; First\n#####\n#@$.#\n#####\nAuthor: A\n\
                      Comment:\ntwo\nlines\nComment-End:\nSolution: R\n\nSecond\n\
                      2(3#)|#@-$.-#|#--*-#|6#\nTitle: Real\n";

/// Characters that exercise every branch of the reader.
fn format_char() -> impl Strategy<Value = char> {
    prop_oneof![
        8 => prop::sample::select(vec!['#', '@', '+', '$', '*', '.', ' ', '-', '_']),
        3 => prop::sample::select(vec!['\n', '\r', '\t', '|', '(', ')', ';', ':']),
        2 => prop::char::range('0', '9'),
        1 => prop::sample::select(vec!['T', 'i', 't', 'l', 'e', 'C', 'o', 'm', 'n', 'S', 'u']),
        1 => prop::sample::select(vec!['\0', 'é', '\u{feff}', '\u{2028}', 'x']),
    ]
}

/// Reading `text` either fails with a positioned error or gives a collection that writes
/// and reads back unchanged in every format.
fn check_text(text: &str) {
    match read_collection(text) {
        Err(e) => {
            assert!(e.line >= 1 && e.column >= 1, "{e:?}");
            assert!(!e.message.is_empty());
        }
        Ok(collection) => {
            for level in &collection.levels {
                let _ = validate(level);
            }
            for format in [Format::Xsb, Format::Sok, Format::Rle] {
                let written = write_collection(&collection, format);
                let again = read_collection(&written)
                    .unwrap_or_else(|e| panic!("{format}: {e}\n{written:?}\nfrom {text:?}"));
                assert_eq!(again, collection, "{format}\n{written:?}\nfrom {text:?}");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        check_text(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn random_format_text_reads_or_fails_cleanly(
        chars in prop::collection::vec(format_char(), 0..300)
    ) {
        check_text(&chars.into_iter().collect::<String>());
    }

    #[test]
    fn truncated_files_read_or_fail_cleanly(cut in 0..SAMPLE.len()) {
        check_text(&SAMPLE[..cut]);
    }

    #[test]
    fn random_lurd_never_panics(text in "[lurdLURD0-9() x]{0,60}") {
        if let Ok(moves) = parse_lurd(&text) {
            prop_assert_eq!(parse_lurd(&to_lurd(&moves)).unwrap(), moves.clone());
            let level = read_collection(SAMPLE).unwrap().levels.remove(0);
            let result = replay(&level, &moves);
            prop_assert!(result.moves <= moves.len());
        }
    }

    #[test]
    fn random_edits_never_panic_and_keep_the_board_consistent(
        ops in prop::collection::vec((0u8..12, 0usize..9, 0usize..9, 0usize..9, 0usize..9), 0..40)
    ) {
        let mut level = read_collection(SAMPLE).unwrap().levels.remove(1);
        let tools = [Tool::Wall, Tool::Floor, Tool::Goal, Tool::Box, Tool::Player, Tool::Erase, Tool::Clear];
        for (op, a, b, c, d) in ops {
            let tool = tools[a % tools.len()];
            match op {
                0..=3 => { edit::set_square(&mut level, Pos::new(b, c), tool); }
                4 => { edit::flood_fill(&mut level, Pos::new(b, c), tool); }
                5 => { edit::fill_rect(&mut level, Pos::new(b, c), Pos::new(d, a), tool); }
                6 => { edit::resize(&mut level, b, c, (d as isize - 4, a as isize - 4)).unwrap(); }
                7 => { edit::crop_to_content(&mut level); }
                8 => edit::rotate_cw(&mut level),
                9 => edit::mirror_horizontal(&mut level),
                10 => { let _ = edit::swap_boxes_and_goals(&mut level); }
                _ => edit::normalise(&mut level),
            }
            prop_assert!(level.players().len() <= 1, "painting keeps one player at most");
            prop_assert_eq!(level.squares().len(), level.width() * level.height());
            let _ = validate(&level);
        }
        let mut turned = level.clone();
        for _ in 0..4 {
            edit::rotate_cw(&mut turned);
        }
        prop_assert_eq!(turned, level);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn random_files_load_or_fail_naming_the_file(
        bytes in prop::collection::vec(
            prop_oneof![any::<u8>(), Just(b'#'), Just(b'\n'), Just(b'@'), Just(b'$'), Just(b'.')],
            0..300,
        )
    ) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("random.xsb");
        std::fs::write(&path, &bytes).unwrap();
        match load_file(&path) {
            Ok(collection) => prop_assert!(!collection.levels.is_empty()),
            Err(e) => {
                prop_assert!(e.to_string().starts_with(&path.display().to_string()), "{}", e);
                prop_assert!(e.position.is_some(), "{}", e);
            }
        }
    }
}

#[test]
fn ten_thousand_column_rows_are_refused_with_a_position() {
    let text = format!("#####\n#@$.#\n{}\n", "#".repeat(10_000));
    let e = read_collection(&text).unwrap_err();
    assert_eq!((e.line, e.column), (3, 1001), "{e}");
    let rle = "#####\n#@$.#\n10000#\n";
    let e = read_collection(rle).unwrap_err();
    assert_eq!(e.line, 3, "{e}");
    assert!(e.message.contains("wide"), "{e}");
}

#[test]
fn huge_rle_counts_are_refused() {
    for row in ["999999999#", "99999999999999999999999999#", "9(9(9(9(9(9(9(#)))))))"] {
        let e = read_collection(&format!("; Huge\n#####\n#@$.#\n{row}\n")).unwrap_err();
        assert_eq!((e.line, e.column), (4, 1), "{row}: {e}");
        assert!(e.message.contains("expands past"), "{row}: {e}");
    }
}

#[test]
fn nested_rle_groups_deeper_than_the_limit_are_not_a_board() {
    let deep = format!("#{}#{}", "2(".repeat(100), ")".repeat(100));
    let c = read_collection(&format!("#####\n#@$.#\n{deep}\n")).unwrap();
    assert_eq!(c.levels[0].height(), 2);
    assert_eq!(c.levels[0].meta.extra, [deep]);
}

#[test]
fn many_rle_boards_stop_at_the_total_budget() {
    // Each board line expands to a million squares: without a budget for the whole text,
    // 2000 of them would take gigabytes.
    let mut text = String::new();
    for i in 0..2000 {
        text.push_str(&format!("; Level {i}\n1000(1000#|)\n"));
    }
    let e = read_collection(&text).unwrap_err();
    assert!(e.message.contains("expand to too much in all"), "{e}");
}

#[test]
fn too_many_lines_are_refused() {
    let text = "\n".repeat(sokolab::level::limits::MAX_LINES + 1);
    let e = read_collection(&text).unwrap_err();
    assert!(e.message.contains("lines"), "{e}");
}

#[test]
fn nul_bytes_are_not_board_squares() {
    let c = read_collection("; Nul\n#####\n#@$.#\n#####\n\0\0\0\n").unwrap();
    assert_eq!(c.levels[0].meta.extra, ["\0\0\0"]);
    let e = read_collection("\0#\0\n").unwrap_err();
    assert!(e.message.contains("no level"), "{e}");
}

#[test]
fn files_with_invalid_utf8_or_missing_fail_with_the_file_and_position() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("latin1.xsb");
    std::fs::write(&path, b"; Caf\xe9\n#####\n#@$.#\n#####\n").unwrap();
    let e = load_file(&path).unwrap_err();
    assert_eq!(e.position, Some((1, 6)), "{e}");
    assert!(e.to_string().contains("latin1.xsb:1:6: not valid UTF-8"), "{e}");

    let e = load_file(dir.path().join("absent.xsb")).unwrap_err();
    assert!(e.to_string().contains("absent.xsb: cannot open"), "{e}");
}

#[test]
fn boards_built_from_any_rows_never_panic() {
    let rows = ["", "#", "@@@", "x", "#\t#", "$*+.", "   "];
    for a in rows {
        for b in rows {
            if let Ok(level) = Level::from_rows(&[a, b]) {
                let _ = validate(&level);
            }
        }
    }
}
