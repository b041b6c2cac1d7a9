//! `go solve` for Connect Four: runs the exact solver on the worker thread, streams the
//! narrowing bounds as `info` lines, and plays a move that keeps the proven value.

use super::variants::SearchJob;
use super::worker::WorkerState;
use crate::games::Game;
use crate::games::connect4::Connect4;
use crate::protocol::response::{Response, SearchInfo};
use crate::search::limits::TimeBudget;
use crate::search::score::Reported;
use crate::search::solve::connect4::{Interrupted, Narrowing, Solver};

/// Longest principal variation worked out after a solve (each ply costs a few null-window
/// searches).
const MAX_PV: usize = 16;

/// A solver score (literature convention) as the protocol reports it from the side to move:
/// `mate N` counts the side's own moves to its winning stone, `mate -N` the opponent's.
pub fn reported(pos: &Connect4, score: i32) -> Reported {
    let played = pos.moves_played() as i32;
    // Stones each side has played.
    let own = played / 2;
    let theirs = played - own;
    match score {
        0 => Reported::Centipawns(0),
        s if s > 0 => Reported::Mate(22 - s - own),
        s => Reported::Mate(-(22 + s - theirs)),
    }
}

/// The solver kept by the worker, sized to the `Hash` option.
fn solver_for(state: &mut WorkerState, megabytes: usize) -> &mut Solver {
    let fits = state
        .solver
        .as_ref()
        .is_some_and(|s| s.table_bytes() / (1024 * 1024) == megabytes.max(1));
    if !fits {
        state.solver = None;
        state.solver = Some(Solver::new(megabytes));
    }
    state.solver.get_or_insert_with(|| Solver::new(megabytes))
}

/// Runs `go solve` on `pos`; returns the `bestmove` line, or `None` when the position is over
/// (the generic search then says so).
pub fn solve_task(
    pos: &Connect4,
    job: &SearchJob,
    state: &mut WorkerState,
    say: &dyn Fn(Response),
) -> Option<Response> {
    if pos.outcome().is_some() {
        return None;
    }
    let deadline = TimeBudget::from_limits(&job.limits).map(|b| job.start + b.hard);
    let megabytes = state.table.megabytes();
    let solver = solver_for(state, megabytes);
    solver.set_stop(job.stop.clone(), deadline);
    solver.nodes = 0;
    let empty = 42 - pos.moves_played();
    let info =
        |score: Reported, bound: Option<&'static str>, nodes: u64, pv: Vec<String>| SearchInfo {
            depth: empty,
            seldepth: empty,
            score: Some(score),
            bound,
            nodes,
            time_ms: job.start.elapsed().as_millis() as u64,
            hashfull: None,
            pv,
        };
    let mut last = Narrowing {
        lower: -21,
        upper: 21,
        nodes: 0,
    };
    let outcome = solver.solve(pos, &mut |step| {
        let line = if step.lower > last.lower {
            info(
                reported(pos, step.lower),
                Some("lowerbound"),
                step.nodes,
                vec![],
            )
        } else {
            info(
                reported(pos, step.upper),
                Some("upperbound"),
                step.nodes,
                vec![],
            )
        };
        last = step;
        say(Response::Info(line));
    });
    let best = match outcome {
        Ok(score) => {
            let pv = principal_variation(solver, pos, score);
            let best = pv.first().copied();
            let pv_text = crate::search::alphabeta::pv_text(pos, &pv);
            say(Response::Info(info(
                reported(pos, score),
                None,
                solver.nodes,
                pv_text,
            )));
            say(Response::InfoString(format!("solved {score}")));
            best
        }
        Err(Interrupted) => {
            say(Response::InfoString(
                "stopped before the value was proven".to_string(),
            ));
            None
        }
    };
    let best = best.or_else(|| fallback_move(pos));
    Some(Response::BestMove(best.map(|mv| pos.move_text(mv))))
}

/// A line of value-keeping moves from `pos` worth `score`, as far as time and `MAX_PV` allow.
fn principal_variation(solver: &mut Solver, pos: &Connect4, score: i32) -> Vec<u8> {
    let mut line = Vec::new();
    let mut current = pos.clone();
    let mut score = score;
    while line.len() < MAX_PV && current.outcome().is_none() {
        let Some(mv) = keeping_move(solver, &current, score) else {
            break;
        };
        line.push(mv);
        current.play(mv);
        score = -score;
    }
    line
}

/// The first move, in the solver's column order, whose value is `score`: the fastest win or
/// the slowest loss.
fn keeping_move(solver: &mut Solver, pos: &Connect4, score: i32) -> Option<u8> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves.sort_by_key(|&col| (i32::from(col) - 3).abs());
    moves
        .into_iter()
        .find(|&col| solver.move_reaches(pos, col, score) == Ok(true))
}

/// A move when the solve was interrupted: one that does not lose at once, centre first.
fn fallback_move(pos: &Connect4) -> Option<u8> {
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
                .find(|&col| pos.move_bit(col) & safe != 0)
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
        assert_eq!(reported(&Connect4::startpos(), 1), Reported::Mate(21));
        // o to move after 3 stones (x has 2, o has 1): a loss at x's 5th stone is mate -3.
        let pos = Connect4::from_move_string("444").expect("moves");
        assert_eq!(reported(&pos, -17), Reported::Mate(-3));
        assert_eq!(reported(&pos, 0), Reported::Centipawns(0));
    }

    #[test]
    fn unproven_results_still_give_a_safe_move() {
        // x threatens 1 2 3 _ on the bottom row: o must block at column 4.
        let pos = Connect4::from_move_string("17273").expect("moves");
        assert_eq!(fallback_move(&pos), Some(3));
    }
}
