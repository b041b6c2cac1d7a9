"""OpenSpiel interop (optional: `pip install open_spiel`), both ways.

- OpenSpiel's `connect_four` (any `rows` and `columns`) and `tic_tac_toe` states as sente
  states (`from_openspiel`) and back (`to_openspiel`); their integer actions are sente's
  (`State.legal_actions()`: Connect Four's column from 0, tic-tac-toe's cell from the top left).
- sente's two-player games registered as OpenSpiel games when this module is imported:
  `pyspiel.load_game("sente_babylon")`, `"sente_connect4"` (`{"width": 8, "height": 7}`),
  `"sente_tictactoe"`, `"sente_nim"`, `"sente_rushhour_rocks"`, `"sente_tree"` (`{"fen":
  "((3 12 8) (2 4 6) (14 5 2))"}`): each game's rules are the game's parameters, and `fen`
  starts from another position. OpenSpiel's own algorithms run on them (the Python
  `mcts.MCTSBot`, `evaluate_bots`, `random_sim_test`; not `pyspiel.MCTSBot`: see below); the
  states are sente's underneath (`.sente_state`).
- `SenteBot`, a `pyspiel.Bot` that plays with sente's search inside OpenSpiel's own game loop
  (`open_spiel.python.algorithms.evaluate_bots.evaluate_bots`).

    import pyspiel, sente.openspiel
    from open_spiel.python.algorithms import mcts
    game = pyspiel.load_game("sente_babylon")
    rollouts = mcts.RandomRolloutEvaluator(n_rollouts=1)
    bots = [sente.openspiel.SenteBot(0, movetime=0.1), mcts.MCTSBot(game, 2, 100, rollouts)]

MCTS on these games is OpenSpiel's Python one, `open_spiel.python.algorithms.mcts.MCTSBot`:
OpenSpiel's C++ `pyspiel.MCTSBot` crashes the interpreter (a segmentation fault) on any game
defined in Python, sente's as OpenSpiel's own `python_tic_tac_toe`.

The games pickle (`pickle.dumps(game)`, a state through `pyspiel.serialize_game_and_state`)
and load again from their string (`pyspiel.load_game(str(game))`), `fen` included.
"""

from __future__ import annotations

import json
from typing import Any, Dict, Optional

import importlib.util

import numpy as np

# Looked up rather than imported in a `try` (whose `except ... as` name would be a module
# attribute to the type checker and not at run time).
if importlib.util.find_spec("pyspiel") is None:
    raise ImportError(
        "sente.openspiel needs OpenSpiel (no module named 'pyspiel'): pip install open_spiel, "
        "or pip install './python[openspiel]'"
    )

import pyspiel  # noqa: E402

from ._api import search
from ._sente import State, rules, variants

__all__ = [
    "GAMES",
    "from_openspiel",
    "to_openspiel",
    "move_of_action",
    "action_of_move",
    "SenteBot",
    "SenteGame",
    "SenteState",
    "game_name",
]

#: OpenSpiel's game names and the sente variants they are.
GAMES = {"connect_four": "connect4", "tic_tac_toe": "tictactoe"}


def _variant(os_state: Any) -> str:
    name = os_state.get_game().get_type().short_name
    if name not in GAMES:
        raise ValueError(f"sente plays {', '.join(GAMES)} from OpenSpiel, not {name}")
    return GAMES[name]


def _rules(os_state: Any) -> Dict[str, Any]:
    """The sente rules of an OpenSpiel state's game (Connect Four's size)."""
    game = os_state.get_game()
    if game.get_type().short_name != "connect_four":
        return {}
    params = game.get_parameters()
    if params.get("x_in_row", 4) != 4:
        raise ValueError(f"sente's Connect Four is four in a row, not {params['x_in_row']}")
    return {"width": params["columns"], "height": params["rows"]}


def move_of_action(os_state: Any, action: int) -> str:
    """The sente move of OpenSpiel `action` in `os_state`'s game (Connect Four: the column,
    `1`-`9`, then `a`-`c`; tic-tac-toe: cell `row * 3 + column` from the top left, `a3` for 0)."""
    variant = _variant(os_state)
    if variant == "connect4":
        return "123456789abc"[action]
    row, column = divmod(action, 3)
    return f"{'abc'[column]}{3 - row}"


def action_of_move(os_state: Any, move: str) -> int:
    """The OpenSpiel action of sente `move` in `os_state`'s game (the inverse of
    `move_of_action`); ValueError for a move of another notation."""
    variant = _variant(os_state)
    if variant == "connect4" and len(move) == 1 and move in "123456789abc":
        column = "123456789abc".index(move)
        if column < _rules(os_state)["width"]:
            return column
    if variant == "tictactoe" and len(move) == 2 and move[0] in "abc" and move[1] in "123":
        return (3 - int(move[1])) * 3 + "abc".index(move[0])
    raise ValueError(f"'{move}' is not a {variant} move")


def _board_fen(os_state: Any, variant: str) -> str:
    """The fen of an OpenSpiel state's board, read from its struct (OpenSpiel's JSON form)."""
    struct = json.loads(os_state.to_struct().to_json())
    board = struct["board"]
    if variant == "connect4":
        rows = ["".join(row) for row in reversed(board)]  # OpenSpiel's rows go up
    else:
        rows = ["".join(board[r * 3:r * 3 + 3]) for r in range(3)]
    cells = "".join(rows)
    side = "x" if cells.count("x") == cells.count("o") else "o"
    return f"{'/'.join(rows)} {side}"


def from_openspiel(os_state: Any) -> State:
    """The sente state of an OpenSpiel `connect_four` or `tic_tac_toe` state: its actions
    replayed from the start, so the history (`undo` included) is the same; a state OpenSpiel
    made from a board (`new_initial_state(json)`, no history) becomes that board's fen."""
    variant = _variant(os_state)
    history = os_state.history()
    if not history:
        return State(variant, fen=_board_fen(os_state, variant), **_rules(os_state))
    state = State(variant, **_rules(os_state))
    for action in history:
        state.apply_action(action)
    return state


def _openspiel_game(state: State) -> Any:
    if state.variant == "connect4":
        width, height = (state.observation_tensor_shape() or [0, 6, 7])[2:0:-1]
        return pyspiel.load_game("connect_four", {"columns": width, "rows": height})
    if state.variant == "tictactoe":
        return pyspiel.load_game("tic_tac_toe")
    raise ValueError(f"OpenSpiel has connect4 and tictactoe of sente's games, not {state.variant}")


def to_openspiel(state: State) -> Any:
    """The OpenSpiel `connect_four` (of the state's size) or `tic_tac_toe` state of a sente
    state. When the state's moves lead from the game's start to it, they are replayed (the
    OpenSpiel state has the same history); otherwise (a state made from a fen) OpenSpiel
    builds the board from its JSON form, with no history."""
    game = _openspiel_game(state)
    start = State(state.variant, **state.rules)
    replayed = start.copy()
    try:
        for move in state.moves:
            replayed.play(move)
        from_start = replayed == state
    except ValueError:
        from_start = False
    if from_start:
        os_state = game.new_initial_state()
        for move in state.moves:
            os_state.apply_action(start.string_to_action(move))
            start.play(move)
        return os_state
    return game.new_initial_state(json.dumps(_struct(state)))


def _struct(state: State) -> Dict[str, Any]:
    """OpenSpiel's JSON form of a sente connect4 or tictactoe position."""
    rows = state.fen.split()[0].split("/")
    over = state.is_over
    mover = "x" if state.current_player() == 0 else "o"
    if state.variant == "tictactoe":
        return {"board": list("".join(rows)), "current_player": "Terminal" if over else mover}
    winner = {"1-0": "x", "0-1": "o"}.get(state.result or "", "")
    return {
        "board": [list(row) for row in reversed(rows)],
        "current_player": "Terminal" if over else mover,
        "is_terminal": over,
        "winner": "draw" if over and not winner else winner,
    }


class SenteBot(pyspiel.Bot):
    """A `pyspiel.Bot` choosing its moves with `sente.search` (by default the full search,
    `movetime` seconds a move; or a fixed `depth`, another `algorithm`), in OpenSpiel's
    `connect_four` and `tic_tac_toe` and in sente's own games registered here."""

    def __init__(
        self,
        player_id: int,
        movetime: Optional[float] = 0.1,
        depth: Optional[int] = None,
        algorithm: str = "alphabeta",
    ) -> None:
        """A bot for seat `player_id` (0 moves first)."""
        pyspiel.Bot.__init__(self)
        self._player_id = player_id
        self.movetime = movetime
        """Seconds per move (None with a depth)."""
        self.depth = depth
        """Plies per search, if fixed."""
        self.algorithm = algorithm
        """The search's algorithm."""

    def player_id(self) -> int:
        """The bot's seat."""
        return self._player_id

    def restart_at(self, state: Any) -> None:
        """Nothing to reset: each step reads the whole state."""

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Nothing to track: each step reads the whole state."""

    def provides_policy(self) -> bool:
        """A search gives a move, not a policy."""
        return False

    def step(self, state: Any) -> int:
        """The action sente's search chooses in OpenSpiel `state`."""
        own = state.sente_state if isinstance(state, SenteState) else from_openspiel(state)
        result = search(own, self.algorithm, depth=self.depth, movetime=self.movetime)
        if result.best_move is None:
            return pyspiel.INVALID_ACTION
        return own.string_to_action(result.best_move)


# sente's games as OpenSpiel games.


def game_name(variant: str) -> str:
    """The OpenSpiel name of a sente variant: `sente_` and the name with `-` written `_`."""
    return "sente_" + variant.replace("-", "_")


def _parameters(variant: str) -> Dict[str, Any]:
    """The game's rules as OpenSpiel parameters with their defaults, and `fen` ("" for the
    start position)."""
    params: Dict[str, Any] = {}
    for rule in rules(variant):
        default = rule["default"]
        if rule["type"] == "check":
            params[rule["keyword"]] = default in (True, "true")
        elif rule["type"] == "spin":
            params[rule["keyword"]] = int(default)
        else:
            params[rule["keyword"]] = str(default)
    params["fen"] = ""
    return params


def _readable_fen(variant: str, fen: str) -> str:
    """`fen` as OpenSpiel's game string reads it back (`load_game(str(game))`): OpenSpiel
    takes a parameter ending in `)` for a nested game, so a game tree's fen gets its side to
    move written out (`((3 12 8) (2 4 6) (14 5 2)) 1`, the same position)."""
    if variant == "tree" and fen.rstrip().endswith(")"):
        return fen.rstrip() + " 1"
    return fen


def _load_game(text: str) -> Any:
    """A game loaded from its string (`str(game)`): how a pickled game is made again."""
    return pyspiel.load_game(text)


class SenteGame(pyspiel.Game):
    """A sente game as an OpenSpiel game: its rules and `fen` are the parameters; the number
    of actions, the longest game and the range of returns come from the start position."""

    variant = ""
    """The sente variant (set on each registered subclass)."""

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        given = dict(params or {})
        self._params = {**_parameters(self.variant), **given}
        self._params["fen"] = _readable_fen(self.variant, str(self._params.get("fen") or ""))
        fen = self._params["fen"] or None
        game_rules = {k: v for k, v in self._params.items() if k != "fen"}
        self._start = State(self.variant, fen=fen, **game_rules)
        low, high = self._start.return_range()
        info = pyspiel.GameInfo(
            num_distinct_actions=self._start.num_distinct_actions(),
            max_chance_outcomes=0,
            num_players=2,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0,
            max_game_length=self._start.max_game_length() or 0,
        )
        super().__init__(_game_type(self.variant), info, self._params)

    def __reduce__(self) -> Any:
        # OpenSpiel's pickling of a game (its string, loaded again) makes a new object of the
        # registered class, leaving the unpickled one uninitialised: load it by its string.
        return (_load_game, (str(self),))

    def new_initial_state(self) -> "SenteState":
        """The start position (or the `fen` parameter's)."""
        return SenteState(self, self._start.copy())

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        """The observer of the game's tensor (`State.observation_tensor`) and board text."""
        return _Observer(self._start, params)


class SenteState(pyspiel.State):
    """An OpenSpiel state over a sente state (`sente_state`)."""

    def __init__(self, game: SenteGame, state: State) -> None:
        super().__init__(game)
        self.sente_state = state
        """The sente state underneath."""

    def current_player(self) -> int:
        """0 or 1, `pyspiel.PlayerId.TERMINAL` once the game is over."""
        return self.sente_state.current_player()

    def _legal_actions(self, player: int) -> list:
        return self.sente_state.legal_actions()

    def _apply_action(self, action: int) -> None:
        self.sente_state.apply_action(action)

    def _action_to_string(self, player: int, action: int) -> str:
        try:
            return self.sente_state.action_to_string(action)
        except ValueError:
            return f"action {action}"

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.sente_state.is_terminal()

    def returns(self) -> list:
        """Each player's return (sente's `State.returns`)."""
        return list(self.sente_state.returns())

    def __str__(self) -> str:
        return self.sente_state.board()

    def __deepcopy__(self, memo: Any) -> "SenteState":
        # OpenSpiel's clone() of a Python state deep-copies it; the sente state copies itself.
        copy = SenteState(self.get_game(), self.sente_state.copy())
        return copy


class _Observer:
    """An observer in OpenSpiel's Python form: the tensor of the game's observation (none
    for the games without one) and the board text, the same for both players."""

    def __init__(self, start: State, params: Any) -> None:
        if params:
            raise ValueError(f"sente's observers take no parameters (got {params})")
        shape = start.observation_tensor_shape()
        self.tensor = np.zeros(int(np.prod(shape)) if shape else 0, np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)} if shape else {}

    def set_from(self, state: SenteState, player: int) -> None:
        if self.tensor.size:
            self.tensor[:] = state.sente_state.observation_tensor().ravel()

    def string_from(self, state: SenteState, player: int) -> str:
        return state.sente_state.board()


def _game_type(variant: str) -> Any:
    has_tensor = State(variant).observation_tensor_shape() is not None
    return pyspiel.GameType(
        short_name=game_name(variant),
        long_name=f"sente {variant}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=has_tensor,
        parameter_specification=_parameters(variant),
    )


def _register() -> None:
    """Registers every two-player game of sente's (a puzzle has no end OpenSpiel can bound)."""
    registered = set(pyspiel.registered_names())
    for variant in variants():
        if State(variant).is_puzzle or game_name(variant) in registered:
            continue
        name = f"SenteGame_{variant.replace('-', '_')}"
        cls = type(name, (SenteGame,), {"variant": variant, "__module__": __name__})
        pyspiel.register_game(_game_type(variant), cls)


_register()
