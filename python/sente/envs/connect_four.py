"""Connect Four as PettingZoo's `connect_four_v3` has it, at any size sente plays (4 x 4 up to
12 columns, width x (height + 1) at most 128 or the board at most 12 x 10), played by sente.

- agents `player_0` (moves first) and `player_1`; action: the column, 0 to width - 1;
- observation `{"observation": int8 [height, width, 2], "action_mask": int8 [width]}`:
  plane 0 the observing agent's stones, plane 1 the opponent's, the top row first;
- rewards 1 for four in a row, -1 for the other agent, 0 each for a draw; an illegal action
  ends the game with -1 for its agent (PettingZoo's `TerminateIllegalWrapper`).

    from sente.envs import connect_four
    env = connect_four.env(width=8, height=7)
"""

from __future__ import annotations

from typing import Optional

import numpy as np

from gymnasium.utils import EzPickle

from .._sente import State
from ._board import BoardEnv

__all__ = ["env", "raw_env"]


class raw_env(BoardEnv, EzPickle):  # noqa: N801 (PettingZoo's name)
    """Connect Four of `width` x `height`. `checked=True` (what `env()` gives) adds what
    PettingZoo's wrappers of `connect_four_v3.env()` check; without it an illegal action raises
    `sente.IllegalMove`, as PettingZoo's raw environment fails an assertion."""

    metadata = {**BoardEnv.metadata, "name": "sente_connect_four_v0", "render_fps": 2}
    agent_names = ["player_0", "player_1"]

    def __init__(
        self, width: int = 7, height: int = 6, render_mode: Optional[str] = None,
        checked: bool = False,
    ) -> None:
        EzPickle.__init__(self, width, height, render_mode, checked)
        state = State("connect4", width=width, height=height)
        BoardEnv.__init__(self, state, render_mode, checked)
        self.width, self.height = width, height

    def _planes(self, tensor: np.ndarray, player: int) -> np.ndarray:
        # sente's (OpenSpiel's) tensor: planes x, o, empty with the bottom row first.
        return tensor[[player, 1 - player], ::-1].transpose(1, 2, 0)

    def _open_cells(self) -> np.ndarray:
        # The empty plane's top row (the tensor's rows go up): the columns with room.
        return self._state.observation_tensor()[2, -1, :].astype(np.int8)


def env(width: int = 7, height: int = 6, render_mode: Optional[str] = None) -> raw_env:
    """Connect Four of `width` x `height` as `connect_four_v3.env()` plays it (its wrappers'
    checks included)."""
    return raw_env(width, height, render_mode, checked=True)
