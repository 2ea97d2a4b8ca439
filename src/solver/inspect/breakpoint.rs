//! Breakpoints: conditions on a search's expansions that stop a run ("run until"). A
//! [`Watch`] checks every breakpoint after each expansion against what the search reports
//! of it (its counters, the node expanded and its children) and names the one that fired.

use crate::level::paths::player_area;
use crate::level::{Level, Pos};
use crate::solver::deadlock::PruneReason;
use crate::solver::search::{NodeView, Search, Stats};

use super::boards::after_move;

/// A value that a breakpoint watches for change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// The priority of the node expanded (g + h for A*).
    F,
    /// The search's cost bound, depth limit or best f ([`Stats::bound`]).
    Bound,
    /// The pushes from the start to the node expanded.
    Depth,
}

impl Measure {
    /// Every measure, in menu order.
    pub const ALL: [Measure; 3] = [Measure::F, Measure::Bound, Measure::Depth];

    /// What the panel and the fired breakpoint call it.
    pub fn name(self) -> &'static str {
        match self {
            Measure::F => "f",
            Measure::Bound => "the bound",
            Measure::Depth => "the depth",
        }
    }

    fn of(self, node: Option<NodeView>, stats: &Stats) -> Option<u32> {
        match self {
            Measure::F => node.map(|n| n.f),
            Measure::Bound => Some(stats.bound),
            Measure::Depth => node.map(|n| n.g),
        }
    }
}

/// Which positions a painted position is looked for among.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Among {
    /// The children each expansion generates (whatever their verdict).
    Generated,
    /// The nodes expanded.
    Expanded,
}

/// What a breakpoint waits for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Break {
    /// A child pruned by this rule (by any rule, for `None`).
    Pruned(Option<PruneReason>),
    /// An expansion after which the measure differs from its value before.
    Changes(Measure),
    /// The open list growing past this many nodes.
    OpenPasses(u64),
    /// An expanded position with a box on `square`: the box that starts on `start`, or any
    /// box for `None`.
    BoxReaches {
        /// The square.
        square: Pos,
        /// Where the box is in the level's start position.
        start: Option<Pos>,
    },
    /// A position with its boxes on exactly `boxes` (and the player able to walk to
    /// `player`, when given).
    Position {
        /// The boxes' squares.
        boxes: Vec<Pos>,
        /// A square the player can reach, if that matters.
        player: Option<Pos>,
        /// Whether it is looked for among the children generated or the nodes expanded.
        among: Among,
    },
}

impl Break {
    /// Why this breakpoint can never fire on `search`'s level, if it cannot: a box square
    /// off the floor, or one from which no box reaches a goal (every search that prunes dead
    /// squares prunes a box pushed there).
    pub fn never_fires(&self, search: &dyn Search) -> Option<String> {
        let Break::BoxReaches { square, .. } = *self else { return None };
        let problem = search.problem();
        match problem.board.square_at(square) {
            None => Some(format!("{square} is not floor a box can stand on: this never fires")),
            Some(sq) if problem.dist.is_dead(sq) => Some(format!(
                "{square} is a dead square: a box there can never reach a goal, so a search \
                 that prunes dead squares never expands one there"
            )),
            Some(_) => None,
        }
    }
}

/// A breakpoint that fired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fired {
    /// Its index in the list watched.
    pub index: usize,
    /// What happened, in words (the rule, the values, the squares).
    pub said: String,
}

/// Breakpoints being watched over a run, with what the search stood at before the
/// expansion checked.
#[derive(Clone, Debug)]
pub struct Watch {
    breaks: Vec<Break>,
    /// Children pruned so far, by rule.
    pruned: Vec<u64>,
    /// The measures' values before the expansion, in [`Measure::ALL`] order.
    measures: [Option<u32>; 3],
    open: u64,
}

impl Watch {
    /// Starts watching `breaks` on `search` as it stands now.
    pub fn new(breaks: Vec<Break>, search: &dyn Search) -> Self {
        let mut watch = Watch { breaks, pruned: Vec::new(), measures: [None; 3], open: 0 };
        watch.remember(search);
        watch
    }

    fn remember(&mut self, search: &dyn Search) {
        let stats = search.stats();
        self.pruned = stats.pruned.to_vec();
        let node = search.current();
        self.measures = Measure::ALL.map(|m| m.of(node, stats));
        self.open = stats.open;
    }

    /// Checks the breakpoints after an expansion of `search` (call it after every single
    /// expansion): the first that fired, if any.
    pub fn check(&mut self, search: &dyn Search) -> Option<Fired> {
        let fired = (0..self.breaks.len()).find_map(|i| {
            let said = self.fires(&self.breaks[i], search)?;
            Some(Fired { index: i, said })
        });
        self.remember(search);
        fired
    }

    fn fires(&self, at: &Break, search: &dyn Search) -> Option<String> {
        let stats = search.stats();
        let node = search.current();
        match *at {
            Break::Pruned(rule) => {
                let rules = PruneReason::ALL.into_iter().filter(|&r| rule.is_none_or(|x| x == r));
                let by =
                    rules.into_iter().find(|r| stats.pruned_by(*r) > self.pruned[r.index()])?;
                Some(format!("the rule {} pruned a child", by.name()))
            }
            Break::Changes(m) => {
                let i = Measure::ALL.iter().position(|&x| x == m).expect("every measure");
                match (self.measures[i], m.of(node, stats)) {
                    (Some(before), Some(now)) if before != now => {
                        Some(format!("{} changed from {before} to {now}", m.name()))
                    }
                    _ => None,
                }
            }
            Break::OpenPasses(n) => (self.open <= n && stats.open > n)
                .then(|| format!("the open list passed {n} (now {})", stats.open)),
            Break::BoxReaches { square, start } => {
                let node = node?;
                let board = search.board(node.id)?;
                if !board.square(square).has_box {
                    return None;
                }
                let Some(start) = start else {
                    return Some(format!("a box reached {square}"));
                };
                let pushes = search.pushes_to(node.id);
                (followed(start, &pushes) == square)
                    .then(|| format!("the box from {start} reached {square}"))
            }
            Break::Position { ref boxes, player, among } => {
                let board = search.board(node?.id)?;
                let matches = |level: &Level| same_position(level, boxes, player);
                match among {
                    Among::Expanded => {
                        matches(&board).then(|| "the painted position was expanded".into())
                    }
                    Among::Generated => {
                        let child = search.children().iter().find(|c| {
                            after_move(&board, c.push).is_some_and(|after| matches(&after))
                        })?;
                        Some(format!(
                            "the painted position was generated (the box on {} pushed {:?}, {})",
                            child.push.from,
                            child.push.dir,
                            child.verdict.key()
                        ))
                    }
                }
            }
        }
    }
}

/// Where the box on `start` is after `pushes` (single pushes, in order).
fn followed(start: Pos, pushes: &[(Pos, crate::level::Dir)]) -> Pos {
    pushes.iter().fold(
        start,
        |at, &(from, dir)| {
            if from == at { from.step(dir).unwrap_or(at) } else { at }
        },
    )
}

/// Whether `level` has its boxes on exactly `boxes` and, when `player` is given, its
/// player able to walk there.
fn same_position(level: &Level, boxes: &[Pos], player: Option<Pos>) -> bool {
    let mut have = level.boxes();
    if have.len() != boxes.len() {
        return false;
    }
    let mut want = boxes.to_vec();
    have.sort_unstable();
    want.sort_unstable();
    have == want && player.is_none_or(|p| player_area(level).contains(&p))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::inspect::boards::after_pushes;
    use crate::solver::inspect::trace::Tracer;
    use crate::solver::{Config, LowerBound, Method, Progress, Verdict, build};

    const LEVEL: [&str; 7] =
        ["########", "#      #", "# $$   #", "#@ ..  #", "#   $#.#", "#      #", "########"];

    fn level() -> Level {
        Level::from_rows(&LEVEL).unwrap()
    }

    fn search(method: Method) -> Box<dyn Search> {
        // A* and IDA* with the count of boxes off goal: a lower bound loose enough that f
        // and the bound change.
        let config = match method {
            Method::AStar | Method::IdaStar => {
                Config { lower_bound: LowerBound::BoxesOffGoal, ..Config::with_method(method) }
            }
            _ => Config::with_method(method),
        };
        build(&level(), &config, Tracer::new()).unwrap()
    }

    /// The expansion after which `breaks` fire first, and what they said.
    fn fired(method: Method, breaks: Vec<Break>) -> Option<(u64, Fired)> {
        let mut s = search(method);
        let mut watch = Watch::new(breaks, s.as_ref());
        for _ in 0..5000 {
            if s.step(1) != Progress::Running {
                return None;
            }
            if let Some(f) = watch.check(s.as_ref()) {
                return Some((s.stats().expanded, f));
            }
        }
        None
    }

    /// The first expansion after which `holds` (given the node expanded before) is true,
    /// found by stepping and looking, without a watch.
    fn first(method: Method, holds: impl Fn(&dyn Search, Option<NodeView>) -> bool) -> u64 {
        let mut s = search(method);
        let mut before = None;
        loop {
            assert_eq!(s.step(1), Progress::Running, "the condition never held");
            if holds(s.as_ref(), before) {
                return s.stats().expanded;
            }
            before = s.current();
        }
    }

    #[test]
    fn a_rule_breakpoint_stops_at_the_first_expansion_with_a_child_that_rule_pruned() {
        for method in [Method::AStar, Method::Bfs, Method::Dfs(40)] {
            let pruned_by = |s: &dyn Search, r: Option<PruneReason>| {
                s.children().iter().any(|c| match c.verdict {
                    Verdict::Pruned(x) => r.is_none_or(|r| r == x),
                    _ => false,
                })
            };
            let any = first(method, |s, _| pruned_by(s, None));
            let (at, said) = fired(method, vec![Break::Pruned(None)]).unwrap();
            assert_eq!(at, any, "{method:?}");
            assert!(said.said.contains("pruned a child"), "{}", said.said);
            let rule = PruneReason::DeadSquare;
            let dead = first(method, |s, _| pruned_by(s, Some(rule)));
            let (at, said) = fired(method, vec![Break::Pruned(Some(rule))]).unwrap();
            assert_eq!(at, dead, "{method:?}");
            assert!(said.said.contains(rule.name()), "{}", said.said);
        }
    }

    #[test]
    fn a_change_breakpoint_stops_when_f_the_bound_or_the_depth_changes() {
        let (at, said) = fired(Method::AStar, vec![Break::Changes(Measure::F)]).unwrap();
        let f = first(Method::AStar, |s, b| b.is_some_and(|b| b.f != s.current().unwrap().f));
        assert_eq!(at, f);
        assert!(said.said.starts_with("f changed from"), "{}", said.said);
        let depth = first(Method::Bfs, |s, b| b.is_some_and(|b| b.g != s.current().unwrap().g));
        assert_eq!(fired(Method::Bfs, vec![Break::Changes(Measure::Depth)]).unwrap().0, depth);
        // IDA*'s bound grows when an iteration ends.
        let mut s = search(Method::IdaStar);
        let bound = s.stats().bound;
        while s.step(1) == Progress::Running && s.stats().bound == bound {}
        let (at, said) = fired(Method::IdaStar, vec![Break::Changes(Measure::Bound)]).unwrap();
        assert_eq!(at, s.stats().expanded);
        assert!(said.said.starts_with("the bound changed"), "{}", said.said);
    }

    #[test]
    fn an_open_list_breakpoint_stops_when_the_open_list_grows_past_n() {
        let at = first(Method::Bfs, |s, _| s.stats().open > 40);
        let (fired_at, said) = fired(Method::Bfs, vec![Break::OpenPasses(40)]).unwrap();
        assert_eq!(fired_at, at);
        assert!(said.said.contains("passed 40"), "{}", said.said);
    }

    #[test]
    fn a_box_breakpoint_follows_the_box_chosen_not_any_box() {
        let start = level();
        let (left, square) = (Pos::new(2, 2), Pos::new(3, 4));
        // Any box on the square, then the left box of the pair, followed push by push.
        let any = first(Method::Bfs, |s, _| {
            let id = s.current().unwrap().id;
            after_pushes(&start, &s.pushes_to(id)).square(square).has_box
        });
        assert_eq!(
            fired(Method::Bfs, vec![Break::BoxReaches { square, start: None }]).unwrap().0,
            any
        );
        let chosen = first(Method::Bfs, |s, _| {
            let mut game = start.clone();
            let mut at = left;
            for (from, dir) in s.pushes_to(s.current().unwrap().id) {
                game = after_pushes(&game, &[(from, dir)]);
                if from == at {
                    at = from.step(dir).unwrap();
                }
            }
            at == square && game.square(square).has_box
        });
        let (at, said) =
            fired(Method::Bfs, vec![Break::BoxReaches { square, start: Some(left) }]).unwrap();
        assert_eq!(at, chosen);
        assert!(chosen > any, "the other box gets there first on this level ({any}, {chosen})");
        assert_eq!(said.said, format!("the box from {left} reached {square}"));
    }

    #[test]
    fn a_position_breakpoint_stops_where_the_painted_position_is_generated_or_expanded() {
        // Both boxes of the pair one row down, the player anywhere, then on a square it
        // can only reach from the left.
        let mut boxes = vec![Pos::new(2, 3), Pos::new(3, 3), Pos::new(4, 4)];
        boxes.sort();
        let position = |among| Break::Position { boxes: boxes.clone(), player: None, among };
        let expanded = first(Method::Bfs, |s, _| {
            let mut have = s.board(s.current().unwrap().id).unwrap().boxes();
            have.sort();
            have == boxes
        });
        let (at, said) = fired(Method::Bfs, vec![position(Among::Expanded)]).unwrap();
        assert_eq!(at, expanded);
        assert_eq!(said.said, "the painted position was expanded");
        let (generated, said) = fired(Method::Bfs, vec![position(Among::Generated)]).unwrap();
        assert!(generated < expanded, "a position is generated before it is expanded");
        assert!(said.said.starts_with("the painted position was generated"), "{}", said.said);
        // Several at once: the first to hold fires, and says which it is.
        let (at, both) = fired(
            Method::Bfs,
            vec![position(Among::Expanded), Break::Pruned(None), position(Among::Generated)],
        )
        .unwrap();
        let pruned = fired(Method::Bfs, vec![Break::Pruned(None)]).unwrap().0;
        assert_eq!(at, pruned.min(generated));
        assert_eq!(both.index, if pruned <= generated { 1 } else { 2 });
    }
}
