//! `sokolab solve FILE [--level N] [--method M] [--time-limit S] [--json]`.

use crate::cli::error::{CliError, level_of};
use crate::cli::report::{LevelReport, Place};
use crate::cli::search_args::SearchArgs;
use crate::level::format::load_located;
use crate::solver::solve;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

/// Options of `sokolab solve`.
#[derive(clap::Args, Clone, Debug)]
pub struct SolveArgs {
    /// The level file (XSB, SOK or RLE).
    pub file: PathBuf,
    /// Level number in the file, from 1 (default: every level, one after another).
    #[arg(long, value_name = "N")]
    pub level: Option<usize>,
    /// How to search.
    #[command(flatten)]
    pub search: SearchArgs,
    /// One JSON object per level.
    #[arg(long, long_help = crate::cli::report::json_help("One JSON object per level"))]
    pub json: bool,
}

/// Runs `solve`: exit status 0 when every level asked for was solved, 1 otherwise; an
/// error on a bad file or level number.
pub fn run(args: &SolveArgs) -> Result<ExitCode, CliError> {
    let located = load_located(&args.file)?;
    let collection = &located.collection;
    let numbers: Vec<usize> = match args.level {
        Some(n) => {
            level_of(collection, &args.file, n)?;
            vec![n]
        }
        None => (1..=collection.levels.len()).collect(),
    };
    let (config, limits) = (args.search.config()?, args.search.limits());
    let cancel = AtomicBool::new(false);
    let mut all_solved = true;
    for n in numbers {
        let level = &collection.levels[n - 1];
        let outcome = solve(level, &config, &limits, &cancel);
        let place = Place { file: &args.file, origin: &located.origins[n - 1] };
        let report = LevelReport::new(n, level, &outcome, &limits, place);
        all_solved &= report.solved;
        if args.json {
            println!("{}", report.json());
            continue;
        }
        let name =
            if report.title.is_empty() { String::new() } else { format!(" ({})", report.title) };
        println!("level {n}{name}: {}", report.status);
        if let Some(solution) = outcome.solution() {
            let kind = solution.proved().map(|p| format!(", {p}")).unwrap_or_default();
            let by = solution.found_by.map(|s| format!(", found by {s}")).unwrap_or_default();
            println!("  {} pushes, {} moves{kind}{by}", solution.pushes, solution.moves.len());
            println!("  {}", solution.lurd());
        } else if !report.message.is_empty() {
            println!("  {}", report.message);
        }
        if let Some(s) = outcome.stats() {
            println!(
                "  {:.2} s, {} expanded, {} generated, {} duplicates, pruned: {}",
                s.elapsed.as_secs_f64(),
                s.expanded,
                s.generated,
                s.duplicates,
                crate::solver::PruneReason::ALL
                    .iter()
                    .map(|r| format!("{} {}", r.name(), s.pruned_by(*r)))
                    .collect::<Vec<_>>()
                    .join(", ")
            );
        }
    }
    Ok(if all_solved { ExitCode::SUCCESS } else { ExitCode::from(1) })
}
