#!/usr/bin/env python3
"""How soon a timed move's weak solve finishes on a Connect Four board: sente plays itself at
`go movetime M` from random 2-ply openings, and each move's `info string` says what its solver
did (`solved weak`, `proven lost`, `not weakly solved in time`, or the full solve's `solved` /
`not proven in time`; none before the solver's start). Prints, by empty cells, how many moves
of each kind. A build whose weak solve starts earlier than the shipped one shows the cells
before it (docs/performance.md, "Where the weak solve starts, per board").

    python3 scripts/connect4_weak_horizon.py --engine target/release/sente --width 10 --height 8 \\
        --games 8 --movetime 500
"""

import argparse
import collections
import random

from engine_pipe import EnginePipe, machine_description, size_options

KINDS = [
    ("solved weak", "weak solved"),
    ("proven lost", "weak lost"),
    ("not weakly solved", "weak not in time"),
    ("not proven in time", "full not in time"),
    ("solved", "full solved"),
]


def play_game(engine, columns, cells, movetime, rng, counts):
    """One self-play game from a random 2-ply opening; adds each move's kind to `counts`."""
    engine.send("ucinewgame")
    moves = [rng.choice(columns), rng.choice(columns)]
    while len(moves) < cells:
        engine.set_moves(moves)
        engine.send(f"go movetime {movetime}")
        kind = "heuristic search only"
        while True:
            words = engine.read_until("")
            if words[:2] == ["info", "string"]:
                note = " ".join(words[2:])
                kind = next((name for start, name in KINDS if note.startswith(start)), kind)
            elif words and words[0] == "bestmove":
                break
        if len(words) < 2 or words[1] in ("(none)", "0000"):
            return moves
        counts[cells - len(moves)][kind] += 1
        moves.append(words[1])
        # A finished game has no best move.
        engine.set_moves(moves)
        engine.send("go depth 1")
        if engine.read_until("bestmove")[1] in ("(none)", "0000"):
            return moves
    return moves


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", default="target/release/sente")
    parser.add_argument("--width", type=int, default=10)
    parser.add_argument("--height", type=int, default=8)
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--movetime", type=int, default=500, help="ms a move")
    parser.add_argument("--hash", type=int, default=256)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    columns = "123456789abc"[: args.width]
    cells = args.width * args.height
    rng = random.Random(args.seed)
    options = size_options(args.width, args.height) + [("Hash", args.hash), ("Threads", 1)]
    engine = EnginePipe(args.engine, "connect4", options)
    counts = collections.defaultdict(collections.Counter)
    print(f"# {args.width} x {args.height}, movetime {args.movetime} ms, {machine_description()}")
    for game in range(args.games):
        moves = play_game(engine, columns, cells, args.movetime, rng, counts)
        print(f"# game {game + 1}: {len(moves)} plies", flush=True)
    engine.send("quit")
    for empty in sorted(counts, reverse=True):
        kinds = ", ".join(f"{n} {kind}" for kind, n in sorted(counts[empty].items()))
        print(f"{empty} empty: {kinds}")


if __name__ == "__main__":
    main()
