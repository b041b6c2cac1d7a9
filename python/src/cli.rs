//! The `sente` command from Python: `pip install ./python` installs a console entry
//! (`sente._cli:main`) that runs the crate's own command line (`sente::cli`), so that the
//! engine, `sente gui` and `sente match` work from the environment. The one import of the glue
//! above the referee (tests/layers.rs names it).

use pyo3::prelude::*;
use std::process::ExitCode;

/// Runs the `sente` command with `argv` (the program's name first) and ends the process with
/// its exit code, as the `sente` binary would; it does not return.
#[pyfunction]
pub fn run_command(py: Python<'_>, argv: Vec<String>) -> PyResult<()> {
    let code = py.detach(|| sente::cli::run(argv));
    // `ExitCode` tells its number to nobody but `main`: find which one it is.
    let number = (0..=u8::MAX)
        .find(|&n| ExitCode::from(n) == code)
        .map_or(1, i32::from);
    std::process::exit(number)
}
