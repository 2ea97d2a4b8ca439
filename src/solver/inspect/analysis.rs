//! Facts the overlays and play mode show: about squares (dead, push distance to the nearest
//! goal, tunnel) and about one position (where the player can walk, which boxes are frozen,
//! which areas are corrals the player cannot enter, the pushes left at least).

use crate::level::{Level, Pos};
use crate::solver::analysis::distances::INF;
use crate::solver::analysis::problem::Problem;
use crate::solver::bounds::{Estimator, INFINITE, LowerBound};
use crate::solver::deadlock::freeze::Freeze;
use crate::solver::model::board::{NONE, Sq};
use crate::solver::model::error::Unsearchable;
use crate::solver::model::interrupt::Interrupt;
use crate::solver::model::reach::Reach;
use crate::solver::model::state::set_box;

/// Facts about the squares of a level (independent of where boxes stand).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SquareFacts {
    /// Squares from which a box can reach no goal.
    pub dead: Vec<Pos>,
    /// Pushes from each live square to its nearest goal (box alone on the board).
    pub distance: Vec<(Pos, u16)>,
    /// Squares with walls on both sides across one axis.
    pub tunnels: Vec<Pos>,
}

/// Facts about one position.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PositionFacts {
    /// Squares the player can walk to.
    pub reachable: Vec<Pos>,
    /// Boxes that can never move again.
    pub frozen: Vec<Pos>,
    /// Floor areas the player cannot enter, each with the boxes that fence it.
    pub corrals: Vec<Corral>,
}

/// An area the player cannot enter.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Corral {
    /// Its floor squares.
    pub squares: Vec<Pos>,
    /// The boxes next to it.
    pub boxes: Vec<Pos>,
}

/// Analyses positions of one level (one set of walls and goals).
#[derive(Debug)]
pub struct Analyser {
    pub(crate) problem: Problem,
    pub(crate) reach: Reach,
    pub(crate) freeze: Freeze,
}

impl Analyser {
    /// An analyser for `level`'s walls and goals; fails when the level cannot be searched
    /// (no single player, box and goal counts differ, …).
    pub fn new(level: &Level) -> Result<Self, Unsearchable> {
        let problem = Problem::new(level)?;
        Ok(Analyser { problem, reach: Reach::default(), freeze: Freeze::default() })
    }

    /// Whether `level` has the walls and goals this analyser was built for.
    pub fn fits(&self, level: &Level) -> bool {
        let own = &self.problem.level;
        own.width() == level.width()
            && own.height() == level.height()
            && own.squares().iter().zip(level.squares()).all(|(a, b)| a.terrain == b.terrain)
    }

    /// The square facts.
    pub fn squares(&self) -> SquareFacts {
        let p = &self.problem;
        let all = 0..p.board.len() as Sq;
        let pos = |s: Sq| p.board.pos(s);
        SquareFacts {
            dead: all.clone().filter(|&s| p.dist.is_dead(s)).map(pos).collect(),
            distance: all
                .clone()
                .filter_map(|s| {
                    let d = p.dist.nearest(s);
                    (d != INF).then(|| (pos(s), d))
                })
                .collect(),
            tunnels: all.filter(|&s| p.tunnels.is_tunnel(s)).map(pos).collect(),
        }
    }

    /// The compiled state of `level`: box bitset and the player's square, or `None` when a
    /// box or the player is not on floor this analyser knows.
    pub(crate) fn state(&self, level: &Level) -> Option<(Vec<u64>, Vec<Sq>, Sq)> {
        let board = &self.problem.board;
        let mut bits = vec![0u64; self.problem.words()];
        let mut boxes = Vec::new();
        for b in level.boxes() {
            let s = board.square_at(b)?;
            set_box(&mut bits, s);
            boxes.push(s);
        }
        let player = board.square_at(level.player()?)?;
        Some((bits, boxes, player))
    }

    /// At least this many pushes are left from `level`'s position: the cheapest matching of
    /// boxes to goals by push distance, each box alone on the board (admissible, so never
    /// more than an optimal solution has left). `None` when the level does not fit or no
    /// matching exists (some box can reach no goal left for it: the position is dead).
    pub fn pushes_left(&self, level: &Level) -> Option<u32> {
        if !self.fits(level) {
            return None;
        }
        let (_, boxes, player) = self.state(level)?;
        let p = &self.problem;
        let mut matching = Estimator::new(LowerBound::Matching, &Interrupt::default());
        let bound = matching.estimate(&p.board, &p.dist, &boxes, player);
        (bound != INFINITE).then_some(bound)
    }

    /// The position facts of `level` (empty when it does not fit, see [`Analyser::fits`]).
    pub fn position(&mut self, level: &Level) -> PositionFacts {
        if !self.fits(level) {
            return PositionFacts::default();
        }
        let Some((bits, boxes, player)) = self.state(level) else {
            return PositionFacts::default();
        };
        let p = &self.problem;
        let n = p.board.len() as Sq;
        self.reach.flood(&p.board, &bits, player);
        let reachable = (0..n).filter(|&s| self.reach.reached(s)).map(|s| p.board.pos(s)).collect();
        let mut frozen: Vec<Pos> = Vec::new();
        for &b in &boxes {
            let pos = p.board.pos(b);
            if !frozen.contains(&pos)
                && !self.freeze.frozen_with(&p.board, &p.dist, &bits, b).is_empty()
            {
                frozen.push(pos);
            }
        }
        frozen.sort_by_key(|q| (q.y, q.x));
        let corrals = self.corrals(&bits);
        PositionFacts { reachable, frozen, corrals }
    }

    /// The connected floor areas without boxes that the last flood did not reach.
    pub(crate) fn corrals(&self, bits: &[u64]) -> Vec<Corral> {
        let p = &self.problem;
        let n = p.board.len();
        let has_box = |s: Sq| crate::solver::model::state::has_box(bits, s);
        let mut seen = vec![false; n];
        let mut out = Vec::new();
        for start in 0..n as Sq {
            if seen[start as usize] || has_box(start) || self.reach.reached(start) {
                continue;
            }
            let mut corral = Corral::default();
            let mut stack = vec![start];
            seen[start as usize] = true;
            while let Some(s) = stack.pop() {
                corral.squares.push(p.board.pos(s));
                for d in 0..4 {
                    let t = p.board.nbr(s, d);
                    if t == NONE {
                        continue;
                    }
                    if has_box(t) {
                        let b = p.board.pos(t);
                        if !corral.boxes.contains(&b) {
                            corral.boxes.push(b);
                        }
                    } else if !seen[t as usize] {
                        seen[t as usize] = true;
                        stack.push(t);
                    }
                }
            }
            out.push(corral);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level(rows: &[&str]) -> Level {
        Level::from_rows(rows).unwrap()
    }

    #[test]
    fn square_facts_of_a_corridor() {
        let a = Analyser::new(&level(&["#######", "#@ $ .#", "#######"])).unwrap();
        let f = a.squares();
        assert!(f.dead.contains(&Pos::new(1, 1)), "the corner behind the player is dead");
        assert!(f.distance.contains(&(Pos::new(3, 1), 2)));
        assert!(f.distance.contains(&(Pos::new(5, 1), 0)));
        assert!(f.tunnels.contains(&Pos::new(3, 1)));
    }

    #[test]
    fn position_facts_name_the_area_frozen_boxes_and_corrals() {
        // The two boxes in the top left corner are frozen; the box in the doorway at (5, 2)
        // can still move sideways but fences off the pocket at its right.
        let l = level(&["########", "#$$  # #", "#@   $ #", "#    ###", "#.. .  #", "########"]);
        let mut a = Analyser::new(&l).unwrap();
        let f = a.position(&l);
        assert_eq!(f.frozen, vec![Pos::new(1, 1), Pos::new(2, 1)]);
        assert!(f.reachable.contains(&Pos::new(3, 2)));
        assert!(!f.reachable.contains(&Pos::new(6, 2)));
        let pocket = f.corrals.iter().find(|c| c.squares.contains(&Pos::new(6, 2))).unwrap();
        assert!(pocket.boxes.contains(&Pos::new(5, 2)));
    }

    #[test]
    fn a_level_with_other_walls_does_not_fit() {
        let mut a = Analyser::new(&level(&["#####", "#@$.#", "#####"])).unwrap();
        let other = level(&["######", "#@$ .#", "######"]);
        assert!(!a.fits(&other));
        assert_eq!(a.position(&other), PositionFacts::default());
    }
}
