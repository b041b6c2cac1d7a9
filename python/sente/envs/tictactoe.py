"""Tic-tac-toe as PettingZoo's `tictactoe_v3` has it, played by sente.

- agents `player_1` (x, moves first) and `player_2`;
- action: a cell numbered down the columns, as PettingZoo numbers them:

      0 | 3 | 6
      1 | 4 | 7
      2 | 5 | 8

  (sente's and OpenSpiel's actions go along the rows: `State.legal_actions()` differs);
- observation `{"observation": int8 [3, 3, 2], "action_mask": int8 [9]}`: plane 0 the
  observing agent's marks, plane 1 the opponent's, `observation[i, j]` the cell of action
  3i + j;
- rewards 1 for three in a row, -1 for the other agent, 0 each for a draw; an illegal action
  ends the game with -1 for its agent.

    from sente.envs import tictactoe
    env = tictactoe.env()
"""

from __future__ import annotations

from typing import Optional

import numpy as np

from gymnasium.utils import EzPickle

from .._sente import State
from ._board import BoardEnv

__all__ = ["env", "raw_env"]


class raw_env(BoardEnv, EzPickle):  # noqa: N801 (PettingZoo's name)
    """Tic-tac-toe. `checked=True` (what `env()` gives) adds what PettingZoo's wrappers of
    `tictactoe_v3.env()` check; without it an illegal action raises `sente.IllegalMove`."""

    metadata = {**BoardEnv.metadata, "name": "sente_tictactoe_v0", "render_fps": 1}
    agent_names = ["player_1", "player_2"]

    def __init__(self, render_mode: Optional[str] = None, checked: bool = False) -> None:
        EzPickle.__init__(self, render_mode, checked)
        BoardEnv.__init__(self, State("tictactoe"), render_mode, checked)

    def _planes(self, tensor: np.ndarray, player: int) -> np.ndarray:
        # sente's (OpenSpiel's) tensor: planes empty, o, x, indexed [row, column].
        own, other = (2, 1) if player == 0 else (1, 2)
        return tensor[[own, other]].transpose(2, 1, 0)

    def _open_cells(self) -> np.ndarray:
        # The empty plane, along the rows: sente's actions.
        return self._state.observation_tensor()[0].ravel().astype(np.int8)

    def _action(self, action: int) -> int:
        # Down the columns <-> along the rows: the transpose, its own inverse.
        return (action % 3) * 3 + action // 3


def env(render_mode: Optional[str] = None) -> raw_env:
    """Tic-tac-toe as `tictactoe_v3.env()` plays it (its wrappers' checks included)."""
    return raw_env(render_mode, checked=True)
