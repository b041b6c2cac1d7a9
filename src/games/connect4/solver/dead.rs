//! Dead stones: stones whose colour can no longer matter, as every line of four cells through
//! them is full (and the game is not over, so none of those lines is a four). The solver's
//! table keys give them all to the side to move, so that positions differing only there share
//! one entry (Christophe Steininger's idea). Which stones are dead depends on where the stones
//! are, not on their colours: two positions that differ only in the colour of dead stones
//! have the same dead stones, hence one key.

use crate::games::connect4::{Bits, Geometry};

/// The stones of `mask` (every stone of a position not over) that no four can ever use,
/// whatever their colour: every line of four cells through them is full.
#[inline(always)]
pub fn dead_stones<G: Geometry>(geo: G, mask: G::Bits) -> G::Bits {
    let board = geo.board();
    let s = geo.stride();
    let mut dead = mask;
    for d in [1, s, s + 1, s - 1] {
        // Lines by their first cell: that cell and the next three `d` apart; the open ones
        // have an empty cell.
        let lines = board & (board >> d) & (board >> (2 * d)) & (board >> (3 * d));
        let full = mask & (mask >> d) & (mask >> (2 * d)) & (mask >> (3 * d));
        let open = lines & !full;
        dead &= !(open | (open << d) | (open << (2 * d)) | (open << (3 * d)));
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
                let dead = dead_stones(layout, mask);
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
        let (_, mask) = pos.bitboards();
        let a2 = 1u64 << 1;
        assert_eq!(dead_stones(layout, mask), a2);
        // Filling b3 and b4 kills b1 too (its column and row full, no diagonal of four
        // through it); b2 stays, on the open diagonal a1-d4.
        pos.play(1);
        pos.play(1);
        assert!(pos.outcome().is_none());
        let (_, mask) = pos.bitboards();
        let b1 = 1u64 << 5;
        assert_eq!(dead_stones(layout, mask), a2 | b1);
    }
}
