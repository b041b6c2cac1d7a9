"""sente.openspiel: OpenSpiel states as sente states, and sente's bot in OpenSpiel's loop
(skipped without open_spiel)."""

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

import sente.openspiel as sos  # noqa: E402


@pytest.mark.parametrize("name", ["connect_four", "tic_tac_toe"])
def test_random_games_agree(name):
    rng = random.Random(7)
    game = pyspiel.load_game(name)
    for _ in range(20):
        os_state = game.new_initial_state()
        while True:
            state = sos.from_openspiel(os_state)
            assert state.is_over == os_state.is_terminal()
            if os_state.is_terminal():
                returns = os_state.returns()
                expected = "1-0" if returns[0] > 0 else "0-1" if returns[0] < 0 else "1/2-1/2"
                assert state.result == expected
                break
            assert state.turn == ("p1" if os_state.current_player() == 0 else "p2")
            legal = os_state.legal_actions()
            assert sorted(sos.action_of_move(os_state, m) for m in state.legal_moves()) == legal
            os_state.apply_action(rng.choice(legal))


def test_moves_and_actions():
    os_state = pyspiel.load_game("tic_tac_toe").new_initial_state()
    assert sos.move_of_action(os_state, 0) == "a3" and sos.action_of_move(os_state, "c1") == 8
    with pytest.raises(ValueError):
        sos.action_of_move(os_state, "d4")
    with pytest.raises(ValueError, match="not chess"):
        sos.from_openspiel(pyspiel.load_game("chess").new_initial_state())


def test_the_bot_plays_in_openspiels_loop():
    from open_spiel.python.algorithms import evaluate_bots
    from open_spiel.python.bots import uniform_random
    import numpy as np

    game = pyspiel.load_game("connect_four")
    rng = np.random.RandomState(3)
    for seat in (0, 1):
        bots = [uniform_random.UniformRandomBot(1 - seat, rng)] * 2
        bots[seat] = sos.SenteBot(seat, movetime=None, depth=6)
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
        assert returns[seat] == 1
