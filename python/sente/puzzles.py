"""The Rush Hour puzzle set shipped with sente: 6x6 puzzles without walls drawn from sente's
enumeration of the whole game (`sente rushhour universe --size 6 --walls 0`, Michael
Fogleman's definitions): every puzzle of 40 moves and more, and an even sample of each smaller
number of moves, the hardest 51 moves.

    import sente
    hardest = sente.rushhour_puzzles(moves=51)[0]
    state = hardest.state()             # a sente.State, metric "slides"
    sente.solve(state).length           # 51
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional

from . import _sente
from ._doc import with_field_docs
from ._sente import State

__all__ = ["RushHourPuzzle", "rushhour_puzzles"]


@with_field_docs
@dataclass(frozen=True)
class RushHourPuzzle:
    """One puzzle of the set."""

    moves: int
    """The fewest slides that solve it (a vehicle moving any distance is one move)."""
    board: str
    """36 cells row-major from the top: `.` empty, `A` the red car; a fen for `State`."""
    states: int
    """Boards reachable from it (its cluster)."""

    def state(self, metric: str = "slides") -> State:
        """The puzzle as a `sente.State("rushhour")`, counting moves in `metric` ("slides",
        as the set does, or "steps": one cell a move)."""
        return State("rushhour", fen=self.board, metric=metric)


def _count(name: str, value: Optional[int]) -> Optional[int]:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if value < 0:
        raise ValueError(f"{name} must be at least 0, not {value}")
    return value


def rushhour_puzzles(
    moves: Optional[int] = None,
    *,
    min_moves: Optional[int] = None,
    max_moves: Optional[int] = None,
) -> List[RushHourPuzzle]:
    """The puzzles of the set, by number of moves then board: all of them, those of exactly
    `moves` moves, or those of `min_moves` to `max_moves`. An empty list when none has that
    many moves."""
    moves = _count("moves", moves)
    low = _count("min_moves", min_moves)
    high = _count("max_moves", max_moves)
    if moves is not None and (low is not None or high is not None):
        raise ValueError("give moves, or min_moves and max_moves, not both")
    if moves is not None:
        low = high = moves
    return [
        RushHourPuzzle(m, board, states)
        for m, board, states in _sente.rushhour_puzzle_set()
        if (low is None or m >= low) and (high is None or m <= high)
    ]
