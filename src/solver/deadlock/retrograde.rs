//! Retrograde analysis (after Festival's "crystalline" boxes). Read backwards, a solution is
//! a series of pulls from the solved position. Put a box on every goal, take the player off,
//! count as walls the level's walls and the boxes that can never move again, and take out,
//! again and again, any goal's box with a side where the two squares in line (where the
//! player stands to pull it and where the player steps back to) are free. The goals whose
//! boxes stay are *stuck*: on no solution's line is their box ever pulled out, so in every
//! position of it each holds a box that never moves. A position with a stuck goal empty is
//! dead.
//!
//! Sound: read a solution from a position backwards from the solved position. The first
//! pull of a box off a stuck goal needs its two squares in line free of walls and boxes;
//! at that moment every stuck goal still holds its box, so those two squares are neither
//! walls nor stuck goals, and the analysis, which takes out every box it can, would have
//! taken that box out too.

use crate::solver::analysis::problem::Problem;
use crate::solver::model::board::NONE;
use crate::solver::model::state::{clear_box, has_box};

/// Scratch space for the analysis.
#[derive(Debug, Default)]
pub struct Retrograde {
    /// The goals whose box stays, at the end of the analysis.
    stuck: Vec<u64>,
}

impl Retrograde {
    /// The stuck goals of `p` (a bitset) when the squares of `walls` are walls too.
    pub fn stuck_goals(&mut self, p: &Problem, walls: &[u64]) -> &[u64] {
        let board = &p.board;
        self.stuck.clear();
        self.stuck.extend_from_slice(&p.goal_set);
        let free = |stuck: &[u64], s| s != NONE && !has_box(walls, s) && !has_box(stuck, s);
        let mut changed = true;
        while changed {
            changed = false;
            for &g in board.goals() {
                if !has_box(&self.stuck, g) || has_box(walls, g) {
                    continue;
                }
                let out = (0..4).any(|d| {
                    let player = board.nbr(g, d);
                    free(&self.stuck, player) && free(&self.stuck, board.nbr(player, d))
                });
                if out {
                    clear_box(&mut self.stuck, g);
                    changed = true;
                }
            }
        }
        // Goals that are walls already are no news.
        for (s, w) in self.stuck.iter_mut().zip(walls) {
            *s &= !w;
        }
        &self.stuck
    }

    /// Whether `boxes` leaves a goal empty that is stuck when the squares of `walls` (boxes
    /// that never move) are walls.
    pub fn is_deadlock(&mut self, p: &Problem, boxes: &[u64], walls: &[u64]) -> bool {
        let stuck = self.stuck_goals(p, walls);
        stuck.iter().zip(boxes).any(|(s, b)| s & !b != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::{Level, Pos};
    use crate::solver::model::state::set_box;

    #[test]
    fn a_goal_boxed_in_by_goals_and_walls_is_stuck_and_must_stay_filled() {
        // The top goal of the shaft can only be pulled out downwards, through the goal
        // below it, which itself has no room to be pulled out: both are stuck.
        let rows = ["#####", "##.##", "##.##", "#@$ #", "#  $#", "#####"];
        let p = Problem::new(&Level::from_rows(&rows).unwrap()).unwrap();
        let at = |x, y| p.board.square_at(Pos::new(x, y)).unwrap();
        let none = vec![0u64; p.words()];
        let mut r = Retrograde::default();
        let stuck: Vec<_> =
            crate::solver::model::state::boxes_of(r.stuck_goals(&p, &none)).collect();
        assert!(stuck.is_empty(), "two free squares below the shaft: {stuck:?}");
        // With a box that never moves below the shaft, nothing can leave it.
        let mut walls = none.clone();
        set_box(&mut walls, at(2, 3));
        let stuck: Vec<_> =
            crate::solver::model::state::boxes_of(r.stuck_goals(&p, &walls)).collect();
        assert_eq!(stuck, vec![at(2, 1), at(2, 2)]);
    }

    /// Every position of the small boards whose pushed box froze on a goal that the
    /// analysis calls dead (the frozen boxes as walls) is dead by exhaustive search.
    #[test]
    fn every_position_called_dead_is_dead_by_exhaustive_search() {
        use crate::solver::deadlock::exhaustive::{BOARDS, is_dead, positions, problem};
        use crate::solver::deadlock::fixed::Fixed;
        use crate::solver::model::state::boxes_of;
        let mut called = 0;
        for rows in BOARDS {
            let p = problem(rows);
            let (mut fixed, mut r) = (Fixed::default(), Retrograde::default());
            for (boxes, player) in positions(&p) {
                let pushed = boxes_of(&boxes).find(|&b| fixed.froze_on_goal(&p, &boxes, b));
                if pushed.is_none() {
                    continue;
                }
                let walls = fixed.frozen_on_goals(&p, &boxes).to_vec();
                if r.is_deadlock(&p, &boxes, &walls) {
                    called += 1;
                    assert!(is_dead(&p, &boxes, player), "{rows:?} player {player}");
                }
            }
        }
        assert!(called > 0, "no position called dead");
    }
}
