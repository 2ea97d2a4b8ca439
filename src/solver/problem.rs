//! Everything a search knows about a level before it starts: the compiled board, push
//! distances and dead squares, tunnels, rooms and goal areas, the packing order, Zobrist keys
//! and the goal bitset.

use crate::level::Level;
use crate::solver::board::{Board, Sq};
use crate::solver::distances::Distances;
use crate::solver::packing::PackingOrder;
use crate::solver::rooms::Rooms;
use crate::solver::state::{Zobrist, set_box, stride};
use crate::solver::tunnels::Tunnels;

/// A level compiled and analysed for search. Immutable once built.
#[derive(Clone, Debug)]
pub struct Problem {
    /// The compiled board.
    pub board: Board,
    /// Push distances and dead squares.
    pub dist: Distances,
    /// Tunnel squares.
    pub tunnels: Tunnels,
    /// Rooms, passages, goal areas and their entrances.
    pub rooms: Rooms,
    /// The order to fill the goals in, and the basin of each step.
    pub packing: PackingOrder,
    /// Zobrist keys.
    pub zobrist: Zobrist,
    /// Words per stored state (box bitset words plus one for the player).
    pub stride: usize,
    /// The goal squares as a box bitset (the solved position's boxes).
    pub goal_set: Vec<u64>,
    /// The level as given (for turning states back into boards).
    pub level: Level,
}

impl Problem {
    /// Compiles and analyses `level`, or says why it cannot be searched.
    pub fn new(level: &Level) -> Result<Problem, String> {
        let board = Board::compile(level)?;
        let dist = Distances::new(&board);
        let tunnels = Tunnels::new(&board);
        let rooms = Rooms::new(&board);
        let packing = PackingOrder::new(&board);
        let zobrist = Zobrist::new(board.len());
        let stride = stride(board.len());
        let mut goal_set = vec![0u64; stride - 1];
        for &g in board.goals() {
            set_box(&mut goal_set, g);
        }
        let mut level = level.clone();
        level.meta.solutions.clear();
        Ok(Problem { board, dist, tunnels, rooms, packing, zobrist, stride, goal_set, level })
    }

    /// Number of bitset words in a state.
    pub fn words(&self) -> usize {
        self.stride - 1
    }

    /// The position of a stored state as a level (boxes moved, player on the state's
    /// normalised square), keeping the original level's metadata.
    pub fn level_of(&self, state: &[u64]) -> Level {
        let mut level = self.level.clone();
        for p in level.positions() {
            let sq = level.square_mut(p);
            sq.has_box = false;
            sq.has_player = false;
        }
        for b in crate::solver::state::boxes_of(&state[..self.words()]) {
            level.square_mut(self.board.pos(b)).has_box = true;
        }
        let player = crate::solver::state::player_of(state) as Sq;
        level.square_mut(self.board.pos(player)).has_player = true;
        level
    }
}
