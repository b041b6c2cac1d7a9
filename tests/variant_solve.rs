//! `Variant::solve`, the exact solve every variant offers, against independent values: Connect
//! Four's scores of `tests/data/connect4` (the reference solver's), Rush Hour's optimal
//! lengths of `tests/data/rushhour`, tic-tac-toe's value by a negamax written here, the rocks
//! puzzle's known 57; and what it says of a finished game, an unfit algorithm and a stop.

use sente::games::{Outcome, Seat};
use sente::protocol::command::PositionStart;
use sente::search::Algorithm;
use sente::search::score::Reported;
use sente::variants::registry;
use sente::variants::solution::{
    Solution, SolveError, SolveJob, SolveProgress, SolvedValue, Statistic,
};
use sente::variants::variant::Variant;
use std::cell::RefCell;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// `name` at its start under its default rules, then at `fen` if given, then `moves` played.
fn position(name: &str, fen: Option<&str>, moves: &[&str]) -> Box<dyn Variant> {
    let entry = registry::entry(name).expect("a registered variant");
    let mut variant = entry
        .start(&entry.default_rules())
        .expect("the default rules");
    if let Some(fen) = fen {
        let fen = variant.fen_of_typed(fen).unwrap_or_else(|| fen.to_string());
        variant
            .set_position(&PositionStart::Fen(fen), &[])
            .expect("a valid fen");
    }
    for mv in moves {
        variant.play_move(mv).expect("a legal move");
    }
    variant
}

/// Solves `variant` with `algorithm` (the game's default when `None`), not stopped; returns
/// what it gave and the progress it told.
fn solve(
    variant: &dyn Variant,
    algorithm: Option<Algorithm>,
    stop: bool,
) -> (Result<Solution, SolveError>, Vec<SolveProgress>) {
    let seen = RefCell::new(Vec::new());
    let entry = registry::entry(variant.name()).expect("registered");
    let job = SolveJob {
        algorithm,
        search_options: entry.default_search_options(),
        hash_mb: 16,
        threads: 1,
        stop: Arc::new(AtomicBool::new(stop)),
        progress: &|p| seen.borrow_mut().push(p),
    };
    let solved = variant.solve(job);
    (solved, seen.into_inner())
}

/// The rows of a data file of `tests/data` (comments and blank lines left out), split in words.
fn rows(file: &str) -> Vec<Vec<String>> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(file);
    let text = std::fs::read_to_string(&path).expect("the test data");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect()
}

#[test]
fn connect4_gives_the_reference_score_and_every_columns() {
    for row in rows("connect4/end.txt").iter().take(4) {
        let (moves, score): (&str, i32) = (&row[0], row[1].parse().expect("a score"));
        let played: Vec<String> = moves.chars().map(String::from).collect();
        let played: Vec<&str> = played.iter().map(String::as_str).collect();
        let pos = position("connect4", None, &played);
        let (solved, seen) = solve(pos.as_ref(), None, false);
        let solution = solved.expect("solved");
        assert_eq!(solution.value, SolvedValue::Score(score), "{moves}");
        let columns: Vec<&str> = solution
            .move_values
            .iter()
            .map(|(m, _)| m.as_str())
            .collect();
        assert_eq!(columns, pos.legal_moves(), "{moves}");
        let best = solution.move_values.iter().map(|(_, v)| *v).max();
        assert_eq!(best, Some(score), "{moves}");
        // The best move is the first column of that score, and the line is that move.
        let first = solution.move_values.iter().find(|(_, v)| *v == score);
        assert_eq!(
            solution.best_move.as_ref(),
            first.map(|(m, _)| m),
            "{moves}"
        );
        assert_eq!(solution.pv, vec![first.expect("a best column").0.clone()]);
        // Each column's value is the negated score of the position it leads to (over: its
        // result; else the reference's own score of it, solved again).
        for (column, value) in &solution.move_values {
            let mut child = pos.clone_box();
            child.play_move(column).expect("legal");
            match child.outcome() {
                Some(Outcome::Win(_)) => assert!(*value > 0, "{moves} {column}"),
                Some(_) => assert_eq!(*value, 0, "{moves} {column}"),
                None => {
                    let (child_solved, _) = solve(child.as_ref(), None, false);
                    let child_value = child_solved.expect("solved").value;
                    assert_eq!(child_value, SolvedValue::Score(-value), "{moves} {column}");
                }
            }
        }
        // Progress: one part per open column besides the position, in order, ending done.
        let last = seen.last().expect("a report");
        assert_eq!((last.step, &last.doing), (last.steps, &None));
        assert_eq!(last.bounds, Some((score, score)));
        assert_eq!(last.nodes, solution.nodes);
        assert!(seen.windows(2).all(|w| w[0].step <= w[1].step));
        assert_eq!(seen[0].doing.as_deref(), Some("the position"));
    }
}

/// Tic-tac-toe's value from the side to move by plain negamax over the rules: a win at ply
/// distance `d` is `100 - d`, a loss `d - 100`, a draw 0.
fn negamax(pos: &dyn Variant, plies: i32) -> i32 {
    if let Some(outcome) = pos.outcome() {
        // The side to move of a finished game has lost (tic-tac-toe has no other win).
        return match outcome {
            Outcome::Win(_) => plies - 100,
            _ => 0,
        };
    }
    pos.legal_moves()
        .iter()
        .map(|mv| {
            let mut child = pos.clone_box();
            child.play_move(mv).expect("legal");
            -negamax(child.as_ref(), plies + 1)
        })
        .max()
        .expect("moves in a game not over")
}

#[test]
fn tictactoe_gives_the_negamax_value() {
    for moves in [
        &[][..],
        &["a1", "b2", "c3"],
        &["a1", "a2", "b2"],
        &["b2", "a1", "c1"],
    ] {
        let pos = position("tictactoe", None, moves);
        let value = negamax(pos.as_ref(), 0);
        let want = match value {
            0 => Reported::Centipawns(0),
            v if v > 0 => Reported::Mate((100 - v + 1) / 2),
            v => Reported::Mate(-(100 + v) / 2),
        };
        let (solved, seen) = solve(pos.as_ref(), None, false);
        let solution = solved.expect("solved");
        assert_eq!(solution.value, SolvedValue::Reported(want), "{moves:?}");
        assert!(solution.nodes > 0, "{moves:?}");
        let best = solution.best_move.clone().expect("a move");
        assert_eq!(solution.pv.first(), Some(&best));
        let mut after = pos.clone_box();
        after.play_move(&best).expect("legal");
        assert_eq!(
            -negamax(after.as_ref(), 1),
            value,
            "{moves:?}: {best} keeps it"
        );
        let parts: Vec<_> = seen
            .iter()
            .map(|p| (p.step, p.steps, p.doing.clone()))
            .collect();
        assert_eq!(
            parts,
            [(0, 1, Some("the position".to_string())), (1, 1, None)]
        );
        assert_eq!(seen[1].nodes, solution.nodes);
    }
}

#[test]
fn rush_hour_gives_an_optimal_solution_and_its_counts() {
    let short = |row: &&Vec<String>| row[1].parse::<u32>().is_ok_and(|steps| steps <= 16);
    for row in rows("rushhour/course-puzzles.txt").iter().filter(short) {
        let (board, steps): (&str, u32) = (&row[0], row[1].parse().expect("a length"));
        let pos = position("rushhour", Some(board), &[]);
        for algorithm in [None, Some(Algorithm::Bfs), Some(Algorithm::IdaStar)] {
            let (solved, _) = solve(pos.as_ref(), algorithm, false);
            let solution = solved.expect("solved");
            assert_eq!(solution.length, Some(steps), "{board} {algorithm:?}");
            assert_eq!(solution.pv.len(), steps as usize);
            let mut replay = pos.clone_box();
            for mv in &solution.pv {
                replay.play_move(mv).expect("legal");
            }
            assert_eq!(replay.outcome(), Some(Outcome::Win(Seat::P1)), "{board}");
            let name = algorithm.unwrap_or(Algorithm::AStar).name();
            assert_eq!(
                solution.statistics.first(),
                Some(&("algorithm", Statistic::Text(name.to_string())))
            );
        }
    }
}

#[test]
fn the_rocks_game_is_solved_from_its_table() {
    let pos = position("rushhour-rocks", None, &[]);
    let (solved, _) = solve(pos.as_ref(), None, false);
    let solution = solved.expect("solved");
    assert_eq!(solution.value, SolvedValue::Reported(Reported::Mate(57)));
    let note = solution.statistics.iter().find(|(name, _)| *name == "note");
    let Some((_, Statistic::Text(note))) = note else {
        panic!("no note: {:?}", solution.statistics);
    };
    assert!(
        note.starts_with("rocks table value cars out in 57"),
        "{note}"
    );
}

#[test]
fn a_finished_game_an_unfit_algorithm_and_a_stop_are_errors() {
    let won = position("connect4", None, &["1", "2", "1", "2", "1", "2", "1"]);
    assert_eq!(
        solve(won.as_ref(), None, false).0,
        Err(SolveError::Over(Outcome::Win(Seat::P1)))
    );
    let won = position("tictactoe", None, &["a1", "b1", "a2", "b2", "a3"]);
    assert_eq!(
        solve(won.as_ref(), None, false).0,
        Err(SolveError::Over(Outcome::Win(Seat::P1)))
    );
    let ttt = position("tictactoe", None, &[]);
    let unfit = solve(ttt.as_ref(), Some(Algorithm::Bfs), false).0;
    assert!(
        matches!(unfit, Err(SolveError::Unfit(ref why)) if why.contains("two players")),
        "{unfit:?}"
    );
    // A stop raised before the solve starts (Connect Four: a position its table of the first
    // plies does not answer at once: "44444" has 5 stones).
    let connect4: Vec<String> = "44444".chars().map(String::from).collect();
    let connect4: Vec<&str> = connect4.iter().map(String::as_str).collect();
    for (name, moves) in [
        ("tictactoe", &[][..]),
        ("connect4", &connect4),
        ("babylon", &[]),
    ] {
        let pos = position(name, None, moves);
        assert_eq!(
            solve(pos.as_ref(), None, true).0,
            Err(SolveError::Interrupted),
            "{name}"
        );
    }
}
