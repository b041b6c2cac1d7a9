//! The package's exceptions.

use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};

create_exception!(
    sente,
    IllegalMove,
    PyValueError,
    "A move that is not legal in the position (or not a move at all); the state is unchanged."
);
create_exception!(
    sente.engine,
    EngineError,
    PyRuntimeError,
    "Something went wrong with an engine process."
);
create_exception!(
    sente.engine,
    EngineTerminated,
    EngineError,
    "The engine process exited or closed its output."
);
create_exception!(
    sente.engine,
    EngineTimeout,
    EngineError,
    "The engine did not answer in time."
);
create_exception!(
    sente.engine,
    EngineProtocolError,
    EngineError,
    "The engine answered with something that is not the protocol."
);
