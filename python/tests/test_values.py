"""States as Python values: equal positions are equal and hash alike whatever their
histories, so they go in sets and dicts; they pickle (with their history), copy and deepcopy,
and cross process boundaries (multiprocessing)."""

import copy
import multiprocessing
import operator
import pickle

import pytest

import sente


def played(variant, moves, **rules):
    s = sente.State(variant, **rules)
    for mv in moves:
        s.play(mv)
    return s


def test_equal_positions_hash_alike_whatever_their_histories():
    # The same position by two move orders.
    a = played("tictactoe", ["a1", "b2", "c3"])
    b = played("tictactoe", ["c3", "b2", "a1"])
    assert a == b and a.moves != b.moves
    assert hash(a) == hash(b)
    assert len({a, b}) == 1
    assert {a: 1}[b] == 1
    # A fen gives the same position again.
    assert sente.State("tictactoe", fen=a.fen) == a and hash(sente.State("tictactoe", fen=a.fen)) == hash(a)
    # Another position, another game or other rules: not equal.
    assert played("tictactoe", ["a1", "b2"]) != a
    assert sente.State("connect4") != sente.State("connect4", width=8)
    assert sente.State("connect4", width=7) == sente.State("connect4")
    assert hash(sente.State("connect4", width=7)) == hash(sente.State("connect4"))
    assert sente.State("nim", heaps=[3, 4, 5]) != sente.State("nim", heaps=[3, 4, 5], misere=True)
    assert sente.State("tictactoe") != "tictactoe"


def test_a_visited_set_for_a_breadth_first_search_of_tic_tac_toe():
    # A student's own BFS over positions: 5478 distinct positions of tic-tac-toe.
    start = sente.State("tictactoe")
    seen = {start}
    frontier = [start]
    while frontier:
        nxt = []
        for s in frontier:
            for mv in s.legal_moves():
                child = s.copy()
                child.play(mv)
                if child not in seen:
                    seen.add(child)
                    nxt.append(child)
        frontier = nxt
    assert len(seen) == 5478


def test_a_key_is_an_immutable_position_for_sets_and_dicts():
    a = played("tictactoe", ["a1", "b2", "c3"])
    seen_states, seen_keys = {a}, {a.key()}
    key = a.key()
    a.play("a2")
    # The state in the set changed with it (documented); its key did not.
    assert a not in seen_states
    assert key in seen_keys and a.key() not in seen_keys
    other_order = played("tictactoe", ["c3", "b2", "a1"])
    assert key == other_order.key() and hash(key) == hash(other_order.key())
    with pytest.raises(TypeError):
        key[0] = "connect4"  # a tuple
    # Keys are equal exactly when the states are: computed here from what a state shows.
    states = [sente.State("connect4"), sente.State("connect4", width=7), sente.State("connect4", width=8),
              sente.State("nim", heaps=[3, 4, 5]), sente.State("nim", heaps=[3, 4, 5], misere=True),
              played("tictactoe", ["a1", "b2", "c3"]), played("tictactoe", ["c3", "b2", "a1"]),
              sente.State("tictactoe")]
    for x in states:
        assert x.key() == (x.variant, tuple(x.rule_options), x.fen)
        for y in states:
            assert (x.key() == y.key()) == (x == y)
    # A BFS's visited set of keys counts the 5478 positions of tic-tac-toe, as of states.
    start = sente.State("tictactoe")
    seen, frontier = {start.key()}, [start]
    while frontier:
        nxt = []
        for s in frontier:
            for mv in s.legal_moves():
                child = s.child(s.string_to_action(mv))
                if child.key() not in seen:
                    seen.add(child.key())
                    nxt.append(child)
        frontier = nxt
    assert len(seen) == 5478
    assert "s.key()" in sente.State.__doc__ and "changes there" in sente.State.__doc__


@pytest.mark.parametrize(
    "state",
    [
        played("connect4", "4453", width=8, height=7),
        played("tictactoe", ["b2", "a1"]),
        played("nim", ["1-1"], heaps=[3, 4, 5], misere=True),
        played("rushhour", [], metric="slides"),
        played("babylon", [], colours=3, per_colour=2),
        played("tree", ["2"]),
        sente.State("tree", fen="((3 12 8) (2 4 6) (14 5 2))"),
        sente.State("rushhour-rocks", max_turns=20),
    ],
    ids=lambda s: s.variant,
)
def test_pickle_copy_and_deepcopy_keep_position_rules_and_history(state):
    for other in (pickle.loads(pickle.dumps(state)), copy.copy(state), copy.deepcopy(state), state.copy()):
        assert other == state and hash(other) == hash(state)
        assert other is not state
        assert other.fen == state.fen and other.moves == state.moves
        assert other.rule_options == state.rule_options and other.rules == state.rules
        # Independent: a move on the copy leaves the original.
        if other.legal_moves():
            other.play(other.legal_moves()[0])
            assert other != state
        if state.moves:
            # The history came along: undo reaches the position the state was made at.
            while other.moves:
                other.undo()
            start = state.copy()
            while start.moves:
                start.undo()
            assert other == start


def test_states_cross_processes():
    states = [played("tictactoe", ["a1"]), played("connect4", "444"), played("nim", ["2-1"], heaps=[2, 3])]
    # spawn: the children import sente afresh and get the states by pickle only.
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        moves = pool.map(operator.methodcaller("legal_moves"), states)
        solved = pool.map(sente.solve, states[:1] + states[2:])
    assert moves == [s.legal_moves() for s in states]
    here = [sente.solve(s) for s in states[:1] + states[2:]]
    assert [(s.value, s.mate, s.best_move) for s in solved] == [(s.value, s.mate, s.best_move) for s in here]
