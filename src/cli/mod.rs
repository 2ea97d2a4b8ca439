//! The command line: one `clap` parser and a subcommand per headless task. Each subcommand
//! lives in its own module with its options (`…Args`) and a `run` returning the exit status
//! or a [`CliError`], which [`main`] prints once.

pub mod bench;
pub mod check;
pub mod convert;
pub mod deadlocks;
mod error;
pub mod generate;
mod interrupt;
pub mod lab;
pub mod manual;
pub mod optimize;
mod parallel;
mod progress;
pub mod rate;
mod report;
mod search_args;
pub mod solve;
pub mod summary;
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
    if !matches!(cli.command, None | Some(Command::Edit(_) | Command::Generate(_))) {
        interrupt::end_on_closed_pipe();
    }
    let result = match cli.command {
        Some(Command::Check(args)) => check::run(&args),
        Some(Command::Verify(args)) => verify::run(&args),
        Some(Command::Convert(args)) => convert::run(&args),
        Some(Command::Solve(args)) => solve::run(&args),
        Some(Command::Bench(args)) => bench::run(&args),
        Some(Command::Lab(args)) => lab::run(&args),
        Some(Command::Optimize(args)) => optimize::run(&args),
        Some(Command::Rate(args)) => rate::run(&args),
        Some(Command::Deadlocks(args)) => deadlocks::run(&args),
        Some(Command::Generate(args)) => generate::run(&args),
        Some(Command::Report(args)) => summary::run(&args),
        Some(Command::Man(args)) => manual::man(&args),
        Some(Command::Completions(args)) => manual::completions(&args),
        Some(Command::Edit(args)) => window::run(Some(args.file)),
        None => window::run(None),
    };
    result.unwrap_or_else(|e| {
        eprintln!("sokolab: error: {e}");
        e.exit_code()
    })
}

/// The subcommands, each with an example its help ends with.
#[derive(clap::Subcommand, Debug)]
pub enum Command {
    /// Open the window on a level file.
    #[command(after_help = "Example:\n  sokolab edit levels/default.xsb")]
    Edit(window::EditArgs),
    /// Validate every level of a file, and warn of a level that repeats another (turned,
    /// mirrored or shifted); exit status 1 when any level has errors.
    #[command(after_help = "Example:\n  sokolab check levels/default.xsb")]
    Check(check::CheckArgs),
    /// Replay a solution on one level and say whether it solves it.
    #[command(after_help = "Example (walk right, then push right twice):\n  \
        sokolab verify levels/default.xsb --level 1 --solution rRR")]
    Verify(verify::VerifyArgs),
    /// Read a level file and write it in another format (XSB, SOK or RLE).
    #[command(after_help = "Example:\n  sokolab convert levels/default.xsb levels.sok")]
    Convert(convert::ConvertArgs),
    /// Solve levels of a file and print each result (a table, or JSON lines with --json).
    #[command(after_help = "Example:\n  \
        sokolab solve levels/default.xsb --level 5 --method astar --time-limit 10")]
    Solve(solve::SolveArgs),
    /// Solve a range of levels, in parallel with --jobs, and print a summary.
    #[command(after_help = "Examples:\n  \
        sokolab bench levels/default.xsb --levels 1-10 --jobs 2\n  \
        sokolab bench levels/default.xsb --shard 1/3 --json > part1.jsonl")]
    Bench(bench::BenchArgs),
    /// Merge the JSON lines of `bench --json` runs (the shards of one run, say) into one
    /// report: the levels in order and the summary one run prints.
    #[command(after_help = "Example:\n  sokolab report part1.jsonl part2.jsonl part3.jsonl")]
    Report(summary::ReportArgs),
    /// Shorten a solution by moves or pushes (a search of the positions near it).
    #[command(after_help = "Example:\n  \
        sokolab optimize levels/default.xsb --level 5 --metric moves --time-limit 10")]
    Optimize(optimize::OptimizeArgs),
    /// Rate each level's difficulty from measures you can see (effort, pushes, box lines,
    /// box changes, hard decisions).
    #[command(after_help = "Example:\n  sokolab rate levels/default.xsb --levels 1-10")]
    Rate(rate::RateArgs),
    /// Is a position really dead? The oracle (an exhaustive search that no detector prunes)
    /// beside each deadlock detector's verdict, on each level's board; with --pushes or
    /// --sample, a level's coverage: each detector's recall and any false claim.
    #[command(after_help = "Examples:\n  \
        sokolab deadlocks levels/default.xsb --level 3\n  \
        sokolab deadlocks levels/default.xsb --all --pushes 1000 --max-boxes 4 --jobs 2")]
    Deadlocks(deadlocks::DeadlocksArgs),
    /// Make new levels (rooms from templates, evolved; the start whose solution has the
    /// most pushes, box lines and box changes), each with its push-optimal solution, as XSB
    /// on standard output.
    #[command(after_help = "Example:\n  \
        sokolab generate --size 10x10 --boxes 4 --count 5 --min-pushes 30 > new.xsb")]
    Generate(generate::GenerateArgs),
    /// Run one of the textbook's experiments (Tables 7-1, 7-2 and 7-3, the worked examples of its figures) and print its table.
    #[command(after_help = "Example:\n  sokolab lab nutshell-7-1")]
    Lab(lab::LabArgs),
    /// Write the manual page (roff) on standard output, or every page into a folder.
    #[command(after_help = "Examples:\n  sokolab man | man -l -\n  sokolab man --dir man1")]
    Man(manual::ManArgs),
    /// Write the completion script of a shell on standard output.
    #[command(after_help = "Example:\n  \
        sokolab completions bash > ~/.local/share/bash-completion/completions/sokolab")]
    Completions(manual::CompletionsArgs),
}
