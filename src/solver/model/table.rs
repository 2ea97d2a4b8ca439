//! The node store and transposition table shared by the graph searches.
//!
//! Nodes live in flat arrays (struct of arrays): the state words, the hash, the parent and
//! the push that led here, the push count `g` and lower bound `h`. The table maps a state
//! to its node by open addressing on the Zobrist hash, comparing full states, so hash
//! collisions never merge two different positions.

use crate::solver::model::board::Sq;

/// Index of a node in a [`Nodes`] store.
pub type NodeId = u32;

/// The push that created a node: the box's square before the push and the direction index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Push {
    /// The box's square before the push.
    pub from: Sq,
    /// Direction index (see [`crate::solver::model::board::dir_index`]).
    pub dir: u8,
}

/// Per-node bookkeeping.
#[derive(Clone, Copy, Debug)]
pub struct NodeInfo {
    /// The node this one was reached from (itself for the root).
    pub parent: NodeId,
    /// The push from the parent.
    pub push: Push,
    /// Pushes from the root.
    pub g: u32,
    /// Lower bound (or estimate) of the pushes still needed.
    pub h: u32,
    /// Whether the node has been expanded (for searches that track it).
    pub closed: bool,
}

/// Every stored node and a hash table to find a state's node.
#[derive(Debug)]
pub struct Nodes {
    stride: usize,
    states: Vec<u64>,
    hashes: Vec<u64>,
    info: Vec<NodeInfo>,
    /// Open-addressing slots: a node id in the low half, the top of its hash in the high
    /// half (so most mismatches are refused without touching the node). An entry may name
    /// a node removed by [`Nodes::rewind`]: it matches nothing until that id is stored again.
    slots: Vec<u64>,
    /// Slots in use, entries of removed nodes included.
    occupied: usize,
}

const EMPTY: u64 = u64::MAX;

/// The slot for node `id` with hash `hash`.
#[inline]
fn slot(id: NodeId, hash: u64) -> u64 {
    (hash & 0xFFFF_FFFF_0000_0000) | u64::from(id)
}

/// What [`Nodes::insert`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Insert {
    /// The state was new and now has this node.
    New(NodeId),
    /// The state was already stored as this node.
    Known(NodeId),
}

impl Nodes {
    /// An empty store for states of `stride` words.
    pub fn new(stride: usize) -> Self {
        Nodes {
            stride,
            states: Vec::new(),
            hashes: Vec::new(),
            info: Vec::new(),
            slots: vec![EMPTY; 1024],
            occupied: 0,
        }
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.info.len()
    }

    /// The state words of node `id`.
    #[inline]
    pub fn state(&self, id: NodeId) -> &[u64] {
        let i = id as usize * self.stride;
        &self.states[i..i + self.stride]
    }

    /// The node's bookkeeping.
    #[inline]
    pub fn info(&self, id: NodeId) -> &NodeInfo {
        &self.info[id as usize]
    }

    /// Mutable bookkeeping.
    #[inline]
    pub fn info_mut(&mut self, id: NodeId) -> &mut NodeInfo {
        &mut self.info[id as usize]
    }

    /// The node's hash.
    #[inline]
    pub fn hash(&self, id: NodeId) -> u64 {
        self.hashes[id as usize]
    }

    /// Finds the node of `state`, if stored.
    pub fn find(&self, state: &[u64], hash: u64) -> Option<NodeId> {
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        let tag = hash & 0xFFFF_FFFF_0000_0000;
        loop {
            let entry = self.slots[i];
            if entry == EMPTY {
                return None;
            }
            let id = entry as NodeId;
            if entry & 0xFFFF_FFFF_0000_0000 == tag
                && (id as usize) < self.info.len()
                && self.state(id) == state
            {
                return Some(id);
            }
            i = (i + 1) & mask;
        }
    }

    /// Stores `state` with `info` unless it is already stored.
    pub fn insert(&mut self, state: &[u64], hash: u64, info: NodeInfo) -> Insert {
        if let Some(id) = self.find(state, hash) {
            return Insert::Known(id);
        }
        if (self.occupied + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let id = self.info.len() as NodeId;
        self.states.extend_from_slice(state);
        self.hashes.push(hash);
        self.info.push(info);
        self.place(id);
        Insert::New(id)
    }

    /// Removes every node, keeping the allocations.
    pub fn clear(&mut self) {
        self.states.clear();
        self.hashes.clear();
        self.info.clear();
        self.slots.fill(EMPTY);
        self.occupied = 0;
    }

    /// Removes every node with an id at or above `len` at once, leaving their table
    /// entries in place (a search going back to an earlier expansion: re-run from there,
    /// it stores the same states under the same ids, and each finds its entry again).
    pub fn rewind(&mut self, len: usize) {
        if len < self.info.len() {
            self.states.truncate(len * self.stride);
            self.hashes.truncate(len);
            self.info.truncate(len);
        }
    }

    /// Removes every node with an id at or above `len` (the table is rebuilt only when
    /// nodes were removed); used by the depth-first searches for their path.
    pub fn truncate(&mut self, len: usize) {
        if len >= self.info.len() {
            return;
        }
        for id in len..self.info.len() {
            self.unplace(id as NodeId);
        }
        self.states.truncate(len * self.stride);
        self.hashes.truncate(len);
        self.info.truncate(len);
    }

    fn place(&mut self, id: NodeId) {
        let mask = self.slots.len() - 1;
        let hash = self.hashes[id as usize];
        let mut i = hash as usize & mask;
        while self.slots[i] != EMPTY {
            if self.slots[i] == slot(id, hash) {
                return; // the entry of a node removed by `rewind` and stored again
            }
            i = (i + 1) & mask;
        }
        self.slots[i] = slot(id, hash);
        self.occupied += 1;
    }

    /// Removes `id` from the slots, keeping linear-probing chains intact.
    fn unplace(&mut self, id: NodeId) {
        let mask = self.slots.len() - 1;
        let hash = self.hashes[id as usize];
        let mut i = hash as usize & mask;
        while self.slots[i] != slot(id, hash) {
            i = (i + 1) & mask;
        }
        self.slots[i] = EMPTY;
        self.occupied -= 1;
        let mut j = (i + 1) & mask;
        while self.slots[j] != EMPTY {
            let other = self.slots[j] as NodeId;
            self.slots[j] = EMPTY;
            self.occupied -= 1;
            if (other as usize) < self.info.len() {
                self.place(other);
            }
            j = (j + 1) & mask;
        }
    }

    /// Rebuilds the table without the entries of removed nodes, twice as large when the
    /// stored nodes alone fill a quarter of it.
    fn grow(&mut self) {
        let mut size = self.slots.len();
        if (self.info.len() + 1) * 4 > size {
            size *= 2;
        }
        self.slots = vec![EMPTY; size];
        self.occupied = 0;
        for id in 0..self.info.len() as NodeId {
            self.place(id);
        }
    }

    /// Bytes held by the store (states, hashes, bookkeeping, table).
    pub fn memory(&self) -> usize {
        self.states.capacity() * 8
            + self.hashes.capacity() * 8
            + self.info.capacity() * std::mem::size_of::<NodeInfo>()
            + self.slots.capacity() * 8
    }

    /// The nodes from the root to `id`, root first.
    pub fn path(&self, id: NodeId) -> Vec<NodeId> {
        let mut path = vec![id];
        let mut cur = id;
        while self.info(cur).parent != cur {
            cur = self.info(cur).parent;
            path.push(cur);
        }
        path.reverse();
        path
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info() -> NodeInfo {
        NodeInfo { parent: 0, push: Push { from: 0, dir: 0 }, g: 0, h: 0, closed: false }
    }

    #[test]
    fn equal_hashes_keep_different_states_apart() {
        let mut n = Nodes::new(2);
        assert_eq!(n.insert(&[1, 0], 7, info()), Insert::New(0));
        assert_eq!(n.insert(&[2, 0], 7, info()), Insert::New(1));
        assert_eq!(n.insert(&[1, 0], 7, info()), Insert::Known(0));
        assert_eq!(n.find(&[2, 0], 7), Some(1));
        for k in 0..5000u64 {
            n.insert(&[k + 10, 1], k * 31, info());
        }
        assert_eq!(n.find(&[2, 0], 7), Some(1));
        n.truncate(2);
        assert_eq!(n.find(&[15, 1], 5 * 31), None);
        assert_eq!(n.find(&[1, 0], 7), Some(0));
        assert_eq!(n.len(), 2);
    }

    #[test]
    fn a_store_gone_back_finds_only_its_nodes_and_stores_the_same_ones_again() {
        let mut n = Nodes::new(1);
        for k in 0..3000u64 {
            n.insert(&[k], k.wrapping_mul(0x9E37_79B9_7F4A_7C15), info());
        }
        n.rewind(1000);
        assert_eq!(n.len(), 1000);
        assert_eq!(n.find(&[1500], 1500u64.wrapping_mul(0x9E37_79B9_7F4A_7C15)), None);
        assert_eq!(n.find(&[999], 999u64.wrapping_mul(0x9E37_79B9_7F4A_7C15)), Some(999));
        // Stored again in the same order, each node finds its old entry: the table holds
        // no more entries than before.
        let occupied = n.occupied;
        for k in 1000..3000u64 {
            assert_eq!(
                n.insert(&[k], k.wrapping_mul(0x9E37_79B9_7F4A_7C15), info()),
                Insert::New(k as u32)
            );
        }
        assert_eq!(n.occupied, occupied);
        // Other states under the removed ids: the old entries match none of them.
        n.rewind(1000);
        for k in 5000..20_000u64 {
            n.insert(&[k], k.wrapping_mul(0x9E37_79B9_7F4A_7C15), info());
        }
        assert_eq!(n.find(&[2000], 2000u64.wrapping_mul(0x9E37_79B9_7F4A_7C15)), None);
        assert_eq!(n.find(&[6000], 6000u64.wrapping_mul(0x9E37_79B9_7F4A_7C15)), Some(2000));
        assert!(n.occupied * 2 <= n.slots.len(), "stale entries are purged as the table fills");
    }
}
