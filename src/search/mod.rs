//! Game-independent search: iterative-deepening alpha-beta with a transposition table, the
//! textbook variants (plain minimax, plain alpha-beta, expectimax, the proof tree) and their trace, the puzzle
//! searches (breadth-first, A*, IDA*), limits and time management. This file declares the
//! modules, re-exports the types every caller uses, and dispatches a `go` to its search.

pub mod algorithm;
pub mod alphabeta;
pub mod context;
pub mod control;
pub mod limits;
pub mod node;
pub mod ordering;
pub mod proof;
pub mod puzzle;
pub mod report;
pub mod score;
pub mod textbook;
pub mod trace;
pub mod tt;

pub use algorithm::Algorithm;
pub use context::{NamedEstimate, SearchContext};
pub use report::{NOT_PROVEN, NOT_SOLVED, Progress, Report, SOLVED_WEAK, SearchResult, UNSOLVABLE};

use crate::games::{Game, Outcome};
use control::Control;
use puzzle::{PuzzleAlgorithm, PuzzleCounts};
use std::time::{Duration, Instant};

/// A short description of a finished game, for `info string`.
pub fn describe_outcome(outcome: Outcome) -> String {
    format!("game over: {outcome}")
}

/// The proof tree of `pos` (`Algorithm proof`), reading the game's own exact values (`exact`,
/// a table of the game's) instead of searching below the positions they give.
pub fn prove_with_values<G: Game>(
    pos: &G,
    context: SearchContext<'_>,
    exact: proof::ExactValues<'_, G>,
    report: &mut dyn FnMut(Report),
) -> SearchResult {
    let mut control = Control::new(context.stop, &context.limits, context.start);
    proof::prove(
        pos,
        &mut control,
        &context.limits,
        context.trace_limit,
        Some(exact),
        report,
    )
}

/// Runs the chosen search on `pos`, telling progress to `report`. A* and IDA* on a puzzle
/// use the estimate 0 (uniform cost); `run_with_estimate` gives them another.
pub fn run<G: Game>(
    pos: &G,
    context: SearchContext<'_>,
    report: &mut dyn FnMut(Report),
) -> SearchResult {
    let zero = NamedEstimate {
        name: "zero",
        estimate: &|_: &G| 0,
    };
    run_with_estimate(pos, context, &zero, report)
}

/// `run`, with `estimate` for A* and IDA* on a one-player puzzle.
pub fn run_with_estimate<G: Game>(
    pos: &G,
    context: SearchContext<'_>,
    estimate: &NamedEstimate<'_, G>,
    report: &mut dyn FnMut(Report),
) -> SearchResult {
    let one_player = G::PLIES_PER_MOVE == 1;
    if let Err(message) = context.algorithm.check(one_player, G::NAME) {
        report(Report::Note(format!("error: {message}")));
        return SearchResult {
            best_move: None,
            score: None,
            proven: false,
            nodes: 0,
        };
    }
    if let Some(outcome) = pos.outcome() {
        report(Report::Note(describe_outcome(outcome)));
        if context.limits.infinite {
            while !context.stop.load(std::sync::atomic::Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(1));
            }
        }
        return SearchResult {
            best_move: None,
            score: None,
            proven: true,
            nodes: 0,
        };
    }
    let mut control = Control::new(context.stop, &context.limits, context.start);
    if one_player
        && (context.algorithm == Algorithm::AlphaBeta || context.algorithm.is_puzzle_only())
    {
        let table_entries =
            context.table.megabytes() * (1 << 20) / puzzle::idastar::TABLE_ENTRY_BYTES;
        let result = solve_puzzle(
            pos,
            context.algorithm,
            estimate,
            table_entries,
            &mut control,
            report,
        );
        // Solved (or found unsolvable) before `stop`: `go infinite` still waits for it.
        if context.limits.infinite && result.proven {
            control.wait_for_stop();
        }
        return result;
    }
    if context.algorithm == Algorithm::Proof {
        return proof::prove(
            pos,
            &mut control,
            &context.limits,
            context.trace_limit,
            None,
            report,
        );
    }
    let plain = match context.algorithm {
        Algorithm::AlphaBeta
        | Algorithm::Bfs
        | Algorithm::AStar
        | Algorithm::IdaStar
        | Algorithm::Proof => None,
        Algorithm::Minimax => Some(textbook::Plain::Minimax),
        Algorithm::AlphaBetaPlain => Some(textbook::Plain::AlphaBeta),
        Algorithm::Expectimax(vision) => Some(textbook::Plain::Expectimax(vision)),
    };
    let result = match plain {
        None => alphabeta::Searcher::new(context.table, &mut control, &context.limits)
            .iterate(pos, report),
        Some(kind) => textbook::iterate(
            pos,
            kind,
            &mut control,
            &context.limits,
            context.trace_limit,
            report,
        ),
    };
    if context.limits.solve && !result.proven {
        report(Report::Note(NOT_PROVEN.to_string()));
    }
    result
}

/// A one-player puzzle: a solution by breadth-first search (`alphabeta`, `bfs`), A* or IDA*,
/// then the counts of the search (protocol.md, the puzzle game's section).
fn solve_puzzle<G: Game>(
    pos: &G,
    algorithm: Algorithm,
    estimate: &NamedEstimate<'_, G>,
    table_entries: usize,
    control: &mut Control<'_>,
    report: &mut dyn FnMut(Report),
) -> SearchResult {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut result = SearchResult {
        best_move: moves.first().map(|&mv| pos.move_text(mv)),
        score: None,
        proven: false,
        nodes: 0,
    };
    let mut stats = puzzle::PuzzleStats::default();
    // The search's own time, without the wait for the worker before it.
    let began = Instant::now();
    let (searched, heuristic, outcome) = match algorithm {
        Algorithm::AStar => (
            PuzzleAlgorithm::AStar,
            estimate.name,
            puzzle::astar(pos, estimate.estimate, control, &mut stats),
        ),
        Algorithm::IdaStar => (
            PuzzleAlgorithm::IdaStar,
            estimate.name,
            puzzle::ida_star(pos, estimate.estimate, control, &mut stats, table_entries),
        ),
        _ => (
            PuzzleAlgorithm::Bfs,
            "none",
            puzzle::breadth_first(pos, control, &mut stats),
        ),
    };
    let search_time = began.elapsed();
    match outcome {
        puzzle::PuzzleResult::Solved(line) => {
            let length = line.len() as u32;
            let score = score::win_in(length);
            report(Report::Iteration(Progress {
                depth: length,
                seldepth: length,
                score,
                bound: None,
                nodes: stats.expanded,
                elapsed: control.elapsed(),
                hashfull: None,
                pv: alphabeta::pv_text(pos, &line),
            }));
            result.best_move = line.first().map(|&mv| pos.move_text(mv));
            result.score = Some(score);
            result.proven = true;
        }
        puzzle::PuzzleResult::Unsolvable => {
            report(Report::Note(UNSOLVABLE.to_string()));
            result.best_move = None;
            result.proven = true;
        }
        puzzle::PuzzleResult::Stopped => {
            report(Report::Note(NOT_SOLVED.to_string()));
        }
    }
    report(Report::PuzzleCounts(PuzzleCounts {
        algorithm: searched,
        heuristic: heuristic.to_string(),
        expanded: stats.expanded,
        generated: stats.generated,
        peak_open: stats.peak_open,
        iterations: stats.iterations,
        microseconds: u64::try_from(search_time.as_micros()).unwrap_or(u64::MAX),
    }));
    result.nodes = stats.expanded;
    result
}

/// Searches `pos` with `algorithm` to `depth` (or until proven) with `table`, for tests:
/// the result and every report.
#[cfg(test)]
pub fn search_for_test<G: Game>(
    pos: &G,
    algorithm: Algorithm,
    depth: Option<u32>,
    table: &mut tt::TranspositionTable,
) -> (SearchResult, Vec<Report>) {
    let stop = std::sync::atomic::AtomicBool::new(false);
    let mut reports = Vec::new();
    let context = SearchContext {
        algorithm,
        limits: limits::Limits {
            depth,
            ..limits::Limits::default()
        },
        start: Instant::now(),
        stop: &stop,
        table,
        trace_limit: None,
    };
    let result = run(pos, context, &mut |r| reports.push(r));
    (result, reports)
}

/// `search_for_test` with a fresh 4 MB table, keeping only the result.
#[cfg(test)]
pub fn run_for_test<G: Game>(pos: &G, algorithm: Algorithm, depth: Option<u32>) -> SearchResult {
    search_for_test(pos, algorithm, depth, &mut tt::TranspositionTable::new(4)).0
}

#[cfg(test)]
mod tests;
