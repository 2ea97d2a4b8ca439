//! Depth-first searches on an explicit, resumable stack: depth-limited DFS, iterative
//! deepening (limit 0, 1, 2, … pushes) and IDA* (limit on g + h, raised to the least value
//! that exceeded it). Children are tried in order of increasing lower bound.
//!
//! A transposition table of full states skips a position already reached in the current
//! iteration with no more pushes (so hash collisions can never cut a branch). The node store
//! holds only the current path.

use crate::solver::model::table::{Insert, NodeId, NodeInfo, Nodes, Push};
use crate::solver::search::core::{Algorithm, Core};
use crate::solver::search::expand::Expander;
use crate::solver::search::step::Flow;
use crate::solver::search::{ChildView, NodeView, Observer, Progress, Verdict};

/// What limits each iteration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// One depth-first pass, cut at this many pushes.
    Depth(u32),
    /// Iterative deepening on the push count.
    Deepening,
    /// IDA*: iterative deepening on g + h.
    Cost,
}

#[derive(Clone, Copy, Debug)]
struct Pending {
    push: Push,
    hash: u64,
    h: u32,
    solved: bool,
}

/// One level of the stack: a node's children still to try.
#[derive(Debug, Default)]
struct Frame {
    children: Vec<Pending>,
    states: Vec<u64>,
    next: usize,
}

/// Depth-first search state.
#[derive(Debug)]
pub(crate) struct DepthFirst<O: Observer> {
    core: Core<O>,
    limit_kind: Limit,
    admissible: bool,
    limit: u32,
    next_limit: u32,
    cut: bool,
    frames: Vec<Frame>,
    depth: usize,
    /// The transposition table: every position of this iteration with its least `g`.
    seen: Nodes,
}

impl<O: Observer> DepthFirst<O> {
    /// A search from the expander's start position.
    pub fn new(expander: Expander, limit_kind: Limit, observer: O) -> Self {
        let admissible = expander.lower_bound().admissible();
        let stride = expander.problem.stride;
        let core = Core::new(expander, observer);
        let limit = match limit_kind {
            Limit::Depth(d) => d,
            Limit::Deepening => 0,
            Limit::Cost => core.nodes.info(0).h,
        };
        let mut search = DepthFirst {
            core,
            limit_kind,
            admissible,
            limit,
            next_limit: u32::MAX,
            cut: false,
            frames: Vec::new(),
            depth: 0,
            seen: Nodes::new(stride),
        };
        if search.core.done.is_none() {
            search.start_iteration();
            search.count();
        }
        search
    }

    /// Puts the children waiting on the path and the positions seen in the counters.
    fn count(&mut self) {
        self.core.stats.open =
            self.frames[..self.depth].iter().map(|f| (f.children.len() - f.next) as u64).sum();
        self.core.stats.closed = self.seen.len() as u64;
    }

    fn priority(&self, g: u32, h: u32) -> u32 {
        if self.limit_kind == Limit::Cost { g + h } else { g }
    }

    fn start_iteration(&mut self) {
        self.core.nodes.truncate(1);
        self.seen.clear();
        let root = *self.core.nodes.info(0);
        self.seen.insert(self.core.nodes.state(0), self.core.nodes.hash(0), root);
        self.cut = false;
        self.next_limit = u32::MAX;
        self.depth = 0;
        self.core.stats.bound = self.limit;
        self.open_frame(0);
    }

    /// Expands node `id` (the top of the path) into a new frame.
    fn open_frame(&mut self, id: NodeId) {
        let info = *self.core.nodes.info(id);
        self.core.expanding(id, self.priority(info.g, info.h));
        self.core.expand(id, false);
        if self.frames.len() <= self.depth {
            self.frames.push(Frame::default());
        }
        let g = self.core.nodes.info(id).g + 1;
        let frame = &mut self.frames[self.depth];
        frame.children.clear();
        frame.states.clear();
        frame.next = 0;
        let children = &self.core.expander.children;
        let mut order: Vec<usize> = (0..children.len()).collect();
        order.sort_by_key(|&i| children[i].h);
        // Every child is judged here, so that the expansion shows all of them with their
        // verdicts: pruned, over the bound (the limit holds for the whole iteration), seen
        // already this iteration with no more pushes (the table's entries only ever get
        // fewer pushes, so such a child would be a duplicate when its turn came), or kept on
        // the stack, to be tried in turn.
        for i in order {
            let c = self.core.expander.children[i];
            if let Some(reason) = c.pruned {
                self.core.pruned(|core| core.push_view(c.push), g, c.h, (reason, c.pattern));
                continue;
            }
            let f = if self.limit_kind == Limit::Cost { g + c.h } else { g };
            let state = self.core.expander.child_state(i);
            let verdict = if f > self.limit {
                self.cut = true;
                self.next_limit = self.next_limit.min(f);
                Verdict::OverBound
            } else if self.seen.find(state, c.hash).is_some_and(|old| self.seen.info(old).g <= g) {
                self.core.stats.duplicates += 1;
                Verdict::Duplicate
            } else {
                let frame = &mut self.frames[self.depth];
                frame.children.push(Pending {
                    push: c.push,
                    hash: c.hash,
                    h: c.h,
                    solved: c.solved,
                });
                frame.states.extend_from_slice(state);
                Verdict::Kept
            };
            if O::ENABLED {
                let push = self.core.push_view(c.push);
                let (node, pattern) = (None, None);
                let child = ChildView { push, node, g, h: c.h, f, verdict, pattern };
                self.core.observer.child(child);
            }
        }
        self.depth += 1;
    }

    /// Takes the next child of the top frame (or leaves an exhausted frame); returns the
    /// child's node if it is a goal.
    fn next_child(&mut self) -> Option<NodeId> {
        let top = self.depth - 1;
        let parent = top as NodeId;
        let frame = &mut self.frames[top];
        if frame.next == frame.children.len() {
            self.depth -= 1;
            self.core.nodes.truncate(self.depth.max(1));
            return None;
        }
        let i = frame.next;
        frame.next += 1;
        let c = frame.children[i];
        let stride = self.core.expander.problem.stride;
        let g = self.core.nodes.info(parent).g + 1;
        // Over the bound and seen before were judged when the node was expanded (and shown
        // then); a child kept may have been reached by a sibling's subtree since, and is
        // then counted a duplicate now.
        debug_assert!(self.priority(g, c.h) <= self.limit);
        let state = &self.frames[top].states[i * stride..(i + 1) * stride];
        let info = NodeInfo { parent, push: c.push, g, h: c.h, closed: false };
        let duplicate = match self.seen.insert(state, c.hash, info) {
            Insert::New(_) => false,
            Insert::Known(old) if self.seen.info(old).g <= g => true,
            Insert::Known(old) => {
                self.seen.info_mut(old).g = g;
                false
            }
        };
        let id = match duplicate {
            false => match self.core.nodes.insert(state, c.hash, info) {
                Insert::New(n) => Some(n),
                Insert::Known(_) => None,
            },
            true => None,
        };
        let Some(id) = id else {
            self.core.stats.duplicates += 1;
            if O::ENABLED {
                let push = self.core.push_view(c.push);
                let f = self.priority(g, c.h);
                let (verdict, node, pattern) = (Verdict::Duplicate, None, None);
                let child = ChildView { push, node, g, h: c.h, f, verdict, pattern };
                self.core.observer.tried(child);
            }
            return None;
        };
        self.core.stats.depth = self.core.stats.depth.max(g);
        if c.solved {
            return Some(id);
        }
        self.open_frame(id);
        None
    }
}

impl<O: Observer> Algorithm for DepthFirst<O> {
    type Trace = O;

    fn core(&self) -> &Core<O> {
        &self.core
    }

    fn core_mut(&mut self) -> &mut Core<O> {
        &mut self.core
    }

    /// Takes the next child of the deepest node; at the end of an iteration, starts the
    /// next with a larger limit (or ends).
    fn advance(&mut self) -> Flow {
        if self.depth == 0 {
            let complete = !self.cut;
            match self.limit_kind {
                _ if !self.cut => return Flow::End(Progress::Exhausted { complete }),
                Limit::Depth(_) => return Flow::End(Progress::Exhausted { complete }),
                Limit::Deepening => self.limit += 1,
                Limit::Cost => self.limit = self.next_limit,
            }
            self.start_iteration();
            return Flow::Go;
        }
        if let Some(goal) = self.next_child() {
            return Flow::End(Progress::Solved(goal));
        }
        self.count();
        Flow::Go
    }

    fn own_memory(&self) -> usize {
        let frames: usize =
            self.frames.iter().map(|f| f.states.capacity() * 8 + f.children.capacity() * 24).sum();
        frames + self.seen.memory()
    }

    fn optimal(&self) -> bool {
        match self.limit_kind {
            Limit::Depth(_) => false,
            Limit::Deepening => true,
            Limit::Cost => self.admissible,
        }
    }

    fn frontier(&self, k: usize) -> Vec<NodeView> {
        let Some(top) = self.depth.checked_sub(1) else { return Vec::new() };
        let frame = &self.frames[top];
        let g = self.core.nodes.info(top as NodeId).g + 1;
        frame.children[frame.next..]
            .iter()
            .take(k)
            .map(|c| NodeView {
                id: NodeId::MAX,
                g,
                h: c.h,
                f: self.priority(g, c.h),
                push: Some(self.core.push_view(c.push)),
            })
            .collect()
    }

    fn f(&self, _: NodeId, info: &NodeInfo) -> u32 {
        self.priority(info.g, info.h)
    }
}
