//! `sente.search`: the engine's own `go` task on a copy of
//! the state (its algorithm, opponent, trace, puzzle estimate and limits set as the options
//! and `go` would set them), run with the GIL released; what it said comes back as a dict
//! the Python side turns into a `SearchResult`.

use crate::args;
use crate::run::run_task;
use crate::state::State;
use crate::units;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use sente::engine::options::{DEFAULT_HASH_MB, MAX_HASH_MB, MAX_THREADS, MAX_TRACE_LIMIT};
use sente::protocol::response::{Response, SearchInfo};
use sente::protocol::trace::kind_word;
use sente::search::Algorithm;
use sente::search::limits::{Limits, MAX_DEPTH};
use sente::search::puzzle::PuzzleCounts;
use sente::search::score::Reported;
use sente::variants::tasks::NOT_TRACED;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// Searches `state` and returns what the engine said, as a dict. Every numeric argument is
/// checked first (`args`): a `ValueError` names the one out of its range.
#[pyfunction]
#[pyo3(signature = (state, algorithm = "alphabeta", depth = None, movetime = None, nodes = None,
    opponent = "adversarial", trace = false, trace_limit = None, heuristic = None, hash = None,
    threads = None))]
#[allow(clippy::too_many_arguments)]
pub fn search<'py>(
    py: Python<'py>,
    state: &Bound<'py, State>,
    algorithm: &str,
    depth: Option<&Bound<'py, PyAny>>,
    movetime: Option<&Bound<'py, PyAny>>,
    nodes: Option<&Bound<'py, PyAny>>,
    opponent: &str,
    trace: bool,
    trace_limit: Option<&Bound<'py, PyAny>>,
    heuristic: Option<&str>,
    hash: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let depth = args::depth(depth, MAX_DEPTH)?;
    let move_time = args::seconds(movetime, "movetime")?;
    let nodes = args::whole_opt(nodes, "nodes", "nodes", 1, i64::MAX)?.map(|n| n as u64);
    let hash = args::whole_opt(hash, "hash", "MB", 1, MAX_HASH_MB as i64)?
        .map_or(DEFAULT_HASH_MB, |h| h as usize);
    let threads = args::whole_opt(threads, "threads", "threads", 1, MAX_THREADS as i64)?
        .map_or(1, |t| t as usize);
    let trace_limit = args::whole_opt(
        trace_limit,
        "trace_limit",
        "nodes",
        1,
        MAX_TRACE_LIMIT as i64,
    )?;
    let state = state.borrow();
    let inner = state.lock();
    let mut options = inner.options.clone();
    // An error names the keyword argument, then what the engine option takes.
    let mut set = |argument: &str, name: &str, value: &str| {
        options
            .set(name, Some(value))
            .map(|_| ())
            .map_err(|e| PyValueError::new_err(format!("{argument}: {e}")))
    };
    set("algorithm", "Algorithm", algorithm)?;
    set("opponent", "Opponent", opponent)?;
    set("hash", "Hash", &hash.to_string())?;
    set("threads", "Threads", &threads.to_string())?;
    if let Some(heuristic) = heuristic {
        set("heuristic", "PuzzleHeuristic", heuristic)?;
    }
    if trace {
        set("trace", "SearchTrace", "true")?;
        if let Some(limit) = trace_limit {
            set("trace_limit", "TraceLimit", &limit.to_string())?;
        }
    }
    let unit = units::unit_of(inner.variant.as_ref());
    let algorithm = options.search_algorithm();
    algorithm
        .check(inner.variant.is_puzzle(), inner.variant.name())
        .map_err(PyValueError::new_err)?;
    if trace && !algorithm.is_textbook() {
        return Err(PyValueError::new_err(NOT_TRACED));
    }
    let limits = Limits {
        depth,
        nodes,
        move_time,
        clock: None,
        infinite: false,
        solve: false,
        weak: false,
        value_only: false,
    };
    let stop = Arc::new(AtomicBool::new(false));
    let job = options.search_job(limits, stop.clone());
    let task = inner.variant.search_task(job);
    // The textbook searches use no table: do not clear one for them.
    let hash_mb = if algorithm.is_textbook() {
        1
    } else {
        options.hash_mb
    };
    drop(inner);
    let started = Instant::now();
    let said = run_task(py, task, hash_mb, stop)?;
    let elapsed = started.elapsed().as_secs_f64();
    let result = PyDict::new(py);
    let infos = PyList::empty(py);
    let notes = PyList::empty(py);
    let errors = PyList::empty(py);
    let traced = PyList::empty(py);
    let lines = PyList::empty(py);
    let mut last: Option<&SearchInfo> = None;
    let mut puzzle = None;
    for line in &said.lines {
        match line {
            Response::Info(info) => {
                infos.append(info_dict(py, info)?)?;
                last = Some(info);
            }
            Response::InfoString(text) => notes.append(text)?,
            Response::PuzzleCounts(counts) => {
                // Still an `info string` on the wire: a note like the others.
                notes.append(counts.to_string())?;
                puzzle = Some(counts_dict(py, counts)?);
            }
            Response::Error(text) => errors.append(text)?,
            Response::Trace(node) => {
                let d = PyDict::new(py);
                d.set_item("id", node.id)?;
                d.set_item("parent", node.parent)?;
                d.set_item("move", node.move_text.as_deref())?;
                d.set_item("ply", node.ply)?;
                d.set_item("kind", kind_word(node.kind))?;
                let number = |v: f64| units::number(py, v);
                d.set_item("alpha", node.window.map(|w| number(w.alpha)).transpose()?)?;
                d.set_item("beta", node.window.map(|w| number(w.beta)).transpose()?)?;
                d.set_item("value", number(node.value)?)?;
                d.set_item("pruned", node.pruned)?;
                traced.append(d)?;
                continue;
            }
            _ => {}
        }
        lines.append(line.to_string())?;
    }
    lines.append(said.last.to_string())?;
    let best = match &said.last {
        Response::BestMove(mv) => mv.clone(),
        _ => None,
    };
    result.set_item("best_move", best)?;
    result.set_item("infos", infos)?;
    result.set_item("notes", notes)?;
    result.set_item("errors", errors)?;
    result.set_item("trace", traced)?;
    result.set_item("puzzle", puzzle)?;
    result.set_item("lines", lines)?;
    result.set_item("algorithm", algorithm.name())?;
    result.set_item("unit", unit)?;
    result.set_item("elapsed", elapsed)?;
    if let Some(info) = last {
        for (key, value) in info_dict(py, info)?.iter() {
            result.set_item(key, value)?;
        }
    }
    Ok(result)
}

/// A puzzle search's counts, keyed as the protocol's line names them.
fn counts_dict<'py>(py: Python<'py>, counts: &PuzzleCounts) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("algorithm", counts.algorithm.name())?;
    d.set_item("heuristic", &counts.heuristic)?;
    d.set_item("expanded", counts.expanded)?;
    d.set_item("generated", counts.generated)?;
    d.set_item("peakopen", counts.peak_open)?;
    d.set_item("iterations", counts.iterations)?;
    d.set_item("microseconds", counts.microseconds)?;
    Ok(d)
}

/// An `info` line's fields.
fn info_dict<'py>(py: Python<'py>, info: &SearchInfo) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("depth", info.depth)?;
    d.set_item("seldepth", info.seldepth)?;
    let (cp, mate) = match info.score {
        Some(Reported::Centipawns(cp)) => (Some(cp), None),
        Some(Reported::Mate(n)) => (None, Some(n)),
        None => (None, None),
    };
    d.set_item("cp", cp)?;
    d.set_item("mate", mate)?;
    d.set_item("bound", info.bound.map(|b| b.word()))?;
    d.set_item("nodes", info.nodes)?;
    d.set_item("time_ms", info.time_ms)?;
    d.set_item("pv", info.pv.clone())?;
    Ok(d)
}

/// The algorithms `sente.solve` may run on `state`: a puzzle's searches (`bfs`, `astar`,
/// `idastar`), the generic searches of a two-player game without a solver of its own
/// (`alphabeta`, `minimax`, `alphabeta-plain`, `proof`), and none for a game whose own solver answers
/// `go solve` whatever `Algorithm` says (Connect Four, the rocks game, Nim).
#[pyfunction]
pub fn solve_algorithms(state: &Bound<'_, State>) -> Vec<&'static str> {
    let state = state.borrow();
    let inner = state.lock();
    let puzzle = inner.variant.is_puzzle();
    if !puzzle && inner.variant.has_solver() {
        return Vec::new();
    }
    Algorithm::ALL
        .iter()
        .filter(|(_, a)| a.is_puzzle_only() == puzzle)
        .map(|(name, _)| *name)
        .collect()
}
