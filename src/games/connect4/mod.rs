//! Connect Four: `width` columns x `height` rows with gravity (7 x 6 by default, any size from
//! 4 x 4 up to 12 columns, with `width x (height + 1) <= 128` or up to 12 x 10), `x` moves
//! first, four in a row wins.
//!
//! Bitboards in the layout of Pascal Pons's solver (see `shape`): `current` holds the stones
//! of the side to move, `mask` all stones, in a word `B` (`bits`): `u64` where the board fits
//! 64 bits, `u128` up to 128, `U192` for 12 x 10. A move is the 0-based column, written
//! `1`..`9` then `a`, `b`, `c`. The public helpers are the building blocks of an exact solver.

pub mod batch;
pub mod bits;
pub mod book;
mod eval;
mod explain;
mod ntuple;
pub mod shape;
pub mod solver;

use super::drop_game::DropGame;
use super::rules::{OptionType, RuleOption, RuleValues};
use super::why::{Asked, Why};
use super::{Game, GameError, Outcome, Seat, game_error};
pub use bits::{Bits, U192};
pub use shape::{Geometry, Layout, Shape, Standard, Word};
use shape::{LARGEST, MAX_HEIGHT, MAX_WIDTH, MIN_SIDE, WIDE_BITS};

/// Red and Yellow: the names of p1 and p2 (the page's, the review's reasons').
pub const SIDES: [&str; 2] = ["Red", "Yellow"];

/// The rule options of Connect Four: the board's size.
const RULES: &[RuleOption] = &[
    RuleOption {
        name: "Connect4Width",
        keyword: "width",
        label: "Board width",
        help: "Columns of the board, 4 to 12 (with the height: width x (height + 1) at most 128, or the board at most 12x10).",
        kind: OptionType::Spin {
            default: Shape::STANDARD.columns() as i64,
            min: MIN_SIDE as i64,
            max: MAX_WIDTH as i64,
        },
        check: None,
    },
    RuleOption {
        name: "Connect4Height",
        keyword: "height",
        label: "Board height",
        help: "Rows of the board, 4 to 31 (with the width: width x (height + 1) at most 128, or the board at most 12x10).",
        kind: OptionType::Spin {
            default: Shape::STANDARD.rows() as i64,
            min: MIN_SIDE as i64,
            max: MAX_HEIGHT as i64,
        },
        check: None,
    },
];

/// The board size the rule options ask for (an error names the limits when they do not make
/// a board).
pub fn shape_of(rules: &RuleValues) -> Result<Shape, GameError> {
    let side = |name| {
        let n = rules.number(name)?;
        u8::try_from(n).map_err(|_| GameError(format!("{name} {n} is out of range")))
    };
    Shape::new(side("Connect4Width")?, side("Connect4Height")?)
}

/// Connect Four as a game of stones in a row (for an engine that plays such games from a
/// description): four in a row on the board the rules ask for, stones falling, a move naming
/// its column.
pub fn drop_game(rules: &RuleValues) -> Result<DropGame, GameError> {
    let shape = shape_of(rules)?;
    let side = |n: u32| u8::try_from(n).map_err(|_| GameError(format!("{n} cells is too wide")));
    Ok(DropGame {
        game: <Connect4 as Game>::NAME,
        files: side(shape.width())?,
        ranks: side(shape.height())?,
        connect: 4,
        gravity: true,
        move_at: |file, _rank| Shape::column_char(file).to_string(),
    })
}

/// The board size of a fen (its number of rows and of cells in each), checked to be a board.
pub fn fen_shape(fen: &str) -> Result<Shape, GameError> {
    let board = fen.split_whitespace().next().unwrap_or_default();
    let rows: Vec<&str> = board.split('/').collect();
    let width = rows[0].chars().count();
    for (i, row) in rows.iter().enumerate() {
        let n = row.chars().count();
        if n != width {
            return game_error(format!(
                "fen row {} has {n} cells ('{row}'), fen row 1 has {width} cells: rows need as many",
                i + 1
            ));
        }
    }
    match (u8::try_from(width), u8::try_from(rows.len())) {
        (Ok(w), Ok(h)) => Shape::new(w, h),
        _ => game_error(format!(
            "a {width}x{} board is too large: at most {MAX_WIDTH} columns, and width x (height + 1) at most {WIDE_BITS} or the board at most {}x{}",
            rows.len(),
            LARGEST.0,
            LARGEST.1
        )),
    }
    .map_err(|e| GameError(format!("fen has {width} columns and {} rows: {e}", rows.len())))
}

/// A Connect Four position: Pons-style bitboards in words `B`, the move count, whether the
/// last move won, and the board's size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Connect4<B: Bits = u64> {
    /// Stones of the side to move.
    current: B,
    /// All stones.
    mask: B,
    /// Stones played so far.
    moves: u32,
    /// Whether the last move made four in a row.
    won: bool,
    /// The board's size and masks.
    geo: Layout<B>,
}

impl Connect4<u64> {
    /// Builds the 7 x 6 position reached by playing the 1-based columns of `moves` ("4453")
    /// from the start (see `from_moves`).
    pub fn from_move_string(moves: &str) -> Result<Self, GameError> {
        Self::from_moves(Shape::STANDARD, moves)
    }
}

impl<B: Bits> Connect4<B> {
    /// The empty board of `layout`.
    pub fn empty(layout: Layout<B>) -> Self {
        Connect4 {
            current: B::ZERO,
            mask: B::ZERO,
            moves: 0,
            won: false,
            geo: layout,
        }
    }

    /// The empty board of `shape`, if words `B` hold it.
    pub fn start(shape: Shape) -> Result<Self, GameError> {
        Ok(Self::empty(Layout::new(shape)?))
    }

    /// The board's size.
    pub fn shape(&self) -> Shape {
        self.geo.shape()
    }

    /// The board's size and masks.
    pub fn layout(&self) -> Layout<B> {
        self.geo
    }

    /// The same position in words `C`, if they hold its board.
    pub fn in_word<C: Bits>(&self) -> Result<Connect4<C>, GameError> {
        Ok(Connect4 {
            current: C::from_words(self.current.words()),
            mask: C::from_words(self.mask.words()),
            moves: self.moves,
            won: self.won,
            geo: Layout::new(self.shape())?,
        })
    }

    /// The cells of column `col` (0-based), as a bit mask.
    #[inline(always)]
    pub fn column_mask(&self, col: u8) -> B {
        self.geo.column_mask(u32::from(col))
    }

    /// The bitboards `(current, mask)`: the stones of the side to move, and every stone.
    pub fn bitboards(&self) -> (B, B) {
        (self.current, self.mask)
    }

    /// The number of stones played so far.
    pub fn moves_played(&self) -> u32 {
        self.moves
    }

    /// True if column `col` (0-based) exists and is not full (whether or not the game is over).
    pub fn can_play(&self, col: u8) -> bool {
        col < self.shape().columns() && !self.move_bit(col).is_zero()
    }

    /// The cells where a stone can be dropped now, one per non-full column.
    #[inline(always)]
    pub fn possible(&self) -> B {
        self.mask.wrapping_add(self.geo.bottom()) & self.geo.board()
    }

    /// The cell a stone dropped in column `col` (0-based) lands on; 0 if the column is full.
    pub fn move_bit(&self, col: u8) -> B {
        self.possible() & self.column_mask(col)
    }

    /// The empty cells that would complete four for the side to move.
    #[inline(always)]
    pub fn own_winning_cells(&self) -> B {
        self.geo.winning_cells(self.current, self.mask)
    }

    /// The empty cells that would complete four for the opponent of the side to move.
    #[inline(always)]
    pub fn opponent_winning_cells(&self) -> B {
        self.geo.winning_cells(self.current ^ self.mask, self.mask)
    }

    /// True if playing column `col` (0-based) completes four for the side to move.
    pub fn is_winning_move(&self, col: u8) -> bool {
        col < self.shape().columns() && !(self.own_winning_cells() & self.move_bit(col)).is_zero()
    }

    /// True if the side to move can complete four with its next stone.
    pub fn can_win_next(&self) -> bool {
        !(self.own_winning_cells() & self.possible()).is_zero()
    }

    /// The playable cells that do not let the opponent complete four right after (a forced
    /// block if the opponent threatens a playable cell; nothing if it threatens two).
    /// Meant for positions where the side to move cannot win at once (see `can_win_next`).
    pub fn non_losing_moves(&self) -> B {
        Self::non_losing(self.possible(), self.opponent_winning_cells())
    }

    /// Of the playable cells `possible`, those that do not let the opponent, whose winning
    /// cells are `opponent_win`, complete four right after.
    #[inline]
    pub fn non_losing(mut possible: B, opponent_win: B) -> B {
        let forced = possible & opponent_win;
        if !forced.is_zero() {
            if forced.has_several() {
                return B::ZERO;
            }
            possible = forced;
        }
        possible & !(opponent_win >> 1)
    }

    /// The number of winning cells the side to move would have after dropping a stone on the
    /// playable cell `bit` (Pons's move-ordering score).
    #[inline(always)]
    pub fn threats_after(&self, bit: B) -> u32 {
        self.geo
            .winning_cells(self.current | bit, self.mask | bit)
            .count_ones()
    }

    /// Drops a stone of the side to move on the playable cell `bit` (one bit of `possible()`).
    pub fn play_bit(&mut self, bit: B) {
        self.current ^= self.mask;
        self.mask |= bit;
        self.moves += 1;
        self.won = self.geo.has_four(self.current ^ self.mask);
    }

    /// A number unique to the position among those of its board size, below
    /// `2^(width * (height + 1))`: `current + mask + bottom`. The side to move follows from
    /// the number of stones, so it is part of the key.
    pub fn key(&self) -> B {
        self.current
            .wrapping_add(self.mask)
            .wrapping_add(self.geo.bottom())
    }

    /// The `key()` of the position mirrored left to right (column c goes to column
    /// width - 1 - c).
    pub fn mirror_key(&self) -> B {
        self.geo.mirror(self.key())
    }

    /// Builds the position of a `shape` board reached by playing the columns of `moves`
    /// (`1`-`9`, `a`-`c`) from the start. Rejects other characters, full columns and moves
    /// after a win, naming the 0-based index of the bad character.
    pub fn from_moves(shape: Shape, moves: &str) -> Result<Self, GameError> {
        let mut pos = Self::start(shape)?;
        for (i, ch) in moves.chars().enumerate() {
            let Some(col) = shape.parse_column(ch) else {
                return game_error(format!(
                    "'{ch}' at index {i} is not a column {}",
                    shape.column_range()
                ));
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
    fn one_last_move_wins(geo: Layout<B>, last: B, mask: B) -> bool {
        let mut tops = last & mask & !(mask >> 1);
        while !tops.is_zero() {
            let bit = tops.lowest_bit();
            if !geo.has_four(last ^ bit) {
                return true;
            }
            tops ^= bit;
        }
        false
    }

    /// `x`, `o` or `.` for the cell of column `col` and row `row` (0-based, bottom row 0).
    fn cell_char(&self, col: u32, row: u32) -> char {
        let bit = B::bit(col * self.geo.stride() + row);
        let is_x = (self.current & bit).is_zero() != (self.side_to_move_seat() == Seat::P1);
        match (!(self.mask & bit).is_zero(), is_x) {
            (false, _) => '.',
            (true, true) => 'x',
            (true, false) => 'o',
        }
    }

    fn side_to_move_seat(&self) -> Seat {
        [Seat::P1, Seat::P2][self.moves as usize % 2]
    }

    /// Reads the rows of a fen of the board `geo` (top first, `/` between them): the `x` and
    /// `o` stones.
    fn parse_rows(geo: Layout<B>, board: &str) -> Result<(B, B), GameError> {
        let (mut x, mut o) = (B::ZERO, B::ZERO);
        let top = geo.height() - 1;
        for (i, row) in board.split('/').enumerate() {
            for (c, ch) in row.chars().enumerate() {
                let bit = B::bit(c as u32 * geo.stride() + top - i as u32);
                match ch {
                    'x' | 'X' => x |= bit,
                    'o' | 'O' => o |= bit,
                    '.' => {}
                    _ => return game_error(format!("bad cell '{ch}' in fen row {}", i + 1)),
                }
            }
        }
        Ok((x, o))
    }

    /// The board and the side to move of a fen.
    fn split_fen(fen: &str) -> Result<(&str, &str), GameError> {
        let parts: Vec<&str> = fen.split_whitespace().collect();
        match parts[..] {
            [board, side] => Ok((board, side)),
            [] => game_error("empty fen"),
            [_] => game_error("fen lacks the side to move (x or o)"),
            [_, _, extra, ..] => game_error(format!("unexpected '{extra}' after the side")),
        }
    }

    /// Reads the fen `board` and `side` of a board `shape` (see `fen_shape`).
    fn read_fen(shape: Shape, board: &str, side: &str) -> Result<Self, GameError> {
        let geo = Layout::new(shape)?;
        let (x, o) = Self::parse_rows(geo, board)?;
        let mask = x | o;
        let floating = mask & !((mask << 1) | geo.bottom());
        if !floating.is_zero() {
            let (col, row) = (
                floating.trailing_zeros() / geo.stride(),
                floating.trailing_zeros() % geo.stride(),
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
        let won = geo.has_four(last);
        if won && geo.has_four(current) {
            return game_error("both x and o have four in a row");
        }
        if geo.has_four(current) {
            return game_error(format!("{mover} has four in a row but is to move"));
        }
        if won && !Self::one_last_move_wins(geo, last, mask) {
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
            geo,
        })
    }
}

impl<B: Bits> Game for Connect4<B> {
    type Move = u8;
    const NAME: &'static str = "connect4";
    const RULES: &'static [RuleOption] = RULES;

    fn startpos() -> Self {
        Self::empty(Layout::standard())
    }

    fn start_with(rules: &RuleValues) -> Result<Self, GameError> {
        Self::start(shape_of(rules)?)
    }

    /// `4453`: a game as one string of column characters (two moves at least).
    fn moves_of_typed(&self, text: &str) -> Option<Vec<String>> {
        let text = text.trim();
        (text.len() > 1
            && text.starts_with(|c: char| c.is_ascii_digit())
            && text.chars().all(|c| c.is_ascii_alphanumeric()))
        .then(|| text.chars().map(String::from).collect())
    }

    /// Reads a fen of any board size its words hold (the size is the fen's number of rows and
    /// cells per row).
    fn from_fen(fen: &str) -> Result<Self, GameError> {
        let (board, side) = Self::split_fen(fen)?;
        Self::read_fen(fen_shape(board)?, board, side)
    }

    /// Reads a fen, which must be of this position's board size (the `Connect4Width` and
    /// `Connect4Height` options).
    fn parse_fen_with_rules(&self, fen: &str) -> Result<Self, GameError> {
        let (board, side) = Self::split_fen(fen)?;
        let shape = fen_shape(board)?;
        if shape != self.shape() {
            return game_error(format!(
                "the fen is a {shape} board, the game is played on {} (Connect4Width, Connect4Height)",
                self.shape()
            ));
        }
        Self::read_fen(shape, board, side)
    }

    fn fen(&self) -> String {
        let rows: Vec<String> = (0..self.geo.height())
            .rev()
            .map(|r| {
                (0..self.geo.width())
                    .map(|c| self.cell_char(c, r))
                    .collect()
            })
            .collect();
        format!("{} {}", rows.join("/"), ['x', 'o'][self.moves as usize % 2])
    }

    fn side_to_move(&self) -> Seat {
        self.side_to_move_seat()
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.won {
            Some(Outcome::Win(self.side_to_move().other()))
        } else if self.moves == self.geo.cells() {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    fn legal_moves(&self, moves: &mut Vec<u8>) {
        if !self.won {
            moves.extend((0..self.shape().columns()).filter(|&c| self.can_play(c)));
        }
    }

    fn play(&mut self, col: u8) {
        self.play_bit(self.move_bit(col));
    }

    fn seat_names(&self) -> [&'static str; 2] {
        SIDES
    }

    fn explain(&self, col: u8, asked: &Asked) -> Option<Why> {
        self.explain_move(col, asked)
    }

    fn evaluate(&self) -> i32 {
        self.evaluation()
    }

    fn hash(&self) -> u64 {
        // A mix of the unique key (bijective for 64-bit boards), so every bit is useful.
        self.key().digest()
    }

    fn move_code(col: u8) -> u16 {
        u16::from(col)
    }

    /// The column, 0 for the leftmost (move `1`): OpenSpiel's `connect_four` actions and
    /// PettingZoo's `connect_four_v3`'s.
    fn action(&self, col: u8) -> u32 {
        u32::from(col)
    }

    fn action_count(&self) -> u32 {
        self.geo.width()
    }

    fn max_plies(&self) -> Option<u32> {
        Some(self.geo.cells() - self.moves)
    }

    /// OpenSpiel's `connect_four` tensor: planes `x`, `o`, empty; rows from the bottom.
    fn observation_shape(&self) -> Option<[usize; 3]> {
        let (w, h) = (self.geo.width() as usize, self.geo.height() as usize);
        Some([3, h, w])
    }

    fn observe(&self, out: &mut [f32]) {
        let x = if self.side_to_move_seat() == Seat::P1 {
            self.current
        } else {
            self.current ^ self.mask
        };
        let (w, h) = (self.geo.width(), self.geo.height());
        let cells = (w * h) as usize;
        for row in 0..h {
            for col in 0..w {
                let bit = B::bit(col * self.geo.stride() + row);
                let plane = if (self.mask & bit).is_zero() {
                    2
                } else if !(x & bit).is_zero() {
                    0
                } else {
                    1
                };
                out[plane * cells + (row * w + col) as usize] = 1.0;
            }
        }
    }

    fn move_order_hint(&self, col: u8) -> i32 {
        self.order_hint(col)
    }

    fn move_order_hints(&self, cols: &[u8], hints: &mut [i32]) {
        self.order_hints(cols, hints);
    }

    fn move_text(&self, col: u8) -> String {
        Shape::column_char(col).to_string()
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
        let mut chars = text.chars();
        let col = match (chars.next(), chars.next()) {
            (Some(ch), None) => self.shape().parse_column(ch),
            _ => None,
        };
        let Some(col) = col else {
            return game_error(format!(
                "'{text}' is not a column {}",
                self.shape().column_range()
            ));
        };
        if !self.can_play(col) {
            return game_error(format!("column {text} is full"));
        }
        Ok(col)
    }

    fn display(&self) -> String {
        let mut out = String::new();
        for r in (0..self.geo.height()).rev() {
            let cells: Vec<String> = (0..self.geo.width())
                .map(|c| self.cell_char(c, r).into())
                .collect();
            out += &(cells.join(" ") + "\n");
        }
        let labels: Vec<String> = (0..self.shape().columns())
            .map(|c| Shape::column_char(c).to_string())
            .collect();
        out + &labels.join(" ") + "\n"
    }
}

#[cfg(test)]
mod tests;
