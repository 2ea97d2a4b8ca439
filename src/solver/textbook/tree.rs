//! The node store of the textbook searches: one node per stored path end, so the same
//! state may be stored twice (the book's open list may hold it twice).

use crate::solver::model::table::NodeId;

/// A stored node.
#[derive(Clone, Debug)]
pub struct Node<S, M> {
    /// Its state.
    pub state: S,
    /// The node it was generated from (itself for the start).
    pub parent: NodeId,
    /// The move from the parent (none for the start).
    pub mv: Option<M>,
    /// Cost from the start.
    pub g: u32,
    /// Estimate of the cost still to pay.
    pub h: u32,
    /// Moves from the start.
    pub depth: u32,
}

/// The stored nodes; node 0 is the start.
#[derive(Clone, Debug)]
pub struct Tree<S, M> {
    nodes: Vec<Node<S, M>>,
}

impl<S, M> Tree<S, M> {
    /// A tree holding the start state alone.
    pub fn new(start: S, h: u32) -> Self {
        Tree { nodes: vec![Node { state: start, parent: 0, mv: None, g: 0, h, depth: 0 }] }
    }

    /// Stores a child of `parent` and returns its id.
    pub fn add(&mut self, parent: NodeId, state: S, mv: M, cost: u32, h: u32) -> NodeId {
        let p = &self.nodes[parent as usize];
        let (g, depth) = (p.g.saturating_add(cost), p.depth + 1);
        self.nodes.push(Node { state, parent, mv: Some(mv), g, h, depth });
        (self.nodes.len() - 1) as NodeId
    }

    /// Node `id`. Panics on an id not handed out (or truncated away).
    pub fn node(&self, id: NodeId) -> &Node<S, M> {
        &self.nodes[id as usize]
    }

    /// Node `id`, if stored.
    pub fn get(&self, id: NodeId) -> Option<&Node<S, M>> {
        self.nodes.get(id as usize)
    }

    /// How many nodes are stored.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Always false: the start is always stored.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Forgets every node from `len` on (depth-first searches drop finished subtrees).
    pub fn truncate(&mut self, len: usize) {
        self.nodes.truncate(len.max(1));
    }

    /// The nodes from the start to `id`, start first (empty for an unknown id).
    pub fn path(&self, id: NodeId) -> Vec<NodeId> {
        if self.get(id).is_none() {
            return Vec::new();
        }
        let mut path = vec![id];
        let mut at = id;
        while at != 0 {
            at = self.nodes[at as usize].parent;
            path.push(at);
        }
        path.reverse();
        path
    }

    /// The moves from the start to `id`, in order.
    pub fn moves_to(&self, id: NodeId) -> Vec<M>
    where
        M: Clone,
    {
        let path = self.path(id);
        path.iter().skip(1).filter_map(|&n| self.nodes[n as usize].mv.clone()).collect()
    }

    /// Bytes the nodes take beyond their states' heap parts.
    pub fn memory(&self) -> usize {
        self.nodes.capacity() * std::mem::size_of::<Node<S, M>>()
    }
}
