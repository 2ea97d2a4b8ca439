//! Demaret's own pruning (2007, chapter 3), for running his planner like for like
//! (`--pruning demaret`): his dead squares and his 2×2 rule, in place of ours.
//!
//! - **Dead squares** (§3.4.4): a square without a goal between two walls at right angles
//!   (a corner); then a line of squares along a wall between two dead squares, holding no
//!   goal and no escape (a square whose two neighbours across the line are both floor, from
//!   where a box could leave it). Lines are found by walking left and up from each dead
//!   square, twice, so that a line ending on another line is found once that one is.
//! - **The 2×2 rule** (§3.4.5): after a push, each of the four 2×2 blocks holding the pushed
//!   box is checked; a block filled with boxes and walls is frozen. The thesis prunes every
//!   such push; we keep it when every box of the block stands on a goal, where the block is
//!   no deadlock (a goal room packed 2×2), so that the rule stays sound.
//!
//! Both are weaker than ours (`distances`' dead squares hold every square his do, and
//! freeze finds every 2×2 block): they exist to measure his planner with his pruning.

use crate::level::Pos;
use crate::solver::model::board::{Board, NONE, Sq};
use crate::solver::model::state::has_box;

/// Direction indices of the neighbour tables (the order of `Dir::ALL`).
const UP: usize = 0;
const DOWN: usize = 1;
const LEFT: usize = 2;
const RIGHT: usize = 3;

/// Demaret's dead squares of `board`, one flag per floor square.
pub fn dead_squares(board: &Board) -> Vec<bool> {
    let wall = |s: Sq, d: usize| board.nbr(s, d) == NONE;
    let mut dead: Vec<bool> = (0..board.len() as Sq)
        .map(|s| {
            !board.is_goal(s) && (wall(s, UP) || wall(s, DOWN)) && (wall(s, LEFT) || wall(s, RIGHT))
        })
        .collect();
    let corners: Vec<Sq> = (0..board.len() as Sq).filter(|&s| dead[s as usize]).collect();
    lines(board, &corners, &mut dead);
    let all: Vec<Sq> = (0..board.len() as Sq).filter(|&s| dead[s as usize]).collect();
    lines(board, &all, &mut dead);
    dead
}

/// Walks left and up from each square of `from`: the squares passed before reaching a dead
/// square, with no goal and no escape among them, are a dead line.
fn lines(board: &Board, from: &[Sq], dead: &mut [bool]) {
    let mut line = Vec::new();
    for &start in from {
        for (d, across) in [(LEFT, [UP, DOWN]), (UP, [LEFT, RIGHT])] {
            line.clear();
            let mut s = board.nbr(start, d);
            while s != NONE {
                if dead[s as usize] {
                    line.iter().for_each(|&l: &Sq| dead[l as usize] = true);
                    break;
                }
                let escape = across.iter().all(|&a| board.nbr(s, a) != NONE);
                if board.is_goal(s) || escape {
                    break;
                }
                line.push(s);
                s = board.nbr(s, d);
            }
        }
    }
}

/// Whether the box just pushed onto `to` completes a 2×2 block of boxes and walls with a
/// box off its goal.
pub fn square_deadlock(board: &Board, boxes: &[u64], to: Sq) -> bool {
    let Pos { x, y } = board.pos(to);
    // The four blocks holding `to`, each by its upper-left corner.
    let corners = [
        (x.wrapping_sub(1), y.wrapping_sub(1)),
        (x, y.wrapping_sub(1)),
        (x.wrapping_sub(1), y),
        (x, y),
    ];
    corners.iter().any(|&(cx, cy)| {
        let mut off_goal = false;
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            let at = cx.wrapping_add(dx);
            let row = cy.wrapping_add(dy);
            // Outside the board (a wrapped coordinate is far outside) is wall.
            let Some(s) = board.square_at(Pos::new(at, row)) else { continue };
            if !has_box(boxes, s) {
                return false;
            }
            off_goal |= !board.is_goal(s);
        }
        off_goal
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::deadlock::exhaustive::{BOARDS, is_dead, positions, problem};
    use crate::solver::model::state::{boxes_of, set_box};

    /// On the small boards, every square Demaret's rule calls dead is dead by ours (which
    /// are exact for one box alone), and every position the 2×2 rule claims is dead by
    /// exhaustive search.
    #[test]
    fn demarets_rules_are_sound_on_the_small_boards() {
        let (mut squares, mut blocks) = (0, 0);
        for rows in BOARDS {
            let p = problem(rows);
            let dead = dead_squares(&p.board);
            for s in 0..p.board.len() as Sq {
                if dead[s as usize] {
                    squares += 1;
                    assert!(p.dist.is_dead(s), "{rows:?}: square {:?}", p.board.pos(s));
                }
            }
            for (boxes, player) in positions(&p) {
                if boxes_of(&boxes).any(|b| square_deadlock(&p.board, &boxes, b)) {
                    blocks += 1;
                    assert!(is_dead(&p, &boxes, player), "{rows:?}: a false 2×2 claim");
                }
            }
        }
        assert!(squares > 0 && blocks > 0, "{squares} squares, {blocks} blocks claimed");
    }

    /// Corners, a line along a wall between two of them, and the lines a goal or an escape
    /// keep alive.
    #[test]
    fn corners_and_lines_between_them_are_dead_unless_a_goal_or_an_escape_is_on_the_line() {
        let dead_at = |rows: &[&str]| {
            let p = problem(rows);
            let dead = dead_squares(&p.board);
            let mut at: Vec<(usize, usize)> = (0..p.board.len() as Sq)
                .filter(|&s| dead[s as usize])
                .map(|s| (p.board.pos(s).x, p.board.pos(s).y))
                .collect();
            at.sort_unstable();
            at
        };
        // The top row is a line between two corners; the bottom row holds a goal.
        let rows = ["######", "#    #", "# $@ #", "#  . #", "######"];
        let top = [(1, 1), (2, 1), (3, 1), (4, 1)];
        let sides = [(1, 2), (4, 2)];
        let bottom = [(1, 3), (4, 3)];
        let mut want: Vec<_> = top.iter().chain(&sides).chain(&bottom).copied().collect();
        want.sort_unstable();
        assert_eq!(dead_at(&rows), want, "the left and right columns are lines too");
        // An alcove above the top row lets a box leave it there: an escape, so the top row
        // is no line (its corners and the alcove's end stay dead).
        let rows = ["########", "### ####", "#      #", "# $@   #", "#   .  #", "########"];
        let found = dead_at(&rows);
        for at in [(1, 2), (6, 2), (3, 1)] {
            assert!(found.contains(&at), "{at:?} in {found:?}");
        }
        for at in [(2, 2), (3, 2), (4, 2), (5, 2)] {
            assert!(!found.contains(&at), "{at:?} in {found:?}");
        }
    }

    /// A 2×2 block of boxes on goals is no deadlock; with one box off its goal it is.
    #[test]
    fn a_block_on_goals_is_kept_and_one_off_a_goal_is_not() {
        let start = |p: &crate::solver::analysis::problem::Problem| {
            let mut boxes = vec![0u64; p.words()];
            p.board.start_boxes().iter().for_each(|&b| set_box(&mut boxes, b));
            boxes
        };
        let p = problem(&["#######", "#     #", "# **  #", "# **@ #", "#     #", "#######"]);
        let at = p.board.square_at(Pos::new(3, 3)).unwrap();
        assert!(!square_deadlock(&p.board, &start(&p), at));
        let p = problem(&["#######", "#     #", "# *$  #", "# **@.#", "#     #", "#######"]);
        let at = p.board.square_at(Pos::new(3, 2)).unwrap();
        assert!(square_deadlock(&p.board, &start(&p), at));
    }
}
