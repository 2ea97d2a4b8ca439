//! The levels the program opens on (`levels/default.xsb`): enough of them, each titled and
//! credited, each valid, and each solvable, shown by a small exhaustive push search here
//! whose solution is replayed through the `level` replay.

use std::collections::{HashSet, VecDeque};

use sokolab::level::format::load_file;
use sokolab::level::moves::to_lurd;
use sokolab::level::{Dir, Level, Move, Pos, Severity, replay, validate};

fn default_levels() -> Vec<Level> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/levels/default.xsb");
    load_file(path).unwrap_or_else(|e| panic!("{e}")).levels
}

#[test]
fn there_are_at_least_30_titled_levels_by_us() {
    let levels = default_levels();
    assert!(levels.len() >= 30, "only {} levels", levels.len());
    let mut titles: Vec<&str> = levels.iter().map(|l| l.meta.title.as_str()).collect();
    for level in &levels {
        assert!(!level.meta.title.trim().is_empty(), "a level has no title");
        assert_eq!(level.meta.author, "Sokolab", "{}", level.meta.title);
    }
    let deadlocks = levels.iter().filter(|l| l.meta.comment.starts_with("Deadlock:")).count();
    assert!(deadlocks >= 4, "levels that show classic deadlocks: {deadlocks}");
    titles.sort();
    titles.dedup();
    assert_eq!(titles.len(), levels.len(), "titles are unique");
}

#[test]
fn every_level_is_valid_without_warnings() {
    for level in default_levels() {
        let findings = validate(&level);
        let bad: Vec<_> = findings.iter().filter(|d| d.severity <= Severity::Warning).collect();
        assert!(bad.is_empty(), "{}: {bad:?}", level.meta.title);
    }
}

#[test]
fn every_level_is_solvable_and_the_solution_replays() {
    let mut pushes = Vec::new();
    for level in default_levels() {
        let title = &level.meta.title;
        let (moves, push_count, states) = solve_by_pushes(&level)
            .unwrap_or_else(|| panic!("{title}: no solution (the search space was exhausted)"));
        let result = replay(&level, &moves);
        assert_eq!(result.error, None, "{title}: {}", to_lurd(&moves));
        assert!(result.solved, "{title}: {}", to_lurd(&moves));
        assert_eq!(result.pushes, push_count, "{title}");
        println!("{title}: {push_count} pushes, {} moves, {states} states", result.moves);
        pushes.push(push_count);
    }
    let third = pushes.len() / 3;
    let (first, last) = (&pushes[..third], &pushes[pushes.len() - third..]);
    assert!(
        last.iter().sum::<usize>() > 2 * first.iter().sum::<usize>(),
        "the levels get harder: {pushes:?}"
    );
    assert!(pushes.iter().any(|&p| p >= 30), "some level needs real search: {pushes:?}");
}

/// A position as an index into the board.
type Cell = usize;

/// Breadth-first search over pushes (so the push count found is the least possible): a state
/// is the set of box cells plus the lowest cell the player can reach. Squares from which no
/// box can ever reach a goal are skipped. Returns the full move list, the pushes and the
/// number of states seen.
fn solve_by_pushes(level: &Level) -> Option<(Vec<Move>, usize, usize)> {
    let w = level.width();
    let cells = level.width() * level.height();
    let at = |c: Cell| Pos::new(c % w, c / w);
    let index = |p: Pos| p.y * w + p.x;
    let step = |c: Cell, d: Dir| level.step_on_board(at(c), d).map(index);
    let walkable: Vec<bool> =
        level.positions().map(|p| level.square(p).terrain.is_walkable()).collect();
    let goal: Vec<bool> = level
        .positions()
        .map(|p| level.square(p).terrain == sokolab::level::Terrain::Goal)
        .collect();
    let free = |c: Option<Cell>| c.filter(|&c| walkable[c]);

    // Live squares: pull every goal backwards.
    let mut live = goal.clone();
    let mut stack: Vec<Cell> = (0..cells).filter(|&c| goal[c]).collect();
    while let Some(c) = stack.pop() {
        for d in Dir::ALL {
            if let Some(from) = free(step(c, d))
                && free(step(from, d)).is_some()
                && !live[from]
            {
                live[from] = true;
                stack.push(from);
            }
        }
    }

    let reach = |boxes: &[Cell], from: Cell| -> Vec<Option<(Cell, Dir)>> {
        // For every reachable cell, the cell and direction it was entered from.
        let mut came: Vec<Option<(Cell, Dir)>> = vec![None; cells];
        came[from] = Some((from, Dir::Up));
        let mut queue = VecDeque::from([from]);
        while let Some(c) = queue.pop_front() {
            for d in Dir::ALL {
                if let Some(n) = free(step(c, d))
                    && came[n].is_none()
                    && !boxes.contains(&n)
                {
                    came[n] = Some((c, d));
                    queue.push_back(n);
                }
            }
        }
        came
    };

    let start_boxes: Vec<Cell> = level.boxes().into_iter().map(index).collect();
    let start_player = index(level.player()?);
    // Each node: boxes (sorted), the player's cell, its parent, and the depth.
    let mut nodes: Vec<(Vec<Cell>, Cell, usize, usize)> = Vec::new();
    let mut seen: HashSet<(Vec<Cell>, Cell)> = HashSet::new();
    let normal = |came: &[Option<(Cell, Dir)>]| (0..cells).find(|&c| came[c].is_some()).unwrap();
    let first = reach(&start_boxes, start_player);
    seen.insert((start_boxes.clone(), normal(&first)));
    nodes.push((start_boxes, start_player, usize::MAX, 0));
    let mut next = 0;
    let mut found = None;
    while next < nodes.len() {
        let (boxes, player, _, depth) = nodes[next].clone();
        if boxes.iter().all(|&b| goal[b]) {
            found = Some(next);
            break;
        }
        let came = reach(&boxes, player);
        for (i, &b) in boxes.iter().enumerate() {
            for d in Dir::ALL {
                let behind = step(b, d.opposite());
                let ahead = free(step(b, d));
                if let (Some(behind), Some(ahead)) = (behind, ahead)
                    && came[behind].is_some()
                    && live[ahead]
                    && !boxes.contains(&ahead)
                {
                    let mut moved = boxes.clone();
                    moved[i] = ahead;
                    moved.sort_unstable();
                    let key = (moved.clone(), normal(&reach(&moved, b)));
                    if seen.insert(key) {
                        nodes.push((moved, b, next, depth + 1));
                    }
                }
            }
        }
        next += 1;
    }
    let end = found?;

    // Rebuild the moves: the walk to each push, then the push.
    let mut chain = vec![end];
    while nodes[*chain.last().unwrap()].2 != usize::MAX {
        chain.push(nodes[*chain.last().unwrap()].2);
    }
    chain.reverse();
    let mut moves = Vec::new();
    for pair in chain.windows(2) {
        let (boxes, player, ..) = &nodes[pair[0]];
        let (after, from, ..) = &nodes[pair[1]];
        // The player now stands where the pushed box was.
        let from = *from;
        let to = *after.iter().find(|b| !boxes.contains(b)).unwrap();
        let dir = Dir::ALL.into_iter().find(|&d| step(from, d) == Some(to)).unwrap();
        let behind = step(from, dir.opposite()).unwrap();
        let came = reach(boxes, *player);
        let mut walk = Vec::new();
        let mut c = behind;
        while c != *player {
            let (prev, d) = came[c].unwrap();
            walk.push(Move { dir: d, push: false });
            c = prev;
        }
        moves.extend(walk.into_iter().rev());
        moves.push(Move { dir, push: true });
    }
    Some((moves, chain.len() - 1, seen.len()))
}
