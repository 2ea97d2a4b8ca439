//! The one path from a search's answer to a solution: the pushes to the node it solved at,
//! then its tail, turned into moves with the shortest walks between pushes, and replayed.
//! The front door, the inspector, the optimiser and the generator all come through here, so
//! nothing reaches the user that has not been replayed; a line that does not replay is an
//! error the caller reports ([`crate::solver::Outcome::Failed`]), never a panic.

use crate::level::{Dir, Level, Move, Pos, replay};
use crate::solver::model::error::WrongSolution;
use crate::solver::model::metric::Metric;
use crate::solver::model::table::NodeId;
use crate::solver::model::walk::moves_for;
use crate::solver::search::Search;

/// A verified solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Every move, walks and pushes, from the start position.
    pub moves: Vec<Move>,
    /// Number of pushes among the moves.
    pub pushes: usize,
    /// Whether no solution has fewer pushes (proved by the method and an admissible bound).
    pub optimal: bool,
    /// Whether no solution has fewer moves, nor as few with fewer pushes (proved by a
    /// move-optimal method).
    pub move_optimal: bool,
    /// The strategy that found it, for a method made of several (`auto`).
    pub found_by: Option<&'static str>,
}

impl Solution {
    /// The solution as a LURD string.
    pub fn lurd(&self) -> String {
        self.moves.iter().map(|m| m.lurd()).collect()
    }

    /// What it is proved shortest by, if anything: `push-optimal` or `move-optimal`.
    pub fn proved(&self) -> Option<&'static str> {
        if self.move_optimal {
            Some(Metric::Moves.optimal())
        } else {
            self.optimal.then(|| Metric::Pushes.optimal())
        }
    }
}

/// The moves that make `pushes` (each the box's square before it and the way) from
/// `level`'s start, the player walking the shortest way before each, replayed: they solve
/// the level, or the error says why not.
pub fn line(level: &Level, pushes: &[(Pos, Dir)]) -> Result<Vec<Move>, WrongSolution> {
    let moves = moves_for(level, pushes)?;
    let check = replay(level, &moves);
    if let Some(err) = check.error {
        return Err(WrongSolution::Illegal(err.to_string()));
    }
    if !check.solved {
        return Err(WrongSolution::NotSolved);
    }
    Ok(moves)
}

/// The solution `search` of `level` found at node `id`: the pushes to the node and its tail,
/// as replayed moves, with whether the search proves it shortest (by pushes or by moves, as
/// its metric says) and which of its strategies found it.
pub fn solution_of(
    level: &Level,
    search: &dyn Search,
    id: NodeId,
) -> Result<Solution, WrongSolution> {
    let mut pushes = search.pushes_to(id);
    pushes.extend(search.tail(id));
    let moves = line(level, &pushes)?;
    let found_by = search.strategies().into_iter().find(|s| s.running).map(|s| s.name);
    let pushes = moves.iter().filter(|m| m.push).count();
    let proved = search.optimal();
    let (optimal, move_optimal) = match search.metric() {
        Metric::Pushes => (proved, false),
        Metric::Moves => (false, proved),
    };
    Ok(Solution { moves, pushes, optimal, move_optimal, found_by })
}
