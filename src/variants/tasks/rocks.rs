//! `go` on the rocks game: the exact value from the retrograde table of the puzzle (made at the
//! first `go` that needs it, kept by the worker), and a move that keeps it.

use super::super::job::SearchJob;
use super::super::solution::{SolveJob, Statistic};
use super::super::task::{KeptSolver, WorkerState};
use super::Solved;
use crate::games::Game;
use crate::games::rocks::RushHourRocks;
use crate::games::rocks::solver::{RocksError, RocksTable, Value};
use crate::protocol::response::{Response, SearchInfo};
use crate::search::Algorithm;
use crate::search::limits::TimeBudget;
use crate::search::score;
use std::sync::atomic::Ordering;
use std::time::Instant;

/// How the note of the table's value begins (`rocks table value cars out in 57 (made in ...)`).
const TABLE_NOTE: &str = "rocks table value";

/// The rocks game's exact solve (`Variant::solve`): its `go solve`, answered from the table,
/// with the table's note (its value, and how it was made) as the statistic `note` (empty when
/// the table could not be made and the search solved instead).
pub fn solve(
    _pos: &RushHourRocks,
    job: SolveJob<'_>,
    by_search: &dyn Fn(SolveJob<'_>) -> Solved,
) -> Solved {
    let mut solution = by_search(job)?;
    let note = solution
        .notes
        .iter()
        .find(|note| note.starts_with(TABLE_NOTE))
        .cloned()
        .unwrap_or_default();
    solution.statistics.push(("note", Statistic::Text(note)));
    Ok(solution)
}

/// A new game keeps no table: the next `go` makes its puzzle's again.
impl KeptSolver for RocksTable {
    fn cleared(self: Box<Self>) -> Option<Box<dyn KeptSolver>> {
        None
    }
}

/// `go` on `rushhour-rocks`. `go solve` (any `Algorithm`), and `go` with `Algorithm alphabeta`
/// and no `depth`, `nodes` or `infinite`, answer from the table: its value, the line of
/// value-keeping moves, and the first of them. A timed `go` gives the table's making half of its
/// soft time. Returns `None` to leave the position to the generic search: a finished game, the
/// other `go`s, and a table that cannot be made in time or within half of `Hash` (an `info
/// string` says which).
pub fn rocks_task(
    pos: &RushHourRocks,
    job: &SearchJob,
    state: &mut WorkerState,
    say: &dyn Fn(Response),
) -> Option<Response> {
    let limits = &job.limits;
    let plain = !limits.infinite && limits.depth.is_none() && limits.nodes.is_none();
    let use_table = limits.solve || (job.algorithm == Algorithm::AlphaBeta && plain);
    if pos.outcome().is_some() || !use_table {
        return None;
    }
    let made = if state.kept::<RocksTable>().is_some_and(|t| t.covers(pos)) {
        None
    } else {
        Some(make_table(pos, job, state, say)?)
    };
    let table = state.kept::<RocksTable>()?;
    let (winner, plies) = table.result(pos)?;
    let score = if winner == pos.side_to_move() {
        score::win_in(plies)
    } else {
        score::loss_in(plies)
    };
    let mut line = Vec::new();
    let mut current = pos.clone();
    while current.outcome().is_none() {
        let Some(mv) = table.best_move(&current) else {
            break;
        };
        line.push(mv);
        current.play(mv);
    }
    say(Response::Info(SearchInfo {
        depth: plies,
        seldepth: plies,
        score: Some(score::report(score, RushHourRocks::PLIES_PER_MOVE)),
        bound: None,
        nodes: made.map_or(0, |(settled, _)| settled),
        time_ms: job.start.elapsed().as_millis() as u64,
        hashfull: None,
        pv: crate::search::alphabeta::pv_text(pos, &line),
    }));
    let value = match table.value(pos) {
        Some(Value::CarsOutIn(n)) => format!("cars out in {n}"),
        _ => "held".to_string(),
    };
    let source = match made {
        Some((_, micros)) => format!(
            "made in {micros} microseconds: {} configurations, {} states settled, {} KB",
            table.configurations_count(),
            table.settled,
            table.bytes() / 1024
        ),
        None => "made before".to_string(),
    };
    say(Response::InfoString(format!(
        "{TABLE_NOTE} {value} ({source})"
    )));
    Some(Response::BestMove(
        line.first().map(|&mv| pos.move_text(mv)),
    ))
}

/// Makes the table of `pos`'s puzzle in the worker, within half of `Hash` (the search's table
/// gets the other half), by the `go`'s deadline; returns the states settled and the time taken
/// in microseconds, or `None` after saying why not.
fn make_table(
    pos: &RushHourRocks,
    job: &SearchJob,
    state: &mut WorkerState,
    say: &dyn Fn(Response),
) -> Option<(u64, u128)> {
    let (half, resized) = state.make_room();
    if let Err(message) = resized {
        say(Response::Error(message));
    }
    let budget = TimeBudget::from_limits(&job.limits);
    let deadline = budget.map(|b| {
        if job.limits.solve {
            job.start + b.hard
        } else {
            job.start + b.soft / 2
        }
    });
    let stop = || job.stop.load(Ordering::Relaxed) || deadline.is_some_and(|d| Instant::now() >= d);
    let began = Instant::now();
    match RocksTable::solve(pos, half << 20, &stop) {
        Ok(table) => {
            let settled = table.settled;
            state.set_kept(table);
            Some((settled, began.elapsed().as_micros()))
        }
        Err(RocksError::TooBig(bytes)) => {
            say(Response::InfoString(format!(
                "the rocks table needs more than {half} MB (half of Hash; it had reached {} KB); searching instead",
                bytes / 1024
            )));
            None
        }
        Err(RocksError::Stopped) => {
            say(Response::InfoString(
                "the rocks table was not made in time; searching instead".to_string(),
            ));
            None
        }
        Err(RocksError::Over) => None,
    }
}
