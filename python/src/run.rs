//! Running one of the engine's tasks (a search, a solve) on a thread of its own while the
//! calling Python thread waits with the GIL released, checking for Ctrl-C every few ms: a
//! `KeyboardInterrupt` raises the task's stop flag and waits for it to end.

use crossbeam_channel::{RecvTimeoutError, bounded};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use sente::protocol::response::Response;
use sente::variants::task::{Task, WorkerState};
use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::Duration;

/// How often a waiting call looks for a signal (Ctrl-C), well under the 100 ms promised.
pub const SIGNAL_POLL: Duration = Duration::from_millis(10);

/// What a task said: its lines, then its last one.
pub struct Said {
    /// Every line before the last, in order.
    pub lines: Vec<Response>,
    /// The last line (`bestmove`, a perft result).
    pub last: Response,
}

/// Runs `task` with a fresh worker state (tables of `hash_mb` MB), as a fresh engine's first
/// `go` would; `stop` is raised on Ctrl-C, and the `KeyboardInterrupt` returned once the task
/// has ended.
pub fn run_task(
    py: Python<'_>,
    task: Task,
    hash_mb: usize,
    stop: Arc<AtomicBool>,
) -> PyResult<Said> {
    run_on_thread(py, &stop, move || {
        let mut state = WorkerState::new(hash_mb);
        let lines = RefCell::new(Vec::new());
        let last = task(&mut state, &|line| lines.borrow_mut().push(line));
        Said {
            lines: lines.into_inner(),
            last,
        }
    })
}

/// True on Python's main thread, the one that handles signals.
fn is_main_thread(py: Python<'_>) -> bool {
    let check = || -> PyResult<bool> {
        let threading = py.import("threading")?;
        let current = threading.call_method0("current_thread")?;
        let main = threading.call_method0("main_thread")?;
        Ok(current.is(&main))
    };
    // When in doubt, poll: a needless wake-up costs little.
    check().unwrap_or(true)
}

/// Runs `work` on a new thread, the GIL released, raising `stop` on Ctrl-C.
pub fn run_on_thread<T: Send + 'static>(
    py: Python<'_>,
    stop: &AtomicBool,
    work: impl FnOnce() -> T + Send + 'static,
) -> PyResult<T> {
    run_watched(py, stop, work, None)
}

/// What a waiting call does at each wake-up, with the GIL held (a progress report).
pub type Tick<'a> = &'a mut dyn FnMut(Python<'_>) -> PyResult<()>;

/// How often a waiting call with a progress report wakes up on a thread that gets no signals.
pub const PROGRESS_POLL: Duration = Duration::from_millis(100);

/// `run_on_thread`, calling `tick` with the GIL held at each wake-up and once when `work` is
/// done (a progress report reads there what `work` told since): an error of `tick` (a
/// callback that raised) stops `work` and is returned once it has ended.
pub fn run_watched<T: Send + 'static>(
    py: Python<'_>,
    stop: &AtomicBool,
    work: impl FnOnce() -> T + Send + 'static,
    mut tick: Option<Tick<'_>>,
) -> PyResult<T> {
    let (done, result) = bounded(1);
    let handle = thread::Builder::new()
        .name("sente-search".to_string())
        .spawn(move || {
            let _ = done.send(work());
        })
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start a search thread: {e}")))?;
    // Signals reach Python's main thread only: another thread waits without waking up (and
    // without taking the GIL back from the threads running Python meanwhile).
    let poll = if is_main_thread(py) {
        SIGNAL_POLL
    } else if tick.is_some() {
        PROGRESS_POLL
    } else {
        Duration::MAX
    };
    loop {
        match py.detach(|| result.recv_timeout(poll)) {
            Ok(value) => {
                let _ = py.detach(|| handle.join());
                if let Some(tick) = tick.as_mut() {
                    tick(py)?;
                }
                return Ok(value);
            }
            Err(RecvTimeoutError::Timeout) => {
                let told = match tick.as_mut() {
                    Some(tick) => tick(py),
                    None => Ok(()),
                };
                if let Err(error) = py.check_signals().and(told) {
                    stop.store(true, Ordering::Relaxed);
                    let _ = py.detach(|| handle.join());
                    return Err(error);
                }
            }
            Err(RecvTimeoutError::Disconnected) => {
                let _ = py.detach(|| handle.join());
                return Err(PyRuntimeError::new_err("the search thread failed"));
            }
        }
    }
}
