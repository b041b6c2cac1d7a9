//! Connect Four's exact solve from Python: the crate's solver on the state's position (in the
//! narrowest word its board fits), the score of the position and of every column, with the GIL
//! released and Ctrl-C honoured.

use crate::args;
use crate::run::run_on_thread;
use crate::state::State;
use pyo3::exceptions::{PyKeyboardInterrupt, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use sente::engine::options::{MAX_HASH_MB, MAX_THREADS};
use sente::games::Game;
use sente::games::connect4::{Connect4, fen_shape};
use sente::search::solve::connect4::{Interrupted, Solver, SolverWord};
use sente::with_board_word;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// Solves a Connect Four state: `score`, `columns` (move, score) and `nodes`.
#[pyfunction]
#[pyo3(signature = (state, columns = true, hash = None, threads = None))]
pub fn solve_connect4<'py>(
    py: Python<'py>,
    state: &Bound<'py, State>,
    columns: bool,
    hash: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
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
    with_board_word!(shape, B => solve_in::<B>(py, &fen, columns, hash, threads))
}

/// `solve_connect4` with the solver of words `B`, which hold the board of `fen`.
fn solve_in<'py, B: SolverWord>(
    py: Python<'py>,
    fen: &str,
    columns: bool,
    hash: usize,
    threads: usize,
) -> PyResult<Bound<'py, PyDict>> {
    let pos = Connect4::<B>::from_fen(fen).map_err(|e| PyValueError::new_err(e.to_string()))?;
    if let Some(outcome) = pos.outcome() {
        return Err(PyValueError::new_err(format!(
            "the game is over ({outcome}): nothing to solve"
        )));
    }
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let outcome = run_on_thread(py, &stop, move || {
        let started = Instant::now();
        let mut solver = Solver::<B>::new(hash);
        solver.set_threads(threads);
        solver.set_stop(flag, None);
        let score = solver.solve(&pos, &mut |_| {})?;
        let nodes = solver.nodes;
        let scores = if columns {
            solver.column_scores(&pos)?
        } else {
            Vec::new()
        };
        let named: Vec<(String, i32)> = scores
            .into_iter()
            .map(|(col, s)| (pos.move_text(col), s))
            .collect();
        Ok::<_, Interrupted>((score, named, nodes, started.elapsed().as_secs_f64()))
    })?;
    let (score, scores, nodes, time) =
        outcome.map_err(|Interrupted| PyKeyboardInterrupt::new_err("the solve was interrupted"))?;
    let result = PyDict::new(py);
    result.set_item("score", score)?;
    result.set_item("columns", scores)?;
    result.set_item("nodes", nodes)?;
    result.set_item("time", time)?;
    Ok(result)
}
