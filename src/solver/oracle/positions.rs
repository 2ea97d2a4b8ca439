//! The positions of a level a coverage run classifies: every position within some number
//! of pushes of the start (breadth-first, nothing pruned), or a sample met by random push
//! walks from the start (each push chosen uniformly among those the player can make, a walk
//! ending where no push is left, all boxes are on goals, or after as many pushes as the
//! board has floor squares).

use crate::solver::analysis::problem::Problem;
use crate::solver::model::board::Sq;
use crate::solver::model::interrupt::Interrupt;
use crate::solver::model::random::Random;
use crate::solver::model::reach::Reach;
use crate::solver::model::state::{boxes_of, clear_box, player_of, set_box};
use crate::solver::model::table::{Insert, NodeInfo, Nodes, Push};

/// Which positions of a level to classify.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spread {
    /// Every position within this many pushes of the start.
    Pushes(u32),
    /// This many distinct positions met by random push walks from the start, drawn with a
    /// seed (the same seed gives the same positions).
    Sample {
        /// How many positions.
        count: usize,
        /// The walks' seed.
        seed: u64,
    },
}

/// The positions `spread` asks for, the start first, as states (boxes, then the player's
/// normalised square) in a store, and whether they are all of them: false when `cap`
/// positions were stored first, the walks met fewer, or `interrupt` was raised.
pub(crate) fn gather(
    p: &Problem,
    spread: Spread,
    cap: usize,
    interrupt: &Interrupt,
) -> (Nodes, bool) {
    let mut walker = Walker {
        nodes: Nodes::new(p.stride),
        reach: Reach::default(),
        child_reach: Reach::default(),
    };
    let root = p.root();
    walker.nodes.insert(&root, p.hash(&root), info(0, 0, Push { from: 0, dir: 0 }));
    let complete = match spread {
        Spread::Pushes(k) => walker.within(p, k, cap, interrupt),
        Spread::Sample { count, seed } => walker.sample(p, count.min(cap), seed, interrupt),
    };
    (walker.nodes, complete)
}

fn info(parent: u32, g: u32, push: Push) -> NodeInfo {
    NodeInfo { parent, push, g, h: 0, closed: false }
}

struct Walker {
    nodes: Nodes,
    reach: Reach,
    child_reach: Reach,
}

impl Walker {
    /// The children of `state`: (box square, direction, the child state).
    fn children(&mut self, p: &Problem, state: &[u64]) -> Vec<(Sq, u8, Vec<u64>)> {
        let words = p.words();
        self.reach.flood(&p.board, &state[..words], player_of(state));
        let boxes: Vec<Sq> = boxes_of(&state[..words]).collect();
        let mut out = Vec::new();
        for b in boxes {
            for (d, dest) in self.reach.pushes(&p.board, &state[..words], b) {
                let mut child = state.to_vec();
                clear_box(&mut child, b);
                set_box(&mut child, dest);
                out.push((b, d as u8, child));
            }
        }
        for (b, _, child) in &mut out {
            child[words] = u64::from(self.child_reach.flood(&p.board, &child[..words], *b));
        }
        out
    }

    fn within(&mut self, p: &Problem, k: u32, cap: usize, interrupt: &Interrupt) -> bool {
        let mut next = 0;
        while next < self.nodes.len() {
            let id = next as u32;
            next += 1;
            let g = self.nodes.info(id).g;
            if g >= k {
                continue;
            }
            if interrupt.raised() {
                return false;
            }
            let state = self.nodes.state(id).to_vec();
            for (from, dir, child) in self.children(p, &state) {
                if self.nodes.len() >= cap {
                    return false;
                }
                self.nodes.insert(&child, p.hash(&child), info(id, g + 1, Push { from, dir }));
            }
        }
        true
    }

    fn sample(&mut self, p: &Problem, count: usize, seed: u64, interrupt: &Interrupt) -> bool {
        let mut random = Random::new(seed);
        let length = p.board.len();
        // A level with fewer positions than asked for ends the walks after this many pushes.
        let mut pushes_left = count.saturating_mul(50).max(10_000);
        while self.nodes.len() < count && pushes_left > 0 {
            if interrupt.raised() {
                return false;
            }
            let mut at = 0;
            for _ in 0..length {
                let state = self.nodes.state(at).to_vec();
                if p.is_solved(&state) {
                    break;
                }
                let mut children = self.children(p, &state);
                if children.is_empty() || pushes_left == 0 {
                    break;
                }
                pushes_left -= 1;
                let (from, dir, child) = children.swap_remove(random.below(children.len()));
                let g = self.nodes.info(at).g + 1;
                at = match self.nodes.insert(
                    &child,
                    p.hash(&child),
                    info(at, g, Push { from, dir }),
                ) {
                    Insert::New(id) | Insert::Known(id) => id,
                };
                if self.nodes.len() >= count {
                    break;
                }
            }
        }
        self.nodes.len() >= count
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::deadlock::exhaustive::{BOARDS, problem};

    #[test]
    fn positions_within_k_pushes_grow_with_k_and_a_sample_is_seeded() {
        let p = problem(BOARDS[3]);
        let i = Interrupt::default();
        let sizes: Vec<usize> =
            (0..4).map(|k| gather(&p, Spread::Pushes(k), usize::MAX, &i).0.len()).collect();
        assert_eq!(sizes[0], 1, "the start alone");
        assert!(sizes.windows(2).all(|w| w[0] < w[1]), "{sizes:?}");
        let (all, complete) = gather(&p, Spread::Pushes(1000), usize::MAX, &i);
        assert!(complete);
        let (capped, complete) = gather(&p, Spread::Pushes(1000), 10, &i);
        assert!(!complete && capped.len() == 10);
        let spread = Spread::Sample { count: 50, seed: 7 };
        let (a, b) = (gather(&p, spread, usize::MAX, &i).0, gather(&p, spread, usize::MAX, &i).0);
        assert_eq!(a.len(), 50);
        assert!((0..50).all(|n| a.state(n) == b.state(n)), "the same seed, the same sample");
        assert!((0..50).all(|n| all.find(a.state(n), a.hash(n)).is_some()), "reachable");
    }
}
