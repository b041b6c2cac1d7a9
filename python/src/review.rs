//! The game review from Python: the crate's review (`sente::review`) of a game given as its
//! variant, rules, start fen and moves, run on a thread of its own with the GIL released
//! (Ctrl-C stops it with a `KeyboardInterrupt`), returned as the JSON `sente review --json`
//! prints; `sente/review.py` turns it into dataclasses.

use crate::run::run_on_thread;
use pyo3::exceptions::{PyKeyboardInterrupt, PyValueError};
use pyo3::prelude::*;
use sente::review::{GameRecord, Settings, review};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// Reviews a game: `rules` are `(option, value)` pairs, `fen` the start (`None`: the
/// variant's), `moves` every move from it. A `ValueError` names what is wrong with the game or
/// the settings.
#[pyfunction]
#[pyo3(signature = (variant, rules, fen, moves, movetime = 10.0, nodes = 1_000_000, hash = 256, threads = 1))]
#[allow(clippy::too_many_arguments)]
pub fn review_game(
    py: Python<'_>,
    variant: &str,
    rules: Vec<(String, String)>,
    fen: Option<String>,
    moves: Vec<String>,
    movetime: f64,
    nodes: u64,
    hash: usize,
    threads: usize,
) -> PyResult<String> {
    let settings =
        Settings::checked(movetime, nodes, hash, threads).map_err(PyValueError::new_err)?;
    let game =
        GameRecord::new(variant, &rules, fen.as_deref(), &moves).map_err(PyValueError::new_err)?;
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let outcome = run_on_thread(py, &stop, move || {
        review(&game, settings, flag, &mut |_| {})
    })?;
    match outcome.map_err(PyValueError::new_err)? {
        Ok(review) => review.to_json().map_err(PyValueError::new_err),
        Err(stopped) => Err(PyKeyboardInterrupt::new_err(stopped.to_string())),
    }
}
