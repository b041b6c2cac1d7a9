//! A search as the worker runs it: what a search task needs besides the position, and the
//! protocol line each of the search's reports becomes. The variant registry and the games'
//! exact solvers (`exact`, `puzzles`, `rocks`) all build on it.

use crate::games::Game;
use crate::games::rules::RuleValues;
use crate::protocol::response::{Response, ScoreBound, SearchInfo};
use crate::search::limits::Limits;
use crate::search::tt::Bound;
use crate::search::{Algorithm, Progress, Report, score};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// What a search task needs besides the position.
pub struct SearchJob {
    /// Which search.
    pub algorithm: Algorithm,
    /// Its limits.
    pub limits: Limits,
    /// When the search started: `go`'s arrival, reset when the worker starts the task (a `go`
    /// that waited behind another task has its whole time from then).
    pub start: Instant,
    /// Raised by `stop` (a fresh flag per search).
    pub stop: Arc<AtomicBool>,
    /// The `Threads` option (used by the Connect Four solver).
    pub threads: usize,
    /// The values of the searched game's own search options (its registry entry's `search`),
    /// which its task reads.
    pub search_options: RuleValues,
    /// `Some(TraceLimit)` when `SearchTrace` is on.
    pub trace_limit: Option<u64>,
}

/// The protocol line for a search report of game `G`.
pub fn report_line<G: Game>(report: Report) -> Response {
    match report {
        Report::Note(text) => Response::InfoString(text),
        Report::Trace(node) => Response::Trace(node),
        Report::PuzzleCounts(counts) => Response::PuzzleCounts(counts),
        Report::Iteration(progress) => Response::Info(info::<G>(progress)),
    }
}

fn info<G: Game>(p: Progress) -> SearchInfo {
    SearchInfo {
        depth: p.depth,
        seldepth: p.seldepth,
        score: Some(score::report(p.score, G::PLIES_PER_MOVE)),
        bound: p.bound.and_then(|b| match b {
            Bound::Lower => Some(ScoreBound::Lower),
            Bound::Upper => Some(ScoreBound::Upper),
            Bound::Exact => None,
        }),
        nodes: p.nodes,
        time_ms: p.elapsed.as_millis() as u64,
        hashfull: p.hashfull,
        pv: p.pv,
    }
}
