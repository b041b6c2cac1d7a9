//! The weak value (win, draw or loss for the side to move) of every position of a board up to
//! some number of stones, looked up without a search: the first plies, where even a weak
//! solve takes seconds, answered at once (`sente book connect4 --weak-values` makes it, with
//! the solver; `books/connect4-weak.bin` is the 7 x 6 table shipped with sente).
//!
//! The packed form: a 16-byte header, `sente-c4` then the board's width, its height, the most
//! stones of a position in the table and five zero bytes; then one little-endian `u64` per
//! position, `key << 2 | value` (the smaller of the position's key and its mirror image's, so
//! a position and its mirror share an entry; value 0 a loss, 1 a draw, 2 a win for the side to
//! move), sorted by key and looked up by binary search without being read first. Finished
//! positions are not in it.

use crate::games::Game;
use crate::games::connect4::{Bits, Connect4, Shape};

/// The first bytes of a packed table.
const MAGIC: &[u8; 8] = b"sente-c4";

/// Bytes before the first entry.
pub const HEADER_BYTES: usize = 16;

/// A table of weak values, over packed bytes (checked when made).
#[derive(Clone, Copy, Debug)]
pub struct WeakTable<'a> {
    shape: Shape,
    plies: u32,
    entries: &'a [u8],
}

/// The value of a position for its side to move, as the table stores it: 1 a win, 0 a draw,
/// -1 a loss (the solver's weak scores).
pub type Sign = i32;

/// The header of a packed table for positions of `shape` with at most `plies` stones.
pub fn header(shape: Shape, plies: u32) -> [u8; HEADER_BYTES] {
    let mut bytes = [0; HEADER_BYTES];
    bytes[..8].copy_from_slice(MAGIC);
    bytes[8] = shape.columns();
    bytes[9] = shape.rows();
    bytes[10] = u8::try_from(plies).unwrap_or(u8::MAX);
    bytes
}

/// The key a position is stored under: the smaller of its key and its mirror image's.
pub fn canonical_key(pos: &Connect4) -> u64 {
    pos.key().min(pos.mirror_key())
}

/// A table entry: `key << 2 | value`.
pub fn entry(key: u64, sign: Sign) -> u64 {
    key << 2 | (sign + 1) as u64
}

impl<'a> WeakTable<'a> {
    /// The table packed in `bytes`, after checking its header, that its entries are whole,
    /// sorted without repeats, and hold only values 0-2.
    pub fn from_packed(bytes: &'a [u8]) -> Result<WeakTable<'a>, String> {
        if bytes.len() < HEADER_BYTES || &bytes[..8] != MAGIC {
            return Err("not a packed table of weak values (no `sente-c4` header)".to_string());
        }
        let shape =
            Shape::new(bytes[8], bytes[9]).map_err(|e| format!("the table's board size: {e}"))?;
        let key_bits = u32::from(shape.columns()) * (u32::from(shape.rows()) + 1);
        if key_bits > 62 {
            return Err(format!(
                "a {shape} board's keys do not fit the table's entries"
            ));
        }
        let entries = &bytes[HEADER_BYTES..];
        if !entries.len().is_multiple_of(8) {
            return Err(format!(
                "the table's entries are 8 bytes each, not {} bytes in all",
                entries.len()
            ));
        }
        let table = WeakTable {
            shape,
            plies: u32::from(bytes[10]),
            entries,
        };
        for i in 0..table.len() {
            let word = table.word(i);
            if word & 3 == 3 || (i > 0 && table.word(i - 1) >> 2 >= word >> 2) {
                return Err(format!("table entry {i} is out of order or bad"));
            }
        }
        Ok(table)
    }

    /// The board size of its positions.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The most stones of a position it holds.
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// Entries (a position and its mirror image count once).
    pub fn len(&self) -> usize {
        self.entries.len() / 8
    }

    /// True when it holds no position.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn word(&self, i: usize) -> u64 {
        let mut bytes = [0; 8];
        bytes.copy_from_slice(&self.entries[8 * i..8 * i + 8]);
        u64::from_le_bytes(bytes)
    }

    /// Who wins `pos` (1 the side to move, 0 nobody, -1 the other side), if the table holds
    /// it: a position of its board size, not over, with at most `plies()` stones.
    pub fn sign<B: Bits>(&self, pos: &Connect4<B>) -> Option<Sign> {
        if pos.shape() != self.shape || pos.moves_played() > self.plies || pos.outcome().is_some() {
            return None;
        }
        // The table's board keys fit 62 bits (checked when made), whatever word holds them.
        let [key, mirror, ..] = [pos.key().words()[0], pos.mirror_key().words()[0]];
        let key = key.min(mirror);
        let (mut low, mut high) = (0, self.len());
        while low < high {
            let mid = (low + high) / 2;
            let word = self.word(mid);
            match (word >> 2).cmp(&key) {
                std::cmp::Ordering::Less => low = mid + 1,
                std::cmp::Ordering::Greater => high = mid,
                std::cmp::Ordering::Equal => return Some((word & 3) as i32 - 1),
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn packed(shape: Shape, plies: u32, mut entries: Vec<u64>) -> Vec<u8> {
        entries.sort_unstable();
        let mut bytes = header(shape, plies).to_vec();
        bytes.extend(entries.iter().flat_map(|e| e.to_le_bytes()));
        bytes
    }

    #[test]
    fn positions_and_mirror_images_share_an_entry() {
        let win = Connect4::from_move_string("4").expect("moves");
        let loss = Connect4::from_move_string("1").expect("moves");
        let bytes = packed(
            Shape::STANDARD,
            1,
            vec![
                entry(canonical_key(&win), 1),
                entry(canonical_key(&loss), -1),
            ],
        );
        let table = WeakTable::from_packed(&bytes).expect("a table");
        assert_eq!(table.len(), 2);
        assert_eq!(table.sign(&win), Some(1));
        assert_eq!(table.sign(&loss), Some(-1));
        let mirror = Connect4::from_move_string("7").expect("moves");
        assert_eq!(table.sign(&mirror), Some(-1));
        // Not in it: another position, more stones, another board.
        assert_eq!(table.sign(&Connect4::<u64>::startpos()), None);
        assert_eq!(
            table.sign(&Connect4::<u64>::from_move_string("44").expect("moves")),
            None
        );
        let small =
            Connect4::<u64>::from_moves(Shape::new(5, 4).expect("fits"), "3").expect("moves");
        assert_eq!(table.sign(&small), None);
    }

    #[test]
    fn bad_tables_are_refused() {
        assert!(WeakTable::from_packed(b"sente").is_err());
        assert!(WeakTable::from_packed(&[0; 16]).is_err());
        let mut bytes = packed(Shape::STANDARD, 1, vec![entry(5, 0)]);
        bytes.push(0);
        assert!(WeakTable::from_packed(&bytes).is_err());
        let mut bad_value = header(Shape::STANDARD, 1).to_vec();
        bad_value.extend(3u64.to_le_bytes());
        assert!(WeakTable::from_packed(&bad_value).is_err());
        let mut unsorted = header(Shape::STANDARD, 1).to_vec();
        unsorted.extend(entry(9, 0).to_le_bytes());
        unsorted.extend(entry(5, 0).to_le_bytes());
        assert!(WeakTable::from_packed(&unsorted).is_err());
    }
}
