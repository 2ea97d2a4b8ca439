//! The pruning pipeline: every search judges the positions it generates here, in the same
//! order with the same detectors, so a rule added or switched off changes every search alike.
//!
//! [`Judge::judge`] writes the order once; a search hands it each child as a [`Candidate`],
//! whose hooks do the search's own part between the stages:
//! 1. the PI-corral fence: before the children of a position are judged, [`Judge::enter`]
//!    looks for its PI-corral; while one exists, moves of boxes outside its fence are
//!    [`PruneReason::PiCorral`] (not deadlocks: other moves are enough);
//! 2. [`Judge::quick`]: dead squares, then freeze (and goals sealed off by frozen boxes),
//!    or in their place Demaret's dead squares and 2×2 rule;
//! 3. the search's hook [`Candidate::stored`]: the child's player area and hash, and whether
//!    the search stores it already (it was judged when first stored: the rest is skipped);
//! 4. the lower bound ([`Candidate::bound`]), with the bipartite test ([`Judge::bipartite`])
//!    for a bound that does not find those deadlocks as a by-product, as the matching does;
//! 5. [`Judge::full`], the costly stage: when the move froze a box on a goal, the
//!    retrograde analysis and fixed boxes; the corral search (retried with a larger budget
//!    for a corral asked about often); the pattern database (a stored pattern, a room's
//!    boxes found dead, or a new pattern learned from the position).
//!
//! A search whose children mostly wait and are never played (FESS) defers the last stage
//! ([`Costly::Later`]): when judging, only the stored patterns are looked up, and the search
//! runs [`Judge::full`] itself when it plays the move, after it has found the position new.
//! That call is the pipeline's last stage, deferred; nothing else runs between.
//!
//! The dead-square rule reaches the move generators too: FESS's and the pull searches' box
//! searches enter a square the rule calls dead but do not pass it ([`Judge::onward`]), so a
//! move into it is generated, then pruned and counted like any other child; the tunnel
//! macro stops before one ([`Judge::dead_square`]). With the rule off they go on through.

use crate::level::Pos;
use crate::solver::analysis::problem::Problem;
use crate::solver::deadlock::bipartite::Bipartite;
use crate::solver::deadlock::corral::Corral;
use crate::solver::deadlock::demaret;
use crate::solver::deadlock::fixed::Fixed;
use crate::solver::deadlock::freeze::Freeze;
use crate::solver::deadlock::patterns::{Adopted, Patterns};
use crate::solver::deadlock::pi_corral::PiCorrals;
use crate::solver::deadlock::retrograde::Retrograde;
use crate::solver::deadlock::sealed::Sealed;
use crate::solver::deadlock::{Deadlocks, PruneReason};
use crate::solver::model::board::Sq;
use crate::solver::model::interrupt::Interrupt;
use crate::solver::model::reach::Reach;
use crate::solver::model::side_search::Onward;
use crate::solver::model::state::{boxes_of, has_box};
use crate::solver::techniques::{Technique, Techniques};

/// A child pruned: the rule, and the pattern when the rule is the pattern database.
pub(crate) type Pruned = (PruneReason, Option<u32>);

/// A child as the search that generated it holds it: what the pipeline reads of it, and the
/// hooks where the search does its own part ([`Judge::judge`] calls them in order).
pub(crate) trait Candidate {
    /// The child's boxes.
    fn boxes(&self) -> &[u64];
    /// The moved box's square before the move.
    fn from(&self) -> Sq;
    /// The moved box's square after the move.
    fn to(&self) -> Sq;
    /// After the cheap stages: prepares what the search stores the child by (its player's
    /// area, normalised square and hash) and says whether the search stores it already.
    fn stored(&mut self, p: &Problem) -> bool;
    /// The child's lower bound, or why the bound proves it dead; `judge` answers the
    /// bipartite test for a bound that does not find those deadlocks itself.
    fn bound(&mut self, p: &Problem, judge: &mut Judge) -> Result<u32, PruneReason>;
    /// When the costly stage runs on the child.
    fn costly(&self) -> Costly<'_>;
}

/// When the costly stage ([`Judge::full`]) runs on a child.
pub(crate) enum Costly<'a> {
    /// Now, the player on `player` with area `reach`.
    Now {
        /// The player's square.
        player: Sq,
        /// The player's area.
        reach: &'a Reach,
    },
    /// When the search plays the move (it calls [`Judge::full`] then); now only the stored
    /// patterns are looked up, the player on `player`.
    Later {
        /// The player's square.
        player: Sq,
    },
}

/// The pipeline's verdict on a child.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Judged {
    /// Kept, with its lower bound.
    Kept(u32),
    /// The search stores it already: not judged past the cheap stages.
    Stored,
    /// Pruned.
    Pruned(Pruned),
}

/// What a [`Judge`] had learned at a point of a search (see [`Judge::mark`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct JudgeMark {
    corral: usize,
    patterns: [usize; 3],
}

/// The detectors a search prunes with, with their scratch space and the pattern database.
#[derive(Debug)]
pub(crate) struct Judge {
    deadlocks: Deadlocks,
    /// Whether PI-corral pruning is on.
    pi_corrals_on: bool,
    freeze: Freeze,
    sealed: Sealed,
    bipartite: Bipartite,
    fixed: Fixed,
    retrograde: Retrograde,
    /// Scratch: the boxes that never move (frozen on goals, and on stuck goals).
    walls: Vec<u64>,
    corral: Corral,
    patterns: Patterns,
    pi_corrals: PiCorrals,
    /// The fence boxes of the PI-corral of the position being expanded (empty: none).
    fence: Vec<u64>,
    /// Scratch: the player's area of a position judged whole ([`Judge::position`]).
    reach: Reach,
    /// Demaret's dead squares, one flag per square (empty unless his rules are on).
    demaret_dead: Vec<bool>,
}

impl Judge {
    /// A judge for `problem` running the detectors `deadlocks` asks for (the pattern
    /// database is precomputed here when it is on), with PI-corral pruning and relaxed
    /// pattern sub-searches as `techniques` say. Its sub-searches give up, pruning nothing,
    /// when `interrupt` is raised.
    pub fn new(
        problem: &Problem,
        deadlocks: Deadlocks,
        techniques: Techniques,
        interrupt: &Interrupt,
    ) -> Self {
        let relaxed = techniques.on(Technique::FreeBoxes);
        let mut patterns = Patterns::new(problem, interrupt, relaxed);
        if deadlocks.patterns {
            patterns.precompute(problem);
        }
        Judge {
            deadlocks,
            pi_corrals_on: techniques.on(Technique::PiCorrals),
            freeze: Freeze::default(),
            sealed: Sealed::default(),
            bipartite: Bipartite::new(interrupt),
            fixed: Fixed::new(interrupt),
            retrograde: Retrograde::default(),
            walls: Vec::new(),
            corral: Corral::new(interrupt.clone()),
            patterns,
            pi_corrals: PiCorrals::default(),
            fence: Vec::new(),
            reach: Reach::default(),
            demaret_dead: if deadlocks.demaret {
                demaret::dead_squares(&problem.board)
            } else {
                Vec::new()
            },
        }
    }

    /// Keeps a journal of what the judge learns from now on (the corral cache, the
    /// pattern database), so that it can go back to a [`Judge::mark`].
    pub fn journal(&mut self) {
        self.corral.journal();
        self.patterns.journal();
    }

    /// The point what the judge has learned can go back to.
    pub fn mark(&self) -> JudgeMark {
        JudgeMark { corral: self.corral.mark(), patterns: self.patterns.mark() }
    }

    /// Forgets what the judge learned after `mark`.
    pub fn rewind(&mut self, mark: &JudgeMark) {
        self.corral.rewind(mark.corral);
        self.patterns.rewind(mark.patterns);
    }

    /// The detectors switched on.
    pub fn deadlocks(&self) -> Deadlocks {
        self.deadlocks
    }

    /// The deadlock pattern database.
    pub fn patterns(&self) -> &Patterns {
        &self.patterns
    }

    /// Bytes the pattern database, the corral cache and the fixed boxes' kept searches
    /// hold, about.
    pub fn memory(&self) -> usize {
        self.patterns.memory() + self.corral.memory() + self.fixed.memory()
    }

    /// Judges `child` through every stage in the pipeline's order (see the module's doc).
    pub fn judge(&mut self, p: &Problem, child: &mut impl Candidate) -> Judged {
        if self.fenced_out(child.from()) {
            return Judged::Pruned((PruneReason::PiCorral, None));
        }
        if let Some(reason) = self.quick(p, child.boxes(), child.to()) {
            return Judged::Pruned((reason, None));
        }
        if child.stored(p) {
            return Judged::Stored;
        }
        let h = match child.bound(p, self) {
            Ok(h) => h,
            Err(reason) => return Judged::Pruned((reason, None)),
        };
        let to = child.to();
        let pruned = match child.costly() {
            Costly::Now { player, reach } => self.full(p, child.boxes(), reach, player, to),
            Costly::Later { player } => self.known_pattern(child.boxes(), player, to),
        };
        pruned.map_or(Judged::Kept(h), Judged::Pruned)
    }

    /// Prepares to judge the children of the position `boxes` whose player area is
    /// `reach`: finds its PI-corral, if PI-corral pruning is on.
    pub fn enter(&mut self, p: &Problem, boxes: &[u64], reach: &Reach) {
        self.fence.clear();
        if self.pi_corrals_on
            && let Some(fence) = self.pi_corrals.find(p, boxes, reach)
        {
            self.fence.extend_from_slice(fence);
        }
    }

    /// Whether pushes of the box on `b` may be skipped: the position being expanded has a
    /// PI-corral and `b` is not one of its fence boxes.
    pub fn fenced_out(&self, b: Sq) -> bool {
        !self.fence.is_empty() && !has_box(&self.fence, b)
    }

    /// Whether a box on `s` can never reach a goal, by the dead-square rule or Demaret's
    /// (false when both are off).
    #[inline]
    pub fn dead_square(&self, p: &Problem, s: Sq) -> bool {
        (self.deadlocks.dead_squares && p.dist.is_dead(s))
            || (self.deadlocks.demaret && self.demaret_dead[s as usize])
    }

    /// How a search generating moves treats square `s`: a square the rule calls dead is
    /// entered, so that the move into it is judged here (pruned and counted), but not passed
    /// through, since every square beyond a dead one is dead too (dead: no push path to any
    /// goal on the empty board, which is closed under pushes; a box on one of Demaret's
    /// can only be pushed along its line, onto another). With the rule off, every
    /// square is passed.
    #[inline]
    pub fn onward(&self, p: &Problem, s: Sq) -> Onward {
        if self.dead_square(p, s) { Onward::Stop } else { Onward::Pass }
    }

    /// The cheap detectors on the child `boxes` whose moved box now stands on `to`: dead
    /// squares, then freeze and goals sealed off by frozen boxes, then Demaret's 2×2 rule.
    fn quick(&mut self, p: &Problem, boxes: &[u64], to: Sq) -> Option<PruneReason> {
        if self.dead_square(p, to) {
            return Some(PruneReason::DeadSquare);
        }
        if self.deadlocks.freeze
            && (self.freeze.is_deadlock(&p.board, &p.dist, boxes, to)
                || self.sealed.is_deadlock(p, boxes, to))
        {
            return Some(PruneReason::Freeze);
        }
        if self.deadlocks.demaret && demaret::square_deadlock(&p.board, boxes, to) {
            return Some(PruneReason::Freeze);
        }
        None
    }

    /// The first cheap rule that calls the position `boxes` dead, reached by moving one
    /// box (by any number of pushes) onto `to`: the quick stage and the bipartite matching,
    /// the rules that judge a position rather than the push (no PI-corral), without the
    /// bound or the costly searches. For the planner's macro pushes.
    pub fn moved(&mut self, p: &Problem, boxes: &[u64], to: Sq) -> Option<PruneReason> {
        if let Some(reason) = self.quick(p, boxes, to) {
            return Some(reason);
        }
        let squares: Vec<Sq> = boxes_of(boxes).collect();
        self.bipartite(p, &squares).then_some(PruneReason::Bipartite)
    }

    /// Whether the boxes on the squares `boxes` cannot all be given distinct goals they can
    /// reach (false when the bipartite test is off).
    pub fn bipartite(&mut self, p: &Problem, boxes: &[Sq]) -> bool {
        self.deadlocks.bipartite && self.bipartite.is_deadlock(&p.dist, boxes)
    }

    /// A stored deadlock pattern the child matches, with the rule it stands for (the
    /// pattern database alone, without learning; none when its rule is off).
    fn known_pattern(&mut self, boxes: &[u64], player: Sq, to: Sq) -> Option<Pruned> {
        let id = self.patterns.matching(boxes, player, to)?;
        let reason = self.patterns.reason(id);
        self.on(reason).then_some((reason, Some(id)))
    }

    /// The costly detectors on the child `boxes` whose pushed box now stands on `to`, the
    /// player on `player` with area `reach`: when the push froze a box on a goal, the
    /// retrograde analysis and fixed boxes; then the corral search (run again with a larger
    /// budget for a corral asked about often), the rooms, and the pattern database (a
    /// stored pattern, or one learned from this position). The pipeline's last stage: run
    /// by [`Judge::judge`], or deferred to the search ([`Costly::Later`]).
    pub fn full(
        &mut self,
        p: &Problem,
        boxes: &[u64],
        reach: &Reach,
        player: Sq,
        to: Sq,
    ) -> Option<Pruned> {
        let d = self.deadlocks;
        if (d.fixed || d.retrograde) && self.fixed.froze_on_goal(p, boxes, to) {
            self.walls.clear();
            self.walls.extend_from_slice(self.fixed.frozen_on_goals(p, boxes));
            if d.retrograde {
                if self.retrograde.is_deadlock(p, boxes, &self.walls) {
                    return Some((PruneReason::Retrograde, None));
                }
                // The boxes on stuck goals never move either.
                let stuck = self.retrograde.stuck_goals(p, &self.walls);
                self.walls.iter_mut().zip(stuck).for_each(|(w, s)| *w |= s);
            }
            if d.fixed && self.fixed.unmatched(p, boxes, player, &self.walls) {
                return Some((PruneReason::Fixed, None));
            }
        }
        if d.corral
            && let Some(reason) = self.corral.verdict(p, boxes, reach, player, to, d.corral_retry)
        {
            return Some((reason, None));
        }
        if d.patterns || d.rooms || d.stall_patterns {
            if let Some(id) = self.patterns.matching(boxes, player, to) {
                let reason = self.patterns.reason(id);
                if self.on(reason) {
                    return Some((reason, Some(id)));
                }
            }
            if d.rooms
                && let Some(id) = self.patterns.learn_room(p, boxes, player, to)
            {
                return Some((PruneReason::Room, Some(id)));
            }
            if d.patterns
                && let Some(id) = self.patterns.learn(p, boxes, player, to)
            {
                return Some((PruneReason::Pattern, Some(id)));
            }
        }
        None
    }

    /// The first rule switched on that calls the position `boxes` dead, the player on
    /// `player`, taking each box in turn as the one just pushed (the pipeline's stages but
    /// the search's own: no PI-corral, no stored check, no bound). For judging a position
    /// met outside a search; the patterns it learns stay, as in a search.
    pub fn position(&mut self, p: &Problem, boxes: &[u64], player: Sq) -> Option<PruneReason> {
        let squares: Vec<Sq> = boxes_of(boxes).collect();
        if let Some(reason) = squares.iter().find_map(|&b| self.quick(p, boxes, b)) {
            return Some(reason);
        }
        if self.bipartite(p, &squares) {
            return Some(PruneReason::Bipartite);
        }
        let mut reach = std::mem::take(&mut self.reach);
        reach.flood(&p.board, boxes, player);
        let found = squares.iter().find_map(|&b| self.full(p, boxes, &reach, player, b));
        self.reach = reach;
        found.map(|(reason, _)| reason)
    }

    /// Whether the detector that prunes for `reason` is on.
    fn on(&self, reason: PruneReason) -> bool {
        let mut d = self.deadlocks;
        d.flag(reason).is_none_or(|on| *on)
    }

    /// Learns a pattern from a position where a subtree of the search stalled (see
    /// [`Patterns::learn_stalled`]); none when stall patterns are off.
    pub fn learn_stalled(&mut self, p: &Problem, boxes: &[u64], player: Sq) -> Option<u32> {
        if !self.deadlocks.stall_patterns {
            return None;
        }
        self.patterns.learn_stalled(p, boxes, player)
    }

    /// Adds the dead set `boxes`, the player on `player`, to the pattern database (see
    /// [`Patterns::adopt`]); why not when the pattern rule is off, a square is not floor of
    /// this board, or the database is full.
    pub fn adopt(&mut self, p: &Problem, boxes: &[Pos], player: Pos) -> Result<Adopted, String> {
        if !self.deadlocks.patterns {
            return Err("this search has the pattern database switched off, so a pattern \
                        would prune nothing; switch it on under Pruning"
                .into());
        }
        let square = |pos: Pos| {
            p.board
                .square_at(pos)
                .ok_or_else(|| format!("{pos} is not a floor square of this board"))
        };
        let boxes = boxes.iter().map(|&b| square(b)).collect::<Result<Vec<Sq>, String>>()?;
        if boxes.is_empty() {
            return Err("an empty set of boxes is no pattern".into());
        }
        let player = square(player)?;
        self.patterns.adopt(p, &boxes, player).ok_or_else(|| "the pattern database is full".into())
    }
}
