"""The review drawn for Jupyter (`Review._repr_html_`): the evaluation graph as inline SVG (a
point per move, coloured by its class, the first player above the middle line, the second
below, as the GUI's graph) and the table of the marked moves with their class, tags and
reason."""

from __future__ import annotations

from html import escape
from typing import Any, List

# The review and its moves are `_review`'s `Review` and `MoveReview` (typed `Any` here: that
# module imports this one).

__all__ = ["graph_svg", "review_html"]

# The classes' colours, as the GUI's review (src/gui/page/style.css).
COLOURS = {
    "best": "#30a46c",
    "good": "#8b949e",
    "inaccuracy": "#3b9fd8",
    "mistake": "#e69f00",
    "blunder": "#db3031",
    "unjudged": "#889096",
}

WIDTH = 600
HEIGHT = 160


def graph_svg(review: Any, width: int = WIDTH, height: int = HEIGHT) -> str:
    """The evaluation graph: the first player's height (`graph_p1`, in [-1, 1]) of every
    position, a point per move coloured by the move's class."""
    heights = [p.graph_p1 for p in review.positions]
    n = max(1, len(heights) - 1)
    pad = 8
    x = lambda i: pad + (width - 2 * pad) * i / n  # noqa: E731
    y = lambda h: height / 2 - (height / 2 - pad) * max(-1.0, min(1.0, h))  # noqa: E731
    line = " ".join(f"{x(i):.1f},{y(h):.1f}" for i, h in enumerate(heights))
    sides = ("first player", "second player") if not review.puzzle else ("exit", "far")
    top, bottom = ("exit", "far") if review.puzzle else ("p1 wins", "p2 wins")
    parts = [
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}' "
        f"viewBox='0 0 {width} {height}' role='img' aria-label='evaluation graph: "
        f"{sides[0]} above, {sides[1]} below'>",
        f"<rect width='{width}' height='{height}' fill='#f8f9fa'/>",
        f"<line x1='0' y1='{height / 2}' x2='{width}' y2='{height / 2}' stroke='#c1c8cd'/>",
        f"<polyline points='{line}' fill='none' stroke='#3e63dd' stroke-width='1.5'/>",
        f"<text x='{pad}' y='{pad + 10}' font-size='11' fill='#687076'>{escape(top)}</text>",
        f"<text x='{pad}' y='{height - pad}' font-size='11' fill='#687076'>{escape(bottom)}</text>",
    ]
    for m in review.moves:
        colour = COLOURS.get(m.cls, "#889096")
        parts.append(
            f"<circle class='rg-point' cx='{x(m.ply):.1f}' cy='{y(m.graph_after):.1f}' r='3.5' "
            f"fill='{colour}'><title>{escape(m.label)} {escape(m.side)} {escape(m.move)}"
            f"{escape(m.mark)}: {escape(m.cls)}</title></circle>"
        )
    parts.append("</svg>")
    return "".join(parts)


def _row(m: Any) -> str:
    words = f" <small>({escape(m.words)})</small>" if m.words else ""
    tags = ", ".join(escape(t.text) for t in m.tags)
    reason = escape(m.why.text) if m.why else escape(m.comment)
    colour = COLOURS.get(m.cls, "#889096")
    return (
        f"<tr><td>{escape(m.label)}</td><td>{escape(m.side)}</td>"
        f"<td><code>{escape(m.move)}{escape(m.mark)}</code>{words}</td>"
        f"<td style='color:{colour}'>{escape(m.cls)}</td><td>{tags}</td><td>{reason}</td></tr>"
    )


def review_html(review: Any) -> str:
    """The review as HTML: its line (`repr`), the graph, and the marked moves' table."""
    marked: List[Any] = [m for m in review.moves if m.marked]
    head = "".join(
        f"<th style='text-align:left'>{name}</th>"
        for name in ("#", "side", "move", "class", "tags", "reason")
    )
    head = f"<tr>{head}</tr>"
    rows = "".join(_row(m) for m in marked)
    table = (
        f"<table class='sente-review'><thead>{head}</thead><tbody>{rows}</tbody></table>"
        if marked
        else "<p>No marked move.</p>"
    )
    note = f"<p><small>{escape(review.values_note)}</small></p>" if review.values_note else ""
    return f"<div><p>{escape(review.summary())}</p>{graph_svg(review)}{note}{table}</div>"
