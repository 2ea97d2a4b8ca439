//! The text of a RON experiment, read as strictly as a level file: a byte-order mark is
//! skipped, every line end (LF, CRLF, a lone CR) starts a line, nesting is bounded before
//! the parser sees the text, and a field's value can be found to place an error that is
//! only seen after parsing.

/// How deep brackets may nest (the experiments nest four deep).
pub const MAX_NESTING: usize = 16;

/// RON text without its byte-order mark.
pub struct RonText<'a> {
    /// The text the parser reads.
    pub body: &'a str,
}

impl<'a> RonText<'a> {
    /// `text` with its byte-order mark, if any, skipped.
    pub fn new(text: &'a str) -> Self {
        RonText { body: text.strip_prefix('\u{feff}').unwrap_or(text) }
    }

    /// Line and column (from 1; columns in characters) of byte `offset` of the body.
    pub fn position(&self, offset: usize) -> (usize, usize) {
        let (mut line, mut column, mut after_cr) = (1, 1, false);
        for c in self.body[..offset].chars() {
            match c {
                '\n' if after_cr => {}
                '\n' | '\r' => (line, column) = (line + 1, 1),
                _ => column += 1,
            }
            after_cr = c == '\r';
        }
        (line, column)
    }

    /// The byte offset of the parser's `line` and `column`, which count lines at LF only.
    pub fn parser_offset(&self, line: usize, column: usize) -> usize {
        let mut start = 0;
        for _ in 1..line {
            match self.body[start..].find('\n') {
                Some(i) => start += i + 1,
                None => return self.body.len(),
            }
        }
        let mut chars = self.body[start..].char_indices().map(|(i, _)| start + i);
        chars.nth(column.saturating_sub(1)).unwrap_or(self.body.len())
    }

    /// The offset of the first bracket nested deeper than [`MAX_NESTING`], if any.
    pub fn too_deep(&self) -> Option<usize> {
        let mut depth = 0usize;
        for (at, c) in Code::new(self.body, 0) {
            match c {
                '(' | '[' | '{' => {
                    depth += 1;
                    if depth > MAX_NESTING {
                        return Some(at);
                    }
                }
                ')' | ']' | '}' => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
        None
    }

    /// The offset of the value of the first field named `field` (an identifier followed by
    /// a colon), or of element `index` of that value when it is a list or tuple; the start
    /// of the body when there is none.
    pub fn value(&self, field: &str, index: Option<usize>) -> usize {
        let Some(value) = self.field_value(field) else { return 0 };
        let Some(index) = index else { return value };
        let (mut depth, mut commas, mut next) = (0usize, 0, None);
        for (at, c) in Code::new(self.body, value) {
            if next.is_some() && !c.is_whitespace() {
                return at;
            }
            match c {
                '(' | '[' | '{' => {
                    depth += 1;
                    if depth == 1 && index == 0 {
                        next = Some(());
                    }
                }
                ')' | ']' | '}' if depth <= 1 => break,
                ')' | ']' | '}' => depth -= 1,
                ',' if depth == 1 => {
                    commas += 1;
                    if commas == index {
                        next = Some(());
                    }
                }
                _ => {}
            }
        }
        value
    }

    /// The offset of the value after `field:`.
    fn field_value(&self, field: &str) -> Option<usize> {
        let (mut word, mut last, mut found) = (None::<usize>, None::<(usize, usize)>, false);
        for (at, c) in Code::new(self.body, 0) {
            if found && !c.is_whitespace() {
                return Some(at);
            }
            if c.is_alphanumeric() || c == '_' {
                word.get_or_insert(at);
                continue;
            }
            if let Some(start) = word.take() {
                last = Some((start, at));
            }
            if c == ':' {
                found = last.is_some_and(|(s, e)| &self.body[s..e] == field);
            }
            if !c.is_whitespace() {
                last = None;
            }
        }
        None
    }
}

/// The characters of RON text from an offset that are neither in a string, a character
/// literal nor a comment, with their offsets.
struct Code<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Code<'a> {
    fn new(text: &'a str, at: usize) -> Self {
        Code { text, at }
    }

    /// Moves past a quoted literal that starts at `self.at` with `quote`.
    fn skip_quoted(&mut self, quote: char) {
        let mut escaped = false;
        for (i, c) in self.text[self.at + 1..].char_indices() {
            if c == quote && !escaped {
                self.at += 1 + i + 1;
                return;
            }
            escaped = c == '\\' && !escaped;
        }
        self.at = self.text.len();
    }

    /// Moves past a raw string `r#"…"#` starting at `self.at`, if there is one there.
    fn skip_raw(&mut self) -> bool {
        let rest = &self.text[self.at + 1..];
        let hashes = rest.len() - rest.trim_start_matches('#').len();
        if !rest[hashes..].starts_with('"') {
            return false;
        }
        let close = format!("\"{}", "#".repeat(hashes));
        let body = self.at + 1 + hashes + 1;
        self.at =
            self.text[body..].find(&close).map_or(self.text.len(), |i| body + i + close.len());
        true
    }

    /// Moves past a comment starting at `self.at`, if there is one there (block comments
    /// nest, as in RON).
    fn skip_comment(&mut self) -> bool {
        let rest = &self.text[self.at..];
        if rest.starts_with("//") {
            self.at = rest.find(['\n', '\r']).map_or(self.text.len(), |i| self.at + i);
            return true;
        }
        if !rest.starts_with("/*") {
            return false;
        }
        let (mut depth, mut i) = (0usize, 0);
        while i < rest.len() {
            if rest[i..].starts_with("/*") {
                depth += 1;
                i += 2;
            } else if rest[i..].starts_with("*/") {
                depth -= 1;
                i += 2;
                if depth == 0 {
                    break;
                }
            } else {
                i += rest[i..].chars().next().map_or(1, char::len_utf8);
            }
        }
        self.at += i;
        true
    }
}

impl Iterator for Code<'_> {
    type Item = (usize, char);

    fn next(&mut self) -> Option<(usize, char)> {
        loop {
            let c = self.text[self.at..].chars().next()?;
            let after_word = self.text[..self.at]
                .chars()
                .next_back()
                .is_some_and(|p| p.is_alphanumeric() || p == '_');
            match c {
                '"' | '\'' => self.skip_quoted(c),
                'r' if !after_word && self.skip_raw() => {}
                '/' if self.skip_comment() => {}
                _ => {
                    let at = self.at;
                    self.at += c.len_utf8();
                    return Some((at, c));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_every_line_end_and_skip_a_byte_order_mark() {
        let text = RonText::new("\u{feff}a(\rb: 1,\r\n  c: [7, \"(x\", 9],\n)");
        assert!(text.body.starts_with('a'));
        let c = text.body.find("c:").unwrap();
        assert_eq!(text.position(c), (3, 3));
        assert_eq!(text.parser_offset(2, 3), c, "the parser sees the lone CR as a column");
        assert_eq!(text.position(text.value("b", None)), (2, 4));
        assert_eq!(text.position(text.value("c", Some(2))), (3, 16), "the string's `(` is text");
        assert_eq!(text.value("d", None), 0);
    }

    #[test]
    fn nesting_deeper_than_the_bound_is_found_where_it_starts() {
        let ok = format!("{}{}", "(".repeat(MAX_NESTING), ")".repeat(MAX_NESTING));
        assert_eq!(RonText::new(&ok).too_deep(), None);
        let deep = "Some(".repeat(100_000);
        assert_eq!(RonText::new(&deep).too_deep(), Some(5 * MAX_NESTING + 4));
        let commented = format!("/* {} */ r#\"{}\"# x", "(".repeat(40), "[".repeat(40));
        assert_eq!(RonText::new(&commented).too_deep(), None);
    }
}
