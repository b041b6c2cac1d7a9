#!/usr/bin/env python3
"""How long would the empty Connect Four board of a size take to solve? A measured estimate
from positions solved a few plies in.

Plays a line of good moves on the board (sente against itself, `go movetime M`, OwnBook off;
line `j` > 0 starts with the `j`-th column from the centre instead of the engine's first
move), then solves the line's positions from near its end back towards the empty board,
every second ply (`sente solve connect4 --width W --height H`, a fresh process and table per
position, `--threads` and `--hash` as given; the time is the solver's own, without starting
the process and making its table), until a solve takes longer than `--cap` seconds
(it is then stopped). The solves' node counts (the same every run with one thread) grow by a
roughly steady factor every two plies back; the estimate of the empty board is the last time
measured times that factor (the geometric mean of the last `--fit` ratios of node counts)
once per two plies left. Where the walk reaches the empty
board the estimate is checked against the real time (run it on boards solved whole to see
how far off the extrapolation is).

Prints one line per solved position (ply, empty cells, score, nodes, seconds), the factor and
the estimate for the empty board with the machine, and the work a Ray cluster splitting the
tree at one ply would share (the same estimate in CPU-seconds over its cores, at best).

Usage: cargo build --release && python3 scripts/connect4_estimate.py --width 9 --height 6
       [--lines 1] [--cap 300] [--hash 2048] [--threads 1] [--movetime 200] [--fit 3]
"""

import argparse
import math
import subprocess

from engine_pipe import EnginePipe, machine_description, size_options

COLUMNS = "123456789abc"


def line_of_play(engine, width, height, movetime, start):
    """The moves of a game sente plays against itself, after the moves `start`."""
    options = size_options(width, height) + [("OwnBook", "false"), ("Hash", 256)]
    pipe = EnginePipe(engine, "connect4", options)
    moves = list(start)
    while pipe.ask(moves, "result") == ["none"]:
        moves.append(pipe.best_move(moves, f"go movetime {movetime}"))
    pipe.close()
    return moves


def solve(engine, width, height, moves, hash_mb, threads, cap):
    """(score, nodes, seconds) of a strong solve of the position after `moves`, or None if it
    took longer than `cap` seconds."""
    command = [engine, "solve", "connect4", "--width", str(width), "--height", str(height),
               "--hash", str(hash_mb), "--threads", str(threads)]
    try:
        done = subprocess.run(command, input="".join(moves) + "\n", capture_output=True,
                              text=True, timeout=cap)
    except subprocess.TimeoutExpired:
        return None
    words = done.stdout.split()
    if done.returncode != 0 or len(words) < 3:
        raise RuntimeError(f"sente solve failed on {''.join(moves)}: {done.stderr.strip()}")
    offset = 0 if len(words) == 3 else 1
    return int(words[offset]), int(words[offset + 1]), float(words[offset + 2]) / 1e6


def walk(args, moves):
    """Solves every second position of the line back from near its end; returns the
    (ply, nodes, seconds) measured and whether the walk reached the empty board."""
    cells = args.width * args.height
    times = []
    last = len(moves) - 1
    for ply in range(last - (last % 2), -1, -2):
        found = solve(args.engine, args.width, args.height, moves[:ply], args.hash,
                      args.threads, args.cap)
        if found is None:
            print(f"  ply {ply:2d} ({cells - ply} empty): not solved within {args.cap:g} s",
                  flush=True)
            return times, False
        score, nodes, seconds = found
        print(f"  ply {ply:2d} ({cells - ply} empty): score {score:+d}, {nodes:,} nodes,"
              f" {seconds:.2f} s", flush=True)
        times.append((ply, nodes, seconds))
    return times, True


def estimate(times, fit):
    """The factor every two plies (the geometric mean of the last `fit` ratios of node counts,
    which one thread makes the same every run, among solves of at least 100,000 nodes) and the
    time of the empty board: the last solve's time times that factor once per two plies left."""
    usable = [(ply, nodes, t) for ply, nodes, t in times if nodes >= 100_000]
    ratios = [later[1] / earlier[1] for earlier, later in zip(usable, usable[1:])][-fit:]
    if not ratios:
        return None, None
    factor = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
    ply, _, seconds = usable[-1]
    return factor, seconds * factor ** (ply / 2)


def shown(seconds):
    """Seconds as s, h or days, as fits."""
    if seconds < 10:
        return f"{seconds:.2f} s"
    if seconds < 3600:
        return f"{seconds:,.0f} s"
    if seconds < 3 * 86400:
        return f"{seconds / 3600:,.1f} h"
    return f"{seconds / 86400:,.1f} days"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default="target/release/sente")
    parser.add_argument("--width", type=int, default=7)
    parser.add_argument("--height", type=int, default=6)
    parser.add_argument("--lines", type=int, default=1)
    parser.add_argument("--cap", type=float, default=300, help="seconds a solve may take")
    parser.add_argument("--hash", type=int, default=2048, help="the solver's table, MB")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--movetime", type=int, default=200, help="ms a move of the line")
    parser.add_argument("--fit", type=int, default=3, help="ratios averaged")
    parser.add_argument("--cores", type=int, default=256, help="a cluster's cores")
    args = parser.parse_args()

    order = sorted(range(args.width), key=lambda c: (abs(2 * c - (args.width - 1)), c))
    for line in range(args.lines):
        start = [] if line == 0 else [COLUMNS[order[line % args.width]]]
        moves = line_of_play(args.engine, args.width, args.height, args.movetime, start)
        print(f"{args.width}x{args.height} line {line} ({len(moves)} plies): {''.join(moves)}",
              flush=True)
        times, reached = walk(args, moves)
        factor, guess = estimate(times, args.fit)
        if factor is None:
            print("  too few solves of at least 100,000 nodes to extrapolate")
            continue
        real = ""
        if reached:
            checks = []
            for back in (2, 4, 6):
                early = [point for point in times if point[0] >= back]
                _, early_guess = estimate(early, args.fit)
                if early_guess is not None:
                    checks.append(f"from ply {back} on: {shown(early_guess)}")
            real = (f"; the empty board took {shown(times[-1][2])} (the estimate made "
                    f"{', '.join(checks)})")
        print(f"  x{factor:.1f} every two plies back; the empty board: about {shown(guess)} "
              f"with {args.threads} thread(s){real}; a cluster of {args.cores} cores sharing "
              f"{shown(guess * args.threads)} of CPU: at best {shown(guess * args.threads / args.cores)}",
              flush=True)
    print(f"cap {args.cap:g} s, hash {args.hash} MB, {args.threads} thread(s); "
          f"{machine_description()}")


if __name__ == "__main__":
    main()
