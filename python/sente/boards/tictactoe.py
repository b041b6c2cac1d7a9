"""Tic-tac-toe, as the page's board (src/gui/page/boards/tictactoe.js) draws it."""

from __future__ import annotations

from typing import TYPE_CHECKING, List, Sequence

from ._common import P1, marker, result_caption, svg, win_line, winning_cells

if TYPE_CHECKING:
    from .._sente import State


NAME = 'Tic-tac-toe'
"""The game's name in words."""

NOTATION = (
    "Moves are cells: column a-c from the left, row 1-3 from the bottom, as on the board's "
    'edges: b2 is the centre, a3 the top left corner. X (p1) starts; three in a row wins.'
)
"""How its moves are written (help(sente.State) lists it)."""


def draw(state: "State", pv: Sequence[str]) -> str:
    """The grid with its coordinates (columns a-c, rows 1-3 from the bottom: the moves' names),
    the stones, the principal variation numbered on it; a finished game's three in a row
    struck through and its result under the board."""
    cell, left = 100, 30
    rows = state.fen.split(" ")[0].split("/")
    body: List[str] = [f"<g transform='translate({left} 10)'>"]
    for i in range(3):
        body.append(
            f"<text class='coord' x='{-14}' y='{i * cell + cell / 2 + 5:g}' text-anchor='middle' "
            f"fill='#687076' font-size='15'>{3 - i}</text>"
            f"<text class='coord' x='{i * cell + cell / 2:g}' y='{3 * cell + 20}' "
            f"text-anchor='middle' fill='#687076' font-size='15'>{'abc'[i]}</text>"
        )
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
    line = winning_cells(rows, 3)
    if line:
        body.append(win_line([(c * cell + cell / 2, r * cell + cell / 2) for r, c in line]))
    result = state.result
    if result is not None:
        body.append(result_caption(1.5 * cell, 3 * cell + 46, result, "X", "O"))
    body.append("</g>")
    height = 3 * cell + 36 + (30 if result is not None else 0)
    return svg(3 * cell + left + 10, height, "tic-tac-toe board", body)
