//! The value of every position of a board up to some number of stones, looked up without a
//! search: the first plies, where even a weak solve takes seconds, answered at once. A table
//! holds either weak values (win, draw or loss for the side to move: `sente book connect4
//! --weak-values`) or exact scores (how fast: `sente book connect4 --exact-scores`), both made
//! by the solver; [`SHIPPED`] is the 7 x 6 table shipped with sente (`books/README.md`).
//!
//! The packed form: a 16-byte header, `sente-c4` then the board's width, its height, the most
//! stones of a position in the table, the kind (0 weak values, 1 exact scores) and four zero
//! bytes; then one little-endian `u64` per position, sorted by key and looked up by binary
//! search without being read first: `key << 2 | value` for weak values (0 a loss, 1 a draw, 2 a
//! win for the side to move), `key << 7 | (score + 64)` for exact scores (the solver's score,
//! the literature's convention). The key is the smaller of the position's and its mirror
//! image's, so that a position and its mirror share an entry. Finished positions are not in it.

use super::score::win_score;
use crate::games::Game;
use crate::games::connect4::{Bits, Connect4, Shape};

/// The first bytes of a packed table.
const MAGIC: &[u8; 8] = b"sente-c4";

/// Bytes before the first entry.
pub const HEADER_BYTES: usize = 16;

/// What a table holds for each position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Who wins: 1 the side to move, 0 nobody, -1 the other side.
    Weak,
    /// The solver's exact score.
    Exact,
}

impl Kind {
    /// Bits of an entry below the key.
    fn value_bits(self) -> u32 {
        match self {
            Kind::Weak => 2,
            Kind::Exact => 7,
        }
    }

    /// What is added to a value to store it (a stored value is never negative).
    fn offset(self) -> i32 {
        match self {
            Kind::Weak => 1,
            Kind::Exact => 64,
        }
    }

    /// Its byte in the header.
    fn byte(self) -> u8 {
        match self {
            Kind::Weak => 0,
            Kind::Exact => 1,
        }
    }
}

/// A table of weak values or exact scores, over packed bytes (checked when made).
#[derive(Clone, Copy, Debug)]
pub struct ValueTable<'a> {
    shape: Shape,
    plies: u32,
    kind: Kind,
    entries: &'a [u8],
}

/// The packed 7 x 6 table shipped with sente (`books/README.md` says how it was made).
pub const SHIPPED: &[u8] = include_bytes!("../../../../books/connect4-scores.bin");

/// The 7 x 6 table shipped with sente, checked once (`None` if it does not parse, which a test
/// rules out).
pub fn shipped() -> Option<ValueTable<'static>> {
    static TABLE: std::sync::OnceLock<Option<ValueTable<'static>>> = std::sync::OnceLock::new();
    *TABLE.get_or_init(|| match ValueTable::from_packed(SHIPPED) {
        Ok(table) => Some(table),
        Err(e) => {
            log::error!("the shipped table of weak values does not parse: {e}");
            None
        }
    })
}

/// The value of a position for its side to move, as the table stores it: 1 a win, 0 a draw,
/// -1 a loss (the solver's weak scores).
pub type Sign = i32;

/// The header of a packed table of `kind` for positions of `shape` with at most `plies`
/// stones.
pub fn header(shape: Shape, plies: u32, kind: Kind) -> [u8; HEADER_BYTES] {
    let mut bytes = [0; HEADER_BYTES];
    bytes[..8].copy_from_slice(MAGIC);
    bytes[8] = shape.columns();
    bytes[9] = shape.rows();
    bytes[10] = u8::try_from(plies).unwrap_or(u8::MAX);
    bytes[11] = kind.byte();
    bytes
}

/// The key a position is stored under: the smaller of its key and its mirror image's.
pub fn canonical_key(pos: &Connect4) -> u64 {
    pos.key().min(pos.mirror_key())
}

/// A table entry of `kind`: the key above the value (a sign or a score).
pub fn entry(kind: Kind, key: u64, value: i32) -> u64 {
    key << kind.value_bits() | (value + kind.offset()) as u64
}

impl<'a> ValueTable<'a> {
    /// The table packed in `bytes`, after checking its header, that its entries are whole,
    /// sorted without repeats, and hold only values 0-2.
    pub fn from_packed(bytes: &'a [u8]) -> Result<ValueTable<'a>, String> {
        if bytes.len() < HEADER_BYTES || &bytes[..8] != MAGIC {
            return Err("not a packed table of values (no `sente-c4` header)".to_string());
        }
        let shape =
            Shape::new(bytes[8], bytes[9]).map_err(|e| format!("the table's board size: {e}"))?;
        let kind = match bytes[11] {
            0 => Kind::Weak,
            1 => Kind::Exact,
            other => return Err(format!("the table's kind is 0 or 1, not {other}")),
        };
        let key_bits = u32::from(shape.columns()) * (u32::from(shape.rows()) + 1);
        if key_bits + kind.value_bits() > 64 {
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
        let table = ValueTable {
            shape,
            plies: u32::from(bytes[10]),
            kind,
            entries,
        };
        let widest = win_score(shape.cells(), 0);
        for i in 0..table.len() {
            let (key, value) = table.entry_at(i);
            let fits = match kind {
                Kind::Weak => (-1..=1).contains(&value),
                Kind::Exact => (-widest..=widest).contains(&value),
            };
            if !fits || (i > 0 && table.entry_at(i - 1).0 >= key) {
                return Err(format!("table entry {i} is out of order or bad"));
            }
        }
        Ok(table)
    }

    /// What it holds for each position.
    pub fn kind(&self) -> Kind {
        self.kind
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

    /// Entry `i`: its key and its value (a sign or a score).
    fn entry_at(&self, i: usize) -> (u64, i32) {
        let word = self.word(i);
        let bits = self.kind.value_bits();
        let value = (word & ((1 << bits) - 1)) as i32 - self.kind.offset();
        (word >> bits, value)
    }

    /// What the table holds for `pos` (a sign or a score, as `kind()` says), if it holds it: a
    /// position of its board size, not over, with at most `plies()` stones.
    fn value<B: Bits>(&self, pos: &Connect4<B>) -> Option<i32> {
        if pos.shape() != self.shape || pos.moves_played() > self.plies || pos.outcome().is_some() {
            return None;
        }
        // The table's board keys fit its entries (checked when made), whatever word holds them.
        let [key, mirror, ..] = [pos.key().words()[0], pos.mirror_key().words()[0]];
        let key = key.min(mirror);
        let (mut low, mut high) = (0, self.len());
        while low < high {
            let mid = (low + high) / 2;
            let (at, value) = self.entry_at(mid);
            match at.cmp(&key) {
                std::cmp::Ordering::Less => low = mid + 1,
                std::cmp::Ordering::Greater => high = mid,
                std::cmp::Ordering::Equal => return Some(value),
            }
        }
        None
    }

    /// Who wins `pos` (1 the side to move, 0 nobody, -1 the other side), if the table holds
    /// it: a position of its board size, not over, with at most `plies()` stones.
    pub fn sign<B: Bits>(&self, pos: &Connect4<B>) -> Option<Sign> {
        self.value(pos).map(i32::signum)
    }

    /// The range of the solver's score of `pos` the table gives, if it holds it: the score
    /// itself in a table of exact scores; in one of weak values, any win (1 to the most a win
    /// can score), a draw (0) or any loss.
    pub fn range<B: Bits>(&self, pos: &Connect4<B>) -> Option<(i32, i32)> {
        let value = self.value(pos)?;
        let widest = win_score(pos.shape().cells(), pos.moves_played());
        Some(match (self.kind, value.signum()) {
            (Kind::Exact, _) => (value, value),
            (Kind::Weak, 1) => (1, widest),
            (Kind::Weak, 0) => (0, 0),
            (Kind::Weak, _) => (-widest, -1),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn packed(shape: Shape, plies: u32, mut entries: Vec<u64>) -> Vec<u8> {
        entries.sort_unstable();
        let mut bytes = header(shape, plies, Kind::Weak).to_vec();
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
                entry(Kind::Weak, canonical_key(&win), 1),
                entry(Kind::Weak, canonical_key(&loss), -1),
            ],
        );
        let table = ValueTable::from_packed(&bytes).expect("a table");
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
        assert!(ValueTable::from_packed(b"sente").is_err());
        assert!(ValueTable::from_packed(&[0; 16]).is_err());
        let mut bytes = packed(Shape::STANDARD, 1, vec![entry(Kind::Weak, 5, 0)]);
        bytes.push(0);
        assert!(ValueTable::from_packed(&bytes).is_err());
        let mut bad_value = header(Shape::STANDARD, 1, Kind::Weak).to_vec();
        bad_value.extend(3u64.to_le_bytes());
        assert!(ValueTable::from_packed(&bad_value).is_err());
        let mut unsorted = header(Shape::STANDARD, 1, Kind::Weak).to_vec();
        unsorted.extend(entry(Kind::Weak, 9, 0).to_le_bytes());
        unsorted.extend(entry(Kind::Weak, 5, 0).to_le_bytes());
        assert!(ValueTable::from_packed(&unsorted).is_err());
    }

    /// Every position of `pos`'s game with at most `stones` stones from it, by plain recursion.
    fn every_position(pos: &Connect4, stones: u32, out: &mut Vec<Connect4>) {
        out.push(pos.clone());
        if stones == 0 {
            return;
        }
        let mut cols = Vec::new();
        pos.legal_moves(&mut cols);
        for col in cols {
            let mut child = pos.clone();
            child.play(col);
            every_position(&child, stones - 1, out);
        }
    }

    #[test]
    fn the_shipped_table_holds_every_position_to_five_stones_and_agrees_with_the_theory() {
        let table = shipped().expect("the shipped table parses");
        assert_eq!((table.shape(), table.plies()), (Shape::STANDARD, 5));
        // Allis's and Tromp's values of the first move: the centre wins, the columns beside it
        // draw, the others lose (here from the second player's side, to move).
        assert_eq!(table.sign(&Connect4::<u64>::startpos()), Some(1));
        if table.kind() == Kind::Exact {
            // The first player's winning stone is the 41st (Allis; Pons's solver scores it 1).
            assert_eq!(table.range(&Connect4::<u64>::startpos()), Some((1, 1)));
        }
        for (first, sign) in [
            ("1", 1),
            ("2", 1),
            ("3", 0),
            ("4", -1),
            ("5", 0),
            ("6", 1),
            ("7", 1),
        ] {
            let pos = Connect4::<u64>::from_move_string(first).expect("moves");
            assert_eq!(table.sign(&pos), Some(sign), "after {first}");
        }
        // Every position to 5 stones is in it, once up to mirroring, and each one with fewer
        // stones has the value (sign or score) its children give it (no position ends before 7 stones).
        let mut all = Vec::new();
        every_position(&Connect4::startpos(), 5, &mut all);
        let mut keys = std::collections::HashSet::new();
        for pos in &all {
            let sign = table.sign(pos);
            assert!(sign.is_some(), "{pos:?} is not in the table");
            keys.insert(canonical_key(pos));
            if pos.moves_played() < 5 {
                let mut cols = Vec::new();
                pos.legal_moves(&mut cols);
                let best = cols
                    .iter()
                    .filter_map(|&col| {
                        let mut child = pos.clone();
                        child.play(col);
                        table.value(&child).map(|s| -s)
                    })
                    .max();
                assert_eq!(best, table.value(pos), "{pos:?}");
            }
        }
        assert_eq!(table.len(), keys.len());
    }
}
