//! The Connect Four solver at other board sizes: exact scores against a plain memoised
//! minimax on small boards, and the published values of the empty boards
//! (`tests/data/connect4/sizes.txt`) for the sizes that solve in a few seconds
//! (width + height <= 12: about 7 s in all on 2 shared cores).

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use sente::games::connect4::solver::{Solver, win_score};
use sente::games::connect4::{Connect4, Shape};
use sente::games::{Game, play_random_moves};
use std::collections::HashMap;
use std::path::PathBuf;

/// The exact score of `pos` (not over) by plain minimax over every move, memoised by key:
/// nothing of the solver's pruning, ordering or table.
fn plain_score(pos: &Connect4, memo: &mut HashMap<u64, i8>) -> i32 {
    if let Some(&v) = memo.get(&pos.key()) {
        return i32::from(v);
    }
    let cells = pos.shape().cells();
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let best = moves
        .into_iter()
        .map(|col| {
            let mut child = pos.clone();
            child.play(col);
            if child.outcome().is_none() {
                -plain_score(&child, memo)
            } else if pos.is_winning_move(col) {
                win_score(cells, pos.moves_played())
            } else {
                0
            }
        })
        .max()
        .expect("a position not over has moves");
    memo.insert(pos.key(), best as i8);
    best
}

/// A random position of `shape` that is not over.
fn random_position(shape: Shape, rng: &mut StdRng) -> Connect4 {
    loop {
        let mut pos = Connect4::start(shape).expect("fits 64 bits");
        let plies = rng.random_range(0..shape.cells());
        play_random_moves(&mut pos, plies as usize, rng);
        if pos.outcome().is_none() {
            return pos;
        }
    }
}

#[test]
fn small_boards_solve_exactly_like_plain_minimax() {
    let mut rng = StdRng::seed_from_u64(15);
    for (w, h) in [(4, 4), (5, 4), (4, 5)] {
        let shape = Shape::new(w, h).expect("fits");
        let mut memo = HashMap::new();
        let mut solver = Solver::new(4);
        let empty = Connect4::start(shape).expect("fits 64 bits");
        assert_eq!(
            solver.solve(&empty, &mut |_| {}),
            Ok(plain_score(&empty, &mut memo))
        );
        for i in 0..400 {
            let pos = random_position(shape, &mut rng);
            if i % 2 == 0 {
                solver.clear();
            }
            let expected = plain_score(&pos, &mut memo);
            let got = solver.solve(&pos, &mut |_| {});
            assert_eq!(got, Ok(expected), "{shape}: {}", pos.fen());
            // Every move compares with the value as minimax says.
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            for col in moves {
                let mut child = pos.clone();
                child.play(col);
                let value = match child.outcome() {
                    None => -plain_score(&child, &mut memo),
                    Some(_) if pos.is_winning_move(col) => {
                        win_score(shape.cells(), pos.moves_played())
                    }
                    Some(_) => 0,
                };
                for target in [value, value + 1] {
                    let reaches = solver.move_reaches(&pos, col, target);
                    assert_eq!(reaches, Ok(value >= target), "{} {col}", pos.fen());
                }
            }
        }
    }
}

/// One published cell: the board, the winner (`first`, `second`, `draw`) and the move on
/// which the perfect game ends.
struct Cell {
    shape: Shape,
    outcome: String,
    last_move: u32,
}

/// The cells of `sizes.txt` with a published last move.
fn published() -> Vec<Cell> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/connect4/sizes.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            let shape = Shape::new(w[0].parse().ok()?, w[1].parse().ok()?).ok()?;
            Some(Cell {
                shape,
                outcome: w[2].to_string(),
                last_move: w[3].parse().ok()?,
            })
        })
        .collect()
}

/// The winner and the number of the move that ends the perfect game, from the empty
/// board's score (the first player to move).
fn outcome_of(cells: u32, score: i32) -> (&'static str, u32) {
    if score == 0 {
        return ("draw", cells);
    }
    // The winning stone is played with n stones on the board: even n for the first player.
    let first = score > 0;
    let mut n = cells as i32 + 1 - 2 * score.abs();
    if (n % 2 == 0) != first {
        n -= 1;
    }
    (if first { "first" } else { "second" }, n as u32 + 1)
}

#[test]
fn the_published_table_holds_for_boards_up_to_width_plus_height_12() {
    let cells = published();
    assert_eq!(cells.len(), 51);
    let mut checked = 0;
    for cell in cells
        .iter()
        .filter(|c| c.shape.width() + c.shape.height() <= 12)
    {
        let mut solver = Solver::<u64>::new(128);
        let score = solver
            .solve(
                &Connect4::start(cell.shape).expect("fits 64 bits"),
                &mut |_| {},
            )
            .expect("solved");
        let (outcome, last_move) = outcome_of(cell.shape.cells(), score);
        assert_eq!(
            (outcome, last_move),
            (cell.outcome.as_str(), cell.last_move),
            "{} (score {score})",
            cell.shape
        );
        checked += 1;
    }
    assert_eq!(checked, 15);
}

/// On boards at most five wide the threads of a parallel solve share the first move of a
/// node, leave the others' moves for later and stop below a node another thread has settled:
/// twelve 5 x 8 positions (scores -5 to 5, each beyond the nodes a parallel solve first
/// spends alone) solve to the same exact scores on two threads as on one.
#[test]
fn narrow_positions_solve_alike_on_one_and_two_threads() {
    let shape = Shape::new(5, 8).expect("fits");
    let lines = [
        "23353", "225454", "5153133", "4221122", "11354", "52412", "25131", "21324", "444255",
        "55543", "42125", "454551",
    ];
    let mut alone = Solver::<u64>::new(64);
    let mut pair = Solver::<u64>::new(64);
    pair.set_threads(2);
    let mut scores = Vec::new();
    for moves in lines {
        let pos = Connect4::from_moves(shape, moves).expect("legal moves");
        alone.clear();
        pair.clear();
        let one = alone.solve(&pos, &mut |_| {}).expect("solved");
        let two = pair.solve(&pos, &mut |_| {}).expect("solved");
        assert_eq!(two, one, "{moves}");
        scores.push(one);
    }
    assert_eq!(scores.iter().min(), Some(&-5));
    assert_eq!(scores.iter().max(), Some(&5));
}
