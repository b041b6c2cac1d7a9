//! Values in the game's own units (`Game::VALUE_UNIT`): a game tree's leaf 3 is 3 where the
//! protocol's `score cp` says 300; the other games count in their evaluation's points.

use pyo3::prelude::*;
use sente::search::trace::in_units;
use sente::variants::registry;
use sente::variants::variant::Variant;

/// The search's score units in one of the game's own (100 for a game tree, else 1).
pub fn unit_of(variant: &dyn Variant) -> i32 {
    registry::entry(variant.name()).map_or(1, |e| e.value_unit)
}

/// A value in the game's units as Python shows it: an `int` when whole (a tree's `3`), else
/// a `float` (`7.67`; `inf` for an open end of a window).
pub fn number(py: Python<'_>, value: f64) -> PyResult<Bound<'_, PyAny>> {
    if value.is_finite() && value.fract() == 0.0 && value.abs() < 9.0e15 {
        Ok((value as i64).into_pyobject(py)?.into_any())
    } else {
        Ok(value.into_pyobject(py)?.into_any())
    }
}

/// A score of the search (centipawn-like) of `variant` in the game's units, as Python shows it.
pub fn score<'py>(py: Python<'py>, variant: &dyn Variant, cp: i32) -> PyResult<Bound<'py, PyAny>> {
    number(py, in_units(cp, unit_of(variant)))
}

/// The search's score units (the protocol's `score cp`) in one of `variant`'s own: 100 for a
/// game tree, 1 for the other games; an unknown name is a `ValueError`.
#[pyfunction(name = "value_unit")]
pub fn value_unit(variant: &str) -> PyResult<i32> {
    registry::entry(variant)
        .map(|e| e.value_unit)
        .ok_or_else(|| {
            pyo3::exceptions::PyValueError::new_err(format!("unknown variant '{variant}'"))
        })
}
