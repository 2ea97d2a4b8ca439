//! What the inspector sees of FESS: a node's priority is the weight of its path, its
//! features and cell are listed beside g, h and f, and the frontier is the lightest moves
//! of the cell whose turn is next (moves not played yet, so not stored nodes).

use super::Fess;
use crate::level::{Dir, Pos};
use crate::solver::model::table::{NodeId, NodeInfo};
use crate::solver::search::core::{Algorithm, Core};
use crate::solver::search::step::Flow;
use crate::solver::search::{NodeView, Observer};

impl<O: Observer> Algorithm for Fess<O> {
    type Trace = O;

    fn core(&self) -> &Core<O> {
        &self.core
    }

    fn core_mut(&mut self) -> &mut Core<O> {
        &mut self.core
    }

    fn begin(&mut self, _budget: u64) {
        self.begin_step();
    }

    fn advance(&mut self) -> Flow {
        self.play_next()
    }

    fn own_memory(&self) -> usize {
        self.store.capacity() * std::mem::size_of::<super::Waiting>()
            + self.cells.memory()
            + (self.weight.capacity() + self.cell.capacity()) * 4
            + self.own.capacity() * std::mem::size_of::<super::features::Features>()
            + self.moves.capacity() * std::mem::size_of::<crate::solver::model::box_moves::Macro>()
            + self.candidates.capacity() * std::mem::size_of::<super::advisors::Candidate>()
            + self.plan.memory()
            + self.explorer.memory()
            + self.blockers.as_ref().map_or(0, |b| b.memory())
            + (self.entries.capacity() + self.subtree.capacity() + self.follow.capacity() * 4) * 4
            + self.dead.capacity()
            + self.perimeter.as_ref().map_or(0, |p| p.memory() / std::sync::Arc::strong_count(p))
    }

    fn optimal(&self) -> bool {
        false
    }

    fn tail(&self, id: NodeId) -> Vec<(Pos, Dir)> {
        Fess::tail(self, id)
    }

    /// The lightest moves of the cell whose turn is next (the best cell's or the ring's), as
    /// nodes not stored yet (`NodeId::MAX`), with the pushes their path will have and their
    /// weight as `f`.
    fn frontier(&self, k: usize) -> Vec<NodeView> {
        self.cells
            .upcoming(self.next_cell(), k)
            .into_iter()
            .map(|e| {
                let w = self.store[e.index as usize];
                let g = self.core.nodes.info(e.node).g + u32::from(w.m.pushes);
                let push = Some(self.core.macro_view(w.m));
                NodeView { id: NodeId::MAX, g, h: w.h, f: e.weight, push }
            })
            .collect()
    }

    fn f(&self, id: NodeId, _: &NodeInfo) -> u32 {
        self.weight[id as usize]
    }

    /// The node's features, its feature-space cell and that cell's features (the best of
    /// the node's path).
    fn node_features(&self, id: NodeId) -> Vec<(&'static str, u32)> {
        let Some(&cell) = self.cell.get(id as usize) else { return Vec::new() };
        let mut out = self.own[id as usize].named().to_vec();
        out.push(("cell", cell));
        out.push(("cell's packed", self.cells.features(cell).packed.into()));
        out.push(("cell's connectivity", self.cells.features(cell).connectivity.into()));
        out.push(("cells met", self.cells.len() as u32));
        out
    }
}
