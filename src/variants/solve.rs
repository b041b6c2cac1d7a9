//! The solve every game has: the position's `go solve` search (asking the game's exact solver
//! first, as every `go` does), run to its end on a fresh worker state, its lines read back
//! into a `Solution`. A game whose solver gives more (Connect Four's value of every column)
//! declares a solve of its own (`tasks::OwnSolve`), which may start from this one.

use super::job::SearchJob;
use super::solution::{Solution, SolveError, SolveJob, SolveProgress, SolvedValue, Statistic};
use super::task::WorkerState;
use super::variant::Variant;
use crate::protocol::response::{Response, SearchInfo};
use crate::search::limits::Limits;
use crate::search::puzzle::PuzzleCounts;
use crate::search::score::Reported;
use crate::search::{Algorithm, NOT_PROVEN, NOT_SOLVED};
use std::cell::RefCell;
use std::sync::atomic::Ordering;
use std::time::Instant;

/// Solves `variant`'s position by its `go solve` search: the value and line of the search's
/// last `info`, its move, its notes, and for a puzzle the length of the solution and the
/// search's counts. The progress is one part: its start, then its end.
pub fn solve_by_search(variant: &dyn Variant, job: SolveJob<'_>) -> Result<Solution, SolveError> {
    if let Some(outcome) = variant.outcome() {
        return Err(SolveError::Over(outcome));
    }
    let puzzle = variant.is_puzzle();
    let algorithm = job.algorithm.unwrap_or(if puzzle {
        Algorithm::AStar
    } else {
        Algorithm::AlphaBeta
    });
    algorithm
        .check(puzzle, variant.name())
        .map_err(SolveError::Unfit)?;
    let started = Instant::now();
    let report = |step, doing: Option<&str>, nodes| {
        (job.progress)(SolveProgress {
            step,
            steps: 1,
            doing: doing.map(str::to_string),
            bounds: None,
            nodes,
            elapsed: started.elapsed(),
        })
    };
    report(0, Some("the position"), 0);
    let limits = Limits {
        solve: true,
        ..Limits::default()
    };
    let search = SearchJob {
        algorithm,
        limits,
        start: started,
        stop: job.stop.clone(),
        threads: job.threads,
        search_options: job.search_options,
        trace_limit: None,
    };
    let task = variant.search_task(search);
    // The textbook searches use no table: none is made for them.
    let hash_mb = if algorithm.is_textbook() {
        1
    } else {
        job.hash_mb
    };
    let mut state = WorkerState::new(hash_mb);
    let lines = RefCell::new(Vec::new());
    let last = task(&mut state, &|line| lines.borrow_mut().push(line));
    if job.stop.load(Ordering::Relaxed) {
        return Err(SolveError::Interrupted);
    }
    let said = Said::read(lines.into_inner(), last);
    if !said.errors.is_empty() {
        return Err(SolveError::Failed(said.errors));
    }
    if said
        .notes
        .iter()
        .any(|note| note == NOT_PROVEN || note == NOT_SOLVED)
    {
        return Err(SolveError::NotSolved(said.notes));
    }
    let (score, pv, nodes) = match said.info {
        Some(info) => (info.score, info.pv, info.nodes),
        None => (None, Vec::new(), 0),
    };
    let (value, length) = match (puzzle, score) {
        (true, Some(Reported::Mate(moves))) => (Reported::Mate(moves), Some(moves.unsigned_abs())),
        (true, _) => return Err(SolveError::NoSolution(said.notes)),
        (false, Some(value)) => (value, None),
        (false, None) => return Err(SolveError::NotSolved(said.notes)),
    };
    let solution = Solution {
        value: SolvedValue::Reported(value),
        best_move: said.best_move,
        pv,
        move_values: Vec::new(),
        length,
        nodes,
        statistics: said.counts.map(|c| statistics(&c)).unwrap_or_default(),
        notes: said.notes,
    };
    report(1, None, solution.nodes);
    Ok(solution)
}

/// What a search task said, sorted.
struct Said {
    /// Its last `info` line.
    info: Option<SearchInfo>,
    /// Its `info string` lines (a puzzle search's counts among them, as on the wire).
    notes: Vec<String>,
    /// Its `info string error` lines.
    errors: Vec<String>,
    /// A puzzle search's counts.
    counts: Option<PuzzleCounts>,
    /// Its `bestmove`.
    best_move: Option<String>,
}

impl Said {
    /// Sorts the `lines` a task said before its `last`.
    fn read(lines: Vec<Response>, last: Response) -> Said {
        let mut said = Said {
            info: None,
            notes: Vec::new(),
            errors: Vec::new(),
            counts: None,
            best_move: None,
        };
        for line in lines.into_iter().chain([last]) {
            match line {
                Response::Info(info) => said.info = Some(info),
                Response::InfoString(text) => said.notes.push(text),
                Response::PuzzleCounts(counts) => {
                    said.notes.push(counts.to_string());
                    said.counts = Some(counts);
                }
                Response::Error(text) => said.errors.push(text),
                Response::BestMove(best) => said.best_move = best,
                _ => {}
            }
        }
        said
    }
}

/// A puzzle search's counts as a solution's statistics, named as the protocol's line names
/// them.
fn statistics(counts: &PuzzleCounts) -> Vec<(&'static str, Statistic)> {
    vec![
        (
            "algorithm",
            Statistic::Text(counts.algorithm.name().to_string()),
        ),
        ("heuristic", Statistic::Text(counts.heuristic.clone())),
        ("expanded", Statistic::Count(counts.expanded)),
        ("generated", Statistic::Count(counts.generated)),
        ("peakopen", Statistic::Count(counts.peak_open)),
        ("iterations", Statistic::Count(u64::from(counts.iterations))),
        ("microseconds", Statistic::Count(counts.microseconds)),
    ]
}
