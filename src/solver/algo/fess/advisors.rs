//! Advisors: each looks at every move of a position and names at most one that makes
//! progress its way. Advised moves cost nothing in feature-space search; the others cost one.
//! Four advisors follow the four features; the hotspot and opener advisors move boxes that
//! block other boxes' way to the goals.

use crate::solver::algo::fess::features::Features;
use crate::solver::model::board::{Board, Sq};
use crate::solver::model::box_moves::Macro;
use crate::solver::techniques::Technique;

/// A move of the position being expanded, with what it leads to.
#[derive(Clone, Copy, Debug)]
pub struct Candidate {
    /// The move.
    pub m: Macro,
    /// Lower bound of the position it leads to.
    pub h: u32,
    /// Features of the position it leads to.
    pub features: Features,
    /// How many boxes the moved box blocked before the move (its heat).
    pub heat_before: u32,
    /// How many it blocks after the move (computed for hot boxes only, else 0).
    pub heat_after: u32,
    /// Pushes from the moved box's new square to the square of the plan's next step (box
    /// alone), when the box may move.
    pub approach: u16,
    /// Whether this is the explorer's move: it can be undone (a box alone pushed back) and
    /// lets the player reach a new side of a box that stayed put, from where that box can
    /// be pushed (marked on one move at most).
    pub opens: bool,
    /// How many boxes stand in another box's way after the move (`u32::MAX` when not
    /// counted).
    pub blockers: u32,
}

/// What the advisors know of the position being expanded.
#[derive(Clone, Copy, Debug)]
pub struct Position<'a> {
    /// The board.
    pub board: &'a Board,
    /// The position's features.
    pub features: Features,
    /// The box blocking the most others, and how many, if any.
    pub hottest: Option<(Sq, u32)>,
    /// The least push distance of a movable box to the square of the plan's next step.
    pub nearest: u16,
    /// How many boxes stand in another box's way (`u32::MAX` when not counted).
    pub blockers: u32,
}

/// The advisors, in the order they are asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Advisor {
    /// Does the next step of the plan (fills the next goal of the packing order).
    Packing,
    /// Joins regions of free floor.
    Connectivity,
    /// Clears a link between rooms.
    RoomLinks,
    /// Brings a box back into the plan's basin.
    OutOfPlan,
    /// Moves a box that blocks others to where it blocks none.
    Hotspots,
    /// Clears the way around the box that blocks the most others.
    Opener,
    /// Brings a box nearer the square of the plan's next step than any box is.
    Approach,
    /// Leaves fewer boxes standing in another box's way.
    Blockers,
    /// Lets the player push a box it could not push before, by a move that can be undone.
    Explorer,
}

impl Advisor {
    /// Every advisor.
    pub const ALL: [Advisor; 9] = [
        Advisor::Packing,
        Advisor::Connectivity,
        Advisor::RoomLinks,
        Advisor::OutOfPlan,
        Advisor::Hotspots,
        Advisor::Opener,
        Advisor::Approach,
        Advisor::Blockers,
        Advisor::Explorer,
    ];

    /// The technique that switches this advisor off.
    pub fn technique(self) -> Technique {
        match self {
            Advisor::Packing | Advisor::Approach => Technique::Packing,
            Advisor::Connectivity => Technique::Connectivity,
            Advisor::RoomLinks => Technique::RoomLinks,
            Advisor::OutOfPlan => Technique::OutOfPlan,
            Advisor::Hotspots | Advisor::Opener => Technique::Hotspots,
            Advisor::Blockers => Technique::Blockers,
            Advisor::Explorer => Technique::Explorer,
        }
    }

    /// The index of the move this advisor proposes among `moves` of `here`, chosen by `rule`.
    pub fn advise(self, here: &Position, moves: &[Candidate], rule: Choice) -> Option<usize> {
        let f = &here.features;
        let line = rule == Choice::BestLine;
        let key = |own: u8, c: &Candidate| order(c, own, line);
        let keeps = |c: &Candidate| !line || c.features.packed >= f.packed;
        let no_worse = |c: &Candidate| keeps(c) && c.features.connectivity <= f.connectivity;
        match self {
            Advisor::Packing => best(moves, |c| c.features.packed > f.packed, |c| key(0, c)),
            Advisor::Connectivity => best(
                moves,
                |c| keeps(c) && c.features.connectivity < f.connectivity,
                |c| key(c.features.connectivity, c),
            ),
            Advisor::RoomLinks => best(
                moves,
                |c| no_worse(c) && c.features.room_links < f.room_links,
                |c| key(c.features.room_links, c),
            ),
            Advisor::OutOfPlan => best(
                moves,
                |c| no_worse(c) && c.features.out_of_plan < f.out_of_plan,
                |c| key(c.features.out_of_plan, c),
            ),
            Advisor::Hotspots => best(
                moves,
                |c| keeps(c) && c.heat_before > 0 && c.heat_after == 0,
                |c| (u32::MAX - c.heat_before, key(0, c)),
            ),
            Advisor::Blockers => {
                best(moves, |c| keeps(c) && c.blockers < here.blockers, |c| key(0, c))
            }
            Advisor::Explorer => best(moves, |c| keeps(c) && c.opens, |c| key(0, c)),
            Advisor::Approach => {
                best(moves, |c| keeps(c) && c.approach < here.nearest, |c| (c.approach, key(0, c)))
            }
            Advisor::Opener => {
                let (hot, _) = here.hottest?;
                let direct =
                    best(moves, |c| c.m.from == hot && no_worse(c), |c| (c.heat_after, key(0, c)));
                direct.or_else(|| {
                    let near = |s: Sq| (0..4).any(|d| here.board.nbr(hot, d) == s);
                    best(moves, |c| near(c.m.from) && !near(c.m.to) && no_worse(c), |c| key(0, c))
                })
            }
        }
    }
}

/// The order an advisor chooses among moves by, smallest first: with the `best-line` rule
/// (`line`) the features overall, else the advisor's `own` measure; then fewest blockers,
/// then fewest pushes.
pub fn order(c: &Candidate, own: u8, line: bool) -> ((u8, u8, u8, u8, u8), u32, u16) {
    let rank = if line { c.features.rank() } else { (own, 0, 0, 0, 0) };
    (rank, c.blockers, c.m.pushes)
}

/// How an advisor chooses among the moves that improve its feature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// The move that improves the feature most, then the one of fewest pushes; a move may
    /// unpack a goal (Shoham and Schaeffer's rule).
    Plain,
    /// No move that unpacks a goal; the move whose features are best overall, then the one
    /// of fewest pushes (part of the `best-line` technique).
    BestLine,
}

/// The index of the move that passes `ok` with the least `key` (the first on ties).
fn best<K: Ord>(
    moves: &[Candidate],
    ok: impl Fn(&Candidate) -> bool,
    key: impl Fn(&Candidate) -> K,
) -> Option<usize> {
    moves.iter().enumerate().filter(|(_, c)| ok(c)).min_by_key(|(_, c)| key(c)).map(|(i, _)| i)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Level;
    use crate::solver::analysis::problem::Problem;

    fn candidate(from: Sq, packed: u8, connectivity: u8, pushes: u16) -> Candidate {
        Candidate {
            m: Macro { from, to: from + 1, dir: 0, pushes },
            h: 0,
            features: Features { packed, connectivity, ..Features::default() },
            heat_before: 0,
            heat_after: 0,
            approach: u16::MAX,
            opens: false,
            blockers: u32::MAX,
        }
    }

    #[test]
    fn best_line_advisors_never_unpack_a_goal_and_plain_ones_join_most() {
        let p =
            Problem::new(&Level::from_rows(&["#######", "#@$ $.#", "#  .  #", "#######"]).unwrap())
                .unwrap();
        let here = Position {
            board: &p.board,
            features: Features { packed: 1, connectivity: 3, ..Features::default() },
            hottest: None,
            nearest: 0,
            blockers: u32::MAX,
        };
        let unpacks = candidate(1, 0, 1, 1);
        let joins_one = candidate(2, 1, 2, 1);
        let joins_two = candidate(3, 1, 1, 9);
        let advise =
            |moves: &[Candidate]| Advisor::Connectivity.advise(&here, moves, Choice::BestLine);
        assert_eq!(advise(&[unpacks]), None, "the only joining move unpacks a goal");
        assert_eq!(advise(&[unpacks, joins_one]), Some(1));
        assert_eq!(advise(&[unpacks, joins_one, joins_two]), Some(2), "fewer regions first");
        let plain = |moves: &[Candidate]| Advisor::Connectivity.advise(&here, moves, Choice::Plain);
        assert_eq!(
            plain(&[joins_one, unpacks]),
            Some(1),
            "the plain rule joins most, even unpacking"
        );
        assert_eq!(plain(&[joins_two, unpacks]), Some(1), "then fewest pushes");
    }
}
