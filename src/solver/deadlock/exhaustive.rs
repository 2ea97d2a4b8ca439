//! For the detectors' tests: every position of a small board, and the exhaustive search that
//! decides whether one is dead. A detector is sound when every position it calls dead is
//! dead by this search.

use crate::level::Level;
use crate::solver::analysis::problem::Problem;
use crate::solver::deadlock::subsearch::{Answer, SubSearch};
use crate::solver::model::board::Sq;
use crate::solver::model::state::{has_box, set_box};

/// Small boards with a few boxes, goal rooms, shafts and pockets.
pub const BOARDS: [&[&str]; 4] = [
    &["#########", "#### ####", "#...$$$@#", "####.$ ##", "#########"],
    &["########", "###  ###", "#..$ $ #", "##.#$  #", "##.$ @ #", "########"],
    &["#######", "#.   .#", "# $$$ #", "#  #@ #", "#.  $.#", "#######"],
    &["########", "#.. #  #", "#.  $  #", "## $#$ #", "#  @   #", "########"],
];

/// The problem of `rows`.
pub fn problem(rows: &[&str]) -> Problem {
    Problem::new(&Level::from_rows(rows).unwrap()).unwrap()
}

/// Every position of `p`: each set of as many boxes as goals on live squares, with the
/// player on each free square.
pub fn positions(p: &Problem) -> Vec<(Vec<u64>, Sq)> {
    let live: Vec<Sq> = (0..p.board.len() as Sq).filter(|&s| !p.dist.is_dead(s)).collect();
    let mut out = Vec::new();
    for set in subsets(&live, p.board.goals().len()) {
        let mut boxes = vec![0u64; p.words()];
        set.iter().for_each(|&b| set_box(&mut boxes, b));
        for player in (0..p.board.len() as Sq).filter(|&s| !has_box(&boxes, s)) {
            out.push((boxes.clone(), player));
        }
    }
    out
}

/// Whether `boxes` with the player on `player` is dead, by exhaustive search.
pub fn is_dead(p: &Problem, boxes: &[u64], player: Sq) -> bool {
    SubSearch::default().solve(p, boxes, player, u32::MAX) == Answer::Dead
}

/// Every `k`-element subset of `items`.
pub fn subsets(items: &[Sq], k: usize) -> Vec<Vec<Sq>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for (i, &first) in items.iter().enumerate() {
        for mut rest in subsets(&items[i + 1..], k - 1) {
            rest.insert(0, first);
            out.push(rest);
        }
    }
    out
}
