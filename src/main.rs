//! The `sokolab` binary: parses the command line and runs the subcommand.

use clap::Parser;

fn main() -> std::process::ExitCode {
    sokolab::cli::main(sokolab::cli::Cli::parse())
}
