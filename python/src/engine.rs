//! The engine driver's Rust side: the referee's `EngineProcess` (its own process group, pipe
//! threads, handshake, `isready`, `go` until `bestmove` with a deadline, kill on drop) and the
//! protocol's readers of `info` and `option` lines, so that Python parses nothing itself.

use crate::errors::{EngineError, EngineProtocolError, EngineTerminated, EngineTimeout};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use sente::client::process::{self, Fault, Watch};
use sente::protocol::command::Dialect;
use sente::protocol::info::read_info;
use sente::protocol::option::read_option;
use sente::search::score::Reported;
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

/// Reads an `info` line into a dict: depth, seldepth, cp or mate, bound, nodes, nps, time_ms,
/// hashfull, pv, string (each `None` when absent).
#[pyfunction]
pub fn parse_info<'py>(py: Python<'py>, line: &str) -> PyResult<Bound<'py, PyDict>> {
    let info = read_info(line);
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
    d.set_item("nps", info.nps)?;
    d.set_item("time_ms", info.time_ms)?;
    d.set_item("hashfull", info.hashfull)?;
    d.set_item("pv", info.pv)?;
    d.set_item("string", info.string)?;
    Ok(d)
}

/// The Python exception for an engine's fault.
fn fault_error(fault: Fault, what: &str) -> PyErr {
    match fault {
        Fault::Crash(message) => EngineTerminated::new_err(format!("{what}: the engine {message}")),
        Fault::Stalled(message) if message.is_empty() => {
            EngineTimeout::new_err(format!("{what}: no answer in time"))
        }
        Fault::Stalled(message) => EngineTimeout::new_err(format!("{what}: {message}")),
        Fault::Protocol(message) => EngineProtocolError::new_err(format!("{what}: {message}")),
        Fault::Interrupted => EngineError::new_err(format!("{what}: interrupted")),
    }
}

/// A running engine process (the referee's), driven line by line.
#[pyclass(module = "sente._sente")]
pub struct EngineProcess {
    process: Mutex<Option<process::EngineProcess>>,
}

impl EngineProcess {
    /// Runs `f` on the process (the GIL released), or fails if it was closed.
    fn with<T: Send>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut process::EngineProcess) -> PyResult<T> + Send,
    ) -> PyResult<T> {
        py.detach(|| {
            let mut guard = self.process.lock().unwrap_or_else(PoisonError::into_inner);
            match guard.as_mut() {
                Some(process) => f(process),
                None => Err(EngineError::new_err("the engine is closed")),
            }
        })
    }
}

#[pymethods]
impl EngineProcess {
    /// Starts `command` with `args` in a process group of its own.
    #[new]
    fn new(command: &str, args: Vec<String>) -> PyResult<Self> {
        let process =
            process::EngineProcess::spawn(command, &args).map_err(EngineTerminated::new_err)?;
        Ok(EngineProcess {
            process: Mutex::new(Some(process)),
        })
    }

    /// The handshake (`protocol`: "ugi", "uci" or None to try ugi then uci): returns the
    /// dialect, the `id name` and the options read from the `option` lines.
    #[pyo3(signature = (protocol = None))]
    fn handshake<'py>(
        &self,
        py: Python<'py>,
        protocol: Option<&str>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let dialect = match protocol {
            None => None,
            Some(word) => Some(
                [Dialect::Ugi, Dialect::Uci]
                    .into_iter()
                    .find(|d| d.word() == word)
                    .ok_or_else(|| {
                        PyValueError::new_err(format!(
                            "protocol is 'ugi', 'uci' or None, not '{word}'"
                        ))
                    })?,
            ),
        };
        let (dialect, name, lines) = self.with(py, |p| {
            p.handshake(dialect)
                .map_err(|f| fault_error(f, "handshake"))?;
            Ok((p.dialect.word(), p.id_name.clone(), p.options.clone()))
        })?;
        let result = PyDict::new(py);
        result.set_item("protocol", dialect)?;
        result.set_item("name", name)?;
        let options = PyList::empty(py);
        for spec in lines.iter().filter_map(|line| read_option(line)) {
            let d = PyDict::new(py);
            d.set_item("name", spec.name)?;
            d.set_item("type", spec.kind)?;
            d.set_item("default", spec.default)?;
            d.set_item("min", spec.min)?;
            d.set_item("max", spec.max)?;
            d.set_item("var", spec.vars)?;
            options.append(d)?;
        }
        result.set_item("options", options)?;
        Ok(result)
    }

    /// Sends one line to the engine (written by the Python side's own writer, sent as it is).
    fn send(&self, py: Python<'_>, line: &str) -> PyResult<()> {
        if line.contains('\n') || line.contains('\r') {
            return Err(PyValueError::new_err("one line at a time (no newline)"));
        }
        self.with(py, |p| {
            p.send_text(line);
            Ok(())
        })
    }

    /// `isready`, waiting for `readyok` (10 s at most).
    fn sync(&self, py: Python<'_>) -> PyResult<()> {
        self.with(py, |p| p.sync().map_err(|f| fault_error(f, "isready")))
    }

    /// Sends `go` (the whole line) and waits for `bestmove` at most `timeout` seconds: returns
    /// the move (None for `bestmove (none)`) and the `info` lines seen. Ctrl-C sends `stop`
    /// and raises `KeyboardInterrupt` once the engine has answered.
    fn go<'py>(
        &self,
        py: Python<'py>,
        line: &str,
        timeout: f64,
    ) -> PyResult<(Option<String>, Vec<String>, f64)> {
        if !(timeout.is_finite() && timeout > 0.0) {
            return Err(PyValueError::new_err(format!(
                "timeout is a positive number of seconds, not {timeout}"
            )));
        }
        let deadline = Duration::from_secs_f64(timeout.min(1e9));
        let go = line.to_string();
        let (reply, infos, interrupt) = self.with(py, move |p| {
            let mut infos = Vec::new();
            let mut interrupt: Option<PyErr> = None;
            let reply = p.think_streaming_text(&go, deadline, &mut |seen| match seen {
                Some(line) => {
                    infos.push(line.to_string());
                    Watch::Continue
                }
                None if interrupt.is_none() => match Python::attach(|py| py.check_signals()) {
                    Ok(()) => Watch::Continue,
                    Err(e) => {
                        interrupt = Some(e);
                        Watch::Stop
                    }
                },
                None => Watch::Continue,
            });
            Ok((reply, infos, interrupt))
        })?;
        if let Some(interrupt) = interrupt {
            return Err(interrupt);
        }
        match reply {
            Ok(reply) => Ok((reply.mv, infos, reply.taken.as_secs_f64())),
            Err((fault, _)) => Err(fault_error(fault, "go")),
        }
    }

    /// The process id.
    #[getter]
    fn pid(&self, py: Python<'_>) -> PyResult<u32> {
        self.with(py, |p| Ok(p.pid()))
    }

    /// Asks the engine to quit, then kills what is left of its process group.
    fn quit(&self, py: Python<'_>) {
        py.detach(|| {
            let taken = self
                .process
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .take();
            if let Some(process) = taken {
                process.quit();
            }
        });
    }

    /// Kills the engine's process group at once.
    fn kill(&self, py: Python<'_>) {
        py.detach(|| {
            let taken = self
                .process
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .take();
            if let Some(process) = taken {
                process.killer().kill();
                drop(process);
            }
        });
    }

    /// True until `quit` or `kill`.
    #[getter]
    fn is_open(&self) -> bool {
        self.process
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .is_some()
    }
}
