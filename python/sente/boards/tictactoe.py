"""Tic-tac-toe, as the page's board (src/gui/page/boards/tictactoe.js) draws it."""

from __future__ import annotations

from typing import TYPE_CHECKING, List, Sequence

from ._common import P1, marker, svg

if TYPE_CHECKING:
    from .._sente import State


def draw(state: "State", pv: Sequence[str]) -> str:
    """The grid, the stones, the principal variation numbered on it."""
    cell = 100
    rows = state.fen.split(" ")[0].split("/")
    body: List[str] = ["<g transform='translate(10 10)'>"]
    legal = set(state.legal_moves())
    for r in range(3):
        for c in range(3):
            x, y = c * cell, r * cell
            mv = f"{'abc'[c]}{3 - r}"
            fill = "#e9f9ee" if mv in legal else "#f8f9fa"
            body.append(
                f"<rect x='{x + 3}' y='{y + 3}' width='{cell - 6}' height='{cell - 6}' rx='10' "
                f"fill='{fill}' stroke='#dfe3e6' stroke-width='2'/>"
            )
            stone = rows[r][c].lower() if r < len(rows) and c < len(rows[r]) else "."
            cx, cy, d = x + cell / 2, y + cell / 2, 26
            if stone == "x":
                body.append(
                    f"<g stroke='{P1}' stroke-width='10' stroke-linecap='round'>"
                    f"<line x1='{cx - d}' y1='{cy - d}' x2='{cx + d}' y2='{cy + d}'/>"
                    f"<line x1='{cx - d}' y1='{cy + d}' x2='{cx + d}' y2='{cy - d}'/></g>"
                )
            elif stone == "o":
                body.append(f"<circle cx='{cx}' cy='{cy}' r='28' fill='none' stroke='#3e63dd' stroke-width='10'/>")
    for i, mv in enumerate(pv[:6]):
        if len(mv) == 2 and mv[0] in "abc" and mv[1] in "123":
            c, r = "abc".index(mv[0]), 3 - int(mv[1])
            body.append(marker(c * cell + cell - 18, r * cell + 18, i + 1))
    body.append("</g>")
    return svg(3 * cell + 20, 3 * cell + 20, "tic-tac-toe board", body)
