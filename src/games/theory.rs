//! A position's value by a game's own theory (Nim's nim-sum): what `Game::theory` gives.

use super::outcome::Seat;

/// Who wins a position with perfect play, and the moves that keep that value, by a game's
/// theory rather than by a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Theory<M> {
    /// The seat that wins with perfect play; `None` for a draw.
    pub winner: Option<Seat>,
    /// The legal moves after which the side to move still has that value, in generation
    /// order: its winning moves in a won position, its drawing moves in a drawn one, and every
    /// move in a lost one.
    pub keeping: Vec<M>,
}
