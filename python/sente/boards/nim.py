"""Nim, as the page's board (src/gui/page/boards/nim.js) draws it: each heap a row of matches,
numbered from 1, the matches the first move of the principal variation takes outlined."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, List, Sequence

from ._common import svg

if TYPE_CHECKING:
    from .._sente import State

STEP, ROW, PER_LINE, LEFT = 22, 64, 15, 44


NAME = 'Nim'
"""The game's name in words."""

NOTATION = (
    "Moves are heap-matches: '2-3' takes 3 matches from heap 2 (heaps from 1). heaps= sets "
    'the heaps; who takes the last match wins, or loses with misere=True.'
)
"""How its moves are written (help(sente.State) lists it)."""


def draw(state: "State", pv: Sequence[str]) -> str:
    """The heaps of matches, each with its number and count; `pv[0]`'s matches outlined."""
    heaps = [int(h) for h in state.fen.split()[0].split("/")]
    shown = re.fullmatch(r"(\d+)-(\d+)", pv[0]) if pv else None
    body: List[str] = []
    top = 8
    for i, count in enumerate(heaps):
        heap = i + 1
        body.append(
            f"<text x='12' y='{top + 38}' font-size='16' font-weight='700' fill='#687076'>{heap}</text>"
        )
        for j in range(count):
            x = LEFT + (j % PER_LINE) * STEP
            y = top + (j // PER_LINE) * ROW
            if shown and int(shown.group(1)) == heap and j >= count - int(shown.group(2)):
                body.append(
                    f"<rect x='{x - 4}' y='{y + 2}' width='{STEP - 2}' height='{ROW - 10}' rx='5' "
                    "fill='#fff4d6' stroke='#f5a524' stroke-width='2'/>"
                )
            body.append(
                f"<rect x='{x + 3}' y='{y + 14}' width='6' height='38' rx='2' fill='#d9a15b' "
                "stroke='rgba(0,0,0,0.25)'/>"
                f"<circle cx='{x + 6}' cy='{y + 12}' r='5.5' fill='#e5484d' stroke='rgba(0,0,0,0.3)'/>"
            )
        end = LEFT + min(PER_LINE, max(count, 1)) * STEP
        body.append(f"<text x='{end + 8}' y='{top + 38}' font-size='13' fill='#687076'>{count}</text>")
        top += max(1, -(-count // PER_LINE)) * ROW
    return svg(LEFT + PER_LINE * STEP + 56, top + 8, "Nim heaps", body)
