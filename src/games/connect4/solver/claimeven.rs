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
/// lowest such four; and so it does even if the first player has fours too, when none of
/// them is vertical and each lies above that four's rows and spans the columns of one of
/// the second player's there (Steininger's solver bounds such positions too).
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
    let ours = b.current | (empty & !claimed);
    let theirs = b.current ^ b.mask;
    // The first player's fours, none vertical (the second player's never are: the cells it
    // gets are empty cells of even rows, each with an empty cell under it), by their
    // leftmost cell and by their lowest.
    let s = geo.stride();
    let starts = |x: G::Bits, d: u32| x & (x >> d) & (x >> (2 * d)) & (x >> (3 * d));
    if !starts(ours, 1).is_zero() {
        return None;
    }
    let (rising, falling) = (starts(ours, s + 1), starts(ours, s - 1));
    let ours_left = starts(ours, s) | rising | falling;
    let ours_lowest = starts(ours, s) | rising | (falling << (3 * (s - 1)));
    if !geo.has_four(theirs | claimed) {
        return if ours_left.is_zero() { Some(0) } else { None };
    }
    // The lowest rows in which the second player gets a four, unless one of the first
    // player's reaches down into them.
    let cells = geo.cells() as i32;
    let mut r = 2;
    let low = loop {
        let up_to = geo.rows_below(r);
        if !(ours_lowest & up_to).is_zero() {
            return None;
        }
        let low = theirs | (claimed & up_to);
        if r >= height || geo.has_four(low) {
            break low;
        }
        r += 2;
    };
    // Each of the first player's fours, wholly above those rows, must span the columns of
    // one of the second player's there: each empty cell of that four then lies under an
    // empty cell of the first player's in its column, which the second player fills first
    // (it answers right above), completing its four first.
    if !ours_left.is_zero() {
        let board = geo.board();
        let theirs_left = starts(low, s) | starts(low, s + 1) | starts(low, s - 1);
        // The columns holding a first cell: adding a full column carries into the bit above.
        let columns = |x: G::Bits| x.wrapping_add(board) & !board & (geo.bottom() << height);
        if !(columns(ours_left) & !columns(theirs_left)).is_zero() {
            return None;
        }
    }
    // The opponent's winning stone is played with `cells - (height - r) - 1` stones on
    // the board at the latest.
    let stones = cells - (height - r) as i32 - 1;
    Some(-(cells + 1 - stones) / 2)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::connect4::solver::minimax::exact;
    use crate::games::connect4::{Connect4, Layout, Shape};
    use crate::games::{Game, play_random_moves};
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

    /// Whether the first player (to move) has a four in its stones and the cells the second
    /// player's claimeven leaves it: where the bound used to give up.
    fn first_player_has_fours(layout: Layout<u64>, current: u64, mask: u64) -> bool {
        let empty = layout.board() & !mask;
        let possible = mask.wrapping_add(layout.bottom()) & layout.board();
        let claimed = empty & layout.rows_of_parity(1) & !possible;
        layout.has_four(current | (empty & !claimed))
    }

    /// Over every reachable position of 4 x 4, 5 x 4 and 4 x 6 with the first player to move
    /// (exact scores by plain minimax): the bound is never below the score, and it bounds
    /// positions where the first player also has fours, all of them above the second
    /// player's.
    #[test]
    fn every_position_with_fours_for_both_is_bounded_from_above() {
        for (w, h) in [(4, 4), (5, 4), (4, 6)] {
            let shape = Shape::new(w, h).expect("fits");
            let layout = Layout::<u64>::new(shape).expect("fits");
            let mut values = HashMap::new();
            exact(&Connect4::<u64>::start(shape).expect("fits"), &mut values);
            let mut with_fours = 0;
            for scored in values.values() {
                let moves = (scored.mask.count_ones()) as i32;
                let board = Board {
                    current: scored.current,
                    mask: scored.mask,
                    moves,
                };
                let Some(bound) = claimeven_bound(layout, board) else {
                    continue;
                };
                assert!(
                    bound >= scored.score,
                    "{w}x{h}: stones {:#x}, side to move {:#x}: bound {bound}, score {}",
                    scored.mask,
                    scored.current,
                    scored.score
                );
                if first_player_has_fours(layout, scored.current, scored.mask) {
                    with_fours += 1;
                }
            }
            if h >= 6 {
                assert!(with_fours > 0, "{w}x{h}");
            }
        }
    }

    /// On 5 x 6 and 6 x 6, where fours of the first player may span other columns than the
    /// second player's: random positions with 12 to 18 empty cells in which the first player
    /// has fours and the bound still holds (at least 50 of each board, at most 150) are never
    /// scored above it (plain minimax).
    #[test]
    fn wider_boards_with_fours_for_both_keep_the_bound() {
        let mut rng = StdRng::seed_from_u64(30);
        for (w, h) in [(5, 6), (6, 6)] {
            let shape = Shape::new(w, h).expect("fits");
            let layout = Layout::<u64>::new(shape).expect("fits");
            let mut memo = HashMap::new();
            let mut checked = 0;
            for _ in 0..20000 {
                if checked == 150 {
                    break;
                }
                let mut pos = Connect4::<u64>::start(shape).expect("fits");
                let plies = shape.cells() as usize - 2 * rng.random_range(6..=9);
                play_random_moves(&mut pos, plies, &mut rng);
                if pos.outcome().is_some()
                    || pos.moves_played() as usize != plies
                    || pos.can_win_next()
                {
                    continue;
                }
                let (current, mask) = pos.bitboards();
                if !first_player_has_fours(layout, current, mask) {
                    continue;
                }
                let board = Board {
                    current,
                    mask,
                    moves: plies as i32,
                };
                if let Some(bound) = claimeven_bound(layout, board) {
                    checked += 1;
                    let value = exact(&pos, &mut memo);
                    assert!(
                        bound >= value,
                        "{}: bound {bound}, value {value}",
                        pos.fen()
                    );
                }
            }
            assert!(checked >= 50, "{w}x{h}: {checked}");
        }
    }
}
