//! AlphaBeta in its NegMax form, as the book writes it: a node raises its floor `alpha`
//! with each child that beats it and stops trying moves once `alpha >= beta`, the window
//! having closed; a node where nothing beats the floor returns the floor itself.

use crate::lab::game_tree::{Evaluation, Game, WIN};

/// AlphaBeta from `game`, `ply` half-moves deep, from the window `[-WIN, WIN]`.
pub fn alpha_beta<G: Game>(game: &G, ply: u32) -> Evaluation<G::Move> {
    let mut state = game.clone();
    let mut states = 1;
    let (score, best) = search(&mut state, ply, -WIN, WIN, &mut states);
    Evaluation { best, score, states }
}

fn search<G: Game>(
    state: &mut G,
    ply: u32,
    mut alpha: i32,
    beta: i32,
    states: &mut u64,
) -> (i32, Option<G::Move>) {
    let moves = state.moves();
    if ply == 0 || moves.is_empty() {
        return (state.score(state.to_move()), None);
    }
    let mut best = (alpha, None);
    for m in moves {
        state.play(m);
        *states += 1;
        let (score, _) = search(state, ply - 1, -beta, -alpha, states);
        state.undo(m);
        if -score > alpha {
            alpha = -score;
            best = (alpha, Some(m));
        }
        if alpha >= beta {
            break;
        }
    }
    best
}
