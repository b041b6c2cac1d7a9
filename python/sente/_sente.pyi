"""Type stubs of the Rust extension `sente._sente` (python/src/)."""

from typing import TYPE_CHECKING, Any, Callable, Dict, List, Optional, Tuple

from typing_extensions import Self, disjoint_base, final

# What the module exports (PyO3 lists every class, function and exception added to it).
__all__ = [
    "State",
    "Batch",
    "EngineProcess",
    "search",
    "solve_algorithms",
    "solve",
    "parse_info",
    "variants",
    "rules",
    "_restore_state",
    "_check_whole",
    "value_unit",
    "_check_seconds",
    "rushhour_puzzle_set",
    "run_command",
    "review_game",
    "IllegalMove",
    "EngineError",
    "EngineTerminated",
    "EngineTimeout",
    "EngineProtocolError",
]

if TYPE_CHECKING:
    import numpy as np

def variants() -> List[str]:
    """The names of every variant, as `UCI_Variant` takes them."""

def rules(variant: str) -> List[Dict[str, Any]]:
    """The rule options of `variant`, as its game declares them: for each, `keyword` (of
    `State(...)`), `option` (the engine option), `type` (`spin`, `combo`, `check`, `string`),
    `default`, `min`/`max` (spin), `choices` (combo) and `help`."""

class IllegalMove(ValueError):
    """A move that is not legal in the position (or not a move at all); the state is unchanged."""

class EngineError(RuntimeError):
    """Something went wrong with an engine process."""

class EngineTerminated(EngineError):
    """The engine process exited or closed its output."""

class EngineTimeout(EngineError):
    """The engine did not answer in time."""

class EngineProtocolError(EngineError):
    """The engine answered with something that is not the protocol."""

@disjoint_base
class State:
    """A position of one of sente's games."""

    def __new__(cls, variant: Optional[str] = None, fen: Optional[str] = None, **rules: Any) -> Self:
        """A new game of `variant` (None: the default game, "connect4") at its start position
        or at `fen`, with rules as keyword arguments (`sente.rules(variant)` lists them;
        tests/test_rules.py keeps this list true):

        - connect4: `width` (4-12 columns), `height` (4-31 rows; width x (height + 1) at
          most 128, or the board at most 12x10).
        - rushhour: `metric` ("steps" or "slides").
        - rushhour-rocks: `max_turns` (1-10,000 car moves).
        - babylon: `colours` (1-8), `per_colour` (1-31 tablets; 31 tablets in all at most).
        - nim: `heaps` (a list of 1 to 12 heaps of 1 to 99 matches), `misere` (True: who
          takes the last match loses).
        """
    @property
    def variant(self) -> str:
        """The variant's name."""
    @property
    def rules(self) -> Dict[str, Any]:
        """The rules given when the state was made."""
    @property
    def rule_options(self) -> List[Tuple[str, str]]:
        """Every rule as engine options (`Connect4Width`, ...), given or default."""
    def legal_moves(self) -> List[str]:
        """The legal moves in move notation (empty once the game is over)."""
    def play(self, move: str, /) -> None:
        """Plays `move` (a string); raises IllegalMove, the state unchanged, if it is not
        legal, TypeError if it is not a string (integer actions go to apply_action)."""
    def undo(self) -> str:
        """Takes back the last move and returns it; IndexError if none."""
    @property
    def moves(self) -> List[str]:
        """The moves played on this state since it was made."""
    def copy(self) -> "State":
        """An independent copy (with its history)."""
    def __copy__(self) -> "State": ...
    def __deepcopy__(self, memo: Any) -> "State": ...
    def __eq__(self, other: object, /) -> bool:
        """The same position of the same game under the same rules (histories do not count)."""
    def __hash__(self) -> int:
        """Consistent with ==: equal positions hash alike (a state played on while in a set
        changes there: keep `key()`)."""
    def key(self) -> Tuple[str, Tuple[Tuple[str, str], ...], str]:
        """The position as an immutable key (variant, rule options, fen), equal exactly when
        the states are: for visited sets and transposition dicts."""
    def __reduce__(self) -> Tuple[Any, Tuple[str, str, Dict[str, str], List[str]]]:
        """Pickling: variant, the fen it was made at, rules, moves played since."""
    @property
    def fen(self) -> str:
        """The position in the variant's fen notation."""
    @property
    def turn(self) -> str:
        """"p1" or "p2"."""
    @property
    def is_over(self) -> bool:
        """True when the game is over."""
    @property
    def is_puzzle(self) -> bool:
        """True for a one-player puzzle."""
    @property
    def result(self) -> Optional[str]:
        """"1-0", "0-1", "1/2-1/2" or None."""
    @property
    def score(self) -> Optional[float]:
        """A finished game tree's final score, in the tree's units."""
    def board(self) -> str:
        """The board as the engine draws it."""
    def evaluate(self) -> float:
        """The static evaluation at the searches' depth limit, in the game's units from the side to move."""
    def perft(self, depth: int) -> int:
        """The number of move sequences of `depth` plies (0 to 120)."""
    def _repr_svg_(self) -> str:
        """The board in SVG."""
    # The integer-action interface (python/src/actions.rs), with OpenSpiel's names.
    def num_distinct_actions(self) -> int:
        """The number of integer actions of the game under its rules."""
    def legal_actions(self, player: Optional[int] = None) -> List[int]:
        """The legal moves as integer actions, ascending (none for a `player` not to move);
        ValueError for a player that is not the game's (0 and 1; a puzzle's 0)."""
    def legal_actions_mask(self) -> "np.ndarray":
        """int8 [num_distinct_actions()], 1 where an action is legal."""
    def apply_action(self, action: int) -> None:
        """Plays the move of `action`; IllegalMove (a ValueError), the state unchanged, for
        any action that is not legal here: out of range, negative, not an int."""
    def child(self, action: int) -> "State":
        """A copy with `action` played."""
    def action_to_string(self, action: int) -> str:
        """The move notation of a legal action."""
    def string_to_action(self, move: str) -> int:
        """The action of a legal move in notation."""
    def history(self) -> List[int]:
        """The actions played since the state was made."""
    def current_player(self) -> int:
        """0 or 1 to move; -4 (OpenSpiel's TERMINAL) once the game is over."""
    def is_terminal(self) -> bool:
        """True once the game is over."""
    def returns(self) -> List[float]:
        """[p1, p2]: 1 a win, -1 a loss, 0.0 each (never -0.0) for a draw or while playing;
        a tree's score."""
    def return_range(self) -> Tuple[float, float]:
        """The lowest and highest return of either player."""
    def max_game_length(self) -> Optional[int]:
        """The most plies the game can still last (None for a puzzle)."""
    def observation_tensor_shape(self) -> Optional[List[int]]:
        """The shape of `observation_tensor()`, None without one."""
    def observation_tensor(self, player: Optional[int] = None) -> "np.ndarray":
        """float32 in OpenSpiel's layout (connect4 [3, h, w], tictactoe [3, 3, 3]); the same
        for either player, ValueError for a player that is not the game's."""

@final
class Batch:
    """`n` games of one variant stepped together by integer actions, or n random playouts,
    in Rust with the GIL released (python/src/batch.rs)."""

    def __new__(cls, state: State, n: int) -> Self:
        """n copies (1 to 10,000,000) of `state`'s position (its game and rules, not its
        history)."""
    def __len__(self) -> int: ...
    @property
    def num_distinct_actions(self) -> int:
        """The length of a mask."""
    @property
    def observation_shape(self) -> Optional[List[int]]:
        """One game's observation shape, None without one."""
    def reset(self) -> Tuple["np.ndarray", "np.ndarray", "np.ndarray"]:
        """Every game back at the start: (observations, masks, players)."""
    def observe(self) -> Tuple["np.ndarray", "np.ndarray", "np.ndarray"]:
        """(observations, masks, players) of the games as they are."""
    def step(
        self, actions: Any
    ) -> Tuple["np.ndarray", "np.ndarray", "np.ndarray", "np.ndarray", "np.ndarray"]:
        """Plays actions[i] in game i (integers of shape (n,)): (observations, masks, rewards
        [n, 2], done, players); a finished game starts again; ValueError naming the game for
        an illegal action, TypeError for actions that are not integers (floats are not
        rounded), ValueError for another shape."""
    def random_playouts(
        self, seed: Optional[int] = None, games: Optional[int] = None
    ) -> Tuple["np.ndarray", "np.ndarray"]:
        """`games` (n without it) random games from the start: (lengths int32, p1's returns
        float32); the GIL released, Ctrl-C stops it."""
    @property
    def playouts_done(self) -> int:
        """The playouts finished so far by the running (or last) `random_playouts`."""

def search(
    state: State,
    algorithm: str = ...,
    depth: Optional[int] = ...,
    movetime: Optional[float] = ...,
    nodes: Optional[int] = ...,
    opponent: str = ...,
    trace: bool = ...,
    trace_limit: Optional[int] = ...,
    heuristic: Optional[str] = ...,
    hash: Optional[int] = ...,
    threads: Optional[int] = ...,
) -> Dict[str, Any]:
    """Runs the engine's search task on `state`; what it said, as a dict (a puzzle search's
    counts under `puzzle`: algorithm, heuristic, expanded, generated, peakopen, iterations,
    microseconds; None for the other searches)."""

def _check_whole(value: Any, name: str, unit: str, min: int, max: Optional[int] = None) -> int:
    """`value` as a whole number of `unit`s from `min` to `max`: ValueError/TypeError naming `name`."""

def value_unit(variant: str) -> int:
    """The engine's `score cp` units in one of `variant`'s own values (100 for tree, else 1)."""

def _check_seconds(value: Any, name: str) -> float:
    """`value` as seconds above 0: ValueError/TypeError naming `name`."""

def solve_algorithms(state: State) -> List[str]:
    """The algorithms `sente.solve` may run on `state` (none: the game's own solver)."""

def _restore_state(variant: str, fen: str, rules: Dict[str, str], moves: List[str]) -> State:
    """A pickled state made again."""

def solve(
    state: State,
    algorithm: Optional[str] = ...,
    settings: Optional[Dict[str, Any]] = ...,
    hash: Optional[int] = ...,
    threads: Optional[int] = ...,
    progress: Optional[Callable[[Dict[str, Any]], None]] = ...,
) -> Dict[str, Any]:
    """The game's own exact solve: `best_move`, `pv`, `nodes`, `time`, `score`, `value`,
    `mate`, `move_values`, `length`, `stats`, `notes`; `settings` are the game's own by keyword
    (`metric`, `heuristic`); `progress` is called with a dict (`step`, `steps`, `doing`,
    `lower`, `upper`, `nodes`, `elapsed`) as it goes."""

def parse_info(line: str) -> Dict[str, Any]:
    """An `info` line read into fields."""

def rushhour_puzzle_set() -> List[Tuple[int, str, int]]:
    """The 6x6 Rush Hour puzzle set: (moves, board, cluster_states), by moves."""

def review_game(
    variant: str,
    rules: List[Tuple[str, str]],
    fen: Optional[str],
    moves: List[str],
    movetime: float = ...,
    nodes: int = ...,
    hash: int = ...,
    threads: int = ...,
    progress: Optional[Callable[[Dict[str, Any]], None]] = ...,
) -> str:
    """The game review as `sente review --json` prints it; `progress` is called with each
    move reviewed (`done`, `total`, `ply`, `move`, `class`)."""

@final
class EngineProcess:
    """A running engine process (the referee's)."""

    def __new__(cls, command: str, args: List[str]) -> Self: ...
    def handshake(self, protocol: Optional[str] = None) -> Dict[str, Any]:
        """ugi/uci handshake: protocol, name, options."""
    def send(self, line: str) -> None:
        """Sends one line."""
    def sync(self) -> None:
        """isready / readyok."""
    def go(self, line: str, timeout: float) -> Tuple[Optional[str], List[str], float]:
        """Sends `go ...`, waits for bestmove: (move, info lines, seconds)."""
    @property
    def pid(self) -> int: ...
    def quit(self) -> None:
        """quit, then kill the process group."""
    def kill(self) -> None:
        """Kills the process group."""
    @property
    def is_open(self) -> bool: ...

def run_command(argv: List[str]) -> None:
    """Runs the `sente` command line with `argv` (program name first) and exits the process."""
