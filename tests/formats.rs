//! One test per feature of the level file formats: XSB, the SOK conventions and RLE rows,
//! the oddities other programs accept, and read → write → read identity.

use sokolab::level::format::{Format, read_collection, read_located, write_collection};
use sokolab::level::{Collection, Level, Pos, Terrain};

fn read(text: &str) -> Collection {
    read_collection(text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn rows(level: &Level) -> Vec<String> {
    level.to_rows()
}

/// Writing in every format and reading back gives the same collection, and writing again
/// gives the same text.
fn assert_round_trips(collection: &Collection) {
    for format in [Format::Xsb, Format::Sok, Format::Rle] {
        let text = write_collection(collection, format);
        let again = read_collection(&text).unwrap_or_else(|e| panic!("{format}: {e}\n{text}"));
        assert_eq!(&again, collection, "{format}:\n{text}");
        assert_eq!(write_collection(&again, format), text, "{format}: writing is stable");
    }
}

#[test]
fn xsb_collection_with_several_levels_and_titles() {
    let c = read("; One\n#####\n#@$.#\n#####\n\n; Two\n######\n#+*$ #\n# . ##\n#####\n");
    assert_eq!(c.levels.len(), 2);
    assert_eq!(c.levels[0].meta.title, "One");
    assert_eq!(c.levels[1].meta.title, "Two");
    assert_eq!(rows(&c.levels[1]), ["######", "#+*$ #", "# . ##", "#####"]);
    assert_eq!(c.levels[1].player(), Some(Pos::new(1, 1)));
    assert_eq!(c.levels[1].square(Pos::new(1, 1)).terrain, Terrain::Goal);
    assert_round_trips(&c);
}

#[test]
fn sok_title_line_keys_comments_and_file_notes() {
    let text = "Collection name\nCopyright: someone\n\nThe First\n#####\n#@$.#\n#####\n\
                Author: Ann\nComment: short and sweet\n\n#####\n#@$.#\n#####\nTitle: Keyed\n\
                Comment:\nfirst line\nsecond line\nComment-End:\nSolution: R\n";
    let c = read(text);
    assert_eq!(c.notes, ["Collection name", "Copyright: someone"]);
    let (a, b) = (&c.levels[0].meta, &c.levels[1].meta);
    assert_eq!((a.title.as_str(), a.author.as_str()), ("The First", "Ann"));
    assert_eq!(a.comment, "short and sweet");
    assert_eq!(b.title, "Keyed");
    assert_eq!(b.comment, "first line\nsecond line");
    assert_eq!(b.solutions, ["R"]);
    assert_eq!(read_located(text).unwrap().format, Format::Sok);
    assert_round_trips(&c);
}

#[test]
fn semicolon_comment_lines_are_kept() {
    let c = read("; notes about the file\n\n; Level\n#####\n#@$.#\n#####\n; a remark after\n");
    assert_eq!(c.notes, ["; notes about the file"]);
    assert_eq!(c.levels[0].meta.title, "Level");
    assert_eq!(c.levels[0].meta.extra, ["; a remark after"]);
    assert_round_trips(&c);
}

#[test]
fn dash_and_underscore_are_floor() {
    let c = read("#######\n#@-$_.#\n#######\n");
    assert_eq!(rows(&c.levels[0]), ["#######", "#@ $ .#", "#######"]);
    assert_eq!(c.levels[0].square(Pos::new(2, 1)).terrain, Terrain::Floor);
}

#[test]
fn rle_rows_with_counts_separators_and_nested_groups() {
    let c = read("; Packed\n7#|#@-$-.#|7#\n\n; Nested\n2(3(#))#|#@$.2(-)-#|7#\n");
    assert_eq!(rows(&c.levels[0]), ["#######", "#@ $ .#", "#######"]);
    assert_eq!(rows(&c.levels[1]), ["#######", "#@$.   #", "#######"].map(|r| r.trim_end()));
    let located = read_located("4#\n#@$.#|5#\n4#").unwrap();
    assert_eq!(located.format, Format::Rle);
    assert_eq!(rows(&located.collection.levels[0]), ["####", "#@$.#", "#####", "####"]);
    assert_round_trips(&c);
}

#[test]
fn ragged_rows_tabs_and_crlf_read_like_other_programs() {
    let c = read("####\r\n#@$.#\r\n#####\r\n");
    assert_eq!(rows(&c.levels[0]), ["####", "#@$.#", "#####"]);
    let tabbed = read("\t#####\n\t#@$.#\n\t#####\n");
    assert_eq!(rows(&tabbed.levels[0])[1], "        #@$.#");
    let cr = read("; Old Mac\r#####\r#@$.#\r#####\r");
    assert_eq!(cr.levels[0].meta.title, "Old Mac");
    assert_eq!(rows(&cr.levels[0]), ["#####", "#@$.#", "#####"]);
    assert_round_trips(&c);
}

#[test]
fn stray_text_between_boards_separates_them() {
    let c = read("#####\n#@$.#\n#####\nthis is not a board\nnor is this\n####\n#@*#\n####\n");
    assert_eq!(c.levels.len(), 2);
    assert_eq!(c.levels[1].meta.title, "nor is this");
    assert_eq!(c.levels[0].meta.extra, ["this is not a board"]);
    assert_round_trips(&c);
}

#[test]
fn floor_outside_the_walls_is_outside() {
    let c = read("  ###\n###.#\n#@$ #\n#####\n");
    let level = &c.levels[0];
    assert_eq!(level.square(Pos::new(0, 0)).terrain, Terrain::Outside);
    assert_eq!(level.square(Pos::new(3, 2)).terrain, Terrain::Floor);
}

#[test]
fn errors_name_line_and_column() {
    let wide = format!("; Wide\n#####\n#@$.#\n{}\n", "#".repeat(10_000));
    let e = read_collection(&wide).unwrap_err();
    assert_eq!((e.line, e.column), (4, 1001), "{e}");
    assert!(e.message.contains("10000 squares wide"), "{e}");

    let e = read_collection("; Huge\n#####\n#@$.#|999999999#\n").unwrap_err();
    assert_eq!((e.line, e.column), (3, 7), "{e}");
    assert!(e.message.contains("expands past"), "{e}");

    let e = read_collection("just words\n\n").unwrap_err();
    assert!(e.message.contains("no level found"), "{e}");
    let e = read_collection("").unwrap_err();
    assert!(e.message.contains("empty"), "{e}");
}

#[test]
fn a_title_that_starts_with_a_byte_order_mark_keeps_it() {
    let c = read(" \u{feff}Odd\n#####\n#@$.#\n#####\n");
    assert_eq!(c.levels[0].meta.title, "\u{feff}Odd");
    assert_round_trips(&c);
}
