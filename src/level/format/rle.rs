//! Run-length encoding of board rows: `4#` for `####`, `3(#-)` for `#-#-#-`, `|` between rows.

use std::fmt::Write as _;

/// Deepest nesting of `(...)` groups accepted.
const MAX_DEPTH: usize = 32;

/// Why a run-length encoded text could not be expanded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RleError {
    /// Not well formed (a count with nothing after it, unbalanced parentheses, …).
    Syntax {
        /// Character index (from 0) where the problem is.
        at: usize,
        /// What is wrong.
        message: String,
    },
    /// Expands to more than the allowed number of characters.
    TooLong {
        /// Character index (from 0) of the run that went past the limit.
        at: usize,
        /// The limit.
        limit: usize,
    },
}

/// Expands counts and groups in `text`; other characters (including `|`) are copied. Stops
/// with [`RleError::TooLong`] as soon as the result would exceed `limit` characters, so a
/// huge count never allocates more than `limit`.
pub fn expand(text: &str, limit: usize) -> Result<String, RleError> {
    let chars: Vec<char> = text.chars().collect();
    Ok(expand_chars(&chars, limit)?.into_iter().map(|i| chars[i as usize]).collect())
}

/// [`expand`] on `chars`, giving for each character of the result the index in `chars` of
/// the character it copies (so positions in the expansion can be traced to the text).
pub fn expand_chars(chars: &[char], limit: usize) -> Result<Vec<u32>, RleError> {
    if u32::try_from(chars.len()).is_err() {
        return Err(RleError::TooLong { at: 0, limit });
    }
    let mut expander = Expander { chars, i: 0, limit, keep: true };
    let out = expander.whole()?;
    Ok(out.from)
}

/// How many characters [`expand`] would give, without building them; the same errors.
pub fn measure(text: &str, limit: usize) -> Result<usize, RleError> {
    let chars: Vec<char> = text.chars().collect();
    let mut expander = Expander { chars: &chars, i: 0, limit, keep: false };
    Ok(expander.whole()?.len)
}

struct Expander<'a> {
    chars: &'a [char],
    i: usize,
    limit: usize,
    /// Whether to build the expansion or only count it.
    keep: bool,
}

/// An expansion: its length, and (when kept) the source index of each character.
struct Expansion {
    len: usize,
    from: Vec<u32>,
}

impl Expander<'_> {
    /// Expands the whole text.
    fn whole(&mut self) -> Result<Expansion, RleError> {
        let out = self.sequence(0)?;
        if self.i < self.chars.len() {
            return Err(RleError::Syntax { at: self.i, message: "`)` without `(`".into() });
        }
        Ok(out)
    }

    /// Expands items up to the end of the text or an unmatched `)` (left unconsumed).
    fn sequence(&mut self, depth: usize) -> Result<Expansion, RleError> {
        let mut out = Expansion { len: 0, from: Vec::new() };
        while let Some(&c) = self.chars.get(self.i) {
            if c == ')' {
                break;
            }
            let start = self.i;
            let count = self.count();
            let item = match self.chars.get(self.i) {
                Some('(') => {
                    if depth >= MAX_DEPTH {
                        return Err(RleError::Syntax {
                            at: self.i,
                            message: format!("groups nested more than {MAX_DEPTH} deep"),
                        });
                    }
                    self.i += 1;
                    let inner = self.sequence(depth + 1)?;
                    if self.chars.get(self.i) != Some(&')') {
                        return Err(RleError::Syntax {
                            at: start,
                            message: "`(` without `)`".into(),
                        });
                    }
                    self.i += 1;
                    inner
                }
                Some(&c) if !c.is_ascii_digit() => {
                    self.i += 1;
                    let from = if self.keep { vec![(self.i - 1) as u32] } else { Vec::new() };
                    Expansion { len: 1, from }
                }
                _ => {
                    return Err(RleError::Syntax {
                        at: start,
                        message: "a count must be followed by a square or a group".into(),
                    });
                }
            };
            let times = count.unwrap_or(1);
            // An empty item (`3()`) adds nothing however often it repeats.
            if let Some(most) = (self.limit - out.len).checked_div(item.len) {
                if times > most {
                    return Err(RleError::TooLong { at: start, limit: self.limit });
                }
                out.len += times * item.len;
                for _ in 0..times {
                    out.from.extend_from_slice(&item.from);
                }
            }
        }
        Ok(out)
    }

    /// Reads a decimal count if one starts here. Counts beyond the limit are capped (they
    /// fail the length check anyway), so no overflow is possible.
    fn count(&mut self) -> Option<usize> {
        let mut value: Option<usize> = None;
        while let Some(d) = self.chars.get(self.i).and_then(|c| c.to_digit(10)) {
            let v = value.unwrap_or(0).saturating_mul(10).saturating_add(d as usize);
            value = Some(v.min(self.limit.saturating_add(1)));
            self.i += 1;
        }
        value
    }
}

/// Encodes one row: runs of two or more equal characters become `<count><char>`.
pub fn compress(row: &str) -> String {
    let mut out = String::new();
    let mut chars = row.chars().peekable();
    while let Some(c) = chars.next() {
        let mut n = 1;
        while chars.peek() == Some(&c) {
            chars.next();
            n += 1;
        }
        if n > 1 {
            let _ = write!(out, "{n}");
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_groups_expand() {
        assert_eq!(expand("4#|#@$.#", 100).unwrap(), "####|#@$.#");
        assert_eq!(expand("#2(-$)#", 100).unwrap(), "#-$-$#");
        assert_eq!(expand("2(a2(b))", 100).unwrap(), "abbabb");
        assert_eq!(expand("0#-", 100).unwrap(), "-");
        let chars: Vec<char> = "2(#-)3$".chars().collect();
        assert_eq!(expand_chars(&chars, 100).unwrap(), [2, 3, 2, 3, 6, 6, 6]);
        assert_eq!(measure("999(999(r))", usize::MAX), Ok(998_001));
        assert_eq!(measure("2(", 100), expand("2(", 100).map(|s| s.len()));
    }

    #[test]
    fn malformed_and_huge_input_is_refused() {
        assert!(matches!(expand("3", 100), Err(RleError::Syntax { at: 0, .. })));
        assert!(matches!(expand("2(#", 100), Err(RleError::Syntax { .. })));
        assert!(matches!(expand("#)", 100), Err(RleError::Syntax { at: 1, .. })));
        assert!(matches!(expand("999999999#", 1000), Err(RleError::TooLong { at: 0, .. })));
        let nested = "99(99(99(99(99(#)))))";
        assert!(matches!(expand(nested, 1000), Err(RleError::TooLong { .. })));
        assert_eq!(expand("999999999()#", 10).unwrap(), "#");
    }

    #[test]
    fn compress_inverts_expand() {
        for row in ["####", "#  $$.#", "", "-", "#-#-##---"] {
            assert_eq!(expand(&compress(row), 100).unwrap(), row);
        }
        assert_eq!(compress("####--$"), "4#2-$");
    }
}
