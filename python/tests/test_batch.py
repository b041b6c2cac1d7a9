"""sente.Batch: N games stepped by a numpy array of actions, and N random playouts, in Rust;
checked against the same games played one State at a time."""

import os
import random
import signal
import threading
import time

import numpy as np
import pytest

import sente


# 6x5 in a 64-bit word, 10x8 in 128 bits, 12x10 in 192.
@pytest.mark.parametrize("width,height", [(6, 5), (10, 8), (12, 10)])
def test_steps_are_the_states_moves(width, height):
    rng = random.Random(11)
    start = sente.State("connect4", width=width, height=height)
    n = 8
    batch = sente.Batch(start, n)
    assert len(batch) == n and batch.num_distinct_actions == width
    assert batch.observation_shape == [3, height, width]
    observations, masks, players = batch.reset()
    assert observations.shape == (n, 3, height, width) and observations.dtype == np.float32
    assert masks.shape == (n, width) and masks.dtype == np.int8 and players.dtype == np.int8
    states = [start.copy() for _ in range(n)]
    finished = 0
    for _ in range(width * height * 4):
        actions = np.array([rng.choice(s.legal_actions()) for s in states], dtype=np.int64)
        observations, masks, rewards, done, players = batch.step(actions)
        for i, s in enumerate(states):
            s.apply_action(int(actions[i]))
            assert bool(done[i]) == s.is_terminal()
            assert list(rewards[i]) == (s.returns() if s.is_terminal() else [0.0, 0.0])
            if s.is_terminal():
                finished += 1
                states[i] = s = start.copy()
            assert np.array_equal(observations[i], s.observation_tensor())
            assert np.array_equal(masks[i], s.legal_actions_mask())
            assert players[i] == s.current_player()
    assert finished > 10
    again = batch.observe()
    assert np.array_equal(again[0], observations) and np.array_equal(again[2], players)


def test_actions_may_be_any_integer_array_like():
    batch = sente.Batch(sente.State("tictactoe"), 3)
    batch.step([0, 4, 8])
    batch.step(np.array([1, 2, 3], dtype=np.int32))
    observations, masks, players = batch.observe()
    assert masks.sum(axis=1).tolist() == [7, 7, 7] and players.tolist() == [0, 0, 0]


def test_actions_that_are_not_integers_of_shape_n_are_refused():
    batch = sente.Batch(sente.State("connect4"), 2)
    before = batch.observe()
    # Floats were cast (2.7 played column 2): refused, naming the dtype and shape expected.
    for floats in (np.array([2.7, 6.9]), np.array([2.0, 6.0]), [2.7, 6.9], np.array([True, False])):
        with pytest.raises(TypeError, match=r"step takes integer actions of shape \(2,\), one per game "
                                            r"\(an integer dtype such as int64\), not dtype"):
            batch.step(floats)
    # An (n, 1) array (a policy's argmax with keepdims) gave numpy's "dimensionality mismatch".
    with pytest.raises(ValueError, match=r"step takes integer actions of shape \(2,\), one per game, "
                                         r"not an array of shape \(2, 1\) \(\.ravel\(\) it\)"):
        batch.step(np.array([[2], [6]]))
    with pytest.raises(ValueError, match=r"not an array of shape \(\)"):
        batch.step(3)
    with pytest.raises(TypeError, match=r"not dtype <U1"):
        batch.step(["3", "4"])
    after = batch.observe()
    assert all(np.array_equal(a, b) for a, b in zip(before, after))
    # Unsigned and narrow integer dtypes are integers.
    batch.step(np.array([2, 6], dtype=np.uint8))
    assert batch.observe()[0][:, 0].sum(axis=(1, 2)).tolist() == [1.0, 1.0]
    # Rewards are plain zeros while the games go on (not 0.0 and -0.0).
    rewards = batch.step([0, 0])[2]
    assert not np.signbit(rewards).any()


def test_a_bad_step_names_the_game_and_plays_nothing():
    batch = sente.Batch(sente.State("connect4"), 2)
    batch.step([3, 3])
    before = batch.observe()
    for actions, message in [
        ([3, 9], "game 1: action 9 is out of range \\(0 to 6\\)"),
        ([-1, 3], "game 0: action -1 is out of range"),
        ([3], "1 actions for 2 games"),
    ]:
        with pytest.raises(ValueError, match=message):
            batch.step(actions)
    for _ in range(5):
        batch.step([0, 3])
    with pytest.raises(ValueError, match="game 1: action 3 is not a legal move here"):
        batch.step([0, 3])
    assert not np.array_equal(batch.observe()[0][0], before[0][0])
    # Game 0 kept its five stones in column 1: the failed step played nothing.
    assert batch.observe()[0][0][2, :, 0].sum() == 1


def test_random_playouts():
    batch = sente.Batch(sente.State("tictactoe"), 2000)
    lengths, returns = batch.random_playouts(seed=4)
    assert lengths.dtype == np.int32 and returns.dtype == np.float32
    assert lengths.min() >= 5 and lengths.max() == 9
    assert set(returns.tolist()) == {-1.0, 0.0, 1.0}
    # x wins on odd plies, o on even ones; a draw fills the board.
    assert np.all(lengths[returns == 1] % 2 == 1) and np.all(lengths[returns == -1] % 2 == 0)
    assert np.all(lengths[returns == 0] == 9)
    # Uniformly random tic-tac-toe: x wins 58.5% of games, o 28.8%, 12.7% are drawn.
    assert 0.50 < np.mean(returns == 1) < 0.67
    again = batch.random_playouts(seed=4)
    assert np.array_equal(again[0], lengths) and np.array_equal(again[1], returns)
    assert not np.array_equal(batch.random_playouts(seed=5)[0], lengths)


def test_random_playouts_from_a_position_and_of_every_game():
    s = sente.State("connect4")
    for a in [3, 3, 3, 3, 3]:
        s.apply_action(a)
    lengths, _ = sente.Batch(s, 50).random_playouts(seed=1)
    assert lengths.max() <= 42 - 5
    tree = sente.State("tree", fen="((3 12 8) (2 4 6) (14 5 2))")
    lengths, returns = sente.Batch(tree, 300).random_playouts(seed=2)
    assert set(returns.tolist()) == {3.0, 12.0, 8.0, 2.0, 4.0, 6.0, 14.0, 5.0}
    for variant in sente.variants():
        lengths, returns = sente.Batch(sente.State(variant), 5).random_playouts(seed=3)
        assert lengths.shape == (5,) and np.all(lengths > 0), variant


#: Seconds the watcher below waits for the playouts before it calls them stuck: a hang guard,
#: never a bound on how fast the machine is.
HANG_GUARD = 120

in_main_thread = pytest.mark.skipif(
    threading.current_thread() is not threading.main_thread(), reason="signals go to the main thread"
)


@in_main_thread
def test_the_gil_is_released_and_ctrl_c_stops_playouts(ctrl_c):
    # Playouts far longer than the test (2,000,000 games on 12x10) run in the main thread; a
    # watcher thread, running Python meanwhile, sees `playouts_done` grow three times, then
    # sends Ctrl-C. Were the GIL held during the playouts, the watcher could not run until they
    # returned, and no KeyboardInterrupt would be raised.
    batch = sente.Batch(sente.State("connect4", width=12, height=10), 1)
    seen, over = [], threading.Event()

    def watch():
        hang_guard = time.monotonic() + HANG_GUARD
        grown, last = 0, 0
        while grown < 3 and not over.is_set() and time.monotonic() < hang_guard:
            done = batch.playouts_done
            grown, last = grown + (done > last), max(done, last)
            time.sleep(0.001)
        seen.append(grown >= 3)
        if grown >= 3:
            os.kill(os.getpid(), signal.SIGINT)

    watcher = threading.Thread(target=watch)
    watcher.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            batch.random_playouts(seed=1, games=2_000_000)
    finally:
        over.set()
        watcher.join()
    assert seen == [True]
    assert 0 < batch.playouts_done < 2_000_000
    # The batch works on: a whole call after the interrupted one.
    lengths, _ = batch.random_playouts(seed=1, games=100)
    assert lengths.shape == (100,) and batch.playouts_done == 100


def test_counts_and_seeds_are_checked():
    state = sente.State("tictactoe")
    for n in (0, -1, 10**8):
        with pytest.raises(ValueError, match=f"n must be from 1 to 10000000, not {n}"):
            sente.Batch(state, n)
    batch = sente.Batch(state, 2)
    with pytest.raises(ValueError, match="games must be from 0 to 100000000, not -5"):
        batch.random_playouts(games=-5)
    with pytest.raises(ValueError, match="seed must be an int from 0 to 2\\*\\*64 - 1, not -1"):
        batch.random_playouts(seed=-1)
    assert batch.random_playouts(seed=0, games=0)[0].shape == (0,)
