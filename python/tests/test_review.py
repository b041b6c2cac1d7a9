"""sente.review: the game review of a State's moves, as dataclasses, checked against a plain
minimax written here (tic-tac-toe) and against `sente review --json` (the same review)."""

import json
import os
import subprocess
from functools import lru_cache

import pytest

import sente
from conftest import REPO

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
CELLS = ["a3", "b3", "c3", "a2", "b2", "c2", "a1", "b1", "c1"]


@lru_cache(maxsize=None)
def minimax(board, me):
    """(result, plies) for `me` to move on `board` (a 9-character string): the winner
    hurries, the loser holds out."""
    other = "o" if me == "x" else "x"
    if any(all(board[i] == other for i in line) for line in LINES):
        return (-1, 0)
    if "." not in board:
        return (0, 0)
    best = None
    for i, c in enumerate(board):
        if c != ".":
            continue
        r, p = minimax(board[:i] + me + board[i + 1 :], other)
        value = (-r, p + 1)
        if best is None or key(value) > key(best):
            best = value
    return best


def key(value):
    r, p = value
    return (r, -p if r == 1 else p if r == -1 else 0)


def test_a_tic_tac_toe_game_is_classed_as_minimax_values_it():
    s = sente.State("tictactoe")
    moves = "a1 b2 a2 a3 c1 b1 c2".split()
    for m in moves:
        s.play(m)
    r = sente.review(s)
    assert isinstance(r, sente.Review)
    assert r.variant == "tictactoe" and r.fen is None and len(r.positions) == 8
    board, me = "." * 9, "x"
    for m, mv in zip(r.moves, moves):
        assert isinstance(m, sente.MoveReview)
        before = minimax(board, me)
        i = CELLS.index(mv)
        board = board[:i] + me + board[i + 1 :]
        me = "o" if me == "x" else "x"
        after = minimax(board, me)
        after = (-after[0], after[1] + 1)
        cls = "blunder" if after[0] < before[0] else "best"
        assert m.cls == cls, mv
        assert m.before.kind == {1: "win", 0: "draw", -1: "loss"}[before[0]]
    last = r.moves[-1]
    assert last.mark == "??" and last.best == ["b3"]
    assert last.comment == "c2 loses in 1: b3 still draws"
    # Distances in the winner's own moves, moves numbered as the move list numbers them.
    assert str(last.after) == "loss in 1" and last.after.plies == 2
    assert last.number == 4 and last.label == "4."
    assert str(r.moves[5]).startswith("3… p2 b1: best")
    assert [t.kind for t in r.moves[5].tags] == ["forced"]
    assert r.sides[1].tags["forced"] == sum(
        1 for m in r.moves if m.side == "p2" for t in m.tags if t.kind == "forced"
    )
    assert [a.move for a in last.alternatives][0] == "b3"
    assert r.sides[0].blunders == 1 and r.sides[1].blunders == 0
    assert r.sides[1].accuracy == pytest.approx(100.0)
    assert r.sides[0].judged == {"exact": 4, "weak": 0, "search": 0}
    # Why: O's three-in-a-row cells before c2 (a scan of the lines), still open after it.
    o_cells = {"b2", "a3", "b1"}
    x_cells = {"a1", "a2", "c1"}
    threats = [
        CELLS[i]
        for line in LINES
        for i in line
        if sum(CELLS[j] in o_cells for j in line) == 2
        and CELLS[i] not in o_cells | x_cells
    ]
    assert last.why is not None and last.why.kind == "not_blocked"
    assert last.why.moves == sorted(set(threats)) == ["b3"]
    # b3: column 2, row 3 from the bottom left.
    assert last.why.cells == [[2, 3]]
    assert last.why.text == "Move 4, X: c2 does not block — O makes three at once on b3"
    assert all(m.why is None for m in r.moves if m.cls not in ("inaccuracy", "mistake", "blunder"))
    # The state is untouched.
    assert s.moves == moves


def test_a_nim_blunder_says_the_nim_sum_it_left():
    s = sente.State("nim")
    s.play("1-1")
    r = sente.review(s)
    m = r.moves[0]
    assert m.cls == "blunder" and m.why is not None and m.why.kind == "nim_sum"
    heaps = [2, 4, 5]
    assert m.why.extra["nim_sum"] == heaps[0] ^ heaps[1] ^ heaps[2]
    # The better move leaves a nim-sum of 0.
    heap, take = (int(x) for x in m.why.moves[0].split("-"))
    left = [3, 4, 5]
    left[heap - 1] -= take
    assert left[0] ^ left[1] ^ left[2] == 0


def test_the_review_is_the_command_lines():
    s = sente.State("connect4", width=4, height=4)
    for m in "1 2 1 2 1 2 1".split():
        s.play(m)
    r = sente.review(s)
    assert r.result == "1-0"
    assert "Connect4Width=4" in r.rules
    exe = os.environ.get("SENTE_BIN") or str(REPO / "target" / "release" / "sente")
    if not os.path.exists(exe):
        pytest.skip("no sente binary (SENTE_BIN)")
    out = subprocess.run(
        [str(exe), "review", "--variant", "connect4", "--moves", "1 2 1 2 1 2 1",
         "--option", "Connect4Width=4", "--option", "Connect4Height=4", "--json"],
        check=True, capture_output=True, text=True,
    ).stdout
    cli = json.loads(out)
    assert [m["class"] for m in cli["moves"]] == [m.cls for m in r.moves]
    assert [m["best"] for m in cli["moves"]] == [m.best for m in r.moves]


def test_a_puzzle_from_its_fen():
    s = sente.State("rushhour", fen="....B.....BC.AA.BC.D.....D.....DEEE.")
    r0 = sente.review(s)
    assert r0.moves == [] and r0.puzzle is not None and r0.puzzle.optimal == 9
    assert r0.fen is not None


def test_bad_settings_are_named():
    s = sente.State("tictactoe")
    s.play("b2")
    with pytest.raises(ValueError, match="movetime"):
        sente.review(s, movetime=0)
    with pytest.raises(ValueError, match="hash"):
        sente.review(s, hash=0)
    with pytest.raises(TypeError, match="sente.State"):
        sente.review("b2")
