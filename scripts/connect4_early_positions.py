#!/usr/bin/env python3
"""Is sente's move exactly best in early 7x6 Connect Four positions, at 100 ms a move?

Draws random positions of 4 to 12 stones (random legal moves, seeded; a finished game is drawn
again), asks sente `go movetime 100` in each (OwnBook on, the default), and checks the move with
`sente solve connect4`: the move is *exactly best* when the position after it is worth, from
the mover's side, what the position itself is worth (the solver's score: who wins and how fast),
and *value-keeping* when it keeps at least who wins (win, draw or loss). A move that wins at
once is exactly best. Prints one line per position, then the counts
by number of stones, the longest answer, and the machine.

Usage: cargo build --release && python3 scripts/connect4_early_positions.py [--positions 1000]
       [--movetime 100] [--seed 1]
"""

import argparse
import random
import time
from collections import defaultdict

from engine_pipe import EnginePipe, SolverPipe, machine_description


def random_position(rng, judge, stones):
    """`stones` random legal moves that do not end the game, or None."""
    moves = []
    while len(moves) < stones:
        legal = judge.ask(moves, "moves")
        moves.append(rng.choice(legal))
        if judge.ask(moves, "result")[0] != "none":
            return None
    return moves


def sign(n):
    return (n > 0) - (n < 0)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default="target/release/sente")
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--movetime", type=int, default=100)
    parser.add_argument("--min-stones", type=int, default=4)
    parser.add_argument("--max-stones", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hash", type=int, default=64, help="sente's Hash, MB")
    parser.add_argument("--solver-hash", type=int, default=512, help="the solver's table, MB")
    args = parser.parse_args()

    sente = EnginePipe(args.engine, "connect4", [("Hash", args.hash)])
    judge = EnginePipe(args.engine, "connect4")
    solver = SolverPipe(args.engine, args.solver_hash)
    rng = random.Random(args.seed)
    counts = defaultdict(lambda: [0, 0, 0])  # stones -> [positions, exactly best, value kept]
    slowest = 0.0
    done = 0
    while done < args.positions:
        stones = rng.randint(args.min_stones, args.max_stones)
        moves = random_position(rng, judge, stones)
        if moves is None:
            continue
        sente.send("uginewgame")
        sente.send("isready")
        sente.read_until("readyok")
        sente.set_moves(moves)
        start = time.monotonic()
        move = sente.go(f"go movetime {args.movetime}")[1]
        taken = time.monotonic() - start
        slowest = max(slowest, taken)
        value = solver.score(moves)
        after = moves + [move]
        if judge.ask(after, "result")[0] != "none":
            kept = -value if judge.ask(after, "result")[0] == "draw" else None
        else:
            kept = -solver.score(after)
        exact = kept is None or kept == value
        keeps = kept is None or sign(kept) == sign(value)
        row = counts[stones]
        row[0] += 1
        row[1] += exact
        row[2] += keeps
        done += 1
        shown = "wins at once" if kept is None else f"worth {kept:+d}"
        verdict = "exactly best" if exact else "value kept" if keeps else "changes who wins"
        print(
            f"{done:4d} {''.join(moves):<13} worth {value:+d}: sente played {move} {shown}"
            f" in {taken * 1000:.0f} ms: {verdict}",
            flush=True,
        )
    total = [sum(r[i] for r in counts.values()) for i in range(3)]
    print(f"stones positions exactly-best value-kept")
    for stones in sorted(counts):
        n, exact, keeps = counts[stones]
        print(f"{stones:6d} {n:9d} {exact:12d} {keeps:11d}")
    print(
        f"all    {total[0]:9d} {total[1]:12d} {total[2]:11d}  "
        f"({100 * total[1] / total[0]:.1f}% exactly best, {100 * total[2] / total[0]:.1f}% value kept)"
    )
    print(f"longest answer to go movetime {args.movetime}: {slowest * 1000:.0f} ms (wall clock)")
    print(f"seed {args.seed}; machine: {machine_description()}")
    for engine in (sente, judge):
        engine.close()
    solver.close()


if __name__ == "__main__":
    main()
