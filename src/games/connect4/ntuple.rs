//! An n-tuple network added to the hand evaluation on boards that have one (9 x 6): tuples of
//! a few cells, each cell empty, `x`, `o` or empty and playable, and one weight per pattern of
//! each tuple, fitted to the weak solver's values (`scripts/connect4_ntuple.py`).
//!
//! The file (`books/connect4-9x6-ntuple.bin`, README there) is, little-endian: the magic
//! `sente-ntuple-1`, width, height and the number of tuples as one byte each, the tempo of `x`
//! to move and of `o` to move as `i16`, then per tuple its number of cells `k` and their bit
//! numbers (Pons's layout, column-major, `height + 1` bits a column) in increasing order,
//! then per tuple `4^k` weights as `i16`, the value for `x` in evaluation points. A pattern's
//! index is the tuple's cells' bits of `x | playable` in order, then those of `o | playable`
//! (what the BMI2 instruction `pext` gives).

use std::sync::OnceLock;

/// The 9 x 6 network.
const NINE_BY_SIX: &[u8] = include_bytes!("../../../books/connect4-9x6-ntuple.bin");
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
}

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
        Ok(Network {
            width: u32::from(width),
            height: u32::from(height),
            tempo,
            tuples,
            weights,
        })
    }

    /// The network of a `width x height` board, if sente has one.
    pub fn of_board(width: u32, height: u32) -> Option<&'static Network> {
        static NETWORK: OnceLock<Option<Network>> = OnceLock::new();
        let net = NETWORK.get_or_init(|| match Network::parse(NINE_BY_SIX) {
            Ok(net) => Some(net),
            Err(e) => {
                log::error!("the 9x6 n-tuple network is unusable: {e}");
                None
            }
        });
        net.as_ref()
            .filter(|n| n.width == width && n.height == height)
    }

    /// The network's value for `x` of the position with stones `x` and `o` and `playable`
    /// the empty cells a move can fill, plus the tempo of the side to move (`x_to_move`).
    pub fn value(&self, x: u64, o: u64, playable: u64, x_to_move: bool) -> i32 {
        let (lo, hi) = (x | playable, o | playable);
        let tempo = if x_to_move {
            self.tempo[0]
        } else {
            self.tempo[1]
        };
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("bmi2") {
                // SAFETY: the processor has BMI2, checked just above.
                return tempo + unsafe { self.sum_pext(lo, hi) };
            }
        }
        tempo + self.sum_with(lo, hi, Self::gather)
    }

    /// The sum of the tuples' weights with `extract` giving a tuple's bits of a word.
    #[inline(always)]
    fn sum_with(&self, lo: u64, hi: u64, extract: impl Fn(&Tuple, u64) -> usize) -> i32 {
        self.tuples
            .iter()
            .map(|t| {
                let index = extract(t, lo) | extract(t, hi) << t.cells.len();
                i32::from(self.weights[t.offset + index])
            })
            .sum()
    }

    /// A tuple's bits of `word`, one cell after the other.
    fn gather(t: &Tuple, word: u64) -> usize {
        t.cells
            .iter()
            .enumerate()
            .fold(0, |i, (n, &b)| i | (((word >> b) & 1) as usize) << n)
    }

    /// `sum_with` by the `pext` instruction.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi2")]
    fn sum_pext(&self, lo: u64, hi: u64) -> i32 {
        use std::arch::x86_64::_pext_u64;
        self.sum_with(lo, hi, |t, word| _pext_u64(word, t.mask) as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_network_reads() {
        let net = Network::parse(NINE_BY_SIX).expect("the shipped network");
        assert_eq!((net.width, net.height), (9, 6));
        assert!(!net.tuples.is_empty());
        assert!(Network::of_board(9, 6).is_some());
        assert!(Network::of_board(7, 6).is_none());
    }

    #[test]
    fn pext_and_gather_agree() {
        let net = Network::parse(NINE_BY_SIX).expect("the shipped network");
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..1000 {
            state = crate::games::connect4::bits::mix64(state);
            let (lo, hi) = (
                state & 0x7fff_ffff_ffff_ffff,
                state.rotate_left(17) & 0x7fff_ffff_ffff_ffff,
            );
            let slow = net.sum_with(lo, hi, Network::gather);
            #[cfg(target_arch = "x86_64")]
            if std::arch::is_x86_feature_detected!("bmi2") {
                // SAFETY: checked just above.
                assert_eq!(unsafe { net.sum_pext(lo, hi) }, slow);
            }
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
            assert_eq!(slow, by_cell);
        }
    }

    #[test]
    fn malformed_files_are_refused() {
        assert!(Network::parse(b"nonsense").is_err());
        let mut short = NINE_BY_SIX.to_vec();
        short.pop();
        assert!(Network::parse(&short).is_err());
        let mut long = NINE_BY_SIX.to_vec();
        long.push(0);
        assert!(Network::parse(&long).is_err());
    }
}
