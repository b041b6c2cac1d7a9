//! Test support: exact scores by plain memoised minimax, the independent computation that the
//! solver's bounds and table keys are checked against on small boards.

use crate::games::Game;
use crate::games::connect4::Connect4;
use crate::games::connect4::solver::win_score;
use std::collections::HashMap;

/// A position's exact score (for the side to move, the solver's convention) and its
/// bitboards: the side to move's stones and every stone.
#[derive(Clone, Copy, Debug)]
pub struct Scored {
    pub score: i32,
    pub current: u64,
    pub mask: u64,
}

/// The exact score of `pos` (not over), recording in `scores` that of every position not over
/// reachable from it, keyed by the position's own key.
pub fn exact(pos: &Connect4, scores: &mut HashMap<u64, Scored>) -> i32 {
    if let Some(known) = scores.get(&pos.key()) {
        return known.score;
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let score = moves
        .into_iter()
        .map(|col| {
            if pos.is_winning_move(col) {
                return win_score(pos.shape().cells(), pos.moves_played());
            }
            let mut child = pos.clone();
            child.play(col);
            if child.outcome().is_some() {
                0
            } else {
                -exact(&child, scores)
            }
        })
        .max()
        .expect("a position not over has a move");
    let (current, mask) = pos.bitboards();
    scores.insert(
        pos.key(),
        Scored {
            score,
            current,
            mask,
        },
    );
    score
}
