//! An n-tuple network added to the hand evaluation on boards that have one (`SHIPPED`): tuples of
//! a few cells, each cell empty, `x`, `o` or empty and playable, and one weight per pattern of
//! each tuple, fitted to the weak solver's values (`scripts/connect4_ntuple.py`).
//!
//! A file (`books/connect4-<W>x<H>-ntuple.bin`, README there) is, little-endian: the magic
//! `sente-ntuple-1`, width, height and the number of tuples as one byte each, the tempo of `x`
//! to move and of `o` to move as `i16`, then per tuple its number of cells `k` and their bit
//! numbers (Pons's layout, column-major, `height + 1` bits a column) in increasing order,
//! then per tuple `4^k` weights as `i16`, the value for `x` in evaluation points. A pattern's
//! index is the tuple's cells' bits of `x | playable` in order, then those of `o | playable`
//! (what the BMI2 instruction `pext` gives).

use std::sync::OnceLock;

/// The networks sente ships: a board's width and height, and its file.
const SHIPPED: &[(u32, u32, &[u8])] = &[(
    9,
    6,
    include_bytes!("../../../books/connect4-9x6-ntuple.bin"),
)];
/// The file's first bytes.
const MAGIC: &[u8] = b"sente-ntuple-1";

/// One tuple: its cells as a mask and as bit numbers, where its weights start.
struct Tuple {
    mask: u64,
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

/// The tuples grouped by segments of adjacent columns, each segment's cells read into one
/// word with a cell's bits of `x | playable` and `o | playable` side by side: a tuple's
/// pattern is then one `pext` of its segment's word, its weights reordered to match.
struct Fast {
    /// Per segment, its cells (a mask of the board's bits) and the end of its tuples in
    /// `windows`.
    segments: Vec<(u64, usize)>,
    /// Per tuple, its two bits per cell in its segment's word and where its weights start in
    /// `weights`.
    windows: Vec<(u64, usize)>,
    /// The weights of `windows`, one tuple after the other, each in its word's pattern order
    /// (at most `FAST_WEIGHTS`, the rest zero: an index cut to 16 bits needs no bounds check).
    weights: Box<[i16; FAST_WEIGHTS]>,
    /// The tuples no segment holds, read as the file lays them out.
    rest: Vec<usize>,
}

/// The room for the weights of the tuples read by segments.
const FAST_WEIGHTS: usize = 1 << 16;

/// The even bits of a word.
const EVEN: u64 = 0x5555_5555_5555_5555;

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

impl Network {
    /// Reads a network file (the format in the module's documentation).
    pub fn parse(bytes: &[u8]) -> Result<Network, String> {
        let mut r = Reader { bytes };
        if r.take(MAGIC.len())? != MAGIC {
            return Err("not an n-tuple file".to_string());
        }
        let (width, height, count) = (r.byte()?, r.byte()?, r.byte()?);
        let tempo = [i32::from(r.i16()?), i32::from(r.i16()?)];
        let stride = u32::from(height) + 1;
        if u32::from(width) * stride > 64 {
            return Err(format!("a {width}x{height} board does not fit 64 bits"));
        }
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
            let on_board =
                |&b: &u32| b < u32::from(width) * stride && b % stride < u32::from(height);
            if !cells.iter().all(on_board) || !cells.windows(2).all(|w| w[0] < w[1]) {
                return Err(format!(
                    "tuple cells {cells:?} are not increasing cells of the board"
                ));
            }
            let mask = cells.iter().fold(0u64, |m, &b| m | 1 << b);
            tuples.push(Tuple {
                mask,
                cells,
                offset,
            });
            offset += 1 << (2 * k);
        }
        let weights = (0..offset)
            .map(|_| r.i16())
            .collect::<Result<Vec<_>, _>>()?;
        if !r.bytes.is_empty() {
            return Err("the n-tuple file is too long".to_string());
        }
        let mut net = Network {
            width: u32::from(width),
            height: u32::from(height),
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

    /// The tuples grouped by segments of as many whole columns as fit 32 cells, each held by
    /// the first segment that holds all its columns (segments start every `columns - span + 1`
    /// columns, `span` the widest tuple's columns, and one ends at the last column).
    fn lay_out(&self) -> Fast {
        let stride = self.height + 1;
        let per = (32 / self.height.max(1)).min(self.width);
        if per == 0 {
            // No whole column fits a word: every tuple is read as the file lays it out.
            return Fast {
                segments: Vec::new(),
                windows: Vec::new(),
                weights: Box::new([0; FAST_WEIGHTS]),
                rest: (0..self.tuples.len()).collect(),
            };
        }
        let span_of = |t: &Tuple| (t.cells[0] / stride, t.cells[t.cells.len() - 1] / stride);
        let widest = self
            .tuples
            .iter()
            .map(|t| span_of(t).1 - span_of(t).0 + 1)
            .filter(|&w| w <= per)
            .max()
            .unwrap_or(1);
        let mut starts: Vec<u32> = (0..self.width - per)
            .step_by((per - widest + 1) as usize)
            .collect();
        starts.push(self.width - per);
        let column = (1u64 << self.height) - 1;
        let mut fast = Fast {
            segments: Vec::new(),
            windows: Vec::new(),
            weights: Box::new([0; FAST_WEIGHTS]),
            rest: Vec::new(),
        };
        let mut used = 0;
        let mut placed = vec![false; self.tuples.len()];
        for start in starts {
            let cells = (start..start + per).fold(0u64, |m, c| m | column << (c * stride));
            for (i, t) in self.tuples.iter().enumerate() {
                let k = t.cells.len();
                if placed[i] || t.mask & !cells != 0 || used + (1 << (2 * k)) > FAST_WEIGHTS {
                    continue;
                }
                placed[i] = true;
                // A cell's rank among the segment's cells gives its two bits in the word.
                let rank = |b: u32| (cells & ((1u64 << b) - 1)).count_ones();
                let mask = t.cells.iter().fold(0u64, |m, &b| m | 3 << (2 * rank(b)));
                fast.windows.push((mask, used));
                // Pattern `p` of the word: cell `j`'s `x | playable` bit at `2j`, its
                // `o | playable` bit at `2j + 1`; the file's index has them at `j` and `j + k`.
                for p in 0..1usize << (2 * k) {
                    let index = (0..k).fold(0, |i, j| {
                        i | (p >> (2 * j) & 1) << j | (p >> (2 * j + 1) & 1) << (j + k)
                    });
                    fast.weights[used + p] = self.weights[t.offset + index];
                }
                used += 1 << (2 * k);
            }
            fast.segments.push((cells, fast.windows.len()));
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
    /// the empty cells a move can fill, plus the tempo of the side to move (`x_to_move`).
    pub fn value(&self, x: u64, o: u64, playable: u64, x_to_move: bool) -> i32 {
        #[cfg(target_arch = "x86_64")]
        if let Some(fast) = &self.fast {
            // SAFETY: `fast` is made only when the processor has BMI2.
            return self.tempo(x_to_move) + unsafe { fast.sum(self, x | playable, o | playable) };
        }
        self.reference_value(x, o, playable, x_to_move)
    }

    /// `value` read tuple by tuple as the file lays them out, each cell's bits one by one (what
    /// `value` must equal, and its way without BMI2).
    pub fn reference_value(&self, x: u64, o: u64, playable: u64, x_to_move: bool) -> i32 {
        let (lo, hi) = (x | playable, o | playable);
        self.tempo(x_to_move)
            + self
                .tuples
                .iter()
                .map(|t| self.tuple_weight(t, lo, hi))
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
    fn tuple_weight(&self, t: &Tuple, lo: u64, hi: u64) -> i32 {
        let index = Self::gather(t, lo) | Self::gather(t, hi) << t.cells.len();
        i32::from(self.weights[t.offset + index])
    }

    /// A tuple's bits of `word`, one cell after the other.
    fn gather(t: &Tuple, word: u64) -> usize {
        t.cells
            .iter()
            .enumerate()
            .fold(0, |i, (n, &b)| i | (((word >> b) & 1) as usize) << n)
    }
}

impl Fast {
    /// The sum of the tuples' weights in the words `lo` (`x | playable`) and `hi`
    /// (`o | playable`), `net` giving the tuples no segment holds.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi2")]
    fn sum(&self, net: &Network, lo: u64, hi: u64) -> i32 {
        use std::arch::x86_64::{_pdep_u64, _pext_u64};
        let mut sum = 0;
        let mut from = 0;
        for &(cells, end) in &self.segments {
            let word =
                _pdep_u64(_pext_u64(lo, cells), EVEN) | _pdep_u64(_pext_u64(hi, cells), EVEN << 1);
            for &(mask, offset) in &self.windows[from..end] {
                let index = _pext_u64(word, mask) as usize;
                // Below `FAST_WEIGHTS` already (`lay_out`); the cut only spares the check.
                sum += i32::from(self.weights[(offset + index) as u16 as usize]);
            }
            from = end;
        }
        for &i in &self.rest {
            sum += net.tuple_weight(&net.tuples[i], lo, hi);
        }
        sum
    }
}

/// Whether the processor has BMI2's `pext` and `pdep`.
fn has_bmi2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("bmi2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    /// `value` (by segments, with BMI2) and `reference_value` against a sum written cell by
    /// cell, on random words.
    fn check_against_cells(net: &Network) {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..1000 {
            state = crate::games::connect4::bits::mix64(state);
            let (lo, hi) = (
                state & 0x7fff_ffff_ffff_ffff,
                state.rotate_left(17) & 0x7fff_ffff_ffff_ffff,
            );
            let by_cell: i32 = net
                .tuples
                .iter()
                .map(|t| {
                    let mut index = 0;
                    for (n, &b) in t.cells.iter().enumerate() {
                        index += (((lo >> b) & 1) as usize) << n;
                        index += (((hi >> b) & 1) as usize) << (n + t.cells.len());
                    }
                    i32::from(net.weights[t.offset + index])
                })
                .sum();
            for x_to_move in [true, false] {
                let tempo = net.tempo(x_to_move);
                assert_eq!(net.reference_value(lo, hi, 0, x_to_move), tempo + by_cell);
                assert_eq!(net.value(lo, hi, 0, x_to_move), tempo + by_cell);
                // `playable` counts in both words.
                let (x, o, playable) = (lo & !hi, hi & !lo, lo & hi);
                assert_eq!(net.value(x, o, playable, x_to_move), tempo + by_cell);
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
            assert_eq!(
                fast.windows.last().map(|w| w.1 + 256),
                Some(net.weights.len())
            );
        }
        check_against_cells(&net);
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
    fn boards_of_no_cell_or_tall_columns_read() {
        // No tuple on a board of height 0; a tuple of a column of 40 cells (no segment).
        let mut empty = MAGIC.to_vec();
        empty.extend([9, 0, 0, 0, 0, 0, 0]);
        assert!(Network::parse(&empty).is_ok());
        let mut tall = MAGIC.to_vec();
        tall.extend([1, 40, 1, 0, 0, 0, 0, 1, 39]);
        tall.extend([1i16, 2, 3, 4].iter().flat_map(|w| w.to_le_bytes()));
        let net = Network::parse(&tall).expect("a valid file");
        check_against_cells(&net);
    }

    #[test]
    fn malformed_files_are_refused() {
        assert!(Network::parse(b"nonsense").is_err());
        let nine_by_six = SHIPPED[0].2;
        let mut short = nine_by_six.to_vec();
        short.pop();
        assert!(Network::parse(&short).is_err());
        let mut long = nine_by_six.to_vec();
        long.push(0);
        assert!(Network::parse(&long).is_err());
    }
}
