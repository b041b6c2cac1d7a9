"""Every argument checked before anything runs: a number out of its range is a ValueError
naming the argument and its range, something that is not a number a TypeError naming it; a
move that is not a string says that moves are strings; `solve` runs only an algorithm that
fits the game and names the ones that do."""

import pytest

import sente

RUSH = "..BCCCD.BEFFDAAE...G.EHHIGJJ.KILLL.K"


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda s: sente.search(s, depth=-1), r"depth is a whole number of plies from 1 to 120, not -1$"),
        (lambda s: sente.search(s, depth=10**30), r"depth is a whole number of plies from 1 to 120, not 1000"),
        (lambda s: sente.search(s, depth=121), r"from 1 to 120, not 121"),
        (lambda s: sente.search(s, movetime=-1), r"movetime is a number of seconds above 0 .*not -1$"),
        (lambda s: sente.search(s, movetime=float("nan")), r"movetime .* not nan"),
        (lambda s: sente.search(s, movetime=1e300), r"movetime .*at most 1000000, not 1e\+300"),
        (lambda s: sente.search(s, depth=2, nodes=0), r"nodes is a whole number of nodes at least 1, not 0"),
        (lambda s: sente.search(s, depth=2, hash=-1), r"hash is a whole number of MB from 1 to 16384, not -1"),
        (lambda s: sente.search(s, depth=2, hash=0), r"hash .* not 0"),
        (lambda s: sente.search(s, depth=2, threads=0), r"threads is a whole number of threads from 1 to 256, not 0"),
        (lambda s: sente.search(s, "minimax", depth=2, trace=True, trace_limit=-5),
         r"trace_limit is a whole number of nodes from 1 to 100000000, not -5"),
        (lambda s: s.perft(-1), r"depth is a whole number of plies from 0 to 120, not -1"),
        (lambda s: sente.solve(s.copy(), hash=-1), r"hash is a whole number of MB"),
        (lambda s: sente.solve(s.copy(), threads=10**6), r"threads .* not 1000000"),
    ],
)
def test_numbers_out_of_range_name_the_argument(call, message):
    s = sente.State("connect4")
    for mv in "44444":
        s.play(mv)
    with pytest.raises(ValueError, match=message):
        call(s)
    # Nothing ran and nothing changed.
    assert s.moves == list("44444")


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda s: sente.search(s, depth="deep"), r"depth is a whole number of plies .*not the str 'deep'"),
        (lambda s: sente.search(s, depth=2.5), r"depth .*not the float 2.5"),
        (lambda s: sente.search(s, depth=True), r"depth .*not the bool True"),
        (lambda s: sente.search(s, movetime="1s"), r"movetime is a number of seconds .*not the str '1s'"),
        (lambda s: s.perft("3"), r"depth .*not the str '3'"),
    ],
)
def test_what_is_not_a_number_is_a_type_error_naming_the_argument(call, message):
    with pytest.raises(TypeError, match=message):
        call(sente.State("tictactoe"))


def test_depth_0_and_movetime_0_are_refused_with_the_reason():
    s = sente.State("tictactoe")
    with pytest.raises(ValueError, match=r"depth 0 would search nothing: the static evaluation is State.evaluate\(\)"):
        sente.search(s, depth=0)
    with pytest.raises(ValueError, match=r"0 seconds would leave no time to search"):
        sente.search(s, movetime=0)
    # What is meaningful: perft(0) is the position itself, and the smallest limits run.
    assert s.perft(0) == 1
    assert sente.search(s, depth=1).depth == 1
    assert sente.search(s, movetime=0.001).best_move in s.legal_moves()


def test_a_move_that_is_not_a_string_says_moves_are_strings():
    s = sente.State("connect4")
    with pytest.raises(TypeError, match=r"a move is a string in the game's notation, not the int 4: play\('4'\) "
                                        r"\(legal here: '1', '2', '3', '4', '5', '6', \.\.\.\)"):
        s.play(4)
    t = sente.State("tictactoe")
    with pytest.raises(TypeError, match=r"not the NoneType None"):
        t.play(None)
    # A tuple's text is no move: no play('(1, 1)') suggested, the legal moves listed instead.
    with pytest.raises(TypeError) as raised:
        t.play((1, 1))
    message = str(raised.value)
    assert "not the tuple (1, 1) (legal here: 'a3', 'b3', 'c3', 'a2', 'b2', 'c2', ...)" in message
    assert "play('(1, 1)')" not in message
    # An int that is no move's text points to the integer actions.
    with pytest.raises(TypeError, match=r"not the int 4 \(legal here: .*\); integer actions go to apply_action\(\)"):
        t.play(4)
    assert s.moves == [] and t.moves == []


def test_solve_runs_only_an_algorithm_that_fits_the_game():
    rush = sente.State("rushhour", fen=RUSH)
    # minimax and plain alpha-beta never prove a puzzle whose positions repeat (they ran for
    # ever); the engine's alphabeta on a puzzle is its breadth-first search: solve says so
    # rather than run BFS under another name.
    for algorithm in ("minimax", "alphabeta-plain", "alphabeta"):
        with pytest.raises(ValueError, match=rf"solve on rushhour takes algorithm bfs, astar or idastar, not '{algorithm}'"):
            sente.solve(rush, algorithm=algorithm)
    with pytest.raises(ValueError, match="ask for 'bfs'"):
        sente.solve(rush, algorithm="alphabeta")
    assert sente.solve(rush, algorithm="bfs").stats["algorithm"] == "bfs"
    # A two-player game without a solver of its own: the generic searches, to the end.
    ttt = sente.State("tictactoe")
    with pytest.raises(ValueError, match="solve on tictactoe takes algorithm alphabeta, minimax, alphabeta-plain or proof, not 'astar'"):
        sente.solve(ttt, algorithm="astar")
    with pytest.raises(ValueError, match="unknown algorithm 'negamax'"):
        sente.solve(ttt, algorithm="negamax")
    assert sente.solve(ttt, algorithm="minimax").nodes == 549946
    # A game whose own solver answers: no algorithm to choose.
    for state in (sente.State("connect4"), sente.State("nim"), sente.State("rushhour-rocks")):
        with pytest.raises(ValueError, match=rf"{state.variant} is solved by its own exact solver: solve takes no algorithm"):
            sente.solve(state, algorithm="minimax")
