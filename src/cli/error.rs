//! The one error type of the command line: every subcommand returns it, and `main` prints
//! it once, as `sokolab: error: …`, and exits with status 2. A subcommand that did its work
//! but found a problem (a level with errors, a rejected solution, a level not solved) is not
//! an error: it returns status 1 itself.

use crate::level::format::FileError;
use crate::level::moves::LurdError;
use crate::level::{Collection, Level};
use std::fmt;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Why a subcommand could not do what it was asked.
#[derive(Debug)]
pub enum CliError {
    /// A level file could not be read or written (the error names the file, and the line
    /// and column when the problem is in its text).
    File(FileError),
    /// The file has no level with this number.
    NoSuchLevel {
        /// The file.
        file: PathBuf,
        /// The number asked for.
        number: usize,
        /// How many levels the file has.
        count: usize,
    },
    /// `--levels` is not a range of the file's levels.
    BadRange {
        /// The text given.
        text: String,
        /// How many levels the file has.
        count: usize,
    },
    /// The options leave none of the file's levels to run (the message says which).
    NoLevels(String),
    /// `--solution` is not a LURD string.
    BadSolution(LurdError),
    /// The output format cannot be told from the file name (and `--format`, when the
    /// subcommand has it, was not given).
    UnknownFormat(PathBuf),
    /// The window could not be opened.
    #[cfg(feature = "gui")]
    Window(crate::app::RunError),
    /// This build has no window.
    NoWindow,
    /// `sokolab optimize` could not start from the solution or the level.
    Optimize {
        /// The level number.
        level: usize,
        /// Why.
        error: crate::solver::optimize::OptimizeError,
    },
    /// `sokolab generate` was given a size or box count that cannot give levels.
    Generate(String),
    /// Standard output could not be written.
    Output(std::io::Error),
    /// A JSON-lines file given to `sokolab report` could not be read or is not one that
    /// `sokolab bench --json` writes (the message names the file and line).
    Report(String),
    /// `--metric moves` was given with a method that has no move-optimal form (its name).
    Metric(String),
    /// `--pruning demaret` was given with a lower bound that prunes the positions it finds
    /// dead (its name).
    Pruning(&'static str),
    /// An option of the planner alone (`--ordering`, `--park`) was given with another
    /// method.
    PlannerOnly {
        /// The option.
        option: &'static str,
        /// The method's name.
        method: String,
    },
    /// `--park` does not fit a level.
    Parking(String),
    /// An experiment of `sokolab lab` could not be read or run.
    Lab {
        /// The experiment as given.
        what: String,
        /// What went wrong.
        message: String,
    },
}

impl CliError {
    /// The exit status `main` ends with.
    pub fn exit_code(&self) -> ExitCode {
        ExitCode::from(2)
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::File(e) => write!(f, "{e}"),
            CliError::NoSuchLevel { file, number, count } => write!(
                f,
                "{}: there is no level {number}; the file has {count} level(s), numbered from 1 \
                 (`sokolab check {}` lists them)",
                file.display(),
                file.display()
            ),
            CliError::BadRange { text, count } => write!(
                f,
                "--levels `{text}`: expected A-B or N with 1 <= A <= B <= {count} (the file has \
                 {count} level(s))"
            ),
            CliError::NoLevels(why) => write!(f, "{why}"),
            CliError::BadSolution(e) => write!(
                f,
                "--solution: {e}; write walks as l u r d and pushes as L U R D, with counts \
                 and groups such as 3l or 2(rU)"
            ),
            CliError::UnknownFormat(path) => write!(
                f,
                "{}: cannot tell the format from the extension; name the file .xsb, .sok or \
                 .rle (convert also takes --format xsb|sok|rle)",
                path.display()
            ),
            #[cfg(feature = "gui")]
            CliError::Window(e) => write!(
                f,
                "{e}; on a machine without a desktop, install the libraries README.md names, \
                 or use a subcommand (sokolab --help)"
            ),
            CliError::Lab { what, message } => write!(f, "{what}: {message}"),
            CliError::Output(e) => write!(f, "cannot write to standard output: {e}"),
            CliError::Report(why) => write!(f, "{why}"),
            CliError::Pruning(bound) => write!(
                f,
                "--pruning demaret prunes by Demaret's rules alone, but the {bound} bound also \
                 prunes the positions it finds dead; use --lower-bound boxes-off-goal (the \
                 default with --pruning demaret)"
            ),
            CliError::PlannerOnly { option, method } => write!(
                f,
                "{option}: method `{method}` follows no goal schedule; use --method planner \
                 (or planner:DEPTH)"
            ),
            CliError::Parking(why) => write!(
                f,
                "--park: {why}; name each goal and its parking square as row:column from 1 \
                 (say 3:14=5:12)"
            ),
            CliError::Metric(method) => write!(
                f,
                "--metric moves: method `{method}` has no move-optimal form; use --method \
                 astar, idastar or bfs (their move-optimal forms are moves-astar, \
                 moves-idastar and moves-bfs)"
            ),
            CliError::Generate(why) => write!(f, "cannot generate levels: {why}"),
            CliError::Optimize { level, error } => write!(
                f,
                "level {level}: {error} (`sokolab verify` replays a solution and names the \
                 first wrong move)"
            ),
            CliError::NoWindow => write!(
                f,
                "this build has no window (built without the `gui` feature); use a subcommand \
                 (sokolab --help)"
            ),
        }
    }
}

impl std::error::Error for CliError {}

/// Level `number` (from 1) of `collection`, read from `file`.
pub fn level_of<'a>(
    collection: &'a Collection,
    file: &Path,
    number: usize,
) -> Result<&'a Level, CliError> {
    number.checked_sub(1).and_then(|i| collection.levels.get(i)).ok_or_else(|| {
        CliError::NoSuchLevel { file: file.to_path_buf(), number, count: collection.levels.len() }
    })
}

impl From<FileError> for CliError {
    fn from(e: FileError) -> Self {
        CliError::File(e)
    }
}
