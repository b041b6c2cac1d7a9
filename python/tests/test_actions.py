"""The integer-action interface of sente.State (OpenSpiel's names): every game's actions, the
documented numbering, observation tensors, returns, and the errors. OpenSpiel's own games
are compared in test_openspiel.py."""

import math
import random

import numpy as np
import pytest

import sente

TEXTBOOK = "((3 12 8) (2 4 6) (14 5 2))"


def random_game(state, rng, plies=None):
    """Plays random actions on `state` until the end or `plies`; yields before each action."""
    count = 0
    while not state.is_terminal() and (plies is None or count < plies):
        yield state
        state.apply_action(rng.choice(state.legal_actions()))
        count += 1
    yield state


@pytest.mark.parametrize("variant", sente.variants())
def test_actions_and_moves_are_the_same_moves(variant):
    rng = random.Random(5)
    for _ in range(5):
        s = sente.State(variant)
        count = s.num_distinct_actions()
        longest = s.max_game_length()
        plies = 0
        for state in random_game(s, rng, plies=60):
            actions = state.legal_actions()
            assert actions == sorted(set(actions)) and all(0 <= a < count for a in actions)
            moves = state.legal_moves()
            assert sorted(state.string_to_action(m) for m in moves) == actions
            assert [state.action_to_string(state.string_to_action(m)) for m in moves] == moves
            mask = state.legal_actions_mask()
            assert mask.dtype == np.int8 and mask.shape == (count,)
            assert list(np.flatnonzero(mask)) == actions
            assert state.num_distinct_actions() == count
            plies += 1
        if longest is not None:
            assert plies - 1 <= longest
        replay = sente.State(variant)
        for a in s.history():
            replay.apply_action(a)
        assert replay == s and replay.moves == s.moves


def test_history_undo_and_child():
    s = sente.State("connect4")
    for a in [3, 3, 4]:
        s.apply_action(a)
    assert s.moves == ["4", "4", "5"] and s.history() == [3, 3, 4]
    child = s.child(0)
    assert child.history() == [3, 3, 4, 0] and s.history() == [3, 3, 4]
    assert s.undo() == "5" and s.history() == [3, 3]
    s.play("7")
    assert s.history() == [3, 3, 6]


def test_current_player_returns_and_terminal():
    s = sente.State("tictactoe")
    assert (s.current_player(), s.returns(), s.is_terminal()) == (0, [0.0, 0.0], False)
    for cell in [0, 3, 1, 4, 2]:  # x takes the top row
        s.apply_action(cell)
    assert s.is_terminal() and s.result == "1-0"
    assert s.current_player() == -4  # OpenSpiel's PlayerId.TERMINAL
    assert s.returns() == [1.0, -1.0] and s.legal_actions() == []
    assert s.legal_actions_mask().sum() == 0


def test_returns_before_the_end_and_at_a_draw_are_plain_zeros():
    # [0.0, -0.0] compared equal to [0.0, 0.0] but printed as -0.0: the sign is checked.
    s = sente.State("tictactoe")
    for state in [s, sente.State("tictactoe", fen="xox/xoo/oxx o")]:
        returns = state.returns()
        assert returns == [0.0, 0.0]
        assert [math.copysign(1.0, r) for r in returns] == [1.0, 1.0], returns
    assert str(s.returns()) == "[0.0, 0.0]"


def test_an_invalid_player_is_refused():
    s = sente.State("connect4")
    s.apply_action(3)
    for bad in (5, -1, 2, -4, True, "0", 0.0):
        with pytest.raises(ValueError, match=r"is not a player of connect4 \(its players are 0 and 1\)"):
            s.observation_tensor(bad)
        with pytest.raises(ValueError, match=r"is not a player of connect4"):
            s.legal_actions(bad)
    assert s.legal_actions(1) == list(range(7)) and s.legal_actions(0) == []
    assert np.array_equal(s.observation_tensor(0), s.observation_tensor(1))
    puzzle = sente.State("rushhour")
    assert puzzle.legal_actions(0) == puzzle.legal_actions()
    with pytest.raises(ValueError, match=r"player 1 is not a player of rushhour \(its players are 0\)"):
        puzzle.legal_actions(1)


def test_a_game_tree_returns_its_own_units():
    s = sente.State("tree", fen=TEXTBOOK)
    assert s.num_distinct_actions() == 3 and s.max_game_length() == 2
    assert s.return_range() == (-14.0, 14.0)
    s.apply_action(0)
    assert s.current_player() == 1 and s.legal_actions(player=0) == []
    s.apply_action(1)
    assert s.returns() == [12.0, -12.0]


def test_the_documented_numbers():
    # protocol.md, "Integer actions".
    s = sente.State("tictactoe")
    assert [s.action_to_string(a) for a in (0, 2, 4, 8)] == ["a3", "c3", "b2", "c1"]
    c = sente.State("connect4", width=12, height=4)
    assert c.num_distinct_actions() == 12 and c.action_to_string(11) == "c"
    n = sente.State("nim", heaps=[3, 4, 5])
    assert n.num_distinct_actions() == 3 * 99
    # (matches - 1) x heaps + heap: heap 2 (from 0: 1), 3 matches.
    assert n.string_to_action("2-3") == 2 * 3 + 1
    b = sente.State("babylon")  # 4 colours x 3: 12 tablets, 8 x 12 = 96 stacks
    assert b.num_distinct_actions() == 96 * 96
    # a1 onto b1: a1 is stack 0, b1 is 1 x 12 + 0.
    assert b.string_to_action("a1b1") == 0 * 96 + 12
    r = sente.State("rushhour-rocks")
    assert r.num_distinct_actions() == 69
    first = r.legal_moves()[0]
    r.play(first)
    # The rock on row 1, column 1: 32 + 6 + 1.
    assert "@11" in r.legal_moves() and r.string_to_action("@11") == 39
    t = sente.State("tree", fen=TEXTBOOK)
    assert t.string_to_action("3") == 2
    h = sente.State("rushhour")
    assert h.num_distinct_actions() == 128 and h.max_game_length() is None


def test_observation_tensors():
    s = sente.State("connect4", width=5, height=4)
    assert s.observation_tensor_shape() == [3, 4, 5]
    for a in [2, 2, 0]:
        s.apply_action(a)
    t = s.observation_tensor()
    assert t.dtype == np.float32 and t.shape == (3, 4, 5)
    # Planes x, o, empty; rows from the bottom.
    assert t[0, 0, 2] == 1 and t[0, 0, 0] == 1 and t[1, 1, 2] == 1
    assert t.sum(axis=0).min() == 1 and t[2].sum() == 20 - 3
    assert np.array_equal(s.observation_tensor(0), s.observation_tensor(1))
    ttt = sente.State("tictactoe", fen="x.o/.x./... o")
    t = ttt.observation_tensor()
    # Planes empty, o, x; rows from the top.
    assert t.shape == (3, 3, 3) and t[2, 0, 0] == 1 and t[1, 0, 2] == 1 and t[2, 1, 1] == 1
    with pytest.raises(ValueError, match="babylon has no observation tensor"):
        sente.State("babylon").observation_tensor()
    assert sente.State("nim").observation_tensor_shape() is None


def test_bad_actions_are_clear_errors_and_change_nothing():
    s = sente.State("connect4")
    s.apply_action(3)
    for bad, message in [
        (7, "action 7 is out of range \\(0 to 6\\)"),
        (-1, "action -1 is out of range"),
        (2**70, "an action is an int from 0 to 6"),
        ("4", "moves in notation go to play\\(\\)"),
        (True, "an action is an int"),
        (3.5, "an action is an int"),
        (4.0, "an action is an int"),
    ]:
        # Whatever is not one of the game's actions is an IllegalMove (a ValueError), as a
        # legal-looking action that is not legal here is.
        with pytest.raises(sente.IllegalMove, match=message):
            s.apply_action(bad)
        assert issubclass(sente.IllegalMove, ValueError)
    assert s.history() == [3]
    for _ in range(5):
        s.apply_action(3)
    with pytest.raises(sente.IllegalMove, match="illegal action 3: action 3 is not a legal move here"):
        s.apply_action(3)
    with pytest.raises(sente.IllegalMove):
        s.action_to_string(3)
    with pytest.raises(sente.IllegalMove, match="'9'"):
        s.string_to_action("9")
    assert s.history() == [3] * 6
    # numpy integers are ints.
    s.apply_action(np.int64(2))
    assert s.history()[-1] == 2
