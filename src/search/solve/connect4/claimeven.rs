//! The claimeven bound: on a board of even height, the second player can answer the first
//! player so as to take the empty cells of even rows (Allis's claimeven, extended to columns
//! holding an odd number of stones), which bounds the first player's score from above.

use super::board::Board;
use crate::games::connect4::{Bits, Geometry};

/// On a board of even height with the first player to move, an upper bound on its score
/// from a claimeven strategy of the second player (rows counted from 1 at the bottom):
/// it answers a move in a column holding an even number of stones in the same column
/// (taking the even row above), and a move in a column holding an odd number in another
/// such column (taking its playable cell, on an even row; there is always one, as the
/// number of stones is even before the first player moves). It so gets every empty cell
/// of an even row that is not playable now, and the first player at most the other empty
/// cells. If the first player has no four in its stones and those cells, it cannot win:
/// at most 0. If the second player then has a four in its stones and the cells it gets,
/// it wins, at the latest when the first player plays under the last empty cell of its
/// lowest such four.
#[inline(always)]
pub fn claimeven_bound<G: Geometry>(geo: G, b: Board<G::Bits>) -> Option<i32> {
    let height = geo.height();
    if height % 2 == 1 || b.moves % 2 == 1 {
        return None;
    }
    let even_rows = geo.rows_of_parity(1);
    let possible = b.mask.wrapping_add(geo.bottom()) & geo.board();
    let empty = geo.board() & !b.mask;
    let claimed = empty & even_rows & !possible;
    if geo.has_four(b.current | (empty & !claimed)) {
        return None;
    }
    let theirs = b.current ^ b.mask;
    if !geo.has_four(theirs | claimed) {
        return Some(0);
    }
    let cells = geo.cells() as i32;
    let mut r = 2;
    while r < height {
        let up_to = geo.rows_below(r);
        if geo.has_four(theirs | (claimed & up_to)) {
            break;
        }
        r += 2;
    }
    // The opponent's winning stone is played with `cells - (height - r) - 1` stones on
    // the board at the latest.
    let stones = cells - (height - r) as i32 - 1;
    Some(-(cells + 1 - stones) / 2)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::connect4::{Connect4, Layout, Shape};
    use crate::games::{Game, play_random_moves};
    use crate::search::solve::connect4::minimax::exact;
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};
    use std::collections::HashMap;

    #[test]
    fn the_bound_never_falls_below_the_exact_score() {
        let mut rng = StdRng::seed_from_u64(4);
        let mut bounded = 0;
        for (w, h) in [(4, 4), (5, 4)] {
            let shape = Shape::new(w, h).expect("fits");
            let mut memo = HashMap::new();
            for _ in 0..3000 {
                let mut pos = Connect4::<u64>::start(shape).expect("fits");
                let plies = 2 * rng.random_range(0..(shape.cells() / 2));
                play_random_moves(&mut pos, plies as usize, &mut rng);
                if pos.outcome().is_some() || pos.moves_played() % 2 == 1 || pos.can_win_next() {
                    continue;
                }
                let (current, mask) = pos.bitboards();
                let board = Board {
                    current,
                    mask,
                    moves: pos.moves_played() as i32,
                };
                let layout = Layout::<u64>::new(shape).expect("fits");
                if let Some(bound) = claimeven_bound(layout, board) {
                    bounded += 1;
                    let value = exact(&pos, &mut memo);
                    assert!(
                        bound >= value,
                        "{}: bound {bound}, value {value}",
                        pos.fen()
                    );
                }
            }
        }
        assert!(bounded > 1000, "{bounded}");
    }
}
