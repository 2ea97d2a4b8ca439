//! The command line: one `clap` parser and a subcommand per headless task. Each subcommand
//! lives in its own module with its options (`…Args`) and a `run` returning the exit status
//! or a [`CliError`], which [`main`] prints once.

pub mod bench;
pub mod check;
pub mod convert;
mod error;
pub mod generate;
pub mod lab;
pub mod optimize;
pub mod rate;
mod report;
mod search_args;
pub mod solve;
mod time_limit;
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

pub use error::CliError;

use std::process::ExitCode;

/// Runs the command line's subcommand (or opens the window) and returns the exit status;
/// an error is printed here, once, as `sokolab: error: …` with status 2.
pub fn main(cli: Cli) -> ExitCode {
    let result = match cli.command {
        Some(Command::Check(args)) => check::run(&args),
        Some(Command::Verify(args)) => verify::run(&args),
        Some(Command::Convert(args)) => convert::run(&args),
        Some(Command::Solve(args)) => solve::run(&args),
        Some(Command::Bench(args)) => bench::run(&args),
        Some(Command::Lab(args)) => lab::run(&args),
        Some(Command::Optimize(args)) => optimize::run(&args),
        Some(Command::Rate(args)) => rate::run(&args),
        Some(Command::Generate(args)) => generate::run(&args),
        Some(Command::Edit(args)) => window::run(Some(args.file)),
        None => window::run(None),
    };
    result.unwrap_or_else(|e| {
        eprintln!("sokolab: error: {e}");
        e.exit_code()
    })
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
    /// Shorten a solution by moves or pushes (a search of the positions near it).
    Optimize(optimize::OptimizeArgs),
    /// Rate each level's difficulty from measures you can see (effort, pushes, box lines,
    /// hard decisions).
    Rate(rate::RateArgs),
    /// Make new levels (rooms from templates, the position farthest from the solved one),
    /// each with its push-optimal solution, as XSB on standard output.
    Generate(generate::GenerateArgs),
    /// Run one of the textbook's experiments (Tables 7-1 and 7-3) and print its table.
    Lab(lab::LabArgs),
}
