//! An n-tuple network added to the hand evaluation on boards that have one (`SHIPPED`): tuples of
//! a few cells, each cell empty, `x`, `o` or empty and playable, and one weight per pattern of
//! each tuple, fitted to the weak solver's values (on 12 x 10, beyond its reach in the middle
//! game, to self-play games' results and searches' scores; `scripts/connect4_ntuple.py`).
//!
//! A file (`books/connect4-<W>x<H>-ntuple.bin`, README there) is, little-endian: the magic
//! `sente-ntuple-1`, width, height and the number of tuples as one byte each, the tempo of `x`
//! to move and of `o` to move as `i16`, then per tuple its number of cells `k` and their bit
//! numbers (Pons's layout, column-major, `height + 1` bits a column) in increasing order,
//! then per tuple `4^k` weights as `i16`, the value for `x` in evaluation points. A pattern's
//! index is the tuple's cells' bits of `x | playable` in order, then those of `o | playable`.
//! A file of more than 255 tuples (12 x 10 has 300 windows of four) starts `sente-ntuple-2`
//! and gives their number in two bytes, the rest the same. The board is any board sente plays
//! (`Shape::new`), up to 12 x 10, whose bit numbers reach 131 (a cell is one byte): the network
//! reads the position in its board's word (`Bits`: `u64`, `u128` or `U192`).
//!
//! With BMI2 the tuples are read by segments: rectangles of at most 8 rows and 32 cells,
//! `x | playable` and `o | playable` of a segment's cells packed one above the other into one
//! `u64` by two `pext`, so that one more `pext` of that word gives a tuple's index in the file's
//! own order. Every window of four is on this path on every board of at most 10 rows, 12 x 10
//! included (whole columns where 4 of them fit 32 cells, bands of 8 rows on 4 columns on the
//! taller boards; on 4 x 31, where 4 columns do not fit 64 bits, the windows across columns
//! are read cell by cell).

use super::bits::Bits;
use super::shape::Shape;
use std::sync::OnceLock;

/// The networks sente ships: a board's width and height, and its file.
const SHIPPED: &[(u32, u32, &[u8])] = &[
    (
        9,
        6,
        include_bytes!("../../../books/connect4-9x6-ntuple.bin"),
    ),
    (
        8,
        7,
        include_bytes!("../../../books/connect4-8x7-ntuple.bin"),
    ),
    (
        7,
        8,
        include_bytes!("../../../books/connect4-7x8-ntuple.bin"),
    ),
    (
        10,
        6,
        include_bytes!("../../../books/connect4-10x6-ntuple.bin"),
    ),
    (
        9,
        7,
        include_bytes!("../../../books/connect4-9x7-ntuple.bin"),
    ),
    (
        8,
        8,
        include_bytes!("../../../books/connect4-8x8-ntuple.bin"),
    ),
    (
        10,
        8,
        include_bytes!("../../../books/connect4-10x8-ntuple.bin"),
    ),
    (
        12,
        10,
        include_bytes!("../../../books/connect4-12x10-ntuple.bin"),
    ),
];
/// The file's first bytes.
const MAGIC: &[u8] = b"sente-ntuple-1";
/// The first bytes of a file of more than 255 tuples, their number in two bytes.
const MAGIC_2: &[u8] = b"sente-ntuple-2";

/// One tuple: its cells as bit numbers, where its weights start.
struct Tuple {
    cells: Vec<u32>,
    offset: usize,
}

/// A network read from its file.
pub struct Network {
    width: u32,
    height: u32,
    tempo: [i32; 2],
    tuples: Vec<Tuple>,
    weights: Vec<i16>,
    /// The tuples laid out for `value`, when the processor has BMI2 (checked once, when the
    /// file is read).
    fast: Option<Fast>,
}

/// One segment of `Fast`: a rectangle of the board's cells.
struct Segment {
    /// The board's bit its word starts at: its first cell's, 0 on a board of at most 64 bits.
    shift: u32,
    /// Its cells in the board's bits from `shift` on (at most 32).
    cells: u64,
    /// The number of its cells: where the bits of `o | playable` start in its word.
    count: u32,
    /// The end of its tuples in `Fast::windows`.
    end: usize,
}

/// The tuples grouped by segments, each segment's cells read into one word, the bits of
/// `x | playable` below those of `o | playable`: a tuple's index is then one `pext` of its
/// segment's word.
struct Fast {
    segments: Vec<Segment>,
    /// Per tuple a segment holds, its cells' bits in its segment's word (each cell twice) and
    /// where its weights start.
    windows: Vec<(u64, usize)>,
    /// The file's weights, the rest zero (at most `FAST_WEIGHTS`: an index cut to
    /// `FAST_WEIGHTS - 1` needs no bounds check).
    weights: Box<[i16; FAST_WEIGHTS]>,
    /// The tuples no segment holds, read as the file lays them out.
    rest: Vec<usize>,
}

/// The room for the weights of the tuples read by segments (12 x 10's 300 windows of four take
/// 76,800).
const FAST_WEIGHTS: usize = 1 << 17;
/// Most cells of a segment: both sides' bits of each fit one `u64`.
const SEGMENT_CELLS: u32 = 32;
/// Most rows of a segment.
const SEGMENT_ROWS: u32 = 8;

/// Reads little-endian fields in order, failing on a short file.
struct Reader<'a> {
    bytes: &'a [u8],
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], String> {
        if self.bytes.len() < n {
            return Err("the n-tuple file is too short".to_string());
        }
        let (head, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        Ok(head)
    }

    fn byte(&mut self) -> Result<u8, String> {
        Ok(self.take(1)?[0])
    }

    fn i16(&mut self) -> Result<i16, String> {
        let b = self.take(2)?;
        Ok(i16::from_le_bytes([b[0], b[1]]))
    }
}

/// Starts of segments `n` long on a side `len` long, every `step`, the last ending at `len`.
fn starts(len: u32, n: u32, step: u32) -> Vec<u32> {
    let mut out: Vec<u32> = (0..len - n).step_by(step.max(1) as usize).collect();
    out.push(len - n);
    out
}

/// The largest minus the smallest of `values`, plus one (1 for none).
fn spread(values: impl Iterator<Item = u32> + Clone) -> u32 {
    values.clone().max().unwrap_or(0) - values.min().unwrap_or(0) + 1
}

/// The 64 bits of `b` from bit `shift` up (`shift` is 0 when `B` is 64 bits: `Segment::shift`).
#[inline(always)]
fn word_from<B: Bits>(b: B, shift: u32) -> u64 {
    if B::BITS == 64 {
        b.words()[0]
    } else {
        (b >> shift).words()[0]
    }
}

/// Bit `b` of `words`.
fn bit_of(words: &[u64; 3], b: u32) -> usize {
    ((words[(b / 64) as usize] >> (b % 64)) & 1) as usize
}

impl Network {
    /// Reads a network file (the format in the module's documentation).
    pub fn parse(bytes: &[u8]) -> Result<Network, String> {
        let mut r = Reader { bytes };
        let wide = match r.take(MAGIC.len())? {
            m if m == MAGIC => false,
            m if m == MAGIC_2 => true,
            _ => return Err("not an n-tuple file".to_string()),
        };
        let (width, height) = (r.byte()?, r.byte()?);
        let count = if wide {
            u16::from_le_bytes([r.byte()?, r.byte()?])
        } else {
            u16::from(r.byte()?)
        };
        let tempo = [i32::from(r.i16()?), i32::from(r.i16()?)];
        let shape =
            Shape::new(width, height).map_err(|e| format!("the n-tuple file's board: {e}"))?;
        let stride = shape.stride();
        let mut tuples = Vec::with_capacity(usize::from(count));
        let mut offset = 0;
        for _ in 0..count {
            let k = r.byte()?;
            if !(1..=8).contains(&k) {
                return Err(format!("a tuple of {k} cells"));
            }
            let cells: Vec<u32> = r
                .take(usize::from(k))?
                .iter()
                .map(|&b| u32::from(b))
                .collect();
            let on_board = |&b: &u32| b < shape.bits() && b % stride < shape.height();
            if !cells.iter().all(on_board) || !cells.windows(2).all(|w| w[0] < w[1]) {
                return Err(format!(
                    "tuple cells {cells:?} are not increasing cells of the {width}x{height} board"
                ));
            }
            tuples.push(Tuple { cells, offset });
            offset += 1 << (2 * k);
        }
        let weights = (0..offset)
            .map(|_| r.i16())
            .collect::<Result<Vec<_>, _>>()?;
        if !r.bytes.is_empty() {
            return Err("the n-tuple file is too long".to_string());
        }
        let mut net = Network {
            width: shape.width(),
            height: shape.height(),
            tempo,
            tuples,
            weights,
            fast: None,
        };
        if has_bmi2() {
            net.fast = Some(net.lay_out());
        }
        Ok(net)
    }

    /// The tuples grouped by segments: rectangles of `rows = min(height, 8)` rows and as many
    /// columns as fit 32 cells (and 64 bits from the first cell), every `rows - tallest + 1`
    /// rows and `columns - widest + 1` columns (`tallest` and `widest` the tuples' largest
    /// spans that fit), the last ones ending at the top row and the last column; each tuple
    /// held by the first segment that holds all its cells.
    fn lay_out(&self) -> Fast {
        let stride = self.height + 1;
        let rows = self.height.min(SEGMENT_ROWS);
        let columns = (SEGMENT_CELLS / rows)
            .min(self.width)
            .min((64 - rows) / stride + 1);
        let mut fast = Fast {
            segments: Vec::new(),
            windows: Vec::new(),
            weights: vec![0; FAST_WEIGHTS]
                .into_boxed_slice()
                .try_into()
                .expect("FAST_WEIGHTS weights"),
            rest: Vec::new(),
        };
        let column_span = |t: &Tuple| spread(t.cells.iter().map(|&b| b / stride));
        let row_span = |t: &Tuple| spread(t.cells.iter().map(|&b| b % stride));
        let fitting = self
            .tuples
            .iter()
            .filter(|t| column_span(t) <= columns && row_span(t) <= rows);
        let widest = fitting.clone().map(column_span).max().unwrap_or(1);
        let tallest = fitting.map(row_span).max().unwrap_or(1);
        let n = self.weights.len().min(FAST_WEIGHTS);
        fast.weights[..n].copy_from_slice(&self.weights[..n]);
        let board_fits_a_word = self.width * stride <= 64;
        let mut placed = vec![false; self.tuples.len()];
        for first_column in starts(self.width, columns, columns - widest + 1) {
            for first_row in starts(self.height, rows, rows - tallest + 1) {
                let first = first_column * stride + first_row;
                let shift = if board_fits_a_word { 0 } else { first };
                let column = ((1u64 << rows) - 1) << (first - shift);
                let cells = (0..columns).fold(0u64, |m, c| m | column << (c * stride));
                let count = cells.count_ones();
                for (i, t) in self.tuples.iter().enumerate() {
                    let k = t.cells.len();
                    let inside = t
                        .cells
                        .iter()
                        .all(|&b| b >= shift && b - shift < 64 && cells >> (b - shift) & 1 == 1);
                    if placed[i] || !inside || t.offset + (1 << (2 * k)) > FAST_WEIGHTS {
                        continue;
                    }
                    placed[i] = true;
                    // A cell's rank among the segment's cells is its `x | playable` bit in the
                    // word; its `o | playable` bit is `count` above.
                    let rank = |b: u32| (cells & ((1u64 << (b - shift)) - 1)).count_ones();
                    let mask = t
                        .cells
                        .iter()
                        .fold(0u64, |m, &b| m | (1 | 1 << count) << rank(b));
                    fast.windows.push((mask, t.offset));
                }
                fast.segments.push(Segment {
                    shift,
                    cells,
                    count,
                    end: fast.windows.len(),
                });
            }
        }
        fast.rest = (0..self.tuples.len()).filter(|&i| !placed[i]).collect();
        fast
    }

    /// The network of a `width x height` board, if sente has one.
    pub fn of_board(width: u32, height: u32) -> Option<&'static Network> {
        static NETWORKS: OnceLock<Vec<Network>> = OnceLock::new();
        NETWORKS
            .get_or_init(|| {
                SHIPPED
                    .iter()
                    .filter_map(|&(w, h, bytes)| Self::shipped(w, h, bytes))
                    .collect()
            })
            .iter()
            .find(|n| n.width == width && n.height == height)
    }

    /// The shipped network of the `width x height` board read from `bytes`, or `None` (said on
    /// stderr) when the file is unusable or is another board's.
    fn shipped(width: u32, height: u32, bytes: &[u8]) -> Option<Network> {
        match Network::parse(bytes) {
            Ok(net) if (net.width, net.height) == (width, height) => Some(net),
            Ok(net) => {
                log::error!(
                    "the {width}x{height} n-tuple network is a {}x{} board's",
                    net.width,
                    net.height
                );
                None
            }
            Err(e) => {
                log::error!("the {width}x{height} n-tuple network is unusable: {e}");
                None
            }
        }
    }

    /// The network's value for `x` of the position with stones `x` and `o` and `playable`
    /// the empty cells a move can fill, plus the tempo of the side to move (`x_to_move`), in
    /// a word `B` that holds the network's board.
    #[inline]
    pub fn value<B: Bits>(&self, x: B, o: B, playable: B, x_to_move: bool) -> i32 {
        #[cfg(target_arch = "x86_64")]
        if let Some(fast) = &self.fast {
            // SAFETY: `fast` is made only when the processor has BMI2.
            return self.tempo(x_to_move) + unsafe { fast.sum(self, x | playable, o | playable) };
        }
        self.reference_value(x, o, playable, x_to_move)
    }

    /// `value` read tuple by tuple as the file lays them out, each cell's bits one by one (what
    /// `value` must equal, and its way without BMI2).
    pub fn reference_value<B: Bits>(&self, x: B, o: B, playable: B, x_to_move: bool) -> i32 {
        let (lo, hi) = ((x | playable).words(), (o | playable).words());
        self.tempo(x_to_move)
            + self
                .tuples
                .iter()
                .map(|t| self.tuple_weight(t, &lo, &hi))
                .sum::<i32>()
    }

    /// The tempo of `x` to move (`x_to_move`) or of `o` to move, for `x`.
    fn tempo(&self, x_to_move: bool) -> i32 {
        if x_to_move {
            self.tempo[0]
        } else {
            self.tempo[1]
        }
    }

    /// The weight of tuple `t`'s pattern in the words `lo` (`x | playable`) and `hi`
    /// (`o | playable`).
    fn tuple_weight(&self, t: &Tuple, lo: &[u64; 3], hi: &[u64; 3]) -> i32 {
        let k = t.cells.len();
        let index = t.cells.iter().enumerate().fold(0, |i, (n, &b)| {
            i | bit_of(lo, b) << n | bit_of(hi, b) << (n + k)
        });
        i32::from(self.weights[t.offset + index])
    }
}

impl Fast {
    /// The sum of the tuples' weights in the words `lo` (`x | playable`) and `hi`
    /// (`o | playable`), `net` giving the tuples no segment holds.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi2")]
    fn sum<B: Bits>(&self, net: &Network, lo: B, hi: B) -> i32 {
        use std::arch::x86_64::_pext_u64;
        let mut sum = 0;
        let mut from = 0;
        for s in &self.segments {
            let word = _pext_u64(word_from(lo, s.shift), s.cells)
                | _pext_u64(word_from(hi, s.shift), s.cells) << s.count;
            for &(mask, offset) in &self.windows[from..s.end] {
                let index = offset + _pext_u64(word, mask) as usize;
                // Below `FAST_WEIGHTS` already (`lay_out`); the cut only spares the check.
                sum += i32::from(self.weights[index & (FAST_WEIGHTS - 1)]);
            }
            from = s.end;
        }
        if !self.rest.is_empty() {
            let (lo, hi) = (lo.words(), hi.words());
            for &i in &self.rest {
                sum += net.tuple_weight(&net.tuples[i], &lo, &hi);
            }
        }
        sum
    }
}

/// Whether the processor has BMI2's `pext` and `pdep`.
pub(super) fn has_bmi2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("bmi2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// The boards the tests give a network: those Fairy-Stockfish plays beyond the solver's
/// reach, and 7 x 6 first.
#[cfg(test)]
pub(super) const TESTED_BOARDS: [(u8, u8); 9] = [
    (7, 6),
    (9, 6),
    (7, 8),
    (8, 7),
    (9, 7),
    (8, 8),
    (10, 6),
    (10, 8),
    (12, 10),
];

/// A network of every window of four cells of the `width x height` board (in the order of
/// `scripts/connect4_ntuple.py`'s `windows`), its tempo and weights drawn from `seed`: the
/// tests' networks, as a file and as read back by hand.
#[cfg(test)]
pub(super) struct WindowsNetwork {
    /// The file.
    pub file: Vec<u8>,
    /// Each window's cells, (column, row), in increasing bit order.
    pub windows: Vec<[(u32, u32); 4]>,
    /// The tempo of `x` to move and of `o` to move.
    pub tempo: [i32; 2],
    /// Each window's 256 weights.
    pub weights: Vec<i16>,
}

#[cfg(test)]
impl WindowsNetwork {
    /// The network of the `width x height` board drawn from `seed`.
    pub fn new(width: u8, height: u8, seed: u64) -> Self {
        let (w, h) = (i64::from(width), i64::from(height));
        let mut windows = Vec::new();
        for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
            for c in 0..w {
                for r in 0..h {
                    let cells = [0, 1, 2, 3].map(|i| (c + i * dc, r + i * dr));
                    if cells
                        .iter()
                        .all(|&(a, b)| (0..w).contains(&a) && (0..h).contains(&b))
                    {
                        let mut cells = cells.map(|(a, b)| (a as u32, b as u32));
                        cells.sort();
                        windows.push(cells);
                    }
                }
            }
        }
        let mut state = seed;
        let mut draw = || {
            state = super::bits::mix64(state.wrapping_add(0x9e37_79b9_7f4a_7c15));
            (state % 199) as i16 - 99
        };
        let tempo = [i32::from(draw()), i32::from(draw())];
        let weights: Vec<i16> = (0..windows.len() * 256).map(|_| draw()).collect();
        let count = windows.len();
        let mut file = if count > 255 { MAGIC_2 } else { MAGIC }.to_vec();
        file.extend([width, height]);
        if count > 255 {
            file.extend((count as u16).to_le_bytes());
        } else {
            file.push(count as u8);
        }
        file.extend(tempo.iter().flat_map(|&t| (t as i16).to_le_bytes()));
        let stride = u32::from(height) + 1;
        for cells in &windows {
            file.push(4);
            file.extend(cells.iter().map(|&(c, r)| (c * stride + r) as u8));
        }
        file.extend(weights.iter().flat_map(|w| w.to_le_bytes()));
        WindowsNetwork {
            file,
            windows,
            tempo,
            weights,
        }
    }

    /// The network's value for `x`, the tempo of `x` to move (`x_to_move`) or of `o` to move
    /// included, of the board whose cell (column, row) is `cell(column, row)`: 0 empty, 1 `x`,
    /// 2 `o`, 3 empty and playable.
    pub fn value_by_cell(&self, cell: impl Fn(u32, u32) -> u8, x_to_move: bool) -> i32 {
        let tempo = self.tempo[usize::from(!x_to_move)];
        tempo
            + self
                .windows
                .iter()
                .enumerate()
                .map(|(n, cells)| {
                    let mut index = 0;
                    for (j, &(c, r)) in cells.iter().enumerate() {
                        let v = cell(c, r);
                        index += usize::from(v == 1 || v == 3) << j;
                        index += usize::from(v == 2 || v == 3) << (j + 4);
                    }
                    i32::from(self.weights[n * 256 + index])
                })
                .sum::<i32>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::connect4::U192;
    use crate::games::connect4::bits::mix64;

    #[test]
    fn the_shipped_networks_read() {
        for &(width, height, bytes) in SHIPPED {
            let net = Network::parse(bytes).expect("a shipped network");
            assert_eq!((net.width, net.height), (width, height));
            assert!(!net.tuples.is_empty());
            let of_board = Network::of_board(width, height).expect("its board's network");
            assert_eq!((of_board.width, of_board.height), (width, height));
        }
        assert!(Network::of_board(9, 6).is_some());
        assert!(Network::of_board(7, 6).is_none());
    }

    /// `value` (by segments, with BMI2) in every word that holds the board and
    /// `reference_value` against a sum written cell by cell, on random words.
    fn check_against_cells(net: &Network) {
        let bits = net.width * (net.height + 1);
        let board = U192::low_bits(bits);
        let mut state = 0x9e37_79b9_7f4a_7c15u64 ^ u64::from(bits);
        let mut random = || {
            state = mix64(state.wrapping_add(1));
            let a = state;
            state = mix64(state.wrapping_add(1));
            let b = state;
            state = mix64(state.wrapping_add(1));
            U192::from_words([a, b, state]) & board
        };
        for _ in 0..1000 {
            let (lo, hi) = (random(), random());
            let (lo_words, hi_words) = (lo.words(), hi.words());
            let by_cell: i32 = net
                .tuples
                .iter()
                .map(|t| {
                    let mut index = 0;
                    for (n, &b) in t.cells.iter().enumerate() {
                        let bit = |w: &[u64; 3]| ((w[b as usize / 64] >> (b % 64)) & 1) as usize;
                        index += bit(&lo_words) << n;
                        index += bit(&hi_words) << (n + t.cells.len());
                    }
                    i32::from(net.weights[t.offset + index])
                })
                .sum();
            for x_to_move in [true, false] {
                let expected = net.tempo(x_to_move) + by_cell;
                assert_eq!(net.reference_value(lo, hi, U192::ZERO, x_to_move), expected);
                // `playable` counts in both words.
                let (x, o, playable) = (lo & !hi, hi & !lo, lo & hi);
                assert_eq!(net.value(x, o, playable, x_to_move), expected);
                assert_eq!(net.value(lo, hi, U192::ZERO, x_to_move), expected);
                if bits <= 128 {
                    let narrow = |w: U192| w.low();
                    assert_eq!(
                        net.value(narrow(x), narrow(o), narrow(playable), x_to_move),
                        expected
                    );
                }
                if bits <= 64 {
                    let narrow = |w: U192| w.words()[0];
                    assert_eq!(
                        net.value(narrow(x), narrow(o), narrow(playable), x_to_move),
                        expected
                    );
                }
            }
        }
    }

    #[test]
    fn segments_and_cells_agree() {
        let net = Network::parse(SHIPPED[0].2).expect("the shipped network");
        if has_bmi2() {
            let fast = net.fast.as_ref().expect("laid out with BMI2");
            // Columns 0-4, 2-6 and 4-8 hold every window of four.
            assert_eq!(fast.segments.len(), 3);
            assert_eq!(fast.windows.len(), net.tuples.len());
            assert!(fast.rest.is_empty());
        }
        check_against_cells(&net);
    }

    #[test]
    fn every_window_of_four_is_read_by_segments_on_every_board() {
        for (width, height) in TESTED_BOARDS {
            let made =
                WindowsNetwork::new(width, height, u64::from(width) * 100 + u64::from(height));
            let net = Network::parse(&made.file).expect("a windows network");
            assert_eq!(net.tuples.len(), made.windows.len());
            if has_bmi2() {
                let fast = net.fast.as_ref().expect("laid out with BMI2");
                assert!(fast.rest.is_empty(), "{width}x{height}: {:?}", fast.rest);
                assert_eq!(fast.windows.len(), made.windows.len());
                for s in &fast.segments {
                    assert!(s.count <= SEGMENT_CELLS && s.cells.count_ones() == s.count);
                }
            }
            check_against_cells(&net);
        }
    }

    #[test]
    fn networks_equal_their_windows_read_by_hand() {
        // Random boards (each cell empty, `x`, `o` or playable, not necessarily a position).
        let mut state = 51u64;
        for (width, height) in TESTED_BOARDS {
            let made = WindowsNetwork::new(width, height, 7);
            let net = Network::parse(&made.file).expect("a windows network");
            let stride = u32::from(height) + 1;
            for _ in 0..200 {
                let mut cells = vec![0u8; usize::from(width) * usize::from(height)];
                let (mut x, mut o, mut playable) = (U192::ZERO, U192::ZERO, U192::ZERO);
                for c in 0..u32::from(width) {
                    for r in 0..u32::from(height) {
                        state = mix64(state.wrapping_add(3));
                        let v = (state % 4) as u8;
                        cells[(c * u32::from(height) + r) as usize] = v;
                        let bit = U192::bit(c * stride + r);
                        match v {
                            1 => x |= bit,
                            2 => o |= bit,
                            3 => playable |= bit,
                            _ => {}
                        }
                    }
                }
                let cell = |c: u32, r: u32| cells[(c * u32::from(height) + r) as usize];
                for x_to_move in [true, false] {
                    let expected = made.value_by_cell(cell, x_to_move);
                    assert_eq!(net.value(x, o, playable, x_to_move), expected);
                    assert_eq!(net.reference_value(x, o, playable, x_to_move), expected);
                }
            }
        }
    }

    #[test]
    fn tuples_no_segment_holds_are_read_cell_by_cell() {
        // 9 x 6: a tuple of two cells 8 columns apart (no segment of 5 columns holds it), one of
        // three cells of column 2, one of a cell of column 8.
        let mut file = MAGIC.to_vec();
        file.extend([9, 6, 3]);
        file.extend(5i16.to_le_bytes());
        file.extend((-5i16).to_le_bytes());
        file.extend([2, 3, 59, 3, 14, 15, 16, 1, 60]);
        let count = 16 + 64 + 4;
        for i in 0..count {
            file.extend(((i * 37 % 101) as i16 - 50).to_le_bytes());
        }
        let net = Network::parse(&file).expect("a valid file");
        if let Some(fast) = &net.fast {
            assert_eq!(fast.rest, vec![0]);
            assert_eq!(fast.windows.len(), 2);
        }
        check_against_cells(&net);
    }

    #[test]
    fn tall_boards_read() {
        // 4 x 31 (128 bits, 32 a column): segments of 2 columns of 8 rows, the horizontal
        // windows (31) and the diagonals (56) read cell by cell; a tuple of the top 8 cells of a column.
        let made = WindowsNetwork::new(4, 31, 5);
        let net = Network::parse(&made.file).expect("a windows network");
        if let Some(fast) = &net.fast {
            assert_eq!(fast.rest.len(), 31 + 56);
        }
        check_against_cells(&net);
        let mut top = MAGIC.to_vec();
        top.extend([4, 31, 1, 0, 0, 0, 0, 8]);
        top.extend(119..127);
        top.extend((0..1 << 16).flat_map(|i: i32| ((i % 201 - 100) as i16).to_le_bytes()));
        let net = Network::parse(&top).expect("a valid file");
        if let Some(fast) = &net.fast {
            assert!(fast.rest.is_empty());
        }
        check_against_cells(&net);
    }

    #[test]
    fn malformed_files_are_refused() {
        let refused = |file: &[u8], what: &str| match Network::parse(file) {
            Ok(_) => panic!("{what}: read"),
            Err(e) => assert!(e.contains(what), "{e} (expected {what})"),
        };
        refused(b"nonsense, not a network", "not an n-tuple file");
        refused(b"nonsense", "too short");
        let nine_by_six = SHIPPED[0].2;
        refused(&nine_by_six[..nine_by_six.len() - 1], "too short");
        let mut long = nine_by_six.to_vec();
        long.push(0);
        refused(&long, "too long");
        // A board of one tuple of one cell, its four weights.
        let file = |magic: &[u8], width: u8, height: u8, cell: u8| {
            let mut f = magic.to_vec();
            f.extend([width, height]);
            if magic == MAGIC_2 {
                f.extend([1, 0]);
            } else {
                f.push(1);
            }
            f.extend([0, 0, 0, 0, 1, cell]);
            f.extend([0u8; 8]);
            f
        };
        assert!(Network::parse(&file(MAGIC, 9, 6, 5)).is_ok());
        assert!(Network::parse(&file(MAGIC_2, 12, 10, 130)).is_ok());
        // Off the board: a sentinel bit, past the last column.
        refused(
            &file(MAGIC, 9, 6, 6),
            "not increasing cells of the 9x6 board",
        );
        refused(&file(MAGIC, 9, 6, 63), "not increasing cells");
        refused(&file(MAGIC_2, 12, 10, 131), "not increasing cells");
        refused(&file(MAGIC_2, 12, 10, 132), "not increasing cells");
        // Boards beyond 12 x 10, or too small.
        for (width, height) in [(13, 6), (12, 11), (11, 11), (13, 9), (3, 6), (9, 0)] {
            refused(&file(MAGIC, width, height, 0), "the n-tuple file's board");
        }
        let mut nine = WindowsNetwork::new(9, 6, 1).file;
        nine[MAGIC.len() + 3 + 4] = 9;
        refused(&nine, "a tuple of 9 cells");
        let mut decreasing = WindowsNetwork::new(9, 6, 1).file;
        decreasing.swap(MAGIC.len() + 3 + 4 + 1, MAGIC.len() + 3 + 4 + 2);
        refused(&decreasing, "not increasing");
        // Twelve by ten's 300 windows need the two-byte count.
        let twelve = WindowsNetwork::new(12, 10, 1).file;
        assert!(twelve.starts_with(MAGIC_2));
        assert!(Network::parse(&twelve).is_ok());
        let mut one_byte = MAGIC.to_vec();
        one_byte.extend(&twelve[MAGIC_2.len()..]);
        assert!(Network::parse(&one_byte).is_err());
    }
}
