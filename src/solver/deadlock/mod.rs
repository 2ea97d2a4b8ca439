//! Deadlock detectors: each decides that a position can no longer be solved. Every detector
//! is sound (it never rejects a solvable position) and can be switched off in the config.

pub(crate) mod bipartite;
pub(crate) mod corral;
pub(crate) mod fixed;
pub(crate) mod freeze;
pub(crate) mod judge;
mod local;
pub(crate) mod patterns;
pub(crate) mod pi_corral;
pub(crate) mod sealed;
pub(crate) mod subsearch;

/// Why a child position was pruned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PruneReason {
    /// The pushed box stands on a dead square (no goal reachable from it).
    DeadSquare,
    /// The pushed box is frozen (blocked on both axes) off a goal, or freezes one that is;
    /// or boxes frozen on goals seal off goals the other boxes need.
    Freeze,
    /// The boxes cannot all be assigned to distinct goals they can still reach.
    Bipartite,
    /// With the boxes frozen on goals as walls, the others, each pushed alone with the
    /// player, cannot all be given distinct open goals.
    Fixed,
    /// The push closed an area the player cannot enter whose boxes can neither open it nor
    /// all reach goals.
    Corral,
    /// The position holds a deadlock pattern of the database.
    Pattern,
    /// Not a deadlock: a PI-corral exists and the push is not one of its fence pushes.
    PiCorral,
}

impl PruneReason {
    /// Every reason, in the order stats list them.
    pub const ALL: [PruneReason; 7] = [
        PruneReason::DeadSquare,
        PruneReason::Freeze,
        PruneReason::Bipartite,
        PruneReason::Fixed,
        PruneReason::Corral,
        PruneReason::Pattern,
        PruneReason::PiCorral,
    ];

    /// The name the CLI and the inspector show.
    pub fn name(self) -> &'static str {
        match self {
            PruneReason::DeadSquare => "dead square",
            PruneReason::Freeze => "freeze",
            PruneReason::Bipartite => "bipartite",
            PruneReason::Fixed => "fixed boxes",
            PruneReason::Corral => "corral",
            PruneReason::Pattern => "pattern",
            PruneReason::PiCorral => "PI-corral",
        }
    }

    /// Index into per-reason counters.
    pub fn index(self) -> usize {
        self as usize
    }
}

/// Which deadlock detectors run. All are on by default.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deadlocks {
    /// Never push a box onto a dead square.
    pub dead_squares: bool,
    /// Freeze deadlocks.
    pub freeze: bool,
    /// Bipartite (assignment) deadlocks.
    pub bipartite: bool,
    /// Fixed boxes: boxes frozen on goals as walls, the others matched to open goals.
    pub fixed: bool,
    /// Corral deadlocks.
    pub corral: bool,
    /// The deadlock pattern database (precomputed and learned patterns).
    pub patterns: bool,
}

impl Default for Deadlocks {
    fn default() -> Self {
        Deadlocks {
            dead_squares: true,
            freeze: true,
            bipartite: true,
            fixed: true,
            corral: true,
            patterns: true,
        }
    }
}

impl Deadlocks {
    /// Every detector off.
    pub const NONE: Deadlocks = Deadlocks {
        dead_squares: false,
        freeze: false,
        bipartite: false,
        fixed: false,
        corral: false,
        patterns: false,
    };
}
