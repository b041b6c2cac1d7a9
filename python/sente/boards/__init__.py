"""The boards drawn in SVG for Jupyter (`State._repr_svg_`): one module per game, named as its
variant (`-` written `_`), each with `draw(state, pv) -> str`. A game's module here follows its
board module in the page (src/gui/page/boards/<variant>.js), geometry and colours; it is not
the same code because the page's boards are ES modules that build interactive SVG in a
browser's DOM, and a notebook needs a static SVG string from Python, with no JavaScript engine
to run them. Adding a game adds its module here, found by its name; a game without one is
drawn as its fen.
"""

from __future__ import annotations

import importlib
from html import escape
from typing import TYPE_CHECKING, Sequence

from ._common import svg

if TYPE_CHECKING:
    from .._sente import State

__all__ = ["board_svg"]


def board_svg(state: "State", pv: Sequence[str] = ()) -> str:
    """The board of `state` as an SVG document, with the moves of `pv` numbered on it."""
    try:
        module = importlib.import_module(f".{state.variant.replace('-', '_')}", __name__)
    except ModuleNotFoundError:
        return svg(400, 40, state.variant, [f"<text x='10' y='25'>{escape(state.fen)}</text>"])
    return module.draw(state, pv)
