//! The size of a Connect Four board and the bitboard arithmetic that depends on it.
//!
//! Bitboards follow Pascal Pons's layout: column `c` (0-based, left to right) takes the bits
//! `c * (height + 1) ..`, row `r` (0 = bottom) of it bit `c * (height + 1) + r`, and the bit
//! above the top row is an always-empty sentinel, so a board takes `width * (height + 1)` bits.
//! It is held in the narrowest word that fits (`Shape::word`): 64 bits, 128, or 192 for 12 x
//! 10. The `Geometry` trait carries the arithmetic once for the run-time `Layout` and for the
//! compile-time `Fixed` sizes that the solver's hot loop is specialised for (`Word::specialise`).

use super::super::{GameError, game_error};
use super::bits::{Bits, U192};
use std::marker::PhantomData;

/// Fewest columns and rows of a board.
pub const MIN_SIDE: u8 = 4;
/// Most columns of a board (the notation's `1`-`9`, `a`-`c`).
pub const MAX_WIDTH: u8 = 12;
/// Most rows of a board (4 x 31 is the tallest that fits 128 bits).
pub const MAX_HEIGHT: u8 = 31;
/// Most bits of a board held in 128: `width * (height + 1)`.
pub const WIDE_BITS: u32 = 128;
/// The boards beyond 128 bits go up to this many columns and rows (Fairy-Stockfish's largest
/// board, 12 files x 10 ranks: 132 bits).
pub const LARGEST: (u8, u8) = (12, 10);

/// The word a board's bitboards are held in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum WordSize {
    /// `u64`: `width * (height + 1) <= 64`.
    W64,
    /// `u128`: up to 128 bits.
    W128,
    /// `U192`: 12 x 10.
    W192,
}

/// A board's dimensions and the masks that follow from them, in its word `Bits`.
pub trait Geometry: Copy + Send + Sync + 'static {
    /// The word of the bitboards.
    type Bits: Bits;

    /// Columns.
    fn width(self) -> u32;
    /// Rows.
    fn height(self) -> u32;
    /// One bit at the bottom cell of each column.
    fn bottom(self) -> Self::Bits;
    /// Every cell of the board (no sentinel bit).
    fn board(self) -> Self::Bits;

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
    fn column_mask(self, col: u32) -> Self::Bits {
        (Self::Bits::ONE << self.height()).wrapping_sub(Self::Bits::ONE) << (col * self.stride())
    }

    /// The cells of the rows `r` with `r % 2 == parity` (bit rows, 0 = bottom).
    #[inline(always)]
    fn rows_of_parity(self, parity: u32) -> Self::Bits {
        let column = (0x5555_5555_5555_5555_u64 << parity) & ((1 << self.height()) - 1);
        self.bottom().times(column)
    }

    /// The cells of the rows below row `rows` (bit rows, 0 = bottom).
    #[inline(always)]
    fn rows_below(self, rows: u32) -> Self::Bits {
        self.bottom().times((1 << rows) - 1)
    }

    /// True if `stones` hold four in a row in any direction.
    #[inline(always)]
    fn has_four(self, stones: Self::Bits) -> bool {
        let s = self.stride();
        let four = |d: u32| {
            let m = stones & (stones >> d);
            !(m & (m >> (2 * d))).is_zero()
        };
        four(1) || four(s) || four(s - 1) || four(s + 1)
    }

    /// The empty cells (of `mask`) that would complete four in a row for `stones`, playable
    /// now or not (Pons's `compute_winning_position`).
    #[inline(always)]
    fn winning_cells(self, stones: Self::Bits, mask: Self::Bits) -> Self::Bits {
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
    fn mirror(self, bits: Self::Bits) -> Self::Bits {
        let s = self.stride();
        let column = (Self::Bits::ONE << s).wrapping_sub(Self::Bits::ONE);
        let w = self.width();
        (0..w).fold(Self::Bits::ZERO, |m, c| {
            m | (((bits >> (c * s)) & column) << ((w - 1 - c) * s))
        })
    }
}

/// The bottom row and every cell of a `width` x `height` board, as three 64-bit words (least
/// significant first), at compile time.
const fn masks(width: u32, height: u32) -> ([u64; 3], [u64; 3]) {
    let (mut bottom, mut board) = ([0u64; 3], [0u64; 3]);
    let mut c = 0;
    while c < width {
        let mut r = 0;
        while r < height {
            let i = c * (height + 1) + r;
            board[(i / 64) as usize] |= 1 << (i % 64);
            if r == 0 {
                bottom[(i / 64) as usize] |= 1 << (i % 64);
            }
            r += 1;
        }
        c += 1;
    }
    (bottom, board)
}

/// A board of `W` columns and `H` rows held in words `B`, with every dimension known at
/// compile time, for the solver's hot loop (the masks and shifts fold into constants).
pub struct Fixed<const W: u32, const H: u32, B = u64>(PhantomData<fn() -> B>);

impl<const W: u32, const H: u32, B> Clone for Fixed<W, H, B> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<const W: u32, const H: u32, B> Copy for Fixed<W, H, B> {}

impl<const W: u32, const H: u32, B> Default for Fixed<W, H, B> {
    fn default() -> Self {
        Fixed(PhantomData)
    }
}

impl<const W: u32, const H: u32, B> std::fmt::Debug for Fixed<W, H, B> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Fixed<{W}, {H}, {}>", std::any::type_name::<B>())
    }
}

impl<const W: u32, const H: u32, B> Fixed<W, H, B> {
    const MASKS: ([u64; 3], [u64; 3]) = masks(W, H);
}

impl<const W: u32, const H: u32, B: Bits> Geometry for Fixed<W, H, B> {
    type Bits = B;

    #[inline(always)]
    fn width(self) -> u32 {
        W
    }
    #[inline(always)]
    fn height(self) -> u32 {
        H
    }
    #[inline(always)]
    fn bottom(self) -> B {
        B::from_words(Self::MASKS.0)
    }
    #[inline(always)]
    fn board(self) -> B {
        B::from_words(Self::MASKS.1)
    }
}

/// The standard board, 7 columns x 6 rows.
pub type Standard = Fixed<7, 6>;

/// Code generic over `Geometry`, run by `Word::specialise` with the compile-time geometry of a
/// board (a closure cannot be generic, hence a trait).
pub trait GeometryVisitor<B: Bits> {
    /// What the code gives.
    type Output;
    /// Runs the code on `geo`.
    fn visit<G: Geometry<Bits = B>>(self, geo: G) -> Self::Output;
}

/// A word with the board sizes whose geometry is compiled in for it: `specialise` runs a
/// visitor with `Fixed<W, H, Self>` for those, with the run-time `Layout` for the others.
pub trait Word: Bits {
    /// Runs `visitor` on the compile-time geometry of `layout`'s size if there is one, else
    /// on `layout` itself.
    fn specialise<V: GeometryVisitor<Self>>(layout: Layout<Self>, visitor: V) -> V::Output;
}

/// Implements `Word` for a word with its list of compile-time sizes (width: heights).
macro_rules! fixed_sizes {
    ($word:ty, $($w:literal: [$($h:literal)*]),*) => {
        impl Word for $word {
            #[inline]
            fn specialise<V: GeometryVisitor<Self>>(layout: Layout<Self>, visitor: V) -> V::Output {
                match (layout.shape.width, layout.shape.height) {
                    $($(($w, $h) => visitor.visit(Fixed::<$w, $h, $word>(PhantomData)),)*)*
                    _ => visitor.visit(layout),
                }
            }
        }
    };
}

// Every size that fits 64 bits (42 of them, from 4 x 4 on).
fixed_sizes!(u64,
    4: [4 5 6 7 8 9 10 11 12 13 14 15],
    5: [4 5 6 7 8 9 10 11],
    6: [4 5 6 7 8 9],
    7: [4 5 6 7 8],
    8: [4 5 6 7],
    9: [4 5 6],
    10: [4 5],
    11: [4],
    12: [4]);

// The boards beyond 64 bits a solver may finish whole or nearly (at most 72 cells), and 10 x 8,
// where the search's weak solver works near the end of games; the others run on `Layout`.
fixed_sizes!(u128,
    4: [16 17 18],
    5: [12 13 14],
    6: [10 11 12],
    7: [9 10],
    8: [8 9],
    9: [7 8],
    10: [6 7 8],
    11: [5 6],
    12: [5 6]);

fixed_sizes!(U192, 12: [10]);

/// Runs `$body` with the type `$word` bound to the word of the board `$shape` (`u64`, `u128` or
/// `U192`: the narrowest that holds it), so that code generic over the word runs at every size.
#[macro_export]
macro_rules! with_board_word {
    ($shape:expr, $word:ident => $body:expr) => {{
        let shape: $crate::games::connect4::Shape = $shape;
        match shape.word() {
            $crate::games::connect4::shape::WordSize::W64 => {
                type $word = u64;
                $body
            }
            $crate::games::connect4::shape::WordSize::W128 => {
                type $word = u128;
                $body
            }
            $crate::games::connect4::shape::WordSize::W192 => {
                type $word = $crate::games::connect4::bits::U192;
                $body
            }
        }
    }};
}

/// A board size: from 4 x 4 up to 12 columns, with `width * (height + 1) <= 128` or at most
/// 12 x 10.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    width: u8,
    height: u8,
}

impl Shape {
    /// The standard 7 x 6 board.
    pub const STANDARD: Shape = Shape {
        width: 7,
        height: 6,
    };

    /// The board of `width` columns and `height` rows, if it is at least 4 x 4, has at most 12
    /// columns (the notation's `1`-`9`, `a`-`c`) and its bitboard (a sentinel row included)
    /// fits 128 bits, or it is at most 12 x 10 (Fairy-Stockfish's largest board).
    pub fn new(width: u8, height: u8) -> Result<Shape, GameError> {
        if width < MIN_SIDE || height < MIN_SIDE {
            return game_error(format!(
                "a {width}x{height} board is too small: at least {MIN_SIDE} columns and {MIN_SIDE} rows"
            ));
        }
        let limit = || {
            format!(
                "at most {MAX_WIDTH} columns, and width x (height + 1) at most {WIDE_BITS} or the board at most {}x{}",
                LARGEST.0, LARGEST.1
            )
        };
        if width > MAX_WIDTH {
            return game_error(format!(
                "a {width}x{height} board is too large: {}",
                limit()
            ));
        }
        let shape = Shape { width, height };
        if shape.bits() > WIDE_BITS && (width > LARGEST.0 || height > LARGEST.1) {
            return game_error(format!(
                "a {width}x{height} board is too large: {}",
                limit()
            ));
        }
        Ok(shape)
    }

    /// Columns, as a byte.
    pub const fn columns(self) -> u8 {
        self.width
    }

    /// Rows, as a byte.
    pub const fn rows(self) -> u8 {
        self.height
    }

    /// Columns.
    pub const fn width(self) -> u32 {
        self.width as u32
    }

    /// Rows.
    pub const fn height(self) -> u32 {
        self.height as u32
    }

    /// Bits per column: the cells plus the sentinel.
    pub const fn stride(self) -> u32 {
        self.height() + 1
    }

    /// The number of cells, hence of moves in a full game.
    pub const fn cells(self) -> u32 {
        self.width() * self.height()
    }

    /// Bits of the bitboard: `width * (height + 1)`.
    pub const fn bits(self) -> u32 {
        self.width() * self.stride()
    }

    /// The narrowest word that holds the board.
    pub const fn word(self) -> WordSize {
        match self.bits() {
            0..=64 => WordSize::W64,
            65..=128 => WordSize::W128,
            _ => WordSize::W192,
        }
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

    /// Every board size, narrowest first, then shortest.
    pub fn all() -> impl Iterator<Item = Shape> {
        (MIN_SIDE..=MAX_WIDTH)
            .flat_map(|w| (MIN_SIDE..=MAX_HEIGHT).map(move |h| (w, h)))
            .filter_map(|(w, h)| Shape::new(w, h).ok())
    }
}

impl std::fmt::Display for Shape {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

/// A board size chosen at run time, with its masks in words `B`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Layout<B> {
    shape: Shape,
    bottom: B,
    board: B,
}

impl<B: Bits> Layout<B> {
    /// The masks of `shape` in words `B`, if they hold it.
    pub fn new(shape: Shape) -> Result<Self, GameError> {
        if shape.bits() > B::BITS {
            return game_error(format!(
                "a {shape} board takes {} bits, more than the {}-bit word asked for",
                shape.bits(),
                B::BITS
            ));
        }
        let (bottom, board) = masks(shape.width(), shape.height());
        Ok(Layout {
            shape,
            bottom: B::from_words(bottom),
            board: B::from_words(board),
        })
    }

    /// The masks of the standard 7 x 6 board, which every word holds.
    pub fn standard() -> Self {
        let (bottom, board) = masks(7, 6);
        Layout {
            shape: Shape::STANDARD,
            bottom: B::from_words(bottom),
            board: B::from_words(board),
        }
    }

    /// The board's size.
    pub fn shape(self) -> Shape {
        self.shape
    }
}

impl<B: Bits> Geometry for Layout<B> {
    type Bits = B;

    #[inline(always)]
    fn width(self) -> u32 {
        self.shape.width()
    }
    #[inline(always)]
    fn height(self) -> u32 {
        self.shape.height()
    }
    #[inline(always)]
    fn bottom(self) -> B {
        self.bottom
    }
    #[inline(always)]
    fn board(self) -> B {
        self.board
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A geometry's dimensions, masks and a mirrored pattern (as three words each).
    type Masks = (u32, u32, [u64; 3], [u64; 3], [u64; 3]);

    /// The geometry's masks and a mirrored pattern, as three words, and the geometry's type.
    struct Describe;

    impl<B: Bits> GeometryVisitor<B> for Describe {
        type Output = (Masks, &'static str);
        fn visit<G: Geometry<Bits = B>>(self, geo: G) -> Self::Output {
            let pattern = geo.board() & B::from_words([0x002a_5842_1084_32a5, 0x1234_5678, 0xf]);
            let masks = (
                geo.width(),
                geo.height(),
                geo.bottom().words(),
                geo.board().words(),
                geo.mirror(pattern).words(),
            );
            (masks, std::any::type_name::<G>())
        }
    }

    /// The specialised and the run-time geometry of `shape` in words `B`, described.
    fn describe<B: Word>(shape: Shape) -> ((Masks, &'static str), (Masks, &'static str)) {
        let layout = Layout::<B>::new(shape).expect("fits");
        (B::specialise(layout, Describe), Describe.visit(layout))
    }

    #[test]
    fn sizes_from_4x4_to_12x10() {
        let all: Vec<Shape> = Shape::all().collect();
        let count = |word| all.iter().filter(|s| s.word() == word).count();
        assert_eq!(count(WordSize::W64), 42);
        assert_eq!(count(WordSize::W128), 81);
        assert_eq!(count(WordSize::W192), 1);
        assert!(
            all.iter()
                .all(|s| s.bits() <= 128 || *s == Shape::new(12, 10).expect("fits"))
        );
        assert!(Shape::new(12, 4).is_ok() && Shape::new(4, 15).is_ok());
        assert!(Shape::new(4, 31).is_ok() && Shape::new(12, 9).is_ok());
        for (w, h) in [(13, 4), (4, 32), (12, 11), (11, 11), (5, 25)] {
            let e = Shape::new(w, h).unwrap_err().0;
            assert!(
                e.contains("too large") && e.contains("128") && e.contains("12x10"),
                "{e}"
            );
        }
        assert!(Shape::new(3, 6).unwrap_err().0.contains("too small"));
        assert_eq!(Shape::new(7, 6), Ok(Shape::STANDARD));
        let standard = Layout::<u64>::new(Shape::STANDARD).expect("fits");
        assert_eq!(standard.bottom(), 0x0408_1020_4081);
        assert!(Layout::<u64>::new(Shape::new(8, 8).expect("fits")).is_err());
        assert!(Layout::<u128>::new(Shape::new(12, 10).expect("fits")).is_err());
        for s in all {
            let l = Layout::<U192>::new(s).expect("fits");
            assert_eq!(l.board().count_ones(), s.cells());
            assert_eq!(l.bottom().count_ones(), s.width());
            assert_eq!(l.rows_of_parity(0) | l.rows_of_parity(1), l.board());
            assert_eq!(l.rows_below(s.height()), l.board());
            assert_eq!(l.mirror(l.mirror(l.board())), l.board());
            assert_eq!(l.mirror(l.column_mask(0)), l.column_mask(s.width() - 1));
        }
    }

    #[test]
    fn every_fixed_geometry_is_its_layout() {
        let standard = Standard::default();
        let s = Layout::<u64>::new(Shape::STANDARD).expect("fits");
        assert_eq!(
            (standard.bottom(), standard.board()),
            (s.bottom(), s.board())
        );
        let mut fixed = [0; 3];
        for shape in Shape::all() {
            let ((a, name), (b, _)) = match shape.word() {
                WordSize::W64 => describe::<u64>(shape),
                WordSize::W128 => describe::<u128>(shape),
                WordSize::W192 => describe::<U192>(shape),
            };
            assert_eq!(a, b, "{shape}");
            // The same board in a wider word has the same masks.
            if shape.word() == WordSize::W64 {
                assert_eq!(describe::<u128>(shape).0.0, a, "{shape}");
            }
            if shape.word() != WordSize::W192 {
                assert_eq!(describe::<U192>(shape).0.0, a, "{shape}");
            }
            if name.contains("Fixed<") {
                fixed[shape.word() as usize] += 1;
                let (w, h) = (shape.columns(), shape.rows());
                // The default word, u64, is not named.
                let named = format!("Fixed<{w}, {h}, ");
                let plain = format!("Fixed<{w}, {h}>");
                assert!(name.contains(&named) || name.contains(&plain), "{name}");
            }
        }
        assert_eq!(fixed, [42, 22, 1]);
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
