//! `sokolab` and `sokolab edit FILE`: open the window (when built with the `gui` feature).

use std::path::PathBuf;
use std::process::ExitCode;

/// Options of `sokolab edit`.
#[derive(clap::Args, Debug)]
pub struct EditArgs {
    /// The level file to open (.xsb, .sok, .txt, .rle).
    pub file: PathBuf,
}

/// Opens the window, on `file` if given; returns when it is closed.
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
        let _ = file;
        eprintln!(
            "sokolab: this build has no window (built without the `gui` feature); \
             use a subcommand, see `sokolab --help`"
        );
        ExitCode::FAILURE
    }
}
