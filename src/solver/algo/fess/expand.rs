//! Expanding a FESS position: its macro moves are generated, judged by the pruning pipeline
//! (which gives their lower bound), measured in feature space, advised, weighed, and queued
//! in the position's cell. The pipeline's costly stage waits until a move is played.

use super::advisors::{Advisor, Candidate, Choice, Position, order};
use super::cells::Entry;
use super::features::Measure;
use super::{Fess, Waiting};
use crate::solver::analysis::problem::Problem;
use crate::solver::bounds::{Hungarian, INFINITE};
use crate::solver::deadlock::PruneReason;
use crate::solver::deadlock::judge::{self, Costly, Judge, Judged};
use crate::solver::model::board::{NONE, Sq};
use crate::solver::model::box_moves::Macro;
use crate::solver::model::regions::BOXED;
use crate::solver::model::state::{boxes_of, clear_box, player_of, set_box};
use crate::solver::model::table::NodeId;
use crate::solver::search::{ChildView, Observer, Search, Verdict};
use crate::solver::techniques::Technique;

impl<O: Observer> Fess<O> {
    /// Generates, judges and weighs the moves of node `id` and queues them in its cell.
    pub(super) fn expand(&mut self, id: NodeId) {
        let core = &mut self.core;
        let p = &core.expander.problem;
        let words = p.words();
        core.scratch.clear();
        core.scratch.extend_from_slice(core.nodes.state(id));
        if O::ENABLED {
            core.observer.state(&core.scratch, &core.stats);
        }
        self.moves.clear();
        let (judge, interrupt) = (&core.expander.judge, &core.expander.interrupt);
        let onward = |s| judge.onward(p, s);
        self.box_moves.generate(&p.board, &core.scratch, interrupt, onward, &mut self.moves);
        core.stats.generated += self.moves.len() as u64;
        self.box_list.clear();
        self.box_list.extend(boxes_of(&core.scratch[..words]));
        self.hungarian.solve(&p.dist, &self.box_list);
        let techniques = core.expander.techniques();
        self.heat.clear();
        if techniques.on(Technique::Hotspots) {
            let interrupt = &core.expander.interrupt;
            self.hotspots.all(p, &core.scratch[..words], interrupt, &mut self.heat);
        }
        core.expanding(id, self.weight[id as usize]);
        let core = &mut self.core;
        let p = &core.expander.problem;
        self.candidates.clear();
        let regions = self.measure.regions.compute(&p.board, &core.scratch[..words]);
        if techniques.on(Technique::PiCorrals) {
            self.reach.flood(&p.board, &core.scratch[..words], player_of(&core.scratch));
        }
        core.expander.judge.enter(p, &core.scratch[..words], &self.reach);
        let packed_here = self.own[id as usize].packed;
        let blockers_here =
            self.blockers.as_mut().map_or(u32::MAX, |b| b.count(&core.scratch[..words]));
        let g = core.nodes.info(id).g;
        // Where the expanded position stands in the plan: steps done and the next one.
        let boxes = &core.scratch[..words];
        let at = (self.plan.packed(boxes), self.plan.next_step(boxes));
        let mut moving = (NONE, 0usize);
        for i in 0..self.moves.len() {
            // On big boards one expansion can take long and weigh much.
            if self.core.interrupted() {
                return;
            }
            let m = self.moves[i];
            if m.from != moving.0 {
                let growth = self.memory().saturating_sub(self.held);
                if self.core.expander.interrupt.account(growth) {
                    return;
                }
                let index = self.box_list.binary_search(&m.from).expect("the moved box is listed");
                self.hungarian.remove_row(index);
                moving = (m.from, self.regions_next_to(m.from));
            }
            self.child.clear();
            self.child.extend_from_slice(&self.core.scratch[..words]);
            clear_box(&mut self.child, m.from);
            set_box(&mut self.child, m.to);
            let expander = &mut self.core.expander;
            let player = m.player(&expander.problem.board);
            let hungarian = &mut self.hungarian;
            let mut child = MoveChild { m, player, boxes: &self.child, hungarian };
            let h = match expander.judge.judge(&expander.problem, &mut child) {
                Judged::Kept(h) => h,
                Judged::Pruned(pruned) => {
                    self.core.pruned(|c| c.macro_view(m), g + u32::from(m.pushes), 0, pruned);
                    continue;
                }
                Judged::Stored => unreachable!("a move's position is looked up when it is played"),
            };
            let p = &self.core.expander.problem;
            let connectivity = regions - moving.1 + usize::from(self.box_moves.splits()[i]);
            let features =
                Measure::features_given(p, &self.plan, &techniques, &self.child, connectivity);
            let heat_before = self.heat_of(m.from);
            let heat_after =
                if heat_before > 0 { self.hotspots.heat(p, &self.child, m.to) } else { 0 };
            let approach = self.approach_of(m, at);
            let blockers = self.blockers.as_mut().map_or(u32::MAX, |b| b.count(&self.child));
            // The explorer marks its one move once every candidate is known.
            let opens = false;
            let c =
                Candidate { m, h, features, heat_before, heat_after, approach, opens, blockers };
            self.candidates.push(c);
        }
        if techniques.on(Technique::Explorer) {
            self.mark_explorer(packed_here, techniques.on(Technique::BestLine));
        }
        self.advise_and_queue(id, g, at.1, blockers_here);
    }

    /// Marks the move the explorer advisor proposes: the first, in the order the advisors
    /// choose by (`line`: best features first), of the candidates that keep the `packed`
    /// steps done, that explores. Each test floods the board, so at most [`EXPLORER_TRIES`]
    /// are tried.
    fn mark_explorer(&mut self, packed: u8, line: bool) {
        let mut ranked: Vec<usize> = (0..self.candidates.len())
            .filter(|&i| self.candidates[i].features.packed >= packed)
            .collect();
        ranked.sort_by_key(|&i| order(&self.candidates[i], 0, line));
        let p = &self.core.expander.problem;
        let words = p.words();
        self.explorer.enter(p, &self.core.scratch[..words], player_of(&self.core.scratch));
        for &i in ranked.iter().take(EXPLORER_TRIES) {
            let m = self.candidates[i].m;
            self.child.clear();
            self.child.extend_from_slice(&self.core.scratch[..words]);
            clear_box(&mut self.child, m.from);
            set_box(&mut self.child, m.to);
            if self.explorer.opens(p, &self.child, m) {
                self.candidates[i].opens = true;
                return;
            }
        }
    }

    /// Asks the advisors about the candidates of node `id` (with `g` pushes; `next` is the plan's
    /// next step there, `blockers` its count of boxes in another's way), weighs each (advised moves
    /// cost nothing more than their node, the others one) and queues it in the node's cell.
    fn advise_and_queue(&mut self, id: NodeId, g: u32, next: Option<usize>, blockers: u32) {
        let here = self.own[id as usize];
        let p = &self.core.expander.problem;
        let techniques = self.core.expander.techniques();
        let position = Position {
            board: &p.board,
            features: here,
            hottest: self.heat.iter().filter(|h| h.1 > 0).max_by_key(|h| h.1).copied(),
            nearest: self.nearest_to_next_goal(here.packed, next),
            blockers,
        };
        let rule =
            if techniques.on(Technique::BestLine) { Choice::BestLine } else { Choice::Plain };
        let mut advised = vec![false; self.candidates.len()];
        for advisor in Advisor::ALL {
            if !techniques.on(advisor.technique()) {
                continue;
            }
            if let Some(i) = advisor.advise(&position, &self.candidates, rule) {
                advised[i] = true;
            }
        }
        let cell = self.cell[id as usize];
        let base = self.weight[id as usize];
        // Room for every move, counted against the memory limit before it is filled.
        self.store.reserve(self.candidates.len());
        self.cells.reserve(cell, self.candidates.len());
        let growth = self.memory().saturating_sub(self.held);
        if self.core.expander.interrupt.account(growth) {
            return;
        }
        let on_line = self.judge_line_move(id, &advised);
        for (i, &advised) in advised.iter().enumerate() {
            let c = self.candidates[i];
            let weight = base + u32::from(!advised);
            let tie = tie_break(&c, id);
            let index = self.store.len() as u32;
            self.store.push(Waiting { m: c.m, h: c.h });
            let entry = Entry { weight, tie, node: id, index };
            self.cells.push(cell, entry);
            if on_line == Some(i) || (self.perimeter.is_some() && self.on_backward_side(c.m)) {
                self.follow.push(entry);
            }
            if O::ENABLED {
                let push = self.core.macro_view(c.m);
                let g = g + u32::from(c.m.pushes);
                let v = ChildView {
                    push,
                    node: None,
                    g,
                    h: c.h,
                    f: weight,
                    verdict: Verdict::Kept,
                    pattern: None,
                };
                self.core.observer.child(v);
            }
        }
        self.core.stats.open = self.cells.waiting() as u64;
    }

    /// When node `id` is where the line being followed stands: records the verdict on the
    /// line's next box move among the candidates (`advised` per candidate) and returns its
    /// index, to be played next.
    fn judge_line_move(&mut self, id: NodeId, advised: &[bool]) -> Option<usize> {
        let line = self.line.as_mut()?;
        let expected = line.expected_at(id)?;
        let found =
            self.candidates.iter().position(|c| (c.m.from, c.m.to) == (expected.from, expected.to));
        let onto_goal = self.core.expander.problem.board.is_goal(expected.to);
        line.judged(found.map(|i| advised[i]), onto_goal);
        self.report_line();
        found
    }

    /// How many regions of the expanded position's free floor touch square `s` (the
    /// regions are those last computed by `self.measure`).
    fn regions_next_to(&self, s: Sq) -> usize {
        let board = &self.core.problem().board;
        let mut seen = [u16::MAX; 4];
        let mut count = 0;
        for d in 0..4 {
            let u = board.nbr(s, d);
            if u == NONE {
                continue;
            }
            let r = self.measure.regions.of(u);
            if r != BOXED && !seen[..count].contains(&r) {
                seen[count] = r;
                count += 1;
            }
        }
        count
    }

    /// Pushes from `m`'s destination to the square of the plan's next step, or `u16::MAX`
    /// when the moved box is one the plan has placed already or there is no next step; `at`
    /// is the expanded position's (steps done, next step).
    fn approach_of(&self, m: Macro, (packed, next): (usize, Option<usize>)) -> u16 {
        if self.plan.holds(m.from, packed) {
            return u16::MAX;
        }
        next.map_or(u16::MAX, |i| self.plan.distance(self.core.problem(), m.to, i))
    }

    /// The least push distance of a box the plan has not placed to the square of its next
    /// step `next`.
    fn nearest_to_next_goal(&self, packed: u8, next: Option<usize>) -> u16 {
        let p = self.core.problem();
        let Some(i) = next else { return 0 };
        boxes_of(&self.core.scratch[..p.words()])
            .filter(|&b| !self.plan.holds(b, usize::from(packed)))
            .map(|b| self.plan.distance(p, b, i))
            .min()
            .unwrap_or(0)
    }

    /// The heat of the box on `s` in the position being expanded.
    fn heat_of(&self, s: Sq) -> u32 {
        self.heat.binary_search_by_key(&s, |h| h.0).map_or(0, |i| self.heat[i].1)
    }
}

/// A move of the position being expanded before the pruning pipeline. Its position is
/// looked up in the store, and the costly stage run, only when it is played
/// ([`Fess::play`]).
struct MoveChild<'a> {
    m: Macro,
    /// The player's square after the move.
    player: Sq,
    /// The boxes after the move.
    boxes: &'a [u64],
    /// The matching of the expanded position with the moved box's row taken out.
    hungarian: &'a mut Hungarian,
}

impl judge::Candidate for MoveChild<'_> {
    fn boxes(&self) -> &[u64] {
        self.boxes
    }

    fn from(&self) -> Sq {
        self.m.from
    }

    fn to(&self) -> Sq {
        self.m.to
    }

    fn stored(&mut self, _: &Problem) -> bool {
        false
    }

    /// The incremental matching with the moved box on its new square; no matching is a
    /// bipartite deadlock when that test is on.
    fn bound(&mut self, p: &Problem, judge: &mut Judge) -> Result<u32, PruneReason> {
        let h = self.hungarian.cost_with_row_at(&p.dist, self.m.to);
        if h == INFINITE && judge.deadlocks().bipartite {
            return Err(PruneReason::Bipartite);
        }
        Ok(h)
    }

    fn costly(&self) -> Costly<'_> {
        Costly::Later { player: self.player }
    }
}

/// Moves the explorer advisor tests at most per position.
const EXPLORER_TRIES: usize = 64;

/// Among moves of equal weight: more goals packed first, then moves from the newest node
/// (which makes each cell dig into its latest line before widening).
fn tie_break(c: &Candidate, node: NodeId) -> u32 {
    let packed = u32::from(u8::MAX - c.features.packed);
    packed << 24 | (0xFF_FFFF - node.min(0xFF_FFFF))
}
