//! `sokolab` and `sokolab edit FILE`: open the window (when built with the `gui` feature).

use std::path::PathBuf;
use std::process::ExitCode;

use crate::cli::error::CliError;

/// Options of `sokolab edit`.
#[derive(clap::Args, Debug)]
pub struct EditArgs {
    /// The level file to open (.xsb, .sok, .txt, .rle).
    pub file: PathBuf,
}

/// Opens the window, on `file` if given, and returns when it is closed. Built without the
/// `gui` feature, prints the help instead (and fails when a file was given).
pub fn run(file: Option<PathBuf>) -> Result<ExitCode, CliError> {
    #[cfg(feature = "gui")]
    {
        crate::app::run(file).map_err(CliError::Window)?;
        Ok(ExitCode::SUCCESS)
    }
    #[cfg(not(feature = "gui"))]
    {
        use clap::CommandFactory;
        let _ = super::Cli::command().print_help();
        match file {
            Some(_) => Err(CliError::NoWindow),
            None => Ok(ExitCode::SUCCESS),
        }
    }
}
