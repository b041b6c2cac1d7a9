//! `sente.Batch`: N games of one variant stepped together by a numpy array of N actions, or
//! N random playouts, in Rust with the GIL released (`variants::batch`); what comes back is
//! numpy arrays.

use crate::state::State;
use numpy::ndarray::{Array, IxDyn};
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArrayDyn, PyReadonlyArray1};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use sente::variants::batch::{Batch as Games, Observed, StepOut};
use std::hash::{BuildHasher, RandomState};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// Random playouts run this many games between two checks for Ctrl-C.
const PLAYOUT_CHUNK: usize = 4096;

/// The most games a batch keeps (each is a position in memory).
const MOST_GAMES: i64 = 10_000_000;

/// The most random playouts of one call (8 bytes of results each).
const MOST_PLAYOUTS: i64 = 100_000_000;

/// `value` as a count from `low` to `high`, or a `ValueError` naming `name` and the range.
fn count(name: &str, value: i64, low: i64, high: i64) -> PyResult<usize> {
    if (low..=high).contains(&value) {
        Ok(value as usize)
    } else {
        Err(PyValueError::new_err(format!(
            "{name} must be from {low} to {high}, not {value}"
        )))
    }
}

/// What `reset` and `step` give back about the games.
type Observations<'py> = (
    Bound<'py, PyArrayDyn<f32>>,
    Bound<'py, PyArray2<i8>>,
    Bound<'py, PyArray1<i8>>,
);

/// What `step` gives back: observations, masks, rewards, done flags, players.
type Stepped<'py> = (
    Bound<'py, PyArrayDyn<f32>>,
    Bound<'py, PyArray2<i8>>,
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray1<bool>>,
    Bound<'py, PyArray1<i8>>,
);

/// What `random_playouts` gives back: each game's length and p1's return.
type Playouts<'py> = (Bound<'py, PyArray1<i32>>, Bound<'py, PyArray1<f32>>);

/// Games of one variant played side by side by integer actions.
#[pyclass(module = "sente._sente", name = "Batch")]
pub struct Batch {
    games: Mutex<Box<dyn Games>>,
    /// The playouts finished so far by the running (or last) `random_playouts` call.
    played: AtomicU64,
}

impl Batch {
    fn lock(&self) -> MutexGuard<'_, Box<dyn Games>> {
        self.games.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The observations, masks and players of every game, as numpy arrays (`games` borrowed
/// mutably only so that it may cross to the thread without the GIL: `dyn Batch` is `Send`).
fn observe<'py>(py: Python<'py>, games: &mut dyn Games) -> PyResult<Observations<'py>> {
    let n = games.len();
    let count = games.action_count();
    let shape = games.observation_shape().unwrap_or([0, 0, 0]);
    let size: usize = shape.iter().product();
    let has_tensor = games.observation_shape().is_some();
    let (mut observations, mut masks, mut players) =
        (vec![0f32; n * size], vec![0u8; n * count], vec![0i8; n]);
    let out = Observed {
        observations: &mut observations,
        masks: &mut masks,
        players: &mut players,
    };
    py.detach(move || games.observe(out));
    let dims = if has_tensor {
        vec![n, shape[0], shape[1], shape[2]]
    } else {
        vec![n, 0]
    };
    let observations = Array::from_shape_vec(IxDyn(&dims), observations)
        .map_err(|e| PyValueError::new_err(e.to_string()))?
        .into_pyarray(py);
    let masks: Vec<i8> = masks.into_iter().map(|m| m as i8).collect();
    let masks = Array::from_shape_vec((n, count), masks)
        .map_err(|e| PyValueError::new_err(e.to_string()))?
        .into_pyarray(py);
    Ok((observations, masks, players.into_pyarray(py)))
}

/// `step`'s actions as i64s, or an error naming the dtype and shape expected and those given.
fn integer_actions(actions: &Bound<'_, PyAny>, n: usize) -> PyResult<Vec<i64>> {
    let py = actions.py();
    let expected = format!("integer actions of shape ({n},), one per game");
    let array = py
        .import("numpy")?
        .call_method1("asarray", (actions,))
        .map_err(|_| {
            PyTypeError::new_err(format!(
                "step takes {expected}, not {}",
                actions
                    .repr()
                    .map_or_else(|_| "?".to_string(), |r| r.to_string())
            ))
        })?;
    let dtype = array.getattr("dtype")?;
    let kind: String = dtype.getattr("kind")?.extract()?;
    let shape: Vec<usize> = array.getattr("shape")?.extract()?;
    // An empty list makes a float64 array of shape (0,): its shape is what is wrong.
    if shape.as_slice() != [n] {
        let shown: Vec<String> = shape.iter().map(usize::to_string).collect();
        let shown = match shown.len() {
            1 => format!("({},)", shown[0]),
            _ => format!("({})", shown.join(", ")),
        };
        let count = if shape.len() == 1 {
            format!("{} actions for {n} games: ", shape[0])
        } else {
            String::new()
        };
        return Err(PyValueError::new_err(format!(
            "{count}step takes {expected}, not an array of shape {shown}{}",
            if shape.len() == 2 && shape[0] == n && shape[1] == 1 {
                " (.ravel() it)"
            } else {
                ""
            }
        )));
    }
    if kind != "i" && kind != "u" {
        return Err(PyTypeError::new_err(format!(
            "step takes {expected} (an integer dtype such as int64), not dtype {}: an action \
             is not rounded (argmax gives integers)",
            dtype.str()?
        )));
    }
    let array = array.call_method1("astype", ("int64",))?;
    let array: PyReadonlyArray1<'_, i64> = array.extract()?;
    Ok(array.as_slice()?.to_vec())
}

#[pymethods]
impl Batch {
    /// `n` games (1 to 10,000,000), each a copy of `state`'s position (its game and rules;
    /// not its history).
    #[new]
    #[pyo3(signature = (state, n))]
    fn new(state: &State, n: i64) -> PyResult<Self> {
        let n = count("n", n, 1, MOST_GAMES)?;
        Ok(Batch {
            games: Mutex::new(state.lock().variant.batch(n)),
            played: AtomicU64::new(0),
        })
    }

    /// The playouts finished so far by the `random_playouts` call running (or the last one),
    /// readable from another thread while it runs.
    #[getter]
    fn playouts_done(&self) -> u64 {
        self.played.load(Ordering::Relaxed)
    }

    /// The number of games.
    fn __len__(&self) -> usize {
        self.lock().len()
    }

    /// The number of integer actions of the game (the length of a mask).
    #[getter]
    fn num_distinct_actions(&self) -> usize {
        self.lock().action_count()
    }

    /// The shape of one game's observation (`State.observation_tensor_shape()`), or `None`.
    #[getter]
    fn observation_shape(&self) -> Option<Vec<usize>> {
        self.lock().observation_shape().map(Vec::from)
    }

    /// Puts every game back at the start; returns `(observations, masks, players)` (see
    /// `step`).
    fn reset<'py>(&self, py: Python<'py>) -> PyResult<Observations<'py>> {
        let mut games = self.lock();
        games.reset();
        observe(py, games.as_mut())
    }

    /// The games as they are: `(observations, masks, players)` (see `step`).
    fn observe<'py>(&self, py: Python<'py>) -> PyResult<Observations<'py>> {
        observe(py, self.lock().as_mut())
    }

    /// Plays `actions[i]` (an integer array-like of shape `(n,)`: a list of ints, a numpy
    /// array of any integer dtype) in game i, and returns
    /// `(observations, masks, rewards, done, players)`: observations float32
    /// `[n, *observation_shape]` (`[n, 0]` for a game without one), masks int8 `[n, actions]`
    /// (1 where legal), rewards float32 `[n, 2]` (p1's and p2's for this step: the returns of
    /// a game it ended, else 0), done bool `[n]`, players int8 `[n]` (0 or 1 to move). A game
    /// that ends starts again at once: its observation is the new game's. Every action is
    /// checked first: `ValueError` naming the game if one is not legal, nothing played; a
    /// `TypeError` for actions that are not integers (floats are not rounded: `argmax`
    /// gives ints) and a `ValueError` for any other shape (an `(n, 1)` array: `.ravel()` it).
    fn step<'py>(&self, py: Python<'py>, actions: &Bound<'py, PyAny>) -> PyResult<Stepped<'py>> {
        let actions = integer_actions(actions, self.lock().len())?;
        let mut guard = self.lock();
        let games = guard.as_mut();
        let n = games.len();
        let (mut rewards, mut done) = (vec![0f32; 2 * n], vec![0u8; n]);
        py.detach(|| {
            games.step(
                &actions,
                StepOut {
                    rewards: &mut rewards,
                    done: &mut done,
                },
            )
        })
        .map_err(PyValueError::new_err)?;
        let (observations, masks, players) = observe(py, games)?;
        let rewards = Array::from_shape_vec((n, 2), rewards)
            .map_err(|e| PyValueError::new_err(e.to_string()))?
            .into_pyarray(py);
        let done: Vec<bool> = done.into_iter().map(|d| d != 0).collect();
        Ok((observations, masks, rewards, done.into_pyarray(py), players))
    }

    /// Plays `games` games (n without it; up to 100,000,000) of uniformly random moves from
    /// the start, seeded by `seed` (a fresh seed without one), and returns `(lengths,
    /// returns)`: each game's length in plies (int32) and p1's return (float32: 1 a win, -1 a
    /// loss, 0 a draw; a game tree's score). A puzzle's walk is cut at 10,000 plies (its
    /// return then 0). Runs with the GIL released; Ctrl-C stops it (`playouts_done` tells how
    /// far it got).
    #[pyo3(signature = (seed = None, games = None))]
    fn random_playouts<'py>(
        &self,
        py: Python<'py>,
        seed: Option<&Bound<'py, PyAny>>,
        games: Option<i64>,
    ) -> PyResult<Playouts<'py>> {
        let seed = seed
            .map(|s| {
                s.extract::<u64>().map_err(|_| {
                    PyValueError::new_err(format!(
                        "seed must be an int from 0 to 2**64 - 1, not {}",
                        s.repr().map_or_else(|_| "?".to_string(), |r| r.to_string())
                    ))
                })
            })
            .transpose()?;
        let wanted = games
            .map(|g| count("games", g, 0, MOST_PLAYOUTS))
            .transpose()?;
        let mut guard = self.lock();
        let games = guard.as_mut();
        let n = wanted.unwrap_or_else(|| games.len());
        let seed = seed.unwrap_or_else(|| RandomState::new().hash_one(n));
        self.played.store(0, Ordering::Relaxed);
        let (mut lengths, mut returns) = (vec![0u32; n], vec![0f32; n]);
        for (chunk, (lengths, returns)) in lengths
            .chunks_mut(PLAYOUT_CHUNK)
            .zip(returns.chunks_mut(PLAYOUT_CHUNK))
            .enumerate()
        {
            let chunk_seed = seed.wrapping_add(chunk as u64);
            let games = &mut *games;
            let played = lengths.len() as u64;
            py.detach(move || games.random_playouts(chunk_seed, lengths, returns));
            self.played.fetch_add(played, Ordering::Relaxed);
            py.check_signals()?;
        }
        let lengths: Vec<i32> = lengths.into_iter().map(|l| l as i32).collect();
        Ok((lengths.into_pyarray(py), returns.into_pyarray(py)))
    }
}
