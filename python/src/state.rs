//! `sente.State`: a position of any game, the engine's own variant object (`engine::variants`)
//! behind a lock, with the positions before each move for `undo`.

use crate::errors::IllegalMove;
use crate::units;
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};
use sente::engine::options::Options;
use sente::games::rules::OptionType;
use sente::games::{Outcome, Seat};
use sente::protocol::command::PositionStart;
use sente::search::limits::MAX_DEPTH;
use sente::variants::registry;
use sente::variants::variant::{Variant, describe};
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// A line of Michael Fogleman's Rush Hour database (`<moves> <board> <cluster size>`) and the
/// other forms a game reads besides its fen stand for their position; any other text is left
/// as it is.
fn typed_fen(game: &dyn Variant, fen: &str) -> String {
    game.fen_of_typed(fen).unwrap_or_else(|| fen.to_string())
}

/// The rule options of `variant`, as declared in its game's module: for each, a dict of
/// `keyword` (of `State(...)`), `option` (the engine option), `type` (`spin`, `combo`,
/// `check` or `string`), `default`, `min` and `max` (spin), `choices` (combo) and `help`.
#[pyfunction(name = "rules")]
pub fn rule_declarations<'py>(py: Python<'py>, variant: &str) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let entry = registry::entry(variant).ok_or_else(|| {
        let all: Vec<&str> = registry::names().collect();
        PyValueError::new_err(format!(
            "unknown variant '{variant}' (one of: {})",
            all.join(", ")
        ))
    })?;
    let mut out = Vec::new();
    for rule in entry.rules {
        let dict = PyDict::new(py);
        dict.set_item("keyword", rule.keyword)?;
        dict.set_item("option", rule.name)?;
        dict.set_item("help", rule.help)?;
        match rule.kind {
            OptionType::Spin { default, min, max } => {
                dict.set_item("type", "spin")?;
                dict.set_item("default", default)?;
                dict.set_item("min", min)?;
                dict.set_item("max", max)?;
            }
            OptionType::Combo { default, choices } => {
                dict.set_item("type", "combo")?;
                dict.set_item("default", default)?;
                dict.set_item("choices", choices.to_vec())?;
            }
            OptionType::Check { default } => {
                dict.set_item("type", "check")?;
                dict.set_item("default", default)?;
            }
            OptionType::Text { default } => {
                dict.set_item("type", "string")?;
                dict.set_item("default", default)?;
            }
            OptionType::Button => dict.set_item("type", "button")?,
        }
        out.push(dict);
    }
    Ok(out)
}

/// A pickled state made again (`State.__reduce__`): `variant` with `rules` (keyword to value
/// as given) at `fen`, then `moves` played.
#[pyfunction(name = "_restore_state")]
pub fn restore_state(
    variant: &str,
    fen: &str,
    rules: &Bound<'_, PyDict>,
    moves: Vec<String>,
) -> PyResult<State> {
    let state = State::new(Some(variant), Some(fen), Some(rules))?;
    for mv in &moves {
        state.play_text(mv)?;
    }
    Ok(state)
}

/// The names of every variant, as `UCI_Variant` takes them.
#[pyfunction(name = "variants")]
pub fn variant_names() -> Vec<&'static str> {
    registry::names().collect()
}

/// The position, its game and rules, and its history.
pub struct Inner {
    /// The options the game was made with (variant and rules).
    pub options: Options,
    /// The current position.
    pub variant: Box<dyn Variant>,
    /// The position before each move played, with the move.
    pub history: Vec<(Box<dyn Variant>, String)>,
    /// The rules as given, for `repr` and `rules`.
    rules: Vec<(String, String)>,
}

impl Inner {
    fn copy(&self) -> Inner {
        Inner {
            options: self.options.clone(),
            variant: self.variant.clone_box(),
            history: self
                .history
                .iter()
                .map(|(v, m)| (v.clone_box(), m.clone()))
                .collect(),
            rules: self.rules.clone(),
        }
    }
}

/// A position of one of sente's games.
#[pyclass(module = "sente._sente", subclass)]
pub struct State {
    inner: Mutex<Inner>,
}

impl State {
    /// The position, locked.
    pub fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The text of a rule's value: an int, a str, anything with a `str()`; a bool as `true` or
/// `false` (a check option: Nim's `misere`); a list or tuple (Nim's heaps) as its items'
/// texts joined by spaces.
pub fn rule_text(value: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(flag) = value.cast::<pyo3::types::PyBool>() {
        return Ok(flag.is_true().to_string());
    }
    if value.is_instance_of::<pyo3::types::PyList>()
        || value.is_instance_of::<pyo3::types::PyTuple>()
    {
        let items: PyResult<Vec<String>> =
            value.try_iter()?.map(|item| rule_text(&item?)).collect();
        return Ok(items?.join(" "));
    }
    Ok(value.str()?.to_cow()?.into_owned())
}

/// How a game ended, as `State.result` says it: `1-0`, `0-1` or `1/2-1/2`.
pub fn result_text(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win(Seat::P1) => "1-0",
        Outcome::Win(Seat::P2) => "0-1",
        Outcome::Score(v) if v > 0 => "1-0",
        Outcome::Score(v) if v < 0 => "0-1",
        Outcome::Draw | Outcome::Score(_) => "1/2-1/2",
    }
}

impl State {
    /// Plays the move written `text`; `IllegalMove`, the state unchanged, if it is not legal.
    fn play_text(&self, text: &str) -> PyResult<()> {
        let mut inner = self.lock();
        let before = inner.variant.clone_box();
        inner
            .variant
            .play_move(text)
            .map_err(|e| IllegalMove::new_err(format!("illegal move '{text}': {e}")))?;
        inner.history.push((before, text.to_string()));
        Ok(())
    }
}

/// The `TypeError` for a move given as something else than its text (`s.play(4)`): moves are
/// strings, as `legal_moves()` lists them. The string form of what was given is suggested
/// only when it is a legal move (`play('4')`), never for a tuple (`play((1, 1))`) or the like;
/// an int is pointed to `apply_action`, which takes integer actions.
fn not_a_move_text(given: &Bound<'_, PyAny>, legal: &[String]) -> PyErr {
    let kind = given
        .get_type()
        .name()
        .map_or_else(|_| "object".to_string(), |n| n.to_string());
    let shown = given
        .repr()
        .map_or_else(|_| "?".to_string(), |r| r.to_string());
    let text = given
        .str()
        .map_or_else(|_| shown.clone(), |s| s.to_string());
    let suggestion = if legal.contains(&text) {
        format!(": play('{text}')")
    } else {
        String::new()
    };
    let examples: Vec<String> = legal.iter().take(6).map(|m| format!("'{m}'")).collect();
    let examples = if examples.is_empty() {
        String::new()
    } else {
        format!(
            " (legal here: {}{})",
            examples.join(", "),
            if legal.len() > 6 { ", ..." } else { "" }
        )
    };
    let is_int = given.is_instance_of::<pyo3::types::PyInt>()
        && !given.is_instance_of::<pyo3::types::PyBool>();
    let actions = if is_int {
        "; integer actions go to apply_action()"
    } else {
        ""
    };
    PyTypeError::new_err(format!(
        "a move is a string in the game's notation, not the {kind} {shown}{suggestion}{examples}{actions}"
    ))
}

#[pymethods]
impl State {
    /// A new game of `variant` (as `UCI_Variant` names it) at its start position, or at `fen`,
    /// with rules as keyword arguments (`sente.rule_keywords(variant)` lists each game's:
    /// `width`/`height` for connect4, `colours`/`per_colour` for babylon...). Without
    /// `variant`, the engine's default game (`registry::DEFAULT_VARIANT`, connect4; the stub
    /// `_sente.pyi` writes it as the default).
    #[new]
    #[pyo3(signature = (variant = None, fen = None, **rules))]
    fn new(
        variant: Option<&str>,
        fen: Option<&str>,
        rules: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        let variant = variant.unwrap_or(registry::DEFAULT_VARIANT);
        let mut options = Options::default();
        options
            .set("UCI_Variant", Some(variant))
            .map_err(PyValueError::new_err)?;
        let name = options.variant;
        let mut given = Vec::new();
        if let Some(rules) = rules {
            for (key, value) in rules.iter() {
                let key: String = key.extract()?;
                let declared = registry::entry(name).map_or(&[][..], |e| e.rules);
                let Some(option) = declared.iter().find(|o| o.keyword == key).map(|o| o.name)
                else {
                    let known: Vec<&str> = declared.iter().map(|o| o.keyword).collect();
                    let known = if known.is_empty() {
                        "it has none".to_string()
                    } else {
                        format!("its rules are {}", known.join(", "))
                    };
                    return Err(PyValueError::new_err(format!(
                        "'{key}' is not a rule of {name} ({known})"
                    )));
                };
                let text = rule_text(&value)?;
                options
                    .set(option, Some(&text))
                    .map_err(|e| PyValueError::new_err(format!("{key}: {e}")))?;
                given.push((key, text));
            }
        }
        if let Some(message) = options.unfit_rules(name) {
            return Err(PyValueError::new_err(message));
        }
        let mut game = options.start_position().map_err(PyValueError::new_err)?;
        if let Some(fen) = fen {
            let fen = typed_fen(game.as_ref(), fen);
            game.set_position(&PositionStart::Fen(fen), &[])
                .map_err(PyValueError::new_err)?;
        }
        Ok(State {
            inner: Mutex::new(Inner {
                options,
                variant: game,
                history: Vec::new(),
                rules: given,
            }),
        })
    }

    /// The variant's name.
    #[getter]
    fn variant(&self) -> &'static str {
        self.lock().variant.name()
    }

    /// The rules given when the state was made, as keyword arguments.
    #[getter]
    fn rules<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (key, value) in &self.lock().rules {
            match value.parse::<i64>() {
                Ok(n) => dict.set_item(key, n)?,
                Err(_) => dict.set_item(key, value)?,
            }
        }
        Ok(dict)
    }

    /// Every rule of the game as engine options, `[(option name, value)]` (`Connect4Width`...),
    /// the given ones and the defaults of the others: what `setoption` sets to give an
    /// engine this game.
    #[getter]
    fn rule_options(&self) -> Vec<(String, String)> {
        let inner = self.lock();
        inner
            .options
            .rules(inner.variant.name())
            .iter()
            .map(|(name, value)| (name.to_string(), value.to_string()))
            .collect()
    }

    /// The legal moves in move notation, in the engine's order (empty once the game is over).
    fn legal_moves(&self) -> Vec<String> {
        // A game generates no move once it is over (`Game::legal_moves`).
        self.lock().variant.legal_moves()
    }

    /// Plays `move`, a string in the game's move notation (`help(sente.State)` gives each
    /// game's); raises `IllegalMove`, the state unchanged, if it is not legal here.
    #[pyo3(signature = (r#move, /))]
    fn play(&self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        let Ok(text) = r#move.cast::<PyString>() else {
            return Err(not_a_move_text(r#move, &self.lock().variant.legal_moves()));
        };
        self.play_text(&text.to_cow()?)
    }

    /// Takes back the last move played on this state and returns it; `IndexError` if none.
    fn undo(&self) -> PyResult<String> {
        let mut inner = self.lock();
        let (before, mv) = inner
            .history
            .pop()
            .ok_or_else(|| PyIndexError::new_err("no move to undo"))?;
        inner.variant = before;
        Ok(mv)
    }

    /// The moves played on this state since it was made (or copied from one), in order.
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.lock().history.iter().map(|(_, m)| m.clone()).collect()
    }

    /// An independent copy (with its history).
    pub fn copy(&self) -> State {
        State {
            inner: Mutex::new(self.lock().copy()),
        }
    }

    fn __copy__(&self) -> State {
        self.copy()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
        self.copy()
    }

    /// The position in the variant's fen notation.
    #[getter]
    fn fen(&self) -> String {
        self.lock().variant.fen()
    }

    /// Whose turn it is: `"p1"` (moves first) or `"p2"`; once over, who would move next.
    #[getter]
    fn turn(&self) -> &'static str {
        match self.lock().variant.side_to_move() {
            Seat::P1 => "p1",
            Seat::P2 => "p2",
        }
    }

    /// True when the game is over (a solved puzzle, a win, a draw).
    #[getter]
    fn is_over(&self) -> bool {
        self.lock().variant.outcome().is_some()
    }

    /// True for a one-player puzzle (Rush Hour).
    #[getter]
    fn is_puzzle(&self) -> bool {
        self.lock().variant.is_puzzle()
    }

    /// `"1-0"` (p1 won, or the puzzle is solved), `"0-1"`, `"1/2-1/2"`, or `None` while the
    /// game goes on.
    #[getter]
    fn result(&self) -> Option<&'static str> {
        self.lock().variant.outcome().map(result_text)
    }

    /// For explicit game trees, the final score of a finished game in the tree's units (the
    /// leaf reached: `3`); for other games `None`.
    #[getter]
    fn score<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let inner = self.lock();
        match inner.variant.outcome() {
            Some(Outcome::Score(v)) => Ok(Some(units::score(py, inner.variant.as_ref(), v)?)),
            _ => Ok(None),
        }
    }

    /// The board as the engine draws it (several lines, without the `d` details).
    fn board(&self) -> String {
        self.lock().variant.display()
    }

    /// The static evaluation the searches use at their depth limit (Connect Four: the
    /// course's heuristic, plus the n-tuple network on the boards that have one: 9 x 6, 8 x 7,
    /// 7 x 8, 10 x 6, 9 x 7, 8 x 8, 10 x 8, 12 x 10), in the game's own units (its points)
    /// from the side to move.
    fn evaluate<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let inner = self.lock();
        units::score(py, inner.variant.as_ref(), inner.variant.evaluate())
    }

    /// The number of move sequences of `depth` plies (a finished game is not extended;
    /// depth 0 counts 1, the position itself).
    fn perft(&self, py: Python<'_>, depth: &Bound<'_, PyAny>) -> PyResult<u64> {
        let depth = crate::args::whole(depth, "depth", "plies", 0, i64::from(MAX_DEPTH))? as u32;
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let task = self.lock().variant.perft_task(depth, stop.clone());
        let said = crate::run::run_task(py, task, 1, stop)?;
        let text = said.last.to_string();
        text.split_whitespace()
            .skip_while(|w| *w != "nodes")
            .nth(1)
            .and_then(|n| n.parse().ok())
            .ok_or_else(|| PyValueError::new_err(format!("perft: {text}")))
    }

    /// What the engine's `d` prints: the board, variant, fen, side to move and legal moves.
    fn __str__(&self) -> String {
        describe(self.lock().variant.as_ref())
    }

    fn __repr__(&self) -> String {
        let inner = self.lock();
        let mut text = format!(
            "State('{}', fen='{}'",
            inner.variant.name(),
            inner.variant.fen()
        );
        for (key, value) in &inner.rules {
            match value.parse::<i64>() {
                Ok(n) => text.push_str(&format!(", {key}={n}")),
                Err(_) => text.push_str(&format!(", {key}='{value}'")),
            }
        }
        text.push(')');
        text
    }

    /// States are equal when they are the same position of the same game under the same
    /// rules, however they got there: their histories (`moves`) do not count.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        let Ok(other) = other.cast::<State>() else {
            return false;
        };
        let other = other.borrow();
        if std::ptr::eq(self, &*other) {
            return true;
        }
        let (a, b) = (self.lock(), other.lock());
        a.variant.name() == b.variant.name()
            && a.variant.fen() == b.variant.fen()
            && a.options == b.options
    }

    /// The position as an immutable key, `(variant, rule_options, fen)`: two keys are equal
    /// exactly when the states are (`==`), and a key does not change when the state is played
    /// on afterwards. For visited sets and transposition dicts: `seen.add(s.key())`.
    fn key<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let inner = self.lock();
        let rules: Vec<(String, String)> = inner
            .options
            .rules(inner.variant.name())
            .iter()
            .map(|(name, value)| (name.to_string(), value.to_string()))
            .collect();
        let rules = PyTuple::new(py, rules)?;
        (inner.variant.name(), rules, inner.variant.fen()).into_pyobject(py)
    }

    /// A hash of the position (variant, rules and fen), consistent with `==`: equal states
    /// hash alike whatever their histories. A state is mutable: one kept in a set or as a
    /// dict key and played on afterwards is no longer found there; keep `s.key()` instead
    /// (or `s.copy()`).
    fn __hash__(&self) -> u64 {
        let inner = self.lock();
        let mut hasher = DefaultHasher::new();
        inner.variant.name().hash(&mut hasher);
        inner.variant.fen().hash(&mut hasher);
        for (name, value) in inner.options.rules(inner.variant.name()).iter() {
            (name, value.to_string()).hash(&mut hasher);
        }
        // Python takes -1 for an error: keep clear of it.
        hasher.finish() >> 1
    }

    /// Pickling: the variant, the rules as given, the position the state was made at and
    /// the moves played since, so that the copy has the same history (`undo` works on it).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let restore = py.import("sente._sente")?.getattr("_restore_state")?;
        let (variant, fen, rules, moves) = {
            let this = slf.borrow();
            let inner = this.lock();
            let made_at = inner
                .history
                .first()
                .map_or_else(|| inner.variant.fen(), |(before, _)| before.fen());
            let rules = PyDict::new(py);
            for (key, value) in &inner.rules {
                rules.set_item(key, value)?;
            }
            let moves: Vec<String> = inner.history.iter().map(|(_, m)| m.clone()).collect();
            (inner.variant.name(), made_at, rules, moves)
        };
        let args = (variant, fen, rules, moves).into_pyobject(py)?;
        (restore, args).into_pyobject(py)
    }

    /// The board drawn in SVG, as the GUI draws it (Jupyter shows it).
    fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<String> {
        let py = slf.py();
        let draw = py.import("sente.boards")?.getattr("board_svg")?;
        draw.call1(PyTuple::new(py, [slf.as_any()])?)?.extract()
    }
}
