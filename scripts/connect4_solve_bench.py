#!/usr/bin/env python3
"""Benchmarks `sente solve connect4` on the reference sets of tests/data/connect4.

For each set (end, mid, begin) it pipes every position through `sente solve connect4`
(a fresh 64 MB table per position, like the reference solver), checks every score against the
reference, and prints: positions, mean nodes, the ratio of our nodes to `reference_nodes`, and
the mean time per position. Times are per-position solve times as sente reports them (the table
clearing between positions is not counted, as for the reference). With --runs R the set is
solved R times and each position keeps its fastest time (the machine is shared and noisy; node
counts are the same every run).

Usage: cargo build --release && python3 scripts/connect4_solve_bench.py [--sets end,mid,begin] [--runs 3]
"""

import argparse
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "connect4"
REFERENCE_MEAN_US = {"end": 1.2, "mid": 2800.0, "begin": 272000.0}


def load(name):
    rows = []
    for line in (DATA / f"{name}.txt").read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        moves, score, nodes = line.split()
        rows.append((moves, int(score), int(nodes)))
    return rows


def solve(engine, rows, hash_mb):
    text = "".join(moves + "\n" for moves, _, _ in rows)
    out = subprocess.run(
        [engine, "solve", "connect4", "--hash", str(hash_mb)],
        input=text,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    results = []
    for (moves, score, _), line in zip(rows, out):
        words = line.split()
        if words[0] != moves or words[1] != str(score):
            sys.exit(f"wrong result for {moves}: expected {score}, got '{line}'")
        results.append((int(words[2]), float(words[3])))
    if len(results) != len(rows):
        sys.exit("sente printed fewer lines than positions")
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default=str(ROOT / "target" / "release" / "sente"))
    parser.add_argument("--sets", default="end,mid,begin")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--hash", type=int, default=64)
    args = parser.parse_args()
    print(f"{'set':<6} {'positions':>9} {'mean nodes':>12} {'ref nodes':>12} {'ratio':>6}"
          f" {'mean time':>12} {'ref time':>12}")
    for name in args.sets.split(","):
        rows = load(name)
        fastest = None
        for _ in range(args.runs):
            results = solve(args.engine, rows, args.hash)
            times = [t for _, t in results]
            fastest = times if fastest is None else [min(a, b) for a, b in zip(fastest, times)]
        best = sum(fastest) / len(fastest)
        mean_nodes = sum(n for n, _ in results) / len(results)
        ref_nodes = sum(n for _, _, n in rows) / len(rows)
        print(
            f"{name:<6} {len(rows):>9} {mean_nodes:>12.1f} {ref_nodes:>12.1f}"
            f" {mean_nodes / ref_nodes:>6.3f} {fmt(best):>12} {fmt(REFERENCE_MEAN_US[name]):>12}"
        )


def fmt(us):
    if us < 1000:
        return f"{us:.2f} us"
    if us < 1_000_000:
        return f"{us / 1000:.2f} ms"
    return f"{us / 1e6:.2f} s"


if __name__ == "__main__":
    main()
