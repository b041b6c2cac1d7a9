//! A game of stones dropped on a rectangle, so many in a row winning, described for an engine
//! that plays such games from a description (Fairy-Stockfish's `connectN` variants): its
//! board, the line that wins, whether stones fall, and how sente writes a stone's move.
//!
//! A game declares it in its folder (`connect4::drop_game`, `tictactoe::drop_game`) and its
//! registry entry names it; the client that drives such an engine names no game.

/// The board and rules of a game of stones in a row.
#[derive(Clone, Copy, Debug)]
pub struct DropGame {
    /// The game's name, for the other engine's variant (`connect4`).
    pub game: &'static str,
    /// Files (columns).
    pub files: u8,
    /// Ranks (rows).
    pub ranks: u8,
    /// Stones in a row that win.
    pub connect: u8,
    /// Whether a stone falls to the lowest free cell of its file (a move names a file).
    pub gravity: bool,
    /// sente's move for a stone on `file`, `rank` (0-based, rank 0 at the bottom); with
    /// gravity, every rank of a file gives the file's move.
    pub move_at: fn(u8, u8) -> String,
}

/// Two descriptions are the same board when they describe the same game on the same board (the
/// game's name stands for its way of writing moves).
impl PartialEq for DropGame {
    fn eq(&self, other: &DropGame) -> bool {
        (
            self.game,
            self.files,
            self.ranks,
            self.connect,
            self.gravity,
        ) == (
            other.game,
            other.files,
            other.ranks,
            other.connect,
            other.gravity,
        )
    }
}

impl Eq for DropGame {}

impl DropGame {
    /// The 0-based file and rank of the cell sente's move `mv` names, the rank where `column`
    /// (stones in each file) says it falls with gravity; `None` when no cell of the board is
    /// written `mv`.
    pub fn cell_of(&self, mv: &str, column: impl Fn(u8) -> u8) -> Option<(u8, u8)> {
        if self.gravity {
            let file = (0..self.files).find(|&f| (self.move_at)(f, 0) == mv)?;
            let rank = column(file);
            (rank < self.ranks).then_some((file, rank))
        } else {
            (0..self.files)
                .flat_map(|f| (0..self.ranks).map(move |r| (f, r)))
                .find(|&(f, r)| (self.move_at)(f, r) == mv)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(file: u8, rank: u8) -> String {
        format!("{}{}", char::from(b'a' + file), rank + 1)
    }

    fn column(file: u8, _rank: u8) -> String {
        (file + 1).to_string()
    }

    #[test]
    fn a_cell_is_found_by_its_move_with_or_without_gravity() {
        let placed = DropGame {
            game: "t",
            files: 3,
            ranks: 3,
            connect: 3,
            gravity: false,
            move_at: square,
        };
        assert_eq!(placed.cell_of("b3", |_| 0), Some((1, 2)));
        assert_eq!(placed.cell_of("d1", |_| 0), None);
        let dropped = DropGame {
            gravity: true,
            move_at: column,
            files: 7,
            ranks: 6,
            ..placed
        };
        assert_eq!(dropped.cell_of("3", |f| f + 1), Some((2, 3)));
        assert_eq!(
            dropped.cell_of("3", |_| 6),
            None,
            "a full column has no cell"
        );
        assert_eq!(dropped.cell_of("8", |_| 0), None);
    }
}
