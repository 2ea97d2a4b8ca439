//! The perimeter (after Festival's): one table of the positions every search of a level has
//! stored, on two sides: *forward* positions, reached from the start by pushes, and
//! *backward* ones, reached from the solved position by pulls. The searches of both of
//! `auto`'s threads share it, and it lasts for the whole solve, so what one strategy found
//! serves the ones after it.
//!
//! A position held on both sides is a solution: the forward side's pushes from the start to
//! it, then the backward side's pulls from it, undone, to the solved position. Every entry
//! keeps its parent entry and the move from it, so the table alone rebuilds both halves,
//! whichever search (and thread) stored them and whether or not it still runs.
//!
//! Positions are states as the searches store them: the box bitset, then the lowest square
//! of the player's area, under the problem's Zobrist hash. Each side also keeps the hashes
//! of its box sets alone, so a search can skip the flood that normalises a child's player
//! when no position of the other side has the child's boxes.

use crate::level::{Dir, Pos};
use crate::solver::analysis::problem::Problem;
use crate::solver::model::board::{NONE, Sq, opposite};
use crate::solver::model::box_moves::{BoxMoves, Macro};
use crate::solver::model::pull_moves::PullMacro;
use crate::solver::model::reach::Reach;
use crate::solver::model::state::player_of;
use crate::solver::model::table::{Insert, NodeId, NodeInfo, Nodes, Push};
use std::collections::HashSet;
use std::sync::Mutex;

/// Positions one side holds at most; past it the side only answers lookups.
pub const MAX_PER_SIDE: usize = 4_000_000;

/// Which way a position was reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// From the start, by pushes.
    Forward,
    /// From the solved position, by pulls.
    Backward,
}

impl Side {
    fn index(self) -> usize {
        self as usize
    }

    fn other(self) -> Side {
        match self {
            Side::Forward => Side::Backward,
            Side::Backward => Side::Forward,
        }
    }
}

/// A position's entry on its side.
pub type EntryId = NodeId;

/// One box moved alone: a push macro on the forward side, a pull macro on the backward one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    from: Sq,
    to: Sq,
    dir: u8,
    count: u16,
}

impl From<Macro> for Step {
    fn from(m: Macro) -> Step {
        Step { from: m.from, to: m.to, dir: m.dir, count: m.pushes }
    }
}

impl From<PullMacro> for Step {
    fn from(m: PullMacro) -> Step {
        Step { from: m.from, to: m.to, dir: m.dir, count: m.pulls }
    }
}

/// What [`Perimeter::add`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Added {
    /// The position's entry on the side it was added to (none when that side is full).
    pub entry: Option<EntryId>,
    /// Whether the entry is new.
    pub new: bool,
    /// The same position's entry on the other side: the two sides meet there.
    pub other: Option<EntryId>,
}

/// One side's positions.
#[derive(Debug)]
struct Half {
    nodes: Nodes,
    /// Per entry: the move from its parent (roots have a zero step).
    steps: Vec<Step>,
    /// The Zobrist hashes of the box sets held.
    box_sets: HashSet<u64>,
}

impl Half {
    fn new(stride: usize) -> Self {
        Half { nodes: Nodes::new(stride), steps: Vec::new(), box_sets: HashSet::new() }
    }

    fn memory(&self) -> usize {
        self.nodes.memory()
            + self.steps.capacity() * std::mem::size_of::<Step>()
            + self.box_sets.capacity() * 9
    }
}

/// The table both sides of every search of one level share.
#[derive(Debug)]
pub struct Perimeter {
    halves: Mutex<[Half; 2]>,
}

impl Perimeter {
    /// An empty perimeter for `p`'s states.
    pub fn new(p: &Problem) -> Self {
        Perimeter { halves: Mutex::new([Half::new(p.stride), Half::new(p.stride)]) }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, [Half; 2]> {
        // A search that panicked holding the lock left the table whole (every change is
        // made before a panic could happen), so its data is still good.
        self.halves.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Adds `state` (whose hash is `hash`) to `side`, reached from entry `from.0` of the
    /// same side by move `from.1` (none for a root: the start, or a solved position).
    /// Returns its entry there and the other side's entry of the same position, if any.
    pub fn add(
        &self,
        side: Side,
        state: &[u64],
        hash: u64,
        from: Option<(EntryId, Step)>,
        p: &Problem,
    ) -> Added {
        let mut halves = self.lock();
        let other = halves[side.other().index()].nodes.find(state, hash);
        let half = &mut halves[side.index()];
        if let Some(id) = half.nodes.find(state, hash) {
            return Added { entry: Some(id), new: false, other };
        }
        if half.nodes.len() >= MAX_PER_SIDE {
            return Added { entry: None, new: false, other };
        }
        let (parent, step, g) = match from {
            Some((parent, step)) => {
                (parent, step, half.nodes.info(parent).g + u32::from(step.count))
            }
            None => (half.nodes.len() as NodeId, Step { from: 0, to: 0, dir: 0, count: 0 }, 0),
        };
        let push = Push { from: step.from, dir: step.dir };
        let info = NodeInfo { parent, push, g, h: 0, closed: false };
        let Insert::New(id) = half.nodes.insert(state, hash, info) else {
            unreachable!("the state was not held")
        };
        half.steps.push(step);
        let boxes = hash ^ p.zobrist.player_key(player_of(state));
        half.box_sets.insert(boxes);
        Added { entry: Some(id), new: true, other }
    }

    /// The entry of `state` on `side`, if held.
    pub fn find(&self, side: Side, state: &[u64], hash: u64) -> Option<EntryId> {
        self.lock()[side.index()].nodes.find(state, hash)
    }

    /// Whether `side` holds some position whose boxes hash to `boxes_hash` (the player
    /// anywhere).
    pub fn has_boxes(&self, side: Side, boxes_hash: u64) -> bool {
        self.lock()[side.index()].box_sets.contains(&boxes_hash)
    }

    /// Positions each side holds: forward, backward.
    pub fn len(&self) -> [usize; 2] {
        let halves = self.lock();
        [halves[0].nodes.len(), halves[1].nodes.len()]
    }

    /// Bytes held.
    pub fn memory(&self) -> usize {
        let halves = self.lock();
        halves[0].memory() + halves[1].memory()
    }

    /// The solution through the position that forward entry `forward` and backward entry
    /// `backward` share: every single push from the start, on the level's grid. `None` if
    /// a move cannot be replayed (never, when the searches stored what they played).
    pub fn solution(
        &self,
        p: &Problem,
        forward: EntryId,
        backward: EntryId,
    ) -> Option<Vec<(Pos, Dir)>> {
        let halves = self.lock();
        let mut pushes = forward_pushes(p, &halves[0], forward);
        pushes.extend(pushes_home(p, &halves[1], backward)?);
        Some(pushes)
    }

    /// The pushes from backward entry `backward`'s position to the solved position, on the
    /// level's grid (`None` as for [`Perimeter::solution`]).
    pub fn pushes_home(&self, p: &Problem, backward: EntryId) -> Option<Vec<(Pos, Dir)>> {
        pushes_home(p, &self.lock()[1], backward)
    }
}

/// The pushes from the start to forward entry `id`, macro moves expanded.
fn forward_pushes(p: &Problem, half: &Half, id: EntryId) -> Vec<(Pos, Dir)> {
    let path = half.nodes.path(id);
    let moves = path.windows(2).map(|pair| {
        let s = half.steps[pair[1] as usize];
        (half.nodes.state(pair[0]), Macro { from: s.from, to: s.to, dir: s.dir, pushes: s.count })
    });
    BoxMoves::default().expand(&p.board, moves)
}

/// The pushes from backward entry `id` to the solved position: each pull of its line
/// undone, the last first. `None` if one cannot be.
fn pushes_home(p: &Problem, half: &Half, id: EntryId) -> Option<Vec<(Pos, Dir)>> {
    let words = p.words();
    let mut box_moves = BoxMoves::default();
    let mut reach = Reach::default();
    let mut out = Vec::new();
    let mut at = id;
    while half.nodes.info(at).parent != at {
        let parent = half.nodes.info(at).parent;
        let pull = half.steps[at as usize];
        let before = half.nodes.state(parent);
        reach.flood(&p.board, &before[..words], player_of(before));
        // The push back must leave the player in the parent's area.
        let pushes = (0..4).find_map(|dir| {
            let behind = p.board.nbr(pull.from, opposite(dir));
            if behind == NONE || !reach.reached(behind) {
                return None;
            }
            let m = Macro { from: pull.to, to: pull.from, dir: dir as u8, pushes: pull.count };
            box_moves.pushes_of(&p.board, half.nodes.state(at), m)
        })?;
        out.extend(pushes.into_iter().map(|(s, d)| (p.board.pos(s), Dir::ALL[d as usize])));
        at = parent;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Level;
    use crate::solver::model::interrupt::Interrupt;
    use crate::solver::model::pull_moves::PullMoves;
    use crate::solver::model::state::{clear_box, set_box};

    /// Pulls one box at a time from the solved position, each to its farthest square, and
    /// pushes from the start likewise, until the sides meet; the joined pushes replay.
    #[test]
    fn positions_held_on_both_sides_join_into_a_solution_that_replays() {
        let rows = ["#######", "#.  $ #", "# #   #", "#. $ @#", "#######"];
        let level = Level::from_rows(&rows).unwrap();
        let p = Problem::new(&level).unwrap();
        let perimeter = Perimeter::new(&p);
        let words = p.words();
        let start = p.root();
        let added = perimeter.add(Side::Forward, &start, p.hash(&start), None, &p);
        assert_eq!((added.new, added.other), (true, None));
        // Breadth-first over pulls from the solved position (player in each area) until a
        // pull reaches a position the forward side holds (here, only the start).
        let mut reach = Reach::default();
        let mut queue = std::collections::VecDeque::new();
        let mut seen = HashSet::new();
        for s in 0..p.board.len() as Sq {
            let mut state = p.goal_set.clone();
            if crate::solver::model::state::has_box(&state, s) {
                continue;
            }
            state.push(u64::from(reach.flood(&p.board, &p.goal_set, s)));
            if seen.insert(state.clone()) {
                let root = perimeter.add(Side::Backward, &state, p.hash(&state), None, &p);
                queue.push_back((root.entry.unwrap(), state));
            }
        }
        let mut pulls = PullMoves::default();
        let mut met = None;
        while let Some((entry, state)) = queue.pop_front() {
            let mut moves = Vec::new();
            let (boxes, player) = (&state[..words], player_of(&state));
            let onward = |s| p.dist.towards_goals(s);
            pulls.generate(&p.board, boxes, player, &Interrupt::default(), onward, &mut moves);
            for m in moves {
                let mut child = state[..words].to_vec();
                clear_box(&mut child, m.from);
                set_box(&mut child, m.to);
                child.push(u64::from(reach.flood(&p.board, &child, m.player(&p.board))));
                let hash = p.hash(&child);
                let added =
                    perimeter.add(Side::Backward, &child, hash, Some((entry, m.into())), &p);
                if let Some(forward) = added.other {
                    met = Some((forward, added.entry.unwrap()));
                    break;
                }
                if added.new {
                    queue.push_back((added.entry.unwrap(), child));
                }
            }
            if met.is_some() {
                break;
            }
        }
        let (forward, backward) = met.expect("the pulls reach the start");
        assert_eq!(perimeter.find(Side::Backward, &start, p.hash(&start)), Some(backward));
        assert!(perimeter.has_boxes(Side::Backward, p.zobrist.boxes_hash(&start[..words])));
        let pushes = perimeter.solution(&p, forward, backward).unwrap();
        let moves = crate::solver::model::walk::moves_for(&level, &pushes).unwrap();
        let check = crate::level::replay(&level, &moves);
        assert!(check.error.is_none() && check.solved, "{check:?}");
        let [f, b] = perimeter.len();
        assert_eq!(f, 1);
        assert!(b > 2);
    }
}
