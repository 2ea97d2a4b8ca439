//! The `sokolab` binary: parses the command line and runs the subcommand.

use clap::Parser;
use sokolab::cli::{Cli, Command, bench, check, convert, solve, verify, window};

fn main() -> std::process::ExitCode {
    match Cli::parse().command {
        Some(Command::Check(args)) => check::run(&args),
        Some(Command::Verify(args)) => verify::run(&args),
        Some(Command::Convert(args)) => convert::run(&args),
        Some(Command::Solve(args)) => solve::run(&args),
        Some(Command::Bench(args)) => bench::run(&args),
        Some(Command::Edit(args)) => window::run(Some(args.file)),
        None => window::run(None),
    }
}
