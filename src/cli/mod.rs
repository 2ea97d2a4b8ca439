//! The command line: one `clap` parser and a subcommand per headless task. Each subcommand
//! lives in its own module with its options (`…Args`) and a `run` returning the exit code.

pub mod bench;
mod report;
mod search_args;
pub mod solve;

/// `sokolab [COMMAND]`.
#[derive(clap::Parser, Debug)]
#[command(name = "sokolab", version, about = "Sokoban level editor, solver and search inspector")]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(clap::Subcommand, Debug)]
pub enum Command {
    /// Solve levels of a file and print each result (a table, or JSON lines with --json).
    Solve(solve::SolveArgs),
    /// Solve a range of levels, in parallel with --jobs, and print a summary.
    Bench(bench::BenchArgs),
}
