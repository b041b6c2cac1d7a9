#!/usr/bin/env python3
"""sente's Python package side by side with OpenSpiel (pip: open_spiel), in one run; prints
markdown tables for docs/performance.md. Everything is measured when the script runs.

1. Random playouts of 7x6 Connect Four through each Python API (legal moves, play), moves/s.
2. The same search from Python: OpenSpiel's `minimax.alpha_beta_search` against
   `sente.search(..., "alphabeta-plain")` on tic-tac-toe from the empty board (depth 9, the
   whole game) and on Connect Four at depth 6 with sente's heuristic as OpenSpiel's value
   function (the leaves of both searches get the same values; no game ends within 6 plies of
   the empty board, so OpenSpiel's terminal utilities never enter): same value, time ratio.
3. Strength: sente's bot (`sente.openspiel.SenteBot`, 0.1 s a move) against `pyspiel.MCTSBot`
   (random rollouts, 10,000 simulations a move) in OpenSpiel's `connect_four` and its own
   game loop (`evaluate_bots`), colours alternating.
4. Two Python threads searching at once against one search alone (the GIL released).
5. Ctrl-C: from the signal (sent by another thread while a search runs) to the
   KeyboardInterrupt, for `sente.search` (promised within 100 ms) and for
   `sente.engine.Engine.analyse` driving the sente binary (`stop`, then its `bestmove`). The
   tests check that Ctrl-C is honoured, not how soon: the figures are here.

Usage: pip install ./python open_spiel==2.0.2
       python3 scripts/python_bench.py [--playouts 2000] [--games 100] [--seed 1]
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


def bench_playouts(n, seed):
    print(f"### Random playouts of 7x6 Connect Four ({n} games each)\n")
    print("| API | moves | seconds | moves/s |")
    print("|---|---:|---:|---:|")
    rates = {}
    for name, run in [("sente (State.legal_moves, State.play)", playouts_sente),
                      ("OpenSpiel (legal_actions, apply_action)", playouts_openspiel)]:
        moves, seconds = run(n, random.Random(seed))
        rates[name] = moves / seconds
        print(f"| {name} | {moves:,} | {seconds:.2f} | {moves / seconds:,.0f} |")
    values = list(rates.values())
    print(f"\nsente / OpenSpiel: {values[0] / values[1]:.2f}x\n")


def p1_heuristic(os_state):
    """sente's Connect Four evaluation of an OpenSpiel state, from the first player's side."""
    state = sos.from_openspiel(os_state)
    value = state.evaluate()
    return value if state.turn == "p1" else -value


def bench_search():
    print("### The same search from Python: alpha-beta without ordering or table (OpenSpiel: median of 3 runs; sente: median of 21)\n")
    print("| search | OpenSpiel value | OpenSpiel s | sente value | sente nodes | sente s | speed-up |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    cases = [
        ("tic-tac-toe, empty board, whole game", "tic_tac_toe", "tictactoe", 9, None),
        ("Connect Four 7x6, empty board, depth 6, sente's heuristic", "connect_four", "connect4", 6, p1_heuristic),
    ]
    for label, os_name, variant, depth, value_function in cases:
        game = pyspiel.load_game(os_name)
        os_times = []
        for _ in range(3):
            start = time.perf_counter()
            os_value, _ = minimax.alpha_beta_search(
                game, value_function=value_function, maximum_depth=depth, maximizing_player_id=0
            )
            os_times.append(time.perf_counter() - start)
        os_time = statistics.median(os_times)
        runs = [sente.search(sente.State(variant), "alphabeta-plain", depth=depth) for _ in range(21)]
        result = sorted(runs, key=lambda r: r.time)[len(runs) // 2]
        sente_value = result.value if result.value is not None else f"mate {result.mate}"
        # OpenSpiel's tic-tac-toe value is the utility (0 a draw); sente's the score in cp.
        print(f"| {label} | {os_value:g} | {os_time:.3f} | {sente_value} | {result.nodes:,} | "
              f"{result.time:.4f} | {os_time / result.time:,.0f}x |")
    print()


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
    one = lambda: sente.search(state, "alphabeta-plain", depth=10)
    one()  # the first search of a process pays for a table and a thread start
    singles = []
    for _ in range(5):
        start = time.perf_counter()
        one()
        singles.append(time.perf_counter() - start)
    pairs = []
    for _ in range(5):
        threads = [threading.Thread(target=one) for _ in range(2)]
        start = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        pairs.append(time.perf_counter() - start)
    single, pair = statistics.median(singles), statistics.median(pairs)
    print("### Two Python threads searching at once (8x7 Connect Four, alphabeta-plain depth 10)\n")
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
    parser.add_argument("--playouts", type=int, default=2000)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--skip-strength", action="store_true")
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
    bench_playouts(args.playouts, args.seed)
    bench_search()
    bench_threads()
    bench_interrupts(args.engine, args.runs)
    if not args.skip_strength:
        bench_strength(args.games, args.seed)


if __name__ == "__main__":
    main()
