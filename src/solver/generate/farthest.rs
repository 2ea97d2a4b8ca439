//! The best position to start from, of those the pull search ([`PullLayers`]) reaches from
//! the solved position: of the positions with every box off the goals (so every box must
//! move), the one whose solution scores most by [`Measures::score`]: its box lines and box
//! changes count beside its pushes, so a level that makes the player turn from box to box
//! beats a long straight one.

use crate::solver::analysis::problem::Problem;
use crate::solver::model::board::Sq;
use crate::solver::model::state::boxes_of;
use crate::solver::optimize::pull_layers::PullLayers;
pub use crate::solver::optimize::pull_layers::{Measures, Pull, pushes_undoing};
use std::sync::atomic::{AtomicBool, Ordering};

impl Measures {
    /// The score a level is chosen by: a push, a box line and four for a box change (the
    /// measure that best predicts how long people take, Jarušek and Pelánek 2010).
    pub fn score(&self) -> u32 {
        self.pushes + self.box_lines + 4 * self.box_changes
    }
}

/// The position found best to start from.
#[derive(Clone, Debug)]
pub struct Farthest {
    /// Its box words.
    pub boxes: Vec<u64>,
    /// A square of the player's area.
    pub player: Sq,
    /// The pulls from the solved position to it, in order.
    pub pulls: Vec<Pull>,
    /// What its solution measures.
    pub measures: Measures,
}

/// Of the positions reached from `p`'s solved position by single pulls, at most `limit`
/// (the search stops there, or soon after `cancel` is set), the one with every box off the
/// goals whose solution scores most, each position measured by its push-optimal solution
/// with the fewest box changes, then lines; ties go to the first found. `None` when there
/// is no such position. The positions reached are added to `searched`.
pub fn farthest(
    p: &Problem,
    limit: usize,
    cancel: &AtomicBool,
    searched: &mut usize,
) -> Option<Farthest> {
    let mut layers = PullLayers::new(p);
    while layers.reached() < limit && !cancel.load(Ordering::Relaxed) {
        if !layers.expand_next(cancel) {
            break;
        }
    }
    *searched += layers.reached();
    let words = p.words();
    let all_off = |at: &u32| boxes_of(&layers.state(*at)[..words]).all(|s| !p.board.is_goal(s));
    let best = (0..layers.reached() as u32)
        .filter(all_off)
        .max_by_key(|&at| (layers.measures(at).score(), u32::MAX - at))?;
    let (measures, pulls) = layers.best(best);
    let state = layers.state(best);
    Some(Farthest { boxes: state[..words].to_vec(), player: state[words] as Sq, pulls, measures })
}
