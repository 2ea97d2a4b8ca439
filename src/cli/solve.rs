//! `sokolab solve FILE [--level N] [--method M] [--time-limit S] [--json] [--trace FILE]`.

use crate::cli::error::{CliError, level_of};
use crate::cli::report::{LevelReport, Place};
use crate::cli::search_args::SearchArgs;
use crate::level::format::{FileError, load_located};
use crate::solver::inspect::export;
use crate::solver::{Search, solve, solve_traced};
use std::fs::File;
use std::io::{BufWriter, Write as _};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};

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
    /// Write every expansion to FILE as a JSON line: the level, the expansion's number,
    /// node, parent, push, g, h, f, open and closed sizes, and each child with its push,
    /// costs and verdict (the rule that pruned it, the pattern). The search runs on one
    /// thread, one expansion at a time.
    #[arg(long, value_name = "FILE")]
    pub trace: Option<PathBuf>,
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
    let mut trace = args.trace.as_deref().map(Trace::create).transpose()?;
    let mut all_solved = true;
    for n in numbers {
        let level = &collection.levels[n - 1];
        let outcome = match &mut trace {
            None => solve(level, &config, &limits, &cancel),
            Some(t) => {
                let outcome = solve_traced(level, &config, &limits, &cancel, &mut |s| {
                    t.write(n, s, &cancel);
                });
                t.check()?;
                outcome
            }
        };
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

/// The trace file being written, and the first error writing it.
struct Trace {
    path: PathBuf,
    out: BufWriter<File>,
    failed: Option<std::io::Error>,
}

impl Trace {
    fn create(path: &Path) -> Result<Self, CliError> {
        let out = File::create(path).map_err(|e| trace_error(path, &e))?;
        Ok(Trace { path: path.to_path_buf(), out: BufWriter::new(out), failed: None })
    }

    /// Writes the last expansion of `search`, of level `n`; on an error, raises `cancel`
    /// (the search stops) and keeps the error.
    fn write(&mut self, n: usize, search: &dyn Search, cancel: &AtomicBool) {
        let Some(mut line) = export::expansion(search) else { return };
        line["level"] = n.into();
        if self.failed.is_none()
            && let Err(e) = writeln!(self.out, "{line}")
        {
            self.failed = Some(e);
            cancel.store(true, Ordering::Relaxed);
        }
    }

    /// After a level: the error that stopped its search, if one did, or the one writing
    /// out what is buffered.
    fn check(&mut self) -> Result<(), CliError> {
        let failed = self.failed.take().map_or_else(|| self.out.flush(), Err);
        failed.map_err(|e| trace_error(&self.path, &e))
    }
}

fn trace_error(path: &Path, e: &std::io::Error) -> CliError {
    let message = format!("cannot write the trace: {e}");
    CliError::File(FileError { path: path.to_path_buf(), position: None, message })
}
