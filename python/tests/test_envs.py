"""sente.envs: the PettingZoo environments pass PettingZoo's api_test and play exactly as
PettingZoo's own connect_four_v3 and tictactoe_v3 (illegal moves included); the Gymnasium
environment passes Gymnasium's check_env (skipped without pettingzoo and gymnasium)."""

import pickle
import random
import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import gymnasium  # noqa: E402
import pettingzoo  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

import sente  # noqa: E402
from sente.envs import VersusSente, connect_four, tictactoe  # noqa: E402

# api_test warns about any environment whose name is not in its own list of PettingZoo's
# environments with dict observations: these two, for every one outside PettingZoo.
NOT_PETTINGZOOS_OWN = {
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
}


def api_warnings(env):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env, num_cycles=500)
    return {str(w.message) for w in caught}


@pytest.mark.parametrize(
    "make", [connect_four.env, tictactoe.env, lambda: connect_four.env(width=9, height=5),
             lambda: connect_four.env(width=4, height=4),
             lambda: connect_four.env(width=10, height=8),
             lambda: connect_four.env(width=12, height=10)]
)
def test_pettingzoos_api_test(make):
    said = api_warnings(make())
    # The empty board's observation is all zeros: PettingZoo's own games warn the same.
    assert said - NOT_PETTINGZOOS_OWN <= {"Observation numpy array is all zeros."}


def play_side_by_side(ours, theirs, games, seed):
    """Random games, with now and then an illegal action, in both environments at once:
    the same agents, observations, masks, rewards and ends at every step."""
    rng = random.Random(seed)
    for g in range(games):
        ours.reset(seed=g)
        theirs.reset(seed=g)
        for agent in theirs.agent_iter():
            assert agent == ours.agent_selection
            observation, reward, terminated, truncated, _ = theirs.last()
            assert ours.last()[1:4] == (reward, terminated, truncated)
            for who in theirs.agents:
                a, b = theirs.observe(who), ours.observe(who)
                assert a["observation"].dtype == b["observation"].dtype
                assert np.array_equal(a["observation"], b["observation"])
                # Once the game is over too: PettingZoo's games still show the cells with
                # room (sente's mask was all zeros there).
                assert np.array_equal(a["action_mask"], b["action_mask"]), (who, terminated)
            if terminated or truncated:
                action = None
            else:
                mask = observation["action_mask"]
                legal = np.flatnonzero(mask).tolist()
                illegal = np.flatnonzero(mask == 0).tolist()
                action = rng.choice(illegal if illegal and rng.random() < 0.02 else legal)
            theirs.step(action)
            ours.step(action)
        assert ours.agents == [] and ours.rewards == theirs.rewards


@pytest.mark.parametrize("width,height", [(7, 6), (10, 8), (12, 10)])
def test_connect_four_observations_read_as_the_fen(width, height):
    # Plane 0 the agent's stones, plane 1 the opponent's, the top row first: read here from
    # the fen's text, not from the observation tensor the environment uses.
    rng = random.Random(width)
    env = connect_four.env(width=width, height=height)
    for game in range(5):
        env.reset(seed=game)
        for agent in env.agent_iter():
            rows = env.sente_state.fen.split()[0].split("/")
            own = "xo"[env.possible_agents.index(agent)]
            board = env.observe(agent)["observation"]
            assert board.shape == (height, width, 2) and board.dtype == np.int8
            for r, row in enumerate(rows):
                for c, cell in enumerate(row):
                    expected = (int(cell == own), int(cell not in (own, ".")))
                    assert tuple(board[r, c]) == expected, (r, c, rows)
            _, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            mask = env.observe(agent)["action_mask"]
            assert np.flatnonzero(mask).tolist() == [i for i in range(width) if rows[0][i] == "."]
            env.step(int(rng.choice(np.flatnonzero(mask))))


def test_state_is_pettingzoos_global_view():
    # A property named `state` shadowed AECEnv.state(): 'State' object is not callable.
    for env in (connect_four.env(width=8, height=7), tictactoe.env()):
        env.reset()
        first = env.possible_agents[0]
        for action in (0, 4, 5):
            assert np.array_equal(env.state(), env.observe(first)["observation"])
            assert env.state_space.contains(env.state())
            env.step(action)
        assert env.state().sum() == 3 and len(env.sente_state.moves) == 3


def test_the_same_games_as_pettingzoos():
    pytest.importorskip("pygame")  # PettingZoo's classic games draw with it
    from pettingzoo.classic.connect_four import connect_four as theirs_four
    from pettingzoo.classic.tictactoe import tictactoe as theirs_ttt

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the illegal moves' warnings
        ours = pettingzoo.make("aec", "sente/connect_four-v0")
        play_side_by_side(ours, theirs_four.env(), 150, 1)
        play_side_by_side(tictactoe.env(), theirs_ttt.env(), 300, 2)


def test_actions_observations_and_errors():
    env = tictactoe.env()
    with pytest.raises(Exception, match="reset"):
        env.step(0)
    env.reset()
    # PettingZoo's action 3 is the top row's middle cell: sente's b3.
    env.step(3)
    assert env.sente_state.moves == ["b3"]
    board = env.observe("player_1")["observation"]
    assert board[1, 0, 0] == 1 and board.sum() == 1
    assert env.observe("player_2")["observation"][1, 0, 1] == 1
    with pytest.raises(AssertionError, match="action is not in action space"):
        env.step(9)
    raw = connect_four.raw_env(width=5, height=4)
    raw.reset()
    for _ in range(4):
        raw.step(0)
    with pytest.raises(sente.IllegalMove):
        raw.step(0)
    assert raw.observation_space("player_0")["observation"].shape == (4, 5, 2)
    assert raw.render() is None
    text = connect_four.env(render_mode="ansi")
    text.reset()
    assert "1 2 3 4 5 6 7" in text.render()
    made = pettingzoo.make("aec", "sente/connect_four-v0", width=8, height=7)
    again = pickle.loads(pickle.dumps(made))
    again.reset()
    assert again.observe("player_0")["observation"].shape == (7, 8, 2)


@pytest.mark.parametrize(
    "kwargs",
    [dict(), dict(seat=1), dict(variant="tictactoe", depth=9), dict(width=5, height=4, nodes=300, noise=0.3)],
)
def test_gymnasiums_check_env(kwargs):
    env = gymnasium.make("sente/VersusSente-v0", disable_env_checker=True, **kwargs)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped, skip_render_check=True)


def test_playing_against_perfect_tictactoe_never_wins():
    env = VersusSente("tictactoe", depth=9)
    rng = np.random.default_rng(1)
    for seat in (0, 1):
        env.seat = seat
        for game in range(10):
            observation, info = env.reset(seed=game)
            assert ("sente_move" in info) == (seat == 1)
            while True:
                action = rng.choice(np.flatnonzero(observation["action_mask"]))
                observation, reward, terminated, truncated, info = env.step(action)
                if terminated:
                    break
            assert reward <= 0 and env.state.is_over
    observation, _ = env.reset(seed=0)
    observation, reward, terminated, _, info = env.step(int(np.flatnonzero(observation["action_mask"] == 0)[0]))
    assert (reward, terminated, info) == (-1.0, True, {"illegal": True})
    with pytest.raises(ValueError, match="no observation tensor"):
        VersusSente("babylon")
    with pytest.raises(ValueError, match="seat is 0"):
        VersusSente(seat=2)
