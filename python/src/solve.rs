//! `sente.solve`'s glue: the variant's own exact solve (`Variant::solve`, whatever the game)
//! on a copy of the state, with the GIL released, Ctrl-C honoured and its progress told to a
//! callback as it goes; the solution comes back as a dict the Python side turns into a
//! `Solution`.

use crate::args;
use crate::run::run_watched;
use crate::state::{State, result_text, rule_text};
use crate::units;
use pyo3::exceptions::{PyKeyboardInterrupt, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use sente::engine::options::{MAX_HASH_MB, MAX_THREADS, Options};
use sente::protocol::command::PositionStart;
use sente::search::Algorithm;
use sente::search::score::Reported;
use sente::search::trace::in_units;
use sente::variants::registry;
use sente::variants::solution::{
    Solution, SolveError, SolveJob, SolveProgress, SolvedValue, Statistic,
};
use sente::variants::variant::Variant;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Solves `state` exactly with its game's own solver. `algorithm` names the search of a game
/// solved by search (its default when `None`); `settings` gives the game's own settings by
/// keyword (`State`'s rule keywords, the search options' keywords: Rush Hour's `metric` and
/// `heuristic`), a rule solving the position again under it. `progress`, if given, is called
/// with a dict (`step`, `steps`, `doing`, `lower`, `upper`, `nodes`, `elapsed`) each time the
/// solve narrows or finishes a part; an exception it raises stops the solve. The dict
/// returned: `best_move`, `pv`, `nodes`, `time`, `score` (the game's own score), `value` (in
/// the game's units) or `mate`, `move_values` ((move, score) pairs), `length` (a puzzle's),
/// `stats` and `notes`.
#[pyfunction]
#[pyo3(signature = (state, algorithm = None, settings = None, hash = None, threads = None,
    progress = None))]
pub fn solve<'py>(
    py: Python<'py>,
    state: &Bound<'py, State>,
    algorithm: Option<&str>,
    settings: Option<&Bound<'py, PyDict>>,
    hash: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
    progress: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let hash_mb =
        args::whole_opt(hash, "hash", "MB", 1, MAX_HASH_MB as i64)?.map_or(64, |h| h as usize);
    let threads = args::whole_opt(threads, "threads", "threads", 1, MAX_THREADS as i64)?
        .map_or(1, |t| t as usize);
    if let Some(callback) = &progress
        && !callback.is_callable()
    {
        return Err(PyTypeError::new_err(
            "progress is a function called with each step of the solve",
        ));
    }
    let algorithm = algorithm
        .map(|name| {
            Algorithm::ALL
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, a)| *a)
                .ok_or_else(|| PyValueError::new_err(format!("unknown algorithm '{name}'")))
        })
        .transpose()?;
    let (variant, options) = {
        let state = state.borrow();
        let inner = state.lock();
        let mut options = inner.options.clone();
        let variant = match settings {
            Some(settings) => set(&mut options, settings, inner.variant.as_ref())?,
            None => None,
        };
        let variant = variant.unwrap_or_else(|| inner.variant.clone_box());
        (variant, options)
    };
    let search_options = options.search_options(variant.name());
    let unit = units::unit_of(variant.as_ref());
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let told: Arc<Mutex<Vec<SolveProgress>>> = Arc::default();
    let telling = told.clone();
    let work = move || {
        let tell = |step| {
            if let Ok(mut told) = telling.lock() {
                told.push(step);
            }
        };
        variant.solve(SolveJob {
            algorithm,
            search_options,
            hash_mb,
            threads,
            stop: flag,
            progress: &tell,
        })
    };
    let started = Instant::now();
    let solved = match &progress {
        None => run_watched(py, &stop, work, None),
        Some(callback) => {
            let mut report = |py: Python<'_>| -> PyResult<()> {
                let new: Vec<SolveProgress> = told
                    .lock()
                    .map(|mut t| t.drain(..).collect())
                    .unwrap_or_default();
                for step in new {
                    callback.call1((progress_dict(py, &step)?,))?;
                }
                Ok(())
            };
            run_watched(py, &stop, work, Some(&mut report))
        }
    }?;
    let time = started.elapsed().as_secs_f64();
    let solution = solved.map_err(error)?;
    solution_dict(py, &solution, unit, time)
}

/// Sets the game settings `settings` (keyword to value) in `options`: a search option's
/// keyword its option, a rule's keyword its rule, which makes `variant`'s position again
/// under the new rules (returned). A keyword the game does not take is an error naming the
/// game that does.
fn set(
    options: &mut Options,
    settings: &Bound<'_, PyDict>,
    variant: &dyn Variant,
) -> PyResult<Option<Box<dyn Variant>>> {
    let name = variant.name();
    let entry = registry::entry(name)
        .ok_or_else(|| PyValueError::new_err(format!("unknown variant '{name}'")))?;
    let mut unknown = Vec::new();
    let mut new_rules = false;
    for (key, value) in settings.iter() {
        let key: String = key.extract()?;
        let rule = entry.rules.iter().find(|o| o.keyword == key);
        let search = entry.search.options.iter().find(|o| o.keyword == key);
        let Some(option) = rule.or(search) else {
            unknown.push(key);
            continue;
        };
        new_rules |= rule.is_some();
        options
            .set(option.name, Some(&rule_text(&value)?))
            .map_err(|e| PyValueError::new_err(format!("{key}: {e}")))?;
    }
    if !unknown.is_empty() {
        return Err(PyValueError::new_err(not_taken(&unknown, name)));
    }
    if !new_rules {
        return Ok(None);
    }
    if let Some(message) = options.unfit_rules(name) {
        return Err(PyValueError::new_err(message));
    }
    let mut start = options.start_position().map_err(PyValueError::new_err)?;
    start
        .set_position(&PositionStart::Fen(variant.fen()), &[])
        .map_err(PyValueError::new_err)?;
    Ok(Some(start))
}

/// What says that `variant` takes none of the settings `keywords`: `metric and heuristic are
/// for rushhour, not babylon` (the games that declare them).
fn not_taken(keywords: &[String], variant: &str) -> String {
    let mut owners: Vec<&str> = Vec::new();
    for keyword in keywords {
        let owner = registry::entries().find(|e| {
            let declares = |o: &&sente::games::rules::RuleOption| o.keyword == keyword.as_str();
            e.rules.iter().any(|o| declares(&o)) || e.search.options.iter().any(|o| declares(&o))
        });
        if let Some(owner) = owner
            && !owners.contains(&owner.name)
        {
            owners.push(owner.name);
        }
    }
    let verb = if keywords.len() == 1 { "is" } else { "are" };
    let owners = if owners.is_empty() {
        "no game".to_string()
    } else {
        owners.join(" and ")
    };
    format!(
        "{} {verb} for {owners}, not {variant}",
        keywords.join(" and ")
    )
}

/// A solve's error as Python raises it: a stop (a callback that raised is raised itself,
/// before) a `KeyboardInterrupt`, an unproven value a `RuntimeError`, the others `ValueError`.
fn error(error: SolveError) -> PyErr {
    match error {
        SolveError::Interrupted => PyKeyboardInterrupt::new_err("the solve was interrupted"),
        SolveError::Over(outcome) => PyValueError::new_err(format!(
            "the game is over ({}): nothing to solve",
            result_text(outcome)
        )),
        SolveError::NotSolved(_) => PyRuntimeError::new_err(error.to_string()),
        SolveError::Unfit(_) | SolveError::NoSolution(_) | SolveError::Failed(_) => {
            PyValueError::new_err(error.to_string())
        }
    }
}

/// A progress report as the Python side's `SolveProgress` is made of.
fn progress_dict<'py>(py: Python<'py>, step: &SolveProgress) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("step", step.step)?;
    d.set_item("steps", step.steps)?;
    d.set_item("doing", step.doing.as_deref())?;
    d.set_item("lower", step.bounds.map(|b| b.0))?;
    d.set_item("upper", step.bounds.map(|b| b.1))?;
    d.set_item("nodes", step.nodes)?;
    d.set_item("elapsed", step.elapsed.as_secs_f64())?;
    Ok(d)
}

/// A solution as a dict; a value reported in centipawns is given in the game's units (`unit`
/// centipawns each), and `time` is the seconds the solve took.
fn solution_dict<'py>(
    py: Python<'py>,
    solution: &Solution,
    unit: i32,
    time: f64,
) -> PyResult<Bound<'py, PyDict>> {
    let (score, value, mate) = match solution.value {
        SolvedValue::Score(score) => (Some(score), None, None),
        SolvedValue::Reported(Reported::Centipawns(cp)) => {
            (None, Some(units::number(py, in_units(cp, unit))?), None)
        }
        SolvedValue::Reported(Reported::Mate(n)) => (None, None, Some(n)),
    };
    let stats = PyDict::new(py);
    for (name, figure) in &solution.statistics {
        match figure {
            Statistic::Count(n) => stats.set_item(name, n)?,
            Statistic::Text(text) => stats.set_item(name, text)?,
        }
    }
    let d = PyDict::new(py);
    d.set_item("best_move", solution.best_move.as_deref())?;
    d.set_item("pv", solution.pv.clone())?;
    d.set_item("nodes", solution.nodes)?;
    d.set_item("time", time)?;
    d.set_item("score", score)?;
    d.set_item("value", value)?;
    d.set_item("mate", mate)?;
    d.set_item("move_values", solution.move_values.clone())?;
    d.set_item("length", solution.length)?;
    d.set_item("stats", stats)?;
    d.set_item("notes", solution.notes.clone())?;
    Ok(d)
}
