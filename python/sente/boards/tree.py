"""An explicit game tree, as the page's board (src/gui/page/boards/tree.js) draws it."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any, List, Optional, Sequence, Tuple

from ._common import svg

if TYPE_CHECKING:
    from .._sente import State


NAME = 'An explicit game tree'
"""The game's name in words."""

NOTATION = (
    "Moves are branch numbers from the left: '1', '2', '3'. The fen is the nested list of "
    "leaves, '((3 12 8) (2 4 6) (14 5 2))'; values are the leaves' own (a leaf 3 is worth 3 "
    'to the first player, who maximises).'
)
"""How its moves are written (help(sente.State) lists it)."""


def _parse_tree(text: str) -> Tuple[Any, str]:
    """Reads `((3 12 8) (2 4 6))` into nested lists of ints; returns the tree and the rest."""
    i = 0

    def node() -> Any:
        nonlocal i
        while i < len(text) and text[i] == " ":
            i += 1
        if i < len(text) and text[i] == "(":
            i += 1
            children: List[Any] = []
            while True:
                while i < len(text) and text[i] == " ":
                    i += 1
                if i >= len(text):
                    raise ValueError("unclosed tree")
                if text[i] == ")":
                    i += 1
                    return children
                children.append(node())
        j = i
        if i < len(text) and text[i] == "-":
            i += 1
        while i < len(text) and text[i].isdigit():
            i += 1
        return int(text[j:i])

    root = node()
    return root, text[i:].strip()


def draw(state: "State", pv: Sequence[str]) -> str:
    """The explicit tree, its levels marked max and min, the principal variation dashed."""
    # The explicit game tree as the GUI's tree board draws it: inner nodes circles, leaves
    # boxes with their values, the principal variation dashed; levels labelled max/min.
    try:
        root, rest = _parse_tree(state.fen)
    except (ValueError, IndexError):
        return svg(400, 40, "game tree", [f"<text x='10' y='25'>{escape(state.fen)}</text>"])
    leaf_w, level = 46, 86
    nodes: List[Tuple[float, int, Any, Optional[int]]] = []
    edges: List[Tuple[int, int, bool]] = []
    counter = [0]
    pv_path = [int(m) - 1 for m in pv if m.isdigit()]

    def lay(n: Any, depth: int, on_pv: bool, path_index: int) -> int:
        index = len(nodes)
        nodes.append((0.0, depth, n, None))
        if isinstance(n, list) and n:
            xs = []
            for k, child in enumerate(n):
                child_pv = on_pv and path_index < len(pv_path) and pv_path[path_index] == k
                ci = lay(child, depth + 1, child_pv, path_index + 1)
                edges.append((index, ci, child_pv))
                xs.append(nodes[ci][0])
            nodes[index] = ((xs[0] + xs[-1]) / 2, depth, n, None)
        else:
            nodes[index] = (counter[0] * leaf_w, depth, n, None)
            counter[0] += 1
        return index

    lay(root, 0, True, 0)
    depth = max(d for _, d, _, _ in nodes)
    width = max(counter[0] * leaf_w, 200) + 60
    height = depth * level + 90
    body = ["<g transform='translate(50 30)'>"]
    p1_first = rest != "2"
    for d in range(depth):
        body.append(
            f"<text x='-40' y='{d * level + 5}' fill='#687076' font-size='12'>"
            f"{'max' if (d % 2 == 0) == p1_first else 'min'}</text>"
        )
    for a, b, on_pv in edges:
        (xa, da, _, _), (xb, db, _, _) = nodes[a], nodes[b]
        style = "stroke='#f5a524' stroke-width='3' stroke-dasharray='6 4'" if on_pv else "stroke='#c1c8cd' stroke-width='2'"
        body.append(f"<line x1='{xa:g}' y1='{da * level}' x2='{xb:g}' y2='{db * level}' {style}/>")
    for x, d, n, _ in nodes:
        y = d * level
        if isinstance(n, list) and n:
            body.append(f"<circle cx='{x:g}' cy='{y}' r='14' fill='#fff' stroke='#889096' stroke-width='2'/>")
        else:
            body.append(
                f"<rect x='{x - 18:g}' y='{y - 14}' width='36' height='28' rx='6' fill='#f1f3f5' "
                "stroke='#889096' stroke-width='1.5'/>"
                f"<text x='{x:g}' y='{y + 5}' text-anchor='middle' font-size='14' font-weight='600'>{n}</text>"
            )
    body.append("</g>")
    return svg(width, height, "game tree", body)
