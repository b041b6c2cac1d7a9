"""sente.openspiel: OpenSpiel states as sente states, and sente's bot in OpenSpiel's loop
(skipped without open_spiel)."""

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

import sente  # noqa: E402
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


# Both ways: sente states as OpenSpiel states, on boards of any size.

# 7x6 and 8x7 in a 64-bit word, 10x8 in 128 bits, 12x10 in the widest (192 bits).
SIZES = [("tictactoe", {}), ("connect4", {}), ("connect4", {"width": 5, "height": 4}),
         ("connect4", {"width": 8, "height": 7}), ("connect4", {"width": 10, "height": 8}),
         ("connect4", {"width": 12, "height": 10})]


@pytest.mark.parametrize("variant,rules", SIZES)
def test_to_openspiel_and_back_agree_move_by_move(variant, rules):
    import numpy as np

    rng = random.Random(3)
    for _ in range(10):
        state = sente.State(variant, **rules)
        while True:
            os_state = sos.to_openspiel(state)
            assert os_state.history() == state.history()
            assert os_state.legal_actions() == state.legal_actions()
            assert os_state.current_player() == state.current_player()
            assert os_state.returns() == state.returns()
            shape = os_state.get_game().observation_tensor_shape()
            assert shape == state.observation_tensor_shape()
            for player in (0, 1):
                tensor = np.array(os_state.observation_tensor(player), np.float32).reshape(shape)
                assert np.array_equal(tensor, state.observation_tensor(player))
            back = sos.from_openspiel(os_state)
            assert back == state and back.moves == state.moves
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))


def test_positions_without_a_history_go_by_their_board():
    for variant, fen in [("connect4", "......./......./......./...o.../...x.../..xxo.o x"),
                         ("tictactoe", "x.o/.x./..o x")]:
        state = sente.State(variant, fen=fen)
        os_state = sos.to_openspiel(state)
        assert os_state.history() == [] and os_state.legal_actions() == state.legal_actions()
        assert os_state.current_player() == state.current_player()
        assert sos.from_openspiel(os_state) == state
    # A finished board: x's four on the bottom row.
    won = sente.State("connect4", fen="......./......./......./......./ooo..../xxxx... o")
    os_state = sos.to_openspiel(won)
    assert os_state.is_terminal() and os_state.returns() == [1.0, -1.0]


# sente's games registered in OpenSpiel.

REGISTERED = ["sente_connect4", "sente_tictactoe", "sente_tree", "sente_rushhour_rocks",
              "sente_babylon", "sente_nim"]


def test_every_two_player_game_is_registered():
    names = set(pyspiel.registered_names())
    assert {sos.game_name(v) for v in sente.variants() if not sente.State(v).is_puzzle} == set(REGISTERED)
    assert set(REGISTERED) <= names and "sente_rushhour" not in names


@pytest.mark.parametrize("name", REGISTERED)
def test_openspiels_random_simulation_checks(name):
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=10, serialize=False, verbose=False)


def test_rules_and_positions_are_parameters():
    for width, height in [(8, 7), (10, 8), (12, 10), (4, 4)]:
        game = pyspiel.load_game("sente_connect4", {"width": width, "height": height})
        assert game.num_distinct_actions() == width
        assert game.max_game_length() == width * height
        assert game.observation_tensor_shape() == [3, height, width]
        pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)
    tree = pyspiel.load_game("sente_tree", {"fen": "((3 12 8) (2 4 6) (14 5 2))"})
    assert (tree.num_distinct_actions(), tree.max_game_length()) == (3, 2)
    assert (tree.min_utility(), tree.max_utility()) == (-14.0, 14.0)
    nim = pyspiel.load_game("sente_nim", {"heaps": "1 2", "misere": True})
    assert nim.new_initial_state().sente_state.fen == "1/2 1"
    assert str(pyspiel.load_game("sente_babylon(colours=2,per_colour=2)").new_initial_state()).strip()
    with pytest.raises(ValueError, match="colours"):
        pyspiel.load_game("sente_babylon", {"colours": 9})


def test_openspiels_algorithms_play_sentes_games():
    # OpenSpiel's Python MCTSBot: its C++ MCTSBot (pyspiel.MCTSBot) crashes on every game
    # written in Python in open_spiel 2.0.2, its own python_tic_tac_toe included.
    from open_spiel.python.algorithms import evaluate_bots, mcts, minimax
    import numpy as np

    # OpenSpiel's minimax on sente's game tree: the textbook value 3.
    tree = pyspiel.load_game("sente_tree", {"fen": "((3 12 8) (2 4 6) (14 5 2))"})
    assert minimax.alpha_beta_search(tree) == (3.0, 0)
    rng = np.random.RandomState(2)

    def mcts_bot(game, simulations):
        evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(3))
        return mcts.MCTSBot(game, 2.0, simulations, evaluator, random_state=np.random.RandomState(4))

    # MCTS against random play in Babylon and in Connect Four 5x4.
    for game in [pyspiel.load_game("sente_babylon"),
                 pyspiel.load_game("sente_connect4", {"width": 5, "height": 4})]:
        for seat in (0, 1):
            bots = [pyspiel.make_uniform_random_bot(1 - seat, 5)] * 2
            bots[seat] = mcts_bot(game, 300)
            returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
            assert returns[seat] == 1.0, (game, seat)
    # MCTS against MCTS on the textbook tree: the minimax value 3.
    bots = [mcts_bot(tree, 200), mcts_bot(tree, 200)]
    assert evaluate_bots.evaluate_bots(tree.new_initial_state(), bots, rng) == [3.0, -3.0]
    # The rocks game: the cars get out of the course's ten-step puzzle in ten car moves
    # against any rocks (protocol.md), so sente's bot with 12 moves beats MCTS's rocks.
    rocks = pyspiel.load_game("sente_rushhour_rocks",
                              {"fen": "....B.....BC.AA.BC.D.....D.....DEEE. c", "max_turns": 12})
    bots = [sos.SenteBot(0, movetime=None, depth=12), mcts_bot(rocks, 100)]
    assert evaluate_bots.evaluate_bots(rocks.new_initial_state(), bots, rng) == [1.0, -1.0]
    # Nim 3 4 5 (nim-sum 2) is a first player's win: sente, which knows Nim's theory, wins it
    # moving first against MCTS.
    nim = pyspiel.load_game("sente_nim")
    for _ in range(3):
        bots = [sos.SenteBot(0, movetime=0.05), mcts_bot(nim, 100)]
        assert evaluate_bots.evaluate_bots(nim.new_initial_state(), bots, rng) == [1.0, -1.0]


def test_the_docstring_names_the_python_mcts_and_warns_of_the_cpp_one():
    doc = sos.__doc__
    assert "open_spiel.python.algorithms.mcts.MCTSBot" in doc
    assert "pyspiel.MCTSBot(" not in doc
    assert "`pyspiel.MCTSBot` crashes" in doc


@pytest.mark.parametrize("name, params", [
    ("sente_tictactoe", {}),
    ("sente_connect4", {"width": 5, "height": 4}),
    ("sente_nim", {"heaps": "3 4 5", "misere": True}),
    ("sente_tree", {"fen": "((3 12 8) (2 4 6) (14 5 2))"}),
    ("sente_tree", {"fen": "((3 12) (2 (4 6)))"}),
])
def test_games_pickle_and_load_from_their_string(name, params):
    import pickle

    game = pyspiel.load_game(name, params)
    again = pickle.loads(pickle.dumps(game))
    assert str(again) == str(game)
    assert again.get_parameters() == game.get_parameters()
    # OpenSpiel reads its own string back (a value ending in ")" was taken for a nested game).
    loaded = pyspiel.load_game(str(game))
    assert loaded.get_parameters() == game.get_parameters()
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game) and state2.history() == state.history()
    assert state2.sente_state == state.sente_state
    state3 = pickle.loads(pickle.dumps(state))
    assert state3.history() == state.history() and state3.sente_state == state.sente_state
    for g in (again, loaded, game2):
        assert g.new_initial_state().sente_state == game.new_initial_state().sente_state
