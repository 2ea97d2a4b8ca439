//! Minimax: the side to move maximises, its opponent minimises, every leaf scored for the
//! side that started the search.

use crate::lab::game_tree::{Evaluation, Game};

/// Minimax from `game`, `ply` half-moves deep.
pub fn minimax<G: Game>(game: &G, ply: u32) -> Evaluation<G::Move> {
    let mut state = game.clone();
    let me = state.to_move();
    let mut states = 1;
    let (score, best) = search(&mut state, ply, true, me, &mut states);
    Evaluation { best, score, states }
}

fn search<G: Game>(
    state: &mut G,
    ply: u32,
    max: bool,
    me: G::Player,
    states: &mut u64,
) -> (i32, Option<G::Move>) {
    let moves = state.moves();
    if ply == 0 || moves.is_empty() {
        return (state.score(me), None);
    }
    let mut best = (if max { i32::MIN } else { i32::MAX }, None);
    for m in moves {
        state.play(m);
        *states += 1;
        let (score, _) = search(state, ply - 1, !max, me, states);
        state.undo(m);
        if (max && score > best.0) || (!max && score < best.0) {
            best = (score, Some(m));
        }
    }
    best
}
