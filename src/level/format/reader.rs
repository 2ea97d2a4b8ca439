//! Reading level files: XSB boards, SOK titles and keys, run-length rows, all auto-detected.

use super::origin::{BoardOrigin, RowOrigin};
use super::rle::{self, RleError};
use super::syntax::{self, Key, Row};
use super::{Format, ParseError};
use crate::level::limits::{MAX_LEVELS, MAX_LINES, MAX_MOVES, MAX_SIDE, MAX_TOTAL_SQUARES};
use crate::level::{Collection, Level, Meta, Move};

/// A collection read from text, with where each board was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located {
    /// The levels and notes.
    pub collection: Collection,
    /// For each level, where its board rows are in the text.
    pub origins: Vec<BoardOrigin>,
    /// The conventions the text follows (RLE rows, SOK titles and keys, or plain XSB).
    pub format: Format,
    /// Whether the text began with a UTF-8 byte-order mark, which was skipped.
    pub byte_order_mark: bool,
    /// Lines read as something other than they look like (a board line with a square that
    /// is not one, a `Solution` that is not LURD), which the levels lack: each with its line
    /// and column.
    pub warnings: Vec<ParseError>,
}

/// The byte-order mark some editors put at the start of UTF-8 files.
pub(super) const BOM: &str = "\u{feff}";

/// Reads a collection and remembers where each board is; see [`super::read_collection`].
/// A byte-order mark at the start is skipped (and takes no column).
pub fn read_located(text: &str) -> Result<Located, ParseError> {
    let (text, byte_order_mark) = match text.strip_prefix(BOM) {
        Some(rest) => (rest, true),
        None => (text, false),
    };
    let bytes = text.as_bytes();
    let breaks = (0..bytes.len())
        .filter(|&i| bytes[i] == b'\n' || (bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n')))
        .count();
    if breaks > MAX_LINES {
        return Err(error(MAX_LINES, 1, format!("more than {MAX_LINES} lines in one file")));
    }
    let lines = syntax::lines(text);
    let mut warnings = Vec::new();
    let items = scan(&lines, &mut warnings)?;
    let located = assemble(items, &lines)?;
    Ok(Located { byte_order_mark, warnings, ..located })
}

/// One piece of a file, in file order.
enum Item {
    Board(Vec<Row>, Vec<usize>),
    /// A line that is none of the others, by index.
    Text(usize),
    Title(String, usize),
    Author(String, usize),
    Comment(String, std::ops::Range<usize>),
    Solution(String, std::ops::Range<usize>),
}

impl Item {
    /// Indexes of the lines this item was read from.
    fn lines(&self) -> std::ops::Range<usize> {
        match self {
            Item::Board(_, l) => l[0]..l[l.len() - 1] + 1,
            Item::Text(i) | Item::Title(_, i) | Item::Author(_, i) => *i..*i + 1,
            Item::Comment(_, r) | Item::Solution(_, r) => r.clone(),
        }
    }
}

fn error(line: usize, column: usize, message: impl Into<String>) -> ParseError {
    ParseError { line: line + 1, column, message: message.into() }
}

/// Splits the lines into boards, keys and text; lines that look like what they are not go
/// into `warnings`.
fn scan(lines: &[&str], warnings: &mut Vec<ParseError>) -> Result<Vec<Item>, ParseError> {
    // Each line is classified up to three times; a text whose run-length rows expand to
    // more than this many squares cannot hold levels within MAX_TOTAL_SQUARES.
    // Solutions take the moves they expand to from the same budget.
    let mut budget = 4 * MAX_TOTAL_SQUARES;
    let board_rows = |line: &str, continuing: bool, budget: &mut usize| {
        syntax::board_rows_within(line, continuing, budget)
    };
    // For each line, the index of the next `Comment-End:` line and of the next line that can
    // start a board (lookahead for comment blocks without scanning the file again each time).
    let mut next_end = vec![usize::MAX; lines.len() + 1];
    let mut next_board = vec![usize::MAX; lines.len() + 1];
    for i in (0..lines.len()).rev() {
        next_end[i] = match syntax::key(lines[i]) {
            Some((Key::CommentEnd, _)) => i,
            _ => next_end[i + 1],
        };
        next_board[i] = match board_rows(lines[i], false, &mut budget) {
            Ok(None) => next_board[i + 1],
            _ => i,
        };
    }

    let mut items = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if let Some(first) =
            board_rows(line, false, &mut budget).map_err(|(c, m)| error(i, c, m))?
        {
            let mut rows = first;
            let mut row_lines = vec![i; rows.len()];
            i += 1;
            while i < lines.len() {
                match board_rows(lines[i], true, &mut budget).map_err(|(c, m)| error(i, c, m))? {
                    Some(more) => {
                        row_lines.extend(std::iter::repeat_n(i, more.len()));
                        rows.extend(more);
                        if rows.len() > MAX_SIDE {
                            return Err(error(
                                i,
                                1,
                                format!("a board has at most {MAX_SIDE} rows"),
                            ));
                        }
                        i += 1;
                    }
                    None => break,
                }
            }
            items.push(Item::Board(rows, row_lines));
            if let Some(w) = lines.get(i).and_then(|l| broken_board_line(l)) {
                warnings.push(error(i, w.0, w.1));
            }
            continue;
        }
        let Some((key, value)) = syntax::key(line) else {
            items.push(Item::Text(i));
            i += 1;
            continue;
        };
        match key {
            Key::Title => items.push(Item::Title(value.to_string(), i)),
            Key::Author => items.push(Item::Author(value.to_string(), i)),
            Key::CommentEnd => items.push(Item::Text(i)),
            Key::Comment if !value.is_empty() => {
                items.push(Item::Comment(value.to_string(), i..i + 1));
            }
            Key::Comment => {
                let end = next_end[i + 1];
                let (body_end, next) = if end < next_board[i + 1] {
                    (end, end + 1)
                } else {
                    // No end marker: the block runs to the next blank or key line.
                    let mut j = i + 1;
                    while j < next_board[i + 1].min(lines.len())
                        && !lines[j].trim().is_empty()
                        && syntax::key(lines[j]).is_none()
                    {
                        j += 1;
                    }
                    (j, j)
                };
                let body: Vec<&str> = lines[i + 1..body_end].iter().map(|l| l.trim_end()).collect();
                items.push(Item::Comment(trim_blank(&body).join("\n"), i..next));
                i = next;
                continue;
            }
            Key::Solution => {
                if let Some((moves, next)) = solution(lines, i, value, &mut budget)? {
                    items.push(Item::Solution(moves, i..next));
                    i = next;
                    continue;
                }
                let message = "not read as a solution: its moves are not LURD (kept as text)";
                warnings.push(error(i, 1, message));
                items.push(Item::Text(i));
            }
        }
        i += 1;
    }
    Ok(items)
}

/// The moves of the `Solution:` key on line `i` (its value `value`, continued on the LURD
/// lines after it) and the index of the line after them, or `None` when they are not LURD.
/// The moves they expand to are counted, not built, and taken from `budget`: a solution of
/// more than [`MAX_MOVES`] moves, or past what is left of the budget, is an error at the
/// count that goes past.
fn solution(
    lines: &[&str],
    i: usize,
    value: &str,
    budget: &mut usize,
) -> Result<Option<(String, usize)>, ParseError> {
    let mut next = i + 1;
    while next < lines.len() && syntax::is_lurd_line(lines[next]) {
        next += 1;
    }
    // The value ends the line (trimmed): it starts after this many characters.
    let first = lines[i].trim_end();
    let skip = first[..first.len() - value.len()].chars().count();
    let parts = || std::iter::once((i, value, skip)).chain((i + 1..next).map(|j| (j, lines[j], 0)));
    let moves: String =
        parts().flat_map(|(_, text, _)| text.chars()).filter(|c| !c.is_whitespace()).collect();
    let is_lurd = |c: char| Move::from_lurd(c).is_some() || "0123456789()".contains(c);
    if moves.is_empty() || !moves.chars().all(is_lurd) {
        return Ok(None);
    }
    let limit = MAX_MOVES.min(*budget);
    match rle::measure(&moves, limit) {
        Ok(n) => {
            *budget -= n;
            Ok(Some((moves, next)))
        }
        Err(RleError::Syntax { .. }) => Ok(None),
        Err(RleError::TooLong { at, .. }) => {
            // The line and column of the `at`-th move character.
            let mut seen = 0;
            let (line, column) = parts()
                .find_map(|(j, text, skip)| {
                    text.chars().enumerate().filter(|(_, c)| !c.is_whitespace()).find_map(
                        |(k, _)| {
                            seen += 1;
                            (seen == at + 1).then_some((j, skip + k + 1))
                        },
                    )
                })
                .unwrap_or((i, 1));
            let message = if limit < MAX_MOVES {
                syntax::BUDGET_SPENT.to_string()
            } else {
                format!("a solution of more than {MAX_MOVES} moves; shorten it or remove it")
            };
            Err(error(line, column, message))
        }
    }
}

/// Where a line right after a board row, that starts with a wall, stops being a board row,
/// and why: such a line ends the board there (the rows after it, if any, start another).
fn broken_board_line(line: &str) -> Option<(usize, String)> {
    if !line.trim_start().starts_with('#') || syntax::key(line).is_some() {
        return None;
    }
    let (k, c) = line.chars().enumerate().find(|&(_, c)| !syntax::is_board_char(c))?;
    let message =
        format!("`{c}` is not a board square, so this line is not part of the board above it");
    Some((k + 1, message))
}

/// Drops blank lines at both ends.
fn trim_blank<'a>(lines: &'a [&'a str]) -> &'a [&'a str] {
    let start = lines.iter().position(|l| !l.trim().is_empty()).unwrap_or(lines.len());
    let end = lines.iter().rposition(|l| !l.trim().is_empty()).map_or(start, |e| e + 1);
    &lines[start..end]
}

/// The title a text line gives when it stands right before a board (`; Title` or `Title`).
pub(super) fn title_of_line(line: &str) -> Option<&str> {
    let t = line.trim().trim_start_matches(';').trim();
    (!t.is_empty()).then_some(t)
}

/// Groups the items into notes and levels.
fn assemble(items: Vec<Item>, lines: &[&str]) -> Result<Located, ParseError> {
    // sections[k] holds the items before board k (after board k-1).
    let mut sections: Vec<Vec<Item>> = vec![Vec::new()];
    let mut boards = Vec::new();
    for item in items {
        match item {
            Item::Board(rows, row_lines) => {
                boards.push((rows, row_lines));
                sections.push(Vec::new());
                if boards.len() > MAX_LEVELS {
                    let line = boards.last().map_or(0, |b| b.1[0]);
                    return Err(error(
                        line,
                        1,
                        format!("more than {MAX_LEVELS} levels in one file"),
                    ));
                }
            }
            other => sections.last_mut().expect("sections start non-empty").push(other),
        }
    }
    if boards.is_empty() {
        let message = if lines.iter().all(|l| l.trim().is_empty()) {
            "the file holds no level (it is empty)"
        } else {
            "no level found: a board row is a line of `#`, `$`, `.`, `@`, `+`, `*` and spaces"
        };
        return Err(error(0, 1, message));
    }

    // The last text line before a board is its title, unless the level has a `Title:` key.
    let mut title_lines: Vec<Option<usize>> = Vec::new();
    let mut plain_titles = false;
    for (k, section) in sections.iter().take(boards.len()).enumerate() {
        let explicit = sections[k + 1].iter().any(|it| matches!(it, Item::Title(..)));
        let last = section.iter().rev().find(|it| match it {
            Item::Text(i) => !lines[*i].trim().is_empty(),
            _ => true,
        });
        let candidate = match last {
            Some(Item::Text(i)) if !explicit && title_of_line(lines[*i]).is_some() => Some(*i),
            _ => None,
        };
        plain_titles |= candidate.is_some_and(|i| !lines[i].trim_start().starts_with(';'));
        title_lines.push(candidate);
    }

    let mut notes_lines = Vec::new();
    for item in &sections[0] {
        for i in item.lines() {
            if Some(i) != title_lines[0] {
                notes_lines.push(lines[i].trim_end());
            }
        }
    }
    let notes = trim_blank(&notes_lines).iter().map(|s| s.to_string()).collect();

    let mut levels = Vec::new();
    let mut origins = Vec::new();
    let mut total = 0usize;
    let mut rle = false;
    let mut keys = false;
    for (k, (rows, row_lines)) in boards.into_iter().enumerate() {
        let mut meta = Meta::default();
        if let Some(i) = title_lines[k] {
            meta.title = title_of_line(lines[i]).unwrap_or_default().to_string();
        }
        let mut extra = Vec::new();
        for item in &sections[k + 1] {
            match item {
                Item::Title(v, _) => meta.title = v.clone(),
                Item::Author(v, _) => meta.author = v.clone(),
                Item::Comment(v, _) if v.is_empty() => {}
                Item::Comment(v, _) => {
                    if !meta.comment.is_empty() {
                        meta.comment.push('\n');
                    }
                    meta.comment.push_str(v);
                }
                Item::Solution(v, _) => meta.solutions.push(v.clone()),
                Item::Text(i) => {
                    if title_lines.get(k + 1) != Some(&Some(*i)) {
                        extra.push(lines[*i].trim_end());
                    }
                }
                Item::Board(..) => unreachable!("boards are not part of sections"),
            }
            keys |= !matches!(item, Item::Text(_) | Item::Solution(..));
        }
        meta.extra = trim_blank(&extra).iter().map(|s| s.to_string()).collect();

        let first_line = row_lines[0];
        let mut board: Vec<(Row, usize)> = rows.into_iter().zip(row_lines).collect();
        let is_empty = |r: &(Row, usize)| r.0.text.chars().all(|c| matches!(c, ' ' | '-' | '_'));
        while board.last().is_some_and(is_empty) {
            board.pop();
        }
        let start = board.iter().position(|r| !is_empty(r)).unwrap_or(board.len());
        board.drain(..start);
        rle |= board.iter().any(|r| r.0.rle);
        let texts: Vec<&str> = board.iter().map(|r| r.0.text.as_str()).collect();
        let mut level = Level::from_rows(&texts).map_err(|(row, col, c)| {
            let (r, line) = &board[row - 1];
            error(*line, r.columns.column(col - 1), format!("`{c}` is not a board square"))
        })?;
        total += level.width() * level.height();
        if total > MAX_TOTAL_SQUARES {
            return Err(error(
                first_line,
                1,
                format!("the levels hold more than {MAX_TOTAL_SQUARES} squares in all"),
            ));
        }
        level.meta = meta;
        origins.push(BoardOrigin {
            rows: board
                .into_iter()
                .map(|(r, line)| RowOrigin { line: line + 1, columns: r.columns, rle: r.rle })
                .collect(),
        });
        levels.push(level);
    }
    let format = if rle {
        Format::Rle
    } else if keys || plain_titles {
        Format::Sok
    } else {
        Format::Xsb
    };
    Ok(Located {
        collection: Collection { notes, levels },
        origins,
        format,
        byte_order_mark: false,
        warnings: Vec::new(),
    })
}
