//! Rooms, the passages between them, goal rooms and their entrances.
//!
//! A square belongs to a room when it lies in an open block of floor two squares by three
//! (either way round); rooms are the connected groups of such squares. The remaining floor
//! forms passages: corridors, doorways and nooks. A passage that touches two or more rooms
//! links them; a box standing in it cuts the link, which is what feature-space search's
//! room-connectivity feature counts. Goal areas are the rooms and passages holding goals;
//! their entrances are the squares outside from which a box can be pushed in.

use crate::solver::model::board::{Board, NONE, Sq, opposite};

/// Where a square belongs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Area {
    /// In room number `n`.
    Room(u16),
    /// In passage number `n`.
    Passage(u16),
}

/// A passage: floor outside the rooms, and the rooms it touches.
#[derive(Clone, Debug)]
pub struct Passage {
    /// Its squares.
    pub squares: Vec<Sq>,
    /// The rooms next to it, without repeats.
    pub rooms: Vec<u16>,
}

/// The room analysis of a board.
#[derive(Clone, Debug)]
pub struct Rooms {
    area: Vec<Area>,
    /// The squares of each room.
    pub rooms: Vec<Vec<Sq>>,
    /// Every passage.
    pub passages: Vec<Passage>,
    /// Indices of the passages that link two or more rooms.
    pub links: Vec<u16>,
    /// The goal areas: each a set of squares (a room or passage holding goals, joined with
    /// neighbouring areas that hold goals too).
    pub goal_areas: Vec<Vec<Sq>>,
    /// Squares outside a goal area from which a box can be pushed into it.
    pub entrances: Vec<Sq>,
    /// Per link: its squares as a bitset over floor squares.
    link_bits: Vec<Vec<u64>>,
}

impl Rooms {
    /// Bytes the analysis holds, about.
    pub fn memory(&self) -> usize {
        let lists = |v: &[Vec<Sq>]| v.iter().map(|l| l.capacity() * 2 + 24).sum::<usize>();
        self.link_bits.iter().map(|b| b.capacity() * 8 + 24).sum::<usize>()
            + lists(&self.rooms)
            + lists(&self.goal_areas)
            + self.passages.iter().map(|p| p.squares.capacity() * 2 + 48).sum::<usize>()
            + self.area.capacity() * std::mem::size_of::<Area>()
    }

    /// Analyses `board`.
    pub fn new(board: &Board) -> Self {
        let n = board.len();
        let open = open_squares(board);
        let mut area = vec![Area::Passage(u16::MAX); n];
        let mut rooms: Vec<Vec<Sq>> = Vec::new();
        let mut passages: Vec<Passage> = Vec::new();
        let mut stack = Vec::new();
        let mut assigned = vec![false; n];
        for s in 0..n as Sq {
            if assigned[s as usize] {
                continue;
            }
            let in_room = open[s as usize];
            let id = if in_room { rooms.len() } else { passages.len() } as u16;
            let mut squares = Vec::new();
            assigned[s as usize] = true;
            stack.push(s);
            while let Some(t) = stack.pop() {
                squares.push(t);
                area[t as usize] = if in_room { Area::Room(id) } else { Area::Passage(id) };
                for d in 0..4 {
                    let u = board.nbr(t, d);
                    if u != NONE && !assigned[u as usize] && open[u as usize] == in_room {
                        assigned[u as usize] = true;
                        stack.push(u);
                    }
                }
            }
            squares.sort_unstable();
            if in_room {
                rooms.push(squares);
            } else {
                passages.push(Passage { squares, rooms: Vec::new() });
            }
        }
        for p in &mut passages {
            for &s in &p.squares {
                for d in 0..4 {
                    let u = board.nbr(s, d);
                    if u != NONE
                        && let Area::Room(r) = area[u as usize]
                        && !p.rooms.contains(&r)
                    {
                        p.rooms.push(r);
                    }
                }
            }
            p.rooms.sort_unstable();
        }
        let links: Vec<u16> =
            (0..passages.len() as u16).filter(|&i| passages[i as usize].rooms.len() >= 2).collect();
        let words = n.div_ceil(64);
        let link_bits = links
            .iter()
            .map(|&i| {
                let mut bits = vec![0u64; words];
                for &s in &passages[i as usize].squares {
                    bits[s as usize >> 6] |= 1 << (s & 63);
                }
                bits
            })
            .collect();
        let goal_areas = goal_areas(board, &area, &rooms, &passages);
        let entrances = entrances(board, &goal_areas);
        Rooms { area, rooms, passages, links, goal_areas, entrances, link_bits }
    }

    /// The room or passage of square `s`.
    #[inline]
    pub fn area(&self, s: Sq) -> Area {
        self.area[s as usize]
    }

    /// How many links between rooms hold a box (the room-connectivity feature).
    pub fn blocked_links(&self, boxes: &[u64]) -> usize {
        self.link_bits.iter().filter(|bits| bits.iter().zip(boxes).any(|(a, b)| a & b != 0)).count()
    }

    /// Whether a box on `s` stands in a link between rooms.
    pub fn in_link(&self, s: Sq) -> bool {
        match self.area(s) {
            Area::Passage(p) => self.passages[p as usize].rooms.len() >= 2,
            Area::Room(_) => false,
        }
    }

    /// Whether `s` is in a goal area.
    pub fn in_goal_area(&self, s: Sq) -> bool {
        self.goal_areas.iter().any(|a| a.binary_search(&s).is_ok())
    }
}

/// Squares inside an open block of floor 2×3 or 3×2.
fn open_squares(board: &Board) -> Vec<bool> {
    let n = board.len();
    let mut open = vec![false; n];
    // For each square as the top-left corner of a w×h block.
    for s in 0..n as Sq {
        for (w, h) in [(3usize, 2usize), (2, 3)] {
            let mut block = Vec::with_capacity(6);
            let mut row = s;
            let mut ok = true;
            'rows: for y in 0..h {
                if y > 0 {
                    row = board.nbr(row, 1);
                    if row == NONE {
                        ok = false;
                        break;
                    }
                }
                let mut t = row;
                for x in 0..w {
                    if x > 0 {
                        t = board.nbr(t, 3);
                        if t == NONE {
                            ok = false;
                            break 'rows;
                        }
                    }
                    block.push(t);
                }
            }
            if ok {
                for t in block {
                    open[t as usize] = true;
                }
            }
        }
    }
    open
}

/// The goal areas: rooms and passages with goals, neighbouring ones joined.
fn goal_areas(
    board: &Board,
    area: &[Area],
    rooms: &[Vec<Sq>],
    passages: &[Passage],
) -> Vec<Vec<Sq>> {
    let squares_of = |a: Area| match a {
        Area::Room(r) => &rooms[r as usize],
        Area::Passage(p) => &passages[p as usize].squares,
    };
    let mut with_goals: Vec<Area> = Vec::new();
    for &g in board.goals() {
        let a = area[g as usize];
        if !with_goals.contains(&a) {
            with_goals.push(a);
        }
    }
    // Join areas with goals that touch each other.
    let mut group: Vec<usize> = (0..with_goals.len()).collect();
    fn root(group: &mut [usize], i: usize) -> usize {
        let mut r = i;
        while group[r] != r {
            r = group[r];
        }
        group[i] = r;
        r
    }
    for (i, &a) in with_goals.iter().enumerate() {
        for &s in squares_of(a) {
            for d in 0..4 {
                let u = board.nbr(s, d);
                if u == NONE {
                    continue;
                }
                if let Some(j) = with_goals.iter().position(|&b| b == area[u as usize]) {
                    let (ri, rj) = (root(&mut group, i), root(&mut group, j));
                    group[ri] = rj;
                }
            }
        }
    }
    let mut out: Vec<(usize, Vec<Sq>)> = Vec::new();
    for (i, &a) in with_goals.iter().enumerate() {
        let r = root(&mut group, i);
        match out.iter_mut().find(|(k, _)| *k == r) {
            Some((_, v)) => v.extend_from_slice(squares_of(a)),
            None => out.push((r, squares_of(a).clone())),
        }
    }
    out.into_iter()
        .map(|(_, mut v)| {
            v.sort_unstable();
            v
        })
        .collect()
}

/// Squares outside the goal areas from which a box can be pushed into one: the square
/// beyond, on the far side from the area, must be floor for the player to stand on.
fn entrances(board: &Board, goal_areas: &[Vec<Sq>]) -> Vec<Sq> {
    let inside = |s: Sq| goal_areas.iter().any(|a| a.binary_search(&s).is_ok());
    let mut out = Vec::new();
    for s in 0..board.len() as Sq {
        if inside(s) {
            continue;
        }
        let entrance = (0..4).any(|d| {
            let into = board.nbr(s, d);
            into != NONE && inside(into) && board.nbr(s, opposite(d)) != NONE
        });
        if entrance {
            out.push(s);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::{Level, Pos};
    use crate::solver::model::state::set_box;

    /// Two rooms joined by a corridor; the goal room on the right.
    const TWO_ROOMS: [&str; 6] = [
        "############",
        "#    #     #",
        "# @$     ..#",
        "#   $#     #",
        "#    #     #",
        "############",
    ];

    #[test]
    fn a_doorway_links_two_rooms_and_a_box_in_it_cuts_the_link() {
        let board = Board::compile(&Level::from_rows(&TWO_ROOMS).unwrap()).unwrap();
        let rooms = Rooms::new(&board);
        assert_eq!(rooms.rooms.len(), 2);
        assert_eq!(rooms.links.len(), 1);
        let door = board.square_at(Pos::new(5, 2)).unwrap();
        assert!(rooms.in_link(door));
        let mut boxes = vec![0u64; board.len().div_ceil(64)];
        assert_eq!(rooms.blocked_links(&boxes), 0);
        set_box(&mut boxes, door);
        assert_eq!(rooms.blocked_links(&boxes), 1);
    }

    #[test]
    fn the_goal_room_and_its_entrance() {
        let board = Board::compile(&Level::from_rows(&TWO_ROOMS).unwrap()).unwrap();
        let rooms = Rooms::new(&board);
        assert_eq!(rooms.goal_areas.len(), 1);
        let goal = board.goals()[0];
        assert!(rooms.in_goal_area(goal));
        let door = board.square_at(Pos::new(5, 2)).unwrap();
        assert_eq!(rooms.entrances, vec![door]);
    }
}
