//! Feature-space coordinates of a position (Shoham & Schaeffer's four Sokoban features):
//! goals packed in the planned order, regions the boxes split the free floor into, links
//! between rooms cut by boxes, and boxes out of plan; and Festival's "imagine", boxes
//! already where the plan's next permanent placement wants them. Positions with equal
//! features share a feature-space cell.

use crate::solver::analysis::parking::ParkingPlan;
use crate::solver::analysis::problem::Problem;
use crate::solver::model::regions::Regions;
use crate::solver::techniques::{Technique, Techniques};

/// A position's place in feature space. Smaller is better for every field but `packed`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Features {
    /// Steps of the plan done, from the first on (goals filled, for the packing order).
    pub packed: u8,
    /// Boxes already where the plan's board before its next permanent placement wants them.
    pub imagine: u8,
    /// Regions of free floor (1 when the player can reach every free square).
    pub connectivity: u8,
    /// Links between rooms with a box in them.
    pub room_links: u8,
    /// Boxes that can no longer reach a goal of the plan.
    pub out_of_plan: u8,
}

impl Features {
    /// A key that sorts better features first: more goals packed, then more boxes where
    /// the next placement wants them, fewer regions, fewer room links cut, fewer boxes out
    /// of plan.
    pub fn rank(&self) -> (u8, u8, u8, u8, u8) {
        let (packed, imagine) = (u8::MAX - self.packed, u8::MAX - self.imagine);
        (packed, imagine, self.connectivity, self.room_links, self.out_of_plan)
    }

    /// Whether these features are better than `other`'s (by [`Features::rank`]).
    pub fn better_than(&self, other: &Features) -> bool {
        self.rank() < other.rank()
    }

    /// The features as the inspector lists them: (name, value).
    pub fn named(&self) -> [(&'static str, u32); 5] {
        [
            ("packed", self.packed.into()),
            ("imagine", self.imagine.into()),
            ("connectivity", self.connectivity.into()),
            ("room links cut", self.room_links.into()),
            ("out of plan", self.out_of_plan.into()),
        ]
    }
}

/// Computes features; holds the scratch space.
#[derive(Debug, Default)]
pub struct Measure {
    /// The regions of the last position measured.
    pub regions: Regions,
}

impl Measure {
    /// The features of the box bitset `boxes` under `plan`; leaves its regions in
    /// `self.regions`. Features switched off in `on` stay zero.
    pub fn features(
        &mut self,
        p: &Problem,
        plan: &ParkingPlan,
        on: &Techniques,
        boxes: &[u64],
    ) -> Features {
        let regions = self.regions.compute(&p.board, boxes);
        Self::features_given(p, plan, on, boxes, regions)
    }

    /// The features of `boxes` whose free floor is known to have `regions` regions.
    pub fn features_given(
        p: &Problem,
        plan: &ParkingPlan,
        on: &Techniques,
        boxes: &[u64],
        regions: usize,
    ) -> Features {
        let packed = plan.packed(boxes);
        let pick = |t: Technique, value: usize| if on.on(t) { clamp(value) } else { 0 };
        Features {
            packed: pick(Technique::Packing, packed),
            imagine: pick(Technique::Imagine, plan.imagined(boxes, packed)),
            connectivity: pick(Technique::Connectivity, regions),
            room_links: if on.on(Technique::RoomLinks) {
                clamp(p.rooms.blocked_links(boxes))
            } else {
                0
            },
            // A backward plan has zones of its own; the packing order's are its basins.
            out_of_plan: if on.on(Technique::OutOfPlan) {
                clamp(
                    plan.out_of_plan(boxes, packed)
                        .unwrap_or_else(|| p.packing.out_of_plan(boxes, packed)),
                )
            } else {
                0
            },
        }
    }
}

fn clamp(n: usize) -> u8 {
    n.min(u8::MAX as usize) as u8
}
