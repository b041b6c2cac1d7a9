"""sente.rushhour_puzzles: the 6x6 puzzle set drawn from the whole game, the same lines as
data/rushhour/puzzles-6x6.txt, each puzzle a State that solves in its number of moves."""

import pytest

import sente
from conftest import REPO


def file_lines():
    text = (REPO / "data" / "rushhour" / "puzzles-6x6.txt").read_text()
    return [line.split() for line in text.splitlines() if line and not line.startswith("#")]


def test_the_set_is_the_shipped_file():
    puzzles = sente.rushhour_puzzles()
    assert [(str(p.moves), p.board, str(p.states)) for p in puzzles] == [tuple(f) for f in file_lines()]
    assert [p.moves for p in puzzles] == sorted(p.moves for p in puzzles)


def test_filters_by_moves():
    hardest = sente.rushhour_puzzles(moves=51)
    assert len(hardest) == 1 and hardest[0].moves == 51
    between = sente.rushhour_puzzles(min_moves=45, max_moves=50)
    assert between and all(45 <= p.moves <= 50 for p in between)
    assert sente.rushhour_puzzles(moves=52) == []
    assert sente.rushhour_puzzles(min_moves=40) == [p for p in sente.rushhour_puzzles() if p.moves >= 40]


@pytest.mark.parametrize("moves", [51, 40, 20, 5])
def test_a_puzzle_solves_in_its_moves(moves):
    puzzle = sente.rushhour_puzzles(moves=moves)[0]
    state = puzzle.state()
    assert state.fen.split()[0] == puzzle.board
    solution = sente.solve(state, algorithm="bfs")
    assert solution.length == moves
    for move in solution.moves:
        state.play(move)
    assert state.is_over


@pytest.mark.parametrize(
    "kwargs, error, words",
    [
        ({"moves": "51"}, TypeError, "moves must be an int"),
        ({"moves": True}, TypeError, "moves must be an int"),
        ({"min_moves": -1}, ValueError, "min_moves must be at least 0"),
        ({"moves": 40, "max_moves": 45}, ValueError, "not both"),
    ],
)
def test_bad_arguments_are_named(kwargs, error, words):
    with pytest.raises(error, match=words):
        sente.rushhour_puzzles(**kwargs)
