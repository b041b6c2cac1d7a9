"""SVG drawings of search trees, as the GUI's tree view draws them
(src/gui/page/lab/search-tree-draw.js): the same geometry and colours, as static images for
Jupyter. The boards are in `sente.boards`."""

from __future__ import annotations

import math
from html import escape
from typing import Any, Dict, List, Optional, Protocol, Set, Tuple

from .boards._common import svg as _svg

__all__ = ["DEFAULT_WIDTH", "tree_svg", "value_text"]


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


DEFAULT_WIDTH = 1400
"""The widest a traced tree is drawn by default, in px: wider trees are drawn a few levels
deep, the rest folded under their nodes."""


def _layout(tree: TracedTree, open_: Set[int]) -> Tuple[Dict[int, float], List[Tuple[int, int, float]], List[int], float, int]:
    """Where the drawn nodes go when the nodes `open_` show their children: each drawn node's
    x, the pruned stubs (parent, index, x), the drawn nodes depth first, the width used and
    the deepest ply drawn."""
    nodes, children = tree.nodes, tree.children
    x: Dict[int, float] = {}
    stubs: List[Tuple[int, int, float]] = []
    order: List[int] = []
    cursor = float(PAD_X)
    deepest = 0
    # Children before parents: post-order by an explicit stack.
    stack: List[Tuple[int, int]] = [(tree.root, 0)]
    while stack:
        nid, k = stack.pop()
        if k == 0:
            order.append(nid)
        kids = children.get(nid, []) if nid in open_ else []
        if k < len(kids):
            stack.append((nid, k + 1))
            stack.append((kids[k], 0))
            continue
        node = nodes[nid]
        deepest = max(deepest, node["ply"])
        pruned = node["pruned"] if nid in open_ or not children.get(nid) else 0
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
    return x, stubs, order, cursor, deepest


def tree_svg(tree: TracedTree, levels: Optional[int] = None, max_width: Optional[float] = DEFAULT_WIDTH) -> str:
    """The traced search tree drawn with the tree view's shapes: max nodes triangles pointing
    up, min nodes pointing down, chance nodes circles, leaves boxes, pruned children as
    dashed stubs, the principal line in orange (ending at a chance node); values in the
    game's units (`+M7` for a win 7 plies from the root).

    A large tree is folded to stay readable: by default as many levels are open as fit in
    `max_width` px (and the principal line further when it fits); a folded node shows `+N`,
    the N nodes hidden under it, and a note under the drawing says how many are hidden.
    `levels` opens exactly that many levels; `max_width=None` draws every node."""
    nodes = tree.nodes
    if not nodes:
        return _svg(300, 40, "search tree", ["<text x='10' y='25'>empty trace</text>"])
    children = tree.children
    pv = tree.principal_line()
    deepest_ply = max(n["ply"] for n in nodes.values())
    inner = [nid for nid in nodes if children.get(nid)]

    def opened(depth: int) -> Set[int]:
        return {nid for nid in inner if nodes[nid]["ply"] < depth}

    if levels is not None:
        open_ = opened(max(0, levels))
    elif max_width is None:
        open_ = set(inner)
    else:
        open_ = opened(1)
        for depth in range(2, deepest_ply + 1):
            more = opened(depth)
            if _layout(tree, more)[3] > max_width:
                break
            open_ = more
        # Then the principal line, one node further at a time while it fits.
        for nid in sorted(pv, key=lambda n: nodes[n]["ply"]):
            if nid in open_ or not children.get(nid):
                continue
            if _layout(tree, open_ | {nid})[3] > max_width:
                break
            open_ = open_ | {nid}
    x, stubs, order, cursor, deepest = _layout(tree, open_)
    # The nodes under each folded node (its subtree less itself).
    size: Dict[int, int] = {nid: 1 for nid in nodes}
    for nid in sorted(nodes, reverse=True):
        parent = nodes[nid]["parent"]
        if parent in size:
            size[parent] += size[nid]
    folded = [nid for nid in order if children.get(nid) and nid not in open_]
    hidden = len(nodes) - len(order)
    width = max(cursor + PAD_X, 420.0 if hidden else 0.0)
    height = PAD_TOP + deepest * LEVEL + 56 + (22 if hidden else 0)

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
    for nid in folded:
        body.append(
            f"<text x='{x[nid]:g}' y='{y(nid) + 38:g}' text-anchor='middle' font-size='11.5' "
            f"font-weight='700' fill='#3e63dd' class='folded'>+{size[nid] - 1:,}<title>"
            f"{size[nid] - 1} nodes folded under node {nid}</title></text>"
        )
    if hidden:
        body.append(
            f"<text x='{PAD_X}' y='{height - 10:g}' fill='#687076' font-size='12' class='note'>"
            f"{len(order):,} of {len(nodes):,} nodes drawn: {hidden:,} are folded under the +N "
            f"marks (svg(levels=...) opens more levels, svg(max_width=None) all)</text>"
        )
    return _svg(width, height, "search tree", body)
