//! The plan feature-space search follows: an ordered list of steps, each bringing a box to
//! a square, that ends with every goal filled. A step's box comes from where the box stood
//! at the start, from any box's start square, or from the square an earlier step parked it
//! on; a step whose box moves on later names that later step (`until`).
//!
//! The packing order is the simplest plan: every goal in turn, each box staying put. A
//! backward search from the solved position ([`crate::solver::algo::backward`]) gives richer
//! ones, with boxes parked on the way. The search's "packed" feature is the longest prefix
//! of the plan the position satisfies.

use crate::solver::analysis::distances::{INF, PushGraph};
use crate::solver::analysis::packing::sources;
use crate::solver::analysis::problem::Problem;
use crate::solver::model::board::Sq;
use crate::solver::model::state::{has_box, set_box};

/// Where a step's box comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The box stands on the step's square from the start of the plan.
    Init,
    /// A box brought from where boxes start: this start square, in the line the plan was
    /// read from (any start square's box will do).
    Base(Sq),
    /// The box an earlier step put on this square.
    Square(Sq),
    /// Any box (plans made from the packing order).
    Any,
}

/// One step: a box brought to `to`, staying there until step `until` (if any) moves it on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// Where the box comes from.
    pub origin: Origin,
    /// The square the step fills.
    pub to: Sq,
    /// The later step that moves this box on; none when it stays for good.
    pub until: Option<u16>,
}

/// How a plan was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlanSource {
    /// From the packing order (every goal in turn).
    PackingOrder,
    /// From the line of a backward search that took this many expansions.
    Backward {
        /// Positions the backward search expanded.
        expansions: u32,
    },
}

/// A packing-and-parking plan.
#[derive(Clone, Debug)]
pub struct ParkingPlan {
    /// The steps in order; the inits come first, those whose box never moves first of all.
    pub steps: Vec<Step>,
    /// How many steps are inits.
    pub inits: usize,
    /// How many of them keep their box for the whole plan.
    pub mandatory: usize,
    /// How it was made.
    pub source: PlanSource,
    /// Per step whose square is not a goal: the push distances from every square to it.
    rows: Vec<Option<Vec<u16>>>,
    /// For a plan without inits or parking (every box stays where its step puts it): per
    /// square, the index of the step that fills it, or `u16::MAX`. Empty otherwise.
    rank: Vec<u16>,
    /// For a backward search's plan, per value of `packed`: the squares the plan's next
    /// sealing cuts off from every step after it (see [`ParkingPlan::out_of_plan`]).
    zones: Vec<Vec<u64>>,
}

impl ParkingPlan {
    /// The plan of the packing order: fill its goals in turn.
    pub fn from_order(p: &Problem) -> Self {
        let steps =
            p.packing.order.iter().map(|&g| Step { origin: Origin::Any, to: g, until: None });
        let steps: Vec<Step> = steps.collect();
        let rows = vec![None; steps.len()];
        let mut rank = vec![u16::MAX; p.board.len()];
        for (i, s) in steps.iter().enumerate() {
            rank[s.to as usize] = i as u16;
        }
        let source = PlanSource::PackingOrder;
        ParkingPlan { steps, inits: 0, mandatory: 0, source, rows, rank, zones: Vec::new() }
    }

    /// The plan of a line: `left` are the boxes that stay on their squares from the start
    /// of the plan, `moves` the box moves in the order to play them, each (where the box
    /// comes from, to). Moves of the same box that follow each other are joined; a move that
    /// puts a box back where it was is dropped.
    pub fn from_line(p: &Problem, left: &[Sq], moves: &[(Origin, Sq)], expansions: u32) -> Self {
        let mut steps: Vec<Step> =
            left.iter().map(|&s| Step { origin: Origin::Init, to: s, until: None }).collect();
        let inits = steps.len();
        for &(origin, to) in moves {
            if origin == Origin::Square(to) {
                continue;
            }
            // Join with the step just before when it moved this box here.
            let joins = steps.len() > inits;
            if let Some(last) = steps.last_mut()
                && joins
                && Origin::Square(last.to) == origin
            {
                last.to = to;
                if last.origin == Origin::Square(to) {
                    steps.pop();
                }
                continue;
            }
            steps.push(Step { origin, to, until: None });
        }
        link(&mut steps);
        // The inits whose box never moves come first.
        let (mut mandatory, moved): (Vec<Step>, Vec<Step>) =
            steps[..inits].iter().partition(|s| s.until.is_none());
        let count = mandatory.len();
        mandatory.extend(moved);
        mandatory.extend_from_slice(&steps[inits..]);
        let mut steps = mandatory;
        link(&mut steps);
        let graph = PushGraph::new(&p.board);
        let rows = steps
            .iter()
            .map(|s| {
                (!p.board.is_goal(s.to)).then(|| {
                    let mut row = vec![INF; p.board.len()];
                    graph.distances_to(&p.board, s.to, &mut row);
                    row
                })
            })
            .collect();
        let zones = zones(p, &steps);
        ParkingPlan {
            steps,
            zones,
            inits,
            mandatory: count,
            source: PlanSource::Backward { expansions },
            rows,
            rank: Vec::new(),
        }
    }

    /// The longest prefix of the plan that `boxes` satisfy: every step of it whose box is
    /// still needed at its end (it stays for good, or moves on only later) has a box on its
    /// square. Until every box that never moves stands, only those count.
    pub fn packed(&self, boxes: &[u64]) -> usize {
        if !self.rank.is_empty() {
            return self.steps.iter().take_while(|s| has_box(boxes, s.to)).count();
        }
        let held = |i: usize| has_box(boxes, self.steps[i].to);
        let standing = (0..self.mandatory).filter(|&i| held(i)).count();
        if standing < self.mandatory {
            return standing;
        }
        let p = self.prefix(boxes);
        let good = (self.mandatory..self.inits)
            .filter(|&i| held(i) || self.steps[i].until.is_some_and(|u| usize::from(u) < p))
            .count();
        p - (self.inits - self.mandatory - good)
    }

    /// The prefix before the inits are counted (see [`ParkingPlan::packed`]).
    fn prefix(&self, boxes: &[u64]) -> usize {
        let mut p = self.steps.len();
        for i in (self.inits..self.steps.len()).rev() {
            let step = self.steps[i];
            if !has_box(boxes, step.to) && step.until.is_none_or(|u| usize::from(u) >= p) {
                p = i;
            }
        }
        p
    }

    /// The index of the step to do next with `boxes`: none while a box that never moves is
    /// missing, or when the plan is done.
    pub fn next_step(&self, boxes: &[u64]) -> Option<usize> {
        if (0..self.mandatory).any(|i| !has_box(boxes, self.steps[i].to)) {
            return None;
        }
        let p = self.prefix(boxes);
        (p < self.steps.len()).then_some(p)
    }

    /// Whether a box on `s` is one the first `packed` steps placed and still need.
    pub fn holds(&self, s: Sq, packed: usize) -> bool {
        if !self.rank.is_empty() {
            return usize::from(self.rank[s as usize]) < packed;
        }
        self.steps[..packed.min(self.steps.len())]
            .iter()
            .any(|step| step.to == s && step.until.is_none_or(|u| usize::from(u) >= packed))
    }

    /// Boxes out of plan after the first `packed` steps: boxes standing where the plan's
    /// next sealing (a box placed for good that cuts squares off from the steps after it)
    /// will trap them, while they can still be moved out. None for the packing order's
    /// plan, whose out-of-plan boxes the packing order counts.
    pub fn out_of_plan(&self, boxes: &[u64], packed: usize) -> Option<usize> {
        let zone = self.zones.get(packed)?;
        Some(boxes.iter().zip(zone).map(|(b, z)| (b & z).count_ones() as usize).sum())
    }

    /// Boxes already where the plan's board just before its next permanent placement
    /// wants them, after the first `packed` steps: on the squares that the steps from
    /// `packed` up to that placement fill and that still hold their box then (Festival's
    /// "imagine"). Zero when the next step is a permanent placement (always, for the
    /// packing order's plan).
    pub fn imagined(&self, boxes: &[u64], packed: usize) -> usize {
        let rest = self.steps.get(packed..).unwrap_or_default();
        let Some(next) = rest.iter().position(|s| s.until.is_none()) else { return 0 };
        rest[..next]
            .iter()
            .filter(|s| s.until.is_none_or(|u| usize::from(u) >= packed + next))
            .filter(|s| has_box(boxes, s.to))
            .count()
    }

    /// Pushes from `s` to the square of step `i` for a box alone.
    pub fn distance(&self, p: &Problem, s: Sq, i: usize) -> u16 {
        match &self.rows[i] {
            Some(row) => row[s as usize],
            None => {
                let goal = p.board.goals().binary_search(&self.steps[i].to);
                goal.map_or(INF, |gi| p.dist.to_goal(s, gi))
            }
        }
    }

    /// Bytes the plan holds.
    pub fn memory(&self) -> usize {
        self.steps.capacity() * std::mem::size_of::<Step>()
            + self.rows.iter().flatten().map(|r| r.capacity() * 2).sum::<usize>()
    }
}

/// The out-of-plan zones of `steps`, one per value of `packed` (Festival's rule, which looks
/// ahead). The raw zone of step `k`: the squares, neither dead nor filled for good by steps
/// `..=k`, from which a box alone can reach no later step's square with those filled. Each
/// step then takes the raw zone of the next step where the zone grows, so a box is
/// counted while it can still leave; once every step is done nothing is out of plan.
fn zones(p: &Problem, steps: &[Step]) -> Vec<Vec<u64>> {
    let words = p.words();
    let mut walls = vec![0u64; words];
    let mut raw = Vec::with_capacity(steps.len());
    for k in 0..steps.len().saturating_sub(1) {
        if steps[k].until.is_none() {
            set_box(&mut walls, steps[k].to);
        }
        let targets: Vec<Sq> = steps[k + 1..].iter().map(|s| s.to).collect();
        let sources = sources(&p.board, &walls, &targets);
        let mut zone = vec![0u64; words];
        for s in 0..p.board.len() as Sq {
            if !has_box(&walls, s) && !has_box(&sources, s) && !p.dist.is_dead(s) {
                set_box(&mut zone, s);
            }
        }
        raw.push(zone);
    }
    let mut zones = vec![vec![0u64; words]; steps.len() + 1];
    let mut next: Option<usize> = None;
    for k in (0..raw.len()).rev() {
        zones[k] = raw[next.unwrap_or(k)].clone();
        if k > 0 && raw[k] != raw[k - 1] {
            next = Some(k);
        }
    }
    zones
}

/// Sets each step's `until`: the first later step that takes its box from its square.
fn link(steps: &mut [Step]) {
    for i in 0..steps.len() {
        let to = steps[i].to;
        steps[i].until =
            (i + 1..steps.len()).find(|&j| steps[j].origin == Origin::Square(to)).map(|j| j as u16);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Level;
    use crate::solver::model::state::set_box;

    /// A box brought from where boxes start.
    fn base(p: &Problem) -> Origin {
        Origin::Base(p.board.start_boxes()[0])
    }

    fn problem() -> Problem {
        Problem::new(
            &Level::from_rows(&["#########", "#.. $$ @#", "#.  $   #", "#########"]).unwrap(),
        )
        .unwrap()
    }

    fn boxes(p: &Problem, squares: &[Sq]) -> Vec<u64> {
        let mut b = vec![0; p.words()];
        squares.iter().for_each(|&s| set_box(&mut b, s));
        b
    }

    #[test]
    fn the_packing_order_plan_counts_the_filled_prefix() {
        let p = problem();
        let plan = ParkingPlan::from_order(&p);
        let order = &p.packing.order;
        assert_eq!(plan.packed(&boxes(&p, &[])), 0);
        assert_eq!(plan.packed(&boxes(&p, &[order[0]])), 1);
        assert_eq!(plan.packed(&boxes(&p, &[order[1]])), 0);
        assert_eq!(plan.packed(&boxes(&p, &[order[0], order[1]])), 2);
        assert_eq!(plan.next_step(&boxes(&p, &[order[0]])), Some(1));
        assert!(plan.holds(order[0], 1) && !plan.holds(order[1], 1));
    }

    #[test]
    fn a_parked_box_counts_until_its_step_moves_it_on() {
        let p = problem();
        let sq = |x, y| p.board.square_at(crate::level::Pos::new(x, y)).unwrap();
        let (park, g1, g2) = (sq(3, 2), sq(1, 1), sq(2, 1));
        // Park a box, fill g1 from its start, then bring the parked box to g2.
        let plan = ParkingPlan::from_line(
            &p,
            &[],
            &[(base(&p), park), (base(&p), g1), (Origin::Square(park), g2)],
            3,
        );
        assert_eq!(plan.steps.len(), 3);
        assert_eq!(plan.steps[0].until, Some(2));
        assert_eq!(plan.packed(&boxes(&p, &[])), 0);
        assert_eq!(plan.packed(&boxes(&p, &[park])), 1);
        assert_eq!(plan.packed(&boxes(&p, &[park, g1])), 2);
        assert_eq!(plan.packed(&boxes(&p, &[g1])), 0, "the parked box is still needed");
        assert_eq!(plan.packed(&boxes(&p, &[g1, g2])), 3, "moved on by its step: done");
        assert_eq!(plan.next_step(&boxes(&p, &[park])), Some(1));
        assert_eq!(plan.distance(&p, sq(5, 2), 0), 2);
    }

    #[test]
    fn imagine_counts_boxes_on_the_squares_the_next_placement_waits_for() {
        let p = problem();
        let sq = |x, y| p.board.square_at(crate::level::Pos::new(x, y)).unwrap();
        let (park1, park2, g1, g2, g3) = (sq(3, 2), sq(2, 2), sq(1, 1), sq(2, 1), sq(1, 2));
        // Park two boxes, fill g1, then bring the parked boxes to g2 and g3.
        let line = [
            (base(&p), park1),
            (base(&p), park2),
            (base(&p), g1),
            (Origin::Square(park1), g2),
            (Origin::Square(park2), g3),
        ];
        let plan = ParkingPlan::from_line(&p, &[], &line, 3);
        assert_eq!(plan.steps.len(), 5);
        // Before g1 is filled the board wants both parking squares taken, in any order.
        assert_eq!(plan.imagined(&boxes(&p, &[]), 0), 0);
        assert_eq!(plan.imagined(&boxes(&p, &[park2]), 0), 1, "out of the plan's order");
        assert_eq!(plan.imagined(&boxes(&p, &[park1, park2]), 0), 2);
        assert_eq!(plan.imagined(&boxes(&p, &[park1, park2]), 1), 1, "park1 is packed");
        // The next step is a permanent placement: nothing to imagine.
        assert_eq!(plan.imagined(&boxes(&p, &[park1, park2]), 2), 0);
        assert_eq!(ParkingPlan::from_order(&p).imagined(&boxes(&p, &[g2]), 0), 0);
    }

    #[test]
    fn moves_of_one_box_in_a_row_are_joined() {
        let p = problem();
        let sq = |x, y| p.board.square_at(crate::level::Pos::new(x, y)).unwrap();
        let plan = ParkingPlan::from_line(
            &p,
            &[sq(4, 1)],
            &[(Origin::Square(sq(4, 1)), sq(3, 1)), (Origin::Square(sq(3, 1)), sq(2, 1))],
            2,
        );
        assert_eq!(plan.inits, 1);
        assert_eq!(
            plan.steps[1],
            Step { origin: Origin::Square(sq(4, 1)), to: sq(2, 1), until: None }
        );
        assert_eq!(plan.steps[0].until, Some(1));
        assert_eq!(plan.mandatory, 0, "the init's box moves on");
        // Before the box leaves its start square the init counts; once on the goal, all do.
        assert_eq!(plan.packed(&boxes(&p, &[sq(4, 1)])), 1);
        assert_eq!(plan.packed(&boxes(&p, &[sq(2, 1)])), 2);
    }

    #[test]
    fn a_box_the_next_placement_traps_is_out_of_plan_before_it_is_trapped() {
        // One corridor, goals at both ends of x = 1..4; the plan fills x = 4 first, then
        // x = 1. A box on x = 3 can still go left now, but not once x = 4 holds a box (the
        // player could no longer stand behind it): it is out of plan at once. A box on x = 2
        // is not.
        let p =
            Problem::new(&Level::from_rows(&["#######", "#.$ *@#", "#######"]).unwrap()).unwrap();
        let sq = |x| p.board.square_at(crate::level::Pos::new(x, 1)).unwrap();
        let plan = ParkingPlan::from_line(&p, &[], &[(base(&p), sq(4)), (base(&p), sq(1))], 2);
        assert_eq!(plan.out_of_plan(&boxes(&p, &[sq(3)]), 0), Some(1));
        assert_eq!(plan.out_of_plan(&boxes(&p, &[sq(2)]), 0), Some(0));
        assert_eq!(plan.out_of_plan(&boxes(&p, &[sq(3), sq(4)]), 2), Some(0), "plan done");
        assert_eq!(ParkingPlan::from_order(&p).out_of_plan(&boxes(&p, &[sq(3)]), 0), None);
    }
}
