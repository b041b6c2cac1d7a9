//! Connect Four's tasks: the exact solver in Connect Four sessions: `go solve`, and timed `go` that plays perfectly
//! whenever the value can be proven in time, at every board size. Runs on the worker thread,
//! streams the narrowing bounds as `info` lines, and plays a move that keeps the proven value.
//! The session's position is a `Connect4<B>` in the narrowest word its board fits
//! (`variants::sized::connect4`), and so is the solver it keeps.

use super::super::job::SearchJob;
use super::super::search_options::SearchOptions;
use super::super::task::{KeptSolver, WorkerState};
use crate::games::Game;
use crate::games::connect4::book::shipped_book;
use crate::games::connect4::solver::{
    Interrupted, Narrowing, Solver, SolverWord, value_table, win_score,
};
use crate::games::connect4::{Bits, Connect4, Shape};
use crate::games::rules::{OptionType, OptionValue, RuleOption};
use crate::protocol::response::{Response, ScoreBound, SearchInfo};
use crate::search::limits::TimeBudget;
use crate::search::score::Reported;
use crate::search::{Algorithm, NOT_PROVEN, SOLVED_WEAK};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// Default `OwnBook`: the book moves are played.
pub const DEFAULT_OWN_BOOK: bool = true;

/// Connect Four's search option: `OwnBook`, announced after `Threads`.
pub const SEARCH_OPTIONS: SearchOptions = SearchOptions {
    options: &[RuleOption {
        name: "OwnBook",
        keyword: "own_book",
        label: "Opening book",
        help: "Play the book moves where there are some (Connect Four 7x6).",
        kind: OptionType::Check {
            default: DEFAULT_OWN_BOOK,
        },
        check: None,
    }],
    announced_after: "Threads",
    puzzle_estimate: None,
};

/// `job`'s `OwnBook`: whether a timed `go` plays the book's move where it has one.
pub fn own_book(job: &SearchJob) -> bool {
    job.search_options
        .get("OwnBook")
        .map_or(DEFAULT_OWN_BOOK, OptionValue::flag)
}

/// A timed `go` tries the solver once this few cells are empty (8 stones on 7 x 6; earlier,
/// a proof rarely fits in the time of a move, and the heuristic search gets all of it).
const SOLVE_WITH_EMPTY: u32 = 34;

/// Before that, from this many empty cells on (and `WEAK_SOLVE_AFTER` stones), a timed `go`
/// first gives a weak solve (who wins, not how fast) three quarters of its soft time: a won or
/// drawn position is then played with a move that keeps its value. On 7 x 6 this never comes
/// before `SOLVE_WITH_EMPTY`; on 8 x 7 it starts at 16 stones, on 9 x 6 at 14. The boards of
/// `WEAK_SOLVE_FROM` start elsewhere.
const WEAK_SOLVE_WITH_EMPTY: u32 = 40;

/// Boards whose weak solve starts at another count of empty cells than `WEAK_SOLVE_WITH_EMPTY`:
/// `(width, height, empty cells)`, each proven by an SPRT against the count before (in the
/// commit that set it). On 10 x 8 every weak solve of sente's self-play at 500 ms a move
/// finished from 49 empty cells on, about half at 51-53: it starts at 52 (28 stones).
const WEAK_SOLVE_FROM: [(u32, u32, u32); 1] = [(10, 8, 52)];

/// The empty cells from which a timed `go` on `shape` tries a weak solve first.
fn weak_solve_with_empty(shape: Shape) -> u32 {
    WEAK_SOLVE_FROM
        .iter()
        .find(|(w, h, _)| (*w, *h) == (shape.width(), shape.height()))
        .map_or(WEAK_SOLVE_WITH_EMPTY, |board| board.2)
}

/// The fewest stones before a weak solve is tried in a timed `go`.
const WEAK_SOLVE_AFTER: u32 = 12;

/// Longest principal variation worked out after a solve (each ply costs a few null-window
/// searches).
const MAX_PV: usize = 16;

/// A solver score (literature convention) as the protocol reports it from the side to move:
/// `mate N` counts the side's own moves to its winning stone, `mate -N` the opponent's.
pub fn reported<B: SolverWord>(pos: &Connect4<B>, score: i32) -> Reported {
    if score == 0 {
        return Reported::Centipawns(0);
    }
    let played = pos.moves_played() as i32;
    let cells = pos.shape().cells() as i32;
    // The winning stone is played when `n` stones are on the board, `score` being
    // (cells + 1 - n) / 2: n is one of two numbers, the one whose parity is the winner's turn.
    let winner_to_move = i32::from(score < 0);
    let mut n = cells + 1 - 2 * score.abs();
    if (n - played - winner_to_move) % 2 != 0 {
        n -= 1;
    }
    if score > 0 {
        Reported::Mate((n - played) / 2 + 1)
    } else {
        Reported::Mate(-((n - played + 1) / 2))
    }
}

/// The shipped books' move in `pos` (7 x 6 only), for the review's `book` tag.
pub fn book_move<B: Bits>(pos: &Connect4<B>) -> Option<u8> {
    shipped_book()?.lookup(pos)
}

impl<B: SolverWord> KeptSolver for Solver<B> {
    fn cleared(mut self: Box<Self>) -> Option<Box<dyn KeptSolver>> {
        self.clear();
        Some(self)
    }
}

/// The solver kept by the worker. Made at its first use: the search's table and the
/// solver's then get half of `Hash` each, so that both stay within it.
fn solver_for<'a, B: SolverWord>(
    state: &'a mut WorkerState,
    say: &dyn Fn(Response),
) -> &'a mut Solver<B> {
    let (solver, made) = state.keep(made_solver::<B>);
    if let Err(message) = made {
        say(Response::Error(message));
    }
    solver
}

/// Makes the solver before a game of timed searches (a table of hundreds of MB takes a
/// while), rather than in the time of a move.
pub fn prepare<B: SolverWord>(state: &mut WorkerState) -> Result<(), String> {
    state.keep(made_solver::<B>).1
}

/// A solver of `megabytes` MB that looks the positions of the shipped 7 x 6 table of weak
/// values up rather than searching them (who wins the first plies; other boards are not in it).
fn made_solver<B: SolverWord>(megabytes: usize) -> Solver<B> {
    let mut solver = Solver::<B>::new(megabytes);
    solver.set_value_table(value_table::shipped());
    solver
}

/// `go` on Connect Four. `go solve`, and `go` without any limit, run the solver to the end.
/// A timed `go` (clock or `movetime`) with `Algorithm alphabeta` plays the book move if there
/// is one; from `SOLVE_WITH_EMPTY` empty cells on it first gives the solver half of its soft time:
/// a proven value is then played perfectly, otherwise the heuristic search runs with the time
/// left; from `weak_solve_with_empty` empty cells (and `WEAK_SOLVE_AFTER` stones) on, a weak
/// solve first gets three quarters of it, and a won or drawn position is played keeping its
/// value.
/// Returns the `bestmove` line, or `None` to leave the position to the
/// generic search (always for a finished game, `go depth`, `go nodes`, `go infinite` and the
/// textbook algorithms).
pub fn solve_task<B: SolverWord>(
    pos: &Connect4<B>,
    job: &SearchJob,
    state: &mut WorkerState,
    say: &dyn Fn(Response),
) -> Option<Response> {
    if pos.outcome().is_some() {
        return None;
    }
    let limits = &job.limits;
    let budget = TimeBudget::from_limits(limits);
    let full_search = job.algorithm == Algorithm::AlphaBeta;
    let unlimited =
        !limits.infinite && budget.is_none() && limits.depth.is_none() && limits.nodes.is_none();
    if limits.solve || (full_search && unlimited) {
        let deadline = budget.map(|b| job.start + b.hard);
        return Some(match solve(pos, job, state, say, deadline) {
            Ok(best) => best,
            Err(Interrupted) => {
                say(Response::InfoString(NOT_PROVEN.to_string()));
                Response::BestMove(fallback_move(pos).map(|mv| pos.move_text(mv)))
            }
        });
    }
    let timed = full_search && !limits.infinite && limits.depth.is_none() && limits.nodes.is_none();
    let own_book = own_book(job);
    if timed && own_book && !pos.shape().is_standard() {
        say(Response::InfoString(format!(
            "OwnBook: the books are for 7x6 only, none for {}",
            pos.shape()
        )));
    }
    if timed
        && own_book
        && let Some(col) = shipped_book().and_then(|book| book.lookup(pos))
    {
        say(Response::InfoString(format!(
            "book move {}",
            pos.move_text(col)
        )));
        return Some(Response::BestMove(Some(pos.move_text(col))));
    }
    match budget {
        Some(b) if timed && pos.shape().cells() - pos.moves_played() <= SOLVE_WITH_EMPTY => {
            let deadline = job.start + b.soft / 2;
            match solve(pos, job, state, say, Some(deadline)) {
                Ok(best) => Some(best),
                Err(Interrupted) => {
                    say(Response::InfoString(
                        "not proven in time; heuristic search".to_string(),
                    ));
                    None
                }
            }
        }
        Some(b)
            if timed
                && pos.moves_played() >= WEAK_SOLVE_AFTER
                && pos.shape().cells() - pos.moves_played()
                    <= weak_solve_with_empty(pos.shape()) =>
        {
            let deadline = job.start + b.soft * 3 / 4;
            match weak_solve_for_play(pos, job, state, say, deadline) {
                Ok(Some(best)) => Some(best),
                Ok(None) => {
                    say(Response::InfoString(
                        "proven lost; heuristic search".to_string(),
                    ));
                    None
                }
                Err(Interrupted) => {
                    say(Response::InfoString(
                        "not weakly solved in time; heuristic search".to_string(),
                    ));
                    None
                }
            }
        }
        _ => None,
    }
}

/// Proves by `deadline` who wins `pos` (not over); a won or drawn position gets the `bestmove`
/// of a move keeping its value (found by the move's hard deadline), a lost one `None`, left to
/// the heuristic search, which plays on for the opponent's mistake.
fn weak_solve_for_play<B: SolverWord>(
    pos: &Connect4<B>,
    job: &SearchJob,
    state: &mut WorkerState,
    say: &dyn Fn(Response),
    deadline: Instant,
) -> Result<Option<Response>, Interrupted> {
    let solver = solver_for(state, say);
    solver.set_stop(job.stop.clone(), Some(deadline));
    solver.set_threads(job.threads);
    solver.nodes = 0;
    let sign = solver.solve_weak(pos, &mut |_| {})?;
    if sign < 0 {
        return Ok(None);
    }
    let hard = TimeBudget::from_limits(&job.limits).map(|b| job.start + b.hard);
    solver.set_stop(job.stop.clone(), hard);
    let best = keeping_move(solver, pos, sign).or_else(|| fallback_move(pos));
    let empty = pos.shape().cells() - pos.moves_played();
    say(Response::Info(SearchInfo {
        depth: empty,
        seldepth: empty,
        score: Some(reported(pos, sign)),
        bound: (sign > 0).then_some(ScoreBound::Lower),
        nodes: solver.nodes,
        time_ms: job.start.elapsed().as_millis() as u64,
        hashfull: None,
        pv: best.map(|mv| vec![pos.move_text(mv)]).unwrap_or_default(),
    }));
    let outcome = if sign > 0 { "win" } else { "draw" };
    say(Response::InfoString(format!("{SOLVED_WEAK} {outcome}")));
    Ok(Some(Response::BestMove(best.map(|mv| pos.move_text(mv)))))
}

/// Solves `pos` (not over) by `deadline`, streaming the narrowing bounds, and returns the
/// `bestmove` of a value-keeping move.
fn solve<B: SolverWord>(
    pos: &Connect4<B>,
    job: &SearchJob,
    state: &mut WorkerState,
    say: &dyn Fn(Response),
    deadline: Option<Instant>,
) -> Result<Response, Interrupted> {
    let solver = solver_for(state, say);
    solver.set_stop(job.stop.clone(), deadline);
    solver.set_threads(job.threads);
    solver.nodes = 0;
    let empty = pos.shape().cells() - pos.moves_played();
    let widest = win_score(pos.shape().cells(), pos.moves_played());
    let info =
        |score: Reported, bound: Option<ScoreBound>, nodes: u64, pv: Vec<String>| SearchInfo {
            depth: empty,
            seldepth: empty,
            score: Some(score),
            bound,
            nodes,
            time_ms: job.start.elapsed().as_millis() as u64,
            hashfull: None,
            pv,
        };
    // A weak solve narrows the score to its sign, -1 standing for any loss, 1 for any win.
    let widest = if job.limits.weak { 1 } else { widest };
    let mut last = Narrowing {
        lower: -widest,
        upper: widest,
        nodes: 0,
    };
    let mut report = |step: Narrowing| {
        let (score, bound) = if step.lower > last.lower {
            (step.lower, ScoreBound::Lower)
        } else {
            (step.upper, ScoreBound::Upper)
        };
        last = step;
        say(Response::Info(info(
            reported(pos, score),
            Some(bound),
            step.nodes,
            vec![],
        )));
    };
    if job.limits.weak {
        let sign = solver.solve_weak(pos, &mut report)?;
        let hard = TimeBudget::from_limits(&job.limits).map(|b| job.start + b.hard);
        solver.set_stop(job.stop.clone(), hard);
        // A move that keeps the win, or the draw; any move loses a lost position.
        let best = match sign {
            1 | 0 if !job.limits.value_only => keeping_move(solver, pos, sign),
            _ => None,
        }
        .or_else(|| fallback_move(pos));
        let (bound, outcome) = match sign {
            1 => (Some(ScoreBound::Lower), "win"),
            0 => (None, "draw"),
            _ => (Some(ScoreBound::Upper), "loss"),
        };
        let pv = best.map(|mv| vec![pos.move_text(mv)]).unwrap_or_default();
        say(Response::Info(info(
            reported(pos, sign),
            bound,
            solver.nodes,
            pv,
        )));
        say(Response::InfoString(format!("{SOLVED_WEAK} {outcome}")));
        return Ok(Response::BestMove(best.map(|mv| pos.move_text(mv))));
    }
    let started = Instant::now();
    let score = solver.solve(pos, &mut report)?;
    let solved_in = started.elapsed();
    // Finding the move that keeps the value may use the whole time of the move.
    let hard = TimeBudget::from_limits(&job.limits).map(|b| job.start + b.hard);
    solver.set_stop(job.stop.clone(), hard);
    // `go solve value`: the value alone, no move searched for (`bestmove` any legal move).
    let pv = if job.limits.value_only {
        Vec::new()
    } else {
        principal_variation(solver, pos, score, || {
            // The rest of the line is for show: it gets at most the solve's own time again (a
            // position the table of values answers gets its first move alone), within the
            // solve's deadline.
            let shown_by = Instant::now() + solved_in;
            (
                job.stop.clone(),
                Some(deadline.map_or(shown_by, |d| d.min(shown_by))),
            )
        })
    };
    let best = pv.first().copied().or_else(|| fallback_move(pos));
    let pv_text = crate::search::alphabeta::pv_text(pos, &pv);
    say(Response::Info(info(
        reported(pos, score),
        None,
        solver.nodes,
        pv_text,
    )));
    say(Response::InfoString(format!("solved {score}")));
    Ok(Response::BestMove(best.map(|mv| pos.move_text(mv))))
}

/// A line of value-keeping moves from `pos` worth `score`, as far as time and `MAX_PV` allow.
fn principal_variation<B: SolverWord>(
    solver: &mut Solver<B>,
    pos: &Connect4<B>,
    score: i32,
    after_first: impl Fn() -> (Arc<AtomicBool>, Option<Instant>),
) -> Vec<u8> {
    let mut line = Vec::new();
    let mut current = pos.clone();
    let mut score = score;
    while line.len() < MAX_PV && current.outcome().is_none() {
        let Some(mv) = keeping_move(solver, &current, score) else {
            break;
        };
        if line.is_empty() {
            let (stop, deadline) = after_first();
            solver.set_stop(stop, deadline);
        }
        line.push(mv);
        current.play(mv);
        score = -score;
    }
    line
}

/// The first move, in the solver's column order, whose value is `score`: the fastest win or
/// the slowest loss.
fn keeping_move<B: SolverWord>(
    solver: &mut Solver<B>,
    pos: &Connect4<B>,
    score: i32,
) -> Option<u8> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let width = i32::from(pos.shape().columns());
    moves.sort_by_key(|&col| (2 * i32::from(col) - (width - 1)).abs());
    moves
        .into_iter()
        .find(|&col| solver.move_reaches(pos, col, score) == Ok(true))
}

/// A move when the solve was interrupted: one that does not lose at once, centre first.
fn fallback_move<B: SolverWord>(pos: &Connect4<B>) -> Option<u8> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves.sort_by_key(|&col| std::cmp::Reverse(pos.move_order_hint(col)));
    let safe = pos.non_losing_moves();
    moves
        .iter()
        .copied()
        .find(|&col| pos.is_winning_move(col))
        .or_else(|| {
            moves
                .iter()
                .copied()
                .find(|&col| !(pos.move_bit(col) & safe).is_zero())
        })
        .or_else(|| moves.first().copied())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Seat;

    #[test]
    fn literature_scores_become_mates_in_own_moves() {
        // 4455: x to move wins with its 4th stone; it has 2, so mate 2.
        let pos = Connect4::from_move_string("4455").expect("moves");
        assert_eq!(reported(&pos, 18), Reported::Mate(2));
        assert_eq!(pos.side_to_move(), Seat::P1);
        // The empty board: x wins with its 21st stone, its 21st move.
        assert_eq!(reported(&<Connect4>::startpos(), 1), Reported::Mate(21));
        // o to move after 3 stones (x has 2, o has 1): a loss at x's 5th stone is mate -3.
        let pos = Connect4::from_move_string("444").expect("moves");
        assert_eq!(reported(&pos, -17), Reported::Mate(-3));
        assert_eq!(reported(&pos, 0), Reported::Centipawns(0));
    }

    #[test]
    fn scores_of_odd_boards_become_mates_too() {
        use crate::games::connect4::Shape;
        // 5 x 5 (25 cells): x wins on the 25th stone, n = 24: score (26 - 24) / 2 = 1.
        let shape = Shape::new(5, 5).expect("fits");
        let empty = Connect4::<u64>::start(shape).expect("fits");
        assert_eq!(reported(&empty, 1), Reported::Mate(13));
        // o to move after one stone, o wins with the 24th stone (n = 23): score 1.
        let one = Connect4::<u64>::from_moves(shape, "3").expect("moves");
        assert_eq!(reported(&one, 1), Reported::Mate(12));
        // ...and loses to x's 25th stone (n = 24): score -1, x's 12 more moves.
        assert_eq!(reported(&one, -1), Reported::Mate(-12));
        // Every score of every position agrees with a win counted stone by stone.
        for moves in ["", "3", "33", "333"] {
            let pos = Connect4::<u64>::from_moves(shape, moves).expect("moves");
            let played = pos.moves_played();
            for n in played..25 {
                let own = (n - played).is_multiple_of(2);
                let score = win_score(25, n) * if own { 1 } else { -1 };
                let mate = ((n - played) / 2 + 1) as i32;
                let want = if own { mate } else { -mate };
                assert_eq!(reported(&pos, score), Reported::Mate(want), "{moves} {n}");
            }
        }
    }

    #[test]
    fn unproven_results_still_give_a_safe_move() {
        // x threatens 1 2 3 _ on the bottom row: o must block at column 4.
        let pos = Connect4::from_move_string("17273").expect("moves");
        assert_eq!(fallback_move(&pos), Some(3));
    }

    #[test]
    fn the_weak_solve_starts_where_each_board_was_tuned() {
        let at = |w, h| weak_solve_with_empty(Shape::new(w, h).expect("a board sente holds"));
        assert_eq!(at(10, 8), 52);
        for (w, h) in [(7, 6), (8, 7), (9, 6), (8, 10), (12, 10), (4, 4)] {
            assert_eq!(at(w, h), WEAK_SOLVE_WITH_EMPTY, "{w}x{h}");
        }
    }
}
