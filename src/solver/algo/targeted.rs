//! The targeted strategy (after Festival's): a forward feature-space search runs for a
//! while, then a greedy pull search from the solved position aims at the best board the
//! forward search reached ([`PullGreedy::towards`]). Both add their positions to the
//! perimeter, so the pull search is solved where it meets any forward position, of this
//! search or of another. When the pull search has not met the forward side by the end of
//! its turn, the forward search runs on for twice as long, and the pull search aims anew at
//! its best board then (or goes on, when that board is the same).
//!
//! Turns go by time, the two sides alternating in equal turns that double each round.

use crate::level::{Dir, Level, Pos};
use crate::solver::algo::fess::Fess;
use crate::solver::algo::pull_greedy::PullGreedy;
use crate::solver::analysis::problem::Problem;
use crate::solver::deadlock::Deadlocks;
use crate::solver::deadlock::patterns::{Adopted, PatternView};
use crate::solver::model::board::Sq;
use crate::solver::model::interrupt::Interrupt;
use crate::solver::model::table::NodeId;
use crate::solver::search::perimeter::Perimeter;
use crate::solver::search::pull_core::Pulls;
use crate::solver::search::{
    ChildView, NodeView, Observer, Progress, Search, Stats, StrategyView, SubProblem,
};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The first turn of each side.
const FIRST_TURN: Duration = Duration::from_secs(1);

/// The bit that marks the pull search's node ids (below a portfolio's member bits).
const PULL: NodeId = 1 << 28;

/// The names of the two sides, as the inspector lists them.
const FORWARD_NAME: &str = "forward feature-space search";
const PULL_NAME: &str = "pull search towards its best board";

/// A forward search and the pull search aimed at its best board.
pub(crate) struct Targeted<O: Observer + Clone> {
    forward: Fess<O>,
    pull: Option<Pulls<PullGreedy<O>>>,
    /// The board the pull search aims at.
    target: Vec<Sq>,
    perimeter: Arc<Perimeter>,
    /// The detectors switched on (the pull searches prune by the dead-square rule).
    deadlocks: Deadlocks,
    interrupt: Interrupt,
    observer: O,
    /// Whether the pull side has the turn, how long the turn lasts, and the time used in it.
    pulling: bool,
    turn: Duration,
    in_turn: Duration,
    /// Time each side has run: forward, pull.
    used: [Duration; 2],
    stats: Stats,
    /// The children of the last expansion, their node ids tagged.
    children: Vec<ChildView>,
    done: Option<Progress>,
}

impl<O: Observer + Clone> std::fmt::Debug for Targeted<O> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Targeted").field("pulling", &self.pulling).finish()
    }
}

impl<O: Observer + Clone> Targeted<O> {
    /// The strategy with `forward` (which shares `perimeter`); its pull searches prune by
    /// the dead-square rule when `deadlocks` has it on, trace to copies of `observer` and
    /// stop when `interrupt` is raised.
    pub fn new(
        forward: Fess<O>,
        perimeter: Arc<Perimeter>,
        deadlocks: Deadlocks,
        interrupt: &Interrupt,
        observer: O,
    ) -> Self {
        Targeted {
            forward,
            pull: None,
            target: Vec::new(),
            perimeter,
            deadlocks,
            interrupt: interrupt.clone(),
            observer,
            pulling: false,
            turn: FIRST_TURN,
            in_turn: Duration::ZERO,
            used: [Duration::ZERO; 2],
            stats: Stats::default(),
            children: Vec::new(),
            done: None,
        }
    }

    fn problem_of(&self) -> &Problem {
        Search::problem(&self.forward)
    }

    /// Hands the turn to the other side; the pull side aims at the forward side's best
    /// board (anew when it changed).
    fn switch(&mut self) {
        self.in_turn = Duration::ZERO;
        if self.pulling {
            self.pulling = false;
            self.turn *= 2;
            return;
        }
        let best = self.forward.best_boxes();
        if self.pull.is_none() || best != self.target {
            let problem = self.problem_of().clone();
            let (perimeter, observer) = (self.perimeter.clone(), self.observer.clone());
            let (target, deadlocks) = (best.clone(), self.deadlocks);
            let pull = PullGreedy::towards(
                problem,
                target,
                perimeter,
                deadlocks,
                &self.interrupt,
                observer,
            );
            self.pull = Some(Pulls(pull));
            self.target = best;
        }
        self.pulling = true;
    }

    /// The side stepped last.
    fn side(&self) -> &dyn Search {
        match (&self.pull, self.pulling) {
            (Some(pull), true) => pull,
            _ => &self.forward,
        }
    }

    /// The side node `id` belongs to, and its own id there.
    fn owner(&self, id: NodeId) -> Option<(&dyn Search, NodeId)> {
        if id != NodeId::MAX && id & PULL != 0 {
            Some((self.pull.as_ref()? as &dyn Search, id & !PULL))
        } else {
            Some((&self.forward as &dyn Search, id))
        }
    }

    fn tag(&self, pulled: bool, mut view: NodeView) -> NodeView {
        if pulled && view.id != NodeId::MAX {
            view.id |= PULL;
        }
        view
    }

    fn sum_stats(&mut self) {
        let mut total = self.forward.stats().clone();
        if let Some(pull) = &self.pull {
            let s = pull.stats();
            total.generated += s.generated;
            total.expanded += s.expanded;
            total.duplicates += s.duplicates;
            for (t, p) in total.pruned.iter_mut().zip(s.pruned) {
                *t += p;
            }
            total.open += s.open;
            total.closed += s.closed;
        }
        self.stats = total;
    }
}

impl<O: Observer + Clone> Search for Targeted<O> {
    fn step(&mut self, budget: u64) -> Progress {
        if let Some(done) = self.done {
            return done;
        }
        let began = Instant::now();
        let progress = match (&mut self.pull, self.pulling) {
            (Some(pull), true) => match pull.step(budget) {
                Progress::Solved(id) => Progress::Solved(id | PULL),
                Progress::Running => Progress::Running,
                // The pull search gave up: the forward side goes on.
                Progress::NotFound | Progress::Exhausted { .. } => {
                    self.in_turn = self.turn;
                    Progress::Running
                }
            },
            _ => self.forward.step(budget),
        };
        let took = began.elapsed();
        self.used[usize::from(self.pulling)] += took;
        self.in_turn += took;
        self.sum_stats();
        let tag = if self.pulling { PULL } else { 0 };
        let children = self.side().children().iter();
        let tagged = children.map(|c| ChildView { node: c.node.map(|n| n | tag), ..*c }).collect();
        self.children = tagged;
        if progress != Progress::Running {
            self.done = Some(progress);
            return progress;
        }
        if self.in_turn >= self.turn {
            self.switch();
        }
        Progress::Running
    }

    fn stats(&self) -> &Stats {
        &self.stats
    }

    fn memory(&self) -> usize {
        self.forward.memory() + self.pull.as_ref().map_or(0, |p| p.memory())
    }

    fn problem(&self) -> &Problem {
        self.problem_of()
    }

    fn optimal(&self) -> bool {
        false
    }

    fn current(&self) -> Option<NodeView> {
        self.side().current().map(|v| self.tag(self.pulling, v))
    }

    fn children(&self) -> &[ChildView] {
        &self.children
    }

    fn frontier(&self, k: usize) -> Vec<NodeView> {
        let side = self.side();
        side.frontier(k).into_iter().map(|v| self.tag(self.pulling, v)).collect()
    }

    fn node(&self, id: NodeId) -> Option<NodeView> {
        let (side, own) = self.owner(id)?;
        side.node(own).map(|v| self.tag(id & PULL != 0, v))
    }

    fn path(&self, id: NodeId) -> Vec<NodeId> {
        let Some((side, own)) = self.owner(id) else { return Vec::new() };
        side.path(own).into_iter().map(|n| n | (id & PULL)).collect()
    }

    fn board(&self, id: NodeId) -> Option<Level> {
        let (side, own) = self.owner(id)?;
        side.board(own)
    }

    fn patterns(&self) -> Vec<PatternView> {
        self.forward.patterns()
    }

    fn add_pattern(&mut self, boxes: &[Pos], player: Pos) -> Result<Adopted, String> {
        self.forward.add_pattern(boxes, player)
    }

    fn node_features(&self, id: NodeId) -> Vec<(&'static str, u32)> {
        self.owner(id).map(|(side, own)| side.node_features(own)).unwrap_or_default()
    }

    fn pushes_to(&self, id: NodeId) -> Vec<(Pos, Dir)> {
        self.owner(id).map(|(side, own)| side.pushes_to(own)).unwrap_or_default()
    }

    fn tail(&self, id: NodeId) -> Vec<(Pos, Dir)> {
        self.owner(id).map(|(side, own)| side.tail(own)).unwrap_or_default()
    }

    fn sub_problem(&self) -> Option<SubProblem> {
        None
    }

    /// The two sides, each with the time it has had (they alternate in equal turns).
    fn strategies(&self) -> Vec<StrategyView> {
        let pulled = self.pull.as_ref().map_or(0, |p| p.stats().expanded);
        let sides = [(FORWARD_NAME, self.forward.stats().expanded), (PULL_NAME, pulled)];
        sides
            .into_iter()
            .enumerate()
            .map(|(i, (name, expanded))| StrategyView {
                name,
                share: 50,
                used: self.used[i],
                expanded,
                running: usize::from(self.pulling) == i,
            })
            .collect()
    }
}
