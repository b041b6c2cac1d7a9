"""Type stubs of the Rust extension `sente._sente` (python/src/)."""

from typing import Any, Callable, Dict, List, Optional, Tuple

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

class State:
    """A position of one of sente's games."""

    def __init__(self, variant: str = "connect4", fen: Optional[str] = None, **rules: Any) -> None:
        """A new game of `variant` at its start position or at `fen`, with rules as keyword
        arguments (`sente.rules(variant)` lists them; tests/test_rules.py keeps this list
        true):

        - connect4: `width` (4-12 columns), `height` (4-15 rows; width x (height + 1) at
          most 64).
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
        legal, TypeError if it is not a string."""
    def undo(self) -> str:
        """Takes back the last move and returns it; IndexError if none."""
    @property
    def moves(self) -> List[str]:
        """The moves played on this state since it was made."""
    def copy(self) -> "State":
        """An independent copy (with its history)."""
    def __copy__(self) -> "State": ...
    def __deepcopy__(self, memo: Any) -> "State": ...
    def __eq__(self, other: object) -> bool:
        """The same position of the same game under the same rules (histories do not count)."""
    def __hash__(self) -> int:
        """Consistent with ==: equal positions hash alike."""
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
    solve: bool = ...,
    weak: bool = ...,
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

def solve_connect4(state: State, columns: bool = ..., hash: Optional[int] = ..., threads: Optional[int] = ..., progress: Optional[Callable[[Dict[str, Any]], None]] = ...) -> Dict[str, Any]:
    """The Connect Four solver: `score`, `columns`, `nodes`, `time`; `progress` is called with
    a dict (`step`, `steps`, `doing`, `lower`, `upper`, `nodes`, `elapsed`) as it goes."""

def parse_info(line: str) -> Dict[str, Any]:
    """An `info` line read into fields."""

def rushhour_puzzle_set() -> List[Tuple[int, str, int]]:
    """The 6x6 Rush Hour puzzle set: (moves, board, cluster_states), by moves."""

class EngineProcess:
    """A running engine process (the referee's)."""

    def __init__(self, command: str, args: List[str]) -> None: ...
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
