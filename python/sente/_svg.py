"""SVG drawings of search trees, as the GUI's tree view draws them (src/gui/page/lab/tree-draw.js):
the same geometry and colours, as static images for Jupyter. The boards are in `sente.boards`."""

from __future__ import annotations

import math
from html import escape
from typing import Any, Dict, List, Optional, Protocol, Set, Tuple

from .boards._common import svg as _svg

__all__ = ["tree_svg", "value_text"]


MATE = 1000000
MATE_BOUND = 990000


def value_text(v: Optional[float]) -> str:
    """A trace value (in the game's units) as the tree view writes it: `3`, `7.67`, `-47`,
    `+M7` (p1 wins 7 plies from the root), `∞` for an open end."""
    if v is None:
        return ""
    if v == math.inf:
        return "∞"
    if v == -math.inf:
        return "-∞"
    if abs(v) >= MATE_BOUND:
        return f"{'+' if v > 0 else '-'}M{MATE - round(abs(v))}"
    if float(v).is_integer():
        return str(int(v))
    return f"{v:.2f}".rstrip("0").rstrip(".")


_SHAPES = {
    "max": ("<polygon points='{x:g},{y1:g} {x2:g},{y3:g} {x0:g},{y3:g}' fill='#e6edfe' stroke='#3e63dd' stroke-width='{w}'/>", 11),
    "min": ("<polygon points='{x0:g},{y0:g} {x2:g},{y0:g} {x:g},{y4:g}' fill='#ffe8e8' stroke='#d6404a' stroke-width='{w}'/>", -4),
    "chance": ("<circle cx='{x:g}' cy='{y:g}' r='20' fill='#f3e8ff' stroke='#8e4ec6' stroke-width='{w}'/>", 4),
    "leaf": ("<rect x='{xl:g}' y='{yl:g}' width='44' height='30' rx='6' fill='#f1f3f5' stroke='#889096' stroke-width='{w}'/>", 5),
}

SLOT, STUB, LEVEL, PAD_X, PAD_TOP = 58, 30, 96, 44, 44


class TracedTree(Protocol):
    """What `tree_svg` draws (`sente.tree.SearchTree` is one; this module does not import it,
    which imports this one): a traced search's nodes by id, each inner node's children in
    search order, the root's id, and the ids on the principal line."""

    nodes: Dict[int, Dict[str, Any]]
    children: Dict[int, List[int]]
    root: int

    def principal_line(self) -> Set[int]:
        """The ids of the nodes on the principal variation (root excluded)."""
        ...


def tree_svg(tree: TracedTree, max_nodes: int = 2000) -> str:
    """The traced search tree drawn with the tree view's shapes: max nodes triangles pointing
    up, min nodes pointing down, chance nodes circles, leaves boxes, pruned children as
    dashed stubs, the principal line in orange; values in the game's units (`+M7` for a win
    7 plies from the root).
    Only the first `max_nodes` nodes (depth first) are drawn."""
    nodes = tree.nodes
    if not nodes:
        return _svg(300, 40, "search tree", ["<text x='10' y='25'>empty trace</text>"])
    children = tree.children
    shown = set()
    order: List[int] = []
    stack = [tree.root]
    while stack and len(order) < max_nodes:
        nid = stack.pop()
        shown.add(nid)
        order.append(nid)
        stack.extend(reversed(children.get(nid, [])))
    x: Dict[int, float] = {}
    stubs: List[Tuple[int, int, float]] = []
    cursor = float(PAD_X)
    deepest = 0
    # Children before parents: post-order by an explicit stack.
    post: List[int] = []
    stack2: List[Tuple[int, int]] = [(tree.root, 0)]
    while stack2:
        nid, k = stack2.pop()
        kids = [c for c in children.get(nid, []) if c in shown]
        if k < len(kids):
            stack2.append((nid, k + 1))
            stack2.append((kids[k], 0))
            continue
        node = nodes[nid]
        deepest = max(deepest, node["ply"])
        pruned = node["pruned"] if nid in shown else 0
        first = x[kids[0]] if kids else None
        last = x[kids[-1]] if kids else None
        for j in range(pruned):
            sx = cursor + STUB / 2
            cursor += STUB
            stubs.append((nid, j, sx))
            last = sx
            if first is None and j == 0:
                first = sx
        if first is None or last is None:
            x[nid] = cursor + SLOT / 2
            cursor += SLOT
        else:
            x[nid] = (first + last) / 2
        post.append(nid)
    width = cursor + PAD_X
    height = PAD_TOP + deepest * LEVEL + 56

    def y(nid: int) -> float:
        return PAD_TOP + nodes[nid]["ply"] * LEVEL

    pv = tree.principal_line()
    body: List[str] = []
    for nid in order:
        for c in children.get(nid, []):
            if c not in x:
                continue
            on_pv = c in pv
            style = "stroke='#f59e0b' stroke-width='4'" if on_pv else "stroke='#b8c0c8' stroke-width='1.6'"
            body.append(f"<line x1='{x[nid]:g}' y1='{y(nid):g}' x2='{x[c]:g}' y2='{y(c):g}' {style}/>")
            lx = x[c] + (x[nid] - x[c]) * 0.3
            ly = y(c) + (y(nid) - y(c)) * 0.3
            dx, anchor = (7, "start") if x[nid] < x[c] else ((-7, "end") if x[nid] > x[c] else (6, "start"))
            colour = "#b45309" if on_pv else "#2f6f4f"
            body.append(
                f"<text x='{lx + dx:g}' y='{ly:g}' text-anchor='{anchor}' font-size='11.5' font-weight='700' "
                f"fill='{colour}' paint-order='stroke' stroke='#fcfcfd' stroke-width='3'>"
                f"{escape(str(nodes[c]['move']))}</text>"
            )
    for parent, j, sx in stubs:
        py = y(parent)
        cy = py + LEVEL
        body.append(
            f"<g><line x1='{x[parent]:g}' y1='{py:g}' x2='{sx:g}' y2='{cy - 12:g}' stroke='#c9ced3' "
            "stroke-width='1.5' stroke-dasharray='4 4'/>"
            f"<rect x='{sx - 12:g}' y='{cy - 12:g}' width='24' height='24' rx='4' fill='#f4f5f6' "
            "stroke='#c9ced3' stroke-dasharray='3 3'/>"
            f"<text x='{sx:g}' y='{cy + 4:g}' text-anchor='middle' font-size='11' fill='#9aa1a8' "
            "text-decoration='line-through'>×</text>"
        )
        if j == 0:
            count = nodes[parent]["pruned"]
            mid = sx + (count - 1) * STUB / 2
            body.append(
                f"<text x='{mid:g}' y='{cy + 30:g}' text-anchor='middle' font-size='11.5' font-weight='700' "
                f"fill='#b45309'>{count} pruned</text>"
            )
        body.append("</g>")
    for nid in order:
        node = nodes[nid]
        kind = node["kind"]
        cx, cy = x[nid], y(nid)
        template, value_dy = _SHAPES[kind]
        w = 3.5 if nid in pv or nid == tree.root else 2
        shape = template.format(
            x=cx, y=cy, y1=cy - 21, x2=cx + 24, y3=cy + 17, x0=cx - 24, y0=cy - 17, y4=cy + 21,
            xl=cx - 22, yl=cy - 15, w=w,
        )
        if nid in pv or nid == tree.root:
            shape = shape.replace("stroke='#3e63dd'", "stroke='#f59e0b'").replace(
                "stroke='#d6404a'", "stroke='#f59e0b'").replace("stroke='#889096'", "stroke='#f59e0b'").replace(
                "stroke='#8e4ec6'", "stroke='#f59e0b'")
        title = f"node {nid}: {kind}, value {value_text(node['value'])}"
        if node.get("alpha") is not None:
            title += f", window ({value_text(node['alpha'])}, {value_text(node['beta'])})"
        body.append(
            f"<g><title>{escape(title)}</title>{shape}"
            f"<text x='{cx:g}' y='{cy + value_dy:g}' text-anchor='middle' font-size='12' font-weight='700' "
            f"fill='#1c2024'>{escape(value_text(node['value']))}</text></g>"
        )
    if len(order) < len(nodes):
        body.append(
            f"<text x='{PAD_X}' y='{height - 8:g}' fill='#687076' font-size='12'>"
            f"first {len(order)} of {len(nodes)} nodes drawn</text>"
        )
    return _svg(width, height, "search tree", body)
