//! The Connect Four opening books: for the first player, a proven winning move in each of its
//! positions reached by its book moves; for the second player, a proven non-losing move in
//! each of its positions that the first player has let it draw or win. Made by
//! `sente book connect4` with the exact solver, shipped as text (one line per position:
//! `<moves> <column>`, columns 1-7), looked up by position so that transpositions and mirror
//! images share a line. Books are for the standard 7 x 6 board only: positions of other sizes
//! are never in a book.

use super::connect4::{Interrupted, Solver};
use crate::games::connect4::{Connect4, Shape};
use crate::games::{Game, GameError};
use std::collections::HashMap;
use std::io::Write;

/// The books shipped with sente: the first player's and the second player's.
pub const SHIPPED: [&str; 2] = [
    include_str!("../../../books/connect4-first.txt"),
    include_str!("../../../books/connect4-second.txt"),
];

/// Winning moves by position.
#[derive(Clone, Debug, Default)]
pub struct Book {
    /// Canonical position key -> the move's column (0-based) in the canonical orientation.
    moves: HashMap<u64, u8>,
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
        Ok(book)
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
        self.moves.get(&key).map(|&col| flip(col, mirrored))
    }

    /// Positions in the book.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// True when the book is empty.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
}

/// Whose book to make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BookSide {
    /// The first player, who wins from the start: a winning move in each of its positions.
    First,
    /// The second player: in each of its positions that the first player has let it draw or
    /// win, a move that does not lose.
    Second,
}

/// What a book walk keeps while it goes.
struct Walk<'a> {
    solver: &'a mut Solver,
    /// Book positions have fewer stones than this.
    plies: u32,
    /// The book side's moves keep its value at least this (1: a win, 0: at least a draw).
    target: i32,
    book: Book,
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
    let (roots, target, what) = match side {
        BookSide::First => (
            vec![(start, String::new())],
            1,
            "first player: <moves> <winning column>",
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
                        roots.push((pos, ((b'1' + col) as char).to_string()));
                    }
                    Err(e) => return Ok(Err(e)),
                }
            }
            (
                roots,
                0,
                "second player: <moves> <column that does not lose>",
            )
        }
    };
    let flag = match side {
        BookSide::First => "first",
        BookSide::Second => "second",
    };
    writeln!(out, "# sente's Connect Four book for the {what}")?;
    writeln!(
        out,
        "# made by `sente book connect4 --side {flag} --plies {plies}`; every move proven by the solver"
    )?;
    generate_from(solver, &roots, target, plies, out, progress)
}

/// The book of the side to move at each of `roots` (positions with the moves that reach
/// them), whose value there is at least `target`.
pub fn generate_from(
    solver: &mut Solver,
    roots: &[(Connect4, String)],
    target: i32,
    plies: u32,
    out: &mut dyn Write,
    progress: &mut dyn FnMut(&str, u8),
) -> std::io::Result<Result<Book, Interrupted>> {
    let mut walk = Walk {
        solver,
        plies,
        target,
        book: Book::default(),
        out,
        progress,
    };
    for (pos, moves) in roots {
        let mut line = moves.clone();
        if let Err(e) = walk.visit(pos, &mut line)? {
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
        {
            return Ok(Ok(()));
        }
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        moves.sort_by_key(|&col| (i32::from(col) - 3).abs());
        let mut keeping = None;
        for &col in &moves {
            match self.solver.move_reaches(pos, col, self.target) {
                Ok(true) => {
                    keeping = Some(col);
                    break;
                }
                Ok(false) => {}
                Err(e) => return Ok(Err(e)),
            }
        }
        // The value is at least the target, so some move keeps it.
        let Some(col) = keeping else {
            return Ok(Ok(()));
        };
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
                return Ok(Err(e));
            }
        }
        line.pop();
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
    fn bad_lines_are_errors() {
        assert!(Book::parse("48 9\n").is_err());
        assert!(Book::parse("4x 4\n").is_err());
        assert!(Book::parse("4444444 4\n").is_err());
    }

    #[test]
    fn small_books_hold_proven_wins() {
        // A mid-game position whose side to move wins (score 6): its book to 30 stones.
        let mut solver = Solver::new(16);
        let mut out = Vec::new();
        let moves = "4761341435435714416252";
        let start = Connect4::from_move_string(moves).expect("moves");
        let roots = [(start.clone(), moves.to_string())];
        let book = generate_from(&mut solver, &roots, 1, 30, &mut out, &mut |_, _| {})
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
