//! The deadlock pattern database: small sets of boxes, with the area the player stands in,
//! proven dead by a [`SubSearch`] of those boxes alone. A position holding a pattern's
//! boxes, with its player in the pattern's area, is dead.
//!
//! Patterns come from four sources. Before the search, every pair of neighbouring boxes on
//! live squares is tried in each player area it leaves ([`Patterns::precompute`]). During
//! the search, the cluster of boxes around each pushed box is tried ([`Patterns::learn`]),
//! and so are the boxes of a small room the pushed box entered ([`Patterns::learn_room`],
//! Festival's room deadlocks); and where a subtree of feature-space search stalls, the
//! boxes of its root the player cannot move out of the way are tried with a larger budget
//! ([`Patterns::learn_stalled`]). When a set is dead, boxes are taken out one by one while
//! it stays dead, so that the stored pattern is minimal and matches as many later positions
//! as possible. A fifth source is the user: a smallest dead set the oracle proved can be
//! added ([`Patterns::adopt`]). Patterns are indexed by each of their squares: a new
//! position is matched against the patterns holding the square of the box just pushed.

use crate::level::Pos;
use crate::solver::analysis::problem::Problem;
use crate::solver::analysis::rooms::Area;
use crate::solver::deadlock::PruneReason;
use crate::solver::deadlock::freeze::Freeze;
use crate::solver::deadlock::subsearch::{Answer, SubSearch, movable_box};
use crate::solver::model::board::{NONE, Sq};
use crate::solver::model::interrupt::Interrupt;
use crate::solver::model::journaled::JournaledMap;
use crate::solver::model::reach::Reach;
use crate::solver::model::state::{boxes_of, clear_box, has_box, set_box};

/// Most boxes in a cluster examined during the search.
const CLUSTER: usize = 5;
/// Rooms whose boxes are examined together: at most this many squares...
const ROOM_SQUARES: usize = 25;
/// ...holding this many boxes.
const ROOM_BOXES: std::ops::RangeInclusive<usize> = 2..=5;
/// Most boxes left of a stalled position for its sub-search.
const STALLED_BOXES: usize = 12;
/// Expansions a stalled position's sub-search may make.
const STALLED_BUDGET: u32 = 500;
/// Expansions a sub-search may make on boards of up to [`SMALL_BOARD`] squares.
const BUDGET: u32 = 400;
/// Floor squares up to which a sub-search gets its whole [`BUDGET`]; on larger boards,
/// where every expansion floods more squares, the budget shrinks in proportion.
const SMALL_BOARD: u64 = 400;
/// Square visits (expansions times floor squares) the enumeration before the search may
/// spend in all; on big boards it stops early, leaving the rest to learning.
const PRECOMPUTE_WORK: u64 = 60_000_000;
/// Cluster verdicts remembered before the memory is emptied.
const REMEMBERED: usize = 1 << 18;
/// Most patterns kept.
const MAX_PATTERNS: usize = 1 << 16;

/// Where a pattern came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// Enumerated before the search.
    Precomputed,
    /// Found dead during the search.
    Learned,
    /// The boxes of a small room, found dead when a box was pushed into it.
    Room,
    /// Learned where a subtree of the search stalled.
    Stalled,
    /// Learned by Demaret's planner: these stones cannot fill the goal its plan wants next
    /// (relative to the plan, not a deadlock).
    Plan,
    /// A smallest dead set the oracle proved, added by the user ([`Patterns::adopt`]).
    Oracle,
}

/// What became of a dead set offered to a pattern database ([`Patterns::adopt`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Adopted {
    /// Stored as this pattern.
    Added(u32),
    /// This stored pattern already covers it: its boxes are among the set's and the
    /// player's square is in its area.
    Known(u32),
}

impl Source {
    /// The rule a pattern from this source prunes under: a room's, a stalled subtree's, or
    /// the database's.
    pub fn rule(self) -> PruneReason {
        match self {
            Source::Room => PruneReason::Room,
            Source::Stalled => PruneReason::Stalled,
            Source::Precomputed | Source::Learned | Source::Plan | Source::Oracle => {
                PruneReason::Pattern
            }
        }
    }

    /// The name the inspector shows.
    pub fn name(self) -> &'static str {
        match self {
            Source::Precomputed => "precomputed",
            Source::Learned => "learned",
            Source::Room => "room",
            Source::Stalled => "stalled subtree",
            Source::Plan => "planner's",
            Source::Oracle => "oracle's",
        }
    }
}

/// One deadlock pattern.
#[derive(Clone, Debug)]
pub struct Pattern {
    /// Its boxes, in square order.
    pub boxes: Vec<Sq>,
    /// The player's area with only these boxes on the board, as a bitset over squares.
    pub area: Vec<u64>,
    /// Where it came from.
    pub source: Source,
    /// How many positions it has pruned.
    pub hits: u64,
}

/// A pattern as the inspector shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternView {
    /// The pattern's index (as [`crate::solver::search::ChildView::pattern`] gives it).
    pub id: u32,
    /// Its boxes.
    pub boxes: Vec<Pos>,
    /// The squares of the player's area.
    pub area: Vec<Pos>,
    /// Where it came from.
    pub source: Source,
    /// How many positions it has pruned.
    pub hits: u64,
    /// For a planner's pattern: the goal its stones cannot fill.
    pub target: Option<Pos>,
    /// For a planner's pattern: the patterns it replaced (they were included in it).
    pub replaced: Vec<u32>,
}

/// The database and the scratch space to grow it.
#[derive(Debug, Default)]
pub struct Patterns {
    patterns: Vec<Pattern>,
    by_square: Vec<Vec<u32>>,
    sub: SubSearch,
    reach: Reach,
    /// The player's reach after a trial push ([`movable_box`]).
    moved_reach: Reach,
    freeze: Freeze,
    remembered: JournaledMap<()>,
    /// With a journal: every hit counted, by pattern, in order (so that hits can be
    /// taken back when the search goes back).
    hit_log: Option<Vec<u32>>,
    cluster: Vec<Sq>,
    subset: Vec<u64>,
    /// Expansions each sub-search may make on this board.
    budget: u32,
    /// Square visits the enumeration has left.
    precompute_left: u64,
    interrupt: Interrupt,
}

impl Patterns {
    /// An empty database for `p`, whose sub-searches and enumeration stop when `interrupt`
    /// is raised; its sub-searches are relaxed ([`SubSearch::relaxed`]) when `relaxed`.
    pub fn new(p: &Problem, interrupt: &Interrupt, relaxed: bool) -> Self {
        let squares = p.board.len().max(1) as u64;
        let budget = (u64::from(BUDGET) * SMALL_BOARD / squares).clamp(16, u64::from(BUDGET));
        Patterns {
            by_square: vec![Vec::new(); p.board.len()],
            budget: budget as u32,
            precompute_left: PRECOMPUTE_WORK,
            sub: SubSearch::new(interrupt.clone()).relaxed(relaxed),
            interrupt: interrupt.clone(),
            ..Patterns::default()
        }
    }

    /// Every pattern, in the order found.
    #[cfg(test)]
    pub fn all(&self) -> &[Pattern] {
        &self.patterns
    }

    /// Bytes the database holds, about.
    pub fn memory(&self) -> usize {
        let patterns: usize =
            self.patterns.iter().map(|p| p.area.capacity() * 8 + p.boxes.capacity() * 2 + 64).sum();
        patterns
            + self.by_square.iter().map(|v| v.capacity() * 4 + 24).sum::<usize>()
            + self.remembered.memory(16)
            + self.hit_log.as_ref().map_or(0, |log| log.capacity() * 4)
            + self.sub.memory()
    }

    /// Keeps a journal from now on (patterns stored, hits counted, clusters remembered),
    /// so that the database can go back to a mark.
    pub fn journal(&mut self) {
        self.remembered.journal();
        self.hit_log.get_or_insert_with(Vec::new);
    }

    /// The point the database can go back to: its patterns, its hits, its memory of
    /// clusters tried.
    pub fn mark(&self) -> [usize; 3] {
        let hits = self.hit_log.as_ref().map_or(0, Vec::len);
        [self.patterns.len(), hits, self.remembered.mark()]
    }

    /// Puts the database back as it was at `mark`: later patterns removed, later hits
    /// taken back.
    pub fn rewind(&mut self, [patterns, hits, remembered]: [usize; 3]) {
        while self.patterns.len() > patterns {
            let gone = self.patterns.pop().expect("longer than the mark");
            let id = self.patterns.len() as u32;
            for b in gone.boxes {
                let list = &mut self.by_square[b as usize];
                debug_assert_eq!(list.last(), Some(&id), "the newest pattern is last");
                list.pop();
            }
        }
        if let Some(log) = &mut self.hit_log {
            for id in log.drain(hits.min(log.len())..) {
                if let Some(p) = self.patterns.get_mut(id as usize) {
                    p.hits -= 1;
                }
            }
        }
        self.remembered.rewind(remembered);
    }

    /// Counts a hit of pattern `id`.
    fn hit(&mut self, id: u32) {
        self.patterns[id as usize].hits += 1;
        if let Some(log) = &mut self.hit_log {
            log.push(id);
        }
    }

    /// The patterns as the inspector shows them.
    pub fn views(&self, p: &Problem) -> Vec<PatternView> {
        let squares = |bits: &[u64]| boxes_of(bits).map(|s| p.board.pos(s)).collect();
        self.patterns
            .iter()
            .enumerate()
            .map(|(i, pat)| PatternView {
                id: i as u32,
                boxes: pat.boxes.iter().map(|&s| p.board.pos(s)).collect(),
                area: squares(&pat.area),
                source: pat.source,
                hits: pat.hits,
                target: None,
                replaced: Vec::new(),
            })
            .collect()
    }

    /// The rule pattern `id` stands for: a room's, a stalled subtree's, or the database's.
    pub fn reason(&self, id: u32) -> PruneReason {
        self.patterns[id as usize].source.rule()
    }

    /// The first pattern holding square `to` that `boxes`, with the player on `player`,
    /// contains; its hit count goes up.
    pub fn matching(&mut self, boxes: &[u64], player: Sq, to: Sq) -> Option<u32> {
        let found = self.first_matching(boxes, player, to)?;
        self.hit(found);
        Some(found)
    }

    /// Tries the cluster of boxes around `to` (the box just pushed) in `boxes`, the player
    /// on `player`: when those boxes alone are dead, stores a minimal dead subset and
    /// returns its index.
    pub fn learn(&mut self, p: &Problem, boxes: &[u64], player: Sq, to: Sq) -> Option<u32> {
        self.gather(p, boxes, to);
        self.learn_cluster(p, player, to, self.budget, Source::Learned)
    }

    /// Tries the boxes of the room `to` (the box just pushed) is in, when the room is small
    /// and holds a few boxes ([`ROOM_SQUARES`], [`ROOM_BOXES`]), as [`Patterns::learn`]
    /// tries a cluster.
    pub fn learn_room(&mut self, p: &Problem, boxes: &[u64], player: Sq, to: Sq) -> Option<u32> {
        let Area::Room(room) = p.rooms.area(to) else { return None };
        let squares = &p.rooms.rooms[room as usize];
        if squares.len() > ROOM_SQUARES {
            return None;
        }
        self.cluster.clear();
        self.cluster.extend(squares.iter().copied().filter(|&s| has_box(boxes, s)));
        if !ROOM_BOXES.contains(&self.cluster.len()) {
            return None;
        }
        self.learn_cluster(p, player, to, self.budget, Source::Room)
    }

    /// Tries the position `boxes`, the player on `player`, where a subtree of the search
    /// stalled: boxes the player can move out of the way ([`movable_box`]) are taken off,
    /// again and again, as Festival's stuck-pattern learning does (taking one off only frees
    /// the others, so the boxes left do not depend on the order), and when at most
    /// [`STALLED_BOXES`] are left, those are tried with a larger budget, as
    /// [`Patterns::learn`] tries a cluster.
    pub fn learn_stalled(&mut self, p: &Problem, boxes: &[u64], player: Sq) -> Option<u32> {
        let mut left = boxes.to_vec();
        loop {
            self.reach.flood(&p.board, &left, player);
            let Some(b) = movable_box(p, &mut left, &self.reach, &mut self.moved_reach) else {
                break;
            };
            clear_box(&mut left, b);
        }
        self.cluster.clear();
        self.cluster.extend(boxes_of(&left));
        let removed = self.cluster.len() < boxes_of(boxes).count();
        if self.cluster.is_empty() || self.cluster.len() > STALLED_BOXES || !removed {
            return None;
        }
        // The last box of the cluster is the one shrinking keeps longest.
        let last = *self.cluster.last().expect("not empty");
        self.learn_cluster(p, player, last, STALLED_BUDGET, Source::Stalled)
    }

    /// Tries the boxes of `self.cluster` (with `to` among them), the player on `player`,
    /// with sub-searches of `budget` expansions: when they alone are dead, stores a minimal
    /// dead subset from `source` and returns its index.
    fn learn_cluster(
        &mut self,
        p: &Problem,
        player: Sq,
        to: Sq,
        budget: u32,
        source: Source,
    ) -> Option<u32> {
        if self.patterns.len() >= MAX_PATTERNS {
            return None;
        }
        if self.cluster.iter().all(|&b| p.board.is_goal(b)) {
            return None;
        }
        self.load_subset(p, &self.cluster.clone());
        let low = self.reach.flood(&p.board, &self.subset, player);
        let key = p.zobrist.boxes_hash(&self.subset) ^ p.zobrist.player_key(low);
        if self.remembered.contains_key(&key) {
            return None;
        }
        if self.remembered.len() >= REMEMBERED {
            self.remembered.clear();
        }
        self.remembered.insert(key, ());
        if self.sub.solve(p, &self.subset, player, budget) != Answer::Dead {
            return None;
        }
        // Shrink: drop each box (the pushed one last) while the rest stays dead.
        let mut kept = self.cluster.clone();
        kept.sort_by_key(|&b| b == to);
        let mut i = 0;
        while i < kept.len() && kept.len() > 1 {
            let mut fewer = kept.clone();
            fewer.remove(i);
            self.load_subset(p, &fewer);
            if self.sub.solve(p, &self.subset, player, budget) == Answer::Dead {
                kept = fewer;
            } else {
                i += 1;
            }
        }
        // The position it was learned from is the first it prunes.
        let id = self.store(p, &kept, player, source);
        self.hit(id);
        Some(id)
    }

    /// Stores `boxes` with the player's area around `player` as a pattern from the oracle,
    /// unless a stored pattern covers it already; `None` when the database is full. The
    /// caller vouches that the set is dead (the oracle proved it by exhaustive search).
    pub fn adopt(&mut self, p: &Problem, boxes: &[Sq], player: Sq) -> Option<Adopted> {
        self.load_subset(p, boxes);
        let subset = self.subset.clone();
        let known = boxes.iter().find_map(|&b| self.first_matching(&subset, player, b));
        if let Some(id) = known {
            return Some(Adopted::Known(id));
        }
        (self.patterns.len() < MAX_PATTERNS)
            .then(|| Adopted::Added(self.store(p, boxes, player, Source::Oracle)))
    }

    /// Whether `boxes`, the player on `player`, holds pattern `id`.
    pub fn holds(&self, id: u32, boxes: &[u64], player: Sq) -> bool {
        let pat = &self.patterns[id as usize];
        has_box(&pat.area, player) && pat.boxes.iter().all(|&b| has_box(boxes, b))
    }

    /// Enumerates single boxes and pairs of boxes on neighbouring live squares (across,
    /// down and both diagonals), in every player area they leave, and stores the dead ones.
    /// A pair is skipped when freeze detection already condemns it or when one of its
    /// boxes alone is a stored pattern. The work is capped (see [`PRECOMPUTE_WORK`]), so
    /// on big boards only part of the board is enumerated.
    pub fn precompute(&mut self, p: &Problem) {
        let board = &p.board;
        for a in 0..board.len() as Sq {
            if self.interrupt.raised() {
                return;
            }
            if !p.dist.is_dead(a) {
                self.try_areas(p, &[a]);
            }
        }
        for a in 0..board.len() as Sq {
            if self.precompute_left == 0 || self.interrupt.raised() {
                break;
            }
            if p.dist.is_dead(a) {
                continue;
            }
            for b in neighbours8(p, a) {
                if b <= a || p.dist.is_dead(b) || (board.is_goal(a) && board.is_goal(b)) {
                    continue;
                }
                self.load_subset(p, &[a, b]);
                let frozen = self.freeze.is_deadlock(board, &p.dist, &self.subset, a)
                    || self.freeze.is_deadlock(board, &p.dist, &self.subset, b);
                if !frozen {
                    self.try_areas(p, &[a, b]);
                }
            }
        }
    }

    /// Tries `boxes` alone with the player in each area around them; stores the dead ones
    /// not already covered by a stored pattern.
    fn try_areas(&mut self, p: &Problem, boxes: &[Sq]) {
        let board = &p.board;
        self.load_subset(p, boxes);
        let subset = self.subset.clone();
        let squares = board.len() as u64;
        let mut tried: Vec<Sq> = Vec::new();
        for &s in boxes {
            for d in 0..4 {
                let start = board.nbr(s, d);
                if start == NONE || has_box(&subset, start) {
                    continue;
                }
                if self.precompute_left == 0 {
                    return;
                }
                self.precompute_left = self.precompute_left.saturating_sub(squares);
                let low = self.reach.flood(&p.board, &subset, start);
                if tried.contains(&low) {
                    continue;
                }
                tried.push(low);
                let covered =
                    boxes.iter().any(|&b| self.first_matching(&subset, start, b).is_some());
                if !covered {
                    let answer = self.sub.solve(p, &subset, start, self.budget);
                    let work = u64::from(self.sub.floods) * squares;
                    self.precompute_left = self.precompute_left.saturating_sub(work);
                    if answer == Answer::Dead {
                        self.store(p, boxes, start, Source::Precomputed);
                    }
                }
            }
        }
    }

    /// The first stored pattern holding `to` that `boxes`, the player on `player`, contains
    /// (no hit counted).
    fn first_matching(&self, boxes: &[u64], player: Sq, to: Sq) -> Option<u32> {
        self.by_square.get(to as usize)?.iter().copied().find(|&i| self.holds(i, boxes, player))
    }

    /// Stores the pattern of `boxes` with the player's area around `player`.
    fn store(&mut self, p: &Problem, boxes: &[Sq], player: Sq, source: Source) -> u32 {
        self.load_subset(p, boxes);
        let subset = self.subset.clone();
        self.reach.flood(&p.board, &subset, player);
        let area = self.reach.bits()[..p.words()].to_vec();
        let id = self.patterns.len() as u32;
        let mut sorted = boxes.to_vec();
        sorted.sort_unstable();
        for &b in &sorted {
            self.by_square[b as usize].push(id);
        }
        self.patterns.push(Pattern { boxes: sorted, area, source, hits: 0 });
        id
    }

    /// The boxes around `to`: those within one square (diagonals included) of a box
    /// already gathered, nearest first, up to [`CLUSTER`].
    fn gather(&mut self, p: &Problem, boxes: &[u64], to: Sq) {
        self.cluster.clear();
        self.cluster.push(to);
        let mut i = 0;
        while i < self.cluster.len() && self.cluster.len() < CLUSTER {
            let s = self.cluster[i];
            for n in neighbours8(p, s) {
                if has_box(boxes, n) && !self.cluster.contains(&n) && self.cluster.len() < CLUSTER {
                    self.cluster.push(n);
                }
            }
            i += 1;
        }
    }

    fn load_subset(&mut self, p: &Problem, boxes: &[Sq]) {
        self.subset.clear();
        self.subset.resize(p.words(), 0);
        for &b in boxes {
            set_box(&mut self.subset, b);
        }
    }
}

/// The floor squares among the eight around `s`.
fn neighbours8(p: &Problem, s: Sq) -> impl Iterator<Item = Sq> + '_ {
    let here = p.board.pos(s);
    [(-1i32, -1i32), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)]
        .into_iter()
        .filter_map(move |(dx, dy)| {
            let x = usize::try_from(here.x as i32 + dx).ok()?;
            let y = usize::try_from(here.y as i32 + dy).ok()?;
            p.board.square_at(Pos::new(x, y))
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Level;

    fn setup(rows: &[&str]) -> (Problem, Vec<u64>) {
        let p = Problem::new(&Level::from_rows(rows).unwrap()).unwrap();
        let boxes = p.box_bits(p.board.start_boxes().iter().copied());
        (p, boxes)
    }

    /// A corridor: the box right of the player can only be pushed into the dead end
    /// (the player cannot get past it), though from the other side it could reach a goal.
    /// The box on the goal below it is unrelated.
    const CORRIDOR: [&str; 4] = ["########", "#..$@$ #", "#####*##", "     #"];

    #[test]
    fn a_dead_cluster_is_learned_minimal_and_then_matched() {
        let (p, boxes) = setup(&CORRIDOR);
        let at = |x, y| p.board.square_at(Pos::new(x, y)).unwrap();
        let mut db = Patterns::new(&p, &Interrupt::default(), true);
        let player = at(4, 1);
        let id = db.learn(&p, &boxes, player, at(5, 1)).expect("the box is dead");
        assert_eq!(db.all()[id as usize].boxes, vec![at(5, 1)], "the goal box is dropped");
        assert_eq!(db.all()[id as usize].hits, 1, "the position it was learned from");
        assert_eq!(db.matching(&boxes, player, at(5, 1)), Some(id));
        assert_eq!(db.all()[id as usize].hits, 2);
        // With the player beyond the box, it can be pushed back: no match.
        assert_eq!(db.matching(&boxes, at(6, 1), at(5, 1)), None);
        // The box on the left is alive where it is.
        assert_eq!(db.learn(&p, &boxes, player, at(3, 1)), None);
    }

    #[test]
    fn every_precomputed_pattern_is_dead_by_exhaustive_search() {
        let rows = [
            "##########",
            "#.  #  $ #",
            "# $ ## ###",
            "#  $     #",
            "# @## #. #",
            "##.#######",
            " ###",
        ];
        for rows in [&rows[..], &CORRIDOR[..]] {
            let (p, _) = setup(rows);
            let mut db = Patterns::new(&p, &Interrupt::default(), true);
            db.precompute(&p);
            assert!(!db.all().is_empty(), "corridors have dead boxes and pairs");
            let mut sub = SubSearch::default();
            for pat in db.all() {
                let bits = p.box_bits(pat.boxes.iter().copied());
                let player = boxes_of(&pat.area).next().unwrap();
                assert_eq!(sub.solve(&p, &bits, player, u32::MAX), Answer::Dead, "{pat:?}");
            }
        }
    }

    #[test]
    fn precomputing_stops_at_its_work_cap_on_a_big_board_only() {
        let (small, _) = setup(&CORRIDOR);
        let mut db = Patterns::new(&small, &Interrupt::default(), true);
        db.precompute(&small);
        assert!(db.precompute_left > 0, "a small board is enumerated in full");
        assert_eq!(db.budget, BUDGET);
        let side = 60;
        let mut rows = vec!["#".repeat(side)];
        for y in 1..side - 1 {
            let inner: String = (1..side - 1)
                .map(|x| match (x, y) {
                    (1, 1) => '@',
                    (2, 2) => '$',
                    (3, 3) => '.',
                    _ if x % 4 == 0 && y % 4 == 0 => '#',
                    _ => ' ',
                })
                .collect();
            rows.push(format!("#{inner}#"));
        }
        rows.push("#".repeat(side));
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let (big, _) = setup(&rows);
        let mut db = Patterns::new(&big, &Interrupt::default(), true);
        assert!(db.budget < BUDGET, "sub-searches shrink on a big board");
        db.precompute(&big);
        assert_eq!(db.precompute_left, 0, "the enumeration stopped at its cap");
    }

    /// Every position of the small boards in which a room's boxes, or a stalled position's
    /// boxes the player cannot move out of the way, are found dead is dead by exhaustive
    /// search, and so is the pattern kept of it.
    #[test]
    fn every_room_and_stalled_pattern_is_dead_by_exhaustive_search() {
        use crate::solver::deadlock::exhaustive::{BOARDS, is_dead, positions, problem};
        let (mut rooms, mut stalled) = (0, 0);
        for rows in BOARDS {
            let p = problem(rows);
            let mut db = Patterns::new(&p, &Interrupt::default(), true);
            for (boxes, player) in positions(&p) {
                let mut found = Vec::new();
                for to in boxes_of(&boxes) {
                    if let Some(id) = db.learn_room(&p, &boxes, player, to) {
                        rooms += 1;
                        found.push(id);
                    }
                }
                if let Some(id) = db.learn_stalled(&p, &boxes, player) {
                    stalled += 1;
                    found.push(id);
                }
                for id in found {
                    assert!(is_dead(&p, &boxes, player), "{rows:?} player {player}");
                    let pat = &db.all()[id as usize];
                    let bits = p.box_bits(pat.boxes.iter().copied());
                    assert!(is_dead(&p, &bits, player), "{pat:?}");
                    assert!(db.holds(id, &boxes, player));
                }
            }
        }
        assert!(rooms > 0 && stalled > 0, "{rooms} room and {stalled} stalled patterns");
    }

    #[test]
    fn the_relaxed_sub_search_calls_dead_only_dead_positions_and_never_alive_after_taking_off() {
        use crate::solver::deadlock::exhaustive::{BOARDS, is_dead, positions, problem};
        let (mut dead, mut taken_off) = (0, 0);
        for rows in BOARDS {
            let p = problem(rows);
            let mut relaxed = SubSearch::default().relaxed(true);
            for (boxes, player) in positions(&p) {
                let answer = relaxed.solve(&p, &boxes, player, u32::MAX);
                let plain = is_dead(&p, &boxes, player);
                if answer == Answer::Dead {
                    assert!(plain, "{rows:?}: a live position called dead");
                    dead += 1;
                }
                if relaxed.taken_off > 0 {
                    assert_ne!(answer, Answer::Alive, "{rows:?}: alive after taking a box off");
                    taken_off += 1;
                }
            }
        }
        assert!(dead > 0 && taken_off > 0, "{dead} dead, {taken_off} searches took a box off");
    }
}
