//! The game review from Python: the crate's review (`sente::review`) of a game given as its
//! variant, rules, start fen and moves, run on a thread of its own with the GIL released
//! (Ctrl-C stops it with a `KeyboardInterrupt`), each move reviewed told to `progress` if
//! given, returned as the JSON `sente review --json` prints; `sente/_review.py` turns it into
//! dataclasses.

use crate::run::run_watched;
use pyo3::exceptions::{PyKeyboardInterrupt, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use sente::review::{GameRecord, Settings, review};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

/// One move reviewed, as the thread tells it: moves done, of how many, its ply, the move and
/// its class.
type Told = (usize, usize, usize, String, &'static str);

/// Reviews a game: `rules` are `(option, value)` pairs, `fen` the start (`None`: the
/// variant's), `moves` every move from it; `progress`, if given, is called with a dict
/// (`done`, `total`, `ply`, `move`, `class`) for each move reviewed, from the last to the
/// first. A `ValueError` names what is wrong with the game or the settings.
#[pyfunction]
#[pyo3(signature = (variant, rules, fen, moves, movetime = 10.0, nodes = 1_000_000, hash = 256, threads = 1, progress = None))]
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
    progress: Option<Bound<'_, PyAny>>,
) -> PyResult<String> {
    if let Some(callback) = &progress
        && !callback.is_callable()
    {
        return Err(PyTypeError::new_err(
            "progress is a function called with each move reviewed",
        ));
    }
    let settings =
        Settings::checked(movetime, nodes, hash, threads).map_err(PyValueError::new_err)?;
    let game =
        GameRecord::new(variant, &rules, fen.as_deref(), &moves).map_err(PyValueError::new_err)?;
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let told: Arc<Mutex<Vec<Told>>> = Arc::default();
    let telling = Arc::clone(&told);
    let work = move || {
        review(&game, settings, flag, &mut |p| {
            if let Ok(mut told) = telling.lock() {
                told.push((
                    p.done,
                    p.total,
                    p.reviewed.ply,
                    p.reviewed.mv.clone(),
                    p.reviewed.class.name(),
                ));
            }
        })
    };
    let outcome = match &progress {
        None => run_watched(py, &stop, work, None),
        Some(callback) => {
            let mut report = |py: Python<'_>| -> PyResult<()> {
                let new: Vec<Told> = told
                    .lock()
                    .map(|mut t| t.drain(..).collect())
                    .unwrap_or_default();
                for (done, total, ply, mv, class) in new {
                    let said = PyDict::new(py);
                    said.set_item("done", done)?;
                    said.set_item("total", total)?;
                    said.set_item("ply", ply)?;
                    said.set_item("move", mv)?;
                    said.set_item("class", class)?;
                    callback.call1((said,))?;
                }
                Ok(())
            };
            run_watched(py, &stop, work, Some(&mut report))
        }
    }?;
    match outcome.map_err(PyValueError::new_err)? {
        Ok(review) => review.to_json().map_err(PyValueError::new_err),
        Err(stopped) => Err(PyKeyboardInterrupt::new_err(stopped.to_string())),
    }
}
