//! The worker's tasks for a position of any game: a search (asking the game's exact solver
//! first, if it has one) and a perft. The games' own solver tasks, and their own exact solves,
//! are the modules below.

pub mod connect4;
pub mod connect4_solve;
pub mod rocks;
pub mod rushhour;
pub mod theory;

use super::job::{SearchJob, report_line};
use super::solution::{Solution, SolveError, SolveJob};
use super::task::{Task, WorkerState};
use crate::games::{Game, perft_until};
use crate::protocol::response::Response;
use crate::search::{self, Algorithm, Report, SearchContext, SearchResult};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// What a `go` with `SearchTrace` on says when its search is not traced.
pub const NOT_TRACED: &str = "search not traced: SearchTrace traces minimax, alphabeta-plain, expectimax and proof, not the full search (alphabeta) or an exact solver";

/// A game's exact solver, asked first at every `go`: returns the `bestmove` line, or `None`
/// to leave the position to the generic search.
pub type ExactSolver<G> =
    fn(&G, &SearchJob, &mut WorkerState, &dyn Fn(Response)) -> Option<Response>;

/// A solve's result.
pub type Solved = Result<Solution, SolveError>;

/// A game's own exact solve of `pos` (`Variant::solve`), when its solver gives more than the
/// `go solve` search tells (Connect Four's value of every column) or the game has figures of
/// its own to add: `by_search` is that search's solve (`solve::solve_by_search`), for a solve
/// that builds on it.
pub type OwnSolve<G> =
    fn(pos: &G, job: SolveJob<'_>, by_search: &dyn Fn(SolveJob<'_>) -> Solved) -> Solved;

/// A task searching `pos` as `job` says, asking `solver` first.
pub fn search_task<G: Game>(pos: G, solver: Option<ExactSolver<G>>, job: SearchJob) -> Task {
    Box::new(move |state, say| {
        let job = SearchJob {
            start: Instant::now(),
            ..job
        };
        // Only the textbook searches are traced: not the full search, nor the puzzle
        // searches, nor a two-player game's exact solver, which takes every `go solve`.
        let solved = solver.is_some() && job.limits.solve && G::PLIES_PER_MOVE != 1;
        let textbook = job.algorithm.is_textbook() && !solved;
        if job.trace_limit.is_some() && !textbook && pos.outcome().is_none() {
            say(Response::InfoString(NOT_TRACED.to_string()));
        }
        if let Some(last) = solver.and_then(|solve| solve(&pos, &job, state, say)) {
            return last;
        }
        let result = run_search(&pos, &job, job.algorithm, state, say);
        Response::BestMove(result.best_move)
    })
}

/// Runs the generic search `algorithm` on `pos` under `job`'s limits, telling its lines to
/// `say`.
pub fn run_search<G: Game>(
    pos: &G,
    job: &SearchJob,
    algorithm: Algorithm,
    state: &mut WorkerState,
    say: &dyn Fn(Response),
) -> SearchResult {
    let context = SearchContext {
        algorithm,
        limits: job.limits.clone(),
        start: job.start,
        stop: &job.stop,
        table: &mut state.table,
        trace_limit: job.trace_limit,
    };
    let mut report = |r: Report| say(report_line::<G>(r));
    search::run(pos, context, &mut report)
}

/// A task counting the move sequences of length `depth` from `pos`, until `stop`.
pub fn perft_task<G: Game>(pos: G, depth: u32, stop: Arc<AtomicBool>) -> Task {
    Box::new(move |_, _| {
        let start = Instant::now();
        match perft_until(&pos, depth, &stop) {
            Some(nodes) => Response::InfoString(format!(
                "perft depth {depth} nodes {nodes} time {}",
                start.elapsed().as_millis()
            )),
            None => Response::InfoString(format!("perft depth {depth} stopped")),
        }
    })
}
