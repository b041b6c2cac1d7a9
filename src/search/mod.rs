//! Game-independent search: iterative-deepening alpha-beta with a transposition table, the
//! textbook variants (plain minimax, plain alpha-beta, expectimax) and their trace, the puzzle
//! searches (breadth-first, A*, IDA*), limits and time management.

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
pub mod universe;

use crate::games::{Game, Outcome, Seat};
use control::Control;
use limits::Limits;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use tt::{Bound, TranspositionTable};

/// Which search `go` runs (option `Algorithm`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    /// Iterative-deepening principal-variation alpha-beta with table and move ordering; on a
    /// one-player puzzle, breadth-first search.
    AlphaBeta,
    /// Plain minimax: no pruning, no table, children in generation order.
    Minimax,
    /// Plain alpha-beta: children in generation order, no table.
    AlphaBetaPlain,
    /// Expectimax (chosen by the option `Opponent`, whatever `Algorithm` says): the opponent's
    /// nodes are chance nodes worth the expectation of their children.
    Expectimax(textbook::Vision),
    /// One-player puzzles: breadth-first search.
    Bfs,
    /// One-player puzzles: A* with the puzzle's estimate.
    AStar,
    /// One-player puzzles: IDA* with the puzzle's estimate.
    IdaStar,
}

impl Algorithm {
    /// Every algorithm, by option name.
    pub const ALL: [(&'static str, Algorithm); 6] = [
        ("alphabeta", Algorithm::AlphaBeta),
        ("minimax", Algorithm::Minimax),
        ("alphabeta-plain", Algorithm::AlphaBetaPlain),
        ("bfs", Algorithm::Bfs),
        ("astar", Algorithm::AStar),
        ("idastar", Algorithm::IdaStar),
    ];

    /// The option name (`expectimax` for the algorithm `Opponent` chooses).
    pub fn name(self) -> &'static str {
        Algorithm::ALL
            .iter()
            .find(|(_, a)| *a == self)
            .map_or("expectimax", |(name, _)| name)
    }

    /// True for the textbook searches (minimax, plain alpha-beta, expectimax), the traced ones.
    pub fn is_textbook(self) -> bool {
        matches!(
            self,
            Algorithm::Minimax | Algorithm::AlphaBetaPlain | Algorithm::Expectimax(_)
        )
    }

    /// True for the algorithms that only search one-player puzzles.
    pub fn is_puzzle_only(self) -> bool {
        matches!(self, Algorithm::Bfs | Algorithm::AStar | Algorithm::IdaStar)
    }

    /// Whether this algorithm can search a game with `one_player` (a puzzle) or two players;
    /// the error says why not.
    pub fn check(self, one_player: bool, game: &str) -> Result<(), String> {
        if self.is_puzzle_only() && !one_player {
            return Err(format!(
                "Algorithm {} searches one-player puzzles; {game} has two players \
                 (alphabeta, minimax or alphabeta-plain search it)",
                self.name()
            ));
        }
        Ok(())
    }
}

/// The estimate of the moves left that A* and IDA* use on a puzzle, with its name for the
/// report.
pub struct NamedEstimate<'a, G> {
    /// The option value naming it (`zero` for the generic one).
    pub name: &'a str,
    /// The estimate.
    pub estimate: puzzle::Estimate<'a, G>,
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
            wait_for_stop(&mut control);
        }
        return result;
    }
    let plain = match context.algorithm {
        Algorithm::AlphaBeta | Algorithm::Bfs | Algorithm::AStar | Algorithm::IdaStar => None,
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

/// A one-player puzzle: a solution by breadth-first search (`alphabeta`, `bfs`), A* or IDA*,
/// then the counts of the search in an `info string` (protocol.md, "rushhour").
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
    let (name, heuristic, outcome) = match algorithm {
        Algorithm::AStar => (
            "astar",
            estimate.name,
            puzzle::astar(pos, estimate.estimate, control, &mut stats),
        ),
        Algorithm::IdaStar => (
            "idastar",
            estimate.name,
            puzzle::ida_star(pos, estimate.estimate, control, &mut stats, table_entries),
        ),
        _ => (
            "bfs",
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
    report(Report::Note(format!(
        "puzzle algorithm {name} heuristic {heuristic} expanded {} generated {} peakopen {} \
         iterations {} microseconds {}",
        stats.expanded,
        stats.generated,
        stats.peak_open,
        stats.iterations,
        search_time.as_micros()
    )));
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
