//! The numeric arguments of the package's functions, checked before anything runs: a number
//! out of its range is a `ValueError` naming the argument, its unit and its range (`depth is
//! a whole number of plies from 1 to 120, not -1`), something that is not a number a
//! `TypeError` naming the argument.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyFloat, PyInt};
use std::time::Duration;

/// The longest `movetime` taken, in seconds (a larger one would be a mistake: 11 days).
pub const MAX_MOVETIME_S: f64 = 1_000_000.0;

/// The range of a whole-number argument, for its error: `from 1 to 120`, `at least 1`.
fn range_words(min: i64, max: i64) -> String {
    if max == i64::MAX {
        format!("at least {min}")
    } else {
        format!("from {min} to {max}")
    }
}

/// `value` as a whole number of `unit`s from `min` to `max`, or the error naming `name`.
pub fn whole(
    value: &Bound<'_, PyAny>,
    name: &str,
    unit: &str,
    min: i64,
    max: i64,
) -> PyResult<i64> {
    let wanted = || {
        let unit = if unit.is_empty() {
            String::new()
        } else {
            format!(" of {unit}")
        };
        format!("{name} is a whole number{unit} {}", range_words(min, max))
    };
    if value.is_instance_of::<PyBool>() || !value.is_instance_of::<PyInt>() {
        let kind = value
            .get_type()
            .name()
            .map_or_else(|_| "object".to_string(), |n| n.to_string());
        return Err(PyTypeError::new_err(format!(
            "{}, not the {kind} {}",
            wanted(),
            shown(value)
        )));
    }
    match value.extract::<i64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(PyValueError::new_err(format!(
            "{}, not {}",
            wanted(),
            shown(value)
        ))),
    }
}

/// An optional whole-number argument (`None` stays `None`).
pub fn whole_opt(
    value: Option<&Bound<'_, PyAny>>,
    name: &str,
    unit: &str,
    min: i64,
    max: i64,
) -> PyResult<Option<i64>> {
    value
        .filter(|v| !v.is_none())
        .map(|v| whole(v, name, unit, min, max))
        .transpose()
}

/// A search depth in plies: 1 to `max` (0 would search nothing; the static evaluation is
/// `State.evaluate()`).
pub fn depth(value: Option<&Bound<'_, PyAny>>, max: u32) -> PyResult<Option<u32>> {
    let zero =
        value.is_some_and(|v| v.is_instance_of::<PyInt>() && v.extract::<i64>().ok() == Some(0));
    if zero {
        return Err(PyValueError::new_err(format!(
            "depth is a whole number of plies {}, not 0 (depth 0 would search nothing: the \
             static evaluation is State.evaluate())",
            range_words(1, i64::from(max))
        )));
    }
    Ok(whole_opt(value, "depth", "plies", 1, i64::from(max))?.map(|d| d as u32))
}

/// A time limit in seconds: a number above 0 (0 would leave no time to search) and at most
/// `MAX_MOVETIME_S`.
pub fn seconds(value: Option<&Bound<'_, PyAny>>, name: &str) -> PyResult<Option<Duration>> {
    let Some(value) = value.filter(|v| !v.is_none()) else {
        return Ok(None);
    };
    let wanted = format!("{name} is a number of seconds above 0 and at most {MAX_MOVETIME_S:.0}");
    if value.is_instance_of::<PyBool>()
        || !(value.is_instance_of::<PyInt>() || value.is_instance_of::<PyFloat>())
    {
        let kind = value
            .get_type()
            .name()
            .map_or_else(|_| "object".to_string(), |n| n.to_string());
        return Err(PyTypeError::new_err(format!(
            "{wanted}, not the {kind} {}",
            shown(value)
        )));
    }
    match value.extract::<f64>() {
        Ok(s) if s > 0.0 && s <= MAX_MOVETIME_S => Ok(Some(Duration::from_secs_f64(s))),
        Ok(0.0) => Err(PyValueError::new_err(format!(
            "{wanted}, not 0 (0 seconds would leave no time to search: give depth= for a \
             search of a fixed depth)"
        ))),
        _ => Err(PyValueError::new_err(format!(
            "{wanted}, not {}",
            shown(value)
        ))),
    }
}

/// A value as an error message shows it (at most 40 characters).
fn shown(value: &Bound<'_, PyAny>) -> String {
    let text = value
        .repr()
        .map_or_else(|_| "?".to_string(), |r| r.to_string());
    if text.chars().count() > 40 {
        format!("{}...", text.chars().take(37).collect::<String>())
    } else {
        text
    }
}

/// `whole` for the Python side (`sente.engine`'s limits): the number, or the error naming
/// `name`; `max` None for no upper bound.
#[pyfunction(name = "_check_whole")]
#[pyo3(signature = (value, name, unit, min, max = None))]
pub fn check_whole(
    value: &Bound<'_, PyAny>,
    name: &str,
    unit: &str,
    min: i64,
    max: Option<i64>,
) -> PyResult<i64> {
    whole(value, name, unit, min, max.unwrap_or(i64::MAX))
}

/// `seconds` for the Python side: the number of seconds, or the error naming `name`.
#[pyfunction(name = "_check_seconds")]
pub fn check_seconds(value: &Bound<'_, PyAny>, name: &str) -> PyResult<f64> {
    Ok(seconds(Some(value), name)?.map_or(0.0, |d| d.as_secs_f64()))
}
