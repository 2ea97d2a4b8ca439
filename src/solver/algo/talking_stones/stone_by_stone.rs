//! The stone-by-stone test (Van Lishout 2006, §4.1, the "multi-agent protocol"): the goals
//! are taken in the order by walls; for each, the stones that can move are asked in turn,
//! and the first that can be pushed onto the goal alone (the others staying put) is
//! committed there and frozen. The test fails when no stone reaches the next goal; it
//! never goes back on a commitment.

use crate::solver::analysis::problem::Problem;
use crate::solver::model::board::Sq;
use crate::solver::model::box_moves::{BoxMoves, Macro};
use crate::solver::model::interrupt::Interrupt;
use crate::solver::model::reach::Reach;
use crate::solver::model::state::{clear_box, set_box};

/// One goal filled by the test: the stone's move onto it (`None` when the stone stood
/// on the goal already).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Fill {
    /// The stone's square before the move.
    pub stone: Sq,
    /// The move.
    pub route: Option<Macro>,
}

/// Where the test stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Failure {
    /// The goal no stone reached.
    pub goal: Sq,
    /// Goals filled before it.
    pub filled: u32,
    /// Stones that could move and were tried.
    pub tried: u32,
}

/// Runs the test; holds the scratch space.
#[derive(Debug, Default)]
pub(crate) struct StoneTest {
    moves: BoxMoves,
    reach: Reach,
    state: Vec<u64>,
    stones: Vec<Sq>,
    movable: Vec<Sq>,
}

impl StoneTest {
    /// Tests `state` (box bitset then player square) with its stones listed in `stones`
    /// (the order they are asked in) against the goal order `order`. On success, the fills
    /// in order (see [`StoneTest::pushes`]). An interrupted test fails.
    pub fn run(
        &mut self,
        p: &Problem,
        state: &[u64],
        stones: &[Sq],
        order: &[Sq],
        interrupt: &Interrupt,
    ) -> Result<Vec<Fill>, Failure> {
        let words = p.words();
        self.state.clear();
        self.state.extend_from_slice(state);
        self.stones.clear();
        self.stones.extend_from_slice(stones);
        let mut fills = Vec::with_capacity(order.len());
        for (k, &goal) in order.iter().enumerate() {
            let boxes = &self.state[..words];
            self.reach.flood(&p.board, boxes, self.state[words] as Sq);
            self.movable.clear();
            for &s in &self.stones {
                if self.reach.pushes(&p.board, boxes, s).next().is_some() {
                    self.movable.push(s);
                }
            }
            let failure = Failure { goal, filled: k as u32, tried: self.movable.len() as u32 };
            if interrupt.raised() {
                return Err(failure);
            }
            let mut found = None;
            for &s in &self.movable {
                if s == goal {
                    found = Some(Fill { stone: s, route: None });
                    break;
                }
                if let Some(m) =
                    self.moves.route(&p.board, &self.state, s, goal, |s| p.dist.towards_goals(s))
                {
                    found = Some(Fill { stone: s, route: Some(m) });
                    break;
                }
            }
            let fill = found.ok_or(failure)?;
            if let Some(m) = fill.route {
                clear_box(&mut self.state, m.from);
                set_box(&mut self.state, m.to);
                self.state[words] = u64::from(m.player(&p.board));
            }
            self.stones.retain(|&s| s != fill.stone);
            fills.push(fill);
        }
        Ok(fills)
    }

    /// The single pushes (box square, direction index) of `fills`, made one after the
    /// other from `state`.
    pub fn pushes(&mut self, p: &Problem, state: &[u64], fills: &[Fill]) -> Vec<(Sq, u8)> {
        let words = p.words();
        self.state.clear();
        self.state.extend_from_slice(state);
        let mut out = Vec::new();
        for m in fills.iter().filter_map(|f| f.route) {
            let pushes =
                self.moves.pushes_of(&p.board, &self.state, m).expect("the test made this move");
            out.extend(pushes);
            clear_box(&mut self.state, m.from);
            set_box(&mut self.state, m.to);
            self.state[words] = u64::from(m.player(&p.board));
        }
        out
    }
}
