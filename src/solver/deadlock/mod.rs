//! Deadlock detectors: each decides that a position can no longer be solved. Every detector
//! is sound (it never rejects a solvable position) and can be switched off in the config.

pub(crate) mod bipartite;
pub(crate) mod corral;
pub(crate) mod demaret;
#[cfg(test)]
pub(crate) mod exhaustive;
pub(crate) mod fixed;
pub(crate) mod freeze;
pub(crate) mod judge;
mod local;
pub(crate) mod patterns;
pub(crate) mod pi_corral;
pub(crate) mod retrograde;
pub(crate) mod sealed;
pub(crate) mod subsearch;

/// Why a child position was pruned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PruneReason {
    /// The moved box stands on a dead square (no goal reachable from it); for the backward
    /// plan search also where no box from a start square still free can be pushed.
    DeadSquare,
    /// The pushed box is frozen (blocked on both axes) off a goal, or freezes one that is;
    /// or boxes frozen on goals seal off goals the other boxes need.
    Freeze,
    /// The boxes cannot all be assigned to distinct goals they can still reach (for a pull
    /// search, to distinct squares where boxes start).
    Bipartite,
    /// With the boxes frozen on goals as walls, the others, each pushed alone with the
    /// player, cannot all be given distinct open goals.
    Fixed,
    /// Read backwards from the solved position, some goal's box can never be pulled out
    /// (the boxes that never move as walls), yet the goal is empty.
    Retrograde,
    /// The push closed an area the player cannot enter whose boxes can neither open it nor
    /// all reach goals.
    Corral,
    /// The same, found by a corral search run again with a larger budget because the
    /// corral kept being asked about.
    CorralRetry,
    /// The boxes of the room the pushed box entered, alone on the board, cannot all reach
    /// goals (also for later positions holding the dead part of them).
    Room,
    /// The position holds a deadlock pattern of the database.
    Pattern,
    /// The position holds a pattern learned where a subtree of the search stalled (or
    /// descends from one that does).
    Stalled,
    /// Not a deadlock: a PI-corral exists and the push is not one of its fence pushes.
    PiCorral,
}

impl PruneReason {
    /// Every reason, in the order stats list them.
    pub const ALL: [PruneReason; 11] = [
        PruneReason::DeadSquare,
        PruneReason::Freeze,
        PruneReason::Bipartite,
        PruneReason::Fixed,
        PruneReason::Retrograde,
        PruneReason::Corral,
        PruneReason::CorralRetry,
        PruneReason::Room,
        PruneReason::Pattern,
        PruneReason::Stalled,
        PruneReason::PiCorral,
    ];

    /// The name the CLI and the inspector show.
    pub fn name(self) -> &'static str {
        match self {
            PruneReason::DeadSquare => "dead square",
            PruneReason::Freeze => "freeze",
            PruneReason::Bipartite => "bipartite",
            PruneReason::Fixed => "fixed boxes",
            PruneReason::Retrograde => "retrograde",
            PruneReason::Corral => "corral",
            PruneReason::CorralRetry => "corral retried",
            PruneReason::Room => "room",
            PruneReason::Pattern => "pattern",
            PruneReason::Stalled => "stalled subtree",
            PruneReason::PiCorral => "PI-corral",
        }
    }

    /// The name of the detector's switch (`--disable NAME`), for the reasons that are
    /// deadlocks (a PI-corral is a technique's).
    pub fn switch(self) -> Option<&'static str> {
        Some(match self {
            PruneReason::DeadSquare => "dead-squares",
            PruneReason::Freeze => "freeze",
            PruneReason::Bipartite => "bipartite",
            PruneReason::Fixed => "fixed-boxes",
            PruneReason::Retrograde => "retrograde",
            PruneReason::Corral => "corral",
            PruneReason::CorralRetry => "corral-retry",
            PruneReason::Room => "rooms",
            PruneReason::Pattern => "patterns",
            PruneReason::Stalled => "stall-patterns",
            PruneReason::PiCorral => return None,
        })
    }

    /// Index into per-reason counters.
    pub fn index(self) -> usize {
        self as usize
    }
}

/// Which deadlock detectors run. All are on by default.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deadlocks {
    /// Never move a box onto a dead square (single pushes, macro moves and pulls alike).
    pub dead_squares: bool,
    /// Freeze deadlocks.
    pub freeze: bool,
    /// Bipartite (assignment) deadlocks.
    pub bipartite: bool,
    /// Fixed boxes: boxes frozen on goals as walls, the others matched to open goals.
    pub fixed: bool,
    /// Retrograde analysis: goals whose box can never be pulled out must hold one.
    pub retrograde: bool,
    /// Corral deadlocks.
    pub corral: bool,
    /// Corral searches run again with a larger budget when a corral keeps being asked
    /// about.
    pub corral_retry: bool,
    /// Room deadlocks: the boxes of a small room searched alone.
    pub rooms: bool,
    /// The deadlock pattern database (precomputed and learned patterns).
    pub patterns: bool,
    /// Patterns learned where a subtree of feature-space search stalls, checked against
    /// the whole tree.
    pub stall_patterns: bool,
    /// Demaret's own rules (`demaret.rs`): his dead squares and his 2×2 rule (off by
    /// default; `--pruning demaret` runs them alone).
    pub demaret: bool,
}

impl Default for Deadlocks {
    fn default() -> Self {
        Deadlocks {
            dead_squares: true,
            freeze: true,
            bipartite: true,
            fixed: true,
            retrograde: true,
            corral: true,
            corral_retry: true,
            rooms: true,
            patterns: true,
            stall_patterns: true,
            demaret: false,
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
        retrograde: false,
        corral: false,
        corral_retry: false,
        rooms: false,
        patterns: false,
        stall_patterns: false,
        demaret: false,
    };

    /// Demaret's pruning alone (chapter 3 of his thesis): his dead squares and 2×2 rule.
    pub const DEMARET: Deadlocks = Deadlocks { demaret: true, ..Deadlocks::NONE };

    /// The switch of the detector that prunes for `reason` (none for a PI-corral, which is
    /// a technique).
    pub fn flag(&mut self, reason: PruneReason) -> Option<&mut bool> {
        Some(match reason {
            PruneReason::DeadSquare => &mut self.dead_squares,
            PruneReason::Freeze => &mut self.freeze,
            PruneReason::Bipartite => &mut self.bipartite,
            PruneReason::Fixed => &mut self.fixed,
            PruneReason::Retrograde => &mut self.retrograde,
            PruneReason::Corral => &mut self.corral,
            PruneReason::CorralRetry => &mut self.corral_retry,
            PruneReason::Room => &mut self.rooms,
            PruneReason::Pattern => &mut self.patterns,
            PruneReason::Stalled => &mut self.stall_patterns,
            PruneReason::PiCorral => return None,
        })
    }
}
