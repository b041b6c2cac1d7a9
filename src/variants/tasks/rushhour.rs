//! Rush Hour's task, `go` on Rush Hour: the generic search, given the estimate of the moves left that the option
//! `PuzzleHeuristic` chooses (used by `Algorithm astar` and `idastar`).

use super::super::job::{SearchJob, report_line};
use super::super::task::WorkerState;
use crate::games::rushhour::RushHour;
use crate::protocol::response::Response;
use crate::search::{self, NamedEstimate, SearchContext};

/// Runs the search `job` asks for on `pos`, telling its lines to `say`; returns the `bestmove`.
pub fn search_task(
    pos: &RushHour,
    job: &SearchJob,
    state: &mut WorkerState,
    say: &dyn Fn(Response),
) -> Option<Response> {
    let heuristic = job.heuristic;
    let estimate = |p: &RushHour| heuristic.estimate(p);
    let named = NamedEstimate {
        name: heuristic.name(),
        estimate: &estimate,
    };
    let context = SearchContext {
        algorithm: job.algorithm,
        limits: job.limits.clone(),
        start: job.start,
        stop: &job.stop,
        table: &mut state.table,
        trace_limit: job.trace_limit,
    };
    let result = search::run_with_estimate(pos, context, &named, &mut |r| {
        say(report_line::<RushHour>(r))
    });
    Some(Response::BestMove(result.best_move))
}
