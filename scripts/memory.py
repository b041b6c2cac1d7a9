#!/usr/bin/env python3
"""Measures sente's peak resident memory (VmHWM, Linux) per variant and `Hash` size.

Each run starts a fresh sente, sets `Hash`, and makes the tables work:

- every variant: `go movetime <ms>` from the start position (the search fills its table
  until the time is up or the value is proven; on connect4 after one book move, which loads
  the opening books, and with `OwnBook false`, so that it searches);
- connect4: also `go solve` of a begin-set position (brings in the solver's table, which then
  shares `Hash` with the search's table), then another timed search;
- babylon: 6 colours x 5 tablets (the 4 x 3 start is proven in under 0.1 s), a timed search
  and `go solve movetime <ms>`;
- rushhour: the main puzzle solved in both metrics (breadth-first search, no table);
- rushhour-rocks: `go solve movetime <ms>` after the timed `go` (which makes the retrograde
  table of the main puzzle in half of `Hash`, the search's table getting the other half).

It then reads the peak RSS before quitting, and prints a markdown table. The tables must stay
within `Hash` plus a constant (protocol.md, `Hash`).

With `--long-line` it also sends a 50 MB line, first without its newline (an endless line:
the peak RSS is read while sente is still inside it), then ends it and checks that the error
line arrives and `isready` is still answered.

Usage: cargo build --release && python3 scripts/memory.py [--hashes 16,256] [--movetime 2000] [--long-line]
"""

import argparse
import subprocess
import time

from engine_pipe import EnginePipe

VARIANTS = ("connect4", "tictactoe", "tree", "rushhour", "rushhour-rocks", "babylon")


def status_mb(pid, field):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    raise RuntimeError(f"no {field}")


def search(engine, command):
    engine.send(command)
    engine.read_until("bestmove")


def measure(path, variant, hash_mb, movetime):
    options = {"Hash": hash_mb}
    if variant == "babylon":
        options.update({"BabylonColours": 6, "BabylonTablets": 5})
    engine = EnginePipe(path, variant, options)
    engine.send("position startpos")
    if variant == "connect4":
        # A book move loads the opening books; then no book, so that timed searches search.
        search(engine, "go movetime 100")
        engine.send("setoption name OwnBook value false")
    search(engine, f"go movetime {movetime}")
    if variant == "connect4":
        # A begin-set position: the solver needs a few hundred thousand nodes.
        engine.send("position startpos moves 4 6 6 6 7 2 6 1 5 6 1 6 4")
        search(engine, "go solve")
        engine.send("position startpos")
        search(engine, f"go movetime {movetime}")
    elif variant in ("babylon", "rushhour-rocks"):
        search(engine, f"go solve movetime {movetime}")
    elif variant == "rushhour":
        engine.send("setoption name RushMetric value slides")
        search(engine, "go")
    engine.send("isready")
    engine.read_until("readyok")
    peak = status_mb(engine.proc.pid, "VmHWM")
    engine.close()
    return peak


def long_line(path, megabytes=50):
    """Peak RSS before, inside and after a `megabytes` MB line; checks the answers."""
    engine = EnginePipe(path, "connect4")
    time.sleep(0.2)  # the search thread writes its table at start
    before = status_mb(engine.proc.pid, "VmHWM")
    chunk = "x" * (1 << 20)
    for _ in range(megabytes):
        engine.proc.stdin.write(chunk)
    engine.proc.stdin.flush()
    time.sleep(0.2)
    inside = status_mb(engine.proc.pid, "VmHWM")
    engine.send("")
    engine.send("isready")
    error = " ".join(engine.read_until("info string error:"))
    engine.read_until("readyok")
    after = status_mb(engine.proc.pid, "VmHWM")
    engine.close()
    print()
    print(f"{megabytes} MB line: peak RSS {before:.1f} MB before, {inside:.1f} MB inside it "
          f"(no newline yet), {after:.1f} MB after; answered `{error}`, then readyok")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default="target/release/sente")
    parser.add_argument("--hashes", default="16,256")
    parser.add_argument("--movetime", type=int, default=2000)
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--long-line", action="store_true")
    args = parser.parse_args()
    hashes = [int(h) for h in args.hashes.split(",")]
    print("| variant | " + " | ".join(f"Hash {h}: peak RSS MB (over Hash)" for h in hashes) + " |")
    print("|---|" + "---|" * len(hashes))
    for variant in args.variants.split(","):
        cells = []
        for hash_mb in hashes:
            peak = measure(args.engine, variant, hash_mb, args.movetime)
            cells.append(f"{peak:.1f} ({peak - hash_mb:+.1f})")
        print(f"| {variant} | " + " | ".join(cells) + " |", flush=True)
    if args.long_line:
        long_line(args.engine)


if __name__ == "__main__":
    main()
