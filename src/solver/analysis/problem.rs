//! Everything a search knows about a level before it starts: the compiled board, push
//! distances and dead squares, tunnels, rooms and goal areas, the packing order, Zobrist keys
//! and the goal bitset.

use crate::level::Level;
use crate::solver::analysis::distances::Distances;
use crate::solver::analysis::packing::PackingOrder;
use crate::solver::analysis::rooms::Rooms;
use crate::solver::analysis::tunnels::Tunnels;
use crate::solver::model::board::{Board, Sq};
use crate::solver::model::error::{Setup, Unsearchable};
use crate::solver::model::interrupt::Interrupt;
use crate::solver::model::reach::Reach;
use crate::solver::model::state::{Zobrist, boxes_of, player_of, set_box, stride};

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
    pub fn new(level: &Level) -> Result<Problem, Unsearchable> {
        match Problem::build(level, &Interrupt::default()) {
            Ok(problem) => Ok(problem),
            Err(Setup::Unsearchable(why)) => Err(why),
            Err(Setup::Interrupted) => unreachable!("nobody else holds a fresh interrupt"),
        }
    }

    /// [`Problem::new`], stopping when `interrupt` is raised (by the watchdog, or here when
    /// the tables would pass its memory limit) between and within the phases of the
    /// analysis.
    pub(crate) fn build(level: &Level, interrupt: &Interrupt) -> Result<Problem, Setup> {
        let board = Board::compile(level)?;
        let stride = stride(board.len());
        // The distance table dominates: one u16 per square and goal.
        if interrupt.account(board.len() * board.goals().len() * 2) {
            return Err(Setup::Interrupted);
        }
        let dist = Distances::new(&board, interrupt);
        interrupt.check()?;
        let tunnels = Tunnels::new(&board);
        let rooms = Rooms::new(&board);
        let packing = PackingOrder::new(&board, &dist, interrupt);
        interrupt.check()?;
        if interrupt.account(dist.memory() + packing.memory() + rooms.memory()) {
            return Err(Setup::Interrupted);
        }
        let zobrist = Zobrist::new(board.len());
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

    /// The box bitset with boxes on `squares`.
    pub fn box_bits(&self, squares: impl IntoIterator<Item = Sq>) -> Vec<u64> {
        let mut bits = vec![0u64; self.words()];
        squares.into_iter().for_each(|s| set_box(&mut bits, s));
        bits
    }

    /// Bytes the compiled board and its analysis hold, about (the distance table, the
    /// packing order's basins and the room links dominate on big boards).
    pub fn memory(&self) -> usize {
        let (w, h) = self.board.size();
        let per_square = 2 * std::mem::size_of::<u64>() // Zobrist keys
            + std::mem::size_of::<[u16; 4]>() // neighbours
            + std::mem::size_of::<crate::level::Pos>()
            + 4; // goal and tunnel flags
        self.dist.memory()
            + self.packing.memory()
            + self.rooms.memory()
            + self.board.len() * per_square
            + w * h * (2 + std::mem::size_of::<crate::level::Square>())
    }

    /// The start position as a state: the start boxes, the player on the lowest square of
    /// its area. Every search starts here.
    pub fn root(&self) -> Vec<u64> {
        let mut state = vec![0u64; self.stride];
        for &b in self.board.start_boxes() {
            set_box(&mut state, b);
        }
        let words = self.words();
        let player =
            Reach::default().flood(&self.board, &state[..words], self.board.start_player());
        state[words] = u64::from(player);
        state
    }

    /// The Zobrist hash of a state (boxes and normalised player).
    pub fn hash(&self, state: &[u64]) -> u64 {
        let words = self.words();
        self.zobrist.boxes_hash(&state[..words]) ^ self.zobrist.player_key(player_of(state))
    }

    /// Whether every box of `state` (a state or its box words) stands on a goal.
    pub fn is_solved(&self, state: &[u64]) -> bool {
        state[..self.words()] == self.goal_set[..]
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
        for b in boxes_of(&state[..self.words()]) {
            level.square_mut(self.board.pos(b)).has_box = true;
        }
        let player = player_of(state);
        level.square_mut(self.board.pos(player)).has_player = true;
        level
    }
}
