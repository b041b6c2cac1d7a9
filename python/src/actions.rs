//! The integer-action interface of `sente.State`, as OpenSpiel's states have it:
//! `legal_actions`, `apply_action`, `current_player`, `returns`, `observation_tensor`... Each
//! game numbers its moves itself (`Game::action`; protocol.md, "Integer actions").

use crate::errors::IllegalMove;
use crate::state::State;
use crate::units;
use numpy::ndarray::{Array, IxDyn};
use numpy::{IntoPyArray, PyArray1, PyArrayDyn};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use sente::games::Seat;
use sente::variants::batch::p1_return;
use sente::variants::variant::Variant;

/// OpenSpiel's player id of a finished game (`pyspiel.PlayerId.TERMINAL`).
const TERMINAL: i32 = -4;

/// An action given from Python as a `u32`, or an `IllegalMove` (a `ValueError`) naming its
/// range: whatever is not one of the game's actions is refused alike, as OpenSpiel's games do.
fn action_number(action: &Bound<'_, PyAny>, count: u32) -> PyResult<u32> {
    let not_int = || {
        IllegalMove::new_err(format!(
            "an action is an int from 0 to {} (got {}); moves in notation go to play()",
            count.saturating_sub(1),
            action
                .repr()
                .map_or_else(|_| "?".to_string(), |r| r.to_string())
        ))
    };
    if action.is_instance_of::<pyo3::types::PyBool>() {
        return Err(not_int());
    }
    let value: i64 = action.extract().map_err(|_| not_int())?;
    u32::try_from(value).map_err(|_| {
        IllegalMove::new_err(format!(
            "action {value} is out of range (0 to {})",
            count.saturating_sub(1)
        ))
    })
}

#[pymethods]
impl State {
    /// The number of integer actions of this game under its rules (OpenSpiel's
    /// `num_distinct_actions`): Connect Four's columns, tic-tac-toe's 9 cells...
    fn num_distinct_actions(&self) -> u32 {
        self.lock().variant.action_count()
    }

    /// The legal moves as integer actions, ascending (empty once the game is over, or when
    /// `player` is given and is not the player to move); `ValueError` for a `player` that is
    /// not one of the game's (0 and 1; a puzzle's only 0).
    #[pyo3(signature = (player = None))]
    fn legal_actions(&self, player: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<u32>> {
        let inner = self.lock();
        let player = player
            .map(|p| player_number(p, inner.variant.as_ref()))
            .transpose()?;
        Ok(match player {
            Some(p) if p != current(inner.variant.as_ref()) => Vec::new(),
            _ => inner.variant.legal_actions(),
        })
    }

    /// The legal actions as a mask: `num_distinct_actions()` int8s, 1 where legal.
    fn legal_actions_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        let inner = self.lock();
        let mut mask = vec![0i8; inner.variant.action_count() as usize];
        for a in inner.variant.legal_actions() {
            mask[a as usize] = 1;
        }
        mask.into_pyarray(py)
    }

    /// Plays the move of integer `action` (undo takes it back like any move); raises
    /// `IllegalMove`, the state unchanged, if it is not legal here.
    fn apply_action(&self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let mut inner = self.lock();
        let action = action_number(action, inner.variant.action_count())?;
        let before = inner.variant.clone_box();
        let text = inner
            .variant
            .play_action(action)
            .map_err(|e| IllegalMove::new_err(format!("illegal action {action}: {e}")))?;
        inner.history.push((before, text));
        Ok(())
    }

    /// A copy of the state with `action` played (OpenSpiel's `child`).
    fn child(&self, action: &Bound<'_, PyAny>) -> PyResult<State> {
        let copy = self.copy();
        copy.apply_action(action)?;
        Ok(copy)
    }

    /// The move notation of a legal `action` (`"4"` for Connect Four's action 3).
    fn action_to_string(&self, action: &Bound<'_, PyAny>) -> PyResult<String> {
        let inner = self.lock();
        let action = action_number(action, inner.variant.action_count())?;
        inner
            .variant
            .action_move(action)
            .map_err(|e| IllegalMove::new_err(format!("action {action}: {e}")))
    }

    /// The integer action of a legal move in notation (the inverse of `action_to_string`).
    fn string_to_action(&self, r#move: &str) -> PyResult<u32> {
        self.lock()
            .variant
            .move_action(r#move)
            .map_err(|e| IllegalMove::new_err(format!("illegal move '{move}': {e}", move = r#move)))
    }

    /// The actions played on this state since it was made, in order (OpenSpiel's
    /// `history`; `moves` gives them in notation).
    fn history(&self) -> PyResult<Vec<u32>> {
        let inner = self.lock();
        inner
            .history
            .iter()
            .map(|(before, mv)| before.move_action(mv).map_err(PyValueError::new_err))
            .collect()
    }

    /// The player to move: 0 (p1, who moves first) or 1; -4 (OpenSpiel's
    /// `PlayerId.TERMINAL`) once the game is over.
    fn current_player(&self) -> i32 {
        current(self.lock().variant.as_ref())
    }

    /// True once the game is over (as `is_over`).
    fn is_terminal(&self) -> bool {
        self.lock().variant.outcome().is_some()
    }

    /// Each player's return, `[p1, p2]`: 1 for a win, -1 for a loss, 0 for a draw or while
    /// the game goes on; a game tree's final score in the tree's own units.
    fn returns(&self) -> [f64; 2] {
        let inner = self.lock();
        let r = p1_return(
            inner.variant.outcome(),
            units::unit_of(inner.variant.as_ref()),
        )
        .unwrap_or(0.0);
        // `0.0 - r` rather than `-r`: a draw is 0.0 for both, not 0.0 and -0.0.
        [r, 0.0 - r]
    }

    /// The lowest and highest return a game can give (OpenSpiel's `min_utility` and
    /// `max_utility`).
    fn return_range(&self) -> (f64, f64) {
        self.lock().variant.return_range()
    }

    /// The most plies the game can still last from here (OpenSpiel's `max_game_length` at the
    /// start); `None` for a puzzle, whose walk can go on for ever.
    fn max_game_length(&self) -> Option<u32> {
        self.lock().variant.max_plies()
    }

    /// The shape of `observation_tensor()`, or `None` for a game without one.
    fn observation_tensor_shape(&self) -> Option<Vec<usize>> {
        self.lock().variant.observation_shape().map(Vec::from)
    }

    /// The position as a float32 numpy array in OpenSpiel's layout: Connect Four
    /// `[3, height, width]` (planes `x`, `o`, empty; rows from the bottom), tic-tac-toe
    /// `[3, 3, 3]` (planes empty, `o`, `x`; rows from the top). The same for either player
    /// (`player` is accepted as OpenSpiel's is, and must be one of the game's players).
    /// `ValueError` for a game without one, or for a player that is not 0 or 1.
    #[pyo3(signature = (player = None))]
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        player: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyArrayDyn<f32>>> {
        let inner = self.lock();
        if let Some(player) = player {
            player_number(player, inner.variant.as_ref())?;
        }
        let shape = inner.variant.observation_shape().ok_or_else(|| {
            PyValueError::new_err(format!(
                "{} has no observation tensor (connect4 and tictactoe have one)",
                inner.variant.name()
            ))
        })?;
        let mut tensor = vec![0.0f32; shape.iter().product()];
        inner.variant.observe(&mut tensor);
        let array = Array::from_shape_vec(IxDyn(&shape), tensor)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(array.into_pyarray(py))
    }
}

/// A player given from Python: 0 (p1) or 1 (p2; a puzzle has only player 0), or a
/// `ValueError` saying which players the game has.
fn player_number(player: &Bound<'_, PyAny>, variant: &dyn Variant) -> PyResult<i32> {
    let players = if variant.is_puzzle() { 1 } else { 2 };
    let number = if player.is_instance_of::<pyo3::types::PyBool>() {
        None
    } else {
        player.extract::<i64>().ok()
    };
    match number {
        Some(p) if (0..players).contains(&p) => Ok(p as i32),
        _ => Err(PyValueError::new_err(format!(
            "player {} is not a player of {} (its players are {})",
            player
                .repr()
                .map_or_else(|_| "?".to_string(), |r| r.to_string()),
            variant.name(),
            if players == 1 { "0" } else { "0 and 1" }
        ))),
    }
}

/// The player to move as OpenSpiel numbers them, `TERMINAL` once over.
fn current(variant: &dyn Variant) -> i32 {
    match (variant.outcome(), variant.side_to_move()) {
        (Some(_), _) => TERMINAL,
        (None, Seat::P1) => 0,
        (None, Seat::P2) => 1,
    }
}
