"""OpenSpiel interop (optional: `pip install open_spiel`): OpenSpiel's `connect_four` and
`tic_tac_toe` states as sente states, moves and actions both ways, and `SenteBot`, a
`pyspiel.Bot` that plays with sente's search inside OpenSpiel's own game loop
(`open_spiel.python.algorithms.evaluate_bots.evaluate_bots`).

    import pyspiel, sente.openspiel
    game = pyspiel.load_game("connect_four")
    bots = [sente.openspiel.SenteBot(0, movetime=0.1), pyspiel.MCTSBot(...)]
"""

from __future__ import annotations

from typing import Any, Optional

import pyspiel

from ._api import search
from ._sente import State

__all__ = ["GAMES", "from_openspiel", "move_of_action", "action_of_move", "SenteBot"]

#: OpenSpiel's game names and the sente variants they are.
GAMES = {"connect_four": "connect4", "tic_tac_toe": "tictactoe"}


def _variant(os_state: Any) -> str:
    name = os_state.get_game().get_type().short_name
    if name not in GAMES:
        raise ValueError(f"sente plays {', '.join(GAMES)} from OpenSpiel, not {name}")
    return GAMES[name]


def move_of_action(os_state: Any, action: int) -> str:
    """The sente move of OpenSpiel `action` in `os_state`'s game (Connect Four: the column,
    `1`-`7`; tic-tac-toe: cell `row * 3 + column` from the top left, `a3` for 0)."""
    variant = _variant(os_state)
    if variant == "connect4":
        return str(action + 1)
    row, column = divmod(action, 3)
    return f"{'abc'[column]}{3 - row}"


def action_of_move(os_state: Any, move: str) -> int:
    """The OpenSpiel action of sente `move` in `os_state`'s game (the inverse of
    `move_of_action`); ValueError for a move of another notation."""
    variant = _variant(os_state)
    if variant == "connect4" and move.isdigit() and 1 <= int(move) <= 7:
        return int(move) - 1
    if variant == "tictactoe" and len(move) == 2 and move[0] in "abc" and move[1] in "123":
        return (3 - int(move[1])) * 3 + "abc".index(move[0])
    raise ValueError(f"'{move}' is not a {variant} move")


def from_openspiel(os_state: Any) -> State:
    """The sente state of an OpenSpiel `connect_four` or `tic_tac_toe` state: its moves
    replayed from the start (so the history, `undo` included, is the same)."""
    variant = _variant(os_state)
    state = State(variant)
    for action in os_state.history():
        state.play(move_of_action(os_state, action))
    return state


class SenteBot(pyspiel.Bot):
    """A `pyspiel.Bot` choosing its moves with `sente.search` (by default the full search,
    `movetime` seconds a move; or a fixed `depth`, another `algorithm`)."""

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
        result = search(from_openspiel(state), self.algorithm, depth=self.depth, movetime=self.movetime)
        if result.best_move is None:
            return pyspiel.INVALID_ACTION
        return action_of_move(state, result.best_move)
