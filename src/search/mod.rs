//! Game-independent search: iterative-deepening alpha-beta with a transposition table, the
//! textbook variants (plain minimax, plain alpha-beta, expectimax) and their trace, limits and
//! time management.

pub mod alphabeta;
pub mod control;
pub mod limits;
pub mod node;
pub mod ordering;
pub mod puzzle;
pub mod score;
pub mod solve;
pub mod textbook;
pub mod trace;
pub mod tt;

use crate::games::{Game, Outcome, Seat};
use control::Control;
use limits::Limits;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use tt::{Bound, TranspositionTable};

/// Which search `go` runs (option `Algorithm`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    /// Iterative-deepening principal-variation alpha-beta with table and move ordering.
    AlphaBeta,
    /// Plain minimax: no pruning, no table, children in generation order.
    Minimax,
    /// Plain alpha-beta: children in generation order, no table.
    AlphaBetaPlain,
    /// Expectimax (chosen by the option `Opponent`, whatever `Algorithm` says): the opponent's
    /// nodes are chance nodes worth the expectation of their children.
    Expectimax(textbook::Vision),
}

impl Algorithm {
    /// Every algorithm, by option name.
    pub const ALL: [(&'static str, Algorithm); 3] = [
        ("alphabeta", Algorithm::AlphaBeta),
        ("minimax", Algorithm::Minimax),
        ("alphabeta-plain", Algorithm::AlphaBetaPlain),
    ];
}

/// One finished iteration (or the final state of a search), before formatting.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Depth of the iteration.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Score from the side to move (see `score`).
    pub score: i32,
    /// `None` when exact; otherwise the score is only a bound.
    pub bound: Option<Bound>,
    /// Nodes visited: since `go` for the full search, by this iteration alone for the
    /// textbook algorithms (so that the last line equals a `go depth N` search).
    pub nodes: u64,
    /// Time since `go`.
    pub elapsed: Duration,
    /// Table fill in permille (`None` without a table).
    pub hashfull: Option<u32>,
    /// Principal variation in move notation.
    pub pv: Vec<String>,
}

/// What a search tells while it runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Report {
    /// An iteration completed.
    Iteration(Progress),
    /// A remark for the user (`info string`).
    Note(String),
    /// A finished node of a traced textbook search (`SearchTrace`).
    Trace(trace::TraceNode),
}

/// The end of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play, in move notation; `None` when the game is over.
    pub best_move: Option<String>,
    /// Score of the last completed iteration.
    pub score: Option<i32>,
    /// True when the score is the game's exact value (the search reached every end).
    pub proven: bool,
    /// Nodes visited in all.
    pub nodes: u64,
}

/// Everything a search needs besides the position.
pub struct SearchContext<'a> {
    /// Which algorithm.
    pub algorithm: Algorithm,
    /// Depth, node and time limits.
    pub limits: Limits,
    /// When `go` arrived.
    pub start: Instant,
    /// Raised by `stop`.
    pub stop: &'a AtomicBool,
    /// The table of the full search.
    pub table: &'a mut TranspositionTable,
    /// `Some(limit)` when `SearchTrace` is on: the textbook searches trace their first
    /// `limit` nodes (`TraceLimit`); the full search is never traced.
    pub trace_limit: Option<u64>,
}

/// The deepest iteration any search runs.
pub const MAX_DEPTH: u32 = 120;

/// The score of a finished position, from its side to move, `ply` plies from the root.
pub fn terminal_score<G: Game>(pos: &G, outcome: Outcome, ply: u32) -> i32 {
    match outcome {
        Outcome::Draw => 0,
        Outcome::Score(v) if pos.side_to_move() == Seat::P1 => v,
        Outcome::Score(v) => -v,
        Outcome::Win(seat) if seat == pos.side_to_move() => score::win_in(ply),
        Outcome::Win(_) => score::loss_in(ply),
    }
}

/// True when `parent` and `child` have the same side to move.
#[inline]
pub fn same_side<G: Game>(parent: &G, child: &G) -> bool {
    parent.side_to_move() == child.side_to_move()
}

/// A short description of a finished game, for `info string`.
pub fn describe_outcome(outcome: Outcome) -> String {
    format!("game over: {outcome}")
}

/// Runs the chosen search on `pos`, telling progress to `report`.
pub fn run<G: Game>(
    pos: &G,
    context: SearchContext<'_>,
    report: &mut dyn FnMut(Report),
) -> SearchResult {
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
    if G::PLIES_PER_MOVE == 1 && context.algorithm == Algorithm::AlphaBeta {
        let result = solve_puzzle(pos, &mut control, report);
        // Solved (or found unsolvable) before `stop`: `go infinite` still waits for it.
        if context.limits.infinite && result.proven {
            wait_for_stop(&mut control);
        }
        return result;
    }
    let plain = match context.algorithm {
        Algorithm::AlphaBeta => None,
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
        report(Report::Note(
            "stopped before the value was proven".to_string(),
        ));
    }
    result
}

/// A one-player puzzle: an optimal solution by breadth-first search.
fn solve_puzzle<G: Game>(
    pos: &G,
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
    match puzzle::breadth_first(pos, control) {
        puzzle::PuzzleResult::Solved(line) => {
            let length = line.len() as u32;
            let score = score::win_in(length);
            report(Report::Iteration(Progress {
                depth: length,
                seldepth: length,
                score,
                bound: None,
                nodes: control.nodes,
                elapsed: control.elapsed(),
                hashfull: None,
                pv: alphabeta::pv_text(pos, &line),
            }));
            result.best_move = line.first().map(|&mv| pos.move_text(mv));
            result.score = Some(score);
            result.proven = true;
        }
        puzzle::PuzzleResult::Unsolvable => {
            report(Report::Note("unsolvable".to_string()));
            result.best_move = None;
            result.proven = true;
        }
        puzzle::PuzzleResult::Stopped => {
            report(Report::Note(
                "stopped before a solution was found".to_string(),
            ));
        }
    }
    result.nodes = control.nodes;
    result
}

/// Searches `pos` with `algorithm` to `depth` (or until proven) with `table`, for tests:
/// the result and every report.
#[cfg(test)]
pub fn search_for_test<G: Game>(
    pos: &G,
    algorithm: Algorithm,
    depth: Option<u32>,
    table: &mut TranspositionTable,
) -> (SearchResult, Vec<Report>) {
    let stop = AtomicBool::new(false);
    let mut reports = Vec::new();
    let context = SearchContext {
        algorithm,
        limits: Limits {
            depth,
            ..Limits::default()
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
    search_for_test(pos, algorithm, depth, &mut TranspositionTable::new(4)).0
}

/// Waits for `stop` after a search that ended early under `go infinite`, as UCI requires.
pub fn wait_for_stop(control: &mut Control<'_>) {
    while !control.stop_requested() {
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// True when a completed iteration of `depth` plies proves its root score: every line was
/// searched to the end of the game (`no_horizon`), or a mate was found within the depth (no
/// deeper search can change a mate that short).
pub fn is_proven(score: i32, depth: u32, no_horizon: bool) -> bool {
    no_horizon || (score::is_mate(score) && (score::MATE - score.abs()) as u32 <= depth)
}

#[cfg(test)]
mod tests;
