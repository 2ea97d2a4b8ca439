//! `--time-limit S`, read the same way by every subcommand that takes it.

use std::time::Duration;

/// A `--time-limit` as given: `None` means no limit (0, or more seconds than a `Duration`
/// holds).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeLimit(pub Option<Duration>);

impl std::fmt::Display for TimeLimit {
    /// The seconds, as `--time-limit` reads them.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0.map_or(0.0, |t| t.as_secs_f64()))
    }
}

/// Reads `--time-limit`: seconds, 0 or more and finite; 0 means no limit. A value too large
/// to count means no limit too, and a note on standard error says so.
pub fn parse_time_limit(text: &str) -> Result<TimeLimit, String> {
    let secs: f64 = text
        .trim()
        .parse()
        .map_err(|_| "expected seconds, such as 10 or 2.5 (0 = no limit)".to_string())?;
    if !secs.is_finite() || secs < 0.0 {
        return Err("expected a finite number of seconds, 0 or more (0 = no limit)".into());
    }
    if secs == 0.0 {
        return Ok(TimeLimit(None));
    }
    match Duration::try_from_secs_f64(secs) {
        Ok(limit) => Ok(TimeLimit(Some(limit))),
        Err(_) => {
            eprintln!(
                "sokolab: note: --time-limit {text}: more seconds than can be counted; running \
                 with no time limit"
            );
            Ok(TimeLimit(None))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_are_read_and_what_is_not_a_finite_count_is_refused() {
        assert_eq!(parse_time_limit("2.5"), Ok(TimeLimit(Some(Duration::from_millis(2500)))));
        assert_eq!(parse_time_limit("0"), Ok(TimeLimit(None)));
        assert_eq!(parse_time_limit("1e300"), Ok(TimeLimit(None)), "too large: no limit");
        for bad in ["inf", "-inf", "NaN", "nan", "-1", "ten", ""] {
            assert!(parse_time_limit(bad).is_err(), "`{bad}` is refused");
        }
    }
}
