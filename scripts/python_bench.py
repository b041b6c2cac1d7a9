#!/usr/bin/env python3
"""sente's Python package side by side with OpenSpiel and PettingZoo (pip: open_spiel,
pettingzoo, gymnasium, pygame), in one run; prints markdown tables for docs/performance.md.
Everything is measured when the script runs; the targets are issue 32's.

1. Random playouts of 7x6 Connect Four, moves/s: OpenSpiel's `connect_four` driven from a
   Python loop (`legal_actions`, `apply_action`, as its users drive it), sente's single-state
   API the same way (`legal_actions`/`apply_action`, and `legal_moves`/`play`), and
   `sente.Batch.random_playouts` (N games in Rust, one call). Targets: the single-state API
   >= 1x OpenSpiel, the batch >= 5x.
2. Environments, steps/s of random legal play in 7x6 Connect Four: one AEC environment,
   sente's `sente.envs.connect_four.env()` against PettingZoo's `connect_four_v3.env()`, the
   same loop (`agent_iter`, `last`, a random action of the mask, `step`) for both (>= 2x); N
   environments: `sente.Batch.step` with the N actions as one numpy array, chosen from the
   masks by numpy, against N `connect_four_v3` environments stepped in a Python loop (>= 5x).
3. The same search from Python: OpenSpiel's `minimax.alpha_beta_search` against
   `sente.search(..., "alphabeta-plain")` on tic-tac-toe from the empty board (depth 9, the
   whole game; >= 50x) and on Connect Four at depth 6 with sente's heuristic as OpenSpiel's value
   function (the leaves of both searches get the same values; no game ends within 6 plies of
   the empty board, so OpenSpiel's terminal utilities never enter): same value, time ratio,
   times of whole calls from Python (medians); and sente's per-call cost (a depth-1 search).
4. Strength: sente's bot (`sente.openspiel.SenteBot`, 0.1 s a move) against `pyspiel.MCTSBot`
   (random rollouts, 10,000 simulations a move) in OpenSpiel's `connect_four` and its own
   game loop (`evaluate_bots`), colours alternating (`--games`, 0 to skip).
5. Two Python threads searching at once against one search alone (the GIL released; each
   search >= 0.3 s; target < 1.3x one).
6. Ctrl-C: from the signal (sent by another thread while a search runs) to the
   KeyboardInterrupt, for `sente.search` (promised within 100 ms) and for
   `sente.engine.Engine.analyse` driving the sente binary (`stop`, then its `bestmove`). The
   tests check that Ctrl-C is honoured, not how soon: the figures are here.

Usage: pip install ./python open_spiel==2.0.2 pettingzoo==1.27.0 gymnasium==1.4.0 pygame==2.6.1
       python3 scripts/python_bench.py [--playouts 2000] [--batch 20000] [--envs 64]
                                       [--games 100] [--seed 1]
       python3 scripts/python_bench.py --only-interrupts [--runs 30] [--engine target/release/sente]
"""

import argparse
import os
import random
import signal
import statistics
import threading
import time

import sente

try:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import evaluate_bots, minimax

    import sente.openspiel as sos
except ImportError:  # --only-threads needs none of them
    np = pyspiel = evaluate_bots = minimax = sos = None


def playouts_sente_actions(n, rng):
    moves = 0
    start = time.perf_counter()
    for _ in range(n):
        state = sente.State("connect4")
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
    return moves, time.perf_counter() - start


def playouts_sente(n, rng):
    moves = 0
    start = time.perf_counter()
    for _ in range(n):
        state = sente.State("connect4")
        legal = state.legal_moves()
        while legal:
            state.play(rng.choice(legal))
            moves += 1
            legal = state.legal_moves()
    return moves, time.perf_counter() - start


def playouts_openspiel(n, rng):
    game = pyspiel.load_game("connect_four")
    moves = 0
    start = time.perf_counter()
    for _ in range(n):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
    return moves, time.perf_counter() - start


def playouts_batch(n, seed):
    batch = sente.Batch(sente.State("connect4"), 1)
    start = time.perf_counter()
    lengths, _ = batch.random_playouts(seed=seed, games=n)
    return int(lengths.sum()), time.perf_counter() - start


def bench_playouts(n, batch_games, seed):
    print(f"### Random playouts of 7x6 Connect Four ({n:,} games each from Python, {batch_games:,} "
          "in the batch)\n")
    print("| API | games | moves | seconds | moves/s | / OpenSpiel |")
    print("|---|---:|---:|---:|---:|---:|")
    runs = [
        ("OpenSpiel `connect_four` from a Python loop (legal_actions, apply_action)", n,
         lambda: playouts_openspiel(n, random.Random(seed))),
        ("sente, single state (legal_actions, apply_action)", n,
         lambda: playouts_sente_actions(n, random.Random(seed))),
        ("sente, single state (legal_moves, play)", n,
         lambda: playouts_sente(n, random.Random(seed))),
        ("sente.Batch.random_playouts (one call)", batch_games,
         lambda: playouts_batch(batch_games, seed)),
    ]
    base = None
    for name, games, run in runs:
        moves, seconds = run()
        rate = moves / seconds
        base = base or rate
        print(f"| {name} | {games:,} | {moves:,} | {seconds:.2f} | {rate:,.0f} | {rate / base:.2f}x |")
    print()


def aec_steps(env, games, seed):
    """Steps/s of random legal play in a PettingZoo AEC environment, `games` games."""
    rng = random.Random(seed)
    steps = 0
    start = time.perf_counter()
    for g in range(games):
        env.reset(seed=g)
        for _ in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                action = None
            else:
                action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
                steps += 1
            env.step(action)
    return steps, time.perf_counter() - start


def vector_pettingzoo(n, total, seed):
    """`n` connect_four_v3 environments stepped in a Python loop, `total` steps in all."""
    from pettingzoo.classic import connect_four_v3

    rng = random.Random(seed)
    envs = [connect_four_v3.env() for _ in range(n)]
    for i, env in enumerate(envs):
        env.reset(seed=i)
    steps = 0
    start = time.perf_counter()
    while steps < total:
        for env in envs:
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.reset()
                observation = env.last()[0]
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            steps += 1
    return steps, time.perf_counter() - start


def vector_batch(n, total, seed):
    """sente.Batch of `n` games, `total` steps in all: the actions drawn from the masks by numpy
    (a uniformly random legal column per game), one `step` call per step of all n."""
    rng = np.random.default_rng(seed)
    batch = sente.Batch(sente.State("connect4"), n)
    _, masks, _ = batch.reset()
    steps = 0
    start = time.perf_counter()
    while steps < total:
        actions = (rng.random(masks.shape) * masks).argmax(axis=1)
        _, masks, _, _, _ = batch.step(actions)
        steps += n
    return steps, time.perf_counter() - start


def bench_envs(games, n, seed):
    from pettingzoo.classic import connect_four_v3

    from sente.envs import connect_four

    print(f"### Environments: random legal play in 7x6 Connect Four\n")
    print("| environment | steps | seconds | steps/s | sente / PettingZoo |")
    print("|---|---:|---:|---:|---:|")
    theirs = aec_steps(connect_four_v3.env(), games, seed)
    ours = aec_steps(connect_four.env(), games, seed)
    for name, (steps, seconds), base in [
        (f"PettingZoo `connect_four_v3.env()`, one AEC environment, {games:,} games", theirs, None),
        (f"sente `sente.envs.connect_four.env()`, one AEC environment, {games:,} games", ours, theirs),
    ]:
        ratio = f"{(steps / seconds) / (base[0] / base[1]):.2f}x" if base else ""
        print(f"| {name} | {steps:,} | {seconds:.2f} | {steps / seconds:,.0f} | {ratio} |")
    total = 200 * n
    theirs = vector_pettingzoo(n, total, seed)
    ours = vector_batch(n, total, seed)
    for name, (steps, seconds), base in [
        (f"{n} PettingZoo `connect_four_v3` environments in a Python loop", theirs, None),
        (f"`sente.Batch` of {n} games, `step(actions)` with a numpy array", ours, theirs),
    ]:
        ratio = f"{(steps / seconds) / (base[0] / base[1]):.2f}x" if base else ""
        print(f"| {name} | {steps:,} | {seconds:.2f} | {steps / seconds:,.0f} | {ratio} |")
    print()


def p1_heuristic(os_state):
    """sente's Connect Four evaluation of an OpenSpiel state, from the first player's side."""
    state = sos.from_openspiel(os_state)
    value = state.evaluate()
    return value if state.turn == "p1" else -value


def timed(call):
    """Seconds of one call from Python, and what it returned."""
    start = time.perf_counter()
    result = call()
    return time.perf_counter() - start, result


def bench_search():
    print("### The same search from Python: alpha-beta without ordering or table (whole calls "
          "timed from Python; OpenSpiel: median of 3 runs; sente: median of 21 after one "
          "warm-up call)\n")
    print("| search | OpenSpiel value | OpenSpiel s | sente value | sente nodes | sente s | speed-up |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    cases = [
        ("tic-tac-toe, empty board, whole game", "tic_tac_toe", "tictactoe", 9, None),
        ("Connect Four 7x6, empty board, depth 6, sente's heuristic", "connect_four", "connect4", 6, p1_heuristic),
    ]
    for label, os_name, variant, depth, value_function in cases:
        game = pyspiel.load_game(os_name)
        os_runs = [timed(lambda: minimax.alpha_beta_search(
            game, value_function=value_function, maximum_depth=depth, maximizing_player_id=0))
            for _ in range(3)]
        os_time = statistics.median(t for t, _ in os_runs)
        os_value = os_runs[0][1][0]
        state = sente.State(variant)
        sente.search(state, "alphabeta-plain", depth=depth)  # the warm-up call
        runs = [timed(lambda: sente.search(state, "alphabeta-plain", depth=depth)) for _ in range(21)]
        seconds = statistics.median(t for t, _ in runs)
        result = runs[0][1]
        sente_value = result.value if result.value is not None else f"mate {result.mate}"
        print(f"| {label} | {os_value:g} | {os_time:.3f} | {sente_value} | {result.nodes:,} | "
              f"{seconds:.4f} | {os_time / seconds:,.0f}x |")
    # The cost of a call itself: a search of one ply (9 nodes), first calls and then the median.
    state = sente.State("tictactoe")
    calls = [timed(lambda: sente.search(state, "alphabeta-plain", depth=1))[0] for _ in range(101)]
    print(f"\nsente's per-call cost (tic-tac-toe, depth 1, 10 nodes): first three calls "
          f"{', '.join(f'{1000 * t:.2f}' for t in calls[:3])} ms, then median "
          f"{1000 * statistics.median(calls[3:]):.3f} ms of 98.\n")


def bench_strength(games, seed):
    game = pyspiel.load_game("connect_four")
    rng = np.random.RandomState(seed)
    wins = draws = losses = 0
    first_losses = 0
    start = time.perf_counter()
    for g in range(games):
        seat = g % 2
        mcts = pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(1, seed + g), 2.0, 10_000,
                               1000, False, seed + g, False)
        bots = [mcts, mcts]
        bots[seat] = sos.SenteBot(seat, movetime=0.1)
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
        if returns[seat] > 0:
            wins += 1
        elif returns[seat] < 0:
            losses += 1
            first_losses += seat == 0
        else:
            draws += 1
    seconds = time.perf_counter() - start
    score = (wins + draws / 2) / games
    print("### Strength: sente's bot (0.1 s a move) against MCTSBot (10,000 random-rollout simulations)\n")
    print("| games | sente wins | draws | losses | losses moving first | score | seconds |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    print(f"| {games} | {wins} | {draws} | {losses} | {first_losses} | {score:.1%} | {seconds:.0f} |\n")


def bench_threads():
    state = sente.State("connect4", width=8, height=7)
    depth = 8
    one = lambda: sente.search(state, "alphabeta-plain", depth=depth)
    one()  # the first search of a process pays for a table and a thread start
    # The depth where one search takes 0.3 s at least on this machine, as loaded as it is.
    while timed(one)[0] < 0.3:
        depth += 1
    singles = [timed(one)[0] for _ in range(5)]

    def both():
        threads = [threading.Thread(target=one) for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()

    pairs = [timed(both)[0] for _ in range(5)]
    single, pair = statistics.median(singles), statistics.median(pairs)
    print(f"### Two Python threads searching at once (8x7 Connect Four, alphabeta-plain depth "
          f"{depth}, medians of 5)\n")
    print("| one search, s | two threads at once, s | ratio |")
    print("|---:|---:|---:|")
    print(f"| {single:.3f} | {pair:.3f} | {pair / single:.2f} |\n")


def ctrl_c_latencies(call, runs):
    """Seconds from Ctrl-C to the KeyboardInterrupt out of `call` (which runs until
    interrupted), `runs` times: another thread sends the signal 50-90 ms after the call starts."""
    samples = []
    for i in range(runs):
        sent = []

        def interrupt():
            time.sleep(0.05 + 0.01 * (i % 5))
            sent.append(time.perf_counter())
            os.kill(os.getpid(), signal.SIGINT)

        killer = threading.Thread(target=interrupt)
        killer.start()
        try:
            call()
        except KeyboardInterrupt:
            samples.append(time.perf_counter() - sent[0])
        killer.join()
    return samples


def bench_interrupts(engine_path, runs):
    from sente.engine import Engine

    state = sente.State("connect4")
    rows = [("`sente.search` (minimax, depth 40)",
             ctrl_c_latencies(lambda: sente.search(state, "minimax", depth=40), runs))]
    with Engine.popen([engine_path]) as engine:
        engine.configure({"Algorithm": "minimax"})
        rows.append(("`Engine.analyse` (sente, minimax, depth 40)",
                     ctrl_c_latencies(lambda: engine.analyse(state, depth=40), runs)))
    print("### Ctrl-C to KeyboardInterrupt during a search\n")
    print("| call | runs | median, ms | p95, ms | max, ms |")
    print("|---|---:|---:|---:|---:|")
    for name, samples in rows:
        ms = sorted(1000 * x for x in samples)
        p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
        print(f"| {name} | {len(ms)} | {statistics.median(ms):.1f} | {p95:.1f} | {ms[-1]:.1f} |")
    print()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--playouts", type=int, default=2000, help="games played from Python")
    parser.add_argument("--batch", type=int, default=20000, help="games of the batch's playouts")
    parser.add_argument("--env-games", type=int, default=300, help="games of one AEC environment")
    parser.add_argument("--envs", type=int, default=64, help="environments stepped together")
    parser.add_argument("--games", type=int, default=100, help="strength games (0: none)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--only-threads", action="store_true", help="only the two-threads measure (no OpenSpiel needed)"
    )
    parser.add_argument(
        "--only-interrupts", action="store_true", help="only the Ctrl-C measure (no OpenSpiel needed)"
    )
    parser.add_argument("--runs", type=int, default=30, help="Ctrl-C measures per call")
    parser.add_argument("--engine", default="target/release/sente", help="the sente binary")
    args = parser.parse_args()
    if args.only_threads:
        bench_threads()
        return
    if args.only_interrupts:
        bench_interrupts(args.engine, args.runs)
        return
    if pyspiel is None:
        parser.error("OpenSpiel is not installed: pip install open_spiel==2.0.2 (or --only-threads)")
    print(f"Load average at the start: {', '.join(f'{x:.1f}' for x in os.getloadavg())} "
          f"({os.cpu_count()} cores)\n")
    bench_playouts(args.playouts, args.batch, args.seed)
    bench_envs(args.env_games, args.envs, args.seed)
    bench_search()
    bench_threads()
    bench_interrupts(args.engine, args.runs)
    if args.games:
        bench_strength(args.games, args.seed)
    print(f"Load average at the end: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
