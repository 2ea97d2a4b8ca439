//! Minimum-cost perfect matching of boxes to goals (the Hungarian method with potentials),
//! with a cheap update when one box moves.
//!
//! After [`Hungarian::solve`] on a parent position, [`Hungarian::cost_with_row_moved`] gives
//! the optimum for a child where one box moved: that box's row is unassigned, its potential
//! lowered to keep every reduced cost non-negative, and a single augmenting path search
//! (O(n²) instead of O(n³)) restores optimality. The parent's solution is kept untouched.

use super::INFINITE;
use crate::solver::analysis::distances::{Distances, INF};
use crate::solver::model::board::{Board, Sq};
use crate::solver::model::interrupt::Interrupt;

/// Cost standing for "this box cannot reach this goal"; larger than any finite matching on
/// a board where [`Hungarian::exact_on`] holds.
const BIG: i32 = 1 << 20;

/// The dual solution of one assignment problem (1-based, index 0 is the algorithm's dummy).
#[derive(Clone, Debug, Default)]
struct Duals {
    u: Vec<i32>,
    v: Vec<i32>,
    /// `col_row[j]`: row assigned to column `j` (0 = none).
    col_row: Vec<usize>,
}

/// Hungarian-method workspace.
#[derive(Debug, Default)]
pub struct Hungarian {
    /// For [`Hungarian::cost_with_row_at`]: the row taken out, its former column, the cost
    /// of the rest of the parent's assignment, and per column the least reduced cost of
    /// freeing it (a shortest path to the freed column).
    removed: Option<(usize, usize, i64)>,
    free_cost: Vec<i32>,
    finished: Vec<bool>,
    /// The parent's reduced costs by column of arrival: `reduced[k * n + j]` is the reduced
    /// cost of the row on column `j` moving to column `k` (0-based; filled on the first
    /// [`Hungarian::remove_row`] after a solve, empty before).
    reduced: Vec<i32>,
    n: usize,
    /// Row-major costs of the parent, `n × n`.
    cost: Vec<i32>,
    parent: Duals,
    child: Duals,
    child_row: Vec<i32>,
    minv: Vec<i32>,
    way: Vec<usize>,
    used: Vec<bool>,
    best: u32,
    /// Stops [`Hungarian::solve`] between rows (its answer is then 0, still a lower bound).
    interrupt: Interrupt,
    /// Whether the last solve finished (the incremental updates need a whole solution; on
    /// an interrupted one they answer 0).
    solved: bool,
}

fn cost_of(d: u16) -> i32 {
    if d == INF { BIG } else { d as i32 }
}

impl Hungarian {
    /// A workspace whose [`Hungarian::solve`] gives up when `interrupt` is raised.
    pub fn new(interrupt: &Interrupt) -> Self {
        Hungarian { interrupt: interrupt.clone(), ..Hungarian::default() }
    }

    /// Solves the assignment for `boxes` (it becomes the parent for
    /// [`Hungarian::cost_with_row_moved`]).
    ///
    /// When the last solve had as many boxes and finished, its goal potentials start this
    /// one: each box's potential is its least reduced cost, each box takes a free goal it
    /// is tight on, and only the boxes left over are augmented. A search's consecutive
    /// positions differ in a few boxes, so most rows cost O(n) instead of O(n²); the optimum
    /// is the same, as any feasible start gives it.
    pub fn solve(&mut self, dist: &Distances, boxes: &[Sq]) {
        let n = boxes.len();
        let warm = self.solved && self.n == n && self.parent.v.len() == n + 1;
        self.removed = None;
        self.reduced.clear();
        self.n = n;
        self.cost.clear();
        for &b in boxes {
            self.cost.extend(dist.row(b).iter().map(|&d| cost_of(d)));
        }
        self.minv.resize(n + 1, 0);
        self.way.resize(n + 1, 0);
        self.used.resize(n + 1, false);
        let mut duals = std::mem::take(&mut self.parent);
        let cost = std::mem::take(&mut self.cost);
        if !(warm && warm_start(&mut duals, n, &cost)) {
            duals.u.clear();
            duals.u.resize(n + 1, 0);
            duals.v.clear();
            duals.v.resize(n + 1, 0);
            duals.col_row.clear();
            duals.col_row.resize(n + 1, 0);
        }
        let mut assigned = std::mem::take(&mut self.finished);
        assigned.clear();
        assigned.resize(n + 1, false);
        for &r in &duals.col_row[1..] {
            assigned[r] = true;
        }
        let mut done = true;
        for i in (1..=n).filter(|&i| !assigned[i]) {
            if self.interrupt.raised() {
                done = false;
                break;
            }
            self.augment(&mut duals, i, |r, c| cost[(r - 1) * n + c - 1]);
        }
        self.finished = assigned;
        self.solved = done;
        self.best = if done { total(&duals, |r, c| cost[(r - 1) * n + c - 1]) } else { 0 };
        self.parent = duals;
        self.cost = cost;
    }

    /// The optimum of the last [`Hungarian::solve`] ([`INFINITE`] if no perfect matching of
    /// reachable pairs exists).
    pub fn cost(&self) -> u32 {
        self.best
    }

    /// The optimum when box `index` of the solved position moves to `to`.
    pub fn cost_with_row_moved(&mut self, dist: &Distances, index: usize, to: Sq) -> u32 {
        if !self.solved {
            return 0;
        }
        let n = self.n;
        let row = index + 1;
        self.child.clone_from(&self.parent);
        self.child_row.clear();
        self.child_row.extend(dist.row(to).iter().map(|&d| cost_of(d)));
        let mut duals = std::mem::take(&mut self.child);
        if let Some(j) = (1..=n).find(|&j| duals.col_row[j] == row) {
            duals.col_row[j] = 0;
        }
        duals.u[row] = (1..=n).map(|j| self.child_row[j - 1] - duals.v[j]).min().unwrap_or(0);
        let parent_cost = std::mem::take(&mut self.cost);
        let child_row = std::mem::take(&mut self.child_row);
        let cost = |r: usize, c: usize| {
            if r == row { child_row[c - 1] } else { parent_cost[(r - 1) * n + c - 1] }
        };
        self.augment(&mut duals, row, cost);
        let best = total(&duals, cost);
        self.cost = parent_cost;
        self.child_row = child_row;
        self.child = duals;
        best
    }

    /// Prepares [`Hungarian::cost_with_row_at`] for moves of box `index` of the solved
    /// position: one shortest-path computation (O(n²)) serves every square the box may move
    /// to, each then costing O(n).
    ///
    /// With the box's row taken out, its column is free. Placing the box on a new square
    /// with costs `r` to the goals, the best assignment puts it on some column `j` and
    /// frees `j` along the cheapest alternating path to the freed column; in reduced costs
    /// that is `r_j − v_j + D_j + v_free`, where `D_j` is the shortest path from `j`.
    pub fn remove_row(&mut self, index: usize) {
        if !self.solved {
            self.removed = None;
            return;
        }
        let n = self.n;
        let row = index + 1;
        let d = &self.parent;
        let Some(free) = (1..=n).find(|&j| d.col_row[j] == row) else {
            self.removed = None;
            return;
        };
        if self.reduced.is_empty() {
            for k in 1..=n {
                self.reduced.extend((1..=n).map(|j| {
                    let i = d.col_row[j];
                    self.cost[(i - 1) * n + k - 1] - d.u[i] - d.v[k]
                }));
            }
        }
        let rest: i64 = (1..=n)
            .filter(|&j| j != free)
            .map(|j| i64::from(self.cost[(d.col_row[j] - 1) * n + j - 1]))
            .sum();
        // Dijkstra over the columns from the freed one, on 0-based slices. Relaxing a
        // finished column changes nothing (its cost is at most `dk`, reduced costs are not
        // negative), so the relaxation runs over every column without a test.
        self.free_cost.clear();
        self.free_cost.resize(n + 1, i32::MAX);
        self.finished.clear();
        self.finished.resize(n, false);
        let costs = &mut self.free_cost[1..];
        let mut k = free - 1;
        costs[k] = 0;
        loop {
            self.finished[k] = true;
            let dk = costs[k];
            let arrive = &self.reduced[k * n..(k + 1) * n];
            for (c, &a) in costs.iter_mut().zip(arrive) {
                *c = (*c).min(dk.saturating_add(a));
            }
            let mut next = (i32::MAX, n);
            for (j, (&c, &done)) in costs.iter().zip(&self.finished).enumerate() {
                if !done && c < next.0 {
                    next = (c, j);
                }
            }
            if next.1 == n {
                break;
            }
            k = next.1;
        }
        self.removed = Some((row, free, rest));
    }

    /// Whether [`Hungarian::cost_with_row_at`]'s [`INFINITE`] always means a box that cannot
    /// reach any free goal on `board`: no box is more than a square per floor square from
    /// a goal, so every finite matching stays below the sentinel. Beyond, a large finite
    /// matching reads as infinite, and a search pruned by it proves nothing when exhausted.
    pub fn exact_on(board: &Board) -> bool {
        (board.start_boxes().len() as u64) * (board.len() as u64) < BIG as u64
    }

    /// The optimum when the box prepared by [`Hungarian::remove_row`] moves to `to`.
    pub fn cost_with_row_at(&self, dist: &Distances, to: Sq) -> u32 {
        let Some((_, free, rest)) = self.removed else {
            return if self.solved { INFINITE } else { 0 };
        };
        let d = &self.parent;
        let best = dist
            .row(to)
            .iter()
            .enumerate()
            .filter(|&(j, _)| self.free_cost[j + 1] < i32::MAX)
            .map(|(j, &r)| {
                i64::from(cost_of(r)) - i64::from(d.v[j + 1]) + i64::from(self.free_cost[j + 1])
            })
            .min()
            .unwrap_or(i64::from(BIG));
        let total = rest + best + i64::from(d.v[free]);
        if total >= i64::from(BIG) { INFINITE } else { total as u32 }
    }

    /// Adds row `i` to the matching along a shortest augmenting path.
    fn augment(&mut self, d: &mut Duals, i: usize, cost: impl Fn(usize, usize) -> i32) {
        let n = self.n;
        d.col_row[0] = i;
        let mut j0 = 0;
        self.minv.fill(i32::MAX);
        self.used.fill(false);
        loop {
            self.used[j0] = true;
            let i0 = d.col_row[j0];
            let mut delta = i32::MAX;
            let mut j1 = 0;
            for j in 1..=n {
                if !self.used[j] {
                    let cur = cost(i0, j) - d.u[i0] - d.v[j];
                    if cur < self.minv[j] {
                        self.minv[j] = cur;
                        self.way[j] = j0;
                    }
                    if self.minv[j] < delta {
                        delta = self.minv[j];
                        j1 = j;
                    }
                }
            }
            for j in 0..=n {
                if self.used[j] {
                    d.u[d.col_row[j]] += delta;
                    d.v[j] -= delta;
                } else {
                    self.minv[j] -= delta;
                }
            }
            j0 = j1;
            if d.col_row[j0] == 0 {
                break;
            }
        }
        loop {
            let j1 = self.way[j0];
            d.col_row[j0] = d.col_row[j1];
            j0 = j1;
            if j0 == 0 {
                break;
            }
        }
    }
}

/// Starts `d` from its goal potentials `v` for the costs `cost` (`n × n`, row-major): each
/// row's potential is its least reduced cost and each row takes the first free column it is
/// tight on. False, leaving `d` to a cold start, when the potentials have drifted so far
/// that the sums could overflow.
fn warm_start(d: &mut Duals, n: usize, cost: &[i32]) -> bool {
    const DRIFT: i32 = 1 << 28;
    let top = d.v[1..].iter().copied().max().unwrap_or(0);
    for v in &mut d.v[1..] {
        *v -= top;
    }
    if d.v[1..].iter().any(|&v| v < -DRIFT) {
        return false;
    }
    d.v[0] = 0;
    d.col_row.fill(0);
    for i in 1..=n {
        let row = &cost[(i - 1) * n..i * n];
        let u = row.iter().zip(&d.v[1..]).map(|(&c, &v)| c - v).min().unwrap_or(0);
        d.u[i] = u;
        if let Some(j) = (1..=n).find(|&j| d.col_row[j] == 0 && row[j - 1] - u - d.v[j] == 0) {
            d.col_row[j] = i;
        }
    }
    true
}

/// The cost of the assignment in `d`, [`INFINITE`] if it uses an unreachable pair.
fn total(d: &Duals, cost: impl Fn(usize, usize) -> i32) -> u32 {
    let mut sum = 0i32;
    for (j, &r) in d.col_row.iter().enumerate().skip(1) {
        let c = cost(r, j);
        if c >= BIG {
            return INFINITE;
        }
        sum += c;
    }
    sum as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Level;

    /// On a small board every finite matching is below the sentinel; on a room of 200 by
    /// 200 squares with 40 boxes it need not be.
    #[test]
    fn the_matching_is_exact_where_boxes_times_squares_stay_below_the_sentinel() {
        let rows = ["######", "#@$. #", "######"];
        assert!(Hungarian::exact_on(&Board::compile(&Level::from_rows(&rows).unwrap()).unwrap()));
        let wall = "#".repeat(202);
        let mut rows = vec![wall.clone()];
        for y in 0..200 {
            let inside = match y {
                0 => format!("@{}", " ".repeat(199)),
                1 => format!("{}{}", "$".repeat(40), " ".repeat(160)),
                3 => format!("{}{}", ".".repeat(40), " ".repeat(160)),
                _ => " ".repeat(200),
            };
            rows.push(format!("#{inside}#"));
        }
        rows.push(wall);
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let board = Board::compile(&Level::from_rows(&rows).unwrap()).unwrap();
        assert!(!Hungarian::exact_on(&board));
    }

    /// Every box moved to every square: the prepared O(n) update equals a fresh solve.
    #[test]
    fn removing_a_row_then_placing_it_equals_a_fresh_solve() {
        let levels = [
            // Open floor: every pair reachable.
            vec!["##########", "#@ $ $ $ #", "#  . . . #", "#        #", "##########"],
            // A corridor goal only reachable from one side, and dead corners: some
            // pairs are unreachable and some placements leave no perfect matching.
            vec!["#########", "#@ $  $ #", "# ##.## #", "#  $  . #", "###.#####", "  ###"],
        ];
        for rows in levels {
            let board = Board::compile(&Level::from_rows(&rows).unwrap()).unwrap();
            let dist =
                Distances::new(&board, &crate::solver::model::interrupt::Interrupt::default());
            let boxes = board.start_boxes().to_vec();
            let mut h = Hungarian::default();
            h.solve(&dist, &boxes);
            for index in 0..boxes.len() {
                h.remove_row(index);
                for to in 0..board.len() as Sq {
                    if boxes.contains(&to) {
                        continue;
                    }
                    let mut moved = boxes.clone();
                    moved[index] = to;
                    let mut fresh = Hungarian::default();
                    fresh.solve(&dist, &moved);
                    assert_eq!(h.cost_with_row_at(&dist, to), fresh.cost(), "box {index} to {to}");
                }
            }
        }
    }

    /// One workspace kept over a walk of positions (each box in turn moved to every
    /// square, as a search's consecutive expansions differ) answers as a fresh one: the
    /// warm start from the last potentials changes no optimum, nor the prepared updates.
    #[test]
    fn a_kept_workspace_solves_as_a_fresh_one() {
        let levels = [
            vec!["##########", "#@ $ $ $ #", "#  . . . #", "#        #", "##########"],
            vec!["#########", "#@ $  $ #", "# ##.## #", "#  $  . #", "###.#####", "  ###"],
        ];
        for rows in levels {
            let board = Board::compile(&Level::from_rows(&rows).unwrap()).unwrap();
            let dist =
                Distances::new(&board, &crate::solver::model::interrupt::Interrupt::default());
            let mut boxes = board.start_boxes().to_vec();
            let mut kept = Hungarian::default();
            let mut warm = 0;
            for index in 0..boxes.len() {
                for to in 0..board.len() as Sq {
                    if boxes.contains(&to) {
                        continue;
                    }
                    boxes[index] = to;
                    let mut sorted = boxes.clone();
                    sorted.sort_unstable();
                    warm += usize::from(kept.solved);
                    kept.solve(&dist, &sorted);
                    let mut fresh = Hungarian::default();
                    fresh.solve(&dist, &sorted);
                    assert_eq!(kept.cost(), fresh.cost(), "{sorted:?}");
                    for i in 0..sorted.len() {
                        kept.remove_row(i);
                        fresh.remove_row(i);
                        for to in 0..board.len() as Sq {
                            if !sorted.contains(&to) {
                                let want = fresh.cost_with_row_at(&dist, to);
                                assert_eq!(kept.cost_with_row_at(&dist, to), want);
                            }
                        }
                    }
                }
            }
            assert!(warm > 20, "the walk started warm {warm} times");
        }
    }
}
