"""SVG drawings of boards and search trees, as the GUI draws them (src/gui/page/boards/ and
src/gui/page/lab/tree-draw.js): the same geometry and colours, as static images for Jupyter.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Protocol, Sequence, Set, Tuple

if TYPE_CHECKING:
    from ._sente import State

__all__ = ["board_svg", "tree_svg", "value_text"]

P1 = "#e5484d"
P2 = "#f5c542"
FONT = "font-family='system-ui, sans-serif'"


def _svg(width: float, height: float, label: str, body: List[str]) -> str:
    return (
        f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 {width:g} {height:g}' "
        f"width='{width:g}' height='{height:g}' role='img' aria-label='{escape(label)}' {FONT}>"
        + "".join(body)
        + "</svg>"
    )


def _marker(x: float, y: float, n: int, r: float = 11) -> str:
    return (
        f"<g><circle cx='{x:g}' cy='{y:g}' r='{r:g}' fill='#3e63dd' stroke='#fff' stroke-width='1.5'/>"
        f"<text x='{x:g}' y='{y + 4:g}' text-anchor='middle' fill='#fff' font-size='12' "
        f"font-weight='800'>{n}</text></g>"
    )


def _connect4(state: "State", pv: Sequence[str]) -> str:
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
                body.append(_marker(c * cell + cell / 2, top + r * cell + cell / 2, i + 1, 13))
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
    body.append("</g>")
    return _svg(board_w + 20, top + board_h + 34, f"Connect Four board, {width} by {height}", body)


def _tictactoe(state: "State", pv: Sequence[str]) -> str:
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
            body.append(_marker(c * cell + cell - 18, r * cell + 18, i + 1))
    body.append("</g>")
    return _svg(3 * cell + 20, 3 * cell + 20, "tic-tac-toe board", body)


_PALETTE = ["#3e63dd", "#30a46c", "#f5c542", "#8e4ec6", "#f76b15", "#12a594", "#d6409f", "#5b5bd6",
            "#978365", "#0090ff", "#46a758", "#e54666", "#ab4aba", "#ffb224"]


def _rushhour(state: "State", pv: Sequence[str]) -> str:
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
    return _svg(size + 2 * pad + 56, size + 2 * pad, "Rush Hour board", body)


_BABYLON = {"a": "#e5484d", "b": "#3e63dd", "c": "#f5c542", "d": "#30a46c", "e": "#8e4ec6",
            "f": "#f76b15", "g": "#12a594", "h": "#d6409f"}


def _shade(hex_colour: str) -> str:
    n = int(hex_colour[1:], 16)

    def mix(v: int) -> int:
        return round(v * 0.45 + 255 * 0.35)

    return f"rgb({mix((n >> 16) & 255)}, {mix((n >> 8) & 255)}, {mix(n & 255)})"


def _babylon(state: "State", pv: Sequence[str]) -> str:
    slot, slab, per_row = 92, 13, 8
    words = state.fen.split()[:-1]
    stacks = [(w[0], int(w[1:])) for w in words if len(w) > 1 and w[1:].isdigit()]
    max_height = max([3] + [h for _, h in stacks])
    rows = max(1, -(-len(stacks) // per_row))
    shown = min(per_row, max(len(stacks), 1))
    tower = max_height * slab + 60
    body: List[str] = []
    for i, (colour, height) in enumerate(stacks):
        x = 10 + (i % per_row) * slot
        base = 10 + (i // per_row) * tower + tower - 30
        body.append(
            f"<rect x='{x + 4}' y='{base - max_height * slab - 18}' width='{slot - 8}' "
            f"height='{max_height * slab + 44}' rx='10' fill='#f8f9fa' stroke='#dfe3e6' stroke-width='1.5'/>"
        )
        fill = _BABYLON.get(colour, "#888888")
        for k in range(height):
            top = k == height - 1
            body.append(
                f"<rect x='{x + 16}' y='{base - (k + 1) * slab}' width='{slot - 32}' height='{slab - 2}' rx='3' "
                f"fill='{fill if top else _shade(fill)}'/>"
            )
        body.append(
            f"<text x='{x + slot / 2:g}' y='{base + 18}' text-anchor='middle' font-size='13' "
            f"font-weight='600'>{colour}{height}</text>"
        )
    return _svg(shown * slot + 20, rows * tower + 20, "Babylon stacks", body)


def _parse_tree(text: str) -> Tuple[Any, str]:
    """Reads `((3 12 8) (2 4 6))` into nested lists of ints; returns the tree and the rest."""
    i = 0

    def node() -> Any:
        nonlocal i
        while i < len(text) and text[i] == " ":
            i += 1
        if i < len(text) and text[i] == "(":
            i += 1
            children = []
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


def _tree_board(state: "State", pv: Sequence[str]) -> str:
    # The explicit game tree as the GUI's tree board draws it: inner nodes circles, leaves
    # boxes with their values, the principal variation dashed; levels labelled max/min.
    try:
        root, rest = _parse_tree(state.fen)
    except (ValueError, IndexError):
        return _svg(400, 40, "game tree", [f"<text x='10' y='25'>{escape(state.fen)}</text>"])
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
    return _svg(width, height, "game tree", body)


_BOARDS = {
    "connect4": _connect4,
    "tictactoe": _tictactoe,
    "rushhour": _rushhour,
    "rushhour-rocks": _rushhour,
    "babylon": _babylon,
    "tree": _tree_board,
}


def board_svg(state: "State", pv: Sequence[str] = ()) -> str:
    """The board of `state` as an SVG document, with the moves of `pv` numbered on it."""
    draw = _BOARDS.get(state.variant)
    if draw is None:
        return _svg(400, 40, state.variant, [f"<text x='10' y='25'>{escape(state.fen)}</text>"])
    return draw(state, pv)


INF = 1000001
MATE = 1000000
MATE_BOUND = 990000


def value_text(v: Optional[int]) -> str:
    """A trace value as the tree view writes it: `3`, `-0.44`, `+M7`, `∞`."""
    if v is None:
        return ""
    if v >= INF:
        return "∞"
    if v <= -INF:
        return "-∞"
    if abs(v) >= MATE_BOUND:
        return f"{'+' if v > 0 else '-'}M{MATE - abs(v)}"
    text = f"{round(v) / 100:g}"
    return text


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
    dashed stubs, the principal line in orange; values in pawns (`+M7` for a win in 7 plies).
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
