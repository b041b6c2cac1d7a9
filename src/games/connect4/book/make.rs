//! Making the Connect Four books (`sente book connect4`): a walk from each root position that
//! asks the exact solver, centre first, for a move keeping the book side's value, writing one
//! line per position; and the packing of a text book into the shipped binary form.

use super::{Book, SHIPPED, canonical};
use crate::games::Game;
use crate::games::connect4::Connect4;
use crate::games::connect4::solver::{Interrupted, Solver};
use std::io::Write;
use std::path::Path;
use std::time::Instant;

/// `sente book <game> --side <side> --opening <opening> --plies <plies> --out <out>`: makes
/// the book of `side` (`first`, `second` or `openings`) with a solver of `hash_mb` MB on
/// `threads` threads, writes it to `out` as text, and prints each position on stderr as it
/// is added, then the totals.
pub fn make_file(
    game: &str,
    side: &str,
    opening: u32,
    plies: u32,
    out: &Path,
    hash_mb: usize,
    threads: usize,
) -> Result<(), String> {
    if game != "connect4" {
        return Err(format!("no book for '{game}' (connect4 has one)"));
    }
    let side = match side {
        "first" => BookSide::First,
        "second" => BookSide::Second,
        "openings" => BookSide::Openings(opening),
        _ => return Err(format!("--side is first, second or openings, not '{side}'")),
    };
    let mut solver = Solver::new(hash_mb);
    solver.set_threads(threads);
    let mut file = std::io::BufWriter::new(
        std::fs::File::create(out).map_err(|e| format!("{}: {e}", out.display()))?,
    );
    let start = Instant::now();
    let mut count = 0;
    let book = generate(&mut solver, side, plies, &mut file, &mut |moves, col| {
        count += 1;
        eprintln!(
            "{count:5} {:8.1} s  {moves:<12} -> {}",
            start.elapsed().as_secs_f64(),
            col + 1
        );
    })
    .map_err(|e| e.to_string())?
    .map_err(|_| "interrupted".to_string())?;
    file.flush().map_err(|e| e.to_string())?;
    eprintln!(
        "{} positions in {:.1} s, {} solver nodes",
        book.len(),
        start.elapsed().as_secs_f64(),
        solver.nodes
    );
    Ok(())
}

/// `sente book <game> --pack <text> --out <out>`: the text book `text` packed into `out` (the
/// form [`Book::from_packed`] reads), and its size on stderr.
pub fn pack_file(game: &str, text: &Path, out: &Path) -> Result<(), String> {
    if game != "connect4" {
        return Err(format!("no book for '{game}' (connect4 has one)"));
    }
    let source = std::fs::read_to_string(text).map_err(|e| format!("{}: {e}", text.display()))?;
    let book = Book::parse(&source).map_err(|e| format!("{}: {e}", text.display()))?;
    std::fs::write(out, book.pack()).map_err(|e| format!("{}: {e}", out.display()))?;
    eprintln!("{} positions packed in {}", book.len(), out.display());
    Ok(())
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
