#!/usr/bin/env python3
"""Times `sente rushhour universe` on 5x5 (without walls and with up to one wall) side by side
with Michael Fogleman's enumeration program (github fogleman/rush, `cpp/`), runs interleaved,
and prints the time ratio sente / his (the goal: at most 0.5).

His program has its board size and walls compiled in (`cpp/src/config.h`), so it takes one
build per universe: `--peer-5x5` (BoardSize 5, MinPieceSize 2, MaxWalls 0) and
`--peer-5x5-walls1` (MinPieceSize 1, MaxWalls 1), both with NumWorkers 2 to match sente's
`--threads 2` (or the environment variables RUSH_PEER_5X5, RUSH_PEER_5X5_WALLS1). This script
never builds them: build them yourself from his public sources, outside this repository. A
universe whose peer is not given is timed for sente alone.

Every run's output is checked: sente's lines must equal tests/data/rushhour/universe/, and his
lines, relabelled in reading order (he labels pieces in enumeration order) and sorted, must
equal sente's. Times: wall clock and CPU (user + system, of the child), each the best of
--runs. The machine is shared: CPU time is the steadier figure, and the ratio is printed for
both.

Usage: cargo build --release && python3 scripts/rush_universe.py [--runs 3]
       [--peer-5x5 PATH] [--peer-5x5-walls1 PATH] [--threads 2]
"""

import argparse
import os
import pathlib
import resource
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "rushhour" / "universe"

UNIVERSES = [
    # name, size, walls, expected file, peer flag / env variable
    ("5x5", 5, 0, "5x5.txt", "RUSH_PEER_5X5"),
    ("5x5 walls<=1", 5, 1, "5x5-walls1.txt", "RUSH_PEER_5X5_WALLS1"),
]


def relabel(line):
    """His line with the board relabelled: A stays, walls stay, others B, C... by first cell."""
    fields = line.split()
    if len(fields) != 4:
        return None
    names = {"A": "A", "x": "x", ".": ".", "o": "."}
    for c in fields[1]:
        if c not in names:
            names[c] = chr(ord("B") + len(names) - 4)
    fields[1] = "".join(names[c] for c in fields[1])
    return " ".join(fields)


def timed(command, cwd):
    """Runs `command`; (stdout, wall seconds, CPU seconds of the child)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    run = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if run.returncode != 0:
        sys.exit(f"{command[0]} failed: {run.stderr[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return run.stdout, wall, cpu


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default=str(ROOT / "target" / "release" / "sente"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--peer-5x5", dest="RUSH_PEER_5X5",
                        default=os.environ.get("RUSH_PEER_5X5"))
    parser.add_argument("--peer-5x5-walls1", dest="RUSH_PEER_5X5_WALLS1",
                        default=os.environ.get("RUSH_PEER_5X5_WALLS1"))
    args = parser.parse_args()
    if args.runs < 1:
        sys.exit("--runs must be at least 1")
    work = pathlib.Path(tempfile.mkdtemp(prefix="rush-universe-"))
    rows = []
    for name, size, walls, expected_file, peer_key in UNIVERSES:
        peer = getattr(args, peer_key)
        if peer and not os.access(peer, os.X_OK):
            sys.exit(f"{peer_key}: {peer} is not an executable")
        expected = (DATA / expected_file).read_text()
        best = {"sente": [float("inf"), float("inf")], "his": [float("inf"), float("inf")]}
        for run in range(args.runs):
            # Alternate who goes first, so that neither always runs on a warmer machine.
            order = ["sente", "his"] if run % 2 == 0 else ["his", "sente"]
            for who in order:
                if who == "sente":
                    out = work / "sente.txt"
                    command = [args.engine, "rushhour", "universe", "--size", str(size),
                               "--walls", str(walls), "--threads", str(args.threads),
                               "--progress", "3600", "--out", str(out)]
                    _, wall, cpu = timed(command, work)
                    if out.read_text() != expected:
                        sys.exit(f"{name}: sente's lines differ from {expected_file}")
                elif peer:
                    stdout, wall, cpu = timed([os.path.abspath(peer)], work)
                    lines = sorted(filter(None, map(relabel, stdout.splitlines())))
                    if "".join(line + "\n" for line in lines) != expected:
                        sys.exit(f"{name}: his lines, relabelled, differ from sente's")
                else:
                    continue
                best[who][0] = min(best[who][0], wall)
                best[who][1] = min(best[who][1], cpu)
                print(f"{name} run {run + 1} {who}: {wall:.2f} s wall, {cpu:.2f} s CPU",
                      file=sys.stderr)
        rows.append((name, best, bool(peer)))
    print(f"| universe | sente wall (s) | his wall (s) | ratio | sente CPU (s) | his CPU (s) "
          f"| ratio |")
    print("|---|---|---|---|---|---|---|")
    for name, best, has_peer in rows:
        sw, sc = best["sente"]
        if has_peer:
            hw, hc = best["his"]
            print(f"| {name} | {sw:.2f} | {hw:.2f} | {sw / hw:.2f} | {sc:.2f} | {hc:.2f} "
                  f"| {sc / hc:.2f} |")
        else:
            print(f"| {name} | {sw:.2f} | - | - | {sc:.2f} | - | - |")
    print(f"(best of {args.runs} interleaved runs each; sente --threads {args.threads}; "
          f"outputs checked equal)")


if __name__ == "__main__":
    main()
