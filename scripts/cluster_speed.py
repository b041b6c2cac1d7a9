#!/usr/bin/env python3
"""Games per second of one match played four ways: `sente match --concurrency 1` and `2`, and
scripts/ray_match.py on a Ray cluster of this machine (scripts/ray_local.py) of one node and
of two nodes, each node limited to 1 CPU. Each way is timed `--repeat` times (the machine may
be shared: the minimum and the median are both given); the Ray times are the driver's whole
run (Python start, connection, tasks, merges) and, in brackets, its time from the first task
to the last game. Both clusters are started first and stay up (idle but for their own
runs); the ways take turns run after run.

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


def timing(command, env=None):
    """Wall time of one run, and the driver's own time from its first task (Ray only)."""
    wall, out = run(command, env)
    if "Score of deep vs shallow" not in out:
        sys.exit(f"{' '.join(command)}: no score in\n{out}")
    found = re.search(r"(\d+) games in ([\d.]+) s", out)
    return wall, float(found.group(2)) if found else None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=80)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--set", choices=sorted(SETS), default="long")
    parser.add_argument("--task-games", type=int, default=8)
    args = parser.parse_args()
    base = match_args(args.games, args.set)
    temp = tempfile.mkdtemp(prefix="sente-ray-")
    clusters = []
    try:
        ways = [
            (f"sente match --concurrency {c}", [SENTE, "match", *base, "--concurrency", str(c)])
            for c in (1, 2)
        ]
        for nodes in (1, 2):
            # Each cluster in a directory of its own; both stay up, idle, during every run.
            env = {**os.environ, "RAY_TMPDIR": os.path.join(temp, str(nodes))}
            env["RAY_USAGE_STATS_ENABLED"] = "0"
            os.makedirs(env["RAY_TMPDIR"])
            clusters.append(LocalRay(nodes, env))
            driver = [sys.executable, os.path.join(SCRIPTS, "ray_match.py"), "--sente", SENTE]
            driver += ["--address", clusters[-1].address, "--task-games", str(args.task_games)]
            label = f"ray_match.py, {nodes} node{'s' if nodes > 1 else ''} of 1 CPU"
            ways.append((label, driver + base, env))
        times = {way[0]: [] for way in ways}
        # The ways take turns, so that other work on the machine weighs on each alike.
        for turn in range(args.repeat):
            for label, command, *env in ways:
                times[label].append(timing(command, *env))
                wall, inner = times[label][-1]
                print(f"run {turn + 1}: {label}: {wall:.2f} s", file=sys.stderr, flush=True)
    finally:
        for cluster in clusters:
            cluster.close()
        shutil.rmtree(temp, ignore_errors=True)
    print(f"{args.games} games of the `{args.set}` set, {args.repeat} runs each; games per second")
    print()
    print("| how | best | median | from the first task (Ray) |")
    print("|---|---|---|---|")
    for label, runs in times.items():
        walls = [w for w, _ in runs]
        inner = [i for _, i in runs if i]
        best, median = args.games / min(walls), args.games / statistics.median(walls)
        first = f"{args.games / min(inner):.2f}" if inner else ""
        print(f"| {label} | {best:.2f} | {median:.2f} | {first} |")


if __name__ == "__main__":
    main()
