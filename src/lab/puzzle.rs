//! The sliding-tile puzzles of the book: the 8-puzzle (Nilsson's goal, the blank in the
//! centre and the tiles clockwise round it) and the 15-puzzle (tiles in reading order, the
//! blank last), with the book's evaluators, as a textbook [`Problem`].
//!
//! A board is packed in a `u64`, four bits a square in reading order, 0 for the blank.

use crate::solver::Random;
use crate::solver::textbook::{Problem, Successor};
use std::collections::HashSet;

/// A packed board.
pub type Board = u64;

/// The book's evaluators. Each names its estimate `h`; A* orders by g + h except with
/// [`Evaluator::Bad`], which the book scores by h alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Evaluator {
    /// P + 3·S on the 8-puzzle, P + 4·S on the 15-puzzle: Manhattan distance plus
    /// Nilsson's sequence score. Not admissible, although the book says it is.
    Good,
    /// P: the tiles' Manhattan distances to their goal squares. Admissible.
    Fair,
    /// The number of tiles off their goal squares. Admissible.
    Weak,
    /// |16 − D| on the 8-puzzle, D comparing the tiles opposite each other across the
    /// centre; scored by h alone. Not admissible; the 8-puzzle only.
    Bad,
}

impl Evaluator {
    /// Every evaluator, in the book's order.
    pub const ALL: [Evaluator; 4] =
        [Evaluator::Good, Evaluator::Fair, Evaluator::Weak, Evaluator::Bad];

    /// The book's name.
    pub fn name(self) -> &'static str {
        match self {
            Evaluator::Good => "GoodEvaluator",
            Evaluator::Fair => "FairEvaluator",
            Evaluator::Weak => "WeakEvaluator",
            Evaluator::Bad => "BadEvaluator",
        }
    }

    /// Whether it never overestimates (and, being a sum of per-tile terms that change by
    /// at most one a move, is consistent too).
    pub fn admissible(self) -> bool {
        matches!(self, Evaluator::Fair | Evaluator::Weak)
    }

    /// What the lab says about it beside its name.
    pub fn note(self) -> &'static str {
        match self {
            Evaluator::Good => "inadmissible (the book calls it admissible)",
            Evaluator::Fair | Evaluator::Weak => "admissible",
            Evaluator::Bad => "inadmissible, scored by h alone (greedy)",
        }
    }
}

/// A sliding-tile puzzle from a start board, with an evaluator.
#[derive(Clone, Debug)]
pub struct Puzzle {
    side: usize,
    start: Board,
    goal: Board,
    /// Each tile's goal square.
    home: [usize; 16],
    evaluator: Evaluator,
}

/// The 8-puzzle's goal, row by row.
const GOAL_8: [u8; 9] = [1, 2, 3, 8, 0, 4, 7, 6, 5];

/// The squares round the edge of a 3×3 board, clockwise from the upper left.
const RING_8: [usize; 8] = [0, 1, 2, 5, 8, 7, 6, 3];

/// The squares round the edge of a 4×4 board, clockwise from the upper left.
const RING_15: [usize; 12] = [0, 1, 2, 3, 7, 11, 15, 14, 13, 12, 8, 4];

/// The tile on square `i`.
#[inline]
pub fn tile(board: Board, i: usize) -> u8 {
    ((board >> (4 * i)) & 15) as u8
}

fn pack(tiles: &[u8]) -> Board {
    tiles.iter().enumerate().fold(0, |b, (i, &t)| b | (u64::from(t) << (4 * i)))
}

impl Puzzle {
    /// The puzzle of side 3 (8-puzzle) or 4 (15-puzzle) from the goal.
    pub fn solved(side: usize, evaluator: Evaluator) -> Result<Puzzle, String> {
        let goal: Vec<u8> = match side {
            3 => GOAL_8.to_vec(),
            4 => (1..16).chain([0]).collect(),
            _ => return Err(format!("a {side}×{side} puzzle is not one of the book's (3 or 4)")),
        };
        if evaluator == Evaluator::Bad && side != 3 {
            return Err("BadEvaluator is defined on the 8-puzzle only".into());
        }
        let mut home = [0; 16];
        for (i, &t) in goal.iter().enumerate() {
            home[usize::from(t)] = i;
        }
        let goal = pack(&goal);
        Ok(Puzzle { side, start: goal, goal, home, evaluator })
    }

    /// The puzzle from a board written row by row, `/` between rows and `_` for the blank,
    /// e.g. `"8 1 3 / 2 4 5 / _ 7 6"`.
    pub fn parse(text: &str, evaluator: Evaluator) -> Result<Puzzle, String> {
        let rows: Vec<&str> = text.split('/').collect();
        let mut puzzle = Puzzle::solved(rows.len(), evaluator)?;
        let mut tiles = Vec::new();
        for row in &rows {
            let cells: Vec<&str> = row.split_whitespace().collect();
            if cells.len() != rows.len() {
                return Err(format!(
                    "row `{}` has {} tiles, not {}",
                    row.trim(),
                    cells.len(),
                    rows.len()
                ));
            }
            for c in cells {
                let t = if c == "_" {
                    0
                } else {
                    c.parse::<u8>().map_err(|_| format!("`{c}` is not a tile"))?
                };
                tiles.push(t);
            }
        }
        let mut sorted = tiles.clone();
        sorted.sort_unstable();
        if sorted != (0..tiles.len() as u8).collect::<Vec<_>>() {
            return Err(format!(
                "the tiles must be 1 to {} and one blank, each once",
                tiles.len() - 1
            ));
        }
        puzzle.start = pack(&tiles);
        Ok(puzzle)
    }

    /// The same puzzle from another start board.
    pub fn from(&self, start: Board) -> Puzzle {
        Puzzle { start, ..self.clone() }
    }

    /// The start board.
    pub fn start_board(&self) -> Board {
        self.start
    }

    /// The side of the board (3 or 4).
    pub fn side(&self) -> usize {
        self.side
    }

    /// The evaluator.
    pub fn evaluator(&self) -> Evaluator {
        self.evaluator
    }

    /// The board one move after `board`, the tile on square `from` slid into the blank
    /// on `blank`.
    fn slide(board: Board, blank: usize, from: usize) -> Board {
        let t = u64::from(tile(board, from));
        board & !(15 << (4 * from)) | (t << (4 * blank))
    }

    /// The boards one move from `board`, in the book's order: the tile below the blank,
    /// then left of it, above it, right of it; with the tile moved.
    pub fn moves(&self, board: Board) -> impl Iterator<Item = (Board, u8)> + use<> {
        let n = self.side;
        let blank = (0..n * n).find(|&i| tile(board, i) == 0).unwrap_or(0);
        let (r, c) = (blank / n, blank % n);
        let around = [
            (r + 1 < n).then(|| blank + n),
            (c > 0).then(|| blank - 1),
            (r > 0).then(|| blank - n),
            (c + 1 < n).then(|| blank + 1),
        ];
        around
            .into_iter()
            .flatten()
            .map(move |from| (Puzzle::slide(board, blank, from), tile(board, from)))
    }

    /// The evaluator's estimate of `board`.
    pub fn h(&self, board: Board) -> u32 {
        let n = self.side;
        let manhattan = || -> u32 {
            (0..n * n)
                .filter(|&i| tile(board, i) != 0)
                .map(|i| {
                    let home = self.home[usize::from(tile(board, i))];
                    ((i / n).abs_diff(home / n) + (i % n).abs_diff(home % n)) as u32
                })
                .sum()
        };
        match self.evaluator {
            Evaluator::Fair => manhattan(),
            Evaluator::Weak => (0..n * n)
                .filter(|&i| tile(board, i) != 0 && self.home[usize::from(tile(board, i))] != i)
                .count() as u32,
            Evaluator::Good if n == 3 => manhattan() + 3 * self.sequence(board, &RING_8, 4),
            Evaluator::Good => manhattan() + 4 * self.sequence(board, &RING_15, 5),
            Evaluator::Bad => {
                let m = |r: usize, c: usize| i32::from(tile(board, r * 3 + c));
                let d = (m(1, 0) - m(1, 2))
                    + (m(2, 0) - m(0, 2))
                    + (m(2, 1) - m(0, 1))
                    + (m(2, 2) - m(0, 0));
                (16 - d).unsigned_abs()
            }
        }
    }

    /// Nilsson's sequence score: 1 if square `centre` holds a tile, and 2 for every tile
    /// on the edge whose clockwise neighbour does not hold the tile after it (the last
    /// tile followed by the first).
    fn sequence(&self, board: Board, ring: &[usize], centre: usize) -> u32 {
        let last = (self.side * self.side - 1) as u8;
        let mut score = u32::from(tile(board, centre) != 0);
        for (k, &sq) in ring.iter().enumerate() {
            let t = tile(board, sq);
            if t != 0 && tile(board, ring[(k + 1) % ring.len()]) != t % last + 1 {
                score += 2;
            }
        }
        score
    }

    /// A start `moves` random moves from the goal, as the book draws them: each move
    /// chosen among those that reach a board not yet on the walk; a walk with no such
    /// move left stays where it is for that move.
    pub fn scrambled(&self, moves: u32, random: &mut Random) -> Puzzle {
        let mut board = self.goal;
        let mut walk = HashSet::from([board]);
        for _ in 0..moves {
            let fresh: Vec<Board> =
                self.moves(board).map(|(b, _)| b).filter(|b| !walk.contains(b)).collect();
            if !fresh.is_empty() {
                board = fresh[random.below(fresh.len())];
                walk.insert(board);
            }
        }
        self.from(board)
    }

    /// The board written as [`Puzzle::parse`] reads it.
    pub fn show(&self, board: Board) -> String {
        let n = self.side;
        let row = |r: usize| -> String {
            (0..n)
                .map(|c| match tile(board, r * n + c) {
                    0 => "_".to_string(),
                    t => t.to_string(),
                })
                .collect::<Vec<_>>()
                .join(" ")
        };
        (0..n).map(row).collect::<Vec<_>>().join(" / ")
    }
}

impl Problem for Puzzle {
    type State = Board;
    type Move = u8;

    fn start(&mut self) -> (Board, u32) {
        (self.start, self.h(self.start))
    }

    fn successors(&mut self, board: &Board, out: &mut Vec<Successor<Self>>) {
        out.clear();
        out.extend(self.moves(*board).map(|(state, mv)| Successor {
            state,
            mv,
            cost: 1,
            h: self.h(state),
            pruned: None,
            pattern: None,
        }));
    }

    fn is_goal(&self, board: &Board) -> bool {
        *board == self.goal
    }

    fn score(&self, g: u32, h: u32) -> u32 {
        if self.evaluator == Evaluator::Bad { h } else { g + h }
    }

    fn admissible(&self) -> bool {
        self.evaluator.admissible()
    }

    fn consistent(&self) -> bool {
        self.evaluator.admissible()
    }
}

#[cfg(test)]
mod tests {
    use crate::lab::puzzle::{Evaluator, Puzzle};
    use crate::solver::Progress;
    use crate::solver::textbook::{AStar, Bfs, BookSearch, Dfs};

    fn puzzle(text: &str, e: Evaluator) -> Puzzle {
        Puzzle::parse(text, e).unwrap()
    }

    /// Runs `search` to its end: the solution length (none on failure), closed, open.
    fn run<S: BookSearch<Puzzle>>(mut search: S) -> (Option<u32>, u64, u64) {
        let progress = search.step(u64::MAX);
        let s = search.stats();
        let length = match progress {
            Progress::Solved(goal) => Some(search.solution_length(goal)),
            Progress::Exhausted { .. } => None,
            other => panic!("{other:?}"),
        };
        (length, s.closed, s.open)
    }

    /// Before the first step the counters already count what the open list holds: the
    /// start for BFS, DFS and A*; for IDA*, which expands the start when it is made, the
    /// start's children within the first bound, with that bound.
    #[test]
    fn a_new_search_counts_its_open_list() {
        use crate::solver::textbook::IdaStar;
        fn counted<S: BookSearch<Puzzle>>(search: &S) -> (u64, usize) {
            (search.stats().open, search.frontier(usize::MAX).len())
        }
        let start = "1 4 8 / 7 3 _ / 6 5 2";
        let p = || puzzle(start, Evaluator::Good);
        assert_eq!(counted(&Bfs::new(p(), false)), (1, 1));
        assert_eq!(counted(&Dfs::new(p(), 30, false)), (1, 1));
        assert_eq!(counted(&AStar::new(p(), false)), (1, 1));
        let ida = IdaStar::new(p(), false);
        let (open, listed) = counted(&ida);
        assert!(open > 0 && open as usize == listed, "{open} counted, {listed} listed");
        assert_eq!(ida.stats().bound, 46, "the first bound is the start's estimate");
    }

    /// Table 7-2: A* from `1 4 8 / 7 3 _ / 6 5 2` with each evaluator.
    #[test]
    fn table_7_2_comes_out_as_in_the_book() {
        let start = "1 4 8 / 7 3 _ / 6 5 2";
        let rows: Vec<_> =
            Evaluator::ALL.iter().map(|&e| run(AStar::new(puzzle(start, e), false))).collect();
        assert_eq!(
            rows,
            [(Some(13), 18, 15), (Some(13), 28, 21), (Some(13), 171, 114), (Some(19), 1496, 767)]
        );
        assert_eq!(
            puzzle(start, Evaluator::Good).h(puzzle(start, Evaluator::Good).start_board()),
            46
        );
    }

    /// Figure 7-16, the horizon effect: DFS bounded at 25 fails from N2, eight moves from
    /// the goal, after closing 20,441 states; and from N1 unbounded DFS finds a 30-move
    /// solution with 30 states closed and 23 open.
    #[test]
    fn bounded_dfs_misses_a_near_goal_as_figure_7_16_shows() {
        let n2 = puzzle("8 1 3 / 7 2 5 / _ 4 6", Evaluator::Fair);
        assert_eq!(run(Dfs::new(n2.clone(), 25, false)), (None, 20_441, 0));
        assert_eq!(run(Bfs::new(n2, false)).0, Some(8), "the goal is 8 moves away");
        let n1 = puzzle("8 1 3 / 2 4 5 / _ 7 6", Evaluator::Fair);
        assert_eq!(run(Dfs::new(n1, u32::MAX, false)), (Some(30), 30, 23));
    }

    /// Figure 7-19: BFS finds a 5-move solution, with 20 boards in open and 26 closed.
    #[test]
    fn bfs_counts_figure_7_19() {
        let p = puzzle("2 8 3 / 1 6 4 / 7 _ 5", Evaluator::Fair);
        assert_eq!(run(Bfs::new(p, false)), (Some(5), 26, 20));
    }

    /// Figure 7-24 on the 15-puzzle: DFS bounded at 15 fails after 22,125 states; A* with
    /// the book's GoodEvaluator finds 15 moves, 44 closed and 49 open. That evaluator is
    /// not zero at the goal (68).
    #[test]
    fn the_fifteen_puzzle_counts_figure_7_24() {
        let text = "2 10 8 3 / 1 6 _ 4 / 5 9 7 11 / 13 14 15 12";
        assert_eq!(run(Dfs::new(puzzle(text, Evaluator::Good), 15, false)), (None, 22_125, 0));
        assert_eq!(run(AStar::new(puzzle(text, Evaluator::Good), false)), (Some(15), 44, 49));
        let goal = Puzzle::solved(4, Evaluator::Good).unwrap();
        assert_eq!(goal.h(goal.start_board()), 68);
    }

    /// The evaluators on the 8-puzzle: all four are 0 at the goal; Fair and Weak never
    /// overestimate the BFS distance; Good does, one move from the goal.
    #[test]
    fn evaluators_are_zero_at_the_goal_and_labelled_truly() {
        for e in Evaluator::ALL {
            let goal = Puzzle::solved(3, e).unwrap();
            assert_eq!(goal.h(goal.start_board()), 0, "{}", e.name());
        }
        let near = puzzle("1 _ 3 / 8 2 4 / 7 6 5", Evaluator::Good);
        assert_eq!(near.h(near.start_board()), 10, "one move from the goal");
        assert!(!Evaluator::Good.admissible());
        let mut random = crate::solver::Random::new(3);
        for e in [Evaluator::Fair, Evaluator::Weak] {
            let base = Puzzle::solved(3, e).unwrap();
            for n in 1..16 {
                let p = base.scrambled(n, &mut random);
                let distance = run(Bfs::new(p.clone(), false)).0.unwrap();
                assert!(
                    p.h(p.start_board()) <= distance,
                    "{} on {}",
                    e.name(),
                    p.show(p.start_board())
                );
            }
        }
    }

    #[test]
    fn a_bad_board_is_refused_with_a_reason() {
        for (text, needle) in [
            ("1 2 / 3 _", "not one of the book's"),
            ("1 2 3 / 4 5 / 6 7 8", "has 2 tiles"),
            ("1 2 3 / 4 5 6 / 7 8 8", "each once"),
            ("1 2 3 / 4 x 6 / 7 8 _", "`x` is not a tile"),
        ] {
            let err = Puzzle::parse(text, Evaluator::Fair).unwrap_err();
            assert!(err.contains(needle), "{text}: {err}");
        }
        assert!(Puzzle::solved(4, Evaluator::Bad).is_err());
    }

    #[test]
    fn a_scramble_of_n_moves_is_at_most_n_moves_from_the_goal_and_never_undoes_one() {
        let base = Puzzle::solved(3, Evaluator::Fair).unwrap();
        let mut random = crate::solver::Random::new(11);
        for n in [1, 2, 5, 9] {
            let p = base.scrambled(n, &mut random);
            let d = run(Bfs::new(p.clone(), false)).0.unwrap();
            assert!(d <= n && d % 2 == n % 2, "n = {n}, distance {d}");
        }
        for _ in 0..20 {
            // A second move that undid the first would leave the goal (distance 0).
            let two = base.scrambled(2, &mut random);
            assert_eq!(
                run(Bfs::new(two, false)).0,
                Some(2),
                "the second move does not undo the first"
            );
        }
    }
}
