//! The Connect Four opening books: for the first player, a proven winning move in each of its
//! positions reached by its book moves; for the second player, a proven non-losing move (a
//! winning one where the position is won) in each of its positions that the first player has
//! let it draw or win. Made by
//! `sente book connect4` with the exact solver, shipped as text (one line per position:
//! `<moves> <column>`, columns 1-7), looked up by position so that transpositions and mirror
//! images share a line. The book of every two-move opening (both players) is too large for
//! text and ships packed: one little-endian `u64` per position, `key << 3 | column` (the
//! canonical key and the column in its orientation), sorted, looked up by binary search
//! without reading it first. Books are for the standard 7 x 6 board only: positions of other
//! sizes are never in a book.

use super::connect4::{Interrupted, Solver};
use crate::games::connect4::{Connect4, Shape};
use crate::games::{Game, GameError};
use std::collections::HashMap;
use std::io::Write;

/// The books shipped with sente as text: the first player's and the second player's.
pub const SHIPPED: [&str; 2] = [
    include_str!("../../../books/connect4-first.txt"),
    include_str!("../../../books/connect4-second.txt"),
];

/// The book of both players after every two-move opening, packed (`sente book connect4
/// --side openings`, then `--pack`); it holds no position of the text books.
pub const SHIPPED_OPENINGS: &[u8] = include_bytes!("../../../books/connect4-openings.bin");

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
    /// another size than 7 x 6).
    pub fn lookup(&self, pos: &Connect4) -> Option<u8> {
        if !pos.shape().is_standard() {
            return None;
        }
        let (key, mirrored) = canonical(pos);
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

/// Whose book to make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BookSide {
    /// The first player, who wins from the start: a winning move in each of its positions.
    First,
    /// The second player: in each of its positions that the first player has let it draw or
    /// win, a move that does not lose (a winning one where the position is won).
    Second,
    /// Both players after any opening of this many moves (and one more), as played by
    /// `sente match --openings plies=N`: in each position of the side to move that does not
    /// lose there, a move keeping its value (a win when it wins, at least a draw when it
    /// draws). Positions of the shipped first and second players' books are left to them.
    Openings(u32),
}

/// A position where a book walk starts: the side to move there is the book's side and keeps
/// at least `target` (1: a win, 0: at least a draw).
#[derive(Clone, Debug)]
pub struct Root {
    /// The position.
    pub pos: Connect4,
    /// The moves that reach it (columns 1-7).
    pub moves: String,
    /// The value its book moves keep.
    pub target: i32,
}

/// What a book walk keeps while it goes.
struct Walk<'a> {
    solver: &'a mut Solver,
    /// Book positions have fewer stones than this.
    plies: u32,
    /// The book side's moves keep its value at least this (1: a win, 0: at least a draw).
    target: i32,
    book: Book,
    /// Books already made: their positions are left out (`first` keeps wins, `second`
    /// draws, so a walk for a win leaves out only the first's).
    first: Book,
    second: Book,
    out: &'a mut dyn Write,
    progress: &'a mut dyn FnMut(&str, u8),
}

/// Makes the book of `side`: for each of its positions with fewer than `plies` stones
/// (reached by its own book moves and any replies), the first move, centre first, that the
/// solver proves to keep its value. Writes it to `out` as text; `progress` hears each position.
pub fn generate(
    solver: &mut Solver,
    side: BookSide,
    plies: u32,
    out: &mut dyn Write,
    progress: &mut dyn FnMut(&str, u8),
) -> std::io::Result<Result<Book, Interrupted>> {
    let start = Connect4::startpos();
    let (roots, what, flag) = match side {
        BookSide::First => (
            vec![Root {
                pos: start,
                moves: String::new(),
                target: 1,
            }],
            "first player: <moves> <winning column>".to_string(),
            "first".to_string(),
        ),
        BookSide::Second => {
            // The second player's positions after a first move that does not win.
            let mut roots = Vec::new();
            let mut moves = Vec::new();
            start.legal_moves(&mut moves);
            for col in moves {
                match solver.move_reaches(&start, col, 1) {
                    Ok(true) => {}
                    Ok(false) => {
                        let mut pos = start.clone();
                        pos.play(col);
                        let moves = ((b'1' + col) as char).to_string();
                        roots.push(Root {
                            pos,
                            moves,
                            target: 0,
                        });
                    }
                    Err(e) => return Ok(Err(e)),
                }
            }
            (
                roots,
                "second player: <moves> <column that does not lose, and wins if it can>"
                    .to_string(),
                "second".to_string(),
            )
        }
        BookSide::Openings(opening) => match opening_roots(solver, opening) {
            Ok(roots) => (
                roots,
                format!(
                    "side to move after any {opening}- or {}-move opening: <moves> <column \
                     that keeps its value>",
                    opening + 1
                ),
                format!("openings --opening {opening}"),
            ),
            Err(e) => return Ok(Err(e)),
        },
    };
    writeln!(out, "# sente's Connect Four book for the {what}")?;
    writeln!(
        out,
        "# made by `sente book connect4 --side {flag} --plies {plies}`; every move proven by the solver"
    )?;
    let (first, second) = match side {
        BookSide::Openings(_) => shipped_sides(),
        _ => (Book::default(), Book::default()),
    };
    generate_from(solver, &roots, (first, second), plies, out, progress)
}

/// The shipped first and second players' books, each alone (empty if one does not parse,
/// which a test rules out).
fn shipped_sides() -> (Book, Book) {
    let [first, second] = SHIPPED;
    (
        Book::parse(first).unwrap_or_default(),
        Book::parse(second).unwrap_or_default(),
    )
}

/// Every position after `opening` and `opening + 1` moves (one per mirror pair, none over),
/// whose side to move does not lose, with its value as the target: won ones first, so that
/// a position both reach gets a winning move.
fn opening_roots(solver: &mut Solver, opening: u32) -> Result<Vec<Root>, Interrupted> {
    let mut level = vec![(Connect4::startpos(), String::new())];
    let mut roots = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for depth in 0..=opening + 1 {
        if depth >= opening {
            for (pos, moves) in &level {
                if !seen.insert(canonical(pos).0) {
                    continue;
                }
                let target = solver.solve_weak(pos, &mut |_| {})?;
                if target >= 0 {
                    roots.push(Root {
                        pos: pos.clone(),
                        moves: moves.clone(),
                        target,
                    });
                }
            }
        }
        let mut next = Vec::new();
        for (pos, moves) in &level {
            let mut cols = Vec::new();
            pos.legal_moves(&mut cols);
            for col in cols {
                let mut child = pos.clone();
                child.play(col);
                if child.outcome().is_none() {
                    next.push((child, format!("{moves}{}", col + 1)));
                }
            }
        }
        level = next;
    }
    roots.sort_by_key(|root| -root.target);
    Ok(roots)
}

/// The book of the side to move at each of `roots`, whose value there is at least the
/// root's target; positions of `known` (the first and the second players' books already
/// made) are left out, the second's only for a walk for a draw.
pub fn generate_from(
    solver: &mut Solver,
    roots: &[Root],
    known: (Book, Book),
    plies: u32,
    out: &mut dyn Write,
    progress: &mut dyn FnMut(&str, u8),
) -> std::io::Result<Result<Book, Interrupted>> {
    let mut walk = Walk {
        solver,
        plies,
        target: 0,
        book: Book::default(),
        first: known.0,
        second: known.1,
        out,
        progress,
    };
    for root in roots {
        walk.target = root.target;
        let mut line = root.moves.clone();
        if let Err(e) = walk.visit(&root.pos, &mut line)? {
            return Ok(Err(e));
        }
    }
    Ok(Ok(walk.book))
}

impl Walk<'_> {
    /// Adds `pos` (the book side to move, its value at least the target) and what follows.
    fn visit(
        &mut self,
        pos: &Connect4,
        line: &mut String,
    ) -> std::io::Result<Result<(), Interrupted>> {
        if pos.outcome().is_some()
            || pos.moves_played() >= self.plies
            || self.book.lookup(pos).is_some()
            || self.first.lookup(pos).is_some()
            || (self.target == 0 && self.second.lookup(pos).is_some())
        {
            return Ok(Ok(()));
        }
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        moves.sort_by_key(|&col| (i32::from(col) - 3).abs());
        // In a walk for a draw, a position the opponent has let become won gets a winning
        // move, and what follows it is walked for the win.
        let targets: &[i32] = if self.target == 0 { &[1, 0] } else { &[1] };
        let mut keeping = None;
        'targets: for &target in targets {
            for &col in &moves {
                match self.solver.move_reaches(pos, col, target) {
                    Ok(true) => {
                        keeping = Some((col, target));
                        break 'targets;
                    }
                    Ok(false) => {}
                    Err(e) => return Ok(Err(e)),
                }
            }
        }
        // The value is at least the target, so some move keeps it.
        let Some((col, target)) = keeping else {
            return Ok(Ok(()));
        };
        let walk_target = std::mem::replace(&mut self.target, target);
        self.book.insert(pos, col);
        writeln!(self.out, "{line} {}", col + 1)?;
        (self.progress)(line, col);
        let mut after = pos.clone();
        after.play(col);
        line.push((b'1' + col) as char);
        let mut replies = Vec::new();
        after.legal_moves(&mut replies);
        for reply in replies {
            let mut next = after.clone();
            next.play(reply);
            line.push((b'1' + reply) as char);
            let done = self.visit(&next, line)?;
            line.pop();
            if let Err(e) = done {
                self.target = walk_target;
                return Ok(Err(e));
            }
        }
        line.pop();
        self.target = walk_target;
        Ok(Ok(()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_book_parses_and_opens_in_the_centre() {
        let book = Book::shipped().expect("the shipped books parse");
        assert!(!book.is_empty());
        assert_eq!(book.lookup(&Connect4::startpos()), Some(3));
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
        let wide = Connect4::start(Shape::new(8, 7).expect("fits"));
        assert_eq!(book.lookup(&wide), None);
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

    #[test]
    fn a_walk_for_a_draw_keeps_it_and_leaves_known_positions_to_their_books() {
        // A drawn position (value 0 for the side to move): its book to 30 stones.
        let moves = "3374734253173631164155";
        let start = Connect4::from_move_string(moves).expect("moves");
        let roots = [Root {
            pos: start.clone(),
            moves: moves.to_string(),
            target: 0,
        }];
        let walk = |known: (Book, Book)| {
            let mut solver = Solver::new(16);
            let mut out = Vec::new();
            let book = generate_from(&mut solver, &roots, known, 30, &mut out, &mut |_, _| {})
                .expect("io")
                .expect("solved");
            (book, String::from_utf8(out).expect("utf-8"))
        };
        let (book, text) = walk((Book::default(), Book::default()));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), book.len());
        assert!(lines.len() > 3, "{text}");
        let mut checker = Solver::new(16);
        let mut won = 0;
        for line in &lines {
            let (position, column) = line.split_once(' ').expect("two words");
            let pos = Connect4::from_move_string(position).expect("moves");
            let col = pos.parse_move(column).expect("legal");
            assert_eq!(checker.move_reaches(&pos, col, 0), Ok(true), "{line}");
            // A position the opponent has let become won gets a winning move.
            if checker.solve_weak(&pos, &mut |_| {}) == Ok(1) {
                won += 1;
                assert_eq!(checker.move_reaches(&pos, col, 1), Ok(true), "{line}");
            }
        }
        assert!(won > 0, "no won position in the walk: {text}");
        // The root in the first player's book (wins) or the second's (draws): left to it.
        let known = Book::parse(lines[0]).expect("parses");
        assert!(walk((known.clone(), Book::default())).0.is_empty());
        assert!(walk((Book::default(), known)).0.is_empty());
    }

    #[test]
    fn small_books_hold_proven_wins() {
        // A mid-game position whose side to move wins (score 6): its book to 30 stones.
        let mut solver = Solver::new(16);
        let mut out = Vec::new();
        let moves = "4761341435435714416252";
        let start = Connect4::from_move_string(moves).expect("moves");
        let roots = [Root {
            pos: start.clone(),
            moves: moves.to_string(),
            target: 1,
        }];
        let known = (Book::default(), Book::default());
        let book = generate_from(&mut solver, &roots, known, 30, &mut out, &mut |_, _| {})
            .expect("io")
            .expect("solved");
        let text = String::from_utf8(out).expect("utf-8");
        let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
        assert_eq!(Book::parse(&text).expect("parses").len(), book.len());
        assert!(lines.len() > 3, "{text}");
        // Every book move, checked again by a fresh solver, keeps the win.
        let mut checker = Solver::new(16);
        for line in lines {
            let (position, column) = line.split_once(' ').expect("two words");
            let pos = Connect4::from_move_string(position).expect("moves");
            assert_eq!(pos.side_to_move(), start.side_to_move());
            let col = pos.parse_move(column).expect("legal");
            assert_eq!(checker.move_reaches(&pos, col, 1), Ok(true), "{line}");
        }
    }
}
