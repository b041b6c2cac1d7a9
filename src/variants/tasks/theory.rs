//! The exact solver of the games with a theory of their own (`Game::theory`, Nim's nim-sum):
//! `go solve weak` answers from the theory at once; `go solve` and the full search's `go`
//! search as usual (the search proves how fast), and where the search's move does not keep
//! the theory's value (it did not see far enough), the theory's move is played instead.

use super::super::job::SearchJob;
use super::super::task::WorkerState;
use super::run_search;
use crate::games::Game;
use crate::protocol::response::Response;
use crate::search::{Algorithm, SOLVED_WEAK};

/// `go` on a game with a theory. `go solve weak`: `info string solved weak win|draw|loss (the
/// game's theory)` and the first move that keeps the value. `go solve` (the full search to the
/// end) and `go` with `Algorithm alphabeta`: the full search, whose move is played if it keeps
/// the theory's value, otherwise `info string theory: <value>; <move> keeps it` and that move.
/// Returns `None` (the generic search alone) for a finished game, the textbook searches, and a
/// position the theory says nothing of.
pub fn solve_task<G: Game>(
    pos: &G,
    job: &SearchJob,
    state: &mut WorkerState,
    say: &dyn Fn(Response),
) -> Option<Response> {
    let solve = job.limits.solve;
    if pos.outcome().is_some() || !(solve || job.algorithm == Algorithm::AlphaBeta) {
        return None;
    }
    let theory = pos.theory()?;
    let value = match theory.winner {
        None => "draw",
        Some(winner) if winner == pos.side_to_move() => "win",
        Some(_) => "loss",
    };
    let keeping: Vec<String> = theory.keeping.iter().map(|&m| pos.move_text(m)).collect();
    let first = keeping.first().cloned();
    if solve && job.limits.weak {
        say(Response::InfoString(format!(
            "{SOLVED_WEAK} {value} (the game's theory)"
        )));
        return Some(Response::BestMove(first));
    }
    let result = run_search(pos, job, Algorithm::AlphaBeta, state, say);
    let keeps = result
        .best_move
        .as_ref()
        .is_some_and(|best| keeping.contains(best));
    if result.proven || keeps || first.is_none() {
        return Some(Response::BestMove(result.best_move));
    }
    say(Response::InfoString(format!(
        "theory: {value}; {} keeps it",
        first.as_deref().unwrap_or("0000")
    )));
    Some(Response::BestMove(first))
}
