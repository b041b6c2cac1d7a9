//! `sente._sente`: the Rust side of the `sente` Python package, a thin layer over the crate.
//! States wrap the engine's variant registry (`variants::registry`); searches run the engine's
//! own tasks, and solves each game's own solve (`Variant::solve`), with the GIL released; the
//! engine driver wraps the referee's `EngineProcess`; `run_command` is the `sente` command's console entry. The Python side
//! (`python/sente/`) gives these plain classes and drawings.

mod actions;
mod args;
mod batch;
mod cli;
mod engine;
mod errors;
mod puzzles;
mod review;
mod run;
mod search;
mod solve;
mod state;
mod units;

use pyo3::prelude::*;

/// The extension module.
#[pymodule]
fn _sente(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<state::State>()?;
    m.add_class::<batch::Batch>()?;
    m.add_class::<engine::EngineProcess>()?;
    m.add_function(wrap_pyfunction!(search::search, m)?)?;
    m.add_function(wrap_pyfunction!(search::solve_algorithms, m)?)?;
    m.add_function(wrap_pyfunction!(solve::solve, m)?)?;
    m.add_function(wrap_pyfunction!(engine::parse_info, m)?)?;
    m.add_function(wrap_pyfunction!(state::variant_names, m)?)?;
    m.add_function(wrap_pyfunction!(state::rule_declarations, m)?)?;
    m.add_function(wrap_pyfunction!(state::restore_state, m)?)?;
    m.add_function(wrap_pyfunction!(args::check_whole, m)?)?;
    m.add_function(wrap_pyfunction!(units::value_unit, m)?)?;
    m.add_function(wrap_pyfunction!(args::check_seconds, m)?)?;
    m.add_function(wrap_pyfunction!(puzzles::rushhour_puzzle_set, m)?)?;
    m.add_function(wrap_pyfunction!(cli::run_command, m)?)?;
    m.add_function(wrap_pyfunction!(review::review_game, m)?)?;
    m.add("IllegalMove", py.get_type::<errors::IllegalMove>())?;
    m.add("EngineError", py.get_type::<errors::EngineError>())?;
    m.add(
        "EngineTerminated",
        py.get_type::<errors::EngineTerminated>(),
    )?;
    m.add("EngineTimeout", py.get_type::<errors::EngineTimeout>())?;
    m.add(
        "EngineProtocolError",
        py.get_type::<errors::EngineProtocolError>(),
    )?;
    Ok(())
}
