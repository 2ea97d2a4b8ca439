//! Feature-space search (FESS, Shoham & Schaeffer 2020).
//!
//! The search tree lives in the domain space: positions linked by macro moves (one box
//! pushed to another square). Every position is also projected onto a cell of a small
//! feature space ([`features`]). As in Festival (technique `best-line`), a position's cell
//! is that of the best features met on its path (the position's own when they are the
//! best), so a line that packed a goal keeps its place while it shuffles boxes. Moves not
//! yet played wait in the cell of the position they start from, weighted by the accumulated
//! cost of their path: advisors name the moves that improve a feature, which cost 0; every
//! other move costs 1. With `best-line`, every second turn goes to the best cell met so
//! far; the other turns go round the cells in a ring. At its turn a cell plays its lightest
//! waiting move, adds the new position to the tree and weighs that position's moves. So
//! progress along any feature is explored without one heuristic deciding everything, while
//! the most promising line is never starved.
//!
//! One [`Search::step`] expansion is one move played that gave a new position.

pub mod advisors;
pub mod cells;
pub mod features;

use crate::level::{Dir, Level, Pos};
use crate::solver::board::Sq;
use crate::solver::bounds::{Hungarian, INFINITE};
use crate::solver::box_moves::{BoxMoves, Macro};
use crate::solver::deadlock::corral::Corral;
use crate::solver::deadlock::freeze::Freeze;
use crate::solver::deadlock::patterns::{PatternView, Patterns};
use crate::solver::deadlock::sealed::Sealed;
use crate::solver::deadlock::{Deadlocks, PruneReason};
use crate::solver::hotspots::Hotspots;
use crate::solver::pi_corral::PiCorrals;
use crate::solver::problem::Problem;
use crate::solver::reach::Reach;
use crate::solver::search::{
    ChildView, NodeView, Observer, Progress, PushView, Search, Stats, Verdict,
};
use crate::solver::state::{boxes_of, clear_box, has_box, set_box};
use crate::solver::table::{Insert, NodeId, NodeInfo, Nodes, Push};
use crate::solver::techniques::{Technique, Techniques};
use advisors::{Advisor, Candidate, Choice, Position};
use cells::{Cells, Entry};
use features::Measure;

/// A move waiting in the store: the macro and the lower bound of where it leads.
#[derive(Clone, Copy, Debug)]
struct Waiting {
    m: Macro,
    h: u32,
}

/// Feature-space search state.
#[derive(Debug)]
pub struct Fess<O: Observer> {
    problem: Problem,
    deadlocks: Deadlocks,
    techniques: Techniques,
    nodes: Nodes,
    /// Per node: the move that made it (the root's is unused).
    made_by: Vec<Macro>,
    /// Per node: accumulated weight.
    weight: Vec<u32>,
    /// Per node: its feature-space cell (the best features of its path).
    cell: Vec<u32>,
    /// Per node: its own features (its cell may hold the best features of its path).
    own: Vec<features::Features>,
    /// The cell of the best features met so far.
    best: u32,
    store: Vec<Waiting>,
    cells: Cells,
    box_moves: BoxMoves,
    measure: Measure,
    hotspots: Hotspots,
    heat: Vec<(crate::solver::board::Sq, u32)>,
    freeze: Freeze,
    sealed: Sealed,
    corral: Corral,
    pi_corrals: PiCorrals,
    fence: Vec<u64>,
    patterns: Patterns,
    hungarian: Hungarian,
    reach: Reach,
    macros: Vec<Macro>,
    candidates: Vec<Candidate>,
    box_list: Vec<crate::solver::board::Sq>,
    scratch: Vec<u64>,
    child: Vec<u64>,
    stats: Stats,
    observer: O,
    done: Option<Progress>,
    /// Flips every turn; when false, the next turn is the best cell's (if it has moves).
    best_turn: bool,
}

/// What playing one waiting move gave.
enum Played {
    New(NodeId),
    Duplicate,
    Pruned(PruneReason),
}

impl<O: Observer> Fess<O> {
    /// A search of `problem` with the given detectors.
    pub fn new(
        problem: Problem,
        deadlocks: Deadlocks,
        techniques: Techniques,
        observer: O,
    ) -> Self {
        let nodes = Nodes::new(problem.stride);
        let mut patterns = Patterns::new(&problem);
        if deadlocks.patterns {
            patterns.precompute(&problem);
        }
        let mut search = Fess {
            patterns,
            pi_corrals: PiCorrals::default(),
            fence: Vec::new(),
            problem,
            deadlocks,
            techniques,
            nodes,
            made_by: Vec::new(),
            weight: Vec::new(),
            cell: Vec::new(),
            own: Vec::new(),
            best: 0,
            store: Vec::new(),
            cells: Cells::default(),
            box_moves: BoxMoves::default(),
            measure: Measure::default(),
            hotspots: Hotspots::default(),
            heat: Vec::new(),
            freeze: Freeze::default(),
            sealed: Sealed::default(),
            corral: Corral::default(),
            hungarian: Hungarian::default(),
            reach: Reach::default(),
            macros: Vec::new(),
            candidates: Vec::new(),
            box_list: Vec::new(),
            scratch: Vec::new(),
            child: Vec::new(),
            stats: Stats::default(),
            observer,
            done: None,
            best_turn: false,
        };
        search.start();
        search
    }

    fn start(&mut self) {
        let p = &self.problem;
        let mut state = vec![0u64; p.stride];
        for &b in p.board.start_boxes() {
            set_box(&mut state, b);
        }
        let words = p.words();
        let player = self.reach.flood(p, &state[..words], p.board.start_player());
        state[words] = player as u64;
        self.box_list.clear();
        self.box_list.extend(p.board.start_boxes());
        self.box_list.sort_unstable();
        self.hungarian.solve(&p.dist, &self.box_list);
        let h = self.hungarian.cost();
        let hash = self.hash(&state);
        let info = NodeInfo { parent: 0, push: Push { from: 0, dir: 0 }, g: 0, h, closed: true };
        self.nodes.insert(&state, hash, info);
        self.made_by.push(Macro { from: 0, to: 0, dir: 0, pushes: 0 });
        self.weight.push(0);
        let features = self.measure.features(&self.problem, &self.techniques, &state[..words]);
        let cell = self.cells.cell_of(features);
        self.cell.push(cell);
        self.own.push(features);
        self.best = cell;
        if state[..words] == self.problem.goal_set[..] {
            self.done = Some(Progress::Solved(0));
        } else if h == INFINITE && self.deadlocks.bipartite {
            self.done = Some(Progress::Exhausted { complete: true });
        } else {
            self.expand(0);
        }
    }

    fn hash(&self, state: &[u64]) -> u64 {
        let z = &self.problem.zobrist;
        let words = self.problem.words();
        z.boxes_hash(&state[..words]) ^ z.player_key(state[words] as crate::solver::board::Sq)
    }

    /// Generates, judges and weighs the moves of node `id` and queues them in its cell.
    fn expand(&mut self, id: NodeId) {
        let p = &self.problem;
        let words = p.words();
        self.scratch.clear();
        self.scratch.extend_from_slice(self.nodes.state(id));
        if O::ENABLED {
            self.observer.state(&self.scratch, &self.stats);
        }
        self.macros.clear();
        self.box_moves.generate(p, &self.scratch, &mut self.macros);
        self.stats.generated += self.macros.len() as u64;
        self.box_list.clear();
        self.box_list.extend(boxes_of(&self.scratch[..words]));
        self.hungarian.solve(&p.dist, &self.box_list);
        let here = self.own[id as usize];
        let g = self.nodes.info(id).g;
        self.heat.clear();
        if self.techniques.on(Technique::Hotspots) {
            self.hotspots.all(&self.problem, &self.scratch[..words], &mut self.heat);
        }
        if O::ENABLED {
            let view = self.node_view(id);
            self.observer.expanding(view);
        }
        self.candidates.clear();
        let regions = self.measure.regions.compute(&self.problem.board, &self.scratch[..words]);
        self.fence.clear();
        if self.techniques.on(Technique::PiCorrals) {
            let p = &self.problem;
            self.reach.flood(p, &self.scratch[..words], self.scratch[words] as Sq);
            if let Some(fence) = self.pi_corrals.find(p, &self.scratch[..words], &self.reach) {
                self.fence.extend_from_slice(fence);
            }
        }
        let mut moving = (crate::solver::board::NONE, 0usize);
        for i in 0..self.macros.len() {
            let m = self.macros[i];
            if m.from != moving.0 {
                let index = self.box_list.binary_search(&m.from).expect("the moved box is listed");
                self.hungarian.remove_row(index);
                moving = (m.from, self.regions_next_to(m.from));
            }
            self.child.clear();
            self.child.extend_from_slice(&self.scratch[..words]);
            clear_box(&mut self.child, m.from);
            set_box(&mut self.child, m.to);
            let fenced_out = !self.fence.is_empty() && !has_box(&self.fence, m.from);
            let verdict =
                if fenced_out { Err((PruneReason::PiCorral, None)) } else { self.judge(m) };
            match verdict {
                Err((reason, pattern)) => {
                    self.stats.pruned[reason.index()] += 1;
                    if O::ENABLED {
                        let push = self.macro_view(m);
                        let g = g + u32::from(m.pushes);
                        let verdict = Verdict::Pruned(reason);
                        let v = ChildView { push, node: None, g, h: 0, f: 0, verdict, pattern };
                        self.observer.child(v);
                    }
                }
                Ok(h) => {
                    let connectivity = regions - moving.1 + usize::from(self.box_moves.splits()[i]);
                    let features = Measure::features_given(
                        &self.problem,
                        &self.techniques,
                        &self.child,
                        connectivity,
                    );
                    let heat_before = self.heat_of(m.from);
                    let heat_after = if heat_before > 0 {
                        self.hotspots.heat(&self.problem, &self.child, m.to)
                    } else {
                        0
                    };
                    let approach = self.approach_of(m);
                    self.candidates.push(Candidate {
                        m,
                        h,
                        features,
                        heat_before,
                        heat_after,
                        approach,
                    });
                }
            }
        }
        let position = Position {
            board: &self.problem.board,
            features: here,
            next_goal: self.problem.packing.next_goal(&self.scratch[..words]),
            hottest: self.heat.iter().filter(|h| h.1 > 0).max_by_key(|h| h.1).copied(),
            nearest: self.nearest_to_next_goal(here.packed),
        };
        let rule =
            if self.techniques.on(Technique::BestLine) { Choice::BestLine } else { Choice::Plain };
        let mut advised = vec![false; self.candidates.len()];
        for advisor in Advisor::ALL {
            if !self.techniques.on(advisor.technique()) {
                continue;
            }
            if let Some(i) = advisor.advise(&position, &self.candidates, rule) {
                advised[i] = true;
            }
        }
        let cell = self.cell[id as usize];
        let base = self.weight[id as usize];
        for (i, c) in self.candidates.iter().enumerate() {
            let weight = base + u32::from(!advised[i]);
            let tie = tie_break(c, id);
            let index = self.store.len() as u32;
            self.store.push(Waiting { m: c.m, h: c.h });
            self.cells.push(cell, Entry { weight, tie, node: id, index });
            if O::ENABLED {
                let push = self.macro_view(c.m);
                let g = g + u32::from(c.m.pushes);
                let v = ChildView {
                    push,
                    node: None,
                    g,
                    h: c.h,
                    f: weight,
                    verdict: Verdict::Kept,
                    pattern: None,
                };
                self.observer.child(v);
            }
        }
        self.stats.open = self.cells.waiting() as u64;
    }

    /// How many regions of the expanded position's free floor touch square `s` (the
    /// regions are those last computed by `self.measure`).
    fn regions_next_to(&self, s: crate::solver::board::Sq) -> usize {
        let mut seen = [u16::MAX; 4];
        let mut count = 0;
        for d in 0..4 {
            let u = self.problem.board.nbr(s, d);
            if u == crate::solver::board::NONE {
                continue;
            }
            let r = self.measure.regions.of(u);
            if r != crate::solver::regions::BOXED && !seen[..count].contains(&r) {
                seen[count] = r;
                count += 1;
            }
        }
        count
    }

    /// The index (in goal order) of the next goal of the packing order for the position
    /// being expanded.
    fn next_goal_index(&self) -> Option<usize> {
        let p = &self.problem;
        let g = p.packing.next_goal(&self.scratch[..p.words()])?;
        p.board.goals().binary_search(&g).ok()
    }

    /// Pushes from `m`'s destination to the next goal, or `u16::MAX` when the moved box is
    /// packed already or there is no next goal.
    fn approach_of(&self, m: Macro) -> u16 {
        let p = &self.problem;
        let packed = p.packing.packed(&self.scratch[..p.words()]);
        if p.board.is_goal(m.from) && usize::from(p.packing.rank(m.from)) < packed {
            return u16::MAX;
        }
        self.next_goal_index().map_or(u16::MAX, |gi| p.dist.to_goal(m.to, gi))
    }

    /// The least push distance of a box not packed to the next goal.
    fn nearest_to_next_goal(&self, packed: u8) -> u16 {
        let p = &self.problem;
        let Some(gi) = self.next_goal_index() else { return 0 };
        boxes_of(&self.scratch[..p.words()])
            .filter(|&b| !(p.board.is_goal(b) && p.packing.rank(b) < u16::from(packed)))
            .map(|b| p.dist.to_goal(b, gi))
            .min()
            .unwrap_or(0)
    }

    /// The heat of the box on `s` in the position being expanded.
    fn heat_of(&self, s: crate::solver::board::Sq) -> u32 {
        self.heat.binary_search_by_key(&s, |h| h.0).map_or(0, |i| self.heat[i].1)
    }

    /// The cheap verdict on the child in `self.child` (boxes only) reached by `m`: its
    /// lower bound, or why it is dead.
    fn judge(&mut self, m: Macro) -> Result<u32, (PruneReason, Option<u32>)> {
        let p = &self.problem;
        if self.deadlocks.freeze
            && (self.freeze.is_deadlock(&p.board, &p.dist, &self.child, m.to)
                || self.sealed.is_deadlock(p, &self.child, m.to))
        {
            return Err((PruneReason::Freeze, None));
        }
        let h = self.hungarian.cost_with_row_at(&p.dist, m.to);
        if h == INFINITE && self.deadlocks.bipartite {
            return Err((PruneReason::Bipartite, None));
        }
        if self.deadlocks.patterns
            && let Some(id) = self.patterns.matching(&self.child, m.player(p), m.to)
        {
            return Err((PruneReason::Pattern, Some(id)));
        }
        Ok(h)
    }

    /// Plays waiting move `e`.
    fn play(&mut self, e: Entry) -> Played {
        let p = &self.problem;
        let words = p.words();
        let Waiting { m, h } = self.store[e.index as usize];
        self.child.clear();
        self.child.extend_from_slice(self.nodes.state(e.node));
        clear_box(&mut self.child, m.from);
        set_box(&mut self.child, m.to);
        let features = self.measure.features(p, &self.techniques, &self.child[..words]);
        let player = m.player(p);
        self.child[words] = self.measure.regions.seed_of(player) as u64;
        let hash = self.hash(&self.child);
        if self.nodes.find(&self.child, hash).is_some() {
            self.stats.duplicates += 1;
            return Played::Duplicate;
        }
        if self.deadlocks.corral {
            let p = &self.problem;
            self.reach.flood(p, &self.child[..words], player);
            if self.corral.is_deadlock(p, &self.child[..words], &self.reach, player, m.to) {
                return Played::Pruned(PruneReason::Corral);
            }
        }
        if self.deadlocks.patterns {
            let p = &self.problem;
            let boxes = &self.child[..words];
            if self.patterns.matching(boxes, player, m.to).is_some()
                || self.patterns.learn(p, boxes, player, m.to).is_some()
            {
                return Played::Pruned(PruneReason::Pattern);
            }
        }
        let g = self.nodes.info(e.node).g + u32::from(m.pushes);
        let info = NodeInfo {
            parent: e.node,
            push: Push { from: m.from, dir: m.dir },
            g,
            h,
            closed: true,
        };
        let Insert::New(id) = self.nodes.insert(&self.child, hash, info) else {
            unreachable!("the state was not stored")
        };
        self.made_by.push(m);
        self.weight.push(e.weight);
        // The new node's cell holds the best features met on its path.
        let parent_best = self.cells.features(self.cell[e.node as usize]);
        let line = self.techniques.on(Technique::BestLine);
        let past = if line && parent_best.better_than(&features) { parent_best } else { features };
        let cell = self.cells.cell_of(past);
        self.cell.push(cell);
        self.own.push(features);
        if past.better_than(&self.cells.features(self.best)) {
            self.best = cell;
        }
        self.stats.closed = self.nodes.len() as u64;
        self.stats.depth = self.stats.depth.max(g);
        self.stats.bound = e.weight;
        Played::New(id)
    }

    /// The best cell, when the next turn is its and it has moves waiting.
    fn best_cell_next(&self) -> Option<u32> {
        let on = self.techniques.on(Technique::BestLine);
        (on && !self.best_turn && self.cells.has_waiting(self.best)).then_some(self.best)
    }

    /// The cell whose turn is next.
    fn next_cell(&self) -> Option<u32> {
        self.best_cell_next().or_else(|| self.cells.next_in_ring())
    }

    fn finish(&mut self, p: Progress) -> Progress {
        self.done = Some(p);
        p
    }

    fn macro_view(&self, m: Macro) -> PushView {
        let board = &self.problem.board;
        PushView {
            from: board.pos(m.from),
            dir: Dir::ALL[m.dir as usize],
            to: board.pos(m.to),
            pushes: u32::from(m.pushes),
        }
    }

    fn node_view(&self, id: NodeId) -> NodeView {
        let info = self.nodes.info(id);
        let push = (id != 0).then(|| self.macro_view(self.made_by[id as usize]));
        NodeView { id, g: info.g, h: info.h, f: self.weight[id as usize], push }
    }
}

/// Among moves of equal weight: more goals packed first, then moves from the newest node
/// (which makes each cell dig into its latest line before widening).
fn tie_break(c: &Candidate, node: NodeId) -> u32 {
    let packed = u32::from(u8::MAX - c.features.packed);
    packed << 24 | (0xFF_FFFF - node.min(0xFF_FFFF))
}

impl<O: Observer> Search for Fess<O> {
    fn step(&mut self, budget: u64) -> Progress {
        if let Some(done) = self.done {
            return done;
        }
        let mut spent = 0;
        while spent < budget {
            let best = self.best_cell_next();
            self.best_turn = !self.best_turn;
            let cell = match best {
                Some(c) => c,
                None => match self.cells.take_turn() {
                    Some(c) => c,
                    None => return self.finish(Progress::Exhausted { complete: true }),
                },
            };
            while let Some(e) = self.cells.pop(cell) {
                match self.play(e) {
                    Played::New(id) => {
                        spent += 1;
                        self.stats.expanded += 1;
                        if self.nodes.state(id)[..self.problem.words()] == self.problem.goal_set[..]
                        {
                            self.cells.rejoin(cell);
                            if O::ENABLED {
                                let view = self.node_view(id);
                                self.observer.expanding(view);
                            }
                            return self.finish(Progress::Solved(id));
                        }
                        self.expand(id);
                        break;
                    }
                    Played::Duplicate => {}
                    Played::Pruned(reason) => self.stats.pruned[reason.index()] += 1,
                }
            }
            if best.is_none() {
                self.cells.rejoin(cell);
            }
            self.stats.open = self.cells.waiting() as u64;
        }
        Progress::Running
    }

    fn stats(&self) -> &Stats {
        &self.stats
    }

    fn memory(&self) -> usize {
        self.nodes.memory()
            + self.store.capacity() * std::mem::size_of::<Waiting>()
            + self.cells.memory()
            + (self.made_by.capacity() * std::mem::size_of::<Macro>())
            + (self.weight.capacity() + self.cell.capacity()) * 4
    }

    fn problem(&self) -> &Problem {
        &self.problem
    }

    fn optimal(&self) -> bool {
        false
    }

    fn current(&self) -> Option<NodeView> {
        self.observer.current()
    }

    fn children(&self) -> &[ChildView] {
        self.observer.children()
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
                let g = self.nodes.info(e.node).g + u32::from(w.m.pushes);
                let push = Some(self.macro_view(w.m));
                NodeView { id: NodeId::MAX, g, h: w.h, f: e.weight, push }
            })
            .collect()
    }

    fn node(&self, id: NodeId) -> Option<NodeView> {
        ((id as usize) < self.nodes.len()).then(|| self.node_view(id))
    }

    fn path(&self, id: NodeId) -> Vec<NodeId> {
        if (id as usize) < self.nodes.len() { self.nodes.path(id) } else { Vec::new() }
    }

    fn board(&self, id: NodeId) -> Option<Level> {
        ((id as usize) < self.nodes.len()).then(|| self.problem.level_of(self.nodes.state(id)))
    }

    fn patterns(&self) -> Vec<PatternView> {
        self.patterns.views(&self.problem)
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

    fn pushes_to(&self, id: NodeId) -> Vec<(Pos, Dir)> {
        let path = self.path(id);
        let board = &self.problem.board;
        let mut moves = BoxMoves::default();
        let mut out = Vec::new();
        for pair in path.windows(2) {
            let state = self.nodes.state(pair[0]);
            let m = self.made_by[pair[1] as usize];
            let pushes = moves.pushes_of(&self.problem, state, m).unwrap_or_default();
            out.extend(pushes.into_iter().map(|(s, d)| (board.pos(s), Dir::ALL[d as usize])));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::search::NoTrace;
    use features::Features;

    #[test]
    fn a_cell_holds_the_best_features_of_its_path_and_the_best_cell_is_the_best_met() {
        // A shipped level FESS needs over a hundred expansions for.
        let text = include_str!("../../../../levels/default.xsb");
        let collection = crate::level::format::read_collection(text).unwrap();
        let problem = Problem::new(&collection.levels[16]).unwrap();
        let mut fess = Fess::new(problem, Deadlocks::default(), Techniques::default(), NoTrace);
        let mut progress = Progress::Running;
        for _ in 0..2000 {
            progress = fess.step(1);
            if progress != Progress::Running {
                break;
            }
        }
        assert!(matches!(progress, Progress::Solved(_)), "{progress:?}");
        assert!(fess.nodes.len() > 50, "{} nodes", fess.nodes.len());
        for id in 1..fess.nodes.len() as NodeId {
            let cell = fess.cells.features(fess.cell[id as usize]);
            let parent = fess.nodes.info(id).parent;
            let parent_cell = fess.cells.features(fess.cell[parent as usize]);
            assert!(!fess.own[id as usize].better_than(&cell), "node {id}: own beats its cell");
            assert!(!parent_cell.better_than(&cell), "node {id}: parent's cell beats its cell");
            let best = fess.cells.features(fess.best);
            assert!(!cell.better_than(&best), "node {id}: beats the best cell");
        }
    }

    #[test]
    fn features_compare_packed_first_then_regions() {
        let f = |packed, connectivity| Features { packed, connectivity, ..Features::default() };
        assert!(f(2, 5).better_than(&f(1, 1)));
        assert!(f(1, 1).better_than(&f(1, 2)));
        assert!(!f(1, 1).better_than(&f(1, 1)));
    }
}
