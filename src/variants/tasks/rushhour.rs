//! Rush Hour's task, `go` on Rush Hour: the generic search, given the estimate of the moves left that the option
//! `PuzzleHeuristic` chooses (used by `Algorithm astar` and `idastar`), Rush Hour's own search
//! option, declared here.

use super::super::job::{SearchJob, report_line};
use super::super::search_options::SearchOptions;
use super::super::task::WorkerState;
use crate::games::rules::{OptionType, RuleOption, choice_words};
use crate::games::rushhour::RushHour;
use crate::games::rushhour::heuristics::Heuristic;
use crate::protocol::response::Response;
use crate::search::{self, NamedEstimate, SearchContext};

/// Default `PuzzleHeuristic`: the strongest estimate.
pub const DEFAULT_HEURISTIC: Heuristic = Heuristic::Movers;

/// `PuzzleHeuristic`'s choices.
const HEURISTICS: [&str; Heuristic::ALL.len()] = choice_words(&Heuristic::ALL);

/// Rush Hour's search option: `PuzzleHeuristic`, announced after `TraceLimit`.
pub const SEARCH_OPTIONS: SearchOptions = SearchOptions {
    options: &[RuleOption {
        name: "PuzzleHeuristic",
        keyword: "heuristic",
        label: "Puzzle heuristic",
        help: "The estimate A* and IDA* use on Rush Hour.",
        kind: OptionType::Combo {
            default: DEFAULT_HEURISTIC.name(),
            choices: &HEURISTICS,
        },
        check: None,
    }],
    announced_after: "TraceLimit",
    puzzle_estimate: Some("PuzzleHeuristic"),
};

/// The estimate `job`'s `PuzzleHeuristic` names (the default when it names none).
pub fn heuristic(job: &SearchJob) -> Heuristic {
    let word = job.search_options.word("PuzzleHeuristic").unwrap_or("");
    Heuristic::ALL
        .iter()
        .find(|(name, _)| *name == word)
        .map_or(DEFAULT_HEURISTIC, |&(_, h)| h)
}

/// Runs the search `job` asks for on `pos`, telling its lines to `say`; returns the `bestmove`.
pub fn search_task(
    pos: &RushHour,
    job: &SearchJob,
    state: &mut WorkerState,
    say: &dyn Fn(Response),
) -> Option<Response> {
    let heuristic = heuristic(job);
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
