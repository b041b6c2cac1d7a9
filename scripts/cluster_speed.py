#!/usr/bin/env python3
"""Games per second of one match played four ways: `sente match --concurrency 1` and `2`, and
scripts/ray_match.py on a Ray cluster of this machine (scripts/ray_local.py) of one node and
of two nodes, each node limited to 1 CPU. Each way is timed `--repeat` times (the machine may
be shared: the minimum and the median are both given); the Ray times are the driver's whole
run (Python start, connection, tasks, merges) and, in brackets, its time from the first task
to the last game. A cluster is started once per size and not counted.

Usage: cargo build --release && pip install -r scripts/requirements.txt &&
       python3 scripts/cluster_speed.py [--games 80] [--repeat 3] [--set long|short]
"""

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SENTE = os.path.join(ROOT, "target", "release", "sente")
SCRIPTS = os.path.join(ROOT, "scripts")

# Connect Four from random 4-ply openings between two fixed depths (deterministic games):
# `long` about 0.2 s a game on this machine, `short` about 0.02 s.
SETS = {
    "long": "--engine cmd={s} name=deep depth=12 --engine cmd={s} name=shallow depth=9 "
    "option.OwnBook=false",
    "short": "--engine cmd={s} name=deep depth=8 --engine cmd={s} name=shallow depth=5 "
    "option.OwnBook=false",
}


def match_args(games, which):
    engines = SETS[which].format(s=SENTE)
    return (
        f"--variant connect4 --games {games} --openings plies=4 --seed 7 {engines} "
        "--each option.Hash=8"
    ).split()


def run(command, env=None):
    """Runs `command`; its wall time and stdout."""
    start = time.monotonic()
    done = subprocess.run(command, capture_output=True, text=True, env=env)
    wall = time.monotonic() - start
    if done.returncode != 0:
        sys.exit(f"{' '.join(command)}: {done.stderr.strip()}")
    return wall, done.stdout


class LocalRay:
    """scripts/ray_local.py running `nodes` nodes of 1 CPU, until closed."""

    def __init__(self, nodes, env):
        self.process = subprocess.Popen(
            [sys.executable, os.path.join(SCRIPTS, "ray_local.py"), "--nodes", str(nodes)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        line = self.process.stdout.readline()
        if not line.startswith("address "):
            self.close()
            sys.exit(f"ray_local.py did not start: {line!r}")
        self.address = line.split()[1]

    def close(self):
        self.process.stdin.close()
        try:
            self.process.wait(60)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def measure(label, command, repeat, games, env=None):
    walls, inner = [], []
    for _ in range(repeat):
        wall, out = run(command, env)
        walls.append(wall)
        found = re.search(r"(\d+) games in ([\d.]+) s", out)
        if found:
            inner.append(float(found.group(2)))
        if "Score of deep vs shallow" not in out:
            sys.exit(f"{label}: no score in\n{out}")
    row = {
        "label": label,
        "best": games / min(walls),
        "median": games / statistics.median(walls),
        "inner": games / min(inner) if inner else None,
    }
    print(
        f"{label}: {row['best']:.2f} games/s best, {row['median']:.2f} median"
        + (f" ({row['inner']:.2f} from the first task)" if inner else ""),
        file=sys.stderr,
        flush=True,
    )
    return row


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=80)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--set", choices=sorted(SETS), default="long")
    parser.add_argument("--task-games", type=int, default=8)
    args = parser.parse_args()
    base = match_args(args.games, args.set)
    rows = []
    for concurrency in (1, 2):
        command = [SENTE, "match", *base, "--concurrency", str(concurrency)]
        rows.append(measure(f"sente match --concurrency {concurrency}", command, args.repeat, args.games))
    temp = tempfile.mkdtemp(prefix="sente-ray-")
    env = {**os.environ, "RAY_TMPDIR": temp, "RAY_USAGE_STATS_ENABLED": "0"}
    try:
        for nodes in (1, 2):
            ray = LocalRay(nodes, env)
            try:
                command = [
                    sys.executable,
                    os.path.join(SCRIPTS, "ray_match.py"),
                    "--sente",
                    SENTE,
                    "--address",
                    ray.address,
                    "--task-games",
                    str(args.task_games),
                    *base,
                ]
                label = f"ray_match.py, {nodes} node{'s' if nodes > 1 else ''} of 1 CPU"
                rows.append(measure(label, command, args.repeat, args.games, env))
            finally:
                ray.close()
    finally:
        shutil.rmtree(temp, ignore_errors=True)
    print(f"{args.games} games of the `{args.set}` set, {args.repeat} runs each; games per second")
    print()
    print("| how | best | median | from the first task (Ray) |")
    print("|---|---|---|---|")
    for row in rows:
        inner = f"{row['inner']:.2f}" if row["inner"] else ""
        print(f"| {row['label']} | {row['best']:.2f} | {row['median']:.2f} | {inner} |")


if __name__ == "__main__":
    main()
