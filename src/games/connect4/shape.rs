//! The size of a Connect Four board and the bitboard arithmetic that depends on it.
//!
//! Bitboards follow Pascal Pons's layout: column `c` (0-based, left to right) takes the bits
//! `c * (height + 1) ..`, row `r` (0 = bottom) of it bit `c * (height + 1) + r`, and the bit
//! above the top row is an always-empty sentinel, so that one 64-bit word holds boards with
//! `width * (height + 1) <= 64`. The `Geometry` trait carries the arithmetic once for both
//! the run-time `Shape` and the compile-time `Fixed` sizes that the solver's hot loop is
//! specialised for (`with_fixed_geometry!`).

use super::super::{GameError, game_error};

/// Fewest columns and rows of a board.
pub const MIN_SIDE: u8 = 4;
/// Most columns of a board (12 x 4 is the widest that fits 64 bits).
pub const MAX_WIDTH: u8 = 12;
/// Most rows of a board (4 x 15 is the tallest that fits 64 bits).
pub const MAX_HEIGHT: u8 = 15;

/// A board's dimensions and the masks that follow from them.
pub trait Geometry: Copy + Send + Sync + 'static {
    /// Columns.
    fn width(self) -> u32;
    /// Rows.
    fn height(self) -> u32;
    /// One bit at the bottom cell of each column.
    fn bottom(self) -> u64;
    /// Every cell of the board (no sentinel bit).
    fn board(self) -> u64;

    /// Bits per column: the cells plus the sentinel.
    #[inline(always)]
    fn stride(self) -> u32 {
        self.height() + 1
    }

    /// The number of cells, hence of moves in a full game.
    #[inline(always)]
    fn cells(self) -> u32 {
        self.width() * self.height()
    }

    /// The cells of column `col` (0-based).
    #[inline(always)]
    fn column_mask(self, col: u32) -> u64 {
        ((1u64 << self.height()) - 1) << (col * self.stride())
    }

    /// The cells of the rows `r` with `r % 2 == parity` (bit rows, 0 = bottom).
    #[inline(always)]
    fn rows_of_parity(self, parity: u32) -> u64 {
        let column = (0x5555_5555_5555_5555_u64 << parity) & ((1 << self.height()) - 1);
        self.bottom() * column
    }

    /// True if `stones` hold four in a row in any direction.
    #[inline(always)]
    fn has_four(self, stones: u64) -> bool {
        let s = self.stride();
        let four = |d: u32| {
            let m = stones & (stones >> d);
            m & (m >> (2 * d)) != 0
        };
        four(1) || four(s) || four(s - 1) || four(s + 1)
    }

    /// The empty cells (of `mask`) that would complete four in a row for `stones`, playable
    /// now or not (Pons's `compute_winning_position`).
    #[inline(always)]
    fn winning_cells(self, stones: u64, mask: u64) -> u64 {
        let s = self.stride();
        // Vertical: three stones right below.
        let mut r = (stones << 1) & (stones << 2) & (stones << 3);
        for d in [s - 1, s, s + 1] {
            let p = (stones << d) & (stones << (2 * d));
            r |= p & (stones << (3 * d));
            r |= p & (stones >> d);
            let p = (stones >> d) & (stones >> (2 * d));
            r |= p & (stones << d);
            r |= p & (stones >> (3 * d));
        }
        r & (self.board() ^ mask)
    }

    /// `bits` mirrored left to right (column c goes to column width - 1 - c), sentinels
    /// included.
    #[inline(always)]
    fn mirror(self, bits: u64) -> u64 {
        let s = self.stride();
        let column = (1u64 << s) - 1;
        let w = self.width();
        (0..w).fold(0, |m, c| {
            m | (((bits >> (c * s)) & column) << ((w - 1 - c) * s))
        })
    }
}

/// A board of `W` columns and `H` rows with every dimension known at compile time, for the
/// solver's hot loop (the masks and shifts fold into constants).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fixed<const W: u32, const H: u32>;

impl<const W: u32, const H: u32> Fixed<W, H> {
    const BOTTOM: u64 = Shape::make(W as u8, H as u8).bottom;
    const BOARD: u64 = Shape::make(W as u8, H as u8).board;
}

impl<const W: u32, const H: u32> Geometry for Fixed<W, H> {
    #[inline(always)]
    fn width(self) -> u32 {
        W
    }
    #[inline(always)]
    fn height(self) -> u32 {
        H
    }
    #[inline(always)]
    fn bottom(self) -> u64 {
        Self::BOTTOM
    }
    #[inline(always)]
    fn board(self) -> u64 {
        Self::BOARD
    }
}

/// The standard board, 7 columns x 6 rows.
pub type Standard = Fixed<7, 6>;

/// Runs `$body` with `$geo` bound to the compile-time geometry of `$shape` (one of the 42
/// sizes from 4 x 4 to the 64-bit limit), so that code generic over `Geometry` runs with
/// constant dimensions at every size.
#[macro_export]
macro_rules! with_fixed_geometry {
    ($shape:expr, $geo:ident => $body:expr) => {
        $crate::with_fixed_geometry!(@sizes $shape, $geo, $body,
            4: [4 5 6 7 8 9 10 11 12 13 14 15],
            5: [4 5 6 7 8 9 10 11],
            6: [4 5 6 7 8 9],
            7: [4 5 6 7 8],
            8: [4 5 6 7],
            9: [4 5 6],
            10: [4 5],
            11: [4],
            12: [4])
    };
    (@sizes $shape:expr, $geo:ident, $body:expr, $($w:literal: [$($h:literal)*]),*) => {{
        let shape: $crate::games::connect4::Shape = $shape;
        match (shape.columns(), shape.rows()) {
            $($(($w, $h) => {
                let $geo = $crate::games::connect4::shape::Fixed::<$w, $h>;
                $body
            })*)*
            _ => {
                let $geo = shape;
                $body
            }
        }
    }};
}

/// A board size chosen at run time: from 4 x 4 up to `width * (height + 1) <= 64`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    width: u8,
    height: u8,
    bottom: u64,
    board: u64,
}

impl Shape {
    /// The standard 7 x 6 board.
    pub const STANDARD: Shape = Shape::make(7, 6);

    pub(crate) const fn make(width: u8, height: u8) -> Shape {
        let stride = height as u32 + 1;
        let mut bottom = 0u64;
        let mut c = 0;
        while c < width as u32 {
            bottom |= 1 << (c * stride);
            c += 1;
        }
        Shape {
            width,
            height,
            bottom,
            board: bottom * ((1 << height) - 1),
        }
    }

    /// The board of `width` columns and `height` rows, if it is at least 4 x 4 and its
    /// bitboard (a sentinel row included) fits 64 bits.
    pub fn new(width: u8, height: u8) -> Result<Shape, GameError> {
        if width < MIN_SIDE || height < MIN_SIDE {
            return game_error(format!(
                "a {width}x{height} board is too small: at least {MIN_SIDE} columns and {MIN_SIDE} rows"
            ));
        }
        if u32::from(width) * (u32::from(height) + 1) > 64 {
            return game_error(format!(
                "a {width}x{height} board is too large: width x (height + 1) must be at most 64"
            ));
        }
        Ok(Shape::make(width, height))
    }

    /// Columns, as a byte.
    pub const fn columns(self) -> u8 {
        self.width
    }

    /// Rows, as a byte.
    pub const fn rows(self) -> u8 {
        self.height
    }

    /// True for the standard 7 x 6 board.
    pub fn is_standard(self) -> bool {
        self == Shape::STANDARD
    }

    /// The column `col` (0-based) as the protocol writes it: `1`-`9`, then `a`, `b`, `c`.
    pub fn column_char(col: u8) -> char {
        match col {
            0..=8 => char::from(b'1' + col),
            _ => char::from(b'a' + col - 9),
        }
    }

    /// The 0-based column written `ch` (`1`-`9`, `a`-`c`, either case), if this board has it.
    pub fn parse_column(self, ch: char) -> Option<u8> {
        let col = match ch {
            '1'..='9' => ch as u8 - b'1',
            'a'..='c' => ch as u8 - b'a' + 9,
            'A'..='C' => ch as u8 - b'A' + 9,
            _ => return None,
        };
        (col < self.width).then_some(col)
    }

    /// The column names of this board, `1-7` or `1-9, a-c`.
    pub fn column_range(self) -> String {
        let last = Shape::column_char(self.width - 1);
        if self.width <= 9 {
            format!("1-{last}")
        } else {
            format!("1-9, a-{last}")
        }
    }
}

impl std::fmt::Display for Shape {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

impl Geometry for Shape {
    #[inline(always)]
    fn width(self) -> u32 {
        u32::from(self.width)
    }
    #[inline(always)]
    fn height(self) -> u32 {
        u32::from(self.height)
    }
    #[inline(always)]
    fn bottom(self) -> u64 {
        self.bottom
    }
    #[inline(always)]
    fn board(self) -> u64 {
        self.board
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_from_4x4_to_the_64_bit_limit() {
        let all: Vec<Shape> = (0..=20)
            .flat_map(|w| (0..=20).map(move |h| (w, h)))
            .filter_map(|(w, h)| Shape::new(w, h).ok())
            .collect();
        assert_eq!(all.len(), 42);
        assert!(all.iter().all(|s| s.width() * s.stride() <= 64));
        assert!(Shape::new(12, 4).is_ok() && Shape::new(4, 15).is_ok());
        assert!(Shape::new(13, 4).unwrap_err().0.contains("too large"));
        assert!(Shape::new(3, 6).unwrap_err().0.contains("too small"));
        assert_eq!(Shape::new(7, 6), Ok(Shape::STANDARD));
        assert_eq!(Shape::STANDARD.bottom(), 0x0408_1020_4081);
        for s in all {
            assert_eq!(s.board().count_ones(), s.cells());
            assert_eq!(s.bottom().count_ones(), s.width());
            assert_eq!(s.rows_of_parity(0) | s.rows_of_parity(1), s.board());
            assert_eq!(s.mirror(s.mirror(s.board())), s.board());
            assert_eq!(s.mirror(s.column_mask(0)), s.column_mask(s.width() - 1));
        }
    }

    #[test]
    fn every_fixed_geometry_is_its_shape() {
        let s = Shape::STANDARD;
        let standard = Standard::default();
        assert_eq!(
            (standard.width(), standard.height()),
            (s.width(), s.height())
        );
        assert_eq!(
            (standard.bottom(), standard.board()),
            (s.bottom(), s.board())
        );
        for w in MIN_SIDE..=MAX_WIDTH {
            for h in MIN_SIDE..=MAX_HEIGHT {
                let Ok(shape) = Shape::new(w, h) else {
                    continue;
                };
                let (fixed, name) = crate::with_fixed_geometry!(shape, geo => {
                    let masks = (geo.width(), geo.height(), geo.bottom(), geo.board());
                    let mirrored = geo.mirror(geo.board() & 0x2a5);
                    ((masks, mirrored), std::any::type_name_of_val(&geo))
                });
                assert!(name.contains(&format!("Fixed<{w}, {h}>")), "{name}");
                let runtime = (
                    (w.into(), h.into(), shape.bottom(), shape.board()),
                    shape.mirror(shape.board() & 0x2a5),
                );
                assert_eq!(fixed, runtime, "{shape}");
            }
        }
    }

    #[test]
    fn columns_are_digits_then_letters() {
        let s = Shape::new(12, 4).expect("fits");
        let names: String = (0..12).map(Shape::column_char).collect();
        assert_eq!(names, "123456789abc");
        assert_eq!(s.parse_column('a'), Some(9));
        assert_eq!(s.parse_column('C'), Some(11));
        assert_eq!(s.parse_column('d'), None);
        assert_eq!(Shape::STANDARD.parse_column('8'), None);
        assert_eq!(Shape::STANDARD.parse_column('a'), None);
        assert_eq!(Shape::STANDARD.column_range(), "1-7");
        assert_eq!(s.column_range(), "1-9, a-c");
    }
}
