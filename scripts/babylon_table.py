#!/usr/bin/env python3
"""Prints which player wins Babylon from the start (1 = first, 2 = second) for C colours and
N tablets per colour, with the time sente took to prove each cell (`go solve`, a fresh table).

The course's table (tests/data/babylon/table.txt) stops at C, N <= 4; this goes to
--max (default 5). A cell that takes longer than --limit seconds is left as `?`.

Usage: cargo build --release && python3 scripts/babylon_table.py [--max 5] [--limit 600]
"""

import argparse
import time

from engine_pipe import EnginePipe


def winner(engine, colours, tablets, limit_s):
    engine.send(f"setoption name BabylonColours value {colours}")
    engine.send(f"setoption name BabylonTablets value {tablets}")
    engine.send("ucinewgame")
    engine.send("position startpos")
    start = time.perf_counter()
    last, _, notes = engine.go(f"go solve movetime {int(limit_s * 1000)}")
    if any(note.startswith("game over") for note in notes):
        # Nobody can move at the start: the first player has lost.
        score = ("mate", -1)
    elif any(note.startswith("stopped before") for note in notes) or last is None:
        score = None
    else:
        i = last.index("score")
        score = (last[i + 1], int(last[i + 2]))
    elapsed = time.perf_counter() - start
    if score is None or score[0] != "mate":
        return "?", elapsed
    return ("1" if score[1] > 0 else "2"), elapsed


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default="target/release/sente")
    parser.add_argument("--max", type=int, default=5)
    parser.add_argument("--limit", type=float, default=600)
    parser.add_argument("--hash", type=int, default=256)
    args = parser.parse_args()
    engine = EnginePipe(args.engine, "babylon", {"Hash": args.hash})
    sizes = range(1, args.max + 1)
    print("Winner from the start (1 = first player, 2 = second), and proof time:\n")
    print("| C \\ N | " + " | ".join(f"N={n}" for n in sizes) + " |")
    print("|---|" + "---|" * len(sizes))
    for colours in sizes:
        cells = []
        for tablets in sizes:
            if colours * tablets > 31:
                cells.append("-")
                continue
            who, seconds = winner(engine, colours, tablets, args.limit)
            cells.append(f"{who} ({seconds * 1000:.0f} ms)")
        print(f"| C={colours} | " + " | ".join(cells) + " |")
    engine.close()


if __name__ == "__main__":
    main()
