"""Rush Hour (and the rocks game: its rock a cell of the fen), as the page's board
(src/gui/page/boards/rushhour.js) draws it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Dict, List, Sequence, Tuple

from ._common import P1, svg

if TYPE_CHECKING:
    from .._sente import State


_PALETTE = ["#3e63dd", "#30a46c", "#f5c542", "#8e4ec6", "#f76b15", "#12a594", "#d6409f", "#5b5bd6",
            "#978365", "#0090ff", "#46a758", "#e54666", "#ab4aba", "#ffb224"]


NAME = 'Rush Hour'
"""The game's name in words."""

NOTATION = (
    "Moves are a vehicle's letter, + (right or down) or - (left or up), and the cells: 'B+2' "
    "moves B two cells right or down; the red car is A. metric='steps' counts each cell, "
    "metric='slides' each move of any length."
)
"""How its moves are written (help(sente.State) lists it)."""


def draw(state: "State", pv: Sequence[str]) -> str:
    """The board, its vehicles, walls and rock, the first move of `pv` outlined."""
    cell, pad = 70, 16
    cells = list(state.fen.split()[0])
    size = 6 * cell
    body: List[str] = [f"<g transform='translate({pad} {pad})'>"]
    body.append(f"<rect x='-8' y='-8' width='{size + 16}' height='{size + 16}' rx='12' fill='#3b4252'/>")
    body.append(f"<rect x='{size}' y='{2 * cell + 4}' width='46' height='{cell - 8}' rx='6' fill='#a3e4b8'/>")
    body.append(
        f"<text x='{size + 24}' y='{2 * cell + cell / 2 + 5:g}' text-anchor='middle' font-size='12' "
        "font-weight='800' fill='#14532d'>EXIT</text>"
    )
    vehicles: Dict[str, List[Tuple[int, int]]] = {}
    for i, ch in enumerate(cells[:36]):
        r, c = divmod(i, 6)
        x, y = c * cell, r * cell
        body.append(f"<rect x='{x + 2}' y='{y + 2}' width='{cell - 4}' height='{cell - 4}' rx='6' fill='#4c566a'/>")
        if ch == "x":
            body.append(
                f"<rect x='{x + 2}' y='{y + 2}' width='{cell - 4}' height='{cell - 4}' rx='4' fill='#1f242e' "
                "stroke='#9aa4b5' stroke-width='2' stroke-dasharray='5 4'/>"
            )
        elif ch == "*":
            pts = [(-22, -6), (-12, -20), (6, -22), (20, -10), (22, 8), (10, 20), (-10, 21), (-21, 10)]
            d = " L ".join(f"{x + cell / 2 + dx:g} {y + cell / 2 + dy:g}" for dx, dy in pts)
            body.append(f"<path d='M {d} Z' fill='#8d8d86' stroke='#3a3a37' stroke-width='2'/>")
        elif "A" <= ch <= "Z":
            vehicles.setdefault(ch, []).append((r, c))
    hint = pv[0] if pv else ""
    for letter, spots in vehicles.items():
        rows = [p[0] for p in spots]
        cols = [p[1] for p in spots]
        r0, c0 = min(rows), min(cols)
        w = (max(cols) - c0 + 1) * cell
        h = (max(rows) - r0 + 1) * cell
        colour = P1 if letter == "A" else _PALETTE[(ord(letter) - 66) % len(_PALETTE)]
        stroke = " stroke='#f5a524' stroke-width='4'" if hint.startswith(letter) else ""
        body.append(
            f"<rect x='{c0 * cell + 6}' y='{r0 * cell + 6}' width='{w - 12}' height='{h - 12}' rx='14' "
            f"fill='{colour}'{stroke}/>"
        )
        body.append(
            f"<text x='{c0 * cell + w / 2:g}' y='{r0 * cell + h / 2 + 7:g}' text-anchor='middle' "
            f"font-size='20' font-weight='800' fill='#fff'>{letter}</text>"
        )
    body.append("</g>")
    return svg(size + 2 * pad + 56, size + 2 * pad, "Rush Hour board", body)
