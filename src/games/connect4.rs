//! Connect Four: 7 columns x 6 rows with gravity, `x` moves first, four in a row wins.
//!
//! The position is kept as two bitboards in the layout of Pascal Pons's solver: each column
//! takes 7 bits (6 cells and an always-empty sentinel bit above them), so the cell of column `c`
//! (0-based, left to right) and row `r` (0 = bottom) is bit `7c + r`. `current` holds the stones
//! of the side to move, `mask` every stone. A move is the 0-based column, written `1`..`7`.
//! The public helpers (`possible`, `winning_cells`, `non_losing_moves`, `key`, ...) are the
//! building blocks an exact solver needs.

use super::{Game, GameError, Outcome, Seat, game_error};

/// The number of columns.
pub const WIDTH: u8 = 7;
/// The number of rows.
pub const HEIGHT: u8 = 6;
/// Bits per column: the cells plus the sentinel bit.
const H1: u32 = HEIGHT as u32 + 1;
/// The number of cells, hence of moves in a full game.
const CELLS: u32 = WIDTH as u32 * HEIGHT as u32;

/// One bit at the bottom cell of each column.
const BOTTOM: u64 = {
    let mut m = 0;
    let mut c = 0;
    while c < WIDTH as u32 {
        m |= 1 << (c * H1);
        c += 1;
    }
    m
};
/// Every cell of the board (no sentinel bit).
const BOARD: u64 = BOTTOM * ((1 << HEIGHT) - 1);
/// Rows 1, 3 and 5 counted from the bottom as row 1 (bit rows 0, 2, 4): good threats for `x`.
const ODD_ROWS: u64 = BOTTOM * 0b010101;
/// Rows 2, 4 and 6 counted from the bottom as row 1 (bit rows 1, 3, 5): good threats for `o`.
const EVEN_ROWS: u64 = BOTTOM * 0b101010;

/// Evaluation of a finished game lost by the side to move (the search scores mates itself).
const LOST_EVAL: i32 = 9000;
/// Evaluation when the side to move can complete four at once.
const WIN_NEXT_EVAL: i32 = 5000;
/// Evaluation when every move of the side to move lets the opponent complete four.
const LOSS_NEXT_EVAL: i32 = 5000;
/// Bound on the positional part of the evaluation.
const POSITIONAL_CAP: i32 = 3000;
/// A threat on a row of the side's parity (odd rows for `x`, even rows for `o`).
const GOOD_THREAT: i32 = 60;
/// A threat on a row of the other parity.
const OTHER_THREAT: i32 = 25;
/// A threat directly under another threat of the same side (a win once the column fills up).
const STACKED_THREAT: i32 = 80;
/// A threat the opponent must block at once: it only gains a tempo.
const PLAYABLE_THREAT: i32 = 10;
/// A window of four cells with three stones of the side, the fourth empty.
const OPEN_THREE: i32 = 6;
/// A window of four cells with two stones of the side, the rest empty.
const OPEN_TWO: i32 = 4;
/// A stone in the centre column.
const CENTRE_STONE: i32 = 6;
/// The side whose lowest threats in the columns fit its row parity and the other's do not
/// (odd rows for `x`, even rows for `o`): it should win the zugzwang fight as the board fills.
const ZUGZWANG: i32 = 150;
/// The static order of columns: centre first.
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

    /// The top cell of column `col` (0-based).
    fn top_mask_col(col: u8) -> u64 {
        1 << (u32::from(HEIGHT) - 1 + u32::from(col) * H1)
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

    /// The stones of the side to move.
    pub fn current(&self) -> u64 {
        self.current
    }

    /// Every stone on the board.
    pub fn mask(&self) -> u64 {
        self.mask
    }

    /// The number of stones played so far.
    pub fn moves_played(&self) -> u32 {
        self.moves
    }

    /// True if column `col` (0-based) exists and is not full (whether or not the game is over).
    pub fn can_play(&self, col: u8) -> bool {
        col < WIDTH && self.mask & Self::top_mask_col(col) == 0
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

    fn non_losing(mut possible: u64, opponent_win: u64) -> u64 {
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
                return game_error(format!(
                    "move '{ch}' at index {i} comes after the game was won"
                ));
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

    /// The stones of `x` (P1).
    fn x_stones(&self) -> u64 {
        match self.side_to_move() {
            Seat::P1 => self.current,
            Seat::P2 => self.current ^ self.mask,
        }
    }

    fn cell_char(&self, col: u8, row: u8) -> char {
        let bit = 1u64 << (u32::from(col) * H1 + u32::from(row));
        if self.mask & bit == 0 {
            '.'
        } else if self.x_stones() & bit != 0 {
            'x'
        } else {
            'o'
        }
    }

    /// Positional score of one side: threats by row parity, open windows, centre stones.
    fn side_score(mine: u64, theirs: u64, threats: u64, their_threats: u64, good: u64) -> i32 {
        let count = |b: u64| b.count_ones() as i32;
        // A threat right above an opponent threat can never be used.
        let useful = threats & !(their_threats << 1);
        let playable = useful & ((mine | theirs) + BOTTOM);
        let lasting = useful & !playable;
        let (twos, threes) = Self::open_windows(mine, theirs);
        count(lasting & good) * GOOD_THREAT
            + count(lasting & !good) * OTHER_THREAT
            + count(useful & (useful >> 1)) * STACKED_THREAT
            + count(playable) * PLAYABLE_THREAT
            + threes * OPEN_THREE
            + twos * OPEN_TWO
            + count(mine & Self::column_mask(3)) * CENTRE_STONE
    }

    /// The zugzwang term for the side with useful threats `mine` and good rows `good`, against
    /// the opponent's useful threats `theirs`: only the lowest threat of each column counts.
    fn zugzwang(mine: u64, theirs: u64, good: u64) -> i32 {
        let all = mine | theirs;
        let mut above = (all << 1) & BOARD;
        for _ in 1..HEIGHT - 1 {
            above |= (above << 1) & BOARD;
        }
        let lowest = all & !above;
        let my_good = lowest & mine & good != 0;
        let their_good = lowest & theirs & !good != 0;
        match (my_good, their_good) {
            (true, false) => ZUGZWANG,
            (false, true) => -ZUGZWANG,
            _ => 0,
        }
    }

    /// The windows of four cells free of `theirs` holding exactly two, and exactly three,
    /// stones of `mine` (bit-sliced counting over the four directions).
    fn open_windows(mine: u64, theirs: u64) -> (i32, i32) {
        let free = BOARD & !theirs;
        let (mut twos, mut threes) = (0, 0);
        for d in [1, H1 - 1, H1, H1 + 1] {
            let open = free & (free >> d) & (free >> (2 * d)) & (free >> (3 * d));
            let (a0, a1, a2, a3) = (mine, mine >> d, mine >> (2 * d), mine >> (3 * d));
            let (s1, c1, s2, c2) = (a0 ^ a1, a0 & a1, a2 ^ a3, a2 & a3);
            let low = s1 ^ s2;
            let mid = c1 ^ c2 ^ (s1 & s2);
            twos += (open & mid & !low).count_ones() as i32;
            threes += (open & mid & low).count_ones() as i32;
        }
        (twos, threes)
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
        let mut parts = fen.split_whitespace();
        let board = parts.next().ok_or_else(|| GameError("empty fen".into()))?;
        let side = parts
            .next()
            .ok_or_else(|| GameError("fen lacks the side to move (x or o)".into()))?;
        if let Some(extra) = parts.next() {
            return game_error(format!("unexpected '{extra}' after the side to move"));
        }
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != usize::from(HEIGHT) {
            return game_error(format!("fen has {} rows, expected {HEIGHT}", rows.len()));
        }
        let (mut x, mut o) = (0u64, 0u64);
        for (i, row) in rows.iter().enumerate() {
            let n = row.chars().count();
            if n != usize::from(WIDTH) {
                return game_error(format!(
                    "fen row {} (from the top) has {n} cells, expected {WIDTH}: '{row}'",
                    i + 1
                ));
            }
            let r = u32::from(HEIGHT) - 1 - i as u32;
            for (c, ch) in row.chars().enumerate() {
                let bit = 1u64 << (c as u32 * H1 + r);
                match ch {
                    'x' | 'X' => x |= bit,
                    'o' | 'O' => o |= bit,
                    '.' => {}
                    _ => {
                        return game_error(format!(
                            "bad cell '{ch}' in fen row {} (from the top), column {}",
                            i + 1,
                            c + 1
                        ));
                    }
                }
            }
        }
        let mask = x | o;
        let floating = mask & !((mask << 1) | BOTTOM);
        if floating != 0 {
            let b = floating.trailing_zeros();
            return game_error(format!(
                "floating stone in column {}, row {} from the bottom: the cell below is empty",
                b / H1 + 1,
                b % H1 + 1
            ));
        }
        let to_move = match side {
            "x" | "X" => Seat::P1,
            "o" | "O" => Seat::P2,
            _ => return game_error(format!("bad side to move '{side}' (x or o)")),
        };
        let (nx, no) = (x.count_ones(), o.count_ones());
        let expected = if nx == no {
            Seat::P1
        } else if nx == no + 1 {
            Seat::P2
        } else {
            return game_error(format!(
                "impossible stone counts: {nx} x and {no} o (x moves first)"
            ));
        };
        if to_move != expected {
            return game_error(format!(
                "side to move '{side}' does not match the stone counts ({nx} x, {no} o)"
            ));
        }
        let (xw, ow) = (Self::has_four(x), Self::has_four(o));
        if xw && ow {
            return game_error("both x and o have four in a row");
        }
        let (current, last, mover, last_name) = match to_move {
            Seat::P1 => (x, o, 'x', 'o'),
            Seat::P2 => (o, x, 'o', 'x'),
        };
        if Self::has_four(current) {
            return game_error(format!(
                "{mover} has four in a row but is to move: the game ended when {mover} made it"
            ));
        }
        let won = Self::has_four(last);
        if won && !Self::one_last_move_wins(last, mask) {
            return game_error(format!(
                "{last_name} has four in a row that no single last move can have completed"
            ));
        }
        Ok(Connect4 {
            current,
            mask,
            moves: nx + no,
            won,
        })
    }

    fn fen(&self) -> String {
        let rows: Vec<String> = (0..HEIGHT)
            .rev()
            .map(|r| (0..WIDTH).map(|c| self.cell_char(c, r)).collect())
            .collect();
        let side = match self.side_to_move() {
            Seat::P1 => 'x',
            Seat::P2 => 'o',
        };
        format!("{} {side}", rows.join("/"))
    }

    fn side_to_move(&self) -> Seat {
        if self.moves % 2 == 0 {
            Seat::P1
        } else {
            Seat::P2
        }
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
        if self.won {
            return;
        }
        let possible = self.possible();
        moves.extend((0..WIDTH).filter(|&c| possible & Self::column_mask(c) != 0));
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
        let score = Self::side_score(self.current, theirs, mine_w, theirs_w, my_rows)
            - Self::side_score(theirs, self.current, theirs_w, mine_w, their_rows)
            + Self::zugzwang(
                mine_w & !(theirs_w << 1),
                theirs_w & !(mine_w << 1),
                my_rows,
            );
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
        let mine = self.own_winning_cells();
        let theirs = self.opponent_winning_cells();
        let mut hint = CENTRE_ORDER[usize::from(col)];
        if bit & mine != 0 {
            hint += 10_000;
        } else if bit & theirs != 0 {
            hint += 5_000;
        }
        if (bit << 1) & theirs != 0 {
            hint -= 2_000;
        }
        let after = Self::winning_cells(self.current | bit, self.mask | bit);
        hint + 10 * (after & !mine).count_ones() as i32
    }

    fn move_text(&self, col: u8) -> String {
        (col + 1).to_string()
    }

    fn parse_move(&self, text: &str) -> Result<u8, GameError> {
        if let Some(outcome) = self.outcome() {
            let how = match outcome {
                Outcome::Win(Seat::P1) => "x won",
                Outcome::Win(Seat::P2) => "o won",
                Outcome::Draw => "drawn",
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
            let cells: Vec<String> = (0..WIDTH)
                .map(|c| self.cell_char(c, r).to_string())
                .collect();
            out.push_str(&cells.join(" "));
            out.push('\n');
        }
        out.push_str("1 2 3 4 5 6 7\n");
        out
    }
}
