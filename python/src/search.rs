//! `sente.search` and the solves that are searches: the engine's own `go` task on a copy of
//! the state (its algorithm, opponent, trace, puzzle estimate and limits set as the options
//! and `go` would set them), run with the GIL released; what it said comes back as a dict
//! the Python side turns into a `SearchResult`.

use crate::run::run_task;
use crate::state::State;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use sente::engine::tasks::NOT_TRACED;
use sente::protocol::response::{Response, SearchInfo};
use sente::protocol::trace::kind_word;
use sente::search::limits::Limits;
use sente::search::puzzle::PuzzleCounts;
use sente::search::score::Reported;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Searches `state` and returns what the engine said, as a dict.
#[pyfunction]
#[pyo3(signature = (state, algorithm = "alphabeta", depth = None, movetime = None, nodes = None,
    opponent = "adversarial", trace = false, trace_limit = None, heuristic = None, hash = 16,
    solve = false, weak = false, threads = 1))]
#[allow(clippy::too_many_arguments)]
pub fn search<'py>(
    py: Python<'py>,
    state: &Bound<'py, State>,
    algorithm: &str,
    depth: Option<u32>,
    movetime: Option<f64>,
    nodes: Option<u64>,
    opponent: &str,
    trace: bool,
    trace_limit: Option<u64>,
    heuristic: Option<&str>,
    hash: usize,
    solve: bool,
    weak: bool,
    threads: usize,
) -> PyResult<Bound<'py, PyDict>> {
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
    let algorithm = options.search_algorithm();
    algorithm
        .check(inner.variant.is_puzzle(), inner.variant.name())
        .map_err(PyValueError::new_err)?;
    if trace && !algorithm.is_textbook() {
        return Err(PyValueError::new_err(NOT_TRACED));
    }
    let move_time = match movetime {
        Some(s) if !(s.is_finite() && s >= 0.0) => {
            return Err(PyValueError::new_err(format!(
                "movetime is a number of seconds, not {s}"
            )));
        }
        Some(s) => Some(Duration::from_secs_f64(s)),
        None => None,
    };
    let limits = Limits {
        depth,
        nodes,
        move_time,
        clock: None,
        infinite: false,
        solve,
        weak,
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
                d.set_item("alpha", node.window.map(|w| w.alpha))?;
                d.set_item("beta", node.window.map(|w| w.beta))?;
                d.set_item("value", node.value)?;
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
