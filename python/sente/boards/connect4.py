"""Connect Four, as the page's board (src/gui/page/boards/connect4.js) draws it."""

from __future__ import annotations

from typing import TYPE_CHECKING, List, Sequence

from ._common import P1, P2, marker, result_caption, svg, win_line, winning_cells

if TYPE_CHECKING:
    from .._sente import State


NAME = 'Connect Four'
"""The game's name in words."""

NOTATION = (
    'Moves are column labels as under the board: 1 to 9 from the left, then a, b, c on wider '
    'boards (width=, height= set the board: up to 12 columns). Red (p1) starts; four in a row'
    " wins. A game is its columns in order: '4453' is Red 4, Yellow 4, Red 5, Yellow 3."
)
"""How its moves are written (help(sente.State) lists it)."""


def draw(state: "State", pv: Sequence[str]) -> str:
    """The board, the principal variation numbered on it, the columns to play marked; a
    finished game's four in a row struck through and its result under the board."""
    cell, top = 64, 56
    rows = [list(r) for r in state.fen.split(" ")[0].split("/")]
    height, width = len(rows), len(rows[0]) if rows else 0
    board_w, board_h = width * cell, height * cell
    body: List[str] = ["<g transform='translate(10 0)'>"]
    colours = {"x": P1, "o": P2}
    for r in range(height):
        for c in range(width):
            stone = rows[r][c]
            if stone in colours:
                body.append(
                    f"<circle cx='{c * cell + cell / 2:g}' cy='{top + r * cell + cell / 2:g}' "
                    f"r='{cell * 0.4:g}' fill='{colours[stone]}'/>"
                )
    holes = []
    rr = cell * 0.4
    for r in range(height):
        for c in range(width):
            x, y = c * cell + cell / 2 - rr, top + r * cell + cell / 2
            holes.append(f"M {x:g} {y:g} a {rr:g} {rr:g} 0 1 0 {2 * rr:g} 0 a {rr:g} {rr:g} 0 1 0 {-2 * rr:g} 0")
    body.append(
        f"<path d='M 0 {top} h {board_w} v {board_h} h {-board_w} Z {' '.join(holes)}' "
        "fill='#2150c4' stroke='#173a93' stroke-width='2' fill-rule='evenodd'/>"
    )
    labels = [str(i + 1) if i < 9 else chr(97 + i - 9) for i in range(width)]
    heights = [sum(1 for row in rows if row[c] != ".") for c in range(width)]
    for i, mv in enumerate(pv[:8]):
        if mv in labels:
            c = labels.index(mv)
            if heights[c] < height:
                r = height - 1 - heights[c]
                heights[c] += 1
                body.append(marker(c * cell + cell / 2, top + r * cell + cell / 2, i + 1, 13))
    side = P1 if state.turn == "p1" else P2
    legal = set(state.legal_moves())
    for c, mv in enumerate(labels):
        x = c * cell + cell / 2
        if mv in legal:
            body.append(f"<circle cx='{x:g}' cy='{top / 2:g}' r='{cell * 0.36:g}' fill='{side}' opacity='0.25'/>")
        body.append(
            f"<text x='{x:g}' y='{top + board_h + 20:g}' text-anchor='middle' fill='#687076' "
            f"font-size='14'>{mv}</text>"
        )
    line = winning_cells(["".join(r) for r in rows], 4)
    if line:
        body.append(win_line([(c * cell + cell / 2, top + r * cell + cell / 2) for r, c in line]))
    result = state.result
    if result is not None:
        body.append(result_caption(board_w / 2, top + board_h + 48, result, "Red", "Yellow"))
    body.append("</g>")
    extra = 26 if result is not None else 0
    return svg(board_w + 20, top + board_h + 34 + extra, f"Connect Four board, {width} by {height}", body)
