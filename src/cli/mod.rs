//! The command line: one `clap` parser and a subcommand per headless task. Each subcommand
//! lives in its own module with its options (`…Args`) and a `run` returning the exit code.

pub mod window;

/// `sokolab [COMMAND]`: without a command, opens the window.
#[derive(clap::Parser, Debug)]
#[command(name = "sokolab", version, about = "Sokoban level editor, solver and search inspector")]
pub struct Cli {
    /// What to do (nothing: open the window).
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(clap::Subcommand, Debug)]
pub enum Command {
    /// Open the window on a level file.
    Edit(window::EditArgs),
}
