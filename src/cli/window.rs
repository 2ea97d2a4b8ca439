//! `sokolab` and `sokolab edit FILE`: open the window (when built with the `gui` feature).

use std::path::PathBuf;
use std::process::ExitCode;

/// Options of `sokolab edit`.
#[derive(clap::Args, Debug)]
pub struct EditArgs {
    /// The level file to open (.xsb, .sok, .txt, .rle).
    pub file: PathBuf,
}

/// Opens the window, on `file` if given, and returns when it is closed. Built without the
/// `gui` feature, prints the help instead (and fails when a file was given).
pub fn run(file: Option<PathBuf>) -> ExitCode {
    #[cfg(feature = "gui")]
    {
        match crate::app::run(file) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("sokolab: {e}");
                ExitCode::FAILURE
            }
        }
    }
    #[cfg(not(feature = "gui"))]
    {
        use clap::CommandFactory;
        let _ = super::Cli::command().print_help();
        match file {
            Some(_) => {
                eprintln!("sokolab: this build has no window (built without the `gui` feature)");
                ExitCode::FAILURE
            }
            None => ExitCode::SUCCESS,
        }
    }
}
