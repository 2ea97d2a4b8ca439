//! The `sokolab` binary: parses the command line and runs the subcommand.

use clap::Parser;
use sokolab::cli::{Cli, Command, bench, solve};

fn main() -> std::process::ExitCode {
    match Cli::parse().command {
        Command::Solve(args) => solve::run(&args),
        Command::Bench(args) => bench::run(&args),
    }
}
