"""Environments for reinforcement learning over sente's games (optional: `pip install
pettingzoo gymnasium`, or `pip install ./python[envs]`).

- `sente.envs.connect_four.env(width=7, height=6)` and `sente.envs.tictactoe.env()`:
  PettingZoo AEC environments that follow PettingZoo's classic `connect_four_v3` and
  `tictactoe_v3` (the same agents, action numbers, observation dicts with `action_mask`,
  rewards, and illegal moves ending the game with -1 for who made them), the rules played by
  sente in Rust; Connect Four at any size. Registered for `pettingzoo.make("aec",
  "sente/connect_four-v0", width=8, height=7)` and `"sente/tictactoe-v0"`.
- `sente.envs.VersusSente("connect4", depth=4)`: a Gymnasium environment where the agent
  plays one seat and sente's search the other, at a chosen strength (registered as
  `sente/VersusSente-v0`).
- For many games at once without a Python call per move, `sente.Batch`.
"""

import importlib.util

# Looked up rather than imported in a `try` (whose `except ... as` name would be a module
# attribute to the type checker and not at run time).
_MISSING = [m for m in ("pettingzoo", "gymnasium") if importlib.util.find_spec(m) is None]
if _MISSING:
    raise ImportError(
        f"sente.envs needs PettingZoo and Gymnasium (no {' or '.join(_MISSING)}): pip install "
        "pettingzoo gymnasium, or pip install './python[envs]'"
    )

import gymnasium  # noqa: E402,F401
import pettingzoo  # noqa: E402

from . import connect_four, tictactoe
from .versus import VersusSente

for _id, _entry in [("sente/connect_four-v0", "sente.envs.connect_four:env"),
                    ("sente/tictactoe-v0", "sente.envs.tictactoe:env")]:
    if _id not in pettingzoo.aec_registry:
        pettingzoo.register("aec", _id, entry_point=_entry)

__all__ = ["connect_four", "tictactoe", "VersusSente"]
