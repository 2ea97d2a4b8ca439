//! Dead sets: boxes of a position that cannot all reach goals even alone on the board (the
//! player keeping his square, so his area only grows). Found two ways, both by the oracle's
//! own exhaustive search: among the small subsets of a position whose whole search ran out
//! of budget, and by taking boxes off a dead position one at a time while the rest stays
//! dead, which leaves a set none of whose boxes can be spared.

use crate::solver::analysis::problem::Problem;
use crate::solver::model::board::Sq;
use crate::solver::model::state::boxes_of;
use crate::solver::oracle::exhaustive::{Exhaustive, Found};

/// The largest subsets [`dead_subset`] tries.
const SUBSET_SIZE: usize = 3;

/// Positions one subset's search may store.
const SUBSET_BUDGET: u64 = 20_000;

/// Whether the boxes `boxes` alone, the player on `player`, are dead by a search of at most
/// `budget` positions.
fn dead(ex: &mut Exhaustive, p: &Problem, boxes: &[Sq], player: Sq, budget: u64) -> bool {
    ex.search(p, &p.box_bits(boxes.iter().copied()), player, budget) == Found::Dead
}

/// The boxes of the dead position `boxes` (the player on `player`) left when each in turn
/// is taken off while the rest stays dead: no box of the set can be spared. A box whose
/// removal the search cannot decide within `budget` stays.
pub(crate) fn smallest(
    ex: &mut Exhaustive,
    p: &Problem,
    boxes: &[u64],
    player: Sq,
    budget: u64,
) -> Vec<Sq> {
    let mut kept: Vec<Sq> = boxes_of(&boxes[..p.words()]).collect();
    let all = kept.clone();
    for b in all {
        if kept.len() == 1 {
            break;
        }
        let rest: Vec<Sq> = kept.iter().copied().filter(|&k| k != b).collect();
        if dead(ex, p, &rest, player, budget) {
            kept = rest;
        }
    }
    kept
}

/// A dead subset of at most three of `boxes`' boxes, smallest first, each decided by a
/// search of at most [`SUBSET_BUDGET`] positions, until `budget` positions have been
/// searched in all: for positions too large to search whole.
pub(crate) fn dead_subset(
    ex: &mut Exhaustive,
    p: &Problem,
    boxes: &[u64],
    player: Sq,
    budget: u64,
) -> Option<Vec<Sq>> {
    let all: Vec<Sq> = boxes_of(&boxes[..p.words()]).collect();
    let start = ex.searched;
    for size in 1..=SUBSET_SIZE.min(all.len().saturating_sub(1)) {
        let mut pick: Vec<usize> = (0..size).collect();
        loop {
            if ex.searched - start >= budget {
                return None;
            }
            let subset: Vec<Sq> = pick.iter().map(|&i| all[i]).collect();
            if dead(ex, p, &subset, player, SUBSET_BUDGET) {
                return Some(subset);
            }
            if !next_pick(&mut pick, all.len()) {
                break;
            }
        }
    }
    None
}

/// The next `pick.len()`-element subset of `0..n` in lexicographic order, or false after
/// the last.
fn next_pick(pick: &mut [usize], n: usize) -> bool {
    let k = pick.len();
    for i in (0..k).rev() {
        if pick[i] < n - k + i {
            pick[i] += 1;
            for j in i + 1..k {
                pick[j] = pick[j - 1] + 1;
            }
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::{Level, Pos};
    use crate::solver::model::interrupt::Interrupt;

    fn at(p: &Problem, x: usize, y: usize) -> Sq {
        p.board.square_at(Pos::new(x, y)).unwrap()
    }

    #[test]
    fn two_boxes_dead_on_a_wall_among_five_are_the_smallest_dead_set() {
        // The boxes at (2,1) and (3,1) stand side by side on the top wall: frozen off
        // goals together, yet each alone could be pushed along the wall to the goal at
        // (6,1). The other three can reach goals.
        let rows =
            ["##########", "# $$  .  #", "#  .   . #", "# $ .$ $ #", "#   .  @ #", "##########"];
        let p = Problem::new(&Level::from_rows(&rows).unwrap()).unwrap();
        let mut ex = Exhaustive::new(&p, &Interrupt::default());
        let root = p.root();
        let player = p.board.start_player();
        assert_eq!(ex.search(&p, &root, player, u64::MAX), Found::Dead);
        let mut set = smallest(&mut ex, &p, &root, player, u64::MAX);
        set.sort();
        assert_eq!(set, vec![at(&p, 2, 1), at(&p, 3, 1)]);
        let found = dead_subset(&mut ex, &p, &root, player, u64::MAX).unwrap();
        assert_eq!(found, vec![at(&p, 2, 1), at(&p, 3, 1)], "the first dead pair");
    }

    #[test]
    fn subsets_are_picked_in_order() {
        let mut pick = vec![0, 1];
        let mut all = vec![pick.clone()];
        while next_pick(&mut pick, 4) {
            all.push(pick.clone());
        }
        assert_eq!(all, [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]);
    }
}
