//! `sokolab lab NAME|FILE.ron [--level FILE:N] [--seed S] [--time-limit S] [--memory-limit MIB]
//! [--json] [--png FILE]`: runs one of the textbook's experiments and prints its table, with
//! the chart written as a PNG.

use crate::cli::error::{CliError, level_of};
use crate::cli::interrupt;
use crate::cli::progress::Bar;
use crate::cli::time_limit::{TimeLimit, parse_time_limit};
use crate::lab::chart;
use crate::lab::experiment::{Experiment, MAX_TRIALS, NAMED, Row, Table, Watch};
use crate::level::format::load_file;
use crate::solver::Limits;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

/// Options of `sokolab lab`.
#[derive(clap::Args, Debug)]
pub struct LabArgs {
    /// The experiment to run.
    #[arg(help = experiment_help())]
    pub experiment: String,
    /// The level a Sokoban experiment scrambles, as FILE:N (level N of FILE, from 1).
    #[arg(long)]
    pub level: Option<String>,
    /// The seed the instances are drawn from (the experiment's own by default).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Instances per row (the experiment's own by default).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_TRIALS)))]
    pub trials: Option<u32>,
    /// Seconds for the whole run (0 = no limit).
    #[arg(
        long,
        value_name = "S",
        default_value = "0",
        value_parser = parse_time_limit,
        allow_hyphen_values = true
    )]
    pub time_limit: TimeLimit,
    /// Memory in MiB the searches running at once may hold together.
    #[arg(long, value_name = "MIB", default_value_t = Limits::DEFAULT_MEMORY_MIB)]
    pub memory_limit: usize,
    /// Print the table as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Where to write the chart (default: NAME.png in the current folder; `-` for none).
    #[arg(long)]
    pub png: Option<PathBuf>,
}

/// Runs `lab`.
pub fn run(args: &LabArgs) -> Result<ExitCode, CliError> {
    let (name, mut experiment) = experiment(&args.experiment)?;
    if let (Some(t), Experiment::Scramble(s)) = (args.trials, &mut experiment) {
        s.trials = t;
    }
    let level = match &args.level {
        None => None,
        Some(spec) => {
            let (file, n) = match spec.rsplit_once(':') {
                Some((f, n)) if n.parse::<usize>().is_ok() => {
                    (PathBuf::from(f), n.parse().unwrap_or(1))
                }
                _ => (PathBuf::from(spec), 1),
            };
            let collection = load_file(&file)?;
            Some(level_of(&collection, &file, n)?.clone())
        }
    };
    let watch = CliWatch {
        bar: Bar::new(Some(0), "trials", args.json),
        rows: Mutex::new(Vec::new()),
        stop: interrupt::catch(),
    };
    let limits = Limits {
        time: args.time_limit.0,
        nodes: None,
        memory_bytes: Some(args.memory_limit.saturating_mul(1 << 20)),
    };
    let run = experiment.run(args.seed, level.as_ref(), &limits, &watch);
    watch.bar.finish();
    let table = match (run, interrupt::exit_code()) {
        (Ok(table), _) => table,
        (Err(_), Some(code)) => {
            let rows = watch.rows.into_inner().expect("rows lock");
            interrupted(&experiment, args.seed, rows, args.json);
            return Ok(code);
        }
        (Err(e), None) => return Err(lab_error(&args.experiment, e)),
    };
    let mut out = std::io::stdout().lock();
    let text = if args.json {
        serde_json::to_string(&table).map_err(|e| lab_error(&args.experiment, e.to_string()))?
    } else {
        render(&table)
    };
    let _ = writeln!(out, "{text}");
    let png = args.png.clone().unwrap_or_else(|| PathBuf::from(format!("{name}.png")));
    if png.as_os_str() != "-"
        && let Some(bytes) = chart::png(&table)
    {
        std::fs::write(&png, bytes)
            .map_err(|e| lab_error(&args.experiment, format!("{}: {e}", png.display())))?;
        if !args.json {
            let _ = writeln!(out, "chart: {}", png.display());
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// What the command shows of a running experiment: the trials done on a progress bar, the
/// rows complete (printed if the run is interrupted), and a stop when a signal came.
struct CliWatch {
    bar: Bar,
    rows: Mutex<Vec<Row>>,
    stop: &'static AtomicBool,
}

impl Watch for CliWatch {
    fn trial(&self, done: u64, total: u64) -> bool {
        self.bar.set(done, total);
        !self.stop.load(Ordering::Relaxed)
    }

    fn row(&self, row: &Row) {
        self.rows.lock().expect("rows lock").push(row.clone());
    }
}

/// Prints the rows of `experiment` complete before a signal stopped it (as a table's JSON
/// object with `json`).
fn interrupted(experiment: &Experiment, seed: Option<u64>, rows: Vec<Row>, json: bool) {
    if !json {
        println!("interrupted: the rows complete before the signal");
    }
    if let Some(table) = experiment.partial(seed, rows) {
        if json {
            println!("{}", serde_json::to_string(&table).expect("tables serialise"));
        } else {
            print!("{}", render(&table));
        }
    }
}

/// The experiment `spec` names: a shipped one, or a RON file; with the name charts take.
fn experiment(spec: &str) -> Result<(String, Experiment), CliError> {
    if let Some(e) = Experiment::named(spec) {
        return Ok((spec.to_string(), e));
    }
    let path = PathBuf::from(spec);
    if !path.exists() {
        return Err(lab_error(
            spec,
            format!("no such experiment or file; the shipped ones are {}", shipped()),
        ));
    }
    let e = Experiment::read(&path)?;
    let name = path.file_stem().map_or("experiment".into(), |s| s.to_string_lossy().into_owned());
    Ok((name, e))
}

/// The help of the experiment argument.
fn experiment_help() -> String {
    format!("A shipped experiment ({}) or a RON file describing one", shipped())
}

/// The names of the shipped experiments.
fn shipped() -> String {
    NAMED.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
}

fn lab_error(what: &str, message: String) -> CliError {
    CliError::Lab { what: what.to_string(), message }
}

/// The table as text.
pub fn render(table: &Table) -> String {
    let mut s = String::new();
    match table {
        Table::GameTree { title, rows } => {
            s += &format!("{title}\n\n ply   Minimax  AlphaBeta  reduction\n");
            for r in rows {
                s += &format!(
                    "{:>4} {:>9} {:>10} {:>9}%\n",
                    r.ply, r.minimax, r.alpha_beta, r.reduction
                );
            }
        }
        Table::Figures { title, rows } => {
            let cells: Vec<[String; 5]> = rows
                .iter()
                .map(|r| {
                    let (book, ours) = (r.book.words(), r.ours.words());
                    [r.what.clone(), r.search.clone(), book, ours, r.verdict().into()]
                })
                .collect();
            let head = ["example", "search", "the book", "ours", ""].map(String::from);
            let mut widths = [0; 5];
            for row in std::iter::once(&head).chain(&cells) {
                for (w, c) in widths.iter_mut().zip(row) {
                    *w = (*w).max(c.chars().count());
                }
            }
            s += &format!("{title}\n\n");
            for row in std::iter::once(&head).chain(&cells) {
                let line: Vec<String> =
                    row.iter().zip(widths).map(|(c, w)| format!("{c:<w$}")).collect();
                s += line.join("  ").trim_end();
                s += "\n";
            }
            for r in rows {
                if let Some(note) = &r.note {
                    s += &format!("\n{}: {note}\n", r.what);
                }
            }
        }
        Table::Scramble { title, algorithms, trials, seed, rows, curves, published } => {
            s += &format!(
                "{title}\n({trials} trials per row, seed {seed}; # = open + closed at the end, averaged; s = solution length over the solved trials, failures in parentheses)\n\n"
            );
            s += "  n";
            for a in algorithms {
                s += &format!(" {:>10}", format!("#{a}"));
            }
            for a in algorithms {
                s += &format!(" {:>14}", format!("s{a}"));
            }
            s += "\n";
            for r in rows {
                s += &format!("{:>3}", r.n);
                for c in &r.cells {
                    s += &format!(" {:>10.1}", c.states);
                }
                for c in &r.cells {
                    let length = c.length.map_or("-".into(), |l| format!("{l:.1}"));
                    let failures = match (c.failures, c.stopped) {
                        (0, _) => String::new(),
                        (f, 0) => format!(" ({f})"),
                        (f, st) => format!(" ({f}, {st} at the node limit)"),
                    };
                    s += &format!(" {:>14}", format!("{length}{failures}"));
                }
                s += "\n";
            }
            if !curves.is_empty() {
                s += "\nfitted by least squares on ln # = ln a + b ln(n + 1):\n";
            }
            for c in curves {
                let book = published.iter().find(|p| p.algorithm == c.algorithm);
                let book = book.map_or(String::new(), |p| {
                    format!("   (published: {:.2}(n+1)^{:.3})", p.a, p.b)
                });
                s += &format!("  {:<8} {:.3}(n+1)^{:.3}{book}\n", c.algorithm, c.a, c.b);
            }
        }
    }
    s
}
