//! The catalogue of search methods: one entry per method ([`MethodInfo`]) holding all the program
//! says or decides about it: its command-line name and parameter, its label, what its parameter
//! means, whether its solutions are optimal (by pushes, or moves), whether it is depth-first, how
//! its expander is set up, and how it is built. The command line's `--method` (help and parsing),
//! the front door, the inspector's menu and rows, and the tests all read [`METHODS`]; nothing else
//! lists the methods.
//!
//! A new search is one variant of [`Method`] (`config.rs`), one entry here (with its place
//! in [`METHODS`]), and one file in `algo/`.

pub(crate) mod auto;

pub(crate) use auto::{Form, member as auto_member};

use crate::solver::algo::backward::Backward;
use crate::solver::algo::best_first::{BestFirst, Priority};
use crate::solver::algo::bfs::Bfs;
use crate::solver::algo::depth_first::{DepthFirst, Limit};
use crate::solver::algo::fess::Fess;
use crate::solver::algo::planner::Planner;
use crate::solver::algo::portfolio::Portfolio;
use crate::solver::algo::pull_greedy::PullGreedy;
use crate::solver::algo::talking_stones::TalkingStones;
use crate::solver::analysis::problem::Problem;
use crate::solver::bounds::LowerBound;
use crate::solver::config::{Config, Method, MoveSearch, Textbook};
use crate::solver::deadlock::{Deadlocks, PruneReason};
use crate::solver::inspect::trace::Tracer;
use crate::solver::model::interrupt::Interrupt;
use crate::solver::model::metric::Metric;
use crate::solver::search::expand::Expander;
use crate::solver::search::perimeter::Perimeter;
use crate::solver::search::pull_core::Pulls;
use crate::solver::search::{NoTrace, Observer, Recorder, Search};
use crate::solver::techniques::{Group, Technique};
use crate::solver::textbook::{self as book, Inspected, Pushes, Walks};
use std::sync::Arc;

impl Textbook {
    /// The textbook search as a method (its catalogue entry says the rest).
    pub fn method(self) -> Method {
        Method::Textbook(self)
    }

    /// The name after `book-` on the command line, e.g. `dfs:20`.
    pub fn name(self) -> String {
        let name = self.method().name();
        name.strip_prefix("book-").unwrap_or(&name).to_string()
    }

    /// The label tables use: `BFS`, `DFS(20)`, `A*`, `IDA*`.
    pub fn label(self) -> String {
        match self {
            Textbook::Bfs => "BFS".into(),
            Textbook::Dfs(d) => format!("DFS({d})"),
            Textbook::AStar => "A*".into(),
            Textbook::IdaStar => "IDA*".into(),
        }
    }
}

/// A method's number: what it means and the values it takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Param {
    /// What the number is, as the inspector's row names it ("Weight").
    pub meaning: &'static str,
    /// Its name in the command line's help (`wastar[:W]`).
    pub cli: &'static str,
    /// The value when none is given.
    pub default: u32,
    /// The least value (a smaller one given is raised to it).
    pub min: u32,
    /// The largest value the inspector offers.
    pub max_offered: u32,
}

/// When a method's solutions are the shortest by its metric (pushes, or moves for the
/// move-optimal methods).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Optimality {
    /// Always (breadth-first search, iterative deepening).
    Always,
    /// With an admissible lower bound.
    Admissible,
    /// With a consistent lower bound (the textbook's A*, which never re-opens a state).
    Consistent,
    /// Never claimed.
    Never,
}

/// What a method orders its frontier by: the number its nodes' `f` holds, which the
/// inspector and the lab name for what it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// f = g + h: the pushes so far and the lower bound of those left (A*, IDA*).
    Cost,
    /// f = g + h in moves: the moves so far and the push bound (every push is a move).
    Moves,
    /// The depth: pushes (or moves) from the start (breadth- and depth-first searches).
    Depth,
    /// A priority of the method's own, said in words (weighted A*'s g + W·h, greedy's h).
    Priority(&'static str),
}

impl Order {
    /// The column's name: `f`, `depth` or `priority`.
    pub fn name(self) -> &'static str {
        match self {
            Order::Cost | Order::Moves => "f",
            Order::Depth => "depth",
            Order::Priority(_) => "priority",
        }
    }

    /// What the number is, for a tooltip.
    pub fn meaning(self) -> &'static str {
        match self {
            Order::Cost => "f = g + h: the pushes so far and the lower bound of those left",
            Order::Moves => {
                "f = g + h: the moves so far and at least the moves left (the push bound: \
                 every push is a move); pushes break ties"
            }
            Order::Depth => "the depth: pushes (or moves) from the start",
            Order::Priority(what) => what,
        }
    }

    /// The number for a node `g` from the start with estimate `h`, when it follows from
    /// them alone.
    pub fn of(self, g: u32, h: u32) -> Option<u32> {
        match self {
            Order::Cost | Order::Moves => Some(g.saturating_add(h)),
            Order::Depth => Some(g),
            Order::Priority(_) => None,
        }
    }
}

/// A count the counters keep, as the inspector, its charts and the lab name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    /// Its one word (or words).
    pub name: &'static str,
    /// What it counts, for a tooltip.
    pub meaning: &'static str,
}

/// The states a search's table holds.
const SEEN: Count = Count {
    name: "seen",
    meaning: "States stored: expanded or waiting to be (the search's table of positions)",
};

/// The textbook's closed set.
const CLOSED: Count =
    Count { name: "closed", meaning: "States expanded: the closed set (open states not counted)" };

/// The textbook IDA*'s path (it keeps no closed set).
const ON_PATH: Count = Count {
    name: "on the path",
    meaning: "Nodes expanded on the current path (IDA* keeps no closed set)",
};

/// How a method's expander is set up from the user's configuration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Policy {
    /// Whether the tunnel and goal macros may be on (a macro's pushes count as one step,
    /// so a method that claims optimality has them off).
    pub macros: bool,
    /// The bound the method always uses, whatever the configuration says.
    pub bound: Option<LowerBound>,
    /// Whether the method prunes nothing unless the `seed-pruning` technique asks for it
    /// (Van Lishout's methods, as his thesis runs them).
    pub seed: bool,
    /// Whether it counts moves: PI-corral pruning is off (pushing a corral's box first may
    /// lengthen the walks).
    pub moves: bool,
}

impl Policy {
    /// The configuration's settings, macros off.
    const PLAIN: Policy = Policy { macros: false, bound: None, seed: false, moves: false };
}

/// Everything the program knows about one search method.
pub struct MethodInfo {
    /// The command-line name (before `:` and the parameter).
    pub name: &'static str,
    /// What the method is, in the words of the inspector's menu; `{}` stands for the
    /// parameter.
    pub label: &'static str,
    /// One line for the command line's help.
    pub summary: &'static str,
    /// The method's number, if it takes one.
    pub param: Option<Param>,
    /// When its solutions are the shortest by its metric (pushes; moves for `moves-*`).
    pub optimal: Optimality,
    /// Whether it is depth-first: it stores only the current path, so node ids are reused
    /// and the history cannot show the nodes of past expansions.
    pub depth_first: bool,
    /// Whether it holds little more than its path, so that the memory limit never stops it
    /// (the command line gives it a time limit when none is set).
    pub flat_memory: bool,
    /// What the counters' `bound` is for this method ("depth", "cost bound", "best f").
    pub bound_name: &'static str,
    /// What it orders its frontier by (what its nodes' `f` is).
    pub order: Order,
    /// Which node it expands next, in words, for predict mode (which offers the methods
    /// that have it).
    pub picks: Option<&'static str>,
    /// What the counters' `closed` counts for this method, and its name.
    pub stored: Count,
    /// How its expander is set up (none for the pull searches and `auto`).
    pub policy: Policy,
    /// The groups of techniques it uses (the macros and seed pruning also as its policy
    /// says): the switches that apply to it.
    pub groups: &'static [Group],
    /// Its search, built.
    pub(crate) build: Build,
    /// The method with parameter `n` (ignored by a method without one).
    make: fn(u32) -> Method,
}

impl std::fmt::Debug for MethodInfo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MethodInfo").field("name", &self.name).finish()
    }
}

impl MethodInfo {
    /// The method with its default parameter.
    pub fn method(&self) -> Method {
        (self.make)(self.param.map_or(0, |p| p.default))
    }

    /// The method with parameter `n` (raised to the least value the method takes).
    pub fn with_param(&self, n: u32) -> Method {
        (self.make)(self.param.map_or(0, |p| n.max(p.min)))
    }

    /// The command-line form: `wastar[:W]`.
    pub fn usage(&self) -> String {
        match self.param {
            Some(p) => format!("{}[:{}]", self.name, p.cli),
            None => self.name.to_string(),
        }
    }

    /// Whether technique `t` changes what this method does (the inspector offers only
    /// those switches).
    pub fn uses(&self, t: Technique) -> bool {
        if t == Technique::PiCorrals && self.policy.moves {
            return false;
        }
        match t.group() {
            Group::Macros => self.policy.macros || self.groups.contains(&Group::Macros),
            Group::Seed => self.policy.seed,
            g => self.groups.contains(&g),
        }
    }

    /// Whether the pruning rule `reason` can cut this method's children (the stalled-subtree
    /// patterns are learned by feature-space search alone).
    pub fn prunes_with(&self, reason: PruneReason) -> bool {
        reason != PruneReason::Stalled || self.groups.contains(&Group::Fess)
    }

    /// Whether a solution it finds is the shortest by its metric with a bound that is
    /// `admissible` and `consistent`.
    pub fn claims_optimal(&self, admissible: bool, consistent: bool) -> bool {
        match self.optimal {
            Optimality::Always => true,
            Optimality::Admissible => admissible,
            Optimality::Consistent => consistent,
            Optimality::Never => false,
        }
    }
}

/// Every method, in the order menus and help list them.
pub const METHODS: [&MethodInfo; 21] = [
    &AUTO,
    &BFS,
    &DFS,
    &ITERATIVE_DEEPENING,
    &GREEDY,
    &ASTAR,
    &IDA_STAR,
    &WEIGHTED_ASTAR,
    &FESS,
    &BACKWARD,
    &PULL,
    &STONE_BY_STONE,
    &TALKING_STONES,
    &PLANNER,
    &BOOK_BFS,
    &BOOK_DFS,
    &BOOK_ASTAR,
    &BOOK_IDA_STAR,
    &MOVES_BFS,
    &MOVES_ASTAR,
    &MOVES_IDA_STAR,
];

impl Method {
    /// The depth limit `dfs` and `book-dfs` use when none is given.
    pub const DFS_LIMIT: u32 = 300;

    /// The sub-problem depth limit `planner` uses when none is given (Tableau 6.1's first
    /// campaign).
    pub const PLANNER_LIMIT: u32 = 5;

    /// The cap of failed tests `talking-stones` uses when none is given (Table 4.1's).
    pub const TALKING_STONES_CAP: u32 = 20_000;

    /// The method's catalogue entry: the entry of [`METHODS`] that makes it.
    pub fn info(self) -> &'static MethodInfo {
        let n = self.param().unwrap_or(0);
        let entry = METHODS.iter().find(|m| (m.make)(n) == self);
        entry.expect("every method has its entry in METHODS")
    }

    /// The method's number, if it takes one.
    pub fn param(self) -> Option<u32> {
        match self {
            Method::WeightedAStar(n)
            | Method::Dfs(n)
            | Method::TalkingStones(n)
            | Method::Planner(n)
            | Method::Textbook(Textbook::Dfs(n)) => Some(n),
            _ => None,
        }
    }

    /// The method for a command-line name: an entry's name, with `:N` for a method that
    /// takes a number (its default otherwise).
    pub fn from_name(name: &str) -> Option<Method> {
        let (base, arg) = match name.split_once(':') {
            Some((b, a)) => (b, Some(a.parse::<u32>().ok()?)),
            None => (name, None),
        };
        let info = METHODS.iter().find(|m| m.name == base)?;
        match (info.param, arg) {
            (None, Some(_)) => None,
            (_, Some(n)) => Some(info.with_param(n)),
            (_, None) => Some(info.method()),
        }
    }

    /// The command-line name, with the parameter: `wastar:3`.
    pub fn name(self) -> String {
        match self.param() {
            Some(n) => format!("{}:{n}", self.info().name),
            None => self.info().name.to_string(),
        }
    }

    /// The inspector's name for it: `weighted A* (w = 3)`.
    pub fn label(self) -> String {
        let label = self.info().label;
        match self.param() {
            Some(n) => label.replace("{}", &n.to_string()),
            None => label.to_string(),
        }
    }

    /// Whether `self` and `other` are the same method, whatever their parameters.
    pub fn same_method(self, other: Method) -> bool {
        std::ptr::eq(self.info(), other.info())
    }

    /// Whether the search holds little more than its path (see [`MethodInfo::flat_memory`]).
    pub fn flat_memory(self) -> bool {
        self.info().flat_memory
    }

    /// Whether the search is depth-first (see [`MethodInfo::depth_first`]).
    pub fn depth_first(self) -> bool {
        self.info().depth_first
    }

    /// What its optimality counts: moves for the move-optimal methods, else pushes.
    pub fn metric(self) -> Metric {
        match self {
            Method::Moves(_) => Metric::Moves,
            _ => Metric::Pushes,
        }
    }

    /// The same search counting `metric` (`--metric`): `astar`, `idastar` and `bfs` and
    /// their move-optimal forms; `None` for a method with no such form.
    pub fn with_metric(self, metric: Metric) -> Option<Method> {
        let (on_pushes, on_moves) = match self {
            Method::AStar | Method::Moves(MoveSearch::AStar) => (Method::AStar, MoveSearch::AStar),
            Method::IdaStar | Method::Moves(MoveSearch::IdaStar) => {
                (Method::IdaStar, MoveSearch::IdaStar)
            }
            Method::Bfs | Method::Moves(MoveSearch::Bfs) => (Method::Bfs, MoveSearch::Bfs),
            other => return (metric == Metric::Pushes).then_some(other),
        };
        Some(match metric {
            Metric::Pushes => on_pushes,
            Metric::Moves => Method::Moves(on_moves),
        })
    }
}

/// What a builder is given: the level analysed, the user's configuration, the stop flag,
/// the perimeter the level's searches share, and the method's expander policy.
pub(crate) struct Parts<'a> {
    /// The level analysed.
    pub problem: Problem,
    /// The user's configuration.
    pub config: &'a Config,
    /// The stop flag the search keeps.
    pub interrupt: &'a Interrupt,
    /// The table the level's searches share.
    pub perimeter: &'a Arc<Perimeter>,
    /// The method's expander policy.
    pub policy: Policy,
}

impl<'a> Parts<'a> {
    /// The parts of a search of `problem` with `config`, stopped by `interrupt`, sharing
    /// `perimeter` (the method's policy is set when it is built).
    pub fn new(
        problem: Problem,
        config: &'a Config,
        interrupt: &'a Interrupt,
        perimeter: &'a Arc<Perimeter>,
    ) -> Self {
        Parts { problem, config, interrupt, perimeter, policy: Policy::PLAIN }
    }

    /// The expander the method searches with: the configuration's detectors, techniques and
    /// bound, changed as the policy says.
    pub fn expander(self) -> Expander {
        let (config, policy) = (self.config, self.policy);
        let mut techniques = config.techniques;
        if !policy.macros {
            techniques.set(Technique::TunnelMacros, false);
            techniques.set(Technique::GoalMacros, false);
        }
        if policy.moves {
            techniques.set(Technique::PiCorrals, false);
        }
        let mut bound = policy.bound.unwrap_or(config.lower_bound);
        let mut deadlocks = config.deadlocks;
        if policy.seed && !techniques.on(Technique::SeedPruning) {
            // As in the thesis: no pruning (this bound is never infinite).
            (bound, deadlocks) = (LowerBound::BoxesOffGoal, Deadlocks::NONE);
            techniques.set(Technique::PiCorrals, false);
        }
        Expander::new(self.problem, deadlocks, techniques, bound, self.interrupt)
    }
}

/// A builder: the method's parameter (0 when it has none), its parts and the observer.
type BuildFn<O> = fn(u32, Parts<'_>, O) -> Box<dyn Search>;

/// A method's builder for each observer a search may be traced by.
#[doc(hidden)]
pub struct Build {
    plain: BuildFn<NoTrace>,
    recorded: BuildFn<Recorder>,
    traced: BuildFn<Tracer>,
}

/// The [`Build`] of a generic builder function.
macro_rules! builders {
    ($f:ident) => {
        $crate::solver::methods::Build {
            plain: $f::<$crate::solver::search::NoTrace>,
            recorded: $f::<$crate::solver::search::Recorder>,
            traced: $f::<$crate::solver::inspect::trace::Tracer>,
        }
    };
}
pub(crate) use builders;

/// One builder of a [`Build`].
#[doc(hidden)]
pub struct Builder<O>(BuildFn<O>);

/// An observer a search can be built with: [`NoTrace`], [`Recorder`] or [`Tracer`].
pub trait Traced: Observer + Clone + 'static {
    /// Its builder among `build`'s.
    #[doc(hidden)]
    fn pick(build: &Build) -> Builder<Self>;
}

impl Traced for NoTrace {
    fn pick(build: &Build) -> Builder<Self> {
        Builder(build.plain)
    }
}

impl Traced for Recorder {
    fn pick(build: &Build) -> Builder<Self> {
        Builder(build.recorded)
    }
}

impl Traced for Tracer {
    fn pick(build: &Build) -> Builder<Self> {
        Builder(build.traced)
    }
}

/// Builds `method` from `parts` (its policy is the method's own), traced by `observer`.
pub(crate) fn build<O: Traced>(
    method: Method,
    mut parts: Parts<'_>,
    observer: O,
) -> Box<dyn Search> {
    let info = method.info();
    parts.policy = info.policy;
    O::pick(&info.build).0(method.param().unwrap_or(0), parts, observer)
}

static AUTO: MethodInfo = MethodInfo {
    name: "auto",
    label: "auto (portfolio)",
    summary: "the strongest any-solution strategy: FESS, greedy search, A* and the pull search \
              (on every thread it is given)",
    param: None,
    optimal: Optimality::Never,
    depth_first: false,
    flat_memory: false,
    bound_name: "best f",
    order: Order::Priority("each strategy's own priority"),
    picks: None,
    stored: SEEN,
    policy: Policy::PLAIN,
    groups: &[Group::Pushes, Group::Macros, Group::Fess, Group::Portfolio, Group::Perimeter],
    build: builders!(auto),
    make: |_| Method::Auto,
};

/// `auto` on one thread: the recipe's one-thread members in turns by expansions.
fn auto<O: Traced>(_: u32, parts: Parts<'_>, observer: O) -> Box<dyn Search> {
    let members = auto::members(parts.config, Form::Alone)
        .into_iter()
        .map(|m| {
            let search = auto_member(&m, parts.with_problem(), observer.clone());
            (m.name, search)
        })
        .collect();
    Box::new(Portfolio::new(members))
}

impl Parts<'_> {
    /// The same parts with a copy of the problem, for one more search of the level.
    pub fn with_problem(&self) -> Parts<'_> {
        Parts {
            problem: self.problem.clone(),
            config: self.config,
            interrupt: self.interrupt,
            perimeter: self.perimeter,
            policy: self.policy,
        }
    }
}

static ASTAR: MethodInfo = MethodInfo {
    name: "astar",
    label: "A*",
    summary: "A* on g + h: push-optimal with an admissible bound",
    param: None,
    optimal: Optimality::Admissible,
    depth_first: false,
    flat_memory: false,
    bound_name: "best f",
    order: Order::Cost,
    picks: Some(
        "the open node with the lowest f = g + h; on a tie, the one with the lower h, then the one stored last",
    ),
    stored: SEEN,
    policy: Policy::PLAIN,
    groups: &[Group::Pushes],
    build: builders!(astar),
    make: |_| Method::AStar,
};

fn astar<O: Traced>(_: u32, parts: Parts<'_>, observer: O) -> Box<dyn Search> {
    Box::new(BestFirst::new(parts.expander(), Priority::AStar, observer))
}

static IDA_STAR: MethodInfo = MethodInfo {
    name: "idastar",
    label: "IDA*",
    summary: "IDA* with a transposition table: push-optimal with an admissible bound",
    param: None,
    optimal: Optimality::Admissible,
    depth_first: true,
    flat_memory: false,
    bound_name: "cost bound",
    order: Order::Cost,
    picks: Some(
        "the next child, in order, of the deepest node, if its f = g + h is within the bound and it was not reached before in as few pushes; when none is left the search backs up, and when the tree is done it starts again with the lowest f that was over the bound",
    ),
    stored: SEEN,
    policy: Policy::PLAIN,
    groups: &[Group::Pushes],
    build: builders!(ida_star),
    make: |_| Method::IdaStar,
};

fn ida_star<O: Traced>(_: u32, parts: Parts<'_>, observer: O) -> Box<dyn Search> {
    Box::new(DepthFirst::new(parts.expander(), Limit::Cost, observer))
}

static WEIGHTED_ASTAR: MethodInfo = MethodInfo {
    name: "wastar",
    label: "weighted A* (w = {})",
    summary: "weighted A* on g + W·h, with tunnel and goal macros",
    param: Some(Param { meaning: "Weight", cli: "W", default: 3, min: 1, max_offered: 20 }),
    optimal: Optimality::Never,
    depth_first: false,
    flat_memory: false,
    bound_name: "best f",
    order: Order::Priority("g + W·h: the pushes so far and the weighted bound"),
    picks: Some(
        "the open node with the lowest g + W·h; on a tie, the one with the lower h, then the one stored last",
    ),
    stored: SEEN,
    policy: Policy { macros: true, ..Policy::PLAIN },
    groups: &[Group::Pushes],
    build: builders!(weighted_astar),
    make: Method::WeightedAStar,
};

fn weighted_astar<O: Traced>(w: u32, parts: Parts<'_>, observer: O) -> Box<dyn Search> {
    Box::new(BestFirst::new(parts.expander(), Priority::Weighted(w), observer))
}

static GREEDY: MethodInfo = MethodInfo {
    name: "greedy",
    label: "greedy best-first",
    summary: "greedy best-first on h, with tunnel and goal macros",
    param: None,
    optimal: Optimality::Never,
    depth_first: false,
    flat_memory: false,
    bound_name: "best h",
    order: Order::Priority("h: the lower bound of the pushes left"),
    picks: Some(
        "the open node with the lowest h (the pushes so far do not count); on a tie, the one stored last",
    ),
    stored: SEEN,
    policy: Policy { macros: true, ..Policy::PLAIN },
    groups: &[Group::Pushes],
    build: builders!(greedy),
    make: |_| Method::Greedy,
};

fn greedy<O: Traced>(_: u32, parts: Parts<'_>, observer: O) -> Box<dyn Search> {
    Box::new(BestFirst::new(parts.expander(), Priority::Greedy, observer))
}

static BFS: MethodInfo = MethodInfo {
    name: "bfs",
    label: "breadth-first",
    summary: "breadth-first on pushes: push-optimal",
    param: None,
    optimal: Optimality::Always,
    depth_first: false,
    flat_memory: false,
    bound_name: "depth",
    order: Order::Depth,
    picks: Some(
        "the open node stored first (first in, first out): the shallowest, in the order the nodes were stored",
    ),
    stored: SEEN,
    policy: Policy::PLAIN,
    groups: &[Group::Pushes],
    build: builders!(bfs),
    make: |_| Method::Bfs,
};

fn bfs<O: Traced>(_: u32, parts: Parts<'_>, observer: O) -> Box<dyn Search> {
    Box::new(Bfs::new(parts.expander(), observer))
}

static DFS: MethodInfo = MethodInfo {
    name: "dfs",
    label: "depth-first (limit {})",
    summary: "depth-first with a push limit",
    param: Some(Param {
        meaning: "Depth limit",
        cli: "DEPTH",
        default: Method::DFS_LIMIT,
        min: 0,
        max_offered: 2000,
    }),
    optimal: Optimality::Never,
    depth_first: true,
    flat_memory: true,
    bound_name: "depth limit",
    order: Order::Depth,
    picks: Some(
        "the next child, in order, of the deepest node, if it is within the depth limit and was not reached before in as few pushes; when none is left the search backs up (last in, first out)",
    ),
    stored: SEEN,
    policy: Policy::PLAIN,
    groups: &[Group::Pushes],
    build: builders!(dfs),
    make: Method::Dfs,
};

fn dfs<O: Traced>(limit: u32, parts: Parts<'_>, observer: O) -> Box<dyn Search> {
    Box::new(DepthFirst::new(parts.expander(), Limit::Depth(limit), observer))
}

static ITERATIVE_DEEPENING: MethodInfo = MethodInfo {
    name: "iddfs",
    label: "iterative deepening",
    summary: "iterative deepening on pushes: push-optimal",
    param: None,
    optimal: Optimality::Always,
    depth_first: true,
    flat_memory: true,
    bound_name: "depth limit",
    order: Order::Depth,
    picks: Some(
        "the next child, in order, of the deepest node, if it is within the depth limit and was not reached before in as few pushes; when none is left the search backs up, and when the tree is done it starts again with the limit one deeper",
    ),
    stored: SEEN,
    policy: Policy::PLAIN,
    groups: &[Group::Pushes],
    build: builders!(iterative_deepening),
    make: |_| Method::IterativeDeepening,
};

fn iterative_deepening<O: Traced>(_: u32, parts: Parts<'_>, observer: O) -> Box<dyn Search> {
    Box::new(DepthFirst::new(parts.expander(), Limit::Deepening, observer))
}

static FESS: MethodInfo = MethodInfo {
    name: "fess",
    label: "FESS (feature-space search)",
    summary: "feature-space search (FESS) over macro moves, on the matching bound",
    param: None,
    optimal: Optimality::Never,
    depth_first: false,
    flat_memory: false,
    bound_name: "weight",
    order: Order::Priority("the weight of the move that reached it"),
    picks: None,
    stored: SEEN,
    policy: Policy { bound: Some(LowerBound::Matching), ..Policy::PLAIN },
    groups: &[Group::Pushes, Group::Fess, Group::Perimeter],
    build: builders!(fess),
    make: |_| Method::Fess,
};

fn fess<O: Traced>(_: u32, parts: Parts<'_>, observer: O) -> Box<dyn Search> {
    let (shared, line) = (parts.perimeter.clone(), parts.config.follow.clone());
    Box::new(Fess::new(parts.expander(), observer).sharing(shared).following(line.as_deref()))
}

static BACKWARD: MethodInfo = MethodInfo {
    name: "backward",
    label: "backward packing search (FESS's plan, pulls)",
    summary: "the backward packing search from the solved position: FESS's plan, not a \
              solution (unless its line meets the start)",
    param: None,
    optimal: Optimality::Never,
    depth_first: false,
    flat_memory: false,
    bound_name: "best f",
    order: Order::Priority("the backward search's key: boxes left, then pulls"),
    picks: None,
    stored: SEEN,
    policy: Policy::PLAIN,
    groups: &[Group::Perimeter],
    build: builders!(backward),
    make: |_| Method::Backward,
};

fn backward<O: Traced>(_: u32, parts: Parts<'_>, observer: O) -> Box<dyn Search> {
    let Parts { problem, config, interrupt, perimeter, .. } = parts;
    let (shared, deadlocks) = (perimeter.clone(), config.deadlocks);
    Box::new(Pulls(Backward::new(problem, shared, true, deadlocks, interrupt, observer)))
}

static PULL: MethodInfo = MethodInfo {
    name: "pull",
    label: "greedy pull search (towards the start)",
    summary: "greedy pull search from the solved position towards the start",
    param: None,
    optimal: Optimality::Never,
    depth_first: false,
    flat_memory: false,
    bound_name: "best f",
    order: Order::Priority("the matching distance to the start's boxes"),
    picks: None,
    stored: SEEN,
    policy: Policy::PLAIN,
    groups: &[Group::Perimeter],
    build: builders!(pull),
    make: |_| Method::Pull,
};

fn pull<O: Traced>(_: u32, parts: Parts<'_>, observer: O) -> Box<dyn Search> {
    let Parts { problem, config, interrupt, perimeter, .. } = parts;
    let (shared, deadlocks) = (perimeter.clone(), config.deadlocks);
    Box::new(Pulls(PullGreedy::new(problem, shared, deadlocks, interrupt, observer)))
}

static STONE_BY_STONE: MethodInfo = MethodInfo {
    name: "stone-by-stone",
    label: "stone by stone (Van Lishout)",
    summary: "Van Lishout's stone-by-stone protocol on the start position alone",
    param: None,
    optimal: Optimality::Never,
    depth_first: true,
    flat_memory: false,
    bound_name: "depth limit",
    order: Order::Depth,
    picks: None,
    stored: SEEN,
    policy: Policy { seed: true, ..Policy::PLAIN },
    groups: &[Group::Pushes],
    build: builders!(stone_by_stone),
    make: |_| Method::StoneByStone,
};

fn stone_by_stone<O: Traced>(_: u32, parts: Parts<'_>, observer: O) -> Box<dyn Search> {
    Box::new(TalkingStones::new(parts.expander(), false, 1, observer))
}

static TALKING_STONES: MethodInfo = MethodInfo {
    name: "talking-stones",
    label: "Talking Stones (cap {} failed tests)",
    summary: "Van Lishout's Talking Stones: iterative deepening until a position passes the \
              stone-by-stone test, giving up after CAP failed tests",
    param: Some(Param {
        meaning: "Cap of failed tests",
        cli: "CAP",
        default: Method::TALKING_STONES_CAP,
        min: 1,
        max_offered: 10_000_000,
    }),
    optimal: Optimality::Never,
    depth_first: true,
    flat_memory: false,
    bound_name: "depth limit",
    order: Order::Depth,
    picks: None,
    stored: SEEN,
    policy: Policy { seed: true, ..Policy::PLAIN },
    groups: &[Group::Pushes],
    build: builders!(talking_stones),
    make: Method::TalkingStones,
};

fn talking_stones<O: Traced>(cap: u32, parts: Parts<'_>, observer: O) -> Box<dyn Search> {
    Box::new(TalkingStones::new(parts.expander(), true, cap, observer))
}

static PLANNER: MethodInfo = MethodInfo {
    name: "planner",
    label: "Demaret's planner (sub-problems to {} moves)",
    summary: "Demaret's planner: the goals filled one at a time in the schedule's order, \
              each sub-problem after the first cut at DEPTH moves",
    param: Some(Param {
        meaning: "Sub-problem depth",
        cli: "DEPTH",
        default: Method::PLANNER_LIMIT,
        min: 0,
        max_offered: 100,
    }),
    optimal: Optimality::Never,
    depth_first: false,
    flat_memory: false,
    bound_name: "best f",
    order: Order::Depth,
    picks: None,
    stored: SEEN,
    policy: Policy::PLAIN,
    groups: &[Group::Pushes, Group::Planner],
    build: builders!(planner),
    make: Method::Planner,
};

fn planner<O: Traced>(limit: u32, parts: Parts<'_>, observer: O) -> Box<dyn Search> {
    let (forced, parking) = (parts.config.ordering, parts.config.parking);
    Box::new(Planner::new(parts.expander(), limit, forced, parking, observer))
}

static BOOK_BFS: MethodInfo = MethodInfo {
    name: "book-bfs",
    label: "textbook BFS",
    summary: "the textbook's breadth-first search, the goal tested on generation",
    param: None,
    optimal: Optimality::Always,
    depth_first: false,
    flat_memory: false,
    bound_name: "depth",
    order: Order::Depth,
    picks: Some("the open node stored first (first in, first out)"),
    stored: CLOSED,
    policy: Policy::PLAIN,
    groups: &[Group::Pushes],
    build: builders!(book_bfs),
    make: |_| Method::Textbook(Textbook::Bfs),
};

fn book_bfs<O: Traced>(_: u32, parts: Parts<'_>, observer: O) -> Box<dyn Search> {
    let p = Pushes { expander: parts.expander() };
    Box::new(Inspected::new(book::Bfs::new(p, O::ENABLED), observer))
}

static BOOK_DFS: MethodInfo = MethodInfo {
    name: "book-dfs",
    label: "textbook DFS (bound {})",
    summary: "the textbook's depth-first search with a closed set, storing nothing DEPTH \
              moves deep",
    param: Some(Param {
        meaning: "Depth bound",
        cli: "DEPTH",
        default: Method::DFS_LIMIT,
        min: 0,
        max_offered: 2000,
    }),
    optimal: Optimality::Never,
    depth_first: false,
    flat_memory: false,
    bound_name: "depth bound",
    order: Order::Depth,
    picks: Some(
        "the open node stored last (last in, first out), its children not stored beyond the depth limit",
    ),
    stored: CLOSED,
    policy: Policy::PLAIN,
    groups: &[Group::Pushes],
    build: builders!(book_dfs),
    make: |d| Method::Textbook(Textbook::Dfs(d)),
};

fn book_dfs<O: Traced>(bound: u32, parts: Parts<'_>, observer: O) -> Box<dyn Search> {
    let p = Pushes { expander: parts.expander() };
    Box::new(Inspected::new(book::Dfs::new(p, bound, O::ENABLED), observer))
}

static BOOK_ASTAR: MethodInfo = MethodInfo {
    name: "book-astar",
    label: "textbook A*",
    summary: "the textbook's A*, the goal tested on removal, closed states never re-opened",
    param: None,
    optimal: Optimality::Consistent,
    depth_first: false,
    flat_memory: false,
    bound_name: "best f",
    order: Order::Cost,
    picks: Some("the open node with the lowest f = g + h; on a tie, the one stored first"),
    stored: CLOSED,
    policy: Policy::PLAIN,
    groups: &[Group::Pushes],
    build: builders!(book_astar),
    make: |_| Method::Textbook(Textbook::AStar),
};

fn book_astar<O: Traced>(_: u32, parts: Parts<'_>, observer: O) -> Box<dyn Search> {
    let p = Pushes { expander: parts.expander() };
    Box::new(Inspected::new(book::AStar::new(p, O::ENABLED), observer))
}

static BOOK_IDA_STAR: MethodInfo = MethodInfo {
    name: "book-idastar",
    label: "textbook IDA*",
    summary: "the textbook's IDA* with Korf's bound rule",
    param: None,
    optimal: Optimality::Admissible,
    depth_first: true,
    flat_memory: true,
    bound_name: "cost bound",
    order: Order::Cost,
    picks: Some(
        "the next child, depth first, whose f = g + h is within the bound; when the tree is done the search starts again with the lowest f that was over the bound",
    ),
    stored: ON_PATH,
    policy: Policy::PLAIN,
    groups: &[Group::Pushes],
    build: builders!(book_ida_star),
    make: |_| Method::Textbook(Textbook::IdaStar),
};

fn book_ida_star<O: Traced>(_: u32, parts: Parts<'_>, observer: O) -> Box<dyn Search> {
    let p = Pushes { expander: parts.expander() };
    Box::new(Inspected::new(book::IdaStar::new(p, O::ENABLED), observer))
}

static MOVES_BFS: MethodInfo = MethodInfo {
    name: "moves-bfs",
    label: "BFS on moves",
    summary: "breadth-first on moves (`bfs --metric moves`): positions in order of the moves \
              that reach them, pushes breaking ties; move-optimal",
    param: None,
    optimal: Optimality::Always,
    depth_first: false,
    flat_memory: false,
    bound_name: "moves",
    order: Order::Priority("the moves so far (pushes break ties)"),
    picks: None,
    stored: CLOSED,
    policy: Policy { moves: true, ..Policy::PLAIN },
    groups: &[Group::Pushes],
    build: builders!(moves_bfs),
    make: |_| Method::Moves(MoveSearch::Bfs),
};

/// The level's pushes costed by their walks, moves first, with or without the estimate.
fn walks(parts: Parts<'_>, estimate: bool) -> Walks {
    Walks::new(parts.expander(), None, Metric::Moves, Walks::WEIGHT, estimate)
}

fn moves_bfs<O: Traced>(_: u32, parts: Parts<'_>, observer: O) -> Box<dyn Search> {
    Box::new(Inspected::new(book::AStar::new(walks(parts, false), O::ENABLED), observer))
}

static MOVES_ASTAR: MethodInfo = MethodInfo {
    name: "moves-astar",
    label: "A* on moves",
    summary: "A* on moves (`astar --metric moves`): the walks cost moves, pushes break ties; \
              move-optimal with an admissible bound",
    param: None,
    optimal: Optimality::Consistent,
    depth_first: false,
    flat_memory: false,
    bound_name: "best f",
    order: Order::Moves,
    picks: None,
    stored: CLOSED,
    policy: Policy { moves: true, ..Policy::PLAIN },
    groups: &[Group::Pushes],
    build: builders!(moves_astar),
    make: |_| Method::Moves(MoveSearch::AStar),
};

fn moves_astar<O: Traced>(_: u32, parts: Parts<'_>, observer: O) -> Box<dyn Search> {
    Box::new(Inspected::new(book::AStar::new(walks(parts, true), O::ENABLED), observer))
}

static MOVES_IDA_STAR: MethodInfo = MethodInfo {
    name: "moves-idastar",
    label: "IDA* on moves",
    summary: "IDA* on moves (`idastar --metric moves`), Korf's bound rule, no transposition \
              table: move-optimal with an admissible bound",
    param: None,
    optimal: Optimality::Admissible,
    depth_first: true,
    flat_memory: true,
    bound_name: "cost bound",
    order: Order::Moves,
    picks: None,
    stored: ON_PATH,
    policy: Policy { moves: true, ..Policy::PLAIN },
    groups: &[Group::Pushes],
    build: builders!(moves_ida_star),
    make: |_| Method::Moves(MoveSearch::IdaStar),
};

fn moves_ida_star<O: Traced>(_: u32, parts: Parts<'_>, observer: O) -> Box<dyn Search> {
    Box::new(Inspected::new(book::IdaStar::new(walks(parts, true), O::ENABLED), observer))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entry_is_the_entry_of_the_method_it_makes() {
        for info in METHODS {
            let method = info.method();
            assert!(std::ptr::eq(method.info(), info), "{}", info.name);
            assert_eq!(Method::from_name(info.name), Some(method), "{}", info.name);
            assert_eq!(Method::from_name(&method.name()), Some(method), "{}", info.name);
            if let Some(p) = info.param {
                assert_eq!(method.param(), Some(p.default), "{}", info.name);
                let n = p.min + 7;
                assert_eq!(
                    Method::from_name(&format!("{}:{n}", info.name)).unwrap().param(),
                    Some(n)
                );
                assert!(method.label().contains(&p.default.to_string()), "{}", method.label());
            } else {
                assert_eq!(method.param(), None, "{}", info.name);
                assert_eq!(Method::from_name(&format!("{}:3", info.name)), None);
                assert!(!info.label.contains("{}"), "{}", info.label);
            }
        }
        let names: std::collections::HashSet<_> = METHODS.iter().map(|m| m.name).collect();
        assert_eq!(names.len(), METHODS.len(), "names are unique");
        assert_eq!(Method::from_name("wastar:0"), Some(Method::WeightedAStar(1)), "min 1");
        assert_eq!(Method::from_name("nosuch"), None);
        assert_eq!(Method::from_name("dfs:x"), None);
    }

    #[test]
    fn the_metric_names_the_move_optimal_form_of_astar_idastar_and_bfs_alone() {
        let pairs = [
            (Method::AStar, MoveSearch::AStar),
            (Method::IdaStar, MoveSearch::IdaStar),
            (Method::Bfs, MoveSearch::Bfs),
        ];
        for (on_pushes, on_moves) in pairs {
            let moves = Method::Moves(on_moves);
            assert_eq!(on_pushes.with_metric(Metric::Moves), Some(moves));
            assert_eq!(moves.with_metric(Metric::Pushes), Some(on_pushes));
            assert_eq!(moves.with_metric(Metric::Moves), Some(moves));
            assert_eq!((moves.metric(), on_pushes.metric()), (Metric::Moves, Metric::Pushes));
            assert!(!moves.info().uses(Technique::PiCorrals), "{}", moves.name());
        }
        assert_eq!(Method::Fess.with_metric(Metric::Moves), None);
        assert_eq!(Method::Fess.with_metric(Metric::Pushes), Some(Method::Fess));
    }
}
