//! What one line of a level file is: part of a board, a `Key: value` line, or other text.

use super::origin::Columns;
use super::rle::{self, RleError};
use crate::level::limits::MAX_SIDE;

/// Characters that make up XSB board rows.
const BOARD_CHARS: &[char] = &['#', '@', '+', '$', '*', '.', ' ', '-', '_'];
/// Characters a board's first row must contain one of (so `...` or `---` stay text).
const STRONG_CHARS: &[char] = &['#', '@', '+', '$', '*'];
/// Extra characters of run-length encoded rows.
const RLE_CHARS: &[char] = &['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '(', ')', '|'];
/// Why a text whose run-length rows and solutions expand to more than its budget is refused.
pub const BUDGET_SPENT: &str =
    "the run-length rows and solutions of this text expand to too much in all; split the file";
/// Tab stops are this many columns apart.
const TAB_WIDTH: usize = 8;

/// One board row read from a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// XSB characters of the row, without trailing floor.
    pub text: String,
    /// The column (from 1) in the line of each square of `text`.
    pub columns: Columns,
    /// Whether the row was run-length encoded.
    pub rle: bool,
}

/// A line that is board-like but breaks a limit: column (from 1) and message.
pub type LineError = (usize, String);

/// The board rows `line` holds, or `None` when it is not a board line. A board's first line
/// must contain a wall, box or player; with `continuing`, any line of board characters is
/// accepted. A line may hold several run-length encoded rows separated by `|`.
pub fn board_rows(line: &str, continuing: bool) -> Result<Option<Vec<Row>>, LineError> {
    board_rows_within(line, continuing, &mut usize::MAX.clone())
}

/// [`board_rows`], taking the squares that run-length rows expand to from `budget`, and
/// failing once it runs out: the budget bounds the work and memory a whole file may cost.
pub fn board_rows_within(
    line: &str,
    continuing: bool,
    budget: &mut usize,
) -> Result<Option<Vec<Row>>, LineError> {
    let line = line.trim_end();
    if line.is_empty() || line.chars().any(|c| !is_board_char(c)) {
        return Ok(None);
    }
    let line_limit = MAX_SIDE * (MAX_SIDE + 1);
    if !line.contains(RLE_CHARS) {
        if !continuing && !line.contains(STRONG_CHARS) {
            return Ok(None);
        }
        let (chars, at) =
            expand_tabs(line, MAX_SIDE).map_err(|column| (column, too_wide(tabbed_width(line))))?;
        let row = Row { text: chars.iter().collect(), columns: Columns::new(1, at), rle: false };
        return Ok(Some(vec![row]));
    }
    let (chars, at) = expand_tabs(line, line_limit).map_err(|column| {
        (column, format!("run-length line longer than {line_limit} characters"))
    })?;
    let limit = line_limit.min(*budget);
    let from = match rle::expand_chars(&chars, limit) {
        Ok(from) => from,
        Err(RleError::Syntax { .. }) => return Ok(None),
        Err(RleError::TooLong { at: k, .. }) if limit < line_limit => {
            return Err((at[k], BUDGET_SPENT.into()));
        }
        Err(RleError::TooLong { at: k, limit }) => {
            return Err((at[k], format!("run-length row expands past {limit} squares")));
        }
    };
    *budget -= from.len();
    let char_at = |i: &u32| chars[*i as usize];
    if !continuing && !from.iter().any(|i| STRONG_CHARS.contains(&char_at(i))) {
        return Ok(None);
    }
    let mut rows = Vec::new();
    // Where the next row starts in `from`: after the `|` that ends the one before.
    let mut offset = 0usize;
    for segment in from.split(|i| char_at(i) == '|') {
        // The column of an empty row: its `|`, or the line's start.
        let start = offset.checked_sub(1).map_or(at[0], |bar| at[from[bar] as usize]);
        offset += segment.len() + 1;
        if rows.len() == MAX_SIDE {
            return Err((
                start,
                format!("more than {MAX_SIDE} rows in one line; a board has at most {MAX_SIDE}"),
            ));
        }
        let text: String = segment.iter().map(char_at).collect::<String>().trim_end().into();
        let squares = &segment[..text.len()];
        if squares.len() > MAX_SIDE {
            return Err((at[squares[MAX_SIDE] as usize], too_wide(squares.len())));
        }
        let columns = Columns::new(start, squares.iter().map(|&i| at[i as usize]));
        rows.push(Row { text, columns, rle: true });
    }
    Ok(Some(rows))
}

fn too_wide(width: usize) -> String {
    format!("board row is {width} squares wide; a board is at most {MAX_SIDE} squares wide")
}

/// Whether `c` may stand in a board line (XSB squares, run-length digits and groups, tabs).
pub fn is_board_char(c: char) -> bool {
    BOARD_CHARS.contains(&c) || RLE_CHARS.contains(&c) || c == '\t'
}

/// `line` with each tab widened to the next tab stop, and for each resulting character the
/// column (from 1) of the character in `line` it comes from; fails with the column where
/// the result grows past `cap` characters.
fn expand_tabs(line: &str, cap: usize) -> Result<(Vec<char>, Vec<usize>), usize> {
    let mut chars = Vec::new();
    let mut at = Vec::new();
    for (k, c) in line.chars().enumerate() {
        let (c, n) = if c == '\t' { (' ', TAB_WIDTH - chars.len() % TAB_WIDTH) } else { (c, 1) };
        if chars.len() + n > cap {
            return Err(k + 1);
        }
        chars.extend(std::iter::repeat_n(c, n));
        at.extend(std::iter::repeat_n(k + 1, n));
    }
    Ok((chars, at))
}

/// How many squares `line` is wide once its tabs are widened.
fn tabbed_width(line: &str) -> usize {
    line.chars().fold(0, |w, c| if c == '\t' { w + TAB_WIDTH - w % TAB_WIDTH } else { w + 1 })
}

/// Keys with a meaning for a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// `Title:`
    Title,
    /// `Author:`
    Author,
    /// `Comment:` (a one-line value, or a block up to `Comment-End:` when empty).
    Comment,
    /// `Comment-End:` or `Comment_End:`
    CommentEnd,
    /// `Solution:`, `Solution (moves/pushes):`, or a bare `Solution` line.
    Solution,
}

/// The key and trimmed value of a `Key: value` line, if it is one.
pub fn key(line: &str) -> Option<(Key, &str)> {
    let trimmed = line.trim();
    let lower = trimmed.to_ascii_lowercase();
    if lower.starts_with("solution") {
        let rest = &trimmed["solution".len()..];
        let rest_trim = rest.trim_start();
        if rest_trim.is_empty() {
            return Some((Key::Solution, ""));
        }
        if let Some(value) = rest.strip_prefix(':') {
            return Some((Key::Solution, value.trim()));
        }
        if rest_trim.starts_with('(')
            && let Some(close) = rest_trim.find(')')
        {
            let after = rest_trim[close + 1..].trim_start();
            if after.is_empty() {
                return Some((Key::Solution, ""));
            }
            if let Some(value) = after.strip_prefix(':') {
                return Some((Key::Solution, value.trim()));
            }
        }
        return None;
    }
    let (name, value) = trimmed.split_once(':')?;
    let key = match name.trim().to_ascii_lowercase().as_str() {
        "title" => Key::Title,
        "author" => Key::Author,
        "comment" => Key::Comment,
        "comment-end" | "comment_end" => Key::CommentEnd,
        _ => return None,
    };
    Some((key, value.trim()))
}

/// Whether `line` looks like (part of) a LURD solution: move letters, counts and groups.
pub fn is_lurd_line(line: &str) -> bool {
    let t = line.trim();
    !t.is_empty()
        && t.chars().any(|c| "lurdLURD".contains(c))
        && t.chars().all(|c| "lurdLURD0123456789() \t".contains(c))
}

/// Splits text into lines at `\n`, `\r\n` or a lone `\r`.
pub fn lines(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\n' => {
                out.push(&text[start..i]);
                start = i + 1;
            }
            b'\r' => {
                out.push(&text[start..i]);
                if bytes.get(i + 1) == Some(&b'\n') {
                    i += 1;
                }
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    if start < text.len() {
        out.push(&text[start..]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_lines_are_told_from_text() {
        let rows = board_rows("  #@$.#  ", false).unwrap().unwrap();
        assert_eq!(rows[0].text, "  #@$.#");
        assert_eq!(board_rows("Level 1", false).unwrap(), None);
        assert_eq!(board_rows("...", false).unwrap(), None);
        assert!(board_rows("...", true).unwrap().is_some());
        assert_eq!(board_rows("12", false).unwrap(), None);
        let rle = board_rows("4#|#@$.#|4#", false).unwrap().unwrap();
        let texts: Vec<_> = rle.iter().map(|r| r.text.as_str()).collect();
        assert_eq!(texts, ["####", "#@$.#", "####"]);
        assert_eq!(rle[1].columns.column(0), 4);
        assert_eq!(rle[2].columns.column(3), 11);
        let tabbed = board_rows("\t#", false).unwrap().unwrap().remove(0);
        assert_eq!(tabbed.text, "        #");
        assert_eq!((tabbed.columns.column(7), tabbed.columns.column(8)), (1, 2));
    }

    #[test]
    fn oversized_rows_are_errors() {
        assert!(board_rows(&"#".repeat(10_000), false).is_err());
        assert!(board_rows("999999999#", false).is_err());
    }

    #[test]
    fn keys_are_recognised() {
        assert_eq!(key("Title: Hello"), Some((Key::Title, "Hello")));
        assert_eq!(key("author:me"), Some((Key::Author, "me")));
        assert_eq!(key("Comment-End:"), Some((Key::CommentEnd, "")));
        assert_eq!(key("Solution (12/3): rrR"), Some((Key::Solution, "rrR")));
        assert_eq!(key("Solution"), Some((Key::Solution, "")));
        assert_eq!(key("Solutions are fun"), None);
        assert_eq!(key("Level 3"), None);
    }

    #[test]
    fn line_endings() {
        assert_eq!(lines("a\r\nb\rc\n\nd"), ["a", "b", "c", "", "d"]);
    }
}
