//! Writing collections as XSB, SOK or RLE text that reads back to the same collection.

use super::Format;
use super::reader::{BOM, title_of_line};
use super::rle;
use super::syntax;
use crate::level::{Collection, Level};

/// Writes `collection` in `format`; see [`super::write_collection`].
pub fn write(collection: &Collection, format: Format) -> String {
    let mut out = String::new();
    for note in &collection.notes {
        push_text_line(&mut out, note);
    }
    // Whether the last text written could be taken for the next level's title.
    let mut open_text = collection.notes.iter().any(|n| !n.trim().is_empty());
    for level in &collection.levels {
        if !out.is_empty() {
            out.push('\n');
        }
        write_level(&mut out, level, format, open_text);
        open_text = level.meta.extra.iter().any(|n| !n.trim().is_empty());
    }
    // Reading skips a byte-order mark: text that starts with that character (a title or a
    // note can) keeps it behind a mark of its own.
    if out.starts_with(BOM) {
        out.insert_str(0, BOM);
    }
    out
}

fn write_level(out: &mut String, level: &Level, format: Format, open_text: bool) {
    let meta = &level.meta;
    let title = one_line(&meta.title);
    let plain_title_ok = title_of_line(&title) == Some(title.as_str())
        && !title.starts_with(';')
        && syntax::key(&title).is_none()
        && !matches!(syntax::board_rows(&title, false), Ok(Some(_)) | Err(_));
    let title_key = match format {
        _ if title.is_empty() => open_text,
        Format::Xsb => title_of_line(&title) != Some(title.as_str()),
        Format::Sok | Format::Rle => !plain_title_ok,
    };
    if !title.is_empty() && !title_key {
        match format {
            Format::Xsb => out.push_str(&format!("; {title}\n")),
            Format::Sok | Format::Rle => out.push_str(&format!("{title}\n")),
        }
    }

    let rows = board_rows(level);
    // A first row of floor and goals alone would read as text: such a board goes on one
    // run-length line, which is read as a whole.
    let starts_board =
        rows.first().is_none_or(|r| matches!(syntax::board_rows(r, false), Ok(Some(_))));
    match format {
        Format::Xsb | Format::Sok if starts_board => {
            for row in &rows {
                out.push_str(if row.is_empty() { "-" } else { row });
                out.push('\n');
            }
        }
        _ => {
            let encoded: Vec<String> =
                rows.iter().map(|r| rle::compress(&r.replace(' ', "-"))).collect();
            out.push_str(&encoded.join("|"));
            out.push('\n');
        }
    }

    if title_key {
        out.push_str(&format!("Title: {title}\n"));
    }
    if !meta.author.trim().is_empty() {
        out.push_str(&format!("Author: {}\n", one_line(&meta.author)));
    }
    let comment = meta.comment.trim_end();
    if !comment.trim().is_empty() {
        if comment.contains('\n') || comment.trim_start() != comment {
            out.push_str("Comment:\n");
            for line in comment.lines() {
                out.push_str(line.trim_end());
                out.push('\n');
            }
            out.push_str("Comment-End:\n");
        } else {
            out.push_str(&format!("Comment: {comment}\n"));
        }
    }
    for solution in &meta.solutions {
        out.push_str(&format!("Solution: {solution}\n"));
    }
    if meta.extra.iter().any(|l| !l.trim().is_empty()) {
        out.push('\n');
        for line in &meta.extra {
            push_text_line(out, line);
        }
    }
}

/// The board rows to write: leading and trailing empty rows dropped (they cannot be told
/// from the text around a board).
fn board_rows(level: &Level) -> Vec<String> {
    let rows = level.to_rows();
    let start = rows.iter().position(|r| !r.is_empty()).unwrap_or(rows.len());
    let end = rows.iter().rposition(|r| !r.is_empty()).map_or(start, |e| e + 1);
    rows[start..end].to_vec()
}

/// Writes a free text line; one that would read as a board row is commented out with `;`.
fn push_text_line(out: &mut String, line: &str) {
    let line = line.replace(['\n', '\r'], " ");
    if !matches!(syntax::board_rows(&line, false), Ok(None)) {
        out.push_str("; ");
    }
    out.push_str(line.trim_end());
    out.push('\n');
}

fn one_line(text: &str) -> String {
    text.replace(['\n', '\r'], " ").trim().to_string()
}
