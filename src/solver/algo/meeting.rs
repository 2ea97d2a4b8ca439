//! The meeting table (after Festival's): a greedy pull search from the solved position
//! towards the start, every position of which is kept, so that a forward search that
//! reaches one of them (or whose table holds one it reaches) has a solution: its own line to
//! there, then the pulls back to the solved position read as pushes.
//!
//! The pull search starts with a box on every goal and the player in each area the goals
//! split the floor into; its moves are pull macros ([`PullMoves`]). It takes positions
//! greedily by the matching distance from the boxes to the squares where boxes start (a
//! greedy pairing of boxes to start squares by the pushes from one to the other), so it
//! heads for the start position. A position with a box that no start square's box can be
//! pushed to is never reached forwards, and is dropped.
//!
//! Positions are states as the forward searches store them (box bitset, then the lowest
//! square of the player's area) under the problem's hash, so one lookup serves both sides.

use crate::level::{Dir, Pos};
use crate::solver::analysis::distances::{INF, PushGraph};
use crate::solver::analysis::problem::Problem;
use crate::solver::model::board::{NONE, Sq, opposite};
use crate::solver::model::interrupt::Interrupt;
use crate::solver::model::reach::Reach;
use crate::solver::model::regions::Regions;
use crate::solver::model::state::{boxes_of, clear_box, has_box, set_box};
use crate::solver::search::box_moves::{BoxMoves, Macro};
use crate::solver::search::pull_moves::{PullMacro, PullMoves};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

/// Positions the table holds at most; past it the pull search stops and the table only
/// answers lookups.
pub const MAX_POSITIONS: usize = 2_000_000;

/// No node (a root's parent, the end of a hash chain).
const NIL: u32 = u32::MAX;

/// How a backward position was reached.
#[derive(Clone, Copy, Debug)]
struct Link {
    parent: u32,
    /// The pull from the parent's position to this one (none at a root).
    pull: Option<PullMacro>,
    /// The next position with the same hash.
    next: u32,
}

/// The pull search and the table of its positions.
#[derive(Debug)]
pub(crate) struct Meeting {
    /// Words of a state: the box bitset, then the normalised player square.
    stride: usize,
    states: Vec<u64>,
    links: Vec<Link>,
    /// The first position of each hash.
    index: HashMap<u64, u32>,
    /// Positions to expand, by matching distance, then age.
    heap: BinaryHeap<Reverse<(u32, u32)>>,
    /// Per start square (in start order): the pushes that take a box alone from it to each
    /// square.
    from_base: Vec<Vec<u16>>,
    expanded: u64,
    started: bool,
    pulls: PullMoves,
    moves: Vec<PullMacro>,
    reach: Reach,
    pairs: Vec<(u16, u16, u16)>,
    child: Vec<u64>,
}

/// What one step of the pull search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Met {
    /// Nothing yet.
    No,
    /// A new backward position that the forward table holds as node `forward`; the
    /// backward position is `backward`.
    At { forward: u32, backward: u32 },
    /// The pull search has nothing left to expand (or is full).
    Done,
}

impl Meeting {
    /// An empty table for `p`; nothing is searched before the first [`Meeting::step`].
    pub fn new(p: &Problem) -> Self {
        Meeting {
            stride: p.words() + 1,
            states: Vec::new(),
            links: Vec::new(),
            index: HashMap::new(),
            heap: BinaryHeap::new(),
            from_base: Vec::new(),
            expanded: 0,
            started: false,
            pulls: PullMoves::default(),
            moves: Vec::new(),
            reach: Reach::default(),
            pairs: Vec::new(),
            child: Vec::new(),
        }
    }

    /// Positions held.
    pub fn len(&self) -> usize {
        self.links.len()
    }

    /// Positions expanded.
    pub fn expanded(&self) -> u64 {
        self.expanded
    }

    /// Bytes held.
    pub fn memory(&self) -> usize {
        self.states.capacity() * 8
            + self.links.capacity() * std::mem::size_of::<Link>()
            + self.index.capacity() * 16
            + self.heap.capacity() * 8
            + self.from_base.iter().map(|r| r.capacity() * 2).sum::<usize>()
    }

    /// The backward position equal to `state` (box bitset and normalised player), whose
    /// hash is `hash`, if the table holds it.
    pub fn find(&self, state: &[u64], hash: u64) -> Option<u32> {
        let mut i = *self.index.get(&hash)?;
        while i != NIL {
            if self.state(i) == &state[..self.stride] {
                return Some(i);
            }
            i = self.links[i as usize].next;
        }
        None
    }

    fn state(&self, i: u32) -> &[u64] {
        &self.states[i as usize * self.stride..(i as usize + 1) * self.stride]
    }

    /// Expands one backward position; each new position is looked up with `forward`
    /// (state, hash → a forward node) and the first found is reported.
    pub fn step(
        &mut self,
        p: &Problem,
        interrupt: &Interrupt,
        forward: impl Fn(&[u64], u64) -> Option<u32>,
    ) -> Met {
        if !self.started {
            self.started = true;
            if let Some(met) = self.start(p, interrupt, &forward) {
                return met;
            }
        }
        if self.links.len() >= MAX_POSITIONS {
            return Met::Done;
        }
        let Some(Reverse((_, id))) = self.heap.pop() else { return Met::Done };
        self.expanded += 1;
        let words = p.words();
        let (boxes, player) = {
            let s = self.state(id);
            (s[..words].to_vec(), s[words] as Sq)
        };
        self.moves.clear();
        self.pulls.generate(p, &boxes, player, interrupt, &mut self.moves);
        let moves = std::mem::take(&mut self.moves);
        let mut met = Met::No;
        for &m in &moves {
            if interrupt.raised() {
                break;
            }
            self.child.clear();
            self.child.extend_from_slice(&boxes);
            clear_box(&mut self.child, m.from);
            set_box(&mut self.child, m.to);
            let Some(score) = score(&self.from_base, &mut self.pairs, &self.child) else {
                continue;
            };
            let normal = self.reach.flood(&p.board, &self.child, m.player(p));
            self.child.push(u64::from(normal));
            let hash = p.hash(&self.child);
            if self.find(&self.child, hash).is_some() {
                continue;
            }
            let new = self.add(hash, Link { parent: id, pull: Some(m), next: NIL }, score);
            if let Some(forward) = forward(&self.child, hash) {
                met = Met::At { forward, backward: new };
                break;
            }
        }
        self.moves = moves;
        met
    }

    /// The distance tables and the roots: the boxes on the goals, the player in each area.
    fn start(
        &mut self,
        p: &Problem,
        interrupt: &Interrupt,
        forward: &impl Fn(&[u64], u64) -> Option<u32>,
    ) -> Option<Met> {
        let graph = PushGraph::new(&p.board);
        for &b in p.board.start_boxes() {
            if interrupt.raised() {
                return Some(Met::Done);
            }
            let mut row = vec![INF; p.board.len()];
            graph.distances_from(&p.board, b, &mut row);
            self.from_base.push(row);
        }
        let words = p.words();
        let goals = p.goal_set[..words].to_vec();
        let score = score(&self.from_base, &mut self.pairs, &goals)?;
        let mut regions = Regions::default();
        regions.compute(&p.board, &goals);
        let seeds: Vec<Sq> = (0..p.board.len() as Sq)
            .filter(|&s| !has_box(&goals, s) && regions.seed_of(s) == s)
            .collect();
        for s in seeds {
            self.child.clear();
            self.child.extend_from_slice(&goals);
            self.child.push(u64::from(s));
            let hash = p.hash(&self.child);
            let new = self.add(hash, Link { parent: NIL, pull: None, next: NIL }, score);
            if let Some(forward) = forward(&self.child, hash) {
                return Some(Met::At { forward, backward: new });
            }
        }
        None
    }

    /// Stores `self.child` under `hash`, queued by `score`.
    fn add(&mut self, hash: u64, mut link: Link, score: u32) -> u32 {
        let id = self.links.len() as u32;
        link.next = self.index.insert(hash, id).unwrap_or(NIL);
        self.links.push(link);
        self.states.extend_from_slice(&self.child);
        self.heap.push(Reverse((score, id)));
        id
    }

    /// The pushes from backward position `id` to the solved position (each pull undone,
    /// last pull first), on the level's grid; `None` if a pull cannot be undone (never,
    /// when the table is consistent).
    pub fn pushes_home(&self, p: &Problem, id: u32) -> Option<Vec<(Pos, Dir)>> {
        let words = p.words();
        let mut box_moves = BoxMoves::default();
        let mut reach = Reach::default();
        let mut out = Vec::new();
        let mut i = id;
        while let Some(pull) = self.links[i as usize].pull {
            let parent = self.links[i as usize].parent;
            let before = self.state(parent);
            reach.flood(&p.board, &before[..words], before[words] as Sq);
            // The push back must leave the player in the parent's area.
            let pushes = (0..4).find_map(|dir| {
                let behind = p.board.nbr(pull.from, opposite(dir));
                if behind == NONE || !reach.reached(behind) {
                    return None;
                }
                let m = Macro { from: pull.to, to: pull.from, dir: dir as u8, pushes: pull.pulls };
                box_moves.pushes_of(p, self.state(i), m)
            })?;
            out.extend(pushes.into_iter().map(|(s, d)| (p.board.pos(s), Dir::ALL[d as usize])));
            i = parent;
        }
        Some(out)
    }
}

/// The greedy matching distance from `boxes` to the start squares (each pair taken
/// cheapest first), or `None` when a box is on a square no start box can be pushed to.
fn score(from_base: &[Vec<u16>], pairs: &mut Vec<(u16, u16, u16)>, boxes: &[u64]) -> Option<u32> {
    pairs.clear();
    for (k, b) in boxes_of(boxes).enumerate() {
        let mut any = false;
        for (j, row) in from_base.iter().enumerate() {
            let d = row[b as usize];
            if d != INF {
                any = true;
                pairs.push((d, k as u16, j as u16));
            }
        }
        if !any {
            return None;
        }
    }
    pairs.sort_unstable();
    let n = from_base.len();
    let (mut box_used, mut base_used) = (vec![false; n], vec![false; n]);
    let (mut total, mut matched) = (0u32, 0);
    for &(d, k, j) in pairs.iter() {
        if !box_used[k as usize] && !base_used[j as usize] {
            box_used[k as usize] = true;
            base_used[j as usize] = true;
            total += u32::from(d);
            matched += 1;
        }
    }
    // Boxes the greedy pairing leaves over count as far.
    Some(total + (n - matched) as u32 * u32::from(u16::MAX >> 4))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Level;
    use crate::level::replay;
    use crate::solver::model::walk::moves_for;

    /// Runs the pull search until it meets the forward table holding only `state`.
    fn meet_at(p: &Problem, m: &mut Meeting, state: &[u64]) -> Option<u32> {
        let (hash, interrupt) = (p.hash(state), Interrupt::default());
        for _ in 0..100_000 {
            match m.step(p, &interrupt, |s, h| (h == hash && s == state).then_some(7)) {
                Met::No => {}
                Met::At { forward, backward } => {
                    assert_eq!(forward, 7);
                    return Some(backward);
                }
                Met::Done => return None,
            }
        }
        None
    }

    #[test]
    fn the_pull_search_reaches_the_start_and_its_pulls_undone_solve_the_level() {
        // The player must go round; a box must be parked before the last goal is free.
        let level = Level::from_rows(&[
            "#########",
            "#..  #  #",
            "#.$$   @#",
            "##  $ ###",
            " #    #  ",
            " ######  ",
        ])
        .unwrap();
        let p = Problem::new(&level).unwrap();
        let mut m = Meeting::new(&p);
        let root = p.root();
        let backward = meet_at(&p, &mut m, &root).expect("the pull search reaches the start");
        assert_eq!(m.find(&root, p.hash(&root)), Some(backward));
        let pushes = m.pushes_home(&p, backward).expect("every pull can be undone");
        let moves = moves_for(&level, &pushes).expect("the pushes can be walked");
        let check = replay(&level, &moves);
        assert!(check.error.is_none() && check.solved, "{check:?}");
        // Every position the table holds is found again, and its pushes home replay.
        for id in 0..m.len() as u32 {
            let state = m.state(id).to_vec();
            assert_eq!(m.find(&state, p.hash(&state)), Some(id));
            let at = p.level_of(&state);
            let moves = moves_for(&at, &m.pushes_home(&p, id).unwrap()).unwrap();
            assert!(replay(&at, &moves).solved, "position {id}");
        }
    }

    #[test]
    fn a_start_no_pull_search_can_reach_is_never_met() {
        // The box starts in a corner off the goal: no push takes it to the goal, so the
        // solved position is no position of a solution, and nothing is searched.
        let level = Level::from_rows(&["######", "#$ .@#", "#    #", "######"]).unwrap();
        let p = Problem::new(&level).unwrap();
        let mut m = Meeting::new(&p);
        assert_eq!(meet_at(&p, &mut m, &p.root()), None);
        assert_eq!((m.len(), m.expanded()), (0, 0));
    }
}
