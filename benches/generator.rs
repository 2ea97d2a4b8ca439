//! The level generator beside Microban: for each size and box count an author asks for,
//! levels made a minute (one core) and the median of each measure of the rating (pushes,
//! box lines, box changes, reference effort, difficulty), beside the medians of Microban's
//! levels with as many boxes, and the share of those Microban levels rated below the
//! generated set's median difficulty. Every generated level's saved solution is replayed
//! and its push count checked against A*'s.
//!
//! `cargo bench --bench generator` makes 20 levels of each spec from seed 1; `--count K`,
//! `--seed S` and `--only WxH/N` change that. Microban comes from
//! `../shared/levels/microban-155.xsb` (or `$SOKOLAB_LEVELS`); without it the generated
//! side is printed alone.

#[path = "../tests/common/mod.rs"]
mod common;

use sokolab::level::format::load_file;
use sokolab::level::moves::parse_lurd;
use sokolab::level::{Level, replay};
use sokolab::solver::generate::{Generated, Spec, generate};
use sokolab::solver::rating::{Rating, TIME_LIMIT, rate};
use sokolab::solver::{Config, Limits, Method, Outcome, solve};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// The specs measured: width, height, boxes.
const SPECS: [(usize, usize, usize); 5] =
    [(7, 7, 2), (7, 7, 3), (8, 8, 3), (10, 10, 4), (12, 12, 6)];

/// A* expansions allowed to check a generated level's optimum.
const ASTAR_NODES: u64 = 2_000_000;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1));
    let count: usize = value("--count").map_or(20, |s| s.parse().expect("--count K"));
    let seed: u64 = value("--seed").map_or(1, |s| s.parse().expect("--seed S"));
    let only = value("--only");
    let microban = microban();
    let none = AtomicBool::new(false);
    println!(
        "spec       levels/min  A* agrees  pushes       box lines    box changes  effort       \
         difficulty    above"
    );
    println!(
        "                                   gen  Micro   gen  Micro   gen  Micro   gen  Micro   \
         gen  Micro  Micro"
    );
    for (w, h, boxes) in SPECS {
        let name = format!("{w}x{h}/{boxes}");
        if only.is_some_and(|o| *o != name) {
            continue;
        }
        let start = Instant::now();
        let made = generate(Spec::new(w, h, boxes), seed, count, &none, &mut |_, _| {})
            .expect("the spec gives levels");
        let per_minute = made.len() as f64 * 60.0 / start.elapsed().as_secs_f64();
        let agrees = made.iter().filter(|g| verified(g, &none)).count();
        let ours: Vec<&Rating> = made.iter().filter_map(|g| g.rating.as_ref()).collect();
        let theirs: Vec<&Rating> =
            microban.iter().filter(|(b, _)| *b == boxes).map(|(_, r)| r).collect();
        let cell = |measure: fn(&Rating) -> Option<f64>| {
            let (a, b) = (median(&ours, measure), median(&theirs, measure));
            format!("{:>5} {:>6}", shown(a), shown(b))
        };
        // Where the generated set ranks among Microban's levels with as many boxes: the
        // share of them rated below its median difficulty.
        let rank = median(&ours, Rating::difficulty).and_then(|d| {
            let below = theirs.iter().filter(|r| r.difficulty().is_some_and(|x| x < d)).count();
            (!theirs.is_empty())
                .then(|| format!("{:.0} %", 100.0 * below as f64 / theirs.len() as f64))
        });
        println!(
            "{name:<10} {per_minute:>10.1}  {:>9}  {} {} {} {} {}  {:>6}",
            format!("{agrees}/{}", made.len()),
            cell(|r| r.best.map(|b| b.pushes as f64)),
            cell(|r| r.best.map(|b| b.box_lines as f64)),
            cell(|r| r.best.map(|b| b.box_changes as f64)),
            cell(|r| r.effort.map(|e| e as f64)),
            cell(|r| r.difficulty()),
            rank.unwrap_or("-".into()),
        );
    }
}

/// Whether `g`'s saved solution solves its level in `g.pushes` pushes and A* proves that
/// count the least.
fn verified(g: &Generated, none: &AtomicBool) -> bool {
    let Some(moves) = g.level.meta.solutions.first().and_then(|s| parse_lurd(s).ok()) else {
        return false;
    };
    let played = replay(&g.level, &moves);
    let limits = Limits { nodes: Some(ASTAR_NODES), ..Limits::default() };
    let astar = solve(&g.level, &Config::with_method(Method::AStar), &limits, none);
    played.solved
        && played.pushes == g.pushes
        && matches!(astar, Outcome::Solved(s, _) if s.optimal && s.pushes == g.pushes)
}

/// Microban's levels rated, each with its box count; empty (with a note) when absent.
fn microban() -> Vec<(usize, Rating)> {
    let Some(file) = common::level_file("microban-155.xsb") else {
        println!("note: Microban's column is left empty");
        return Vec::new();
    };
    let none = AtomicBool::new(false);
    let wanted: Vec<usize> = SPECS.iter().map(|s| s.2).collect();
    load_file(&file)
        .expect("Microban loads")
        .levels
        .iter()
        .filter(|l: &&Level| wanted.contains(&l.boxes().len()))
        .filter_map(|l| Some((l.boxes().len(), rate(l, Some(TIME_LIMIT), &none).ok()??)))
        .collect()
}

/// The median of `measure` over the ratings that have it.
fn median(ratings: &[&Rating], measure: fn(&Rating) -> Option<f64>) -> Option<f64> {
    let mut v: Vec<f64> = ratings.iter().filter_map(|r| measure(r)).collect();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    match n {
        0 => None,
        _ if n % 2 == 1 => Some(v[n / 2]),
        _ => Some((v[n / 2 - 1] + v[n / 2]) / 2.0),
    }
}

/// A median for the table, `-` when there is none.
fn shown(x: Option<f64>) -> String {
    x.map_or("-".into(), |x| format!("{x:.1}"))
}
