//! Talking Stones (Van Lishout 2006, chapter 4 and its Scheme appendix): iterative
//! deepening on pushes whose success test is "solvable stone by stone"
//! ([`stone_by_stone`]); the solution is the path to the first position that passes,
//! followed by that position's stone-by-stone tail. With no deepening it is the pure
//! stone-by-stone protocol, run on the start position alone.
//!
//! As the thesis's program: no duplicate detection (a path may come back to a position);
//! each iteration re-tests every position from the root; the stones are listed in reverse
//! reading order and the stone just pushed moves to the front of the list; each stone's
//! pushes are tried left, right, up, down. The thesis's "generated nodes" are the
//! positions that failed the test, over all iterations (measure `failed tests`); the
//! search gives up when they reach the cap. Pruning is whatever the expander's judge does
//! (nothing, by default).
//!
//! Each child is tested when its parent is expanded, so that the inspector's children
//! table shows every verdict; a failure is counted when the child is visited, in the
//! thesis's order, so the count is the thesis's.

pub(crate) mod stone_by_stone;

use crate::level::{Dir, Pos};
use crate::solver::analysis::wall_order;
use crate::solver::model::board::Sq;
use crate::solver::model::state::boxes_of;
use crate::solver::model::table::{Insert, NodeId, NodeInfo, Push};
use crate::solver::search::core::{Algorithm, Core};
use crate::solver::search::expand::Expander;
use crate::solver::search::step::Flow;
use crate::solver::search::{ChildView, NodeView, Observer, Progress, StoneFailure, Verdict};
use stone_by_stone::{Failure, StoneTest};

/// The measure counting positions that failed the test (Table 4.1's "generated nodes").
pub const FAILED_TESTS: &str = "failed tests";
/// The measure giving the solution's prefix in stone moves (Table 4.1's depth).
pub const STONE_MOVES: &str = "stone moves";

/// Rank of a direction index (up, down, left, right) in the thesis's order L, R, U, D.
const DIR_RANK: [u8; 4] = [2, 3, 0, 1];

/// A child waiting on the stack, already tested.
#[derive(Clone, Debug)]
struct Pending {
    push: Push,
    hash: u64,
    test: Result<(), Failure>,
}

/// One level of the stack: a node's children still to visit, with their states and stone
/// lists.
#[derive(Debug, Default)]
struct Frame {
    children: Vec<Pending>,
    states: Vec<u64>,
    stones: Vec<Sq>,
    next: usize,
}

/// Talking Stones state.
#[derive(Debug)]
pub(crate) struct TalkingStones<O: Observer> {
    core: Core<O>,
    order: Vec<Sq>,
    test: StoneTest,
    deepen: bool,
    cap: u64,
    limit: u32,
    iterations: u32,
    cut: bool,
    frames: Vec<Frame>,
    depth: usize,
    /// The stone list of each node on the path.
    path_stones: Vec<Vec<Sq>>,
    root_test: Result<(), Failure>,
    failed: u64,
    tail: Vec<(Pos, Dir)>,
    /// Nodes visited (tested), the unit of a step's budget.
    visits: u64,
}

impl<O: Observer> TalkingStones<O> {
    /// Talking Stones from the expander's start position, giving up after `cap` failed
    /// tests; with `deepen` false, the stone-by-stone test of the start alone.
    pub fn new(expander: Expander, deepen: bool, cap: u32, observer: O) -> Self {
        let core = Core::new(expander, observer);
        let order = wall_order::by_walls(&core.problem().board);
        let mut root_stones: Vec<Sq> =
            boxes_of(&core.nodes.state(0)[..core.problem().words()]).collect();
        root_stones.reverse();
        let mut search = TalkingStones {
            core,
            order,
            test: StoneTest::default(),
            deepen,
            cap: u64::from(cap.max(1)),
            limit: 0,
            iterations: 0,
            cut: false,
            frames: Vec::new(),
            depth: 0,
            path_stones: vec![root_stones],
            root_test: Ok(()),
            failed: 0,
            tail: Vec::new(),
            visits: 0,
        };
        // Van Lishout's methods decide by their own test, the start included.
        search.core.done = None;
        let state = search.core.nodes.state(0).to_vec();
        let stones = search.path_stones[0].clone();
        search.root_test = search.run_test(&state, &stones);
        search.core.stats.set_measure(FAILED_TESTS, 0);
        search
    }

    fn run_test(&mut self, state: &[u64], stones: &[Sq]) -> Result<(), Failure> {
        let p = &self.core.expander.problem;
        let interrupt = &self.core.expander.interrupt;
        self.test.run(p, state, stones, &self.order, interrupt).map(|_| ())
    }

    /// Visits path node `id` (its test already run): success, a counted failure, and the
    /// expansion of a node above the limit.
    fn visit(&mut self, id: NodeId, test: Result<(), Failure>) -> Option<Progress> {
        if test.is_ok() {
            self.solved(id);
            return Some(Progress::Solved(id));
        }
        self.failed += 1;
        self.core.stats.set_measure(FAILED_TESTS, self.failed);
        if self.failed >= self.cap {
            return Some(Progress::NotFound);
        }
        if self.core.nodes.info(id).g < self.limit {
            self.open_frame(id);
        } else {
            self.cut = true;
        }
        None
    }

    /// Records the solution at node `id`: its stone-by-stone tail and its prefix in stone
    /// moves.
    fn solved(&mut self, id: NodeId) {
        let state = self.core.nodes.state(id).to_vec();
        let stones = self.path_stones[id as usize].clone();
        let p = &self.core.expander.problem;
        let interrupt = &self.core.expander.interrupt;
        let fills = self.test.run(p, &state, &stones, &self.order, interrupt).expect("it passed");
        let pushes = self.test.pushes(p, &state, &fills);
        self.tail =
            pushes.into_iter().map(|(s, d)| (p.board.pos(s), Dir::ALL[d as usize])).collect();
        let path = self.core.nodes.path(id);
        let mut runs = 0;
        let mut last_to = None;
        for &n in &path[1..] {
            let push = self.core.nodes.info(n).push;
            if last_to != Some(push.from) {
                runs += 1;
            }
            last_to = Some(p.board.nbr(push.from, push.dir as usize));
        }
        self.core.stats.set_measure(STONE_MOVES, runs);
    }

    /// Expands path node `id` into a new frame: its children in the thesis's order, each
    /// tested, with its stone list (the pushed stone first).
    fn open_frame(&mut self, id: NodeId) {
        let g = self.core.nodes.info(id).g;
        self.core.expanding(id, g);
        self.core.expand(id, false);
        if self.frames.len() <= self.depth {
            self.frames.push(Frame::default());
        }
        let mut frame = std::mem::take(&mut self.frames[self.depth]);
        frame.children.clear();
        frame.states.clear();
        frame.stones.clear();
        frame.next = 0;
        let stones = self.path_stones[id as usize].clone();
        let rank = |s: Sq| stones.iter().position(|&t| t == s).unwrap_or(usize::MAX);
        let children = &self.core.expander.children;
        let mut order: Vec<usize> = (0..children.len()).collect();
        order.sort_by_key(|&i| {
            (rank(children[i].push.from), DIR_RANK[children[i].push.dir as usize])
        });
        let stride = self.core.problem().stride;
        let mut child_stones = Vec::with_capacity(stones.len());
        for i in order {
            let c = self.core.expander.children[i];
            if let Some(reason) = c.pruned {
                self.core.pruned(|core| core.push_view(c.push), g + 1, c.h, (reason, c.pattern));
                continue;
            }
            let state = self.core.expander.child_state(i).to_vec();
            let to = self.core.problem().board.nbr(c.push.from, c.push.dir as usize);
            child_stones.clear();
            child_stones.push(to);
            child_stones.extend(stones.iter().copied().filter(|&s| s != c.push.from));
            let test = self.run_test(&state, &child_stones);
            if O::ENABLED {
                let verdict = match test {
                    Ok(()) => Verdict::Passes,
                    Err(f) => Verdict::Fails(StoneFailure {
                        goal: self.core.problem().board.pos(f.goal),
                        filled: f.filled,
                        tried: f.tried,
                    }),
                };
                let push = self.core.push_view(c.push);
                let view = ChildView {
                    push,
                    node: None,
                    g: g + 1,
                    h: c.h,
                    f: g + 1,
                    verdict,
                    pattern: None,
                };
                self.core.observer.child(view);
            }
            frame.children.push(Pending { push: c.push, hash: c.hash, test });
            frame.states.extend_from_slice(&state);
            frame.stones.extend_from_slice(&child_stones);
            debug_assert_eq!(frame.states.len() % stride, 0);
        }
        self.frames[self.depth] = frame;
        self.depth += 1;
    }

    /// Takes the next child of the top frame onto the path and visits it (or leaves an
    /// exhausted frame).
    fn next_child(&mut self) -> Option<Progress> {
        let top = self.depth - 1;
        let frame = &mut self.frames[top];
        if frame.next == frame.children.len() {
            self.depth -= 1;
            return None;
        }
        let i = frame.next;
        frame.next += 1;
        let c = frame.children[i].clone();
        let stride = self.core.problem().stride;
        let n = self.path_stones[0].len();
        let parent = top as NodeId;
        let g = self.core.nodes.info(parent).g + 1;
        // The store holds the path; a path may repeat a position, so nodes are keyed by
        // position and depth.
        let key = c.hash ^ u64::from(g).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.core.nodes.truncate(top + 1);
        let info = NodeInfo { parent, push: c.push, g, h: 0, closed: false };
        let state = &self.frames[top].states[i * stride..(i + 1) * stride];
        let Insert::New(id) = self.core.nodes.insert(state, key, info) else {
            unreachable!("the path holds one node per depth")
        };
        let stones = self.frames[top].stones[i * n..(i + 1) * n].to_vec();
        self.path_stones.truncate(top + 1);
        self.path_stones.push(stones);
        self.core.stats.depth = self.core.stats.depth.max(g);
        self.visit(id, c.test)
    }
}

impl<O: Observer> Algorithm for TalkingStones<O> {
    type Trace = O;

    fn core(&self) -> &Core<O> {
        &self.core
    }

    fn core_mut(&mut self) -> &mut Core<O> {
        &mut self.core
    }

    fn work(&self) -> u64 {
        self.visits
    }

    /// Visits one node: the root of the next iteration (with the limit one deeper, unless
    /// the last one cut nothing), or the next child of the deepest node.
    fn advance(&mut self) -> Flow {
        self.visits += 1;
        let outcome = if self.depth == 0 {
            if self.iterations > 0 {
                if !self.deepen || !self.cut {
                    return Flow::End(Progress::NotFound);
                }
                self.limit += 1;
            }
            self.iterations += 1;
            self.cut = false;
            self.core.nodes.truncate(1);
            self.path_stones.truncate(1);
            self.core.stats.bound = self.limit;
            self.visit(0, self.root_test)
        } else {
            self.next_child()
        };
        if let Some(p) = outcome {
            return Flow::End(p);
        }
        self.core.stats.open =
            self.frames[..self.depth].iter().map(|f| (f.children.len() - f.next) as u64).sum();
        self.core.stats.closed = self.core.nodes.len() as u64;
        Flow::Go
    }

    fn own_memory(&self) -> usize {
        let frames: usize = self
            .frames
            .iter()
            .map(|f| f.states.capacity() * 8 + f.stones.capacity() * 2 + f.children.capacity() * 32)
            .sum();
        frames + self.path_stones.iter().map(|s| s.capacity() * 2).sum::<usize>()
    }

    fn optimal(&self) -> bool {
        false
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
                h: 0,
                f: g,
                push: Some(self.core.push_view(c.push)),
            })
            .collect()
    }

    fn f(&self, _: NodeId, info: &NodeInfo) -> u32 {
        info.g
    }

    fn tail(&self, id: NodeId) -> Vec<(Pos, Dir)> {
        match self.core.done {
            Some(Progress::Solved(s)) if s == id => self.tail.clone(),
            _ => Vec::new(),
        }
    }

    fn node_features(&self, id: NodeId) -> Vec<(&'static str, u32)> {
        match self.core.done {
            Some(Progress::Solved(s)) if s == id => vec![("tail pushes", self.tail.len() as u32)],
            _ => Vec::new(),
        }
    }
}
