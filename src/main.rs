//! The `sokolab` binary: parses the command line and runs the subcommand.

use clap::Parser;
use sokolab::cli::{Cli, Command, window};

fn main() -> std::process::ExitCode {
    match Cli::parse().command {
        None => window::run(None),
        Some(Command::Edit(args)) => window::run(Some(args.file)),
    }
}
