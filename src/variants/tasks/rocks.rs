//! `go` on the rocks game: the exact value from the retrograde table of the puzzle (made at the
//! first `go` that needs it, kept by the worker), and a move that keeps it.

use super::super::job::{SearchJob, report_line};
use super::super::solution::{SolveJob, Statistic};
use super::super::task::{KeptSolver, WorkerState};
use super::Solved;
use crate::games::Game;
use crate::games::rocks::RushHourRocks;
use crate::games::rocks::solver::{RocksError, RocksTable, Value};
use crate::protocol::response::{Response, SearchInfo};
use crate::search::limits::TimeBudget;
use crate::search::score;
use crate::search::{Algorithm, Report, SearchContext};
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
/// value-keeping moves, and the first of them; `Algorithm proof` (without `solve`) builds the
/// proof tree on the table's values. A timed `go` gives the table's making half of its
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
    let proof = job.algorithm == Algorithm::Proof && !limits.solve;
    let use_table = limits.solve || (job.algorithm == Algorithm::AlphaBeta && plain) || proof;
    if pos.outcome().is_some() || !use_table {
        return None;
    }
    let made = if state.kept::<RocksTable>().is_some_and(|t| t.covers(pos)) {
        None
    } else {
        Some(make_table(pos, job, state, say)?)
    };
    if proof {
        return Some(proof_from_table(pos, job, state, say));
    }
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

/// `Algorithm proof` on the rocks game: the proof tree, each position's exact value read from
/// the table rather than searched (the plain search cannot reach the end of a game of 100 car
/// moves), so that only the tree's own size bounds it.
fn proof_from_table(
    pos: &RushHourRocks,
    job: &SearchJob,
    state: &mut WorkerState,
    say: &dyn Fn(Response),
) -> Response {
    let (table, search_table) = state.kept_and_table::<RocksTable>();
    let exact = |p: &RushHourRocks| {
        let (winner, plies) = table.as_ref()?.result(p)?;
        Some(if winner == p.side_to_move() {
            score::win_in(plies)
        } else {
            score::loss_in(plies)
        })
    };
    let context = SearchContext {
        algorithm: Algorithm::Proof,
        limits: job.limits.clone(),
        start: job.start,
        stop: &job.stop,
        table: search_table,
        trace_limit: job.trace_limit,
    };
    let mut report = |r: Report| say(report_line::<RushHourRocks>(r));
    let result = crate::search::prove_with_values(pos, context, &exact, &mut report);
    Response::BestMove(result.best_move)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Seat;
    use crate::games::rocks::DEFAULT_MAX_TURNS;
    use crate::search::limits::Limits;
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    /// The lines `Algorithm proof` with a trace of `limit` nodes says on `pos`: through the
    /// rocks task (the table's values) if `from_table`, else through the plain search.
    fn proof_lines(pos: &RushHourRocks, from_table: bool, limit: u64) -> Vec<Response> {
        let job = SearchJob {
            algorithm: Algorithm::Proof,
            limits: Limits::default(),
            start: Instant::now(),
            stop: Arc::new(AtomicBool::new(false)),
            threads: 1,
            search_options: crate::games::rules::RuleValues::defaults(&[]),
            trace_limit: Some(limit),
        };
        let mut state = WorkerState::new(16);
        let lines = std::cell::RefCell::new(Vec::new());
        let say = |line: Response| lines.borrow_mut().push(line);
        let last = if from_table {
            rocks_task(pos, &job, &mut state, &say).expect("the table answers")
        } else {
            let result = super::super::run_search(pos, &job, Algorithm::Proof, &mut state, &say);
            Response::BestMove(result.best_move)
        };
        let mut lines = lines.into_inner();
        lines.push(last);
        lines
    }

    /// The trace, the proof's size and value and its best move, without times nor the table's
    /// note.
    fn proof_of(lines: &[Response]) -> Vec<String> {
        lines
            .iter()
            .filter_map(|line| match line {
                Response::Trace(node) => Some(node.to_string()),
                Response::Info(info) => Some(format!(
                    "depth {} nodes {} score {:?} pv {:?}",
                    info.depth, info.nodes, info.score, info.pv
                )),
                Response::BestMove(best) => Some(format!("bestmove {best:?}")),
                Response::InfoString(note) if note.starts_with("proof tree of") => {
                    note.split(';').next().map(str::to_string)
                }
                _ => None,
            })
            .collect()
    }

    #[test]
    fn a_proof_from_the_table_is_the_searched_proof_where_the_search_reaches() {
        // The course's first puzzle with ten car moves: the plain search reaches every end.
        let pos =
            RushHourRocks::parse("....B.....BC.AA.BC.D.....D.....DEEE. c 8", 10).expect("rocks");
        let searched = proof_of(&proof_lines(&pos, false, 1_000_000));
        let from_table = proof_of(&proof_lines(&pos, true, 1_000_000));
        assert!(searched.len() > 10, "{searched:?}");
        assert_eq!(from_table, searched);
    }

    #[test]
    fn at_the_default_hundred_car_moves_the_table_gives_the_proof_the_search_cannot() {
        // The course's first puzzle with the default limit, played perfectly (the table's
        // moves) until the cars are three car moves from the exit.
        let mut pos =
            RushHourRocks::parse("....B.....BC.AA.BC.D.....D.....DEEE. c", DEFAULT_MAX_TURNS)
                .expect("rocks");
        let table = RocksTable::solve(&pos, 64 << 20, &|| false).expect("a table");
        while table.value(&pos) != Some(Value::CarsOutIn(3)) || pos.side_to_move() != Seat::P1 {
            let mv = table.best_move(&pos).expect("a move");
            pos.play(mv);
        }
        // The plain search goes down lines of 200 plies (the rocks holding on) and gives up.
        let searched = proof_lines(&pos, false, 1_000);
        assert!(
            searched.iter().any(|line| matches!(line,
                Response::InfoString(note) if note.starts_with("error: no proof tree"))),
            "{searched:?}"
        );
        // From the table: the tree the plain search gives where the game ends three car moves
        // on (the same values: no line of the proof reaches either limit).
        let from_table = proof_of(&proof_lines(&pos, true, 1_000_000));
        let near_the_end =
            RushHourRocks::parse(&pos.fen(), pos.turns() + 3).expect("the same position");
        let searched = proof_of(&proof_lines(&near_the_end, false, 1_000_000));
        assert!(
            searched.iter().any(|l| l.starts_with("proof tree of")),
            "{searched:?}"
        );
        assert_eq!(from_table, searched);
    }
}
