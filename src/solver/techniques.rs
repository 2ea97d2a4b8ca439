//! Search techniques beyond deadlock detection that can be switched off one by one, so that
//! a benchmark (or a teacher) can show what each buys.

/// A technique that can be switched off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Technique {
    /// Feature-space search's packing feature and advisor (the packing order).
    Packing,
    /// The connectivity feature and advisor.
    Connectivity,
    /// The room-connectivity feature and advisor.
    RoomLinks,
    /// The out-of-plan feature and advisor.
    OutOfPlan,
    /// The hotspot and opener advisors.
    Hotspots,
    /// Feature-space search's blockers advisor (Festival's hotspots): a move that leaves
    /// fewer boxes standing in another box's way to the goals; the count also breaks ties
    /// between the moves every advisor chooses from.
    Blockers,
    /// Feature-space search's explorer advisor: a move that can be undone and lets the
    /// player reach a new side of a box that stayed put, from where it can be pushed.
    Explorer,
    /// Feature-space search follows its best line: a position's cell holds the best
    /// features met on its path, every second turn goes to the best cell met, and no
    /// advisor unpacks a goal (each takes the move of best features overall).
    BestLine,
    /// PI-corral pruning.
    PiCorrals,
    /// The pattern database's sub-searches take off each box the player can move out of the
    /// way, along both axes or one square and back (Festival's xy deadlocks and wobblers): a
    /// relaxation, so they prove more sets dead within their budget.
    FreeBoxes,
    /// Tunnel macros: a box pushed into a one-wide tunnel is also pushed through, as an
    /// extra child (push-level searches that do not claim optimality).
    TunnelMacros,
    /// Feature-space search follows a packing-and-parking plan found by a backward search
    /// from the solved position, where that search completes one (the packing order
    /// otherwise).
    Plan,
    /// Goal macros: a box pushed into a goal area is also pushed straight on to the next
    /// goal of the packing order, as an extra child (push-level searches that do not claim
    /// optimality).
    GoalMacros,
    /// Talking Stones and stone by stone prune with the deadlock detectors and the lower
    /// bound's dead positions (the thesis has no pruning; off by default).
    SeedPruning,
    /// Demaret's planner: when a stone can be pushed alone onto the target goal, those
    /// macro-pushes are a node's only successors.
    MacroCut,
    /// Demaret's planner: a macro push of a stone onto the target goal goes through the
    /// deadlock rules that judge a position (the quick ones and the bipartite matching;
    /// the thesis checks single pushes alone); when every one is dead, the node's single
    /// pushes are its successors.
    JudgedMacros,
    /// Demaret's planner: stones on the goals filled so far never move again.
    FrozenGoals,
    /// Demaret's planner: pushes of the stone moved last are tried first.
    Inertia,
    /// Demaret's planner learns patterns where a sub-problem fails and cuts the positions
    /// holding them (relative to its plan; they never prove a deadlock).
    LearnedPatterns,
    /// Demaret's planner: when a plan finds nothing after a pattern learned from a failure
    /// of the depth limit (not proved) cut a position, the plan is tried once more keeping
    /// only the proved patterns, before any other ordering.
    PatternRetry,
    /// Demaret's planner: when the plan of ordering 1 or 2 finds nothing, it starts over
    /// with ordering 3.
    OrderingFallback,
    /// Demaret's planner: when neither ordering 1 nor 2 gives an order, stuck stones are
    /// parked on the way (goal rearrangement, chapter 7).
    GoalRearrangement,
    /// The searches of a level share a perimeter: one table of the positions each has
    /// stored, forward and backward; a forward search reaching a backward position (or the
    /// reverse) has its solution through it, and a move that leads onto the other side is
    /// played first.
    Meeting,
    /// `auto`'s first thread runs feature-space search by the packing order (on one
    /// thread, its FESS goes by the packing order when `fess-plan` is off).
    FessOrder,
    /// `auto` runs greedy best-first search (on its helper thread, with a head start).
    GreedySearch,
    /// `auto`'s helper thread runs feature-space search with the hotspot advisors (unless
    /// the hotspot advisor is on for every FESS already); not on one thread.
    FessHotspots,
    /// `auto` runs feature-space search following the backward plan (on its helper
    /// thread; on one thread, its FESS).
    FessPlan,
    /// `auto` runs the greedy pull search from the solved position towards the start
    /// beside its forward searches.
    PullSearch,
    /// `auto`'s FESS with the hotspot advisors is a targeted strategy: in turns with it, a
    /// pull search aims at the best board it reached (two threads or more, with `meeting`).
    Targeted,
    /// Feature-space search's imagine feature: boxes already where the plan's board just
    /// before its next permanent placement wants them.
    Imagine,
}

/// The techniques that go together: a method that uses one of a group uses them all (its
/// catalogue entry lists its groups), so the inspector offers only those that apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Group {
    /// The push searches' own pruning (PI-corrals) and their pattern sub-searches' relaxation.
    Pushes,
    /// The tunnel and goal macros, for the methods whose policy allows them.
    Macros,
    /// Van Lishout's methods' switch to prune at all.
    Seed,
    /// Feature-space search's features, advisors and plan.
    Fess,
    /// Demaret's planner's rules.
    Planner,
    /// `auto`'s strategies.
    Portfolio,
    /// The perimeter the searches of a level share.
    Perimeter,
}

impl Technique {
    /// The group of techniques it belongs to.
    pub fn group(self) -> Group {
        use Technique as T;
        match self {
            T::Packing
            | T::Connectivity
            | T::RoomLinks
            | T::OutOfPlan
            | T::Hotspots
            | T::Blockers
            | T::Explorer
            | T::BestLine
            | T::Plan
            | T::Imagine => Group::Fess,
            T::PiCorrals | T::FreeBoxes => Group::Pushes,
            T::TunnelMacros | T::GoalMacros => Group::Macros,
            T::SeedPruning => Group::Seed,
            T::MacroCut
            | T::JudgedMacros
            | T::FrozenGoals
            | T::Inertia
            | T::LearnedPatterns
            | T::PatternRetry
            | T::OrderingFallback
            | T::GoalRearrangement => Group::Planner,
            T::Meeting => Group::Perimeter,
            T::FessOrder
            | T::GreedySearch
            | T::FessHotspots
            | T::FessPlan
            | T::PullSearch
            | T::Targeted => Group::Portfolio,
        }
    }

    /// Every technique.
    pub const ALL: [Technique; 30] = [
        Technique::Packing,
        Technique::Connectivity,
        Technique::RoomLinks,
        Technique::OutOfPlan,
        Technique::Hotspots,
        Technique::Blockers,
        Technique::Explorer,
        Technique::BestLine,
        Technique::PiCorrals,
        Technique::FreeBoxes,
        Technique::TunnelMacros,
        Technique::Plan,
        Technique::GoalMacros,
        Technique::SeedPruning,
        Technique::MacroCut,
        Technique::JudgedMacros,
        Technique::FrozenGoals,
        Technique::Inertia,
        Technique::LearnedPatterns,
        Technique::PatternRetry,
        Technique::OrderingFallback,
        Technique::GoalRearrangement,
        Technique::Meeting,
        Technique::FessOrder,
        Technique::GreedySearch,
        Technique::FessHotspots,
        Technique::FessPlan,
        Technique::PullSearch,
        Technique::Targeted,
        Technique::Imagine,
    ];

    /// The name the command line and the inspector use.
    pub fn name(self) -> &'static str {
        match self {
            Technique::Packing => "packing",
            Technique::Connectivity => "connectivity",
            Technique::RoomLinks => "room-links",
            Technique::OutOfPlan => "out-of-plan",
            Technique::Hotspots => "hotspots",
            Technique::Blockers => "blockers",
            Technique::Explorer => "explorer",
            Technique::BestLine => "best-line",
            Technique::PiCorrals => "pi-corrals",
            Technique::FreeBoxes => "free-boxes",
            Technique::TunnelMacros => "tunnel-macros",
            Technique::Plan => "plan",
            Technique::GoalMacros => "goal-macros",
            Technique::SeedPruning => "seed-pruning",
            Technique::MacroCut => "macro-cut",
            Technique::JudgedMacros => "judged-macros",
            Technique::FrozenGoals => "frozen-goals",
            Technique::Inertia => "inertia",
            Technique::LearnedPatterns => "learned-patterns",
            Technique::PatternRetry => "pattern-retry",
            Technique::OrderingFallback => "ordering-3-fallback",
            Technique::GoalRearrangement => "goal-rearrangement",
            Technique::Meeting => "meeting",
            Technique::FessOrder => "fess-order",
            Technique::GreedySearch => "greedy-search",
            Technique::FessHotspots => "fess-hotspots",
            Technique::FessPlan => "fess-plan",
            Technique::PullSearch => "pull-search",
            Technique::Targeted => "targeted",
            Technique::Imagine => "imagine",
        }
    }

    /// Whether the technique is on unless switched. The room-links and out-of-plan
    /// features, the imagine feature and the hotspot advisors are built but left off: on
    /// the XSokoban benchmark they cost more solved levels than they gain (see
    /// BENCHMARKS.md, ablations). Seed pruning is off so that Talking Stones runs as in the
    /// thesis.
    pub fn on_by_default(self) -> bool {
        !matches!(
            self,
            Technique::RoomLinks
                | Technique::OutOfPlan
                | Technique::Hotspots
                | Technique::SeedPruning
                | Technique::Imagine
        )
    }

    /// The technique with this name.
    pub fn from_name(name: &str) -> Option<Technique> {
        Technique::ALL.into_iter().find(|t| t.name() == name)
    }
}

/// Which techniques are on. By default all but those [`Technique::on_by_default`] leaves
/// off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Techniques {
    /// Bit `t` set: technique `t` is off.
    off: u32,
}

impl Default for Techniques {
    fn default() -> Self {
        let mut t = Techniques { off: 0 };
        for x in Technique::ALL {
            t.set(x, x.on_by_default());
        }
        t
    }
}

impl Techniques {
    /// Every technique off.
    pub const NONE: Techniques = Techniques { off: u32::MAX };

    /// Whether `t` is on.
    pub fn on(&self, t: Technique) -> bool {
        self.off & (1 << t as u32) == 0
    }

    /// Switches `t` on or off.
    pub fn set(&mut self, t: Technique, on: bool) {
        if on {
            self.off &= !(1 << t as u32);
        } else {
            self.off |= 1 << t as u32;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn switches_are_independent_and_named() {
        let mut t = Techniques::default();
        assert!(Technique::ALL.iter().all(|&x| t.on(x) == x.on_by_default()));
        t.set(Technique::RoomLinks, false);
        assert!(!t.on(Technique::RoomLinks) && t.on(Technique::Packing));
        t.set(Technique::RoomLinks, true);
        assert!(t.on(Technique::RoomLinks));
        for x in Technique::ALL {
            assert_eq!(Technique::from_name(x.name()), Some(x));
        }
    }
}
