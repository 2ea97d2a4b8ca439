//! Best-first search on an open list ordered by a priority: A* (g + h, push-optimal with an
//! admissible bound), weighted A* (g + w·h) and greedy best-first (h alone).
//!
//! Ties go to the lower h, then to the newer node. A* tests for the goal when a node is
//! taken from the open list and re-opens nodes reached with fewer pushes, so it stays
//! optimal even where the bound is not consistent; the other two test when a child is
//! generated and never re-open an expanded node.

use crate::solver::model::table::{NodeId, NodeInfo};
use crate::solver::search::core::{Algorithm, Core};
use crate::solver::search::expand::Expander;
use crate::solver::search::step::Flow;
use crate::solver::search::{NodeView, Observer, Progress};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// How the open list is ordered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Priority {
    /// f = g + h.
    AStar,
    /// f = g + w·h.
    Weighted(u32),
    /// f = h.
    Greedy,
}

impl Priority {
    /// The priority of a node.
    #[inline]
    pub fn f(self, info: &NodeInfo) -> u32 {
        match self {
            Priority::AStar => info.g + info.h,
            Priority::Weighted(w) => info.g.saturating_add(w.saturating_mul(info.h)),
            Priority::Greedy => info.h,
        }
    }
}

/// Open-list entry: priority, bound, and the node id inverted so newer nodes come first.
/// Entries that tie are copies of one entry, taken in either order alike: the order the
/// open list gives depends on its entries alone.
type Entry = Reverse<(u32, u32, Reverse<NodeId>)>;

/// Not taken, or no earlier entry.
const NONE: u32 = u32::MAX;

/// Every entry put on the open list, kept when the search keeps marks, to rebuild the
/// open list of a mark: the entries pushed before it and not taken before it.
#[derive(Debug, Default)]
struct OpenLog {
    /// Each entry, when it was taken (the entries taken before it; [`NONE`] while it
    /// waits) and the node's entry before it ([`NONE`] for its first).
    entries: Vec<(Entry, u32, u32)>,
    /// Per node, its latest entry ([`NONE`] for none).
    latest: Vec<u32>,
}

impl OpenLog {
    fn pushed(&mut self, entry: Entry) {
        let Reverse((.., Reverse(id))) = entry;
        let id = id as usize;
        if self.latest.len() <= id {
            self.latest.resize(id + 1, NONE);
        }
        let index = self.entries.len() as u32;
        self.entries.push((entry, NONE, self.latest[id]));
        self.latest[id] = index;
    }

    /// Marks a waiting copy of `entry` taken, the `taken`-th entry taken.
    fn taken(&mut self, entry: Entry, taken: u32) {
        let Reverse((.., Reverse(id))) = entry;
        let mut i = self.latest[id as usize];
        while i != NONE {
            let (e, when, before) = &mut self.entries[i as usize];
            if *e == entry && *when == NONE {
                *when = taken;
                return;
            }
            i = *before;
        }
        debug_assert!(false, "an entry taken was pushed");
    }

    /// Forgets the entries after the first `pushed` and the takings after the first
    /// `taken`: the entries left waiting, to rebuild the open list from.
    fn rewind(&mut self, pushed: usize, taken: u32) -> Vec<Entry> {
        for &(Reverse((.., Reverse(id))), _, before) in self.entries[pushed..].iter().rev() {
            self.latest[id as usize] = before;
        }
        self.entries.truncate(pushed);
        let mut open = Vec::new();
        for (entry, when, _) in &mut self.entries {
            if *when == NONE || *when >= taken {
                *when = NONE;
                open.push(*entry);
            }
        }
        open
    }

    fn memory(&self) -> usize {
        self.entries.capacity() * std::mem::size_of::<(Entry, u32, u32)>()
            + self.latest.capacity() * 4
    }
}

/// Best-first search state.
#[derive(Debug)]
pub(crate) struct BestFirst<O: Observer> {
    core: Core<O>,
    priority: Priority,
    admissible: bool,
    open: BinaryHeap<Entry>,
    /// Entries pushed so far.
    pushed: u32,
    /// Entries taken so far.
    taken: u32,
    /// When the search keeps marks: every entry pushed and when it was taken.
    log: Option<OpenLog>,
    /// Scratch: the children of an expansion to put on the open list, with f and h.
    queued: Vec<(NodeId, u32, u32)>,
}

impl<O: Observer> BestFirst<O> {
    /// A search from the expander's start position ordered by `priority`.
    pub fn new(expander: Expander, priority: Priority, observer: O) -> Self {
        let admissible = expander.lower_bound().admissible();
        let core = Core::new(expander, observer);
        let mut search = BestFirst {
            core,
            priority,
            admissible,
            open: BinaryHeap::new(),
            pushed: 0,
            taken: 0,
            log: None,
            queued: Vec::new(),
        };
        if search.core.done.is_none() {
            let root = search.core.nodes.info(0);
            search.push(0, priority.f(root), root.h);
        }
        search
    }

    /// Puts node `id` on the open list with priority `f` and bound `h`.
    fn push(&mut self, id: NodeId, f: u32, h: u32) {
        let entry = Reverse((f, h, Reverse(id)));
        self.pushed += 1;
        self.open.push(entry);
        if let Some(log) = &mut self.log {
            log.pushed(entry);
        }
    }
}

impl<O: Observer> Algorithm for BestFirst<O> {
    type Trace = O;

    fn core(&self) -> &Core<O> {
        &self.core
    }

    fn core_mut(&mut self) -> &mut Core<O> {
        &mut self.core
    }

    /// Takes the best entry of the open list: a stale one is dropped, a goal ends the
    /// search (A* tests the goal when it takes a node), any other node is expanded.
    fn advance(&mut self) -> Flow {
        let priority = self.priority;
        let reopen = priority == Priority::AStar;
        let Some(entry) = self.open.pop() else {
            return Flow::End(Progress::Exhausted { complete: true });
        };
        if let Some(log) = &mut self.log {
            log.taken(entry, self.taken);
        }
        self.taken += 1;
        let Reverse((f, _, Reverse(id))) = entry;
        let info = *self.core.nodes.info(id);
        if priority.f(&info) != f || (!reopen && info.closed) {
            return Flow::Go;
        }
        if reopen && self.core.problem().is_solved(self.core.nodes.state(id)) {
            return Flow::End(Progress::Solved(id));
        }
        self.core.expanding(id, f);
        self.core.close(id);
        self.core.stats.bound = f;
        self.core.expand(id, true);
        let mut queued = std::mem::take(&mut self.queued);
        let found = self.core.absorb(
            id,
            |i| priority.f(i),
            |child, info, improved| {
                if reopen || !(improved && info.closed) {
                    queued.push((child, priority.f(info), info.h));
                }
                !reopen
            },
        );
        for &(child, f, h) in &queued {
            self.push(child, f, h);
        }
        queued.clear();
        self.queued = queued;
        self.core.stats.open = self.open.len() as u64;
        match found {
            Some(goal) => Flow::End(Progress::Solved(goal)),
            None => Flow::Go,
        }
    }

    fn own_memory(&self) -> usize {
        self.open.capacity() * std::mem::size_of::<Entry>()
            + self.log.as_ref().map_or(0, OpenLog::memory)
    }

    fn optimal(&self) -> bool {
        self.priority == Priority::AStar && self.admissible
    }

    /// Walks the heap's array from the root, best entry first, so the cost grows with `k`
    /// (and the stale entries met on the way), not with the size of the open list.
    fn frontier(&self, k: usize) -> Vec<NodeView> {
        let heap = self.open.as_slice();
        let mut out: Vec<NodeView> = Vec::with_capacity(k);
        let mut next: BinaryHeap<(Entry, usize)> = BinaryHeap::new();
        if let Some(&root) = heap.first() {
            next.push((root, 0));
        }
        while let Some((Reverse((f, _, Reverse(id))), i)) = next.pop() {
            if out.len() == k {
                break;
            }
            let info = self.core.nodes.info(id);
            let live = self.priority.f(info) == f
                && !(self.priority != Priority::AStar && info.closed)
                && !out.iter().any(|v| v.id == id);
            if live {
                out.push(self.core.node_view(id, f));
            }
            for child in [2 * i + 1, 2 * i + 2] {
                if let Some(&entry) = heap.get(child) {
                    next.push((entry, child));
                }
            }
        }
        out
    }

    fn f(&self, _: NodeId, info: &NodeInfo) -> u32 {
        self.priority.f(info)
    }

    fn frontier_mark(&self) -> Option<[u64; 2]> {
        Some([u64::from(self.pushed), u64::from(self.taken)])
    }

    /// Logs the open list from now on, from the entries on it (the start's).
    fn log_frontier(&mut self) {
        let mut log = OpenLog::default();
        debug_assert_eq!(self.taken, 0, "before the first expansion");
        self.open.iter().for_each(|&entry| log.pushed(entry));
        self.log = Some(log);
    }

    /// Rebuilds the open list from the entries pushed before the mark and not yet taken
    /// then (the order it gives them in depends on the entries alone).
    fn rewind_frontier(&mut self, [pushed, taken]: [u64; 2]) {
        let Some(log) = &mut self.log else { return };
        let (pushed, taken) = (pushed as u32, taken as u32);
        self.open = BinaryHeap::from(log.rewind(pushed as usize, taken));
        (self.pushed, self.taken) = (pushed, taken);
    }
}
