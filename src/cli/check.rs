//! `sokolab check FILE`: every level's diagnostics, compiler style, with file positions, and
//! the levels that repeat another.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::cli::error::CliError;
use crate::level::duplicates::repeats;
use crate::level::format::{BoardOrigin, load_located};
use crate::level::{Diagnostic, Level, Severity, validate};

/// Options of `sokolab check`.
#[derive(clap::Args, Debug)]
pub struct CheckArgs {
    /// The level file (XSB, SOK or RLE).
    pub file: PathBuf,
    /// Also say how the file was read (its conventions, a skipped byte-order mark).
    #[arg(long, short)]
    pub verbose: bool,
}

/// Most related positions listed after one message.
const MAX_ALSO: usize = 5;

/// Runs `check`: prints the lines the reader could not read as what they look like, then
/// each finding, as `FILE:LINE:COL: message` (errors) or with a `warning:` / `note:`
/// prefix, then a warning for each level that repeats an earlier one (turned, mirrored or
/// shifted), then a summary. Exit status 0 when no level has errors, 1 when some do; an error
/// when the file cannot be read. With `--verbose`, notes on how the file was read come
/// first.
pub fn run(args: &CheckArgs) -> Result<ExitCode, CliError> {
    let located = load_located(&args.file)?;
    let file = args.file.display();
    let levels = &located.collection.levels;
    if args.verbose {
        if located.byte_order_mark {
            println!("{file}:1:1: note: skipped a UTF-8 byte-order mark");
        }
        println!("{file}: note: read {} level(s) as {}", levels.len(), located.format);
    }
    let (mut invalid, mut errors, mut warnings) = (0, 0, located.warnings.len());
    for w in &located.warnings {
        println!("{file}:{}:{}: warning: {}", w.line, w.column, w.message);
    }
    for (n, (level, origin)) in levels.iter().zip(&located.origins).enumerate() {
        let findings = validate(level);
        let level_errors = findings.iter().filter(|d| d.severity == Severity::Error).count();
        errors += level_errors;
        warnings += findings.iter().filter(|d| d.severity == Severity::Warning).count();
        invalid += usize::from(level_errors > 0);
        for d in &findings {
            println!("{file}:{}", describe(d, level, origin, n + 1));
        }
    }
    for r in repeats(levels) {
        warnings += 1;
        let (line, of) = (located.origins[r.copy].first_line(), located.origins[r.of].first_line());
        println!(
            "{file}:{line}:1: warning: the same board as level {} (line {of}){}{}",
            r.of + 1,
            r.placement.words(),
            named(r.copy + 1, &levels[r.copy])
        );
    }
    let valid = levels.len() - invalid;
    println!(
        "{file}: {} level(s): {valid} valid, {invalid} with errors ({errors} error(s), \
         {warnings} warning(s))",
        levels.len()
    );
    Ok(if invalid == 0 { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

/// `LINE:COL: [warning: |note: ]message (also at …) [level N "title"]`.
fn describe(d: &Diagnostic, level: &Level, origin: &BoardOrigin, number: usize) -> String {
    let (line, column) = match d.cells.first() {
        Some(&p) => origin.locate(p),
        None => (origin.first_line(), 1),
    };
    let prefix = match d.severity {
        Severity::Error => "",
        Severity::Warning => "warning: ",
        Severity::Info => "note: ",
    };
    let mut text = format!("{line}:{column}: {prefix}{}", d.message);
    if d.cells.len() > 1 {
        let also: Vec<String> = d.cells[1..]
            .iter()
            .take(MAX_ALSO)
            .map(|&p| {
                let (l, c) = origin.locate(p);
                format!("{l}:{c}")
            })
            .collect();
        let more = d.cells.len() - 1 - also.len();
        text += &format!(" (also at {}", also.join(", "));
        if more > 0 {
            text += &format!(" and {more} more");
        }
        text += ")";
    }
    text + &named(number, level)
}

/// ` [level N "title"]`, naming the level a finding is about.
fn named(number: usize, level: &Level) -> String {
    match level.meta.title.as_str() {
        "" => format!(" [level {number}]"),
        title => format!(" [level {number} \"{title}\"]"),
    }
}
