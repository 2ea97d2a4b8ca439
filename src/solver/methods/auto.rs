//! `auto`'s recipe: the strategies it runs, what the switches make of each, and where each
//! runs. Its one-thread form (a portfolio taking turns by expansions: `bench --jobs`, the
//! inspector) and its many-thread form ([`crate::solver::solve`]: one search on the first
//! thread, the others spread over the rest, sharing each by time) both read [`RECIPE`]
//! through [`members`].

use super::{Build, Method, Parts, Traced, build, builders};
use crate::solver::algo::fess::Fess;
use crate::solver::algo::portfolio::Turns;
use crate::solver::algo::targeted::Targeted;
use crate::solver::config::Config;
use crate::solver::search::Search;
use crate::solver::techniques::Technique;
use std::time::Duration;

/// Where `auto` runs a strategy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Form {
    /// All of them on one thread, in turns by expansions.
    Alone,
    /// The first of several threads, which runs one search alone.
    First,
    /// The other threads, each shared by time among the members dealt to it.
    Second,
}

/// One of `auto`'s searches as the switches make it.
#[derive(Clone, Debug)]
pub(crate) struct Member {
    /// What the strategy is, as the solution and the inspector name it.
    pub name: &'static str,
    /// Its search.
    pub method: Method,
    /// Its settings, from the user's.
    pub config: Config,
    /// Whether a pull search aims at its best board in turns with it.
    pub targeted: bool,
    /// Its share of its thread's time and its head start there (many threads only).
    pub turns: Turns,
}

/// One strategy: its share of its thread's time and how long it runs alone there first
/// (many threads only), and what it is in each form (none where it does not run).
pub(crate) struct Strategy {
    /// Its share of its thread's time and its head start there.
    pub turns: Turns,
    /// What it is in `form`, as `config`'s switches make it.
    pub make: fn(&Config, Form) -> Option<Made>,
}

/// A strategy as the switches make it: its name, search, settings, and whether a pull
/// search aims at its best board in turns with it.
pub(crate) type Made = (&'static str, Method, Config, bool);

/// The strategies, in the order each form runs them.
pub(crate) const RECIPE: [Strategy; 6] = [
    // On one thread, the first search is the plan's FESS, or FESS by the packing order
    // when that is all that is left; on several, the first thread's own.
    Strategy { turns: Turns::plain(0), make: first_fess },
    // The plan's FESS solves most small levels at once: it has the first turn on the
    // other threads.
    Strategy { turns: Turns::plain(3), make: second_fess },
    // Greedy best-first search solves the others fastest: its first turn on its thread
    // is its head start, right after the plan's FESS has tried.
    Strategy { turns: Turns { share: 1, head_start: Duration::from_secs(2) }, make: greedy },
    Strategy { turns: Turns::plain(2), make: hotspot_fess },
    // A* copes better where greed leads astray (one thread only).
    Strategy { turns: Turns::plain(0), make: astar },
    Strategy { turns: Turns::plain(1), make: pull },
];

/// The names the strategies give their searches.
const FESS_ORDER: &str = "feature-space search, packing order";
const FESS_PLAN: &str = "feature-space search, backward plan";
const FESS_PLAIN: &str = "feature-space search, no best line";
const FESS_HOT: &str = "feature-space search, hotspot advisors";
const FESS_TARGETED: &str = "feature-space search, hotspot advisors, its best board targeted";
const GREEDY: &str = "greedy best-first";
const PULL: &str = "greedy pull search";

/// The members of `form` for `config`'s switches, in the recipe's order.
pub(crate) fn members(config: &Config, form: Form) -> Vec<Member> {
    RECIPE
        .iter()
        .filter_map(|s| {
            let (name, method, config, targeted) = (s.make)(config, form)?;
            Some(Member { name, method, config, targeted, turns: s.turns })
        })
        .collect()
}

/// Builds member `m` from `parts`, traced by `observer`.
pub(crate) fn member<O: Traced>(m: &Member, parts: Parts<'_>, observer: O) -> Box<dyn Search> {
    let parts = Parts { config: &m.config, ..parts };
    if m.targeted {
        return O::pick(&TARGETED).0(0, parts, observer);
    }
    build(m.method, parts, observer)
}

/// The targeted strategy's builder.
const TARGETED: Build = builders!(targeted);

/// FESS with the parts' settings, then the pull search aimed at its best board, in turns.
fn targeted<O: Traced>(_: u32, parts: Parts<'_>, observer: O) -> Box<dyn Search> {
    let (perimeter, interrupt) = (parts.perimeter.clone(), parts.interrupt);
    let deadlocks = parts.config.deadlocks;
    let parts = Parts { policy: Method::Fess.info().policy, ..parts };
    let forward = Fess::new(parts.expander(), observer.clone()).sharing(perimeter.clone());
    Box::new(Targeted::new(forward, perimeter, deadlocks, interrupt, observer))
}

/// `config` with `techniques` switched off.
fn without(config: &Config, techniques: &[Technique]) -> Config {
    let mut c = config.clone();
    for &t in techniques {
        c.techniques.set(t, false);
    }
    c
}

/// FESS by the packing order, keeping to Shoham and Schaeffer's advisors (the blocker and
/// explorer advisors steer the second thread's searches, and mislead some levels they do
/// not suit).
fn order_fess(config: &Config) -> Made {
    let order = without(config, &[Technique::Plan, Technique::Blockers, Technique::Explorer]);
    (FESS_ORDER, Method::Fess, order, false)
}

/// FESS following the backward plan, when `fess-plan` and `plan` are on.
fn plan_fess(config: &Config) -> Option<Made> {
    let on = |t| config.techniques.on(t);
    (on(Technique::FessPlan) && on(Technique::Plan)).then_some((
        FESS_PLAN,
        Method::Fess,
        config.clone(),
        false,
    ))
}

fn first_fess(config: &Config, form: Form) -> Option<Made> {
    let on = |t| config.techniques.on(t);
    match form {
        Form::First => on(Technique::FessOrder).then(|| order_fess(config)),
        Form::Alone => plan_fess(config).or_else(|| {
            (on(Technique::FessOrder) || on(Technique::FessPlan)).then(|| order_fess(config))
        }),
        Form::Second => None,
    }
}

fn greedy(config: &Config, form: Form) -> Option<Made> {
    let on = config.techniques.on(Technique::GreedySearch) && form != Form::First;
    on.then_some((GREEDY, Method::Greedy, config.clone(), false))
}

/// FESS with the hotspot advisors and without the best line (unless `hotspots` puts them in
/// every FESS already); with `targeted`, in turns with a pull search aimed at its best
/// board. Two threads only.
fn hotspot_fess(config: &Config, form: Form) -> Option<Made> {
    let on = |t| config.techniques.on(t);
    if form != Form::Second || !on(Technique::FessHotspots) || on(Technique::Hotspots) {
        return None;
    }
    let mut hot = without(config, &[Technique::BestLine, Technique::Plan]);
    hot.techniques.set(Technique::Hotspots, true);
    let targeted = on(Technique::Targeted) && on(Technique::Meeting);
    Some((if targeted { FESS_TARGETED } else { FESS_HOT }, Method::Fess, hot, targeted))
}

/// The second thread's FESS: the plan's; with `plan` off, one without the best line
/// instead, unless that is off too (it would repeat the first thread's).
fn second_fess(config: &Config, form: Form) -> Option<Made> {
    let on = |t| config.techniques.on(t);
    if form != Form::Second || !on(Technique::FessPlan) {
        return None;
    }
    plan_fess(config).or_else(|| {
        let plain = without(config, &[Technique::BestLine, Technique::Plan]);
        on(Technique::BestLine).then_some((FESS_PLAIN, Method::Fess, plain, false))
    })
}

fn astar(config: &Config, form: Form) -> Option<Made> {
    (form == Form::Alone).then_some(("A*", Method::AStar, config.clone(), false))
}

fn pull(config: &Config, form: Form) -> Option<Made> {
    let on = config.techniques.on(Technique::PullSearch) && form != Form::First;
    on.then_some((PULL, Method::Pull, config.clone(), false))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_forms_read_the_recipe_and_every_switch_removes_its_strategy() {
        let names = |c: &Config, form| members(c, form).iter().map(|m| m.name).collect::<Vec<_>>();
        let c = Config::default();
        assert_eq!(names(&c, Form::Alone), [FESS_PLAN, GREEDY, "A*", PULL]);
        assert_eq!(names(&c, Form::First), [FESS_ORDER]);
        assert_eq!(names(&c, Form::Second), [FESS_PLAN, GREEDY, FESS_TARGETED, PULL]);
        let second = members(&c, Form::Second);
        assert_eq!(second.iter().map(|m| m.turns.share).collect::<Vec<_>>(), [3, 1, 2, 1]);
        let head_starts: Vec<bool> =
            second.iter().map(|m| m.turns.head_start > Duration::ZERO).collect();
        assert_eq!(head_starts, [false, true, false, false], "greedy alone has a head start");
        let off = |t| {
            let mut c = Config::default();
            c.techniques.set(t, false);
            c
        };
        assert_eq!(names(&off(Technique::FessOrder), Form::First), Vec::<&str>::new());
        assert_eq!(names(&off(Technique::Plan), Form::Alone)[0], FESS_ORDER);
        assert!(!names(&off(Technique::GreedySearch), Form::Second).contains(&GREEDY));
        assert!(!names(&off(Technique::PullSearch), Form::Alone).contains(&PULL));
        assert!(names(&off(Technique::Targeted), Form::Second).contains(&FESS_HOT));
        assert!(!names(&off(Technique::FessPlan), Form::Second).contains(&FESS_PLAN));
        let hot = names(&off(Technique::FessHotspots), Form::Second);
        assert!(!hot.contains(&FESS_HOT) && !hot.contains(&FESS_TARGETED));
    }
}
