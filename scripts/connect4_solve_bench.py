#!/usr/bin/env python3
"""Benchmarks `sente solve connect4` on the reference sets of tests/data/connect4, alone or
side by side with another solver.

For each set (end, mid, begin) it pipes every position through `sente solve connect4` (a
fresh table per position, 64 MB by default, like the reference solver), checks every score
against the reference, and prints: positions, mean nodes, the ratio of our nodes to
`reference_nodes`, and the mean time per position. Times are per-position solve times as the
solver reports them (the table clearing between positions is not counted). With --runs R the
set is solved R times and each position keeps its fastest time (the machine is shared and
noisy; node counts are the same every run with one thread).

--peer PATH adds another solver, run the same way, R times, interleaved with sente's runs: any
program that reads move strings (columns 1-7) on stdin, one per line, and prints
`<moves> <score> <nodes> <microseconds>` per line. Its table size and threads are its own
business (build it with the same as --hash and --threads for a fair comparison); its scores
are checked too.

--positions N takes only each set's first N positions (the begin set's 1,000 take minutes a run).

Usage: cargo build --release && python3 scripts/connect4_solve_bench.py [--sets end,mid,begin]
       [--runs 3] [--hash 64] [--threads 1] [--peer PATH] [--positions N]
"""

import argparse
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "connect4"


def load(name):
    rows = []
    for line in (DATA / f"{name}.txt").read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        moves, score, nodes = line.split()
        rows.append((moves, int(score), int(nodes)))
    return rows


def solve(command, name, rows):
    """[(nodes, microseconds)] per position, every score checked."""
    text = "".join(moves + "\n" for moves, _, _ in rows)
    out = subprocess.run(command, input=text, capture_output=True, text=True,
                         check=True).stdout.splitlines()
    if len(out) != len(rows):
        sys.exit(f"{name} printed {len(out)} lines for {len(rows)} positions")
    results = []
    for (moves, score, _), line in zip(rows, out):
        words = line.split()
        if words[0] != moves or int(words[1]) != score:
            sys.exit(f"{name}: wrong result for {moves}: expected {score}, got '{line}'")
        results.append((int(words[2]), float(words[3])))
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default=str(ROOT / "target" / "release" / "sente"))
    parser.add_argument("--sets", default="end,mid,begin")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--hash", type=int, default=64)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--peer", help="another solver reading move strings (see above)")
    parser.add_argument("--positions", type=int,
                        help="only the first N positions of each set (a quicker comparison)")
    args = parser.parse_args()
    solvers = [("sente", [args.engine, "solve", "connect4", "--hash", str(args.hash),
                          "--threads", str(args.threads)])]
    if args.peer:
        solvers.append((pathlib.Path(args.peer).name, [args.peer]))
    print(f"{'set':<6} {'solver':<10} {'positions':>9} {'mean nodes':>12} {'ref nodes':>12}"
          f" {'ratio':>6} {'mean time':>11} {'total time':>11}")
    for name in args.sets.split(","):
        rows = load(name)[:args.positions]
        fastest = {}
        nodes = {}
        for _ in range(args.runs):
            for label, command in solvers:
                results = solve(command, label, rows)
                times = [t for _, t in results]
                best = fastest.get(label)
                fastest[label] = times if best is None else [min(a, b) for a, b in zip(best, times)]
                nodes[label] = [n for n, _ in results]
        ref_nodes = sum(n for _, _, n in rows) / len(rows)
        for label, _ in solvers:
            mean_nodes = sum(nodes[label]) / len(rows)
            total = sum(fastest[label])
            print(f"{name:<6} {label:<10} {len(rows):>9} {mean_nodes:>12.1f} {ref_nodes:>12.1f}"
                  f" {mean_nodes / ref_nodes:>6.3f} {fmt(total / len(rows)):>11} {fmt(total):>11}")


def fmt(us):
    if us < 1000:
        return f"{us:.2f} us"
    if us < 1_000_000:
        return f"{us / 1000:.2f} ms"
    return f"{us / 1e6:.2f} s"


if __name__ == "__main__":
    main()
