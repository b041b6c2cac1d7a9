//! The shipped Connect Four books in play: after any two-move opening (as `sente match
//! --openings plies=2` plays them), a side the books do not answer for is lost (so its
//! opponent is answered), and a side they answer for, following them against random replies,
//! reaches the end of the books without having lost its value, which the solver checks there.

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use sente::games::connect4::Connect4;
use sente::games::connect4::book::Book;
use sente::games::connect4::solver::Solver;
use sente::games::{Game, Outcome, Seat};

/// Follows the book for the side to move of `pos` against random replies until the book has
/// no move; returns the position reached and the book side's seat.
fn follow(book: &Book, mut pos: Connect4, rng: &mut StdRng) -> (Connect4, Seat) {
    let side = pos.side_to_move();
    let mut moves = Vec::new();
    while pos.outcome().is_none() {
        let col = if pos.side_to_move() == side {
            match book.lookup(&pos) {
                Some(col) => col,
                None => break,
            }
        } else {
            pos.legal_moves(&mut moves);
            moves[rng.random_range(0..moves.len())]
        };
        pos.play(col);
        moves.clear();
    }
    (pos, side)
}

#[test]
fn after_any_two_move_opening_the_book_side_keeps_at_least_a_draw() {
    let book = Book::shipped().expect("the shipped books parse");
    let mut solver = Solver::new(64);
    let mut rng = StdRng::seed_from_u64(24);
    let (mut answered, mut walks) = (0, 0);
    for first in 0..7 {
        for second in 0..7 {
            let mut opening = <Connect4>::startpos();
            opening.play(first);
            opening.play(second);
            // The first player after the opening, and the second after any third move.
            let mut starts = vec![opening.clone()];
            for third in 0..7 {
                let mut pos = opening.clone();
                pos.play(third);
                starts.push(pos);
            }
            let opening_answered = book.lookup(&opening).is_some();
            for start in starts {
                if book.lookup(&start).is_none() {
                    // A side without a book move is lost: after the opening, the second
                    // player wins after every third move; after a third move, the first
                    // player does not lose the opening.
                    assert!(
                        start.moves_played() == 2 || opening_answered,
                        "neither {} nor the opening before it has a book move",
                        start.fen()
                    );
                    continue;
                }
                answered += 1;
                if rng.random_range(0..4) != 0 {
                    continue;
                }
                walks += 1;
                let (end, side) = follow(&book, start.clone(), &mut rng);
                let value = match end.outcome() {
                    Some(Outcome::Win(winner)) if winner != side => -1,
                    Some(_) => 0,
                    None => {
                        let v = solver.solve_weak(&end, &mut |_| {}).expect("solved");
                        if end.side_to_move() == side { v } else { -v }
                    }
                };
                assert!(
                    value >= 0,
                    "from {} the book reached the lost {}",
                    start.fen(),
                    end.fen()
                );
            }
        }
    }
    assert!(answered > 200, "{answered} openings answered");
    assert!(walks > 40, "{walks} walks");
}
