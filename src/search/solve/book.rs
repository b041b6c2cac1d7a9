//! The Connect Four opening book: for the positions where sente moves first and has played its
//! book moves, a proven winning move. Made by `sente book connect4` with the exact solver,
//! shipped as text (one line per position: `<moves> <column>`, columns 1-7), looked up by
//! position so that transpositions and mirror images share a line.

use super::connect4::{Interrupted, Solver};
use crate::games::connect4::{Connect4, WIDTH};
use crate::games::{Game, GameError};
use std::collections::HashMap;
use std::io::Write;

/// The book shipped with sente.
pub const SHIPPED: &str = include_str!("../../../books/connect4-first.txt");

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
    if mirrored { WIDTH - 1 - col } else { col }
}

impl Book {
    /// Reads the text form; `#` lines are comments.
    pub fn parse(text: &str) -> Result<Book, GameError> {
        let mut book = Book::default();
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
        Ok(book)
    }

    fn insert(&mut self, pos: &Connect4, col: u8) {
        let (key, mirrored) = canonical(pos);
        self.moves.insert(key, flip(col, mirrored));
    }

    /// The book move (0-based column) for `pos`, if the book has one.
    pub fn lookup(&self, pos: &Connect4) -> Option<u8> {
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

/// Writes the book of the side to move at `start` (the first player at the start, who wins
/// there): for each of its positions with fewer than `plies` stones, a winning move (the first
/// that wins, centre first), and every reply of the other side after it; moves are written
/// from the start of the game. `progress` hears each position as it is done.
pub fn generate(
    solver: &mut Solver,
    start: &Connect4,
    start_moves: &str,
    plies: u32,
    out: &mut dyn Write,
    progress: &mut dyn FnMut(&str, u8),
) -> std::io::Result<Result<Book, Interrupted>> {
    let mut book = Book::default();
    writeln!(
        out,
        "# sente's Connect Four book for the first player: <moves> <winning column>"
    )?;
    writeln!(
        out,
        "# made by `sente book connect4 --plies {plies}`; every move proven by the solver"
    )?;
    let mut line = start_moves.to_string();
    if let Err(e) = walk(solver, start, plies, &mut line, &mut book, out, progress)? {
        return Ok(Err(e));
    }
    Ok(Ok(book))
}

fn walk(
    solver: &mut Solver,
    pos: &Connect4,
    plies: u32,
    line: &mut String,
    book: &mut Book,
    out: &mut dyn Write,
    progress: &mut dyn FnMut(&str, u8),
) -> std::io::Result<Result<(), Interrupted>> {
    if pos.outcome().is_some() || pos.moves_played() >= plies || book.lookup(pos).is_some() {
        return Ok(Ok(()));
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves.sort_by_key(|&col| (i32::from(col) - 3).abs());
    let mut winning = None;
    for &col in &moves {
        match solver.move_reaches(pos, col, 1) {
            Ok(true) => {
                winning = Some(col);
                break;
            }
            Ok(false) => {}
            Err(e) => return Ok(Err(e)),
        }
    }
    // The first player wins from the start, so some move keeps the win.
    let Some(col) = winning else {
        return Ok(Ok(()));
    };
    book.insert(pos, col);
    writeln!(out, "{line} {}", col + 1)?;
    progress(line, col);
    let mut after = pos.clone();
    after.play(col);
    line.push((b'1' + col) as char);
    let mut replies = Vec::new();
    after.legal_moves(&mut replies);
    for reply in replies {
        let mut next = after.clone();
        next.play(reply);
        line.push((b'1' + reply) as char);
        let done = walk(solver, &next, plies, line, book, out, progress)?;
        line.pop();
        if let Err(e) = done {
            return Ok(Err(e));
        }
    }
    line.pop();
    Ok(Ok(()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_book_parses_and_opens_in_the_centre() {
        let book = Book::parse(SHIPPED).expect("the shipped book parses");
        assert!(!book.is_empty());
        assert_eq!(book.lookup(&Connect4::startpos()), Some(3));
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
        let book = generate(&mut solver, &start, moves, 30, &mut out, &mut |_, _| {})
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
