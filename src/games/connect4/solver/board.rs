//! The position as the solver plays it: two bitboards and a move count, shared by the search
//! and the bounds it asks (claimeven).

use crate::games::connect4::{Bits, Connect4};

/// The position as the solver plays it, in words `B`: no win flag, no checks.
#[derive(Clone, Copy, Debug)]
pub struct Board<B> {
    /// Stones of the side to move.
    pub current: B,
    /// All stones.
    pub mask: B,
    /// Stones played.
    pub moves: i32,
}

impl<B: Bits> Board<B> {
    /// The solver's view of `pos`.
    pub fn of(pos: &Connect4<B>) -> Board<B> {
        let (current, mask) = pos.bitboards();
        Board {
            current,
            mask,
            moves: pos.moves_played() as i32,
        }
    }

    /// The position after the side to move drops a stone on the playable cell `bit`.
    #[inline(always)]
    pub fn play(&self, bit: B) -> Board<B> {
        Board {
            current: self.current ^ self.mask,
            mask: self.mask | bit,
            moves: self.moves + 1,
        }
    }
}
