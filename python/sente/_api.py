"""`sente.search` and `sente.solve`: the engine's searches and solvers on a `State`, run in
Rust with the GIL released (Ctrl-C stops them with a `KeyboardInterrupt`)."""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional

from . import _sente
from ._doc import with_field_docs
from ._sente import State
from .progress import progress_function
from .tree import SearchTree

__all__ = ["SearchResult", "Solution", "search", "solve"]


@with_field_docs
@dataclass
class SearchResult:
    """What a search found, as the engine's last `info` line and `bestmove` say it."""

    best_move: Optional[str]
    """The move to play (None when the game is over)."""
    value: Optional[float]
    """The score from the side to move in the game's own units: a game tree's leaf values
    (`3`, an expectimax mean `7.67`), the evaluation's points elsewhere (an int when whole;
    None for a win or loss: see `mate`). `score` gives the protocol's `cp 300`.
    Scale: inside the search a win is worth 1,000,000 less the plies to it (a loss its
    negative), far beyond any evaluation (`State.evaluate()`). A minimax or alpha-beta value
    is one of them, and a win or loss is given as `mate`, not here. An expectimax value is a
    weighted mean of its chance lines' values, wins included, so it can be large: 833336 is a
    mean where about 5 lines in 6 win (5/6 of 1,000,000 less their plies). Only a mean of
    990,000 or more (or -990,000 or less) is a `mate`."""
    mate: Optional[int]
    """`n`: the side to move wins with its n-th move; `-n`: loses at the opponent's n-th."""
    pv: List[str]
    """The principal variation."""
    nodes: int
    """Positions visited, as the engine counts them (its `info ... nodes`)."""
    time: float
    """Seconds the search took (wall clock, from Python)."""
    depth: int
    """The depth of the last completed iteration."""
    bound: Optional[str] = None
    """`"lowerbound"`/`"upperbound"` when the score is only a bound."""
    algorithm: str = "alphabeta"
    """The algorithm that ran (`expectimax` when an opponent model was chosen)."""
    infos: List[Dict[str, Any]] = field(default_factory=list, repr=False)
    """Every `info` line's fields, in order (left out of the repr, as `notes`, `lines` and
    `tree`: print them)."""
    notes: List[str] = field(default_factory=list, repr=False)
    """The engine's remarks (`info string`)."""
    lines: List[str] = field(default_factory=list, repr=False)
    """The protocol lines the engine would have printed (trace lines left out)."""
    tree: Optional[SearchTree] = field(default=None, repr=False)
    """With `trace=True`, the traced tree (draws itself in Jupyter)."""
    cp: Optional[int] = None
    """The score as the engine's `score cp` says it, in centipawns (a game tree's 3 is 300);
    `value` is the same in the game's units."""

    @property
    def score(self) -> str:
        """The score as the engine's `info` line writes it: `cp 25` or `mate -3` (centipawns:
        a game tree's 3 is `cp 300`)."""
        if self.mate is not None:
            return f"mate {self.mate}"
        return f"cp {self.cp}" if self.cp is not None else "none"


    def _repr_html_(self) -> str:
        """A short table for Jupyter: the move, the score, the line and the counts."""
        rows = [
            ("best move", self.best_move if self.best_move is not None else "(none)"),
            ("score", f"mate {self.mate}" if self.mate is not None else
             ("none" if self.value is None else f"{self.value}{_bound_word(self.bound)}")),
            ("line", " ".join(self.pv[:12]) + (" ..." if len(self.pv) > 12 else "")),
            ("depth", str(self.depth)),
            ("nodes", f"{self.nodes:,}"),
            ("time", f"{self.time:.3f} s"),
            ("algorithm", self.algorithm),
        ]
        if self.notes:
            rows.append(("notes", "; ".join(self.notes[:3]) + (" ..." if len(self.notes) > 3 else "")))
        body = "".join(
            f"<tr><th style='text-align:left'>{html.escape(k)}</th><td style='text-align:left'>"
            f"{html.escape(v)}</td></tr>"
            for k, v in rows
        )
        return f"<table><caption>SearchResult</caption>{body}</table>"


def _bound_word(bound: Optional[str]) -> str:
    """` (at least)` or ` (at most)` after a score that is only a bound."""
    return {"lowerbound": " (at least)", "upperbound": " (at most)"}.get(bound or "", "")


def in_units(cp: Optional[int], unit: int) -> Optional[float]:
    """A score of the engine (`score cp`) in the game's units, `unit` centipawns each: an int
    when whole (a tree's `cp 300` is 3), else a float with two decimals (`cp 767` is 7.67)."""
    if cp is None:
        return None
    whole, rest = divmod(cp, unit)
    return whole if rest == 0 else cp / unit


def _result(said: Dict[str, Any], trace: bool) -> SearchResult:
    pv = list(said.get("pv") or [])
    return SearchResult(
        best_move=said["best_move"],
        value=in_units(said.get("cp"), said["unit"]),
        mate=said.get("mate"),
        pv=pv,
        nodes=int(said.get("nodes") or 0),
        time=float(said["elapsed"]),
        depth=int(said.get("depth") or 0),
        bound=said.get("bound"),
        algorithm=said["algorithm"],
        infos=list(said["infos"]),
        notes=list(said["notes"]),
        lines=list(said["lines"]),
        tree=SearchTree(said["trace"], pv) if trace else None,
        cp=said.get("cp"),
    )


def search(
    state: State,
    algorithm: str = "alphabeta",
    depth: Optional[int] = None,
    movetime: Optional[float] = None,
    opponent: str = "adversarial",
    trace: bool = False,
    *,
    nodes: Optional[int] = None,
    trace_limit: Optional[int] = None,
    heuristic: Optional[str] = None,
    hash: int = 16,
    threads: int = 1,
) -> SearchResult:
    """Searches `state` as the engine's `go` does after `setoption name Algorithm value
    <algorithm>` (alphabeta, minimax, alphabeta-plain, proof; bfs, astar, idastar on puzzles) and
    `Opponent <opponent>` (adversarial, random, pessimistic, optimistic: the last three run
    expectimax). `depth` in plies, `movetime` in seconds, `nodes` a node budget; with none of
    them a full search runs to its end (Connect Four: the exact solver). The textbook searches
    (minimax, alphabeta-plain, expectimax) run one search of `depth` (its node count the
    textbook's), but with a `movetime` as well they deepen one ply at a time up to `depth` and
    report the deepest iteration that finished in time, as alphabeta always does. `trace=True` (the
    textbook algorithms: minimax, alphabeta-plain, expectimax) records every node, at most
    `trace_limit` (100,000 by default, the path to the last one kept): `.tree`. The node
    counts are the engine's. `proof` builds the proof tree of the exact value (one best move of
    the side to move at each of its nodes, every reply of the other side, to the end of the
    game, `depth` unused): with `trace=True` its `.tree`, its `nodes` the tree's size.
    Raises ValueError for an unknown algorithm or opponent, or one that does not fit the game;
    RuntimeError when a fixed-depth search is stopped (by `nodes`) before it finishes.
    """
    said = _sente.search(
        state,
        algorithm=algorithm,
        depth=depth,
        movetime=movetime,
        nodes=nodes,
        opponent=opponent,
        trace=trace,
        trace_limit=trace_limit,
        heuristic=heuristic,
        hash=hash,
        threads=threads,
    )
    if said["errors"]:
        raise ValueError("; ".join(said["errors"]))
    stopped = [n for n in said["notes"] if n.startswith(STOPPED_UNFINISHED)]
    if stopped and said.get("depth") is None:
        raise RuntimeError(
            f"no iteration finished ({stopped[0]}): give more nodes, a time limit (with one, "
            f"depth is the deepest iteration and the deepest finished one is reported) or a "
            f"smaller depth"
        )
    return _result(said, trace)


#: How the engine says a fixed-depth search was stopped before it finished (protocol.md).
STOPPED_UNFINISHED = "stopped before depth"


@with_field_docs
@dataclass
class Solution:
    """An exact solution. Which fields are set depends on the game: Connect Four gives `score`
    and `columns`; a Rush Hour puzzle `moves`, `length` and the search's statistics; the rocks
    game and the two-player games their exact value (`value`/`mate`) and a best line."""

    variant: str
    """The game solved."""
    best_move: Optional[str]
    """A move that keeps the value (the first of an optimal solution for a puzzle)."""
    pv: List[str]
    """The principal line (the whole solution for a puzzle)."""
    nodes: int
    """Positions searched."""
    time: float
    """Seconds taken."""
    score: Optional[int] = None
    """Connect Four: the exact score in the solving literature's convention (a win with the
    stone played when n stones are on a board of w*h cells scores (w*h + 1 - n) // 2, a loss
    its negative, a draw 0), from the side to move."""
    columns: Dict[str, int] = field(default_factory=dict)
    """Connect Four: each legal column's exact score, from the side to move."""
    value: Optional[float] = None
    """The exact value from the side to move in the game's own units (a game tree's leaf
    values), when not a win or loss."""
    mate: Optional[int] = None
    """A win in `n` own moves (`-n`: a loss), or for a puzzle its optimal length."""
    length: Optional[int] = None
    """A puzzle's optimal solution length, in its metric's moves."""
    stats: Dict[str, Any] = field(default_factory=dict)
    """A puzzle search's statistics (`algorithm`, `heuristic`, `expanded`, `generated`,
    `peakopen`, `iterations`, `microseconds`), or the rocks table's note."""
    notes: List[str] = field(default_factory=list)
    """The engine's remarks."""

    @property
    def moves(self) -> List[str]:
        """The solution's moves (the principal line)."""
        return self.pv


def _unfit_algorithm(variant: str, algorithm: str, fitting: List[str]) -> str:
    """Why `solve` does not run `algorithm` on `variant`, and what it runs instead."""
    if not fitting:
        return (
            f"{variant} is solved by its own exact solver: solve takes no algorithm for it, not "
            f"{algorithm!r} (sente.search(state, {algorithm!r}, depth=...) runs that search)"
        )
    known = [name for name, _ in _ALGORITHM_WORDS]
    if algorithm not in known:
        return f"unknown algorithm {algorithm!r}: solve on {variant} takes {_or(fitting)}"
    why = dict(_ALGORITHM_WORDS)[algorithm]
    return f"solve on {variant} takes algorithm {_or(fitting)}, not {algorithm!r} ({why})"


# What each algorithm is, for the error of `solve` when it does not fit the game.
_ALGORITHM_WORDS = [
    ("alphabeta", "the full alpha-beta search of two-player games; on a puzzle the engine's "
                  "alphabeta is its breadth-first search: ask for 'bfs'"),
    ("minimax", "a two-player search: on a puzzle, whose positions repeat, it would never prove "
                "the solution"),
    ("alphabeta-plain", "a two-player search: on a puzzle, whose positions repeat, it would never "
                        "prove the solution"),
    ("proof", "the proof tree of a two-player game's value: on a puzzle, whose positions "
              "repeat, it would never end"),
    ("bfs", "a puzzle search, for one player"),
    ("astar", "a puzzle search, for one player"),
    ("idastar", "a puzzle search, for one player"),
]


def _or(words: List[str]) -> str:
    """`a`, `a or b`, `a, b or c`."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def solve(
    state: State,
    algorithm: Optional[str] = None,
    heuristic: Optional[str] = None,
    metric: Optional[str] = None,
    *,
    hash: int = 64,
    threads: int = 1,
    progress: Any = None,
) -> Solution:
    """Solves `state` exactly. Connect Four (any size): the exact score and every column's.
    Rush Hour: an optimal solution by `algorithm` (bfs, astar
    or idastar; astar by default) with `heuristic` (the `PuzzleHeuristic` values: zero,
    blockers, movers...) under `metric` ("steps" or "slides"; the state's own by default),
    with the search's statistics. The rocks game, Babylon, tic-tac-toe and game trees: the
    exact value and a best line. Ctrl-C raises KeyboardInterrupt.

    What it costs: Connect Four's solve is exact. sente ships the exact score of every 7x6
    position with at most 5 stones, so a call (the position and each column) took 0.01 s after
    `4`, `44` or `4444`, but 4.9 s after `44444`, whose columns lie beyond the table (2-core
    machine, load 3.4), and 0.01 s a dozen moves in (`443542356645`); larger boards
    cost more, smaller ones far less. Each column is solved too (one more solve per column
    that does not end the game), so a call costs up to 8 solves. `hash` MB of table are used
    (a larger table makes long solves faster), and `threads` threads search it together.
    `progress=True` draws a progress bar (tqdm's in a notebook when tqdm is installed, else a
    line on stderr per step); a function instead is called with a `sente.SolveProgress` as
    the solve narrows the score and finishes each step (the position, then each column); an
    exception it raises stops the solve. The other games' solves report their start and end."""
    variant = state.variant
    fitting = _sente.solve_algorithms(state)
    if algorithm is not None and algorithm not in fitting:
        raise ValueError(_unfit_algorithm(variant, algorithm, fitting))
    report, finish = progress_function(progress)
    try:
        return _solve(state, variant, algorithm, heuristic, metric, hash, threads, report)
    finally:
        finish()


def _solve(
    state: State,
    variant: str,
    algorithm: Optional[str],
    heuristic: Optional[str],
    metric: Optional[str],
    hash: int,
    threads: int,
    report: Optional[Callable[[Dict[str, Any]], None]],
) -> Solution:
    """`solve` once its arguments are checked: the game's own solve (the glue's `solve`, one
    for every game), reporting to `report` (the glue's dicts)."""
    settings = {key: value for key, value in (("metric", metric), ("heuristic", heuristic))
                if value is not None}
    said = _sente.solve(
        state, algorithm=algorithm, settings=settings, hash=hash, threads=threads,
        progress=report,
    )
    return Solution(
        variant=variant,
        best_move=said["best_move"],
        pv=list(said["pv"]),
        nodes=said["nodes"],
        time=said["time"],
        score=said["score"],
        columns=dict(said["move_values"]),
        value=said["value"],
        mate=said["mate"],
        length=said["length"],
        stats=dict(said["stats"]),
        notes=list(said["notes"]),
    )
