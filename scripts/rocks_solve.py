#!/usr/bin/env python3
"""Times `go solve` on the rocks game's four course puzzles: the retrograde table, value and move.

For each position of tests/data/rushhour/rocks.txt with an exact value (the course's puzzles of
10, 14, 16 and 57 car moves), sends `ucinewgame` (which empties the kept table) and `go solve`,
checks the value (`score mate N`) against the file, and reads the table's size and the time it
took to make from the `info string rocks table ...` line. Prints a markdown table with, per
puzzle, the minimum over `--repeat` runs of the table's making time and of the whole `go solve`
(from sending it to reading `bestmove`, as measured here), and their sums: the course's four
values in under a second in all is the goal.

Usage: cargo build --release && python3 scripts/rocks_solve.py [--repeat 5]
"""

import argparse
import re
import time
from pathlib import Path

from engine_pipe import EnginePipe, machine_description

ROOT = Path(__file__).resolve().parent.parent
VECTORS = ROOT / "tests/data/rushhour/rocks.txt"


def puzzles():
    """(fen, value) of the file's exact values."""
    for line in VECTORS.read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        fen, what, value = (field.strip() for field in line.split("|"))
        if what.startswith("exact value"):
            yield fen, int(value)


def solve(engine, fen):
    """One `go solve` after `ucinewgame`: (mate value, table microseconds, table line, wall s)."""
    engine.send("ucinewgame")
    engine.send(f"position fen {fen}")
    engine.send("isready")
    engine.read_until("readyok")
    began = time.perf_counter()
    last, _, notes = engine.go("go solve")
    wall = time.perf_counter() - began
    mate = int(last[last.index("mate") + 1])
    table = next(n for n in notes if n.startswith("rocks table"))
    micros = int(re.search(r"made in (\d+) microseconds", table).group(1))
    return mate, micros, table, wall


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default=str(ROOT / "target/release/sente"))
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    engine = EnginePipe(args.engine, "rushhour-rocks")
    # A first solve, so that none measured pays for the search table's first resizing.
    solve(engine, next(puzzles())[0])
    print(f"Machine: {machine_description()}. Minimum of {args.repeat} runs each.\n")
    print("| puzzle (fen) | value (car moves) | table | table made in (ms) | go solve (ms) |")
    print("|---|---|---|---|---|")
    total_table = total_go = 0.0
    for fen, value in puzzles():
        best_micros, best_wall, table = None, None, ""
        for _ in range(args.repeat):
            mate, micros, table, wall = solve(engine, fen)
            if mate != value:
                raise RuntimeError(f"{fen}: mate {mate}, the file says {value}")
            best_micros = micros if best_micros is None else min(best_micros, micros)
            best_wall = wall if best_wall is None else min(best_wall, wall)
        size = re.search(r"microseconds: (.*)\)", table).group(1)
        print(f"| `{fen}` | {value} | {size} | {best_micros / 1000:.1f} | {best_wall * 1000:.1f} |")
        total_table += best_micros / 1000
        total_go += best_wall * 1000
    print(f"| all four | | | {total_table:.1f} | {total_go:.1f} |")
    engine.close()


if __name__ == "__main__":
    main()
