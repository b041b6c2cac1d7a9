"""sente.solve: Connect Four's exact scores, Rush Hour's optimal solutions, the rocks game
and Babylon, against the test vectors of tests/data."""

import pytest

import sente
from conftest import REPO


def vectors(name, count):
    rows = []
    for line in (REPO / "tests" / "data" / "connect4" / name).read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            moves, score = line.split()[:2]
            rows.append((moves, int(score)))
    return rows[:count]


def connect4(moves):
    s = sente.State("connect4")
    for mv in moves:
        s.play(mv)
    return s


@pytest.mark.parametrize("moves, score", vectors("end.txt", 6) + vectors("mid.txt", 3))
def test_connect4_scores(moves, score):
    s = connect4(moves)
    solution = sente.solve(s)
    assert solution.score == score
    assert max(solution.columns.values()) == score
    assert list(solution.columns) == s.legal_moves()
    # Each column's score is the negated score of the position it leads to.
    for column, value in list(solution.columns.items())[:3]:
        child = s.copy()
        child.play(column)
        if not child.is_over:
            assert sente.solve(child).score == -value


def test_connect4_other_sizes():
    s = sente.State("connect4", width=5, height=4)
    assert sente.solve(s).score == 0  # 5x4 is a draw


def wide_vectors():
    """The first positions of each board of tests/data/connect4/wide.txt (valued by
    Steininger's solver): (width, height, moves, score)."""
    rows, seen = [], {}
    for line in (REPO / "tests" / "data" / "connect4" / "wide.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            w, h, moves, score = line.split()[:4]
            seen[(w, h)] = seen.get((w, h), 0) + 1
            if seen[(w, h)] <= 3:
                rows.append((int(w), int(h), moves, int(score)))
    return rows


@pytest.mark.parametrize("width, height, moves, score", wide_vectors())
def test_connect4_beyond_64_bits(width, height, moves, score):
    s = sente.State("connect4", width=width, height=height)
    for mv in moves:
        s.play(mv)
    solution = sente.solve(s)
    assert solution.score == score
    assert max(solution.columns.values()) == score
    assert list(solution.columns) == s.legal_moves()
    assert solution.best_move in s.legal_moves()


def test_connect4_solve_refuses_a_finished_game():
    s = connect4("1212121")
    with pytest.raises(ValueError, match="over"):
        sente.solve(s)


def puzzles():
    rows = []
    for line in (REPO / "tests" / "data" / "rushhour" / "course-puzzles.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            board, steps, slides = line.split()[:3]
            rows.append((board, int(steps), int(slides)))
    return rows


@pytest.mark.parametrize("board, steps, slides", puzzles()[:2])
def test_rush_hour_optimal_lengths(board, steps, slides):
    state = sente.State("rushhour", fen=board)
    expanded = {}
    for algorithm, heuristic in [("bfs", None), ("astar", "zero"), ("astar", "blockers"), ("idastar", None)]:
        solution = sente.solve(state, algorithm=algorithm, heuristic=heuristic)
        assert solution.length == steps == len(solution.moves)
        assert solution.stats["algorithm"] == algorithm
        expanded[(algorithm, heuristic)] = solution.stats["expanded"]
        replay = state.copy()
        for mv in solution.moves:
            replay.play(mv)
        assert replay.result == "1-0"
    assert expanded[("astar", "blockers")] <= expanded[("astar", "zero")]
    assert sente.solve(state, metric="slides").length == slides


def test_rocks_and_babylon():
    rocks = sente.solve(sente.State("rushhour-rocks"))
    assert rocks.mate == 57 and "cars out in 57" in rocks.stats["note"]
    babylon = sente.solve(sente.State("babylon"))
    assert babylon.mate == -5  # the first player loses the 4x3 game
    tictactoe = sente.solve(sente.State("tictactoe"))
    assert tictactoe.value == 0 and tictactoe.mate is None


def test_solve_arguments():
    with pytest.raises(ValueError, match="rushhour"):
        sente.solve(sente.State("babylon"), metric="slides")
    # A game's own settings are for the game that declares them, whatever the game solved.
    with pytest.raises(ValueError, match="metric and heuristic are for rushhour, not babylon"):
        sente.solve(sente.State("babylon"), metric="slides", heuristic="zero")
    with pytest.raises(ValueError, match="heuristic is for rushhour, not connect4"):
        sente.solve(sente.State("connect4"), heuristic="zero")
    with pytest.raises(ValueError, match="metric: .*steps, slides"):
        sente.solve(sente.State("rushhour", fen="....B.....BC.AA.BC.D.....D.....DEEE."), metric="diagonal")
    with pytest.raises(ValueError):
        sente.solve(sente.State("connect4"), algorithm="bfs")
