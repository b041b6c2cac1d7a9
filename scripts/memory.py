#!/usr/bin/env python3
"""Measures sente's peak resident memory (VmHWM, Linux) per variant and `Hash` size.

Each run starts sente, sets `Hash`, searches the start position for a while (`go movetime`),
and for connect4 also solves a position exactly (`go solve`, which brings in the solver's
table), then reads the peak RSS before quitting. The tables together must stay within `Hash`
plus a constant (the program itself).

Usage: cargo build --release && python3 scripts/memory.py [--hashes 16,256] [--movetime 2000]
"""

import argparse

from engine_pipe import EnginePipe


def peak_rss_mb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmHWM")


def measure(path, variant, hash_mb, movetime):
    engine = EnginePipe(path, variant, {"Hash": hash_mb})
    engine.send("position startpos")
    engine.send(f"go movetime {movetime}")
    engine.read_until("bestmove")
    if variant == "connect4":
        # A begin-set position: the solver needs a few hundred thousand nodes.
        engine.send("position startpos moves 4 6 6 6 7 2 6 1 5 6 1 6 4")
        engine.send("go solve")
        engine.read_until("bestmove")
        engine.send("position startpos")
        engine.send(f"go movetime {movetime}")
        engine.read_until("bestmove")
    engine.send("isready")
    engine.read_until("readyok")
    peak = peak_rss_mb(engine.proc.pid)
    engine.close()
    return peak


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default="target/release/sente")
    parser.add_argument("--hashes", default="16,256")
    parser.add_argument("--movetime", type=int, default=2000)
    args = parser.parse_args()
    print(f"{'variant':<10} {'Hash MB':>8} {'peak RSS MB':>12} {'over Hash MB':>13}")
    for variant in ("tictactoe", "connect4"):
        for hash_mb in map(int, args.hashes.split(",")):
            peak = measure(args.engine, variant, hash_mb, args.movetime)
            print(f"{variant:<10} {hash_mb:>8} {peak:>12.1f} {peak - hash_mb:>13.1f}")


if __name__ == "__main__":
    main()
