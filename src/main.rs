//! The `sokolab` binary: parses the command line and runs the subcommand.

use clap::{CommandFactory, Parser};
use sokolab::cli::{Cli, Command, bench, check, convert, solve, verify};

fn main() -> std::process::ExitCode {
    match Cli::parse().command {
        Some(Command::Check(args)) => check::run(&args),
        Some(Command::Verify(args)) => verify::run(&args),
        Some(Command::Convert(args)) => convert::run(&args),
        Some(Command::Solve(args)) => solve::run(&args),
        Some(Command::Bench(args)) => bench::run(&args),
        None => {
            let _ = Cli::command().print_help();
            std::process::ExitCode::SUCCESS
        }
    }
}
