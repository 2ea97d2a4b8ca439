//! Big boards that test whether the solver's limits hold in every phase (issue 18, item 3),
//! built in code so that the repository holds no megabyte files. Shared by
//! `tests/limits.rs` and `benches/limits.rs` (included with `#[path]`).

use sokolab::level::Level;

/// Rows of `width` × `height` with a wall all round and floor inside.
fn room(width: usize, height: usize) -> Vec<Vec<u8>> {
    (0..height)
        .map(|y| {
            (0..width)
                .map(|x| {
                    let edge = x == 0 || y == 0 || x == width - 1 || y == height - 1;
                    if edge { b'#' } else { b' ' }
                })
                .collect()
        })
        .collect()
}

fn level(rows: Vec<Vec<u8>>) -> Level {
    let rows: Vec<String> = rows.into_iter().map(|r| String::from_utf8(r).unwrap()).collect();
    Level::from_rows(&rows).expect("a well-formed board")
}

/// A 200 × 200 room with 30 boxes and 30 goals spread over it (a fixed pattern).
pub fn room_200() -> Level {
    let mut rows = room(200, 200);
    for i in 0..30 {
        let (x, y) = (7 + (i * 37) % 186, 5 + (i * 53) % 190);
        rows[y][x] = b'$';
        rows[(y + 97) % 190 + 5][(x + 61) % 186 + 7] = b'.';
    }
    rows[100][100] = b'@';
    level(rows)
}

/// A 1000 × 1000 board whose floor is one winding corridor of 64,000 squares; a box two
/// squares from its goal at the start.
pub fn corridor_1000() -> Level {
    let (w, h) = (1000, 1000);
    let mut rows = vec![vec![b'#'; w]; h];
    let mut floor = 0;
    let mut y = 1;
    let mut rightwards = true;
    'rows: while y < h - 1 {
        for square in &mut rows[y][1..w - 1] {
            if floor == 64_000 {
                break 'rows;
            }
            *square = b' ';
            floor += 1;
        }
        if y + 2 < h - 1 && floor < 64_000 {
            rows[y + 1][if rightwards { w - 2 } else { 1 }] = b' ';
            floor += 1;
        }
        y += 2;
        rightwards = !rightwards;
    }
    rows[1][2] = b'@';
    rows[1][4] = b'$';
    rows[1][10] = b'.';
    level(rows)
}

/// 500 boxes, each beside its goal, in a 70 × 80 room.
pub fn boxes_500() -> Level {
    let mut rows = room(70, 80);
    let mut boxes = 0;
    for y in (2..78).step_by(3) {
        for x in (2..67).step_by(3) {
            if boxes < 500 {
                rows[y][x] = b'$';
                rows[y][x + 1] = b'.';
                boxes += 1;
            }
        }
    }
    rows[78][68] = b'@';
    level(rows)
}
