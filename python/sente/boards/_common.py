"""What the board drawings share: the SVG document, the principal variation's markers, the
two sides' colours."""

from __future__ import annotations

from html import escape
from typing import List, Optional, Tuple

P1 = "#e5484d"
P2 = "#f5c542"
FONT = "font-family='system-ui, sans-serif'"


def svg(width: float, height: float, label: str, body: List[str]) -> str:
    """An SVG document of this size and label holding `body`."""
    return (
        f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 {width:g} {height:g}' "
        f"width='{width:g}' height='{height:g}' role='img' aria-label='{escape(label)}' {FONT}>"
        + "".join(body)
        + "</svg>"
    )


def marker(x: float, y: float, n: int, r: float = 11) -> str:
    """A small numbered marker: step `n` of a principal variation."""
    return (
        f"<g><circle cx='{x:g}' cy='{y:g}' r='{r:g}' fill='#3e63dd' stroke='#fff' stroke-width='1.5'/>"
        f"<text x='{x:g}' y='{y + 4:g}' text-anchor='middle' fill='#fff' font-size='12' "
        f"font-weight='800'>{n}</text></g>"
    )


def winning_cells(rows: List[str], k: int) -> List[Tuple[int, int]]:
    """The cells (row, column) of the first `k` same stones in a row, column or diagonal of
    the board `rows` (a fen's rows, `.` empty), or [] when there is none."""
    height = len(rows)
    for r in range(height):
        for c in range(len(rows[r])):
            stone = rows[r][c]
            if stone == ".":
                continue
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + i * dr, c + i * dc) for i in range(k)]
                if all(
                    0 <= rr < height and 0 <= cc < len(rows[rr]) and rows[rr][cc] == stone
                    for rr, cc in cells
                ):
                    return cells
    return []


def win_line(points: List[Tuple[float, float]], colour: str = "#1c2024") -> str:
    """A thick line through the centres of the winning cells, from the first to the last."""
    (x1, y1), (x2, y2) = points[0], points[-1]
    return (
        f"<line class='win' x1='{x1:g}' y1='{y1:g}' x2='{x2:g}' y2='{y2:g}' stroke='{colour}' "
        "stroke-width='9' stroke-linecap='round' opacity='0.75'/>"
    )


def result_caption(x: float, y: float, result: Optional[str], p1: str, p2: str) -> str:
    """The result under a finished board: `p1 wins`, `p2 wins` or `Draw` (nothing while the
    game goes on)."""
    if result is None:
        return ""
    text = {"1-0": f"{p1} wins", "0-1": f"{p2} wins"}.get(result, "Draw")
    return (
        f"<text class='result' x='{x:g}' y='{y:g}' text-anchor='middle' font-size='16' "
        f"font-weight='800' fill='#1c2024'>{escape(text)} ({result})</text>"
    )
