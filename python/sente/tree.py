"""The tree of a traced search (`sente.search(..., trace=True).tree`): the engine's `info
trace` records (protocol.md, "Search trace") gathered into a tree that draws itself in Jupyter
and converts to plain Python or networkx."""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Set

from ._svg import DEFAULT_WIDTH, tree_svg, value_text

__all__ = ["SearchTree"]


class SearchTree:
    """The nodes of one traced search, by id (1 is the root, ids in the search's entering
    order). Each node is a dict: `id`, `parent` (0 for the root), `move` (None for the root),
    `ply`, `kind` ("max", "min", "chance" or "leaf"), `alpha`/`beta` (the window when entered,
    from p1's side, `float("inf")` for an open end; None for minimax and expectimax), `value`
    (what it returned from p1's side, in the game's own units: a tree's leaf 3 is 3, an
    expectimax mean 7.67; a win of p1 `p` plies from the root is `1000000 - p`) and `pruned`
    (children cut off)."""

    def __init__(self, records: List[Dict[str, Any]], pv: Optional[List[str]] = None) -> None:
        """Builds the tree from the trace records of one search (the last search's when an
        iterative deepening traced several: ids restart at 1 with each)."""
        start = 0
        for i, record in enumerate(records):
            if record["parent"] == 0 and i + 1 < len(records):
                start = i + 1
        last = records[start:] if records else []
        self.nodes: Dict[int, Dict[str, Any]] = {r["id"]: dict(r) for r in last}
        """Every node by id."""
        self.children: Dict[int, List[int]] = {}
        """The children of each inner node, in search order."""
        for nid in sorted(self.nodes):
            parent = self.nodes[nid]["parent"]
            if parent:
                self.children.setdefault(parent, []).append(nid)
        self.root: int = 1
        """The root's id."""
        self.pv: List[str] = list(pv or [])
        """The search's principal variation (moves from the root)."""

    def __len__(self) -> int:
        """The number of nodes traced (the search's node count, unless the trace was cut)."""
        return len(self.nodes)

    @property
    def pruned(self) -> int:
        """Children never visited because of a cutoff, over the whole tree."""
        return sum(n["pruned"] for n in self.nodes.values())

    def principal_line(self) -> Set[int]:
        """The ids of the nodes on the principal variation (root excluded). It ends at a chance
        node (expectimax): what the opponent does there is chance, not a line anyone plays,
        though the engine's `pv` names a move past it."""
        line: Set[int] = set()
        here = self.root
        for mv in self.pv:
            if self.nodes.get(here, {}).get("kind") == "chance":
                break
            nxt = next((c for c in self.children.get(here, []) if self.nodes[c]["move"] == mv), None)
            if nxt is None:
                break
            line.add(nxt)
            here = nxt
        return line

    def to_dict(self) -> Dict[str, Any]:
        """The tree as nested plain dicts: each node's fields and its `children` list."""

        if self.root not in self.nodes:
            return {}
        # Deep trees: build bottom-up to avoid Python's recursion limit.
        built: Dict[int, Dict[str, Any]] = {}
        for nid in sorted(self.nodes, reverse=True):
            node = dict(self.nodes[nid])
            node["children"] = [built.pop(c) for c in self.children.get(nid, [])]
            built[nid] = node
        return built[self.root]

    def to_networkx(self) -> Any:
        """A `networkx.DiGraph` (needs networkx): one node per traced node with its fields as
        attributes, edges parent to child with the `move`."""
        import networkx as nx

        graph = nx.DiGraph()
        for nid, node in self.nodes.items():
            graph.add_node(nid, **node)
        for nid, node in self.nodes.items():
            if node["parent"]:
                graph.add_edge(node["parent"], nid, move=node["move"])
        return graph

    def _repr_svg_(self) -> str:
        """The tree drawn with the GUI's search-tree shapes (Jupyter shows it)."""
        return tree_svg(self)

    def svg(self, levels: Optional[int] = None, max_width: Optional[float] = DEFAULT_WIDTH) -> str:
        """The drawing as an SVG document: by default as many levels open as fit in
        `max_width` px (the principal line further when it fits), the rest folded under
        `+N` marks with a note of how many nodes are hidden; `levels` opens that many levels,
        `max_width=None` draws every node."""
        return tree_svg(self, levels, max_width)

    def __repr__(self) -> str:
        root = self.nodes.get(self.root)
        value = value_text(root["value"]) if root else "?"
        return f"<SearchTree {len(self)} nodes, {self.pruned} pruned, value {value}>"
