"""`sente.review`: the game review of a `State`'s moves, as `sente review` gives it.

    s = sente.State("tictactoe")
    for m in "a1 b2 a2 a3 c1 b1 c2".split():
        s.play(m)
    r = sente.review(s)
    r.moves[-1].cls, r.moves[-1].best        # ('blunder', ['b3'])
    r.moves[-1].why.kind, r.moves[-1].why.text  # why it erred, checked by the engine
    r.sides[0].accuracy, r.sides[0].blunders

Every move's class is exact where a solver answers (a blunder changes who wins; a slower forced
win or a quicker forced loss is no error but a tag, `faster_win_missed` or
`longer_defence_missed`), by who wins only where the distance was not proven in time, and by
lichess's drops in winning chances where only a search's estimate was found (protocol.md, "sente
review"). Moves also get tags (`only_move`, `great`, `forced`, `book`), counted per side apart
from the classes. Distances in words count the winner's own moves, as UCI's `score mate n`:
`str(Value)` of a win in 5 plies is `win in 3`; `plies` keeps the data. It runs in Rust with the GIL released; Ctrl-C stops it with a
`KeyboardInterrupt`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional

from . import _sente
from ._review_html import review_html
from ._sente import State
from .progress import ProgressBar

__all__ = [
    "Value",
    "PositionReview",
    "Alternative",
    "Why",
    "Tag",
    "MoveReview",
    "SideSummary",
    "PuzzleSummary",
    "Review",
    "ReviewProgress",
    "review",
]


@dataclass(frozen=True)
class Value:
    """What a position is worth for its side to move (for a move: the mover)."""

    kind: str
    """`win`, `loss`, `draw`, `score` (a game tree's final score), `estimate` (a search's) or
    `unknown`."""
    plies: Optional[int] = None
    """For a win or a loss: plies to the end with best play (a puzzle: moves to the
    solution); None when only who wins is proven."""
    cp: Optional[int] = None
    """For a score or an estimate: centipawns (100 per unit)."""

    @property
    def moves(self) -> Optional[int]:
        """For a win or a loss: the winner's own moves to the end (a win in `p` plies is the
        side's `(p + 1) // 2`-th move, a loss the opponent's `p // 2`-th); None when not
        known."""
        if self.plies is None or self.kind not in ("win", "loss"):
            return None
        return (self.plies + 1) // 2 if self.kind == "win" else self.plies // 2

    def __str__(self) -> str:
        if self.kind in ("win", "loss"):
            if self.plies is None:
                return self.kind
            if self.plies == 0:
                return "won" if self.kind == "win" else "lost"
            return f"{self.kind} in {self.moves}"
        if self.kind in ("score", "estimate"):
            return f"{self.kind} {(self.cp or 0) / 100:+.2f}"
        return self.kind


@dataclass(frozen=True)
class PositionReview:
    """A position of the game and its value."""

    ply: int
    fen: str
    side: str
    """`p1` or `p2`: its side to move."""
    value: Value
    judged: str
    """`exact`, `weak` (who wins only) or `search`."""
    best: Optional[str]
    """The engine's move there."""
    win_p1: float
    """The first player's win %."""
    graph_p1: float = 0.0
    """The evaluation graph's height for the first player, in [-1, 1]: proven wins above 0.5
    (the sooner the higher), proven losses below -0.5, search estimates between."""


@dataclass(frozen=True)
class Alternative:
    """Another move where the player erred, and its value for the mover."""

    move: str
    value: Value
    judged: str


@dataclass(frozen=True)
class Why:
    """Why a marked move erred, each claim checked by the engine (protocol.md, "sente
    review": the kinds and their fields)."""

    kind: str
    """`missed_win`, `not_blocked`, `under_threat`, `double_threat`, `zugzwang`, `fork`,
    `nim_sum`, `cost` or `line`."""
    moves: List[str]
    """The moves it names, in the game's notation."""
    cells: List[List[int]]
    """The board cells it names (`[column, row]` from 1 at the bottom left)."""
    text: str
    """The reason in words."""
    extra: Dict[str, Any] = field(default_factory=dict)
    """The kind's own fields: `complete`, `proven` (a line), `nim_sum`, `cost`, `blocker`,
    `strategy`."""

    def __str__(self) -> str:
        return self.text


def _why(d: Optional[Dict[str, Any]]) -> Optional[Why]:
    if d is None:
        return None
    common = ("kind", "moves", "cells", "text")
    return Why(
        kind=d["kind"],
        moves=list(d["moves"]),
        cells=[list(c) for c in d["cells"]],
        text=d["text"],
        extra={k: v for k, v in d.items() if k not in common},
    )


@dataclass(frozen=True)
class Tag:
    """A tag beside a move's class."""

    kind: str
    """`faster_win_missed`, `longer_defence_missed`, `only_move`, `great`, `forced` or
    `book`."""
    text: str
    """In words (`faster win missed: win in 12, where 4 wins in 3`)."""


@dataclass(frozen=True)
class MoveReview:
    """One move, judged."""

    ply: int
    number: int
    """Its number as the move list writes it (`(ply + 1) // 2`; a puzzle's `ply`)."""
    side: str
    move: str
    before: Value
    """The value of the position before it, for the mover."""
    after: Value
    """The value it keeps (the position after it, seen by the mover)."""
    judged: str
    cls: str
    """`best`, `good`, `inaccuracy`, `mistake`, `blunder` or `unjudged`."""
    mark: str
    """`?!`, `?`, `??` or empty."""
    tags: List[Tag]
    """Its tags beside the class."""
    best: List[str]
    """The moves keeping `before` (every one where the player erred)."""
    win_before: float
    win_after: float
    graph_before: float
    """The evaluation graph's height before it, for the first player (as `graph_p1`)."""
    graph_after: float
    accuracy: Optional[float]
    """lichess's accuracy of the move (None in a puzzle)."""
    alternatives: List[Alternative]
    """Where the player erred: every legal move and its value, best first."""
    comment: str
    why: Optional[Why] = None
    """Where the player erred, why (a reason the engine checked); otherwise None."""
    words: Optional[str] = None
    """The move in words where the game says it (`takes 3 from heap 2`, `car A one square
    right`); None where the notation says it already."""

    @property
    def marked(self) -> bool:
        """True for a move the review marks: an inaccuracy, a mistake or a blunder, or a
        move with a reason without erring (a faster win missed)."""
        return self.cls in ("inaccuracy", "mistake", "blunder") or self.why is not None

    @property
    def move_text(self) -> str:
        """The move in its notation, its words beside it: `2-3 (takes 3 from heap 2)`."""
        return f"{self.move} ({self.words})" if self.words else self.move

    @property
    def label(self) -> str:
        """Its number as the move list writes it: `4.` (the first player's), `4…` (the
        second player's)."""
        first = self.ply % 2 == 1 or self.number == self.ply
        return f"{self.number}{'.' if first else '…'}"

    def __str__(self) -> str:
        tags = "".join(f" [{t.text}]" for t in self.tags)
        comment = f" — {self.comment}" if self.comment else ""
        words = f" ({self.words})" if self.words else ""
        return f"{self.label} {self.side} {self.move}{self.mark}{words}: {self.cls}{comment}{tags}"


@dataclass(frozen=True)
class SideSummary:
    """One side's accuracy and counts."""

    side: str
    moves: int
    accuracy: Optional[float]
    inaccuracies: int
    mistakes: int
    blunders: int
    tags: Dict[str, int]
    """Its tags by kind, counted apart from the classes."""
    judged: Dict[str, int]
    """Its moves by how they were judged: `exact`, `weak`, `search`."""


@dataclass(frozen=True)
class PuzzleSummary:
    """A puzzle's moves against the fewest that solve it."""

    moves: int
    optimal: Optional[int]
    solved: bool


@dataclass(frozen=True)
class Review:
    """The review of a game."""

    variant: str
    rules: str
    fen: Optional[str]
    result: Optional[str]
    settings: Dict[str, Any]
    win_scale: float
    """The constant of the logistic curve turning search scores into winning chances."""
    positions: List[PositionReview]
    moves: List[MoveReview]
    sides: List[SideSummary]
    puzzle: Optional[PuzzleSummary] = None
    raw: Dict[str, Any] = field(default_factory=dict, repr=False, compare=False)
    """The JSON object as `sente review --json` prints it."""

    @property
    def values_note(self) -> str:
        """Whose values the review gives, where it is not plain: a game tree's are its final
        score in the tree's own units (`score +3.00` is 3), each for the side that moves
        there (the mover's before and after a move; the leaves' numbers are the first
        player's, MAX's); empty for the other games."""
        if self.variant != "tree":
            return ""
        return (
            "values: the tree's final score in its own units, for the side to move there "
            "(a move's before and after are the mover's; the leaves' numbers are the first "
            "player's, MAX's)"
        )

    def summary(self) -> str:
        """The review in a line: the variant, the moves and result, each side's accuracy
        and counts (`?!`, `?`, `??`)."""
        parts = [f"{self.variant}{f' ({self.rules})' if self.rules else ''}", f"{len(self.moves)} moves"]
        if self.result:
            parts.append(self.result)
        for s in self.sides:
            accuracy = f"{s.accuracy:.1f} %" if s.accuracy is not None else "no accuracy"
            parts.append(
                f"{s.side} {accuracy} {s.inaccuracies}?! {s.mistakes}? {s.blunders}??"
            )
        if self.puzzle:
            optimal = self.puzzle.optimal if self.puzzle.optimal is not None else "not found"
            solved = "solved" if self.puzzle.solved else "not solved"
            parts.append(f"{solved} in {self.puzzle.moves} (optimal {optimal})")
        if self.variant == "tree":
            parts.append("values: the mover's final score, in the tree's units")
        return ", ".join(parts)

    def __repr__(self) -> str:
        return f"<Review {self.summary()}>"

    def _repr_html_(self) -> str:
        """Jupyter's display: the line, the graph (inline SVG) and the marked moves' table
        (class, tags, reason)."""
        return review_html(self)


@dataclass(frozen=True)
class ReviewProgress:
    """How far a review is (`sente.review(state, progress=...)`): one move more reviewed,
    from the last to the first."""

    step: int
    """Moves reviewed."""
    steps: int
    """Moves in all."""
    ply: int
    """The move just reviewed (from 1)."""
    move: str
    cls: str
    """Its class."""

    @property
    def doing(self) -> Optional[str]:
        """What was just reviewed (`move 7`); None once all is done."""
        return None if self.step >= self.steps else f"move {self.ply}"

    def what(self) -> str:
        """The move just reviewed and its class: `move 7 c2: blunder`."""
        return f"move {self.ply} {self.move}: {self.cls}"

    def __str__(self) -> str:
        return f"{self.step}/{self.steps} moves: {self.what()}"


def _progress(progress: Any) -> tuple[Optional[Callable[[Dict[str, Any]], None]], Callable[[], None]]:
    """`review`'s `progress` as the glue's callback and what to call at the end, as
    `solve`'s: None or False, none; True, a `ProgressBar` (tqdm's, a widget in Jupyter with
    ipywidgets, its text bar without; a line on stderr without tqdm); a function, called with
    each `ReviewProgress`."""
    if progress is None or progress is False:
        return None, lambda: None

    def said(d: Dict[str, Any]) -> ReviewProgress:
        return ReviewProgress(
            step=d["done"], steps=d["total"], ply=d["ply"], move=d["move"], cls=d["class"]
        )

    if progress is True:
        bar = ProgressBar("reviewing")
        return (lambda d: bar(said(d))), bar.close  # type: ignore[arg-type]
    if not callable(progress):
        raise TypeError(
            f"progress is True (a progress bar) or a function taking a ReviewProgress, not "
            f"{type(progress).__name__}"
        )
    return (lambda d: progress(said(d))), lambda: None


def _value(d: Dict[str, Any]) -> Value:
    return Value(kind=d["kind"], plies=d.get("plies"), cp=d.get("cp"))


def _from_json(d: Dict[str, Any]) -> Review:
    positions = [
        PositionReview(
            ply=p["ply"],
            fen=p["fen"],
            side=p["side"],
            value=_value(p["value"]),
            judged=p["judged"],
            best=p["best"],
            win_p1=p["win_p1"],
            graph_p1=p["graph_p1"],
        )
        for p in d["positions"]
    ]
    moves = [
        MoveReview(
            ply=m["ply"],
            number=m["number"],
            side=m["side"],
            move=m["move"],
            before=_value(m["before"]),
            after=_value(m["after"]),
            judged=m["judged"],
            cls=m["class"],
            mark=m["mark"],
            tags=[Tag(kind=t["kind"], text=t["text"]) for t in m["tags"]],
            best=list(m["best"]),
            win_before=m["win_before"],
            win_after=m["win_after"],
            graph_before=m["graph_before"],
            graph_after=m["graph_after"],
            accuracy=m["accuracy"],
            alternatives=[
                Alternative(move=a["move"], value=_value(a["value"]), judged=a["judged"])
                for a in m["alternatives"]
            ],
            comment=m["comment"],
            why=_why(m.get("why")),
            words=m.get("words"),
        )
        for m in d["moves"]
    ]
    sides = [
        SideSummary(
            side=s["side"],
            moves=s["moves"],
            accuracy=s["accuracy"],
            inaccuracies=s["inaccuracies"],
            mistakes=s["mistakes"],
            blunders=s["blunders"],
            tags=dict(s["tags"]),
            judged=dict(s["judged"]),
        )
        for s in d["sides"]
    ]
    puzzle = PuzzleSummary(**d["puzzle"]) if d.get("puzzle") else None
    return Review(
        variant=d["variant"],
        rules=d["rules"],
        fen=d["fen"],
        result=d["result"],
        settings=dict(d["settings"]),
        win_scale=d["win_scale"],
        positions=positions,
        moves=moves,
        sides=sides,
        puzzle=puzzle,
        raw=d,
    )


def review(
    state: State,
    movetime: float = 10.0,
    nodes: int = 1_000_000,
    hash: int = 256,
    threads: int = 1,
    progress: Any = None,
) -> Review:
    """Reviews the moves played on `state` (from the position it was made at): `movetime`
    seconds at most per solve of a position, `nodes` per search where no solve proves it in
    time, `hash` MB of tables, `threads` for the Connect Four solver. `progress=True` draws a
    progress bar as `sente.solve`'s (tqdm's when installed: a widget in Jupyter with
    ipywidgets, its text bar without; else a line on stderr per move); a function is called
    with a `ReviewProgress` for each move reviewed, from the last to the first. A
    `ValueError` names a bad setting."""
    if not isinstance(state, State):
        raise TypeError(f"review takes a sente.State, not {type(state).__name__}")
    moves = list(state.moves)
    start = state.copy()
    for _ in moves:
        start.undo()
    fen: Optional[str] = start.fen
    rules = [(name, value) for name, value in state.rule_options]
    if fen == State(state.variant, **state.rules).fen:
        fen = None
    report, finish = _progress(progress)
    try:
        text = _sente.review_game(
            state.variant, rules, fen, moves, movetime, nodes, hash, threads, report
        )
    finally:
        finish()
    return _from_json(json.loads(text))
