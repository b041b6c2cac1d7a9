//! Connect Four's exact solve from Python: the crate's solver on the state's position (in the
//! narrowest word its board fits), the score of the position and of every column, with the GIL
//! released, Ctrl-C honoured and its progress told to a callback as it narrows.

use crate::args;
use crate::run::run_watched;
use crate::state::State;
use pyo3::exceptions::{PyKeyboardInterrupt, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use sente::engine::options::{MAX_HASH_MB, MAX_THREADS};
use sente::games::Game;
use sente::games::connect4::solver::{Interrupted, Narrowing, Solver, SolverWord, value_table};
use sente::games::connect4::{Connect4, fen_shape};
use sente::with_board_word;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Solves a Connect Four state: `score`, `columns` (move, score) and `nodes` (searched by the
/// whole call, the columns' solves included). `progress`, if
/// given, is called with a dict (`step`, `steps`, `doing`, `lower`, `upper`, `nodes`,
/// `elapsed`) each time the solve narrows or finishes a step; an exception it raises stops
/// the solve.
#[pyfunction]
#[pyo3(signature = (state, columns = true, hash = None, threads = None, progress = None))]
pub fn solve_connect4<'py>(
    py: Python<'py>,
    state: &Bound<'py, State>,
    columns: bool,
    hash: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
    progress: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let hash =
        args::whole_opt(hash, "hash", "MB", 1, MAX_HASH_MB as i64)?.map_or(64, |h| h as usize);
    let threads = args::whole_opt(threads, "threads", "threads", 1, MAX_THREADS as i64)?
        .map_or(1, |t| t as usize);
    let fen = {
        let state = state.borrow();
        let inner = state.lock();
        if inner.variant.name() != "connect4" {
            return Err(PyValueError::new_err(format!(
                "the Connect Four solver solves connect4, not {}",
                inner.variant.name()
            )));
        }
        inner.variant.fen()
    };
    let shape = fen_shape(&fen).map_err(|e| PyValueError::new_err(e.to_string()))?;
    if let Some(callback) = &progress
        && !callback.is_callable()
    {
        return Err(pyo3::exceptions::PyTypeError::new_err(
            "progress is a function called with each step of the solve",
        ));
    }
    let job = Job {
        columns,
        hash,
        threads,
        progress,
    };
    with_board_word!(shape, B => solve_in::<B>(py, &fen, job))
}

/// What `solve_connect4` was asked besides the position.
struct Job<'py> {
    columns: bool,
    hash: usize,
    threads: usize,
    progress: Option<Bound<'py, PyAny>>,
}

/// One report of a solve's progress, from the side to move of the position solved.
#[derive(Clone, Debug)]
struct Step {
    /// Steps finished: the position's own solve, then each column's that does not end the game.
    done: usize,
    /// What is being solved (`the position`, `column 4`); `None` once all is done.
    doing: Option<String>,
    /// The bounds proven so far on the score of what is being solved.
    bounds: Option<(i32, i32)>,
    /// Nodes searched for the step so far.
    nodes: u64,
}

/// The reports of a solve not yet given to Python.
type Steps = Arc<Mutex<Vec<Step>>>;

/// Adds a report (a poisoned lock only loses reports).
fn tell(steps: &Steps, step: Step) {
    if let Ok(mut steps) = steps.lock() {
        steps.push(step);
    }
}

/// `solve_connect4` with the solver of words `B`, which hold the board of `fen`.
fn solve_in<'py, B: SolverWord>(
    py: Python<'py>,
    fen: &str,
    job: Job<'py>,
) -> PyResult<Bound<'py, PyDict>> {
    let Job {
        columns,
        hash,
        threads,
        progress,
    } = job;
    let pos = Connect4::<B>::from_fen(fen).map_err(|e| PyValueError::new_err(e.to_string()))?;
    if let Some(outcome) = pos.outcome() {
        return Err(PyValueError::new_err(format!(
            "the game is over ({outcome}): nothing to solve"
        )));
    }
    // The position's own solve, then each column's that does not end the game.
    let steps_total = 1 + if columns { open_columns(&pos) } else { 0 };
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let steps: Steps = Arc::default();
    let told = steps.clone();
    let started = Instant::now();
    let work = move || {
        let mut solver = Solver::<B>::new(hash);
        solver.set_value_table(value_table::shipped());
        solver.set_threads(threads);
        solver.set_stop(flag, None);
        let position = || Some("the position".to_string());
        tell(
            &told,
            Step {
                done: 0,
                doing: position(),
                bounds: None,
                nodes: 0,
            },
        );
        let score = solver.solve(&pos, &mut |n: Narrowing| {
            tell(
                &told,
                Step {
                    done: 0,
                    doing: position(),
                    bounds: Some((n.lower, n.upper)),
                    nodes: n.nodes,
                },
            );
        })?;
        let scores = if columns {
            let mut done = 1;
            let mut current = None;
            solver.column_scores_reporting(&pos, &mut |col, n: Narrowing| {
                if current.is_some_and(|c| c != col) {
                    done += 1;
                }
                current = Some(col);
                // The column's position is the opponent's: its bounds negated, from ours.
                tell(
                    &told,
                    Step {
                        done,
                        doing: Some(format!("column {}", pos.move_text(col))),
                        bounds: Some((-n.upper, -n.lower)),
                        nodes: n.nodes,
                    },
                );
            })?
        } else {
            Vec::new()
        };
        // Every node of the call: the position's solve and each column's (a position the
        // shipped table answers takes none, its columns may take the whole time).
        let nodes = solver.nodes;
        tell(
            &told,
            Step {
                done: steps_total,
                doing: None,
                bounds: Some((score, score)),
                nodes,
            },
        );
        let named: Vec<(String, i32)> = scores
            .into_iter()
            .map(|(col, s)| (pos.move_text(col), s))
            .collect();
        Ok::<_, Interrupted>((score, named, nodes, started.elapsed().as_secs_f64()))
    };
    let outcome = match &progress {
        None => run_watched(py, &stop, work, None),
        Some(callback) => {
            let mut report = |py: Python<'_>| -> PyResult<()> {
                let new: Vec<Step> = steps
                    .lock()
                    .map(|mut s| s.drain(..).collect())
                    .unwrap_or_default();
                for step in new {
                    let d = PyDict::new(py);
                    d.set_item("step", step.done)?;
                    d.set_item("steps", steps_total)?;
                    d.set_item("doing", step.doing)?;
                    d.set_item("lower", step.bounds.map(|b| b.0))?;
                    d.set_item("upper", step.bounds.map(|b| b.1))?;
                    d.set_item("nodes", step.nodes)?;
                    d.set_item("elapsed", started.elapsed().as_secs_f64())?;
                    callback.call1((d,))?;
                }
                Ok(())
            };
            run_watched(py, &stop, work, Some(&mut report))
        }
    }?;
    let (score, scores, nodes, time) =
        outcome.map_err(|Interrupted| PyKeyboardInterrupt::new_err("the solve was interrupted"))?;
    let result = PyDict::new(py);
    result.set_item("score", score)?;
    result.set_item("columns", scores)?;
    result.set_item("nodes", nodes)?;
    result.set_item("time", time)?;
    Ok(result)
}

/// The legal columns of `pos` after which the game goes on (each needs a solve of its own).
fn open_columns<B: SolverWord>(pos: &Connect4<B>) -> usize {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
        .into_iter()
        .filter(|&col| {
            let mut child = pos.clone();
            child.play(col);
            child.outcome().is_none()
        })
        .count()
}
