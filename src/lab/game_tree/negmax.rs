//! NegMax: Minimax with every score taken from the side to move, so each node keeps the
//! child whose negated score is largest. It walks the same tree as Minimax.

use crate::lab::game_tree::{Evaluation, Game, WIN};

/// NegMax from `game`, `ply` half-moves deep.
pub fn negmax<G: Game>(game: &G, ply: u32) -> Evaluation<G::Move> {
    let mut state = game.clone();
    let mut states = 1;
    let (score, best) = search(&mut state, ply, &mut states);
    Evaluation { best, score, states }
}

fn search<G: Game>(state: &mut G, ply: u32, states: &mut u64) -> (i32, Option<G::Move>) {
    let moves = state.moves();
    if ply == 0 || moves.is_empty() {
        return (state.score(state.to_move()), None);
    }
    let mut best = (-WIN, None);
    for m in moves {
        state.play(m);
        *states += 1;
        let (score, _) = search(state, ply - 1, states);
        state.undo(m);
        if -score > best.0 {
            best = (-score, Some(m));
        }
    }
    best
}
