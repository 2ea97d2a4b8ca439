//! Demaret's learned patterns (2007, chapter 5). When no sub-solution follows a node, the
//! planner looks for small groups of its stones (one to three clusters of adjacent stones)
//! that cannot fill the next goal on their own, tests each by a depth-limited search of
//! those stones alone, and stores those proved, with the man's area, to cut later
//! positions that contain them.
//!
//! Such a pattern is relative to the plan: the group cannot fill *this* goal, but other
//! stones might, and the fallback pattern (the whole position) may record a failure of the
//! depth limit. So the patterns only ever cut the planner's own search and never prove a
//! deadlock. A pattern is *proved* when its failure was: a group's test, or a whole
//! position whose sub-problem the depth limit did not cut; in strict mode only those are
//! stored (the planner's second try at a plan, [`Technique::PatternRetry`]).
//!
//! [`Technique::PatternRetry`]: crate::solver::techniques::Technique::PatternRetry

use std::collections::{HashMap, HashSet};

use crate::solver::analysis::problem::Problem;
use crate::solver::deadlock::patterns::{PatternView, Source};
use crate::solver::model::board::Sq;
use crate::solver::model::box_moves::BoxMoves;
use crate::solver::model::reach::Reach;
use crate::solver::model::state::{boxes_of, clear_box, has_box, set_box};

/// Nodes one pattern test may develop before it counts as cut (inconclusive).
const TEST_NODES: u64 = 5_000;

/// One learned pattern.
#[derive(Clone, Debug)]
pub(super) struct Learned {
    id: u32,
    /// Its stones, in square order.
    stones: Vec<Sq>,
    /// The man's square when it was learned.
    man: Sq,
    /// The squares the man reaches from there with only the pattern's stones as obstacles.
    area: Vec<u64>,
    /// The goal these stones could not fill.
    target: Sq,
    /// The patterns it replaced (they were included in it).
    replaced: Vec<u32>,
    hits: u64,
    /// Whether its failure was proved (not a failure of the depth limit).
    proved: bool,
}

impl Learned {
    /// The pattern of `stones` with the man on `man` and his `area`, failing to fill
    /// `target` (`proved`: not by the depth limit's fault).
    fn new(mut stones: Vec<Sq>, man: Sq, area: Vec<u64>, target: Sq, proved: bool) -> Self {
        stones.sort_unstable();
        Learned { id: 0, stones, man, area, target, replaced: Vec::new(), hits: 0, proved }
    }

    /// Whether `self` is included in `other` (Demaret's sense): `other`'s stones are all
    /// among `self`'s and `self`'s man walks into `other`'s area, so every position `self`
    /// cuts, `other` cuts too.
    fn included_in(&self, other: &Learned) -> bool {
        has_box(&other.area, self.man) && other.stones.iter().all(|s| self.stones.contains(s))
    }
}

/// The man's area from `man` with only `stones` on the board.
fn reach_with(p: &Problem, reach: &mut Reach, stones: &[Sq], man: Sq) -> Vec<u64> {
    let bits = p.box_bits(stones.iter().copied());
    reach.flood(&p.board, &bits, man);
    reach.bits().to_vec()
}

/// The planner's learned patterns, kept minimal: no pattern is included in another.
#[derive(Debug, Default)]
pub(super) struct LearnedPatterns {
    list: Vec<Learned>,
    next_id: u32,
    reach: Reach,
    moves: BoxMoves,
    /// Nodes the pattern tests developed.
    pub developed: u64,
    /// Positions the patterns cut.
    pub cuts: u64,
    /// Positions the unproved patterns cut since the last [`LearnedPatterns::forget`].
    pub unproved_cuts: u64,
    /// Whether only proved patterns are stored.
    pub strict: bool,
}

/// One pattern test's search: the goal, the most moves left each position was searched
/// with, the nodes it may still develop, and whether anything was cut.
struct Probe {
    target: Sq,
    seen: HashMap<Vec<u64>, u32>,
    left: u64,
    cut: bool,
}

/// A sub-problem that found no solution from a position.
#[derive(Clone, Copy, Debug)]
pub(super) struct Failure {
    /// The square it was to fill.
    pub target: Sq,
    /// Its depth limit in moves.
    pub depth: u32,
    /// Whether the depth limit cut nothing (the failure is the plan's, not the limit's).
    pub proved: bool,
}

/// How a pattern test ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Test {
    /// The stones fill the goal.
    Fills,
    /// They cannot: every position within the depth was searched.
    Cannot,
    /// The depth (or the node cap) cut the search: nothing proved.
    Cut,
}

impl LearnedPatterns {
    /// Inserts `new` unless it is included in a stored pattern; the stored patterns
    /// included in it are removed, and listed as replaced by it. Whether it was stored.
    fn insert(&mut self, mut new: Learned) -> bool {
        if self.list.iter().any(|old| new.included_in(old)) {
            return false;
        }
        new.id = self.next_id;
        self.next_id += 1;
        let (replaced, kept): (Vec<Learned>, Vec<Learned>) =
            std::mem::take(&mut self.list).into_iter().partition(|old| old.included_in(&new));
        new.replaced = replaced.iter().map(|old| old.id).collect();
        self.list = kept;
        self.list.push(new);
        true
    }

    /// Drops every pattern (they are relative to a plan the planner gave up), keeping the
    /// counts, and leaves strict mode.
    pub fn forget(&mut self) {
        self.list.clear();
        self.unproved_cuts = 0;
        self.strict = false;
    }

    /// Drops the unproved patterns and stores only proved ones from now on (the same
    /// plan's second try).
    pub fn keep_proved(&mut self) {
        self.list.retain(|pat| pat.proved);
        self.unproved_cuts = 0;
        self.strict = true;
    }

    /// The pattern the position (`boxes`, man on `man`) contains, if any; it counts a cut.
    pub fn matching(&mut self, boxes: &[u64], man: Sq) -> Option<u32> {
        let found = self
            .list
            .iter_mut()
            .find(|pat| has_box(&pat.area, man) && pat.stones.iter().all(|&s| has_box(boxes, s)))?;
        found.hits += 1;
        self.cuts += 1;
        self.unproved_cuts += u64::from(!found.proved);
        Some(found.id)
    }

    /// Learns from `state` (stone bitset then man), from which the sub-problem `failed`,
    /// the goals `filled` holding frozen stones: the subsets of one to three clusters of
    /// its other stones that cannot fill the target alone, or, when none is proved, the
    /// whole position (in strict mode only if its failure was proved). Stops early when
    /// `stop` says so.
    pub fn learn(
        &mut self,
        p: &Problem,
        state: &[u64],
        filled: &[Sq],
        failed: Failure,
        stop: &dyn Fn() -> bool,
    ) {
        let Failure { target, depth, proved } = failed;
        let words = p.words();
        let man = state[words] as Sq;
        let stones: Vec<Sq> = boxes_of(&state[..words]).filter(|s| !filled.contains(s)).collect();
        let clusters = clusters(p, &stones);
        let mut tried = HashSet::new();
        let mut found: Vec<Vec<Sq>> = Vec::new();
        for k in 1..=3.min(clusters.len().saturating_sub(1)) {
            for pick in subsets(clusters.len(), k) {
                if stop() {
                    return;
                }
                let mut subset: Vec<Sq> = pick.iter().flat_map(|&c| clusters[c].clone()).collect();
                subset.sort_unstable();
                if subset.iter().all(|&s| p.board.is_goal(s))
                    || found.iter().any(|f| f.iter().all(|s| subset.contains(s)))
                {
                    continue;
                }
                let area = reach_with(p, &mut self.reach, &subset, man);
                let low = area.iter().enumerate().find(|(_, w)| **w != 0);
                let key = (subset.clone(), low.map(|(i, w)| i * 64 + w.trailing_zeros() as usize));
                if !tried.insert(key) {
                    continue;
                }
                if self.test(p, &subset, man, target, depth) == Test::Cannot {
                    self.insert(Learned::new(subset.clone(), man, area, target, true));
                    found.push(subset);
                }
            }
        }
        if found.is_empty() && (proved || !self.strict) {
            let area = reach_with(p, &mut self.reach, &stones, man);
            self.insert(Learned::new(stones, man, area, target, proved));
        }
    }

    /// Whether `stones` alone, the man on `man`, can fill `target` within `depth` moves:
    /// a stone that can be pushed alone onto it fills it (the planner's macro-push), else
    /// every single push is tried.
    fn test(&mut self, p: &Problem, stones: &[Sq], man: Sq, target: Sq, depth: u32) -> Test {
        let words = p.words();
        let mut state = vec![0u64; words + 1];
        for &s in stones {
            set_box(&mut state, s);
        }
        state[words] = u64::from(self.reach.flood(&p.board, &state[..words], man));
        let mut probe = Probe { target, seen: HashMap::new(), left: TEST_NODES, cut: false };
        match (self.fill(p, &mut probe, &state, depth), probe.cut) {
            (true, _) => Test::Fills,
            (false, false) => Test::Cannot,
            (false, true) => Test::Cut,
        }
    }

    /// The depth-first search of [`LearnedPatterns::test`] from `state`, `depth` moves
    /// left.
    fn fill(&mut self, p: &Problem, probe: &mut Probe, state: &[u64], depth: u32) -> bool {
        let words = p.words();
        if has_box(&state[..words], probe.target) {
            return true;
        }
        if probe.left == 0 {
            probe.cut = true;
            return false;
        }
        probe.left -= 1;
        self.developed += 1;
        let stones: Vec<Sq> = boxes_of(&state[..words]).collect();
        if stones.iter().any(|&s| {
            self.moves
                .route(&p.board, state, s, probe.target, |s| p.dist.towards_goals(s))
                .is_some()
        }) {
            return true;
        }
        if depth == 0 {
            probe.cut = true;
            return false;
        }
        self.reach.flood(&p.board, &state[..words], state[words] as Sq);
        let mut children = Vec::new();
        for &s in &stones {
            for (_, ahead) in self.reach.pushes(&p.board, &state[..words], s) {
                if !p.dist.is_dead(ahead) {
                    let mut child = state.to_vec();
                    clear_box(&mut child, s);
                    set_box(&mut child, ahead);
                    children.push((child, s));
                }
            }
        }
        for (mut child, from) in children {
            child[words] = u64::from(self.reach.flood(&p.board, &child[..words], from));
            if probe.seen.get(&child).is_some_and(|&had| had >= depth - 1) {
                continue;
            }
            probe.seen.insert(child.clone(), depth - 1);
            if self.fill(p, probe, &child, depth - 1) {
                return true;
            }
        }
        false
    }

    /// The patterns as the inspector shows them, numbered from `first`.
    pub fn views(&self, p: &Problem, first: u32) -> Vec<PatternView> {
        let squares = |bits: &[u64]| boxes_of(bits).map(|s| p.board.pos(s)).collect();
        self.list
            .iter()
            .map(|pat| PatternView {
                id: first + pat.id,
                boxes: pat.stones.iter().map(|&s| p.board.pos(s)).collect(),
                area: squares(&pat.area),
                source: Source::Plan,
                hits: pat.hits,
                target: Some(p.board.pos(pat.target)),
                replaced: pat.replaced.iter().map(|&r| first + r).collect(),
            })
            .collect()
    }

    /// Memory held, in bytes.
    pub fn memory(&self) -> usize {
        self.list.iter().map(|p| (p.stones.len() + p.replaced.len()) * 4 + p.area.len() * 8).sum()
    }
}

/// The stones grouped into clusters of 4-adjacent stones.
fn clusters(p: &Problem, stones: &[Sq]) -> Vec<Vec<Sq>> {
    let mut left: Vec<Sq> = stones.to_vec();
    let mut out = Vec::new();
    while let Some(first) = left.pop() {
        let mut cluster = vec![first];
        let mut i = 0;
        while i < cluster.len() {
            let s = cluster[i];
            for d in 0..4 {
                let t = p.board.nbr(s, d);
                if let Some(j) = left.iter().position(|&x| x == t) {
                    cluster.push(left.swap_remove(j));
                }
            }
            i += 1;
        }
        out.push(cluster);
    }
    out
}

/// Every choice of `k` of `n` items, as sorted index lists, in lexicographic order.
fn subsets(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut pick: Vec<usize> = (0..k).collect();
    if k == 0 || k > n {
        return out;
    }
    loop {
        out.push(pick.clone());
        let Some(i) = (0..k).rev().find(|&i| pick[i] < n - k + i) else { return out };
        pick[i] += 1;
        for j in i + 1..k {
            pick[j] = pick[j - 1] + 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::level::{Level, Pos};
    use crate::solver::algo::planner::learned::{
        Failure, Learned, LearnedPatterns, Test, reach_with,
    };
    use crate::solver::analysis::problem::Problem;
    use crate::solver::model::board::Sq;
    use crate::solver::model::reach::Reach;
    use crate::solver::model::state::set_box;

    /// A corridor with two goals at its left end and two stones.
    fn problem() -> Problem {
        Problem::new(&Level::from_rows(&["#########", "#.. $$ @#", "#########"]).unwrap()).unwrap()
    }

    fn sq(p: &Problem, x: usize, y: usize) -> Sq {
        p.board.square_at(Pos::new(x, y)).unwrap()
    }

    /// Demaret's inclusion test: a pattern included in a stored one is not stored, one
    /// that includes stored ones replaces them, and the set stays minimal.
    #[test]
    fn the_inclusion_test_keeps_the_patterns_minimal() {
        let p = problem();
        let mut reach = Reach::default();
        let (a, b, c) = (sq(&p, 4, 1), sq(&p, 5, 1), sq(&p, 3, 1));
        let (m1, m2, target) = (sq(&p, 7, 1), sq(&p, 6, 1), sq(&p, 1, 1));
        let mut db = LearnedPatterns::default();
        let mut new = |stones: Vec<Sq>, man| {
            let area = reach_with(&p, &mut reach, &stones, man);
            Learned::new(stones, man, area, target, true)
        };
        let (p1, p2, p3) = (new(vec![a, b], m1), new(vec![a, b, c], m2), new(vec![a], m1));
        assert!(p2.included_in(&p1) && p1.included_in(&p3) && !p3.included_in(&p1));
        assert!(db.insert(p1));
        assert!(!db.insert(p2), "more stones, the man in its area: adds nothing");
        assert!(db.insert(p3), "fewer stones: replaces the first");
        assert_eq!(db.list.len(), 1);
        assert_eq!(db.list[0].replaced, vec![0]);
        for x in &db.list {
            assert!(db.list.iter().all(|y| std::ptr::eq(x, y) || !x.included_in(y)));
        }
    }

    /// The two stones side by side cannot fill the far goal (the man, on their right,
    /// cannot push the pair), but the left one alone can: the test proves the pair's
    /// pattern, which then cuts the positions holding it with the man in its area.
    #[test]
    fn a_pair_that_blocks_the_corridor_is_learned_and_matched() {
        let p = problem();
        let (a, b, target) = (sq(&p, 4, 1), sq(&p, 5, 1), sq(&p, 1, 1));
        let mut db = LearnedPatterns::default();
        let man = sq(&p, 7, 1);
        assert_eq!(db.test(&p, &[a], man, target, 5), Test::Fills);
        assert_eq!(db.test(&p, &[a, b], man, target, 5), Test::Cannot);
        let mut state = vec![0u64; p.words() + 1];
        set_box(&mut state, a);
        set_box(&mut state, b);
        state[p.words()] = u64::from(man);
        db.learn(&p, &state, &[], Failure { target, depth: 5, proved: true }, &|| false);
        let views = db.views(&p, 0);
        assert_eq!(views.len(), 1);
        assert_eq!(views[0].boxes, vec![Pos::new(4, 1), Pos::new(5, 1)]);
        assert_eq!(views[0].target, Some(Pos::new(1, 1)));
        assert_eq!(db.matching(&state[..p.words()], man), Some(0));
        assert_eq!(db.cuts, 1);
    }

    /// A whole position whose failure was the depth limit's is stored unproved and its
    /// cuts are counted apart; strict mode drops it and stores no other, but a proved one.
    #[test]
    fn strict_mode_keeps_only_proved_patterns() {
        let p = problem();
        let (a, b, target) = (sq(&p, 4, 1), sq(&p, 5, 1), sq(&p, 1, 1));
        let man = sq(&p, 7, 1);
        let mut state = vec![0u64; p.words() + 1];
        set_box(&mut state, a);
        set_box(&mut state, b);
        state[p.words()] = u64::from(man);
        let boxes = &state[..p.words()];
        let limit = Failure { target, depth: 5, proved: false };
        let mut db = LearnedPatterns::default();
        db.learn(&p, &state, &[], limit, &|| false);
        assert!(db.matching(boxes, man).is_some());
        assert_eq!(db.unproved_cuts, 1);
        db.keep_proved();
        assert!(db.strict && db.unproved_cuts == 0);
        assert_eq!(db.matching(boxes, man), None, "the unproved pattern is dropped");
        db.learn(&p, &state, &[], limit, &|| false);
        assert_eq!(db.matching(boxes, man), None, "and not learned again");
        db.learn(&p, &state, &[], Failure { proved: true, ..limit }, &|| false);
        assert!(db.matching(boxes, man).is_some());
        assert_eq!(db.unproved_cuts, 0);
        db.forget();
        assert!(!db.strict);
    }
}
