//! `sokolab solve FILE [--level N] [--method M] [--time-limit S] [--json] [--trace FILE]
//! [--tree FILE] [--chart FILE] [--follow FILE]`.

use crate::cli::error::{CliError, level_of};
use crate::cli::report::{LevelReport, Place};
use crate::cli::search_args::SearchArgs;
use crate::lab::chart::{history_csv, history_png};
use crate::level::format::save_bytes;
use crate::level::format::{FileError, load_located, read_text};
use crate::level::moves::{Move, parse_lurd};
use crate::level::{Collection, Level, replay};
use crate::solver::inspect::drawing::{Colouring, dot, solution_nodes, svg};
use crate::solver::inspect::export;
use crate::solver::inspect::trace::{Trace as Recorded, Tracer, lock};
use crate::solver::inspect::tree::passes;
use crate::solver::{Config, Method, Outcome, Search, solve, solve_observed, solve_traced};
use std::fs::File;
use std::io::{BufWriter, Write as _};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
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
    /// Draw the search tree of the first expansions to FILE, coloured as the inspector
    /// draws it: Graphviz DOT (`.dot`, `.gv`) or SVG (`.svg`); the last pass for a search
    /// that deepens. One level (`--level N`); the search runs on one thread.
    #[arg(long, value_name = "FILE")]
    pub tree: Option<PathBuf>,
    /// Write the open and stored sizes and the bound against expansions to FILE, as the
    /// inspector's chart draws them: CSV (`.csv`, a row per expansion) or a PNG chart
    /// (`.png`). One level (`--level N`); the search runs on one thread.
    #[arg(long, value_name = "FILE")]
    pub chart: Option<PathBuf>,
    /// Follow another solver's solution (LURD, read from FILE; `-` for standard input):
    /// FESS plays its box moves before any of its own and judges each as it would its own.
    /// The counts (`measures` with --json) say how many it reached, how many an advisor
    /// named, how many it did not generate or pruned, and the first no advisor named. One
    /// level (`--level N`), `--method fess`.
    #[arg(long, value_name = "FILE")]
    pub follow: Option<PathBuf>,
}

/// What `--tree` and `--chart` write, by the file's extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Drawn {
    Dot,
    Svg,
    Csv,
    Png,
}

/// The extensions an option writes, with what each means.
type Kinds = &'static [(&'static str, Drawn)];

/// The files `--tree` and `--chart` asked for, checked before the search.
struct Drawings(Vec<(PathBuf, Drawn)>);

impl Drawings {
    /// The files `args` ask for, for a run over `levels` levels: an error for a file whose
    /// extension says no format of its option, for more than one level, or beside `--trace`.
    fn of(args: &SolveArgs, levels: usize) -> Result<Self, CliError> {
        let options: [(_, _, Kinds); 2] = [
            (&args.tree, "--tree", &[("dot", Drawn::Dot), ("gv", Drawn::Dot), ("svg", Drawn::Svg)]),
            (&args.chart, "--chart", &[("csv", Drawn::Csv), ("png", Drawn::Png)]),
        ];
        let mut files = Vec::new();
        for (path, option, allowed) in options {
            let Some(path) = path else { continue };
            let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("").to_lowercase();
            let Some(&(_, drawn)) = allowed.iter().find(|(e, _)| *e == ext) else {
                let names: Vec<String> = allowed.iter().map(|(e, _)| format!(".{e}")).collect();
                let message = format!("{option} writes {}: name the file so", names.join(", "));
                return Err(file_error(path, message));
            };
            files.push((path.clone(), drawn));
        }
        if files.is_empty() {
            return Ok(Drawings(files));
        }
        if levels != 1 {
            let message = "--tree and --chart draw the search of one level: name it with \
                           --level N"
                .into();
            return Err(file_error(&args.file, message));
        }
        if args.trace.is_some() {
            let message = "--trace and --tree or --chart each need the search to themselves: \
                           run sokolab solve once for each"
                .into();
            return Err(file_error(&args.file, message));
        }
        Ok(Drawings(files))
    }

    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Writes each file from the history `recorded` of the search `config` asked for on
    /// `level`, which ended in `outcome` (a solution's line ringed in gold in the tree, as
    /// the window rings it).
    fn write(
        &self,
        recorded: &Recorded,
        level: &Level,
        config: &Config,
        outcome: &Outcome,
    ) -> Result<(), CliError> {
        let info = config.method.info();
        let names = ["open", info.stored.name, info.bound_name];
        for (path, drawn) in &self.0 {
            let bytes = match drawn {
                Drawn::Dot | Drawn::Svg => {
                    let pass = passes(&recorded.steps, &recorded.edges, info.depth_first).pop();
                    let nodes = pass.map(|p| p.nodes).unwrap_or_default();
                    let at = recorded.steps.len().saturating_sub(1);
                    // A depth-first search reuses node ids: the window rings none either.
                    let solution = match (outcome, level.player()) {
                        (Outcome::Solved(s, _), Some(player)) if !info.depth_first => {
                            solution_nodes(&nodes, player, &s.moves)
                        }
                        _ => Vec::new(),
                    };
                    match drawn {
                        Drawn::Dot => dot(&nodes, at, &solution, Colouring::Outcome),
                        _ => svg(&nodes, at, &solution, Colouring::Outcome),
                    }
                    .into_bytes()
                }
                Drawn::Csv => history_csv(&recorded.steps, names).into_bytes(),
                Drawn::Png => {
                    let title = match level.meta.title.as_str() {
                        "" => info.label.to_string(),
                        t => format!("{} on {t}", info.label),
                    };
                    let png = history_png(&recorded.steps, names, &title, false);
                    png.ok_or_else(|| file_error(path, "cannot draw the chart".into()))?
                }
            };
            save_bytes(path, &bytes).map_err(CliError::File)?;
        }
        Ok(())
    }
}

/// An error about the file `path`.
fn file_error(path: &Path, message: String) -> CliError {
    CliError::File(FileError { path: path.to_path_buf(), position: None, message })
}

/// The moves of the line `--follow` names, checked: one level, `--method fess`, LURD
/// that is legal on that level from its start.
fn line_to_follow(
    path: &Path,
    args: &SolveArgs,
    config: &Config,
    numbers: &[usize],
    collection: &Collection,
) -> Result<Arc<[Move]>, CliError> {
    if config.method != Method::Fess {
        let message = format!(
            "--follow: method `{}` plays no other line; use --method fess",
            config.method.name()
        );
        return Err(file_error(path, message));
    }
    let &[n] = numbers else {
        let message = "--follow gives the line of one level: name it with --level N".into();
        return Err(file_error(&args.file, message));
    };
    let text = read_text(path)?;
    let moves = parse_lurd(&text).map_err(|e| {
        let message = format!("{e}; write walks as l u r d and pushes as L U R D");
        file_error(path, message)
    })?;
    if let Some(illegal) = replay(&collection.levels[n - 1], &moves).error {
        return Err(file_error(path, format!("not a line of level {n}: {illegal}")));
    }
    Ok(moves.into())
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
    let (mut config, limits) = (args.search.config()?, args.search.limits());
    if let Some(path) = &args.follow {
        config.follow = Some(line_to_follow(path, args, &config, &numbers, collection)?);
    }
    for &n in &numbers {
        args.search.check_level(n, &collection.levels[n - 1])?;
    }
    let drawings = Drawings::of(args, numbers.len())?;
    let cancel = AtomicBool::new(false);
    let mut trace = args.trace.as_deref().map(Trace::create).transpose()?;
    let mut all_solved = true;
    for n in numbers {
        let level = &collection.levels[n - 1];
        let outcome = match &mut trace {
            None if !drawings.is_empty() => {
                let tracer = Tracer::new();
                let recorded = tracer.trace();
                let outcome = solve_observed(level, &config, &limits, &cancel, tracer);
                let recorded = lock(&recorded);
                drawings.write(&recorded, level, &config, &outcome)?;
                outcome
            }
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
    file_error(path, format!("cannot write the trace: {e}"))
}
