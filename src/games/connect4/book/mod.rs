//! The Connect Four opening books: for the first player, a proven winning move in each of its
//! positions reached by its book moves; for the second player, a proven non-losing move (a winning
//! one where the position is won) in each of its positions that the first player has let it draw or
//! win. Made by `sente book connect4` with the exact solver ([`make`]), shipped as text (one line
//! per position: `<moves> <column>`, columns 1-7), looked up by position so that transpositions and
//! mirror images share a line. The book of every two-move opening (both players) is too large for
//! text and ships packed: one little-endian `u64` per position, `key << 3 | column` (the canonical
//! key and the column in its orientation), sorted, looked up by binary search without reading it
//! first. Books are for the standard 7 x 6 board only: positions of other sizes are never in a
//! book.

pub mod make;
pub mod value_table;

use crate::games::connect4::{Bits, Connect4, Shape};
use crate::games::{Game, GameError};
use std::collections::HashMap;
use std::sync::OnceLock;

/// The books shipped with sente as text: the first player's and the second player's.
pub const SHIPPED: [&str; 2] = [
    include_str!("../../../../books/connect4-first.txt"),
    include_str!("../../../../books/connect4-second.txt"),
];

/// The book of both players after every two-move opening, packed (`sente book connect4
/// --side openings`, then `--pack`); it holds no position of the text books.
pub const SHIPPED_OPENINGS: &[u8] = include_bytes!("../../../../books/connect4-openings.bin");

/// The books shipped with sente, read once (`None` if they do not parse, which a test rules
/// out).
pub fn shipped_book() -> Option<&'static Book> {
    static BOOK: OnceLock<Option<Book>> = OnceLock::new();
    BOOK.get_or_init(|| match Book::shipped() {
        Ok(book) => Some(book),
        Err(e) => {
            log::error!("the shipped book does not parse: {e}");
            None
        }
    })
    .as_ref()
}

/// Winning moves by position.
#[derive(Clone, Debug, Default)]
pub struct Book {
    /// Canonical position key -> the move's column (0-based) in the canonical orientation.
    moves: HashMap<u64, u8>,
    /// A packed book consulted after `moves` (empty if none).
    packed: &'static [u8],
}

/// The key shared by a position and its mirror image, and whether it is the mirror's.
fn canonical(pos: &Connect4) -> (u64, bool) {
    let (key, mirror) = (pos.key(), pos.mirror_key());
    if mirror < key {
        (mirror, true)
    } else {
        (key, false)
    }
}

fn flip(col: u8, mirrored: bool) -> u8 {
    if mirrored {
        Shape::STANDARD.columns() - 1 - col
    } else {
        col
    }
}

impl Book {
    /// The shipped books in one.
    pub fn shipped() -> Result<Book, GameError> {
        let mut book = Book::default();
        for text in SHIPPED {
            book.add(text)?;
        }
        book.packed = check_packed(SHIPPED_OPENINGS)?;
        Ok(book)
    }

    /// The packed form of this book's lines (not of a packed book it consults).
    pub fn pack(&self) -> Vec<u8> {
        let mut entries: Vec<u64> = self
            .moves
            .iter()
            .map(|(&key, &col)| key << 3 | u64::from(col))
            .collect();
        entries.sort_unstable();
        entries.iter().flat_map(|e| e.to_le_bytes()).collect()
    }

    /// A book that consults only `packed` (the form `pack` makes), checked first.
    pub fn from_packed(packed: &'static [u8]) -> Result<Book, GameError> {
        Ok(Book {
            moves: HashMap::new(),
            packed: check_packed(packed)?,
        })
    }

    /// Reads the text form; `#` lines are comments.
    pub fn parse(text: &str) -> Result<Book, GameError> {
        let mut book = Book::default();
        book.add(text)?;
        Ok(book)
    }

    /// Adds the lines of a book's text form.
    fn add(&mut self, text: &str) -> Result<(), GameError> {
        let book = self;
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let mut words = line.split_whitespace();
            let (moves, column) = match (words.next(), words.next()) {
                (Some(column), None) => ("", column),
                (Some(moves), Some(column)) => (moves, column),
                _ => return Err(GameError(format!("book line {}: empty", n + 1))),
            };
            let pos = Connect4::from_move_string(moves)
                .map_err(|e| GameError(format!("book line {}: {e}", n + 1)))?;
            let col = pos
                .parse_move(column)
                .map_err(|e| GameError(format!("book line {}: {e}", n + 1)))?;
            book.insert(&pos, col);
        }
        Ok(())
    }

    fn insert(&mut self, pos: &Connect4, col: u8) {
        let (key, mirrored) = canonical(pos);
        self.moves.insert(key, flip(col, mirrored));
    }

    /// The book move (0-based column) for `pos`, if the book has one (never on a board of
    /// another size than 7 x 6, whose 49-bit keys the book's 64-bit entries hold).
    pub fn lookup<B: Bits>(&self, pos: &Connect4<B>) -> Option<u8> {
        if !pos.shape().is_standard() {
            return None;
        }
        let pos = pos.in_word::<u64>().ok()?;
        let (key, mirrored) = canonical(&pos);
        let col = self
            .moves
            .get(&key)
            .copied()
            .or_else(|| packed_lookup(self.packed, key))?;
        Some(flip(col, mirrored))
    }

    /// Positions in the book.
    pub fn len(&self) -> usize {
        self.moves.len() + self.packed.len() / 8
    }

    /// True when the book is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The `i`th entry of a packed book.
fn packed_entry(packed: &[u8], i: usize) -> u64 {
    let mut bytes = [0; 8];
    bytes.copy_from_slice(&packed[8 * i..8 * i + 8]);
    u64::from_le_bytes(bytes)
}

/// The column stored for `key` in a packed book, by binary search.
fn packed_lookup(packed: &[u8], key: u64) -> Option<u8> {
    let (mut low, mut high) = (0, packed.len() / 8);
    while low < high {
        let mid = (low + high) / 2;
        let entry = packed_entry(packed, mid);
        match (entry >> 3).cmp(&key) {
            std::cmp::Ordering::Less => low = mid + 1,
            std::cmp::Ordering::Greater => high = mid,
            std::cmp::Ordering::Equal => return Some((entry & 7) as u8),
        }
    }
    None
}

/// `packed` if it is a packed book: whole entries, keys strictly increasing, columns 0-6.
fn check_packed(packed: &'static [u8]) -> Result<&'static [u8], GameError> {
    if !packed.len().is_multiple_of(8) {
        return Err(GameError(format!(
            "a packed book has whole 8-byte entries, not {} bytes",
            packed.len()
        )));
    }
    let columns = u64::from(Shape::STANDARD.columns());
    for i in 0..packed.len() / 8 {
        let entry = packed_entry(packed, i);
        if entry & 7 >= columns || (i > 0 && packed_entry(packed, i - 1) >> 3 >= entry >> 3) {
            return Err(GameError(format!(
                "packed book entry {i} is out of order or bad"
            )));
        }
    }
    Ok(packed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_book_parses_and_opens_in_the_centre() {
        let book = Book::shipped().expect("the shipped books parse");
        assert!(!book.is_empty());
        assert_eq!(book.lookup(&<Connect4>::startpos()), Some(3));
        // The second player's book answers every first move but the winning centre.
        for first in ["1", "2", "3", "5", "6", "7"] {
            let pos = Connect4::from_move_string(first).expect("moves");
            assert!(book.lookup(&pos).is_some(), "{first}");
        }
        assert_eq!(
            book.lookup(&Connect4::from_move_string("4").expect("moves")),
            None
        );
        // The empty 8 x 7 board has the same key as no 7 x 6 position, and no book line.
        let wide = Connect4::<u64>::start(Shape::new(8, 7).expect("fits")).expect("fits");
        assert_eq!(book.lookup(&wide), None);
        // Nor any position of a board beyond 64 bits, nor 7 x 6 held in a wider word but
        // the same position.
        let large = Connect4::<u128>::start(Shape::new(8, 8).expect("fits")).expect("fits");
        assert_eq!(book.lookup(&large), None);
        let first = <Connect4>::startpos().in_word::<u128>().expect("fits");
        assert_eq!(book.lookup(&first), Some(3));
    }

    #[test]
    fn mirror_images_share_a_line() {
        let book = Book::parse(" 4\n41 4\n421 5\n").expect("parses");
        assert_eq!(book.len(), 3);
        let mirrored = Connect4::from_move_string("47").expect("moves");
        assert_eq!(book.lookup(&mirrored), Some(3));
        let mirrored = Connect4::from_move_string("467").expect("moves");
        // 421 5 mirrored is 467 3.
        assert_eq!(book.lookup(&mirrored), Some(2));
        assert_eq!(
            book.lookup(&Connect4::from_move_string("43").expect("moves")),
            None
        );
    }

    #[test]
    fn a_packed_book_answers_as_its_text_does() {
        let text = " 4\n41 4\n421 5\n4444 3\n";
        let book = Book::parse(text).expect("parses");
        let packed: &'static [u8] = Box::leak(book.pack().into_boxed_slice());
        assert_eq!(packed.len(), 8 * book.len());
        let unpacked = Book::from_packed(packed).expect("a packed book");
        assert_eq!(unpacked.len(), book.len());
        for moves in ["", "4", "41", "47", "421", "467", "4444", "43", "1"] {
            let pos = Connect4::from_move_string(moves).expect("moves");
            assert_eq!(unpacked.lookup(&pos), book.lookup(&pos), "{moves}");
        }
        // Out of order or a bad column: refused.
        let swapped: Vec<u8> = [&packed[8..16], &packed[..8], &packed[16..]].concat();
        assert!(Book::from_packed(Box::leak(swapped.into_boxed_slice())).is_err());
        assert!(Book::from_packed(&[0; 7]).is_err());
        assert!(Book::from_packed(&[7, 0, 0, 0, 0, 0, 0, 0]).is_err());
    }

    #[test]
    fn bad_lines_are_errors() {
        assert!(Book::parse("48 9\n").is_err());
        assert!(Book::parse("4x 4\n").is_err());
        assert!(Book::parse("4444444 4\n").is_err());
    }
}
