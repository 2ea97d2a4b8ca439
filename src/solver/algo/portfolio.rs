//! Several searches of one level run in turn, each for one budget at a time (or, when
//! [`Portfolio::timed`], the one furthest behind its share of the time); the first to find
//! a solution, or to prove that none exists, ends the run. A member that gives up without
//! either leaves its turns, and its share of the time, to the others. `auto` uses it on one
//! thread (FESS, greedy search, A*, which copes better where greed leads astray, and the
//! pull search) and, timed, on each of its other threads (of the plan's FESS, greedy
//! search, the hotspot FESS with its targeted pull search and the pull search, those
//! dealt to it).
//!
//! Node ids carry the member's index in their top bits, so paths and boards of every member
//! can be asked for through the one [`Search`]. The node being expanded, its children and
//! the frontier are those of the member stepped last.

use crate::level::{Dir, Level, Pos};
use crate::solver::analysis::problem::Problem;
use crate::solver::deadlock::patterns::Adopted;
use crate::solver::model::table::NodeId;
use crate::solver::search::{ChildView, NodeView, Progress, Search, Stats, StrategyView};
use std::time::{Duration, Instant};

/// Bits of a node id left for the member's own id.
const SHIFT: u32 = 29;

/// Searches taking turns.
pub struct Portfolio {
    members: Vec<Box<dyn Search>>,
    /// What each member is.
    names: Vec<&'static str>,
    /// Time each member has run.
    used: Vec<Duration>,
    /// The member stepped last (or the one that finished).
    turn: usize,
    /// Per member: how it gave up without a solution or a proof (none while it runs).
    quit: Vec<Option<Progress>>,
    /// The last member's children, their node ids tagged.
    children: Vec<ChildView>,
    stats: Stats,
    done: Option<Progress>,
    /// How the time is shared, when turns go by time rather than by expansions.
    timing: Option<Timing>,
}

impl std::fmt::Debug for Portfolio {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Portfolio").field("members", &self.members.len()).finish()
    }
}

impl Portfolio {
    /// Runs `members` (at most 8, all on the same level, each with a name) in turn.
    pub fn new(members: Vec<(&'static str, Box<dyn Search>)>) -> Self {
        assert!(!members.is_empty() && members.len() <= 8, "1 to 8 members");
        let (names, members): (Vec<_>, Vec<_>) = members.into_iter().unzip();
        let mut portfolio = Portfolio {
            used: vec![Duration::ZERO; members.len()],
            quit: vec![None; members.len()],
            names,
            members,
            turn: 0,
            children: Vec::new(),
            stats: Stats::default(),
            done: None,
            timing: None,
        };
        // The members' counters from the start, before the first step.
        portfolio.sum_stats();
        portfolio
    }

    /// Like [`Portfolio::new`], but each member comes with its share of the time (a
    /// weight, at least 1) and a head start, and each step gives the whole budget to one
    /// member: each in order until it has used `first_turn` or its head start, whichever is
    /// longer (so a member with a head start runs it in its place in the order, and the
    /// members before it have tried first); then the one furthest behind its share, so
    /// members whose expansions cost very different amounts still share the thread as
    /// weighed.
    pub fn timed(
        members: Vec<(&'static str, Box<dyn Search>, Turns)>,
        first_turn: Duration,
    ) -> Self {
        let (members, turns): (Vec<_>, Vec<_>) =
            members.into_iter().map(|(name, m, turns)| ((name, m), turns)).unzip();
        Portfolio { timing: Some(Timing::new(&turns, first_turn)), ..Self::new(members) }
    }

    fn split(id: NodeId) -> (usize, NodeId) {
        ((id >> SHIFT) as usize, id & ((1 << SHIFT) - 1))
    }

    fn join(member: usize, id: NodeId) -> NodeId {
        (member as NodeId) << SHIFT | id
    }

    fn tag(member: usize, mut view: NodeView) -> NodeView {
        if view.id != NodeId::MAX {
            view.id = Self::join(member, view.id);
        }
        view
    }

    fn sum_stats(&mut self) {
        let mut total = Stats::default();
        for m in &self.members {
            let s = m.stats();
            total.generated += s.generated;
            total.expanded += s.expanded;
            total.duplicates += s.duplicates;
            for (t, p) in total.pruned.iter_mut().zip(s.pruned) {
                *t += p;
            }
            total.open += s.open;
            total.closed += s.closed;
            total.bound = total.bound.max(s.bound);
            total.depth = total.depth.max(s.depth);
        }
        // The measures are the member's stepped last (the one that finished, at the end).
        total.measures = self.members[self.turn].stats().measures.clone();
        self.stats = total;
    }
}

impl Search for Portfolio {
    fn step(&mut self, budget: u64) -> Progress {
        if let Some(done) = self.done {
            return done;
        }
        let running: Vec<usize> =
            (0..self.members.len()).filter(|&i| self.quit[i].is_none()).collect();
        let (turns, share) = match &self.timing {
            Some(timing) => match timing.next(&self.used, &self.quit) {
                Some(next) => (vec![next], budget.max(1)),
                None => (Vec::new(), 0),
            },
            None => {
                let share = budget.div_ceil(running.len().max(1) as u64).max(1);
                (running, share)
            }
        };
        let mut result = Progress::Running;
        for i in turns {
            self.turn = i;
            let began = Instant::now();
            let progress = self.members[i].step(share);
            self.used[i] += began.elapsed();
            match progress {
                Progress::Running => {}
                Progress::Solved(id) => {
                    result = Progress::Solved(Self::join(i, id));
                    break;
                }
                // A complete search without a solution is a proof for every member.
                p @ Progress::Exhausted { complete: true } => {
                    result = p;
                    break;
                }
                // A member that gives up proves nothing; the others go on without it.
                p @ (Progress::Exhausted { complete: false } | Progress::NotFound) => {
                    self.quit[i] = Some(p);
                }
            }
        }
        if result == Progress::Running && self.quit.iter().all(Option::is_some) {
            let cut = self.quit.contains(&Some(Progress::Exhausted { complete: false }));
            result = if cut { Progress::Exhausted { complete: false } } else { Progress::NotFound };
        }
        self.sum_stats();
        let turn = self.turn;
        self.children.clear();
        self.children.extend(
            self.members[turn]
                .children()
                .iter()
                .map(|c| ChildView { node: c.node.map(|n| Self::join(turn, n)), ..*c }),
        );
        if result != Progress::Running {
            self.done = Some(result);
        }
        result
    }

    fn stats(&self) -> &Stats {
        &self.stats
    }

    fn memory(&self) -> usize {
        self.members.iter().map(|m| m.memory()).sum()
    }

    fn problem(&self) -> &Problem {
        self.members[0].problem()
    }

    fn optimal(&self) -> bool {
        self.members[self.turn].optimal()
    }

    fn current(&self) -> Option<NodeView> {
        self.members[self.turn].current().map(|v| Self::tag(self.turn, v))
    }

    fn children(&self) -> &[ChildView] {
        &self.children
    }

    fn frontier(&self, k: usize) -> Vec<NodeView> {
        let t = self.turn;
        self.members[t].frontier(k).into_iter().map(|v| Self::tag(t, v)).collect()
    }

    fn node(&self, id: NodeId) -> Option<NodeView> {
        let (m, id) = Self::split(id);
        self.members.get(m)?.node(id).map(|v| Self::tag(m, v))
    }

    fn path(&self, id: NodeId) -> Vec<NodeId> {
        let (m, id) = Self::split(id);
        let Some(member) = self.members.get(m) else { return Vec::new() };
        member.path(id).into_iter().map(|n| Self::join(m, n)).collect()
    }

    fn board(&self, id: NodeId) -> Option<Level> {
        let (m, id) = Self::split(id);
        self.members.get(m)?.board(id)
    }

    /// The patterns of the member stepped last (children's pattern ids refer to them).
    fn patterns(&self) -> Vec<crate::solver::deadlock::patterns::PatternView> {
        self.members[self.turn].patterns()
    }

    /// Every member takes the pattern; the answer is that of the member stepped last (whose
    /// patterns [`Search::patterns`] lists).
    fn add_pattern(&mut self, boxes: &[Pos], player: Pos) -> Result<Adopted, String> {
        let answers: Vec<_> =
            self.members.iter_mut().map(|m| m.add_pattern(boxes, player)).collect();
        answers.into_iter().nth(self.turn).expect("a member per turn")
    }

    fn node_features(&self, id: NodeId) -> Vec<(&'static str, u32)> {
        let (m, id) = Self::split(id);
        self.members.get(m).map(|member| member.node_features(id)).unwrap_or_default()
    }

    fn pushes_to(&self, id: NodeId) -> Vec<(Pos, Dir)> {
        let (m, id) = Self::split(id);
        self.members.get(m).map(|member| member.pushes_to(id)).unwrap_or_default()
    }

    fn tail(&self, id: NodeId) -> Vec<(Pos, Dir)> {
        let (m, id) = Self::split(id);
        self.members.get(m).map(|member| member.tail(id)).unwrap_or_default()
    }

    fn sub_problem(&self) -> Option<crate::solver::search::SubProblem> {
        self.members.iter().find_map(|m| m.sub_problem())
    }

    /// The members with their shares of the thread now (none for one that gave up).
    fn strategies(&self) -> Vec<StrategyView> {
        let n = self.members.len();
        let mut weights = self.timing.as_ref().map_or(vec![1; n], |t| t.weights.clone());
        for (w, quit) in weights.iter_mut().zip(&self.quit) {
            if quit.is_some() {
                *w = 0;
            }
        }
        let total: u32 = weights.iter().sum::<u32>().max(1);
        (0..self.members.len())
            .map(|i| StrategyView {
                name: self.names[i],
                share: weights[i] * 100 / total,
                used: self.used[i],
                expanded: self.members[i].stats().expanded,
                running: i == self.turn,
            })
            .collect()
    }
}

/// A timed member's part of its thread: its share of the time and its head start.
#[derive(Clone, Copy, Debug)]
pub struct Turns {
    /// Its share of the time, after the head starts (at least 1).
    pub share: u32,
    /// The time it has used when its head start ends: it runs alone until then, in its
    /// place in the order of first turns.
    pub head_start: Duration,
}

impl Turns {
    /// A share of the time and no head start.
    pub const fn plain(share: u32) -> Turns {
        Turns { share, head_start: Duration::ZERO }
    }
}

/// How a timed portfolio shares its thread.
#[derive(Debug)]
struct Timing {
    /// Each member's share (at least 1).
    weights: Vec<u32>,
    /// Time each member runs, in order, before the sharing begins: the first turn, or its
    /// head start when longer.
    first_turns: Vec<Duration>,
}

impl Timing {
    /// The timing of members taking `turns`, each first running for `first_turn` or its
    /// head start, whichever is longer.
    fn new(turns: &[Turns], first_turn: Duration) -> Timing {
        Timing {
            weights: turns.iter().map(|t| t.share.max(1)).collect(),
            first_turns: turns.iter().map(|t| t.head_start.max(first_turn)).collect(),
        }
    }

    /// The member to step next, given the time each has `used` and which have `quit`: the
    /// first that has not had its first turn or its head start (whichever is longer), then
    /// the one whose time used per unit of share is least (the first on ties); none when
    /// every member has quit.
    fn next(&self, used: &[Duration], quit: &[Option<Progress>]) -> Option<usize> {
        let running = |i: usize| quit[i].is_none();
        if let Some(i) = (0..used.len()).find(|&i| running(i) && used[i] < self.first_turns[i]) {
            return Some(i);
        }
        (0..used.len()).filter(|&i| running(i)).min_by_key(|&i| used[i] / self.weights[i])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Level;
    use crate::solver::algo::bfs::Bfs;
    use crate::solver::algo::fess::Fess;
    use crate::solver::analysis::problem::Problem;
    use crate::solver::bounds::LowerBound;
    use crate::solver::deadlock::Deadlocks;
    use crate::solver::model::interrupt::Interrupt;
    use crate::solver::search::NoTrace;
    use crate::solver::search::expand::Expander;
    use crate::solver::techniques::{Technique, Techniques};

    fn members() -> Vec<(&'static str, Box<dyn Search>)> {
        let rows = ["#########", "#@      #", "# $ $ ..#", "#  $  . #", "#       #", "#########"];
        let problem = Problem::new(&Level::from_rows(&rows).unwrap()).unwrap();
        // Without the perimeter FESS needs a few expansions here (its plan's pull search
        // would solve the level at once).
        let mut techniques = Techniques::default();
        techniques.set(Technique::Meeting, false);
        let interrupt = Interrupt::default();
        let expander = || {
            let (deadlocks, bound) = (Deadlocks::default(), LowerBound::Matching);
            Expander::new(problem.clone(), deadlocks, techniques, bound, &interrupt)
        };
        vec![
            ("fess", Box::new(Fess::new(expander(), NoTrace))),
            ("bfs", Box::new(Bfs::new(expander(), NoTrace))),
        ]
    }

    #[test]
    fn members_split_a_budget_or_take_it_whole_by_turns_of_time() {
        let mut shared = Portfolio::new(members());
        assert_eq!(shared.step(2), Progress::Running);
        let expanded: Vec<u64> = shared.members.iter().map(|m| m.stats().expanded).collect();
        assert_eq!(expanded, vec![1, 1], "each member gets half the budget");

        let strategies = shared.strategies();
        assert_eq!(strategies.iter().map(|s| s.share).collect::<Vec<_>>(), vec![50, 50]);
        assert_eq!(strategies.iter().map(|s| s.expanded).collect::<Vec<_>>(), vec![1, 1]);
        assert!(strategies[1].running && !strategies[0].running, "the last stepped runs");

        let turns = Turns::plain(1);
        let even = members().into_iter().map(|(name, m)| (name, m, turns)).collect();
        let mut timed = Portfolio::timed(even, Duration::ZERO);
        assert_eq!(timed.step(2), Progress::Running);
        let expanded: Vec<u64> = timed.members.iter().map(|m| m.stats().expanded).collect();
        assert_eq!(expanded, vec![2, 0], "the first member takes the whole budget");
        assert_eq!(timed.step(2), Progress::Running);
        let expanded: Vec<u64> = timed.members.iter().map(|m| m.stats().expanded).collect();
        assert_eq!(expanded, vec![2, 2], "then the one that has used no time yet");
        let strategies = timed.strategies();
        assert!(strategies.iter().all(|s| s.used > Duration::ZERO && s.share == 50));
    }

    #[test]
    fn timed_turns_go_by_first_turns_then_the_head_starts_then_the_shares() {
        let ms = |n: u64| Duration::from_millis(n);
        // Members of these shares and head starts (ms), with this first turn (ms).
        let timing = |weights: &[u32], first_turn: u64, head_starts: &[u64]| {
            let turns = weights.iter().zip(head_starts);
            let turns: Vec<Turns> =
                turns.map(|(&share, &h)| Turns { share, head_start: ms(h) }).collect();
            Timing::new(&turns, ms(first_turn))
        };
        let running = [None; 3];
        let two = |used: [u64; 2]| {
            timing(&[1, 2], 0, &[0, 0]).next(&used.map(ms), &running[..2]).unwrap()
        };
        assert_eq!(two([0, 0]), 0, "the first on ties");
        assert_eq!(two([10, 15]), 1, "15 ms of a double share is behind");
        assert_eq!(two([10, 25]), 0);
        let timed = timing(&[1, 1, 2], 0, &[40, 0, 0]);
        let three = |used: [u64; 3]| timed.next(&used.map(ms), &running).unwrap();
        assert_eq!(three([30, 10, 50]), 0, "the head start runs first");
        assert_eq!(three([40, 10, 50]), 1);
        assert_eq!(three([40, 50, 50]), 2);
        // A member that quit leaves its turns to the others, head start or not.
        let quit = [Some(Progress::NotFound), None, None];
        assert_eq!(timed.next(&[ms(0), ms(10), ms(50)], &quit), Some(1));
        assert_eq!(timed.next(&[ms(0), ms(30), ms(50)], &quit), Some(2));
        let all = [Some(Progress::NotFound); 3];
        assert_eq!(timed.next(&[ms(0); 3], &all), None);
        // A head start runs in its member's turn, in order, skipping members that quit.
        let timed = timing(&[1, 1, 2], 5, &[40, 0, 0]);
        let three = |used: [u64; 3]| timed.next(&used.map(ms), &running).unwrap();
        assert_eq!(three([0, 0, 0]), 0);
        assert_eq!(three([5, 0, 0]), 0, "the first member's head start goes on");
        assert_eq!(three([40, 0, 0]), 1, "then the second member's first turn");
        assert_eq!(three([40, 6, 0]), 2);
        assert_eq!(three([40, 6, 7]), 2, "then the shares");
        assert_eq!(timed.next(&[ms(0), ms(0), ms(0)], &quit), Some(1));
        // A head start need not be the first member's: the members before it try first.
        let timed = timing(&[1, 1, 1], 5, &[0, 40, 0]);
        let three = |used: [u64; 3]| timed.next(&used.map(ms), &running).unwrap();
        assert_eq!(three([0, 0, 0]), 0, "the first member's first turn");
        assert_eq!(three([5, 0, 0]), 1, "then the second member's first turn");
        assert_eq!(three([5, 6, 0]), 1, "which goes on for its head start");
        assert_eq!(three([5, 40, 0]), 2, "then the third member's first turn");
        assert_eq!(three([5, 40, 7]), 0, "then the shares");
    }
}
