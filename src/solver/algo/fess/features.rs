//! Feature-space coordinates of a position: how many goals are packed in order, how many
//! regions the boxes split the free floor into, and (as they are added) room connectivity
//! and boxes out of plan. Positions with equal features share a feature-space cell.

use crate::solver::packing::PackingOrder;
use crate::solver::problem::Problem;
use crate::solver::regions::Regions;

/// A position's place in feature space. Smaller is better for every field but `packed`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Features {
    /// Goals filled, from the first in the packing order on.
    pub packed: u8,
    /// Regions of free floor (1 when the player can reach every free square).
    pub connectivity: u8,
}

impl Features {
    /// The features as the inspector lists them: (name, value).
    pub fn named(&self) -> [(&'static str, u32); 2] {
        [("packed", self.packed.into()), ("connectivity", self.connectivity.into())]
    }
}

/// Computes features; holds the scratch space.
#[derive(Debug, Default)]
pub struct Measure {
    /// The regions of the last position measured.
    pub regions: Regions,
}

impl Measure {
    /// The features of the box bitset `boxes`; leaves its regions in `self.regions`.
    pub fn features(&mut self, p: &Problem, packing: &PackingOrder, boxes: &[u64]) -> Features {
        let connectivity = self.regions.compute(&p.board, boxes);
        Features { packed: clamp(packing.packed(boxes)), connectivity: clamp(connectivity) }
    }
}

fn clamp(n: usize) -> u8 {
    n.min(u8::MAX as usize) as u8
}
