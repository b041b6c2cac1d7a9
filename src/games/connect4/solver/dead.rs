//! Dead stones: stones whose colour can no longer matter, as no line of four cells through
//! them can still become a four whatever their colour. The solver's table keys give them all to
//! the side to move, so that positions differing only there share one entry (Christophe
//! Steininger's idea, and his patterns).
//!
//! Along one direction a stone is dead when every empty cell of a line of four through it is
//! three cells away with two stones of different colours between: the only line holding both is
//! the four from the stone to that cell, and it already holds both colours. Those two stones,
//! one and two cells from an empty cell, are never dead themselves, so what decides whether a
//! stone is dead (where the stones are, and the colours of live stones) is the same for every
//! position sharing its key: two positions with one key have the same dead stones and differ
//! only in their colours, and every line of four through a dead stone that still has an empty
//! cell holds both colours in live stones, in both. So the two play alike to the end.

use crate::games::connect4::{Bits, Geometry};

/// The stones of `mask` (every stone of a position not over; `current` those of the side to
/// move) whose colour can no longer matter. Along each of the four directions a stone must be
/// one of:
/// - at least three cells from every empty cell, and at exactly three only with two stones of
///   different colours between;
/// - at the board's edge, the one line of four through it holding an empty cell two cells on
///   with stones of different colours on both sides of it;
/// - on no line of four at all (a corner of the diagonals).
#[inline(always)]
pub fn dead_stones<G: Geometry>(geo: G, current: G::Bits, mask: G::Bits) -> G::Bits {
    let board = geo.board();
    let s = geo.stride();
    let empty = board & !mask;
    let other = mask & !current;
    let mut dead = mask;
    // A step of one cell in a direction never wraps onto the board: the column's spare cell
    // (not on the board) lies between.
    for d in [1, s, s + 1, s - 1] {
        // Stones one cell from an empty cell, then two.
        let near1 = mask & ((empty >> d) | (empty << d));
        let near2 = mask & ((near1 >> d) | (near1 << d));
        // Cells whose next cell in the direction has the same colour as themselves.
        let pairs = ((current >> d) & current) | ((other >> d) & other);
        // Stones three cells from an empty cell with two stones of one colour between.
        let near3 = ((near2 >> d) & (pairs >> d)) | ((near2 << d) & (pairs << (2 * d)));
        let far = mask & !(near1 | near2 | near3);
        // Empty cells between stones of different colours, and the edge stones two cells from
        // one: the only line through such a stone holds both colours.
        let split = empty & (((current >> d) & (other << d)) | ((other >> d) & (current << d)));
        let edge = board & !((board << d) & (board >> d));
        let pinned = edge & mask & ((split >> (2 * d)) | (split << (2 * d)));
        // Cells on no line of four in this direction.
        let starts = board & (board >> d) & (board >> (2 * d)) & (board >> (3 * d));
        let lines = starts | (starts << d) | (starts << (2 * d)) | (starts << (3 * d));
        dead &= far | pinned | (board & !lines);
        if dead.is_zero() {
            break;
        }
    }
    dead
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Game;
    use crate::games::connect4::solver::minimax::exact;
    use crate::games::connect4::{Connect4, Layout, Shape};
    use std::collections::HashMap;

    /// Every position of a board that differs from another only in the colour of its dead
    /// stones has the same exact score (over every reachable position of 4 x 4, 5 x 4 and 4 x 5,
    /// solved by plain minimax), and such positions exist.
    #[test]
    fn positions_differing_only_in_dead_stones_have_one_value() {
        for (w, h) in [(4, 4), (5, 4), (4, 5)] {
            let shape = Shape::new(w, h).expect("fits");
            let layout = Layout::<u64>::new(shape).expect("fits");
            let mut values = HashMap::new();
            exact(&Connect4::<u64>::start(shape).expect("fits"), &mut values);
            let mut merged: HashMap<(u64, u64), (i32, u64)> = HashMap::new();
            let mut shared = 0;
            for scored in values.values() {
                let (value, current, mask) = (scored.score, scored.current, scored.mask);
                let dead = dead_stones(layout, current, mask);
                let key = (current | dead, mask);
                if let Some(&(other, other_current)) = merged.get(&key) {
                    assert_eq!(
                        other, value,
                        "{w}x{h}: stones {mask:#x}, dead {dead:#x}, side to move {current:#x} or {other_current:#x}"
                    );
                    shared += 1;
                } else {
                    merged.insert(key, (value, current));
                }
            }
            assert!(
                shared > values.len() / 10,
                "{w}x{h}: {shared} of {}",
                values.len()
            );
        }
    }

    /// Dead stones by hand: on 4 x 4 with rows 1 and 2 full and column a full (a1 a2 a3 a4),
    /// only a2 is dead: its column and row are full and no diagonal of four passes through
    /// it; a1 is on the open diagonal a1-d4, a3 and a4 on open rows, b1 to d2 in open columns.
    #[test]
    fn dead_stones_of_a_small_position() {
        let shape = Shape::new(4, 4).expect("fits");
        let layout = Layout::<u64>::new(shape).expect("fits");
        let mut pos = Connect4::<u64>::start(shape).expect("fits");
        for col in [0, 1, 2, 3, 1, 2, 3, 0, 0, 0] {
            pos.play(col);
        }
        assert!(pos.outcome().is_none());
        let (current, mask) = pos.bitboards();
        let a2 = 1u64 << 1;
        assert_eq!(dead_stones(layout, current, mask), a2);
        // Filling b3 and b4 kills b1 too (its column and row full, no diagonal of four
        // through it); b2 stays, on the open diagonal a1-d4.
        pos.play(1);
        pos.play(1);
        assert!(pos.outcome().is_none());
        let (current, mask) = pos.bitboards();
        let b1 = 1u64 << 5;
        assert_eq!(dead_stones(layout, current, mask), a2 | b1);
    }

    /// Dead stones by their colours, on 4 x 4 after a1 b1 c1 d1 c2 a2 b2 c3 a3 (first player
    /// a1 c1 c2 b2 a3, second b1 d1 a2 c3): a1 is dead though its column and a diagonal are
    /// open, as the only lines of four through it with an empty cell (a1-a4, a1-d4) hold a2 and
    /// a3, b2 and c3, of different colours; c1 likewise (its column holds c2 and c3, no diagonal
    /// of four passes through it). Every other stone is one or two cells from an empty cell
    /// along some line of four. When a3 is the second player's (the same stones, other
    /// colours in column a), a1 lives again: a2 and a3 could be joined by a1 and a4.
    #[test]
    fn dead_stones_by_their_colours() {
        let shape = Shape::new(4, 4).expect("fits");
        let layout = Layout::<u64>::new(shape).expect("fits");
        let mut pos = Connect4::<u64>::start(shape).expect("fits");
        for col in [0, 1, 2, 3, 2, 0, 1, 2, 0] {
            pos.play(col);
        }
        assert!(pos.outcome().is_none());
        let (current, mask) = pos.bitboards();
        let (a1, a3, c1) = (1u64, 1u64 << 2, 1u64 << 10);
        assert_eq!(dead_stones(layout, current, mask), a1 | c1);
        assert_eq!(dead_stones(layout, current ^ a3, mask), c1);
    }
}
