//! What a solution is made shortest by: [`Metric`].

use crate::level::metrics::Metrics;

/// What a solution is made shortest by, the other count breaking ties.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Metric {
    /// Moves (walks and pushes), then pushes.
    Moves,
    /// Pushes, then moves.
    #[default]
    Pushes,
}

impl Metric {
    /// The metric's count and the other one, the order solutions are compared in.
    pub fn key(self, m: &Metrics) -> (usize, usize) {
        match self {
            Metric::Moves => (m.moves, m.pushes),
            Metric::Pushes => (m.pushes, m.moves),
        }
    }

    /// `moves` or `pushes`.
    pub fn name(self) -> &'static str {
        match self {
            Metric::Moves => "moves",
            Metric::Pushes => "pushes",
        }
    }

    /// What a solution proved shortest by it is called: `push-optimal`, `move-optimal`.
    pub fn optimal(self) -> &'static str {
        match self {
            Metric::Moves => "move-optimal",
            Metric::Pushes => "push-optimal",
        }
    }
}
