//! Greedy pull search (after Festival's "dragonfly"): from the solved position towards a
//! target board, by pull macros, taking the position whose boxes are nearest the target's
//! squares first. The distance is the least-cost matching of boxes with target squares,
//! each pair costing the pushes that bring a box alone from the target square to the box's
//! square ([`Distances::from_sources`], kept up to date as one box moves), so the pulls head
//! for a board the forward side can reach. Every position goes to the
//! perimeter; the search is solved where the forward side holds one (the start is always
//! there, other forward searches add theirs).
//!
//! Its target is the start (the squares where boxes start) unless it is given another
//! board: `auto`'s targeted strategy aims it at the best board a forward search reached.
//! Aimed at the start, it is complete: a position is dropped only when its boxes cannot be
//! matched to distinct start squares whose boxes could each be pushed alone to them, which
//! no position on a solution's line can be; so when nothing is left to expand the level is
//! unsolvable.

use crate::solver::analysis::distances::Distances;
use crate::solver::analysis::problem::Problem;
use crate::solver::bounds::{Hungarian, INFINITE};
use crate::solver::deadlock::{Deadlocks, PruneReason};
use crate::solver::model::board::NONE;
use crate::solver::model::board::Sq;
use crate::solver::model::interrupt::Interrupt;
use crate::solver::model::pull_moves::PullMacro;
use crate::solver::model::state::{boxes_of, clear_box, set_box};
use crate::solver::model::table::NodeId;
use crate::solver::search::perimeter::Perimeter;
use crate::solver::search::pull_core::{Added, PullAlgorithm, PullCore};
use crate::solver::search::step::Flow;
use crate::solver::search::{NodeView, Observer, Progress, Verdict};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::Arc;

/// Children stored between two accounts of an expansion's growth.
const ACCOUNT_EVERY: usize = 1024;

/// Positions the search stores at most; past it, it gives up.
pub const MAX_POSITIONS: usize = 2_000_000;

/// The greedy pull search.
#[derive(Debug)]
pub(crate) struct PullGreedy<O: Observer> {
    core: PullCore<O>,
    /// The squares the boxes are pulled towards.
    targets: Vec<Sq>,
    /// Whether `targets` are the start squares (an exhausted search is then a proof).
    to_start: bool,
    /// Per square, the pushes from each target square to it (built at the first step).
    table: Option<Distances>,
    hungarian: Hungarian,
    box_list: Vec<Sq>,
    /// Positions to expand: score, then age.
    heap: BinaryHeap<Reverse<(u32, NodeId)>>,
    moves: Vec<PullMacro>,
    child: Vec<u64>,
}

impl<O: Observer> PullGreedy<O> {
    /// A search of `problem` towards the start, sharing `perimeter`, pruning by the
    /// dead-square rule when `deadlocks` has it on. Nothing is searched before the first
    /// step.
    pub fn new(
        problem: Problem,
        perimeter: Arc<Perimeter>,
        deadlocks: Deadlocks,
        interrupt: &Interrupt,
        observer: O,
    ) -> Self {
        let targets = problem.board.start_boxes().to_vec();
        let mut search = Self::towards(problem, targets, perimeter, deadlocks, interrupt, observer);
        search.to_start = true;
        search
    }

    /// A search of `problem` towards a board with boxes on `targets`, sharing `perimeter`,
    /// pruning by the dead-square rule when `deadlocks` has it on.
    pub fn towards(
        problem: Problem,
        targets: Vec<Sq>,
        perimeter: Arc<Perimeter>,
        deadlocks: Deadlocks,
        interrupt: &Interrupt,
        observer: O,
    ) -> Self {
        PullGreedy {
            core: PullCore::new(problem, 0, perimeter, deadlocks, interrupt, observer),
            targets,
            to_start: false,
            table: None,
            hungarian: Hungarian::new(interrupt),
            box_list: Vec::new(),
            heap: BinaryHeap::new(),
            moves: Vec::new(),
            child: Vec::new(),
        }
    }

    /// The distance table and the roots.
    fn start(&mut self) -> Option<Progress> {
        let p = &self.core.problem;
        let table = Distances::from_sources(&p.board, &self.targets, &self.core.interrupt);
        if self.core.interrupt.raised() {
            return None;
        }
        let goals = p.goal_set[..p.words()].to_vec();
        self.box_list.clear();
        self.box_list.extend(boxes_of(&goals));
        self.hungarian.solve(&table, &self.box_list);
        self.table = Some(table);
        let score = self.hungarian.cost();
        if score == INFINITE {
            // The goals cannot be matched to target squares whose boxes reach them.
            return Some(self.exhausted());
        }
        if let Some(id) = self.core.add_roots(&[], score, true) {
            return Some(Progress::Solved(id));
        }
        for id in 0..self.core.nodes.len() as NodeId {
            self.heap.push(Reverse((score, id)));
        }
        None
    }

    /// Nothing left to expand: a proof when aimed at the start.
    fn exhausted(&self) -> Progress {
        // Children were cut by the matching, which is exact only below its sentinel.
        let exact = Hungarian::exact_on(&self.core.problem.board);
        if self.to_start && exact {
            Progress::Exhausted { complete: true }
        } else {
            Progress::NotFound
        }
    }

    /// Expands node `id`; returns the node that met the forward side, if one did.
    fn expand(&mut self, id: NodeId) -> Option<NodeId> {
        self.core.expanding(id, self.core.nodes.info(id).h);
        self.moves.clear();
        let mut moves = std::mem::take(&mut self.moves);
        self.core.generate(id, &mut moves);
        let table = self.table.as_ref().expect("built at the first step");
        self.box_list.clear();
        self.box_list.extend(boxes_of(self.core.boxes(id)));
        self.hungarian.solve(table, &self.box_list);
        let mut met = None;
        let mut moving = NONE;
        // On a big board one expansion stores millions of positions: its growth counts
        // against the memory limit as it goes.
        let held = self.core.memory();
        for (i, &m) in moves.iter().enumerate() {
            if self.core.interrupt.raised() {
                break;
            }
            if i % ACCOUNT_EVERY == ACCOUNT_EVERY - 1
                && self.core.interrupt.account(self.core.memory().saturating_sub(held))
            {
                break;
            }
            if m.from != moving {
                moving = m.from;
                let index = self.box_list.binary_search(&m.from).expect("the pulled box is listed");
                self.hungarian.remove_row(index);
            }
            let score = self.hungarian.cost_with_row_at(table, m.to);
            if score == INFINITE {
                // The boxes can no longer be matched to target squares whose boxes reach them.
                self.core.stats.pruned[PruneReason::Bipartite.index()] += 1;
                self.core.child(m, None, 0, 0, Verdict::Pruned(PruneReason::Bipartite));
                continue;
            }
            self.child.clear();
            self.child.extend_from_slice(self.core.boxes(id));
            clear_box(&mut self.child, m.from);
            set_box(&mut self.child, m.to);
            let child = std::mem::take(&mut self.child);
            let player = m.player(&self.core.problem.board);
            let added = self.core.add(&child, &[], player, Some((id, m)), score, true);
            self.child = child;
            match added {
                Added::Known(node) => {
                    self.core.stats.duplicates += 1;
                    self.core.child(m, Some(node), score, score, Verdict::Duplicate);
                }
                Added::New(node) => {
                    self.heap.push(Reverse((score, node)));
                    self.core.child(m, Some(node), score, score, Verdict::Kept);
                }
                Added::Met(node) => {
                    self.core.child(m, Some(node), score, score, Verdict::Kept);
                    met = Some(node);
                    break;
                }
            }
        }
        self.moves = moves;
        met
    }

    /// Ends the search with `p`, the perimeter's size noted.
    fn finish(&mut self, p: Progress) -> Flow {
        self.core.note_perimeter();
        Flow::End(p)
    }
}

impl<O: Observer> PullAlgorithm for PullGreedy<O> {
    type Trace = O;

    fn core(&self) -> &PullCore<O> {
        &self.core
    }

    fn core_mut(&mut self) -> &mut PullCore<O> {
        &mut self.core
    }

    fn begin(&mut self) {
        if self.core.nodes.len() == 0
            && let Some(done) = self.start()
            && let Flow::End(done) = self.finish(done)
        {
            self.core.done = Some(done);
        }
    }

    /// Expands the position closest to the target; gives up when the perimeter refuses a
    /// position or the store is full.
    fn advance(&mut self) -> Flow {
        if self.core.refused() || self.core.nodes.len() >= MAX_POSITIONS {
            return self.finish(Progress::NotFound);
        }
        let Some(Reverse((_, id))) = self.heap.pop() else {
            if self.core.interrupt.raised() {
                // An expansion was cut short: the search proves nothing.
                return Flow::Pause;
            }
            let done = self.exhausted();
            return self.finish(done);
        };
        if let Some(met) = self.expand(id) {
            return self.finish(Progress::Solved(met));
        }
        self.core.stats.open = self.heap.len() as u64;
        Flow::Go
    }

    fn pause(&mut self) {
        self.core.note_perimeter();
    }

    fn own_memory(&self) -> usize {
        self.heap.capacity() * 8 + self.table.as_ref().map_or(0, Distances::memory)
    }

    fn frontier(&self, k: usize) -> Vec<NodeView> {
        let mut next: Vec<_> = self.heap.iter().map(|r| r.0).collect();
        next.sort_unstable();
        next.into_iter().take(k).map(|(f, id)| self.core.node_view(id, f)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::format::read_collection;
    use crate::solver::search::pull_core::Pulls;
    use crate::solver::search::{NoTrace, Search};

    fn search(level: &crate::level::Level) -> Pulls<PullGreedy<NoTrace>> {
        let p = Problem::new(level).unwrap();
        let perimeter = Arc::new(Perimeter::new(&p));
        Pulls(PullGreedy::new(p, perimeter, Deadlocks::default(), &Interrupt::default(), NoTrace))
    }

    /// On the shipped levels the pull search reaches the start, and its pulls undone
    /// replay as a solution.
    #[test]
    fn the_pull_search_reaches_the_start_and_its_pulls_undone_solve_the_level() {
        let text = include_str!("../../../levels/default.xsb");
        let levels = read_collection(text).unwrap().levels;
        let mut solved = 0;
        for level in &levels {
            let mut s = search(level);
            let Progress::Solved(id) = s.step(20_000) else { continue };
            solved += 1;
            let pushes = s.pushes_to(id);
            assert!(!pushes.is_empty(), "{}", level.meta.title);
            let moves = crate::solver::model::walk::moves_for(level, &pushes).unwrap();
            let check = crate::level::replay(level, &moves);
            assert!(check.error.is_none() && check.solved, "{}: {check:?}", level.meta.title);
        }
        assert!(solved * 2 >= levels.len(), "{solved} of {} solved", levels.len());
    }

    /// A box that no push from the start can bring where a goal needs it: nothing pulled
    /// from the solved position reaches the start, and the search says so.
    #[test]
    fn a_start_no_pull_reaches_is_proved_unsolvable() {
        // The box starts in the corner of the room; the goal is elsewhere.
        let rows = ["######", "#$   #", "#  . #", "#   @#", "######"];
        let level = crate::level::Level::from_rows(&rows).unwrap();
        let mut s = search(&level);
        assert_eq!(s.step(10_000), Progress::Exhausted { complete: true });
    }
}
