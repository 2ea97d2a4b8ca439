//! Advisors: each looks at every move of a position and names at most one that improves
//! its feature. Advised moves cost nothing in feature-space search; the others cost one.

use crate::solver::algo::fess::features::Features;
use crate::solver::box_moves::Macro;

/// A move of the position being expanded, with what it leads to.
#[derive(Clone, Copy, Debug)]
pub struct Candidate {
    /// The move.
    pub m: Macro,
    /// Lower bound of the position it leads to.
    pub h: u32,
    /// Features of the position it leads to.
    pub features: Features,
}

/// The advisors that exist, in the order they are asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Advisor {
    /// Fills the next goal of the packing order.
    Packing,
    /// Joins regions of free floor.
    Connectivity,
}

impl Advisor {
    /// Every advisor.
    pub const ALL: [Advisor; 2] = [Advisor::Packing, Advisor::Connectivity];

    /// The name the inspector shows.
    pub fn name(self) -> &'static str {
        match self {
            Advisor::Packing => "packing",
            Advisor::Connectivity => "connectivity",
        }
    }

    /// The index of the move this advisor proposes among `moves` of a position with
    /// features `here`, whose next goal to fill is `next_goal`.
    pub fn advise(
        self,
        here: &Features,
        next_goal: Option<crate::solver::board::Sq>,
        moves: &[Candidate],
    ) -> Option<usize> {
        match self {
            Advisor::Packing => {
                let goal = next_goal?;
                best(
                    moves,
                    |c| c.m.to == goal && c.features.packed > here.packed,
                    |c| u32::from(c.m.pushes),
                )
            }
            Advisor::Connectivity => best(
                moves,
                |c| c.features.connectivity < here.connectivity,
                |c| u32::from(c.features.connectivity) << 16 | u32::from(c.m.pushes),
            ),
        }
    }
}

/// The index of the move that passes `ok` with the least `key` (the first on ties).
fn best(
    moves: &[Candidate],
    ok: impl Fn(&Candidate) -> bool,
    key: impl Fn(&Candidate) -> u32,
) -> Option<usize> {
    moves.iter().enumerate().filter(|(_, c)| ok(c)).min_by_key(|(_, c)| key(c)).map(|(i, _)| i)
}
