//! The vicinity of a solution: the positions it passes through, and those that differ from
//! one of them by a few boxes moved a few squares. The optimiser searches only there.

use crate::solver::analysis::problem::Problem;
use crate::solver::model::board::Sq;
use crate::solver::model::state::boxes_of;

/// How far a position may stray from the solution's positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stray {
    /// Boxes that may stand elsewhere than in the solution's position.
    pub boxes: usize,
    /// How far (rows plus columns) such a box may stand from a square the solution's
    /// position has a box on and this one has not.
    pub radius: usize,
}

/// The strays the optimiser tries in turn, the narrowest (and cheapest) first.
pub const STRAYS: [Stray; 3] =
    [Stray { boxes: 1, radius: 4 }, Stray { boxes: 2, radius: 3 }, Stray { boxes: 3, radius: 2 }];

/// The box sets a solution passes through, and how far a position may stray from them.
#[derive(Debug)]
pub struct Vicinity {
    /// The box words of each position of the solution, the start first.
    positions: Vec<Box<[u64]>>,
    stray: Stray,
    /// Row and column of each square.
    at: Vec<(usize, usize)>,
}

impl Vicinity {
    /// The vicinity `stray` of the solution whose positions' boxes are `positions`.
    pub fn new(p: &Problem, positions: Vec<Box<[u64]>>, stray: Stray) -> Self {
        let at = (0..p.board.len()).map(|s| p.board.pos(s as Sq)).map(|q| (q.x, q.y)).collect();
        Vicinity { positions, stray, at }
    }

    /// Whether the position with the box words `boxes` lies in the vicinity.
    pub fn contains(&self, boxes: &[u64]) -> bool {
        self.positions.iter().any(|near| self.strays_little(boxes, near))
    }

    /// Whether `boxes` differs from `near` by at most the stray's number of boxes, each
    /// within its radius of a square `near` has a box on and `boxes` has not.
    fn strays_little(&self, boxes: &[u64], near: &[u64]) -> bool {
        let moved: u32 = boxes.iter().zip(near).map(|(a, b)| (a & !b).count_ones()).sum();
        if moved as usize > self.stray.boxes {
            return false;
        }
        let only =
            |a: &[u64], b: &[u64]| -> Vec<u64> { a.iter().zip(b).map(|(x, y)| x & !y).collect() };
        let (here, there) = (only(boxes, near), only(near, boxes));
        boxes_of(&here).all(|s| {
            let (x, y) = self.at[s as usize];
            boxes_of(&there).any(|t| {
                let (u, v) = self.at[t as usize];
                x.abs_diff(u) + y.abs_diff(v) <= self.stray.radius
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Level;
    use crate::solver::model::state::set_box;

    #[test]
    fn a_position_strays_by_at_most_so_many_boxes_and_squares() {
        let level =
            Level::from_rows(&["##########", "#@ $  $ .#", "#       .#", "##########"]).unwrap();
        let p = Problem::new(&level).unwrap();
        let sq = |x, y| p.board.square_at(crate::level::Pos { x, y }).unwrap();
        let set = |squares: &[Sq]| -> Box<[u64]> {
            let mut b = vec![0u64; p.words()];
            squares.iter().for_each(|&s| set_box(&mut b, s));
            b.into()
        };
        let start = set(&[sq(3, 1), sq(6, 1)]);
        let one = Vicinity::new(&p, vec![start.clone()], Stray { boxes: 1, radius: 2 });
        assert!(one.contains(&start));
        assert!(one.contains(&set(&[sq(4, 2), sq(6, 1)])), "one box two squares off");
        assert!(!one.contains(&set(&[sq(5, 2), sq(6, 1)])), "three squares off");
        assert!(!one.contains(&set(&[sq(4, 1), sq(7, 1)])), "two boxes moved");
        let two = Vicinity::new(&p, vec![start], Stray { boxes: 2, radius: 2 });
        assert!(two.contains(&set(&[sq(4, 1), sq(7, 1)])));
    }
}
