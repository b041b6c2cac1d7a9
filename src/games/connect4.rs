//! Connect Four: 7 columns x 6 rows with gravity, `x` moves first, four in a row wins.
//!
//! Bitboards in the layout of Pascal Pons's solver: column `c` (0-based, left to right) takes
//! bits `7c..7c+7`, row `r` (0 = bottom) of it bit `7c + r`, the 7th an always-empty sentinel.
//! `current` holds the stones of the side to move, `mask` all stones. A move is the 0-based
//! column, written `1`..`7`. The public helpers are the building blocks of an exact solver.

use super::{Game, GameError, Outcome, Seat, game_error};

/// The number of columns.
pub const WIDTH: u8 = 7;
/// The number of rows.
pub const HEIGHT: u8 = 6;
/// Bits per column: the cells plus the sentinel bit.
const H1: u32 = HEIGHT as u32 + 1;
/// The number of cells, hence of moves in a full game.
const CELLS: u32 = WIDTH as u32 * HEIGHT as u32;

/// One bit at the bottom cell of each column (bits 0, 7, ..., 42).
pub const BOTTOM: u64 = 0x0408_1020_4081;
/// Every cell of the board (no sentinel bit).
pub const BOARD: u64 = BOTTOM * ((1 << HEIGHT) - 1);
/// Rows 1, 3, 5 counted from the bottom as row 1 (bit rows 0, 2, 4): good threats for `x`.
const ODD_ROWS: u64 = BOTTOM * 0b010101;
/// Rows 2, 4, 6 counted from the bottom as row 1 (bit rows 1, 3, 5): good threats for `o`.
const EVEN_ROWS: u64 = BOTTOM * 0b101010;

// Evaluation terms. The search scores finished games itself; these stay far below its mates.
const LOST_EVAL: i32 = 9000; // the side to move has lost
const WIN_NEXT_EVAL: i32 = 5000; // the side to move completes four at once
const LOSS_NEXT_EVAL: i32 = 5000; // every move of the side to move lets the opponent win
const POSITIONAL_CAP: i32 = 3000; // bound on the positional part
// Per side (the side to move's score minus the opponent's). A side's good rows are odd rows for
// `x`, even rows for `o`; "useful" threats are those not right above an opponent threat.
const LOW_GOOD_THREAT: i32 = 80; // lowest threat of its column, on a good row
const LOW_OTHER_THREAT: i32 = 30; // lowest threat of its column, on another row
const HIGH_THREAT: i32 = 15; // threat above another threat in its column
const STACKED_THREAT: i32 = 80; // threat right under another threat of the same side
const PLAYABLE_THREAT: i32 = 10; // threat the opponent must block now: a tempo
const OPEN_THREE: i32 = 6; // window of four with three stones of the side, one empty
const OPEN_TWO: i32 = 4; // window of four with two stones of the side, two empty
const POTENTIAL_GOOD: i32 = 8; // empty cell of an open two, on a good row
const POTENTIAL_OTHER: i32 = 3; // empty cell of an open two, on another row
const CENTRE_STONE: i32 = 6; // stone in the centre column
/// Static move ordering by column: centre first.
const CENTRE_ORDER: [i32; WIDTH as usize] = [0, 2, 4, 6, 4, 2, 0];

/// A Connect Four position: Pons-style bitboards, the move count and whether the last move won.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Connect4 {
    /// Stones of the side to move.
    current: u64,
    /// All stones.
    mask: u64,
    /// Stones played so far.
    moves: u32,
    /// Whether the last move made four in a row.
    won: bool,
}

impl Connect4 {
    /// The cells of column `col` (0-based), as a bit mask.
    pub fn column_mask(col: u8) -> u64 {
        ((1 << HEIGHT) - 1) << (u32::from(col) * H1)
    }

    /// True if `stones` hold four in a row in any direction.
    pub fn has_four(stones: u64) -> bool {
        [1, H1 - 1, H1, H1 + 1].into_iter().any(|d| {
            let m = stones & (stones >> d);
            m & (m >> (2 * d)) != 0
        })
    }

    /// The empty cells (of `mask`) that would complete four in a row for `stones`
    /// (Pons's `compute_winning_position`), playable now or not.
    pub fn winning_cells(stones: u64, mask: u64) -> u64 {
        // Vertical: three stones right below.
        let mut r = (stones << 1) & (stones << 2) & (stones << 3);
        for d in [H1 - 1, H1, H1 + 1] {
            let p = (stones << d) & (stones << (2 * d));
            r |= p & (stones << (3 * d));
            r |= p & (stones >> d);
            let p = (stones >> d) & (stones >> (2 * d));
            r |= p & (stones << d);
            r |= p & (stones >> (3 * d));
        }
        r & (BOARD ^ mask)
    }

    /// The bitboards `(current, mask)`: the stones of the side to move, and every stone.
    pub fn bitboards(&self) -> (u64, u64) {
        (self.current, self.mask)
    }

    /// The number of stones played so far.
    pub fn moves_played(&self) -> u32 {
        self.moves
    }

    /// True if column `col` (0-based) exists and is not full (whether or not the game is over).
    pub fn can_play(&self, col: u8) -> bool {
        col < WIDTH && self.move_bit(col) != 0
    }

    /// The cells where a stone can be dropped now, one per non-full column.
    pub fn possible(&self) -> u64 {
        (self.mask + BOTTOM) & BOARD
    }

    /// The cell a stone dropped in column `col` (0-based) lands on; 0 if the column is full.
    pub fn move_bit(&self, col: u8) -> u64 {
        self.possible() & Self::column_mask(col)
    }

    /// The empty cells that would complete four for the side to move.
    pub fn own_winning_cells(&self) -> u64 {
        Self::winning_cells(self.current, self.mask)
    }

    /// The empty cells that would complete four for the opponent of the side to move.
    pub fn opponent_winning_cells(&self) -> u64 {
        Self::winning_cells(self.current ^ self.mask, self.mask)
    }

    /// True if playing column `col` (0-based) completes four for the side to move.
    pub fn is_winning_move(&self, col: u8) -> bool {
        col < WIDTH && self.own_winning_cells() & self.move_bit(col) != 0
    }

    /// True if the side to move can complete four with its next stone.
    pub fn can_win_next(&self) -> bool {
        self.own_winning_cells() & self.possible() != 0
    }

    /// The playable cells that do not let the opponent complete four right after (a forced
    /// block if the opponent threatens a playable cell; nothing if it threatens two).
    /// Meant for positions where the side to move cannot win at once (see `can_win_next`).
    pub fn non_losing_moves(&self) -> u64 {
        Self::non_losing(self.possible(), self.opponent_winning_cells())
    }

    /// Of the playable cells `possible`, those that do not let the opponent, whose winning
    /// cells are `opponent_win`, complete four right after.
    #[inline]
    pub fn non_losing(mut possible: u64, opponent_win: u64) -> u64 {
        let forced = possible & opponent_win;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0;
            }
            possible = forced;
        }
        possible & !(opponent_win >> 1)
    }

    /// The number of winning cells the side to move would have after dropping a stone on the
    /// playable cell `bit` (Pons's move-ordering score).
    pub fn threats_after(&self, bit: u64) -> u32 {
        Self::winning_cells(self.current | bit, self.mask | bit).count_ones()
    }

    /// Drops a stone of the side to move on the playable cell `bit` (one bit of `possible()`).
    pub fn play_bit(&mut self, bit: u64) {
        self.current ^= self.mask;
        self.mask |= bit;
        self.moves += 1;
        self.won = Self::has_four(self.current ^ self.mask);
    }

    /// A number unique to the position, below 2^49: `current + mask + bottom`. The side to
    /// move follows from the number of stones, so it is part of the key.
    pub fn key(&self) -> u64 {
        self.current + self.mask + BOTTOM
    }

    /// The `key()` of the position mirrored left to right (column c goes to column 6 - c).
    pub fn mirror_key(&self) -> u64 {
        let key = self.key();
        let col_bits = (1 << H1) - 1;
        (0..u32::from(WIDTH)).fold(0, |m, c| {
            m | (((key >> (c * H1)) & col_bits) << ((u32::from(WIDTH) - 1 - c) * H1))
        })
    }

    /// Builds the position reached by playing the 1-based columns of `moves` ("4453") from
    /// the start. Rejects characters other than `1`..`7`, full columns and moves after a win,
    /// naming the 0-based index of the bad character.
    pub fn from_move_string(moves: &str) -> Result<Self, GameError> {
        let mut pos = Self::startpos();
        for (i, ch) in moves.chars().enumerate() {
            let col = match ch {
                '1'..='7' => ch as u8 - b'1',
                _ => return game_error(format!("'{ch}' at index {i} is not a column 1-7")),
            };
            if pos.won {
                return game_error(format!("move '{ch}' at index {i} comes after a win"));
            }
            if !pos.can_play(col) {
                return game_error(format!("move '{ch}' at index {i}: column {ch} is full"));
            }
            pos.play(col);
        }
        Ok(pos)
    }

    /// True if removing one of the top stones of `last` leaves it without four: a single final
    /// move can have completed its four.
    fn one_last_move_wins(last: u64, mask: u64) -> bool {
        let mut tops = last & mask & !(mask >> 1);
        while tops != 0 {
            let bit = tops & tops.wrapping_neg();
            if !Self::has_four(last ^ bit) {
                return true;
            }
            tops ^= bit;
        }
        false
    }

    /// `x`, `o` or `.` for the cell of column `col` and row `row` (0-based, bottom row 0).
    fn cell_char(&self, col: u8, row: u8) -> char {
        let bit = 1u64 << (u32::from(col) * H1 + u32::from(row));
        let is_x = (self.current & bit != 0) == (self.side_to_move() == Seat::P1);
        match (self.mask & bit != 0, is_x) {
            (false, _) => '.',
            (true, true) => 'x',
            (true, false) => 'o',
        }
    }

    /// Positional score of one side from its useful threats, the lowest not playable threat of
    /// every column (both sides) and its good rows: threats, open windows, centre stones.
    fn side_score(mine: u64, theirs: u64, useful: u64, lowest: u64, good: u64) -> i32 {
        let count = |b: u64| b.count_ones() as i32;
        let playable = useful & ((mine | theirs) + BOTTOM);
        let low = useful & lowest;
        let (twos, threes, potential) = Self::open_windows(mine, theirs);
        let potential = potential & !useful;
        count(low & good) * LOW_GOOD_THREAT
            + count(low & !good) * LOW_OTHER_THREAT
            + count(useful & !lowest & !playable) * HIGH_THREAT
            + count(useful & (useful >> 1)) * STACKED_THREAT
            + count(playable) * PLAYABLE_THREAT
            + threes * OPEN_THREE
            + twos * OPEN_TWO
            + count(potential & good) * POTENTIAL_GOOD
            + count(potential & !good) * POTENTIAL_OTHER
            + count(mine & Self::column_mask(3)) * CENTRE_STONE
    }

    /// The lowest cell of `cells` in each column.
    fn lowest_per_column(cells: u64) -> u64 {
        let mut above = (cells << 1) & BOARD;
        for _ in 1..HEIGHT - 1 {
            above |= (above << 1) & BOARD;
        }
        cells & !above
    }

    /// The numbers of windows of four cells free of `theirs` holding exactly two, and exactly
    /// three, stones of `mine` (bit-sliced counting over the four directions), and the empty
    /// cells of the two-stone windows (cells one stone away from becoming a threat).
    fn open_windows(mine: u64, theirs: u64) -> (i32, i32, u64) {
        let free = BOARD & !theirs;
        let (mut twos, mut threes, mut potential) = (0, 0, 0);
        for d in [1, H1 - 1, H1, H1 + 1] {
            let open = free & (free >> d) & (free >> (2 * d)) & (free >> (3 * d));
            let (a0, a1, a2, a3) = (mine, mine >> d, mine >> (2 * d), mine >> (3 * d));
            let (s1, c1, s2, c2) = (a0 ^ a1, a0 & a1, a2 ^ a3, a2 & a3);
            let low = s1 ^ s2;
            let mid = c1 ^ c2 ^ (s1 & s2);
            let two = open & mid & !low;
            twos += two.count_ones() as i32;
            threes += (open & mid & low).count_ones() as i32;
            potential |= two | (two << d) | (two << (2 * d)) | (two << (3 * d));
        }
        (twos, threes, potential & free & !mine)
    }
}

impl Game for Connect4 {
    type Move = u8;
    const NAME: &'static str = "connect4";

    fn startpos() -> Self {
        Connect4 {
            current: 0,
            mask: 0,
            moves: 0,
            won: false,
        }
    }

    fn from_fen(fen: &str) -> Result<Self, GameError> {
        let parts: Vec<&str> = fen.split_whitespace().collect();
        let (board, side) = match parts[..] {
            [board, side] => (board, side),
            [] => return game_error("empty fen"),
            [_] => return game_error("fen lacks the side to move (x or o)"),
            [_, _, extra, ..] => return game_error(format!("unexpected '{extra}' after the side")),
        };
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != usize::from(HEIGHT) {
            return game_error(format!("fen has {} rows, expected 6", rows.len()));
        }
        let (mut x, mut o) = (0u64, 0u64);
        for (i, row) in rows.iter().enumerate() {
            let n = row.chars().count();
            if n != usize::from(WIDTH) {
                return game_error(format!("fen row {} has {n} cells, not 7: '{row}'", i + 1));
            }
            for (c, ch) in row.chars().enumerate() {
                let bit = 1u64 << (c as u32 * H1 + u32::from(HEIGHT) - 1 - i as u32);
                match ch {
                    'x' | 'X' => x |= bit,
                    'o' | 'O' => o |= bit,
                    '.' => {}
                    _ => return game_error(format!("bad cell '{ch}' in fen row {}", i + 1)),
                }
            }
        }
        let mask = x | o;
        let floating = mask & !((mask << 1) | BOTTOM);
        if floating != 0 {
            let (col, row) = (
                floating.trailing_zeros() / H1,
                floating.trailing_zeros() % H1,
            );
            let at = format!("column {}, row {} from the bottom", col + 1, row + 1);
            return game_error(format!("floating stone in {at}: the cell below is empty"));
        }
        let (nx, no) = (x.count_ones(), o.count_ones());
        let (current, last, mover, other) = match side {
            "x" | "X" if nx == no => (x, o, 'x', 'o'),
            "o" | "O" if nx == no + 1 => (o, x, 'o', 'x'),
            "x" | "X" | "o" | "O" if nx == no || nx == no + 1 => {
                let msg = format!("side to move '{side}' does not match {nx} x and {no} o");
                return game_error(msg);
            }
            "x" | "X" | "o" | "O" => {
                return game_error(format!("impossible stone counts: {nx} x, {no} o"));
            }
            _ => return game_error(format!("bad side to move '{side}' (x or o)")),
        };
        let won = Self::has_four(last);
        if won && Self::has_four(current) {
            return game_error("both x and o have four in a row");
        }
        if Self::has_four(current) {
            return game_error(format!("{mover} has four in a row but is to move"));
        }
        if won && !Self::one_last_move_wins(last, mask) {
            return game_error(format!(
                "no single last move can complete the fours of {other}"
            ));
        }
        let moves = nx + no;
        Ok(Connect4 {
            current,
            mask,
            moves,
            won,
        })
    }

    fn fen(&self) -> String {
        let rows: Vec<String> = (0..HEIGHT)
            .rev()
            .map(|r| (0..WIDTH).map(|c| self.cell_char(c, r)).collect())
            .collect();
        format!("{} {}", rows.join("/"), ['x', 'o'][self.moves as usize % 2])
    }

    fn side_to_move(&self) -> Seat {
        [Seat::P1, Seat::P2][self.moves as usize % 2]
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.won {
            Some(Outcome::Win(self.side_to_move().other()))
        } else if self.moves == CELLS {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    fn legal_moves(&self, moves: &mut Vec<u8>) {
        if !self.won {
            moves.extend((0..WIDTH).filter(|&c| self.can_play(c)));
        }
    }

    fn play(&mut self, col: u8) {
        self.play_bit(self.move_bit(col));
    }

    fn evaluate(&self) -> i32 {
        if self.won {
            return -LOST_EVAL;
        }
        if self.moves == CELLS {
            return 0;
        }
        let theirs = self.current ^ self.mask;
        let possible = self.possible();
        let mine_w = Self::winning_cells(self.current, self.mask);
        if mine_w & possible != 0 {
            return WIN_NEXT_EVAL;
        }
        let theirs_w = Self::winning_cells(theirs, self.mask);
        if Self::non_losing(possible, theirs_w) == 0 {
            return -LOSS_NEXT_EVAL;
        }
        let (my_rows, their_rows) = match self.side_to_move() {
            Seat::P1 => (ODD_ROWS, EVEN_ROWS),
            Seat::P2 => (EVEN_ROWS, ODD_ROWS),
        };
        let my_useful = mine_w & !(theirs_w << 1);
        let their_useful = theirs_w & !(mine_w << 1);
        let lowest = Self::lowest_per_column((my_useful | their_useful) & !possible);
        let score = Self::side_score(self.current, theirs, my_useful, lowest, my_rows)
            - Self::side_score(theirs, self.current, their_useful, lowest, their_rows);
        score.clamp(-POSITIONAL_CAP, POSITIONAL_CAP)
    }

    fn hash(&self) -> u64 {
        // A bijective mix (splitmix64's finaliser) of the unique key, so every bit is useful.
        let mut h = self.key();
        h = (h ^ (h >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        h = (h ^ (h >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        h ^ (h >> 31)
    }

    fn move_code(col: u8) -> u16 {
        u16::from(col)
    }

    fn move_order_hint(&self, col: u8) -> i32 {
        let bit = self.move_bit(col);
        if bit == 0 {
            return 0;
        }
        let theirs = self.opponent_winning_cells();
        let wins = i32::from(bit & self.own_winning_cells() != 0);
        let blocks = i32::from(bit & theirs != 0);
        let gives = i32::from((bit << 1) & theirs != 0);
        let threats = self.threats_after(bit) as i32;
        CENTRE_ORDER[usize::from(col)] + 10 * threats + 10_000 * wins + 5_000 * blocks
            - 2_000 * gives
    }

    fn move_text(&self, col: u8) -> String {
        (col + 1).to_string()
    }

    fn parse_move(&self, text: &str) -> Result<u8, GameError> {
        if let Some(outcome) = self.outcome() {
            let how = match outcome {
                Outcome::Win(Seat::P1) => "x won",
                Outcome::Win(Seat::P2) => "o won",
                Outcome::Draw | Outcome::Score(_) => "drawn",
            };
            return game_error(format!("the game is over ({how})"));
        }
        let col = match text.as_bytes() {
            &[d @ b'1'..=b'7'] => d - b'1',
            _ => return game_error(format!("'{text}' is not a column 1-{WIDTH}")),
        };
        if !self.can_play(col) {
            return game_error(format!("column {text} is full"));
        }
        Ok(col)
    }

    fn display(&self) -> String {
        let mut out = String::new();
        for r in (0..HEIGHT).rev() {
            let cells: Vec<String> = (0..WIDTH).map(|c| self.cell_char(c, r).into()).collect();
            out += &(cells.join(" ") + "\n");
        }
        out + "1 2 3 4 5 6 7\n"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::perft;
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};
    use std::collections::HashMap;

    fn pos(moves: &str) -> Connect4 {
        Connect4::from_move_string(moves).expect("valid move string")
    }

    fn legal(p: &Connect4) -> Vec<u8> {
        let mut moves = Vec::new();
        p.legal_moves(&mut moves);
        moves
    }

    /// A random game of up to 42 plies, as a move string.
    fn random_moves(rng: &mut StdRng) -> String {
        let (mut p, mut s) = (Connect4::startpos(), String::new());
        for _ in 0..rng.random_range(0..=42) {
            let moves = legal(&p);
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            s += &p.move_text(mv);
            p.play(mv);
        }
        s
    }

    /// The move string of the left-right mirrored game.
    fn mirror(moves: &str) -> String {
        moves.bytes().map(|c| char::from(b'8' + b'0' - c)).collect()
    }

    #[test]
    fn perft_matches_reference() {
        let expected = crate::games::test_data::perft_counts("connect4");
        assert_eq!(expected.len(), 9);
        for (depth, n) in (1..).zip(expected) {
            assert_eq!(perft(&Connect4::startpos(), depth), n, "depth {depth}");
        }
    }

    #[test]
    fn fours_in_every_direction_win_for_both_sides() {
        for (moves, winner) in [
            ("1122334", Seat::P1),
            ("71122334", Seat::P2),
            ("1212121", Seat::P1),
            ("71212121", Seat::P2),
            ("12234334544", Seat::P1),
            ("712234334544", Seat::P2),
            ("76654554344", Seat::P1),
            ("176654554344", Seat::P2),
        ] {
            let (before, last) = moves.split_at(moves.len() - 1);
            assert_eq!(pos(before).outcome(), None, "{moves}: over too early");
            let col = last.as_bytes()[0] - b'1';
            assert!(pos(before).is_winning_move(col), "{moves}");
            let p = pos(moves);
            assert_eq!(p.outcome(), Some(Outcome::Win(winner)), "{moves}");
            assert!(legal(&p).is_empty(), "{moves}: moves after a win");
            assert!(p.parse_move("6").unwrap_err().0.contains("over"));
            assert_eq!(Connect4::from_fen(&p.fen()), Ok(p));
        }
    }

    #[test]
    fn full_board_without_four_is_a_draw() {
        let p = pos("111111222222333333544444455555666666777777");
        assert_eq!((p.moves_played(), p.outcome()), (42, Some(Outcome::Draw)));
        assert!(legal(&p).is_empty());
        let fen = "oooxooo/xxxoxxx/oooxooo/xxxoxxx/oooxooo/xxxoxxx x";
        assert_eq!(p.fen(), fen);
        assert_eq!(Connect4::from_fen(fen), Ok(p));
    }

    #[test]
    fn fen_and_display_round_trip() {
        let start = "......./......./......./......./......./....... x";
        assert_eq!(Connect4::startpos().fen(), start);
        assert_eq!(Connect4::from_fen(start), Ok(Connect4::startpos()));
        let p = pos("4453");
        assert_eq!(p.fen(), "......./......./......./......./...o.../..oxx.. x");
        assert_eq!(Connect4::from_fen(&p.fen()), Ok(p.clone()));
        let bottom = "\n. . . o . . .\n. . o x x . .\n1 2 3 4 5 6 7\n";
        assert!(p.display().ends_with(bottom) && p.display().lines().count() == 7);
        let won = Connect4::from_fen("......./......./......./......./ooo..../xxxx... o");
        assert_eq!(won.map(|p| p.outcome()), Ok(Some(Outcome::Win(Seat::P1))));
    }

    #[test]
    fn bad_fens_are_rejected() {
        let e = "......./......./......./......./......."; // five empty rows
        let b = "......./......./......./......./"; // four
        for (bad, why) in [
            (String::new(), "empty"),
            (format!("{e}/......."), "side"),
            (format!("{e} x"), "rows"),
            (format!("{e}/...... x"), "cells"),
            (format!("{e}/......q x"), "bad cell"),
            (format!("{e}/....... z"), "bad side"),
            (format!("{e}/....... x o"), "unexpected"),
            (format!("{b}...x.../....... o"), "column 4, row 2"),
            (format!("{e}/xx..... o"), "counts"),
            (format!("{e}/x...... x"), "side to move"),
            (format!("{b}oooo.../xxxx... x"), "both"),
            (format!("{b}ooo..../xxxx..o x"), "is to move"),
            (
                "......./......./x.....x/xoo...x/xoo...x/xooo..x o".into(),
                "single last",
            ),
        ] {
            let e = Connect4::from_fen(&bad).expect_err(&bad);
            assert!(e.0.contains(why), "{bad:?}: '{e}' lacks '{why}'");
        }
    }

    #[test]
    fn move_strings_agree_with_played_moves() {
        let mut p = Connect4::startpos();
        for ch in "4453271".chars() {
            p.play(p.parse_move(&ch.to_string()).expect("legal"));
        }
        assert_eq!(pos("4453271"), p);
        assert_eq!(pos(""), Connect4::startpos());
        let error = |moves: &str| Connect4::from_move_string(moves).unwrap_err().0;
        assert!(error("8").contains("index 0") && error("440").contains("index 2"));
        assert!(error("4a").contains("index 1") && error("12121215").contains("index 7"));
        assert!(error("1111111").contains("index 6: column 1 is full"));
        let full = pos("111111");
        assert!(!full.can_play(0) && full.can_play(1) && !full.can_play(7));
        assert!(full.parse_move("1").unwrap_err().0.contains("full"));
        for bad in ["0", "8", "x", "44", ""] {
            assert!(full.parse_move(bad).is_err(), "accepted {bad:?}");
        }
        assert_eq!(legal(&full), [1, 2, 3, 4, 5, 6]);
    }

    #[test]
    fn keys_are_unique_and_mirror() {
        let mut rng = StdRng::seed_from_u64(42);
        let (mut by_key, mut by_fen) = (HashMap::new(), HashMap::new());
        for _ in 0..3000 {
            let moves = random_moves(&mut rng);
            let p = pos(&moves);
            assert!(p.key() < 1 << 49 && p.evaluate().abs() <= LOST_EVAL);
            assert_eq!(by_key.entry(p.key()).or_insert_with(|| p.fen()), &p.fen());
            assert_eq!(by_fen.entry(p.fen()).or_insert(p.key()), &p.key());
            let m = pos(&mirror(&moves));
            assert_eq!(p.mirror_key(), m.key(), "{moves}");
            assert_eq!(
                p.evaluate(),
                m.evaluate(),
                "{moves}: evaluation not symmetric"
            );
        }
        assert!(by_key.len() > 2000);
    }

    #[test]
    fn winning_and_non_losing_moves() {
        let p = pos("112233");
        assert!(p.can_win_next() && p.evaluate() == WIN_NEXT_EVAL);
        let wins: Vec<u8> = (0..WIDTH).filter(|&c| p.is_winning_move(c)).collect();
        assert_eq!(wins, [3]);
        assert!(pos("121212").is_winning_move(0) && !pos("121212").is_winning_move(1));
        // o must block the bottom of column 4.
        let p = pos("11223");
        assert!(!p.can_win_next());
        assert_eq!(p.non_losing_moves(), p.move_bit(3));
        // Two open ends: o cannot stop both.
        let p = pos("22334");
        let open_ends = p.move_bit(0) | p.move_bit(4);
        assert_eq!(p.opponent_winning_cells() & p.possible(), open_ends);
        assert_eq!(p.non_losing_moves(), 0);
        assert_eq!(p.evaluate(), -LOSS_NEXT_EVAL);
        // x threatens the second cell of column 4: o must not play under it.
        let p = pos("3112273");
        assert_eq!(p.opponent_winning_cells(), 1 << (3 * H1 + 1));
        let safe = p.possible() & !Connect4::column_mask(3);
        assert_eq!(p.non_losing_moves(), safe);
    }

    #[test]
    fn move_order_prefers_centre_wins_and_blocks() {
        let p = Connect4::startpos();
        let hints: Vec<i32> = (0..WIDTH).map(|c| p.move_order_hint(c)).collect();
        assert!(hints[3] > hints[2] && hints[2] > hints[1] && hints[1] > hints[0]);
        assert!((0..3).all(|c| hints[c] == hints[6 - c]));
        assert!(p.evaluate().abs() < 50);
        let best = |p: Connect4| legal(&p).into_iter().max_by_key(|&c| p.move_order_hint(c));
        assert_eq!(best(pos("112233")), Some(3));
        assert_eq!(best(pos("11223")), Some(3));
        assert_eq!(best(pos("77665")), Some(3));
    }
}
