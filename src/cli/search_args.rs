//! Search options shared by `solve` and `bench`.

use crate::cli::error::CliError;
use crate::cli::time_limit::{TimeLimit, parse_time_limit};
use crate::level::Level;
use crate::solver::{
    Config, Deadlocks, Limits, LowerBound, METHODS, Method, Metric, Ordering, Parking, PruneReason,
    Technique, Techniques,
};

/// How to search: method, bound, detectors and limits.
#[derive(clap::Args, Clone, Debug)]
pub struct SearchArgs {
    #[arg(
        long,
        default_value = "auto",
        value_parser = parse_method,
        help = method_help(),
        long_help = method_long_help()
    )]
    pub method: Method,
    /// What the optimal methods make shortest: `moves` turns astar, idastar and bfs into
    /// their move-optimal forms (moves-astar, moves-idastar, moves-bfs); the default is the
    /// method's own (pushes, but moves for the moves-* methods).
    #[arg(long, value_enum)]
    pub metric: Option<MetricArg>,
    /// Seconds per level (0 = no limit; dfs and iddfs, which never fill the memory, stop
    /// after 60 unless a time or node limit is given).
    #[arg(long, value_name = "S", value_parser = parse_time_limit, allow_hyphen_values = true)]
    pub time_limit: Option<TimeLimit>,
    /// Expanded nodes per level.
    #[arg(long, value_name = "N")]
    pub node_limit: Option<u64>,
    /// Threads `auto` spreads its searches over (default: the machine's available
    /// parallelism; `bench` divides them among its --jobs).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: Option<u16>,
    /// Memory per search in MiB.
    #[arg(long, value_name = "MIB", default_value_t = Limits::DEFAULT_MEMORY_MIB)]
    pub memory_limit: usize,
    /// matching, simple, boxes-off-goal, greedy, stable-marriage, boxes-off-goal-plus-player
    /// [default: matching; boxes-off-goal with --pruning demaret].
    #[arg(long, value_parser = parse_bound)]
    pub lower_bound: Option<LowerBound>,
    /// The deadlock rules that prune: ours (every detector, less those --disable names), or
    /// demaret, Demaret's own alone (corner and wall-line dead squares, the 2x2 rule; no
    /// PI-corrals, and a lower bound that prunes nothing).
    #[arg(long, value_enum, default_value = "ours")]
    pub pruning: PruningArg,
    /// Deadlock detectors and techniques to switch off (the list: `disable_help`).
    #[arg(
        long,
        value_delimiter = ',',
        value_name = "LIST",
        value_parser = parse_switch,
        help = disable_help()
    )]
    pub disable: Vec<Switch>,
    /// The goal ordering the planner follows (1, 2 or 3) in place of the one its analysis
    /// chooses, with no fallback to ordering 3 (the planner only).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=3))]
    pub ordering: Option<u32>,
    /// A goal rearrangement for the planner, by hand (comma-separated GOAL=SQUARE, each
    /// square row:column from 1): the stone bound for each GOAL is parked on SQUARE first
    /// and moved on, in the order given, once every other goal is filled; the planner's
    /// own rearrangement is then not tried (the planner only).
    #[arg(long, value_name = "GOAL=SQUARE,…", value_parser = parse_parking)]
    pub park: Option<Parking>,
    /// Techniques to switch on that are off by default (the list: `enable_help`).
    #[arg(
        long,
        value_delimiter = ',',
        value_name = "LIST",
        value_parser = parse_technique,
        help = enable_help()
    )]
    pub enable: Vec<Technique>,
}

/// `--pruning`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PruningArg {
    /// Our detectors.
    Ours,
    /// Demaret's dead squares and 2x2 rule alone.
    Demaret,
}

/// `--metric`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum MetricArg {
    /// Moves, then pushes.
    Moves,
    /// Pushes, then moves.
    Pushes,
}

impl From<MetricArg> for Metric {
    fn from(m: MetricArg) -> Metric {
        match m {
            MetricArg::Moves => Metric::Moves,
            MetricArg::Pushes => Metric::Pushes,
        }
    }
}

/// `--disable`'s help, read from the detector and technique tables.
fn disable_help() -> String {
    let detectors: Vec<_> = PruneReason::ALL.into_iter().filter_map(PruneReason::switch).collect();
    let on = Technique::ALL.into_iter().filter(|t| t.on_by_default()).map(Technique::name);
    format!(
        "Deadlock detectors and techniques to switch off (comma-separated): {}; {}",
        detectors.join(", "),
        on.collect::<Vec<_>>().join(", ")
    )
}

/// `--enable`'s help, read from the technique table.
fn enable_help() -> String {
    let off = Technique::ALL.into_iter().filter(|t| !t.on_by_default()).map(Technique::name);
    format!(
        "Techniques to switch on that are off by default (comma-separated): {}",
        off.collect::<Vec<_>>().join(", ")
    )
}

fn parse_technique(s: &str) -> Result<Technique, String> {
    Technique::from_name(s).ok_or_else(|| {
        let names: Vec<_> = Technique::ALL.iter().map(|t| t.name()).collect();
        format!("unknown technique `{s}`; use one of {}", names.join(", "))
    })
}

/// Something `--disable` switches off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Switch {
    /// The deadlock detector that prunes for this reason.
    Detector(PruneReason),
    /// A search technique.
    Technique(Technique),
}

fn parse_switch(s: &str) -> Result<Switch, String> {
    let detectors = PruneReason::ALL.into_iter().filter(|r| r.switch().is_some());
    if let Some(reason) = detectors.clone().find(|r| r.switch() == Some(s)) {
        return Ok(Switch::Detector(reason));
    }
    let technique = Technique::from_name(s).ok_or_else(|| {
        let mut names: Vec<_> = detectors.filter_map(PruneReason::switch).collect();
        names.extend(Technique::ALL.iter().map(|t| t.name()));
        format!("unknown switch `{s}`; use one of {}", names.join(", "))
    })?;
    Ok(Switch::Technique(technique))
}

fn parse_parking(s: &str) -> Result<Parking, String> {
    s.parse()
}

fn parse_method(s: &str) -> Result<Method, String> {
    Method::from_name(s).ok_or_else(|| {
        let names: Vec<String> = METHODS.iter().map(|m| m.usage()).collect();
        format!("unknown method `{s}`; use one of {}", names.join(", "))
    })
}

/// The methods' command-line forms, for `--help`.
fn method_help() -> String {
    let names: Vec<String> = METHODS.iter().map(|m| m.usage()).collect();
    names.join(", ")
}

/// Each method with what it is and its parameter's default, for `--help`.
fn method_long_help() -> String {
    let mut help = String::from("The search method:\n");
    for m in METHODS {
        let default = m.param.map(|p| format!(" ({} = {} unless given)", p.cli, p.default));
        help += &format!("  {:<20} {}{}\n", m.usage(), m.summary, default.unwrap_or_default());
    }
    help
}

fn parse_bound(s: &str) -> Result<LowerBound, String> {
    LowerBound::from_name(s).ok_or_else(|| {
        let names: Vec<_> = LowerBound::ALL.iter().map(|b| b.name()).collect();
        format!("unknown lower bound `{s}`; use one of {}", names.join(", "))
    })
}

impl SearchArgs {
    /// The method these options name: `--method` in the form `--metric` asks for.
    pub fn method(&self) -> Result<Method, CliError> {
        let Some(metric) = self.metric else { return Ok(self.method) };
        self.method.with_metric(metric.into()).ok_or_else(|| CliError::Metric(self.method.name()))
    }

    /// The solver configuration these options describe.
    pub fn config(&self) -> Result<Config, CliError> {
        let (mut deadlocks, mut techniques) = (Deadlocks::default(), Techniques::default());
        let demaret = self.pruning == PruningArg::Demaret;
        let default = if demaret { LowerBound::BoxesOffGoal } else { LowerBound::Matching };
        let lower_bound = self.lower_bound.unwrap_or(default);
        if demaret {
            if lower_bound.prunes_dead() {
                return Err(CliError::Pruning(lower_bound.name()));
            }
            deadlocks = Deadlocks::DEMARET;
            techniques.set(Technique::PiCorrals, false);
        }
        for d in &self.disable {
            match *d {
                Switch::Detector(reason) => {
                    if let Some(on) = deadlocks.flag(reason) {
                        *on = false;
                    }
                }
                Switch::Technique(t) => techniques.set(t, false),
            }
        }
        for &t in &self.enable {
            techniques.set(t, true);
        }
        let method = self.method()?;
        let planner_only =
            [("--ordering", self.ordering.is_some()), ("--park", self.park.is_some())];
        if let Some(&(option, _)) = planner_only.iter().find(|(_, given)| *given)
            && !matches!(method, Method::Planner(_))
        {
            return Err(CliError::PlannerOnly { option, method: method.name() });
        }
        let ordering = self.ordering.and_then(Ordering::from_number);
        let parking = self.park.unwrap_or_default();
        let threads = self.threads.map_or_else(Config::machine_threads, usize::from);
        Ok(Config {
            method,
            lower_bound,
            deadlocks,
            techniques,
            threads,
            ordering,
            parking,
            follow: None,
        })
    }

    /// Whether `--park` fits level `n` (its goals are goals, its parking squares free
    /// floor).
    pub fn check_level(&self, n: usize, level: &Level) -> Result<(), CliError> {
        match self.park.unwrap_or_default().apply(level) {
            Ok(_) => Ok(()),
            Err(why) => Err(CliError::Parking(format!("level {n}: {why}"))),
        }
    }

    /// The limits these options describe.
    pub fn limits(&self) -> Limits {
        let flat = self.method().unwrap_or(self.method).flat_memory();
        let time = match self.time_limit {
            Some(TimeLimit(t)) => t,
            None if flat && self.node_limit.is_none() => Some(Limits::FLAT_MEMORY_TIME),
            None => None,
        };
        Limits {
            time,
            nodes: self.node_limit,
            memory_bytes: Some(self.memory_limit.saturating_mul(1 << 20)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(clap::Parser)]
    struct Args {
        #[command(flatten)]
        search: SearchArgs,
    }

    fn limits(args: &[&str]) -> Limits {
        Args::parse_from(std::iter::once("sokolab").chain(args.iter().copied())).search.limits()
    }

    #[test]
    fn searches_that_never_fill_the_memory_get_a_default_time_limit() {
        let sixty = Some(Limits::FLAT_MEMORY_TIME);
        assert_eq!(limits(&["--method", "dfs"]).time, sixty);
        assert_eq!(limits(&["--method", "iddfs"]).time, sixty);
        assert_eq!(limits(&["--method", "dfs:20", "--node-limit", "5"]).time, None);
        assert_eq!(limits(&["--method", "iddfs", "--time-limit", "0"]).time, None, "asked for");
        assert_eq!(limits(&["--method", "astar"]).time, None, "the memory limit stops it");
        assert_eq!(limits(&["--method", "dfs", "--time-limit", "2"]).time.unwrap().as_secs(), 2);
    }
}
