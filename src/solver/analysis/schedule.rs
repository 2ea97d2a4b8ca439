//! Demaret's goal schedule (2007, chapter 4): the entrances of the goal zones and the three
//! goal orderings his planner fills the goals in.
//!
//! - A **potential entrance** is a non-goal square next to a goal with floor behind it (on
//!   the side away from the goal), so that a stone on it could be pushed in.
//! - A **real entrance** is a potential one onto which some stone of the start can be
//!   pushed alone (every other stone removed) without passing over another potential
//!   entrance.
//! - **Ordering 1** (one real entrance): evacuate the full goal zone through the entrance,
//!   one stone at a time, and fill in the reverse order.
//! - **Ordering 2** (several): at each step remove every stone that can leave through some
//!   accessible entrance; fill group by group, the last removed first.
//! - **Ordering 3**: fill the goal most surrounded (walls and stones placed so far, plus one
//!   per blocked axis) as long as every goal left keeps two free squares in a row beside
//!   it, backtracking when none can be placed.
//! - **Goal rearrangement** (chapter 7, which proposes it but rearranged its levels by
//!   hand; the procedure is ours): when neither ordering 1 nor 2 gives an order, the
//!   evacuation goes on by moving a stuck stone to a nearby parking square from which a
//!   push brings it back, so that another stone can leave. Read forwards, the order parks
//!   a stone on that square early and moves it onto its goal later.
//!
//! Goals are scanned in reading order wherever the thesis leaves the order open.

use crate::level::{Level, Pos, Terrain};
use crate::solver::analysis::problem::Problem;
use crate::solver::model::board::{NONE, Sq, opposite};
use crate::solver::model::reach::Reach;
use crate::solver::model::state::{clear_box, has_box, set_box};
use std::collections::{HashSet, VecDeque};

/// Which ordering a schedule comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ordering {
    /// Evacuation through the one real entrance.
    One,
    /// Evacuation of every evacuable stone at each step, through several entrances.
    Two,
    /// Encirclement rates with backtracking.
    Three,
}

impl Ordering {
    /// The ordering numbered `n` in the thesis (1, 2 or 3).
    pub fn from_number(n: u32) -> Option<Ordering> {
        [Ordering::One, Ordering::Two, Ordering::Three].into_iter().find(|o| o.number() == n)
    }

    /// The ordering's number in the thesis.
    pub fn number(self) -> u32 {
        match self {
            Ordering::One => 1,
            Ordering::Two => 2,
            Ordering::Three => 3,
        }
    }
}

/// One step of an order: a stone brought onto `to` (a goal, or a parking square a later
/// step moves it on from).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// The square the step fills.
    pub to: Sq,
    /// The parking square an earlier step filled, whose stone this step moves onto `to`
    /// (none: any stone not placed yet).
    pub from: Option<Sq>,
}

/// The squares to fill, in order, and the ordering that gave them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Order {
    /// The ordering the evacuation followed (1 or 2 also when the goals were rearranged).
    pub kind: Ordering,
    /// The steps; after the last, exactly the goals hold stones.
    pub steps: Vec<Step>,
}

impl Order {
    /// An order of goals only.
    fn of_goals(kind: Ordering, goals: Vec<Sq>) -> Order {
        Order { kind, steps: goals.into_iter().map(|to| Step { to, from: None }).collect() }
    }

    /// The number of stones parked on the way (0: the goals are not rearranged).
    pub fn parked(&self) -> usize {
        self.steps.iter().filter(|s| s.from.is_some()).count()
    }

    /// Whether step `i` fills a parking square: a later step moves its stone on.
    pub fn parks_at(&self, i: usize) -> bool {
        let to = Some(self.steps[i].to);
        self.steps[i + 1..].iter().any(|l| l.from == to)
    }

    /// For each step, the squares that hold stones while it runs and must still hold them
    /// when it is done: those filled before, less the one it moves a stone from.
    pub fn kept(&self) -> Vec<Vec<Sq>> {
        let mut filled: Vec<Sq> = Vec::new();
        let mut out = Vec::with_capacity(self.steps.len());
        for step in &self.steps {
            filled.retain(|&s| Some(s) != step.from);
            out.push(filled.clone());
            filled.push(step.to);
        }
        out
    }
}

/// One pair of a goal rearrangement given by hand: the stone bound for `goal` is parked on
/// `at` first, and moved on to `goal` once every other goal is filled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Park {
    /// The goal.
    pub goal: Pos,
    /// The parking square: a floor square that is not a goal.
    pub at: Pos,
}

impl std::str::FromStr for Park {
    type Err = String;

    /// `GOAL=SQUARE`, each square `row:column` counted from 1 (as [`Pos`] is written).
    fn from_str(text: &str) -> Result<Park, String> {
        let Some((goal, at)) = text.split_once('=') else {
            return Err(format!("`{text}` is not GOAL=SQUARE (say 3:14=5:12)"));
        };
        Ok(Park { goal: goal.parse()?, at: at.parse()? })
    }
}

impl std::fmt::Display for Park {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}={}", self.goal, self.at)
    }
}

/// The most pairs a rearrangement by hand may give.
pub const MAX_PARKING: usize = 8;

/// A goal rearrangement given by hand: up to [`MAX_PARKING`] pairs, in the order their
/// stones are moved on to their goals (empty: none given).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Parking {
    pairs: [Option<Park>; MAX_PARKING],
}

impl std::str::FromStr for Parking {
    type Err = String;

    /// Comma-separated [`Park`] pairs (blank ones skipped), as `--park` takes them.
    fn from_str(text: &str) -> Result<Parking, String> {
        let pairs: Vec<Park> = text
            .split(',')
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(str::parse)
            .collect::<Result<_, _>>()?;
        Parking::new(&pairs)
    }
}

impl std::fmt::Display for Parking {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let pairs: Vec<String> = self.pairs().map(|p| p.to_string()).collect();
        write!(f, "{}", pairs.join(","))
    }
}

impl Parking {
    /// The rearrangement of `pairs`; an error when there are more than [`MAX_PARKING`].
    pub fn new(pairs: &[Park]) -> Result<Parking, String> {
        if pairs.len() > MAX_PARKING {
            return Err(format!("at most {MAX_PARKING} parking squares, not {}", pairs.len()));
        }
        let mut parking = Parking::default();
        parking.pairs.iter_mut().zip(pairs).for_each(|(slot, &p)| *slot = Some(p));
        Ok(parking)
    }

    /// The pairs, in order.
    pub fn pairs(&self) -> impl Iterator<Item = Park> + '_ {
        self.pairs.iter().map_while(|p| *p)
    }

    /// Whether no pair is given.
    pub fn is_empty(&self) -> bool {
        self.pairs[0].is_none()
    }

    /// `level` with each pair's goal moved to its parking square, or why the pairs do not
    /// fit it (a goal that is not one, a parking square that is not free floor, a square
    /// named twice).
    pub fn apply(&self, level: &Level) -> Result<Level, String> {
        let mut out = level.clone();
        let mut named = HashSet::new();
        for park in self.pairs() {
            for (pos, what) in [(park.goal, "goal"), (park.at, "parking square")] {
                if !level.contains(pos) {
                    return Err(format!("{pos} ({what} of {park}) is off the board"));
                }
                if !named.insert(pos) {
                    return Err(format!("{pos} is named twice"));
                }
            }
            if level.square(park.goal).terrain != Terrain::Goal {
                return Err(format!("{} is not a goal ({park})", park.goal));
            }
            if level.square(park.at).terrain != Terrain::Floor {
                return Err(format!("{} is not a floor square without a goal ({park})", park.at));
            }
            out.square_mut(park.goal).terrain = Terrain::Floor;
            out.square_mut(park.at).terrain = Terrain::Goal;
        }
        Ok(out)
    }
}

/// The entrances of a level's goal zones and the goal schedule chosen from them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Schedule {
    /// Potential entrances, in reading order.
    pub potential: Vec<Sq>,
    /// Real entrances, in reading order.
    pub real: Vec<Sq>,
    /// The order to fill the goals in; `None` when no ordering exists or the analysis gave
    /// up.
    pub order: Option<Order>,
    /// Whether the analysis gave up on a board too large for its push searches (the
    /// real entrances and the order are then left empty).
    pub gave_up: bool,
}

/// Squares the push searches of one analysis may flood, in all.
const FLOOD_BUDGET: u64 = 200_000_000;
/// Stones a rearrangement may park, in all.
const MAX_PARKED: usize = 3;
/// Parking squares tried for one stone, nearest first.
const PARKING_TRIES: usize = 8;

/// Single-stone push searches on an otherwise fixed board.
struct Pusher<'a> {
    p: &'a Problem,
    reach: Reach,
    boxes: Vec<u64>,
    /// Floods left before the searches give up ([`FLOOD_BUDGET`] squares in all, none
    /// once `stop` says so).
    floods: u64,
    stop: &'a dyn Fn() -> bool,
}

impl<'a> Pusher<'a> {
    fn new(p: &'a Problem, stop: &'a dyn Fn() -> bool) -> Self {
        let floods = FLOOD_BUDGET / p.board.len().max(1) as u64;
        Pusher { p, reach: Reach::default(), boxes: vec![0; p.words()], floods, stop }
    }

    /// Whether the budget is spent (every later search answers no).
    fn spent(&self) -> bool {
        self.floods == 0
    }

    /// Whether the searches must give up: the budget is spent, or `stop` says so (then
    /// the rest of the budget is given up too).
    fn halted(&mut self) -> bool {
        if !self.spent() && (self.stop)() {
            self.floods = 0;
        }
        self.spent()
    }

    /// Takes one flood from the budget (asking `stop` each time: a flood costs far more
    /// than asking); false when it is spent.
    fn charge(&mut self) -> bool {
        if self.halted() {
            return false;
        }
        self.floods -= 1;
        true
    }

    /// Whether the stone on `stone` can be pushed onto `target` with the stones `others`
    /// fixed, the man starting on any of `men`, never stopping on a square `forbidden`
    /// says (the target excepted).
    fn reaches(
        &mut self,
        stone: Sq,
        target: Sq,
        others: &[Sq],
        men: &[Sq],
        forbidden: impl Fn(Sq) -> bool,
    ) -> bool {
        self.any_reaches(&[stone], target, others, men, forbidden)
    }

    /// Whether one stone, on any of `stones` (alone among them), can be pushed onto
    /// `target` as [`Pusher::reaches`] says.
    fn any_reaches(
        &mut self,
        stones: &[Sq],
        target: Sq,
        others: &[Sq],
        men: &[Sq],
        forbidden: impl Fn(Sq) -> bool,
    ) -> bool {
        if stones.contains(&target) {
            return true;
        }
        // Asked once per stone on boards of hundreds: placing the others costs as much as a
        // flood.
        if self.halted() {
            return false;
        }
        let board = &self.p.board;
        self.boxes.fill(0);
        for &o in others {
            set_box(&mut self.boxes, o);
        }
        let mut seen = HashSet::new();
        let mut queue = VecDeque::new();
        for &stone in stones {
            if has_box(&self.boxes, stone) {
                continue;
            }
            set_box(&mut self.boxes, stone);
            for &m in men {
                if m != NONE && !has_box(&self.boxes, m) {
                    if !self.charge() {
                        return false;
                    }
                    let low = self.reach.flood(board, &self.boxes, m);
                    if seen.insert((stone, low)) {
                        queue.push_back((stone, low));
                    }
                }
            }
            clear_box(&mut self.boxes, stone);
        }
        while let Some((at, man)) = queue.pop_front() {
            if !self.charge() {
                return false;
            }
            set_box(&mut self.boxes, at);
            self.reach.flood(board, &self.boxes, man);
            let pushes: Vec<(usize, Sq)> = self.reach.pushes(board, &self.boxes, at).collect();
            clear_box(&mut self.boxes, at);
            for (_, to) in pushes {
                if to == target {
                    return true;
                }
                if forbidden(to) {
                    continue;
                }
                if !self.charge() {
                    return false;
                }
                set_box(&mut self.boxes, to);
                let low = self.reach.flood(board, &self.boxes, at);
                clear_box(&mut self.boxes, to);
                if seen.insert((to, low)) {
                    queue.push_back((to, low));
                }
            }
        }
        false
    }
}

impl Schedule {
    /// The entrances and schedule of `p` (goals and stones where the level starts); with
    /// `rearrange`, goals are rearranged when neither ordering 1 nor 2 gives an order. The
    /// ordering is the one the entrances call for (one real entrance: 1; several: 2; 3 when
    /// neither gives an order), or `forced` (ordering 1 through the first entrance); a
    /// forced ordering that gives no order gives none. The analysis gives up (`gave_up`) on
    /// a board too large for it, or soon after `stop` says so.
    pub fn of(
        p: &Problem,
        rearrange: bool,
        forced: Option<Ordering>,
        stop: &dyn Fn() -> bool,
    ) -> Schedule {
        let mut pusher = Pusher::new(p, stop);
        let potential = potential_entrances(p);
        let real = real_entrances(&mut pusher, &potential);
        if forced == Some(Ordering::Three) {
            let order = Schedule::ordering3(p, stop);
            return Schedule { potential, real, order, gave_up: stop() };
        }
        let entrances = if real.is_empty() { &potential } else { &real };
        let kind = match forced {
            Some(kind) => kind,
            None if entrances.len() == 1 => Ordering::One,
            None => Ordering::Two,
        };
        let order = match (kind, entrances.first()) {
            (_, None) => None,
            (Ordering::One, Some(&first)) => ordering1(&mut pusher, first),
            _ => ordering2(&mut pusher, entrances),
        };
        let mut order = order.map(|o| Order::of_goals(kind, o));
        if order.is_none() && rearrange {
            order = rearranged(p, entrances, stop).map(|steps| Order { kind, steps });
        }
        if pusher.spent() || stop() {
            return Schedule { potential, real: Vec::new(), order: None, gave_up: true };
        }
        let order = match forced {
            Some(_) => order,
            None => order.or_else(|| Schedule::ordering3(p, stop)),
        };
        Schedule { potential, real, order, gave_up: false }
    }

    /// The order of a rearrangement given by hand: the goals of `parking`'s level (each
    /// pair's goal moved to its parking square) in the order [`Schedule::of`] gives them
    /// (without rearranging them again), then each parked stone moved on to its goal, in
    /// the pairs' order. `None` when the pairs do not fit the level or its goals have no
    /// order.
    pub fn by_hand(
        p: &Problem,
        parking: &Parking,
        forced: Option<Ordering>,
        stop: &dyn Fn() -> bool,
    ) -> Option<Order> {
        let moved = Problem::new(&parking.apply(&p.level).ok()?).ok()?;
        let order = Schedule::of(&moved, false, forced, stop).order?;
        let square = |s: Sq| p.board.square_at(moved.board.pos(s));
        let mut steps = Vec::with_capacity(order.steps.len());
        for step in &order.steps {
            steps.push(Step { to: square(step.to)?, from: None });
        }
        for park in parking.pairs() {
            let (to, from) = (p.board.square_at(park.goal)?, p.board.square_at(park.at)?);
            steps.push(Step { to, from: Some(from) });
        }
        Some(Order { kind: order.kind, steps })
    }

    /// Ordering 3 alone (the planner falls back to it when the plan of ordering 1 or 2
    /// finds nothing).
    pub fn ordering3(p: &Problem, stop: &dyn Fn() -> bool) -> Option<Order> {
        ordering3(p, stop).map(|o| Order::of_goals(Ordering::Three, o))
    }
}

/// Goal rearrangement: the evacuation of ordering 1 or 2, one stone at a time, which parks
/// a stuck stone (at most [`MAX_PARKED`] in all) when none can leave; the steps of the
/// forward order, or none (also when its push searches spend their budget).
fn rearranged(p: &Problem, entrances: &[Sq], stop: &dyn Fn() -> bool) -> Option<Vec<Step>> {
    let mut back = Vec::new();
    let mut seen = HashSet::new();
    let goals = p.board.goals().to_vec();
    // A budget of its own: a rearrangement that gives up leaves ordering 3 its chance.
    let pusher = &mut Pusher::new(p, stop);
    if !evacuate(pusher, entrances, goals, MAX_PARKED, &mut back, &mut seen) {
        return None;
    }
    back.reverse();
    Some(back)
}

/// Empties `stones` (the squares holding stones, going backwards from the full goals):
/// removes, one at a time, every stone that can leave; when none can, moves one to a
/// parking square from which a push brings it back (one that lets another stone leave,
/// or else one square away), and goes on (at most `parks` more times). The steps go to
/// `back`, last first; whether every stone left.
fn evacuate(
    pusher: &mut Pusher,
    entrances: &[Sq],
    mut stones: Vec<Sq>,
    parks: usize,
    back: &mut Vec<Step>,
    seen: &mut HashSet<Vec<Sq>>,
) -> bool {
    let mark = back.len();
    loop {
        let open = open_entrances(pusher, entrances, &stones);
        let Some(i) = (0..stones.len()).find(|&i| leaves(pusher, &open, stones[i], &stones)) else {
            break;
        };
        back.push(Step { to: stones.remove(i), from: None });
    }
    if stones.is_empty() {
        return true;
    }
    let mut key = stones.clone();
    key.sort_unstable();
    if parks == 0 || pusher.spent() || !seen.insert(key) {
        back.truncate(mark);
        return false;
    }
    // The parking moves: forwards, a push brings the parked stone back onto its square.
    // Those that let another stone leave come first; the others only one square away.
    let man = [pusher.p.board.start_player()];
    // (whether it leaves every stone stuck, the stone, its parking square, the stones then)
    let mut moves: Vec<(bool, Sq, Sq, Vec<Sq>)> = Vec::new();
    for &s in &stones {
        let others: Vec<Sq> = stones.iter().copied().filter(|&x| x != s).collect();
        let mut tried = 0;
        for q in nearest(pusher.p, s, &stones, 4 * PARKING_TRIES) {
            if tried == PARKING_TRIES || pusher.spent() {
                break;
            }
            if !pusher.reaches(q, s, &others, &man, |_| false) {
                continue;
            }
            tried += 1;
            let mut parked = others.clone();
            parked.push(q);
            let open = open_entrances(pusher, entrances, &parked);
            let unstuck = parked.iter().any(|&x| x != q && leaves(pusher, &open, x, &parked));
            if unstuck || (0..4).any(|d| pusher.p.board.nbr(s, d) == q) {
                moves.push((!unstuck, s, q, parked));
            }
        }
    }
    moves.sort_by_key(|&(stuck, ..)| stuck);
    for (_, s, q, parked) in moves {
        let before = back.len();
        back.push(Step { to: s, from: Some(q) });
        if evacuate(pusher, entrances, parked, parks - 1, back, seen) {
            return true;
        }
        back.truncate(before);
    }
    back.truncate(mark);
    false
}

/// The entrances a start stone can still be pushed onto alone, the squares `stones`
/// holding stones (the accessible entrances of ordering 2).
fn open_entrances(pusher: &mut Pusher, entrances: &[Sq], stones: &[Sq]) -> Vec<Sq> {
    if pusher.halted() {
        return Vec::new();
    }
    let p = pusher.p;
    let man = [p.board.start_player()];
    let start: Vec<Sq> =
        p.board.start_boxes().iter().copied().filter(|s| !stones.contains(s)).collect();
    entrances
        .iter()
        .copied()
        .filter(|&e| !stones.contains(&e) && pusher.any_reaches(&start, e, stones, &man, |_| false))
        .collect()
}

/// Whether the stone on `x` can leave, the squares `stones` (x among them) holding
/// stones. Forwards: a goal is filled through one of the `open` entrances, as in
/// orderings 1 and 2; a parking square by a start stone pushed there alone.
fn leaves(pusher: &mut Pusher, open: &[Sq], x: Sq, stones: &[Sq]) -> bool {
    if pusher.halted() {
        return false;
    }
    let p = pusher.p;
    if p.board.is_goal(x) {
        return open.iter().any(|&e| evacuable(pusher, x, e, stones));
    }
    let man = [p.board.start_player()];
    let others: Vec<Sq> = stones.iter().copied().filter(|&s| s != x).collect();
    let start: Vec<Sq> =
        p.board.start_boxes().iter().copied().filter(|s| !others.contains(s)).collect();
    pusher.any_reaches(&start, x, &others, &man, |_| false)
}

/// The first `k` squares not in `stones`, nearest to `s` first (walking distance on the
/// empty board).
fn nearest(p: &Problem, s: Sq, stones: &[Sq], k: usize) -> Vec<Sq> {
    let mut seen = vec![false; p.board.len()];
    let mut queue = VecDeque::from([s]);
    seen[s as usize] = true;
    let mut out = Vec::new();
    while let Some(x) = queue.pop_front() {
        if !stones.contains(&x) {
            out.push(x);
            if out.len() == k {
                break;
            }
        }
        for d in 0..4 {
            let y = p.board.nbr(x, d);
            if y != NONE && !seen[y as usize] {
                seen[y as usize] = true;
                queue.push_back(y);
            }
        }
    }
    out
}

/// Non-goal squares next to a goal with floor behind them, in reading order.
fn potential_entrances(p: &Problem) -> Vec<Sq> {
    let board = &p.board;
    let mut out = Vec::new();
    for &g in board.goals() {
        for d in 0..4 {
            let e = board.nbr(g, d);
            if e == NONE || board.is_goal(e) || board.nbr(e, d) == NONE || out.contains(&e) {
                continue;
            }
            out.push(e);
        }
    }
    out.sort_unstable();
    out
}

/// The potential entrances some start stone can be pushed onto alone without passing over
/// another one.
fn real_entrances(pusher: &mut Pusher, potential: &[Sq]) -> Vec<Sq> {
    let p = pusher.p;
    let man = p.board.start_player();
    potential
        .iter()
        .copied()
        .filter(|&e| {
            let other = |s: Sq| s != e && potential.contains(&s);
            p.board.start_boxes().iter().any(|&s| pusher.reaches(s, e, &[], &[man], other))
        })
        .collect()
}

/// The squares behind entrance `e` from which the man pushes a stone on `e` into a goal.
fn behind(p: &Problem, e: Sq) -> Vec<Sq> {
    (0..4)
        .filter(|&d| {
            let g = p.board.nbr(e, d);
            g != NONE && p.board.is_goal(g)
        })
        .map(|d| p.board.nbr(e, opposite(d)))
        .filter(|&m| m != NONE)
        .collect()
}

/// Whether the stone of goal `g` can leave through entrance `e`, the goals `remaining`
/// (g among them) holding stones: a stone on `e` can be pushed back onto `g`, the man
/// starting behind the entrance.
fn evacuable(pusher: &mut Pusher, g: Sq, e: Sq, remaining: &[Sq]) -> bool {
    // Asked for every goal of every entrance: on a board of hundreds of goals, listing
    // the others costs as much as the searches.
    if pusher.halted() {
        return false;
    }
    let others: Vec<Sq> = remaining.iter().copied().filter(|&x| x != g).collect();
    if others.contains(&e) {
        return false;
    }
    let men = behind(pusher.p, e);
    pusher.reaches(e, g, &others, &men, |_| false)
}

/// Ordering 1: the goals emptied one by one through `e`, filled in reverse.
fn ordering1(pusher: &mut Pusher, e: Sq) -> Option<Vec<Sq>> {
    let mut remaining = pusher.p.board.goals().to_vec();
    let mut order = Vec::with_capacity(remaining.len());
    while !remaining.is_empty() {
        let i = (0..remaining.len()).find(|&i| evacuable(pusher, remaining[i], e, &remaining))?;
        order.push(remaining.remove(i));
    }
    order.reverse();
    Some(order)
}

/// Ordering 2: at each step every stone that can leave through an accessible entrance
/// leaves; the groups are filled last removed first.
fn ordering2(pusher: &mut Pusher, entrances: &[Sq]) -> Option<Vec<Sq>> {
    let p = pusher.p;
    let mut remaining = p.board.goals().to_vec();
    let man = p.board.start_player();
    let mut groups: Vec<Vec<Sq>> = Vec::new();
    while !remaining.is_empty() {
        let stones: Vec<Sq> =
            p.board.start_boxes().iter().copied().filter(|s| !remaining.contains(s)).collect();
        let mut group = Vec::new();
        for &e in entrances {
            let accessible = !remaining.contains(&e)
                && stones.iter().any(|&s| pusher.reaches(s, e, &remaining, &[man], |_| false));
            if !accessible {
                continue;
            }
            for &g in &remaining {
                if !group.contains(&g) && evacuable(pusher, g, e, &remaining) {
                    group.push(g);
                }
            }
        }
        if group.is_empty() {
            return None;
        }
        remaining.retain(|g| !group.contains(g));
        groups.push(group);
    }
    Some(groups.into_iter().rev().flatten().collect())
}

/// Placements ordering 3 tries before giving up (its backtracking is exponential on rooms
/// where no order exists).
const ORDERING_3_TRIES: u32 = 100_000;

/// Ordering 3: the encirclement order, with backtracking (none after
/// [`ORDERING_3_TRIES`] placements, or once `stop` says so).
fn ordering3(p: &Problem, stop: &dyn Fn() -> bool) -> Option<Vec<Sq>> {
    let board = &p.board;
    let taken = |placed: &[Sq], s: Sq| s == NONE || placed.contains(&s);
    let rate = |placed: &[Sq], g: Sq| {
        let n = |d| taken(placed, board.nbr(g, d));
        let sides = (0..4).filter(|&d| n(d)).count();
        sides + usize::from(n(0) || n(1)) + usize::from(n(2) || n(3))
    };
    let accessible = |placed: &[Sq], g: Sq| {
        (0..4).any(|d| {
            let a = board.nbr(g, d);
            !taken(placed, a) && !taken(placed, board.nbr(a, d))
        })
    };
    fn place(
        placed: &mut Vec<Sq>,
        goals: &[Sq],
        tries: &mut u32,
        rate: &dyn Fn(&[Sq], Sq) -> usize,
        accessible: &dyn Fn(&[Sq], Sq) -> bool,
        stop: &dyn Fn() -> bool,
    ) -> bool {
        if placed.len() == goals.len() {
            return true;
        }
        let mut left: Vec<Sq> = goals.iter().copied().filter(|g| !placed.contains(g)).collect();
        left.sort_by_key(|&g| std::cmp::Reverse(rate(placed, g)));
        for &g in &left {
            if *tries == 0 || (tries.is_multiple_of(1024) && stop()) {
                *tries = 0;
                return false;
            }
            *tries -= 1;
            placed.push(g);
            if left.iter().all(|&x| x == g || accessible(placed, x))
                && place(placed, goals, tries, rate, accessible, stop)
            {
                return true;
            }
            placed.pop();
        }
        false
    }
    let mut placed = Vec::new();
    let mut tries = ORDERING_3_TRIES;
    place(&mut placed, board.goals(), &mut tries, &rate, &accessible, stop).then_some(placed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Level;

    fn problem(rows: &[&str]) -> Problem {
        Problem::new(&Level::from_rows(rows).unwrap()).unwrap()
    }

    fn rc(p: &Problem, squares: &[Sq]) -> Vec<(usize, usize)> {
        squares.iter().map(|&s| (p.board.pos(s).y, p.board.pos(s).x)).collect()
    }

    fn filled(order: &Order) -> Vec<Sq> {
        order.steps.iter().map(|s| s.to).collect()
    }

    /// Demaret's D1: a goal column with one real and one potential-only entrance.
    const O1: [&str; 7] =
        ["#########", "####   .#", "#  $   .#", "# $  # .#", "#  $ @ ##", "#   #####", "#####"];
    /// D2: two real entrances.
    const B: [&str; 7] =
        ["#########", "####   .#", "#  $ $ .#", "# $  # .#", "#  $ @ .#", "#   #####", "#####"];

    #[test]
    fn one_real_entrance_gives_ordering_1() {
        let p = problem(&O1);
        let s = Schedule::of(&p, true, None, &|| false);
        assert_eq!(rc(&p, &s.potential), [(1, 6), (2, 6)]);
        assert_eq!(rc(&p, &s.real), [(2, 6)]);
        let order = s.order.unwrap();
        assert_eq!(order.kind, Ordering::One);
        assert_eq!(rc(&p, &filled(&order)), [(3, 7), (2, 7), (1, 7)]);
        let ordering2 = ordering2(&mut Pusher::new(&p, &|| false), &s.real).unwrap();
        assert_eq!(rc(&p, &ordering2), [(3, 7), (1, 7), (2, 7)]);
        // (1,7) rates highest but would leave (3,7) inaccessible.
        assert_eq!(rc(&p, &ordering3(&p, &|| false).unwrap()), [(3, 7), (1, 7), (2, 7)]);
    }

    #[test]
    fn several_real_entrances_give_ordering_2() {
        let p = problem(&B);
        let s = Schedule::of(&p, true, None, &|| false);
        assert_eq!(rc(&p, &s.potential), [(1, 6), (2, 6), (4, 6)]);
        assert_eq!(rc(&p, &s.real), [(2, 6), (4, 6)]);
        let order = s.order.unwrap();
        assert_eq!(order.kind, Ordering::Two);
        assert_eq!(rc(&p, &filled(&order)), [(3, 7), (1, 7), (2, 7), (4, 7)]);
        assert_eq!(rc(&p, &ordering3(&p, &|| false).unwrap()), [(4, 7), (3, 7), (1, 7), (2, 7)]);
    }

    /// A forced ordering is followed whatever the entrances call for: B's two real
    /// entrances call for ordering 2; forced, 1 goes through the first entrance and 3 is
    /// ordering 3's order. On B1, where no evacuation order exists, a forced ordering 1
    /// gives none (no fallback to 3).
    #[test]
    fn a_forced_ordering_is_followed() {
        let p = problem(&B);
        let forced = |o| Schedule::of(&p, false, Some(o), &|| false).order.unwrap();
        let one = forced(Ordering::One);
        assert_eq!(one.kind, Ordering::One);
        let entrance = Schedule::of(&p, false, None, &|| false).real[0];
        let first = ordering1(&mut Pusher::new(&p, &|| false), entrance);
        assert_eq!(filled(&one), first.unwrap());
        let three = forced(Ordering::Three);
        assert_eq!(three.kind, Ordering::Three);
        assert_eq!(rc(&p, &filled(&three)), [(4, 7), (3, 7), (1, 7), (2, 7)]);
        assert_eq!(forced(Ordering::Two).kind, Ordering::Two);
        let rows =
            ["#########", "####   .#", "#  $ $ .#", "# $  # .#", "#  $ @#.#", "#   #####", "#####"];
        let b1 = problem(&rows);
        assert!(Schedule::of(&b1, false, Some(Ordering::One), &|| false).order.is_none());
        assert_eq!(Schedule::of(&b1, false, None, &|| false).order.unwrap().kind, Ordering::Three);
    }

    #[test]
    fn without_an_evacuation_order_ordering_3_is_used() {
        // D3 (B1): B with (4,6) walled; nothing can be evacuated past (2,7).
        let rows =
            ["#########", "####   .#", "#  $ $ .#", "# $  # .#", "#  $ @#.#", "#   #####", "#####"];
        let p = problem(&rows);
        let s = Schedule::of(&p, false, None, &|| false);
        assert_eq!(rc(&p, &s.real), [(2, 6)]);
        assert_eq!(ordering1(&mut Pusher::new(&p, &|| false), s.real[0]), None);
        let order = s.order.unwrap();
        assert_eq!(order.kind, Ordering::Three);
        assert_eq!(rc(&p, &filled(&order)), [(4, 7), (3, 7), (1, 7), (2, 7)]);
    }

    #[test]
    fn without_an_evacuation_order_the_goals_are_rearranged() {
        // B1 again: once (3,7) holds a stone, (1,7) can only be filled by a push east along
        // row 1, and a stone reaches row 1 only while the column is empty (the man pushes
        // it north from (3,6), which he reaches through (3,7)). So one stone waits on
        // (1,5) while (4,7) and (3,7) fill, then moves on to (1,7).
        let rows =
            ["#########", "####   .#", "#  $ $ .#", "# $  # .#", "#  $ @#.#", "#   #####", "#####"];
        let p = problem(&rows);
        let order = Schedule::of(&p, true, None, &|| false).order.unwrap();
        assert_eq!(order.kind, Ordering::One);
        assert_eq!(order.parked(), 1);
        let steps: Vec<_> = order
            .steps
            .iter()
            .map(|s| (rc(&p, &[s.to])[0], s.from.map(|f| rc(&p, &[f])[0])))
            .collect();
        let parked = Some((1, 5));
        assert_eq!(
            steps,
            [((1, 5), None), ((4, 7), None), ((3, 7), None), ((1, 7), parked), ((2, 7), None)]
        );
        // Each step keeps what was filled before, less the square it moves a stone from;
        // after the last, exactly the goals hold stones.
        let kept = order.kept();
        let last = order.steps.last().unwrap();
        let mut end = kept.last().unwrap().clone();
        end.push(last.to);
        end.sort_unstable();
        assert_eq!(end, p.board.goals());
        for (i, step) in order.steps.iter().enumerate().skip(1) {
            let mut before = kept[i - 1].clone();
            before.push(order.steps[i - 1].to);
            before.retain(|&s| Some(s) != step.from);
            assert_eq!(kept[i], before);
        }
    }

    #[test]
    fn a_rearrangement_by_hand_fills_the_moved_goals_then_moves_the_stones_on() {
        // B1, the stone for (1,7) parked on (1,5) by hand, as the analysis parks it.
        let rows =
            ["#########", "####   .#", "#  $ $ .#", "# $  # .#", "#  $ @#.#", "#   #####", "#####"];
        let p = problem(&rows);
        let park: Park = "2:8=2:6".parse().unwrap();
        assert_eq!(park, Park { goal: Pos::new(7, 1), at: Pos::new(5, 1) });
        let parking = Parking::new(&[park]).unwrap();
        let order = Schedule::by_hand(&p, &parking, None, &|| false).unwrap();
        assert_eq!(order.parked(), 1);
        let last = order.steps.last().unwrap();
        assert_eq!(
            (rc(&p, &[last.to]), last.from.map(|f| rc(&p, &[f]))),
            (vec![(1, 7)], Some(vec![(1, 5)]))
        );
        let mut first: Vec<_> = rc(&p, &filled(&order)[..4]);
        first.sort_unstable();
        assert_eq!(first, [(1, 5), (2, 7), (3, 7), (4, 7)]);
        // A forced ordering orders the moved goals.
        let three = Schedule::by_hand(&p, &parking, Some(Ordering::Three), &|| false).unwrap();
        assert_eq!(three.kind, Ordering::Three);
        assert_eq!(three.steps.last(), order.steps.last());
    }

    #[test]
    fn a_rearrangement_by_hand_that_does_not_fit_the_level_says_why() {
        let rows =
            ["#########", "####   .#", "#  $ $ .#", "# $  # .#", "#  $ @#.#", "#   #####", "#####"];
        let level = Level::from_rows(&rows).unwrap();
        let why = |text: &str| {
            let pairs: Vec<Park> = text.split(',').map(|t| t.parse().unwrap()).collect();
            Parking::new(&pairs).unwrap().apply(&level).unwrap_err()
        };
        assert_eq!(why("2:7=2:6"), "2:7 is not a goal (2:7=2:6)");
        assert_eq!(why("2:8=1:1"), "1:1 is not a floor square without a goal (2:8=1:1)");
        assert_eq!(why("2:8=3:8"), "3:8 is not a floor square without a goal (2:8=3:8)");
        assert_eq!(why("2:8=2:6,3:8=2:6"), "2:6 is named twice");
        assert_eq!(why("2:8=40:6"), "40:6 (parking square of 2:8=40:6) is off the board");
        for bad in ["2:8", "2:8=", "0:1=2:2", "a:b=1:1", "2:8=2:6=1:1"] {
            assert!(bad.parse::<Park>().is_err(), "{bad}");
        }
        let nine = vec![Park { goal: Pos::new(7, 1), at: Pos::new(5, 1) }; MAX_PARKING + 1];
        assert!(Parking::new(&nine).is_err());
    }
}
