//! Feature-space cells: the moves not yet played, grouped by the cell of the position they
//! start from, each group ordered by accumulated weight. Cells take turns in a ring; a cell
//! met for the first time goes to the front, so a new region of feature space is tried at
//! once (as Festival's search does), while a cell met before waits its turn at the back.

use crate::solver::algo::fess::features::Features;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, VecDeque};

/// A move waiting in a cell: accumulated weight, tie-break, the node it starts from and
/// its index in the move store. Smaller sorts first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Entry {
    /// Weight of the path to the position after the move.
    pub weight: u32,
    /// Among equal weights, smaller first.
    pub tie: u32,
    /// The node the move starts from.
    pub node: u32,
    /// The move's index in the search's move store.
    pub index: u32,
}

#[derive(Debug)]
struct Cell {
    features: Features,
    queue: BinaryHeap<Reverse<Entry>>,
    in_ring: bool,
    /// No move has been queued in it yet.
    new: bool,
}

/// Every cell met so far and the ring of those with moves waiting.
#[derive(Debug, Default)]
pub struct Cells {
    index: HashMap<Features, u32>,
    cells: Vec<Cell>,
    ring: VecDeque<u32>,
    waiting: usize,
}

impl Cells {
    /// The cell of `features`, created if new.
    pub fn cell_of(&mut self, features: Features) -> u32 {
        *self.index.entry(features).or_insert_with(|| {
            self.cells.push(Cell { features, queue: BinaryHeap::new(), in_ring: false, new: true });
            (self.cells.len() - 1) as u32
        })
    }

    /// Makes room in `cell` for `more` entries (so that their memory can be counted before
    /// it is filled).
    pub fn reserve(&mut self, cell: u32, more: usize) {
        self.cells[cell as usize].queue.reserve(more);
    }

    /// Queues `entry` in cell `cell`; a cell given its first move takes the next turn.
    pub fn push(&mut self, cell: u32, entry: Entry) {
        let c = &mut self.cells[cell as usize];
        c.queue.push(Reverse(entry));
        self.waiting += 1;
        if !c.in_ring {
            c.in_ring = true;
            if c.new {
                self.ring.push_front(cell);
            } else {
                self.ring.push_back(cell);
            }
        }
        c.new = false;
    }

    /// The next cell in turn that has moves waiting (it leaves the ring until
    /// [`Cells::rejoin`]).
    pub fn take_turn(&mut self) -> Option<u32> {
        let cell = self.ring.pop_front()?;
        self.cells[cell as usize].in_ring = false;
        Some(cell)
    }

    /// Whether `cell` has moves waiting (none before the cells are made).
    pub fn has_waiting(&self, cell: u32) -> bool {
        self.cells.get(cell as usize).is_some_and(|c| !c.queue.is_empty())
    }

    /// Puts `cell` back at the end of the ring if it still has moves waiting.
    pub fn rejoin(&mut self, cell: u32) {
        let c = &mut self.cells[cell as usize];
        if !c.queue.is_empty() && !c.in_ring {
            c.in_ring = true;
            self.ring.push_back(cell);
        }
    }

    /// Takes the lightest move of `cell`.
    pub fn pop(&mut self, cell: u32) -> Option<Entry> {
        let e = self.cells[cell as usize].queue.pop()?.0;
        self.waiting -= 1;
        Some(e)
    }

    /// The cell whose turn in the ring is next.
    pub fn next_in_ring(&self) -> Option<u32> {
        self.ring.front().copied()
    }

    /// Up to `k` lightest moves of `cell`, lightest first.
    pub fn upcoming(&self, cell: Option<u32>, k: usize) -> Vec<Entry> {
        let Some(cell) = cell else { return Vec::new() };
        let mut all: Vec<Entry> = self.cells[cell as usize].queue.iter().map(|r| r.0).collect();
        all.sort_unstable();
        all.truncate(k);
        all
    }

    /// The features of cell `cell`.
    pub fn features(&self, cell: u32) -> Features {
        self.cells[cell as usize].features
    }

    /// Number of cells met.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Moves waiting in all cells.
    pub fn waiting(&self) -> usize {
        self.waiting
    }

    /// Bytes held (an estimate).
    pub fn memory(&self) -> usize {
        self.cells.iter().map(|c| c.queue.capacity() * std::mem::size_of::<Entry>()).sum::<usize>()
            + self.cells.capacity() * std::mem::size_of::<Cell>()
            + self.index.capacity() * 16
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(weight: u32, node: u32) -> Entry {
        Entry { weight, tie: 0, node, index: node }
    }

    #[test]
    fn cells_take_turns_and_give_their_lightest_move() {
        let mut cells = Cells::default();
        let a = cells.cell_of(Features { packed: 0, connectivity: 1, ..Features::default() });
        let b = cells.cell_of(Features { packed: 1, connectivity: 1, ..Features::default() });
        assert_eq!(
            cells.cell_of(Features { packed: 0, connectivity: 1, ..Features::default() }),
            a
        );
        cells.push(a, entry(3, 1));
        cells.push(a, entry(1, 2));
        assert_eq!(cells.next_in_ring(), Some(a));
        cells.push(b, entry(5, 3));
        assert_eq!(cells.waiting(), 3);
        assert_eq!(cells.next_in_ring(), Some(b), "a new cell goes before the ring");
        assert_eq!(cells.upcoming(Some(a), 5), vec![entry(1, 2), entry(3, 1)]);
        assert!(cells.has_waiting(b));
        assert_eq!(cells.take_turn(), Some(b));
        assert_eq!(cells.pop(b), Some(entry(5, 3)));
        cells.rejoin(b);
        assert_eq!(cells.take_turn(), Some(a), "the other cell's turn");
        assert_eq!(cells.pop(a), Some(entry(1, 2)));
        cells.rejoin(a);
        cells.push(b, entry(7, 4));
        assert_eq!(cells.next_in_ring(), Some(a), "a cell met before waits its turn");
        assert_eq!(cells.take_turn(), Some(a));
        assert_eq!(cells.pop(a), Some(entry(3, 1)));
        cells.rejoin(a);
        assert_eq!(cells.take_turn(), Some(b));
        assert_eq!(cells.pop(b), Some(entry(7, 4)));
        cells.rejoin(b);
        assert_eq!(cells.take_turn(), None);
        assert_eq!(cells.waiting(), 0);
    }
}
