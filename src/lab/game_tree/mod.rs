//! Two-player game trees: Minimax, NegMax and AlphaBeta, one per file, over any [`Game`].
//! Each counts the states it explores as the book's code does: the position searched from
//! once, and every move it makes (so every node of the tree it walks, leaves included);
//! moves AlphaBeta cuts are never made and never counted.

mod alpha_beta;
mod minimax;
mod negmax;
pub mod stepper;

pub use alpha_beta::alpha_beta;
pub use minimax::minimax;
pub use negmax::negmax;

/// The score of a won position; a lost one scores its negation (so negating any score is
/// safe). AlphaBeta's first window is `[-WIN, WIN]`: a win found closes it.
pub const WIN: i32 = i32::MAX;

/// A two-player game with alternate moves.
pub trait Game: Clone {
    /// A move.
    type Move: Copy + PartialEq + std::fmt::Debug;
    /// A side.
    type Player: Copy + PartialEq;

    /// The side to move.
    fn to_move(&self) -> Self::Player;
    /// The moves the side to move may make, in the order the searches try them (none once
    /// the game is over).
    fn moves(&self) -> Vec<Self::Move>;
    /// Makes move `m`.
    fn play(&mut self, m: Self::Move);
    /// Takes back move `m`, the last one made.
    fn undo(&mut self, m: Self::Move);
    /// The static evaluation of the position for `player`, within `[-WIN, WIN]`.
    fn score(&self, player: Self::Player) -> i32;
}

/// What a search found: the best move (none at a leaf, or when AlphaBeta finds nothing
/// better than its window's floor), its score, and the states explored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Evaluation<M> {
    /// The move to make.
    pub best: Option<M>,
    /// Its score, for the side to move.
    pub score: i32,
    /// States explored: the root and every move made.
    pub states: u64,
}
