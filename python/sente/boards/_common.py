"""What the board drawings share: the SVG document, the principal variation's markers, the
two sides' colours."""

from __future__ import annotations

from html import escape
from typing import List

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
