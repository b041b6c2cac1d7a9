"""The AEC environment shared by sente's PettingZoo games: a `sente.State` played by integer
actions, with PettingZoo's classic conventions (agents, observation dict with
`action_mask`, rewards at the end).

PettingZoo wraps its classic games in three wrappers (`env()`): an illegal action ends the game
with -1 for who made it (`TerminateIllegalWrapper`), an action outside the space is an
`AssertionError` (`AssertOutOfBoundsWrapper`), and stepping or observing before `reset` is an
error (`OrderEnforcingWrapper`). Each wrapper forwards every attribute through `__getattr__`,
which costs more than a whole move of sente's: `checked=True` does the same checks inside the
environment instead (tests/test_envs.py plays both side by side, illegal moves included)."""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.env_logger import EnvLogger

from .._sente import IllegalMove, State


class BoardEnv(AECEnv):
    """Two agents taking turns on a sente board. A game's module gives its agents' names,
    how its observation planes come from the state's tensor (`_planes`), and how its action
    numbers map to sente's (`_action`)."""

    metadata: Dict[str, Any] = {"render_modes": ["human", "ansi"], "is_parallelizable": False}
    #: The agents' names, first mover first.
    agent_names: List[str] = ["player_0", "player_1"]

    def __init__(self, state: State, render_mode: Optional[str] = None, checked: bool = False) -> None:
        super().__init__()
        self._checked = checked
        self._has_reset = False
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode {render_mode!r}: one of {', '.join(self.metadata['render_modes'])}"
            )
        self.render_mode = render_mode
        self._start = state.copy()
        self._state = state.copy()
        self.possible_agents = list(self.agent_names)
        self.agents = list(self.possible_agents)
        count = state.num_distinct_actions()
        tensor_shape = tuple(state.observation_tensor_shape() or ())
        cells = np.arange(int(np.prod(tensor_shape))).reshape(tensor_shape)
        # Where each player's observation takes each of its values in the state's tensor:
        # one `take` per observation.
        self._gather = [self._planes(cells, p) for p in (0, 1)]
        shape = self._gather[0].shape
        self._count = count
        self.state_space = spaces.Box(low=0, high=1, shape=shape, dtype=np.int8)
        self.action_spaces = {a: spaces.Discrete(count) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(low=0, high=1, shape=shape, dtype=np.int8),
                    "action_mask": spaces.Box(low=0, high=1, shape=(count,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        # The state's tensor as int8 (flat), and its mask, made once per position.
        self._tensor: Optional[np.ndarray] = None
        self._mask: Optional[np.ndarray] = None
        self._no_move = np.zeros(count, np.int8)

    # What differs per game.

    def _planes(self, tensor: np.ndarray, player: int) -> np.ndarray:
        """The observation of `player` (0 or 1) from the state's observation tensor, by
        indexing and transposing only (it is applied once, to the tensor's cell numbers)."""
        raise NotImplementedError

    def _action(self, action: int) -> int:
        """sente's action of the environment's `action` (and back: each map is its own
        inverse)."""
        return action

    def _open_cells(self) -> np.ndarray:
        """The mask, in sente's actions, of the cells with room once the game is over: what
        PettingZoo's own game still shows as legal then (its mask is the board's, not the
        game's)."""
        raise NotImplementedError

    # PettingZoo's AEC interface.

    @property
    def sente_state(self) -> State:
        """The sente state of the game being played (a copy: the environment's own stays)."""
        return self._state.copy()

    def state(self) -> np.ndarray:
        """The global view (PettingZoo's `state()`, for centralised training): the board as
        the first agent observes it, int8 in `state_space` (plane 0 its stones or marks,
        plane 1 the other agent's)."""
        if self._tensor is None:
            self._tensor = self._state.observation_tensor().astype(np.int8).ravel()
        return self._tensor.take(self._gather[0])

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        """`{"observation": the board from `agent`'s side (its stones in plane 0),
        "action_mask": 1 for each legal action of the agent to move, all 0 for the other}`;
        once the game is over, the agent selected still sees the cells with room, as in
        PettingZoo's own games."""
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        if self._tensor is None:
            self._tensor = self._state.observation_tensor().astype(np.int8).ravel()
        player = self.possible_agents.index(agent)
        if agent == self.agent_selection:
            if self._mask is None:
                self._mask = self._mask_of_state()
            mask = self._mask.copy()
        else:
            mask = self._no_move.copy()
        return {"observation": self._tensor.take(self._gather[player]), "action_mask": mask}

    def _mask_of_state(self) -> np.ndarray:
        # Once the game is over PettingZoo's connect_four_v3 and tictactoe_v3 still mark the
        # cells with room: the same here, step for step.
        over = self._state.is_over
        mask = self._open_cells() if over else self._state.legal_actions_mask()
        if type(self)._action is BoardEnv._action:
            return mask
        return mask[[self._action(a) for a in range(mask.size)]]

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        self._has_reset = True
        self._state = self._start.copy()
        self._tensor = self._mask = None
        self.agents = list(self.possible_agents)
        self.rewards: Dict[str, float] = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards: Dict[str, float] = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: Dict[str, Dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.agents[self._state.current_player()]

    def step(self, action: Optional[int]) -> None:
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        if not self.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if not self._checked:
            if action is None:
                raise TypeError(f"step(None) is for an agent whose game is over; {agent} is to move")
            self._state.apply_action(self._action(int(action)))
        else:
            # Discrete.contains, with a fast way for a plain int.
            in_space = (0 <= action < self._count if type(action) is int
                        else self.action_spaces[agent].contains(action))
            assert in_space and action is not None, "action is not in action space"
            try:
                self._state.apply_action(self._action(int(action)))
            except IllegalMove:
                self._illegal(agent)
                return
        self._tensor = self._mask = None
        player = self._state.current_player()
        if player < 0:  # over
            returns = self._state.returns()
            for i, name in enumerate(self.possible_agents):
                self.rewards[name] = returns[i]
            self.terminations = dict.fromkeys(self.agents, True)
            player = 1 - self.possible_agents.index(agent)
        self.agent_selection = self.possible_agents[player]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _illegal(self, agent: str) -> None:
        """What PettingZoo's `TerminateIllegalWrapper` does: the game ends, -1 for `agent`."""
        EnvLogger.warn_on_illegal_move()
        self._cumulative_rewards[agent] = 0
        self.terminations = dict.fromkeys(self.agents, True)
        self.truncations = dict.fromkeys(self.agents, True)
        self.rewards = dict.fromkeys(self.agents, 0)
        self.rewards[agent] = -1.0
        self._accumulate_rewards()
        self._deads_step_first()
        self._mask = None

    def render(self) -> Optional[str]:
        """`"ansi"`: the board as text; `"human"`: the board printed."""
        if not self._has_reset:
            EnvLogger.error_render_before_reset()
        if self.render_mode is None:
            return None
        text = self._state.board()
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to free."""

