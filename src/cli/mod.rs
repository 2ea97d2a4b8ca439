//! The command line: one `clap` parser and a subcommand per headless task. Each subcommand
//! lives in its own module with its options (`…Args`) and a `run` returning the exit code.

pub mod bench;
pub mod check;
pub mod convert;
mod report;
mod search_args;
pub mod solve;
pub mod verify;
pub mod window;

/// `sokolab [COMMAND]`.
#[derive(clap::Parser, Debug)]
#[command(name = "sokolab", version, about = "Sokoban level editor, solver and search inspector")]
pub struct Cli {
    /// What to do (without one, the program opens the window; built without the `gui`
    /// feature, it shows this help).
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(clap::Subcommand, Debug)]
pub enum Command {
    /// Open the window on a level file.
    Edit(window::EditArgs),
    /// Validate every level of a file; exit status 1 when any level has errors.
    Check(check::CheckArgs),
    /// Replay a solution on one level and say whether it solves it.
    Verify(verify::VerifyArgs),
    /// Read a level file and write it in another format (XSB, SOK or RLE).
    Convert(convert::ConvertArgs),
    /// Solve levels of a file and print each result (a table, or JSON lines with --json).
    Solve(solve::SolveArgs),
    /// Solve a range of levels, in parallel with --jobs, and print a summary.
    Bench(bench::BenchArgs),
}
