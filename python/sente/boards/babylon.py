"""Babylon, as the page's board (src/gui/page/boards/babylon.js) draws it."""

from __future__ import annotations

from typing import TYPE_CHECKING, List, Sequence

from ._common import svg

if TYPE_CHECKING:
    from .._sente import State


_BABYLON = {"a": "#e5484d", "b": "#3e63dd", "c": "#f5c542", "d": "#30a46c", "e": "#8e4ec6",
            "f": "#f76b15", "g": "#12a594", "h": "#d6409f"}


NAME = 'Babylon'
"""The game's name in words."""

NOTATION = (
    "A stack is its top colour's letter (a red, b blue, c yellow, d green, e purple, f "
    'orange, g teal, h pink) and its height; a move is the stack moved, then the stack it '
    "goes onto: 'd1a1' puts the green stack of 1 onto the red stack of 1. The player who "
    'cannot move loses.'
)
"""How its moves are written (help(sente.State) lists it)."""


def _shade(hex_colour: str) -> str:
    n = int(hex_colour[1:], 16)

    def mix(v: int) -> int:
        return round(v * 0.45 + 255 * 0.35)

    return f"rgb({mix((n >> 16) & 255)}, {mix((n >> 8) & 255)}, {mix(n & 255)})"


def draw(state: "State", pv: Sequence[str]) -> str:
    """The stacks as towers of tablets, the top colour and height of each."""
    slot, slab, per_row = 92, 13, 8
    words = state.fen.split()[:-1]
    stacks = [(w[0], int(w[1:])) for w in words if len(w) > 1 and w[1:].isdigit()]
    max_height = max([3] + [h for _, h in stacks])
    rows = max(1, -(-len(stacks) // per_row))
    shown = min(per_row, max(len(stacks), 1))
    tower = max_height * slab + 60
    body: List[str] = []
    for i, (colour, height) in enumerate(stacks):
        x = 10 + (i % per_row) * slot
        base = 10 + (i // per_row) * tower + tower - 30
        body.append(
            f"<rect x='{x + 4}' y='{base - max_height * slab - 18}' width='{slot - 8}' "
            f"height='{max_height * slab + 44}' rx='10' fill='#f8f9fa' stroke='#dfe3e6' stroke-width='1.5'/>"
        )
        fill = _BABYLON.get(colour, "#888888")
        for k in range(height):
            top = k == height - 1
            body.append(
                f"<rect x='{x + 16}' y='{base - (k + 1) * slab}' width='{slot - 32}' height='{slab - 2}' rx='3' "
                f"fill='{fill if top else _shade(fill)}'/>"
            )
        body.append(
            f"<text x='{x + slot / 2:g}' y='{base + 18}' text-anchor='middle' font-size='13' "
            f"font-weight='600'>{colour}{height}</text>"
        )
    return svg(shown * slot + 20, rows * tower + 20, "Babylon stacks", body)
