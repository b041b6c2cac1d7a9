//! Tic-tac-toe: 3x3, `x` moves first, three in a row wins.
//!
//! Cells are numbered 0..9 row by row from the top-left (the course's `k = 3i + j`); moves are
//! written `a1`..`c3` (files a-c left to right, ranks 1-3 bottom to top) and generated in cell
//! order, top row first.

mod explain;

use super::drop_game::DropGame;
use super::rules::RuleValues;
use super::why::{Asked, Why};
use super::{Game, GameError, Outcome, Seat, game_error};

/// The eight lines of three cells, as bit masks over cell numbers.
const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

const FULL: u16 = 0b111_111_111;

/// X and O: the names of p1 and p2 (the review's reasons').
pub const SIDES: [&str; 2] = ["X", "O"];

/// A tic-tac-toe position: one bit mask of cells per player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TicTacToe {
    x: u16,
    o: u16,
}

impl TicTacToe {
    fn stones(&self, seat: Seat) -> u16 {
        match seat {
            Seat::P1 => self.x,
            Seat::P2 => self.o,
        }
    }

    fn has_line(stones: u16) -> bool {
        LINES.iter().any(|line| stones & line == *line)
    }

    /// Lines still open to `mine` (no enemy stone), weighted by how many stones they hold.
    fn line_potential(mine: u16, theirs: u16) -> i32 {
        LINES
            .iter()
            .filter(|&&line| line & theirs == 0)
            .map(|&line| match (line & mine).count_ones() {
                0 => 1,
                1 => 4,
                _ => 20,
            })
            .sum()
    }

    fn cell_name(cell: u8) -> String {
        let file = (b'a' + cell % 3) as char;
        let rank = 3 - cell / 3;
        format!("{file}{rank}")
    }

    fn cell_char(&self, cell: u8) -> char {
        let bit = 1u16 << cell;
        if self.x & bit != 0 {
            'x'
        } else if self.o & bit != 0 {
            'o'
        } else {
            '.'
        }
    }
}

/// Tic-tac-toe as a game of stones in a row (for an engine that plays such games from a
/// description): three in a row on 3x3, a stone placed on any free cell, a move naming its
/// cell (`b2`). It has no rule options.
pub fn drop_game(_rules: &RuleValues) -> Result<DropGame, GameError> {
    Ok(DropGame {
        game: <TicTacToe as Game>::NAME,
        files: 3,
        ranks: 3,
        connect: 3,
        gravity: false,
        move_at: |file, rank| format!("{}{}", char::from(b'a' + file), rank + 1),
    })
}

impl Game for TicTacToe {
    type Move = u8;
    const NAME: &'static str = "tictactoe";

    fn startpos() -> Self {
        TicTacToe { x: 0, o: 0 }
    }

    fn from_fen(fen: &str) -> Result<Self, GameError> {
        let mut parts = fen.split_whitespace();
        let board = parts.next().ok_or_else(|| GameError("empty fen".into()))?;
        let side = parts
            .next()
            .ok_or_else(|| GameError("fen lacks the side to move (x or o)".into()))?;
        if let Some(extra) = parts.next() {
            return game_error(format!("unexpected '{extra}' after the side to move"));
        }
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != 3 {
            return game_error(format!("fen has {} rows, expected 3", rows.len()));
        }
        let mut pos = TicTacToe::startpos();
        for (r, row) in rows.iter().enumerate() {
            if row.chars().count() != 3 {
                return game_error(format!("fen row {} has not 3 cells: '{row}'", r + 1));
            }
            for (c, ch) in row.chars().enumerate() {
                let bit = 1u16 << (r * 3 + c);
                match ch {
                    'x' | 'X' => pos.x |= bit,
                    'o' | 'O' => pos.o |= bit,
                    '.' | '-' => {}
                    _ => return game_error(format!("bad cell '{ch}' in fen row {}", r + 1)),
                }
            }
        }
        let (nx, no) = (pos.x.count_ones(), pos.o.count_ones());
        let expected = match side {
            "x" | "X" => Seat::P1,
            "o" | "O" => Seat::P2,
            _ => return game_error(format!("bad side to move '{side}' (x or o)")),
        };
        if nx != no && nx != no + 1 {
            return game_error(format!("impossible stone counts: {nx} x and {no} o"));
        }
        if pos.side_to_move() != expected {
            return game_error(format!(
                "side to move '{side}' does not match the stone counts ({nx} x, {no} o)"
            ));
        }
        let (xw, ow) = (Self::has_line(pos.x), Self::has_line(pos.o));
        // A winner must have made the last move, and only one side can have a line.
        let impossible = if xw { ow || nx == no } else { ow && nx != no };
        if impossible {
            return game_error("impossible position: the winner's line is not the last move");
        }
        Ok(pos)
    }

    fn fen(&self) -> String {
        let rows: Vec<String> = (0..3)
            .map(|r| (0..3).map(|c| self.cell_char(r * 3 + c)).collect())
            .collect();
        let side = match self.side_to_move() {
            Seat::P1 => 'x',
            Seat::P2 => 'o',
        };
        format!("{} {side}", rows.join("/"))
    }

    fn side_to_move(&self) -> Seat {
        if self.x.count_ones() > self.o.count_ones() {
            Seat::P2
        } else {
            Seat::P1
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if Self::has_line(self.x) {
            Some(Outcome::Win(Seat::P1))
        } else if Self::has_line(self.o) {
            Some(Outcome::Win(Seat::P2))
        } else if self.x | self.o == FULL {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    fn legal_moves(&self, moves: &mut Vec<u8>) {
        if self.outcome().is_some() {
            return;
        }
        let empty = FULL & !(self.x | self.o);
        moves.extend((0..9u8).filter(|&c| empty & (1 << c) != 0));
    }

    fn play(&mut self, cell: u8) {
        match self.side_to_move() {
            Seat::P1 => self.x |= 1 << cell,
            Seat::P2 => self.o |= 1 << cell,
        }
    }

    fn evaluate(&self) -> i32 {
        let me = self.side_to_move();
        let (mine, theirs) = (self.stones(me), self.stones(me.other()));
        Self::line_potential(mine, theirs) - Self::line_potential(theirs, mine)
    }

    fn hash(&self) -> u64 {
        (u64::from(self.x) << 9) | u64::from(self.o)
    }

    /// The cell, 0 to 8 row by row from the top left (`a3` is 0, `c1` 8): OpenSpiel's
    /// `tic_tac_toe` actions.
    fn action(&self, cell: u8) -> u32 {
        u32::from(cell)
    }

    fn action_count(&self) -> u32 {
        9
    }

    fn max_plies(&self) -> Option<u32> {
        Some(9 - (self.x | self.o).count_ones())
    }

    /// OpenSpiel's `tic_tac_toe` tensor: planes empty, `o`, `x`; rows from the top.
    fn observation_shape(&self) -> Option<[usize; 3]> {
        Some([3, 3, 3])
    }

    fn observe(&self, out: &mut [f32]) {
        for cell in 0..9 {
            let bit = 1u16 << cell;
            let plane = if self.x & bit != 0 {
                2
            } else if self.o & bit != 0 {
                1
            } else {
                0
            };
            out[plane * 9 + cell] = 1.0;
        }
    }

    fn move_code(cell: u8) -> u16 {
        u16::from(cell)
    }

    fn move_order_hint(&self, cell: u8) -> i32 {
        // Centre, then corners, then edges.
        [2, 1, 2, 1, 3, 1, 2, 1, 2][usize::from(cell)]
    }

    fn move_text(&self, cell: u8) -> String {
        Self::cell_name(cell)
    }

    fn seat_names(&self) -> [&'static str; 2] {
        SIDES
    }

    fn explain(&self, cell: u8, asked: &Asked) -> Option<Why> {
        self.explain_move(cell, asked)
    }

    fn display(&self) -> String {
        let mut out = String::new();
        for r in 0..3u8 {
            out.push_str(&format!("{} ", 3 - r));
            for c in 0..3 {
                out.push(' ');
                out.push(self.cell_char(r * 3 + c));
            }
            out.push('\n');
        }
        out.push_str("   a b c\n");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::perft;

    fn after(moves: &[&str]) -> TicTacToe {
        let mut pos = TicTacToe::startpos();
        for m in moves {
            let mv = pos.parse_move(m).expect("legal move");
            pos.play(mv);
        }
        pos
    }

    #[test]
    fn perft_matches_reference() {
        let expected = crate::games::test_data::perft_counts("tictactoe");
        assert_eq!(expected.len(), 9);
        for (depth, &n) in expected.iter().enumerate() {
            assert_eq!(perft(&TicTacToe::startpos(), depth as u32 + 1), n);
        }
    }

    #[test]
    fn wins_in_every_direction() {
        // Row, column, both diagonals, for x.
        assert_eq!(
            after(&["a1", "a2", "b1", "b2", "c1"]).outcome(),
            Some(Outcome::Win(Seat::P1))
        );
        assert_eq!(
            after(&["b1", "a1", "b2", "c1", "b3"]).outcome(),
            Some(Outcome::Win(Seat::P1))
        );
        assert_eq!(
            after(&["a1", "a2", "b2", "a3", "c3"]).outcome(),
            Some(Outcome::Win(Seat::P1))
        );
        assert_eq!(
            after(&["a3", "a2", "b2", "b1", "c1"]).outcome(),
            Some(Outcome::Win(Seat::P1))
        );
        // And for o.
        assert_eq!(
            after(&["a1", "c3", "a2", "c2", "b1", "c1"]).outcome(),
            Some(Outcome::Win(Seat::P2))
        );
    }

    #[test]
    fn full_board_without_line_is_a_draw() {
        let pos = after(&["b2", "a1", "c3", "a3", "a2", "c2", "b1", "b3", "c1"]);
        assert_eq!(pos.outcome(), Some(Outcome::Draw));
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        assert!(moves.is_empty());
    }

    #[test]
    fn fen_round_trips_and_rejects_nonsense() {
        let pos = after(&["b2", "a1", "c3"]);
        assert_eq!(pos.fen(), "..x/.x./o.. o");
        assert_eq!(TicTacToe::from_fen(&pos.fen()), Ok(pos));
        for bad in [
            "",
            "... x",
            "xxx/.../... o",
            "xx./.../... x",
            ".../.../... z",
            ".../.../q.. x",
            ".../.../... x extra",
            "ooo/xx./x.x o",
        ] {
            assert!(TicTacToe::from_fen(bad).is_err(), "accepted {bad:?}");
        }
    }

    #[test]
    fn moves_are_named_by_file_and_rank() {
        let pos = TicTacToe::startpos();
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let names: Vec<String> = moves.iter().map(|&m| pos.move_text(m)).collect();
        assert_eq!(
            names,
            ["a3", "b3", "c3", "a2", "b2", "c2", "a1", "b1", "c1"]
        );
        assert!(pos.parse_move("d1").is_err());
        assert!(after(&["a1"]).parse_move("a1").is_err());
    }

    #[test]
    fn tictactoe_keeps_the_contract_on_many_playouts() {
        let checked = crate::games::contract::check_random_playouts(&TicTacToe::startpos(), 300);
        assert_eq!(checked, Ok(()));
    }
}
