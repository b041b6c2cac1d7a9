"""A Gymnasium environment where the agent plays one seat of a sente game and sente's search
the other, at a chosen strength: a fixed `depth`, a `movetime` or a node budget, with a
probability `noise` of a uniformly random move instead (0: sente's own choice every time).

    import gymnasium, sente.envs
    env = gymnasium.make("sente/VersusSente-v0", variant="connect4", depth=4)
    observation, info = env.reset(seed=0)
    observation, reward, terminated, truncated, info = env.step(3)
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple

import gymnasium
import numpy as np
from gymnasium import spaces

from .._api import search
from .._sente import State

__all__ = ["VersusSente"]


class VersusSente(gymnasium.Env):
    """The agent against sente in `variant` (a game with an observation tensor: connect4,
    tictactoe), seated at `seat` (0 moves first).

    - action: sente's integer action (`State.legal_actions()`: Connect Four's column from 0,
      tic-tac-toe's cell along the rows from the top left);
    - observation `{"observation": float32, the state's `observation_tensor()` (OpenSpiel's
      layout), "action_mask": int8, 1 for each legal action}`;
    - reward at the end, from the agent's side: 1 a win, -1 a loss, 0 a draw; an illegal
      action ends the episode with -1 (`info["illegal"]`);
    - `info["sente_move"]`: sente's reply, in move notation.

    sente searches with `algorithm` to `depth` plies, or for `movetime` seconds, or `nodes`
    nodes (depth 2 when none is given); rules as keyword arguments (`width=8, height=7`)."""

    metadata = {"render_modes": ["human", "ansi"], "render_fps": 2}

    def __init__(
        self,
        variant: str = "connect4",
        seat: int = 0,
        depth: Optional[int] = None,
        movetime: Optional[float] = None,
        nodes: Optional[int] = None,
        noise: float = 0.0,
        algorithm: str = "alphabeta",
        render_mode: Optional[str] = None,
        **rules: Any,
    ) -> None:
        if seat not in (0, 1):
            raise ValueError(f"seat is 0 (moves first) or 1, not {seat!r}")
        if not 0.0 <= noise <= 1.0:
            raise ValueError(f"noise is a probability from 0 to 1, not {noise!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: one of human, ansi")
        self._start = State(variant, **rules)
        shape = self._start.observation_tensor_shape()
        if shape is None:
            raise ValueError(f"{variant} has no observation tensor (connect4 and tictactoe have)")
        if depth is None and movetime is None and nodes is None:
            depth = 2
        self.seat, self.noise, self.algorithm = seat, noise, algorithm
        self.depth, self.movetime, self.nodes = depth, movetime, nodes
        self.render_mode = render_mode
        count = self._start.num_distinct_actions()
        self.action_space = spaces.Discrete(count)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, shape=tuple(shape), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(count,), dtype=np.int8),
            }
        )
        self._state = self._start.copy()

    @property
    def state(self) -> State:
        """The sente state of the game being played (a copy)."""
        return self._state.copy()

    def _observation(self) -> Dict[str, np.ndarray]:
        return {
            "observation": self._state.observation_tensor(),
            "action_mask": self._state.legal_actions_mask(),
        }

    def _sente_moves(self) -> str:
        """sente plays its move; returns it in notation."""
        if self.noise and self.np_random.random() < self.noise:
            legal = self._state.legal_moves()
            move = legal[int(self.np_random.integers(len(legal)))]
        else:
            result = search(
                self._state, self.algorithm, depth=self.depth, movetime=self.movetime,
                nodes=self.nodes, hash=1,
            )
            if result.best_move is None:
                raise RuntimeError(f"sente found no move: {'; '.join(result.notes)}")
            move = result.best_move
        self._state.play(move)
        return move

    def _agent_return(self) -> float:
        return float(self._state.returns()[self.seat])

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict] = None
    ) -> Tuple[Dict[str, np.ndarray], Dict[str, Any]]:
        """A new game; when the agent sits second, sente has made its first move
        (`info["sente_move"]`)."""
        super().reset(seed=seed)
        self._state = self._start.copy()
        info: Dict[str, Any] = {}
        if self.seat == 1:
            info["sente_move"] = self._sente_moves()
        return self._observation(), info

    def step(self, action: Any) -> Tuple[Dict[str, np.ndarray], float, bool, bool, Dict[str, Any]]:
        """The agent plays `action`, then sente replies unless the game is over."""
        info: Dict[str, Any] = {}
        if int(action) not in self._state.legal_actions():
            info["illegal"] = True
            return self._observation(), -1.0, True, False, info
        self._state.apply_action(int(action))
        if not self._state.is_terminal():
            info["sente_move"] = self._sente_moves()
        if self.render_mode == "human":
            self.render()
        over = self._state.is_terminal()
        return self._observation(), self._agent_return() if over else 0.0, over, False, info

    def render(self) -> Optional[str]:
        """`"ansi"`: the board as text; `"human"`: the board printed."""
        if self.render_mode == "ansi":
            return self._state.board()
        if self.render_mode == "human":
            print(self._state.board())
        return None


if "sente/VersusSente-v0" not in gymnasium.registry:
    gymnasium.register(id="sente/VersusSente-v0", entry_point="sente.envs.versus:VersusSente")
