#!/usr/bin/env python3
"""Enumerate a Rush Hour universe (`sente rushhour universe`) over a Ray cluster.

    python3 scripts/ray_rush_universe.py --sente PATH [--address ADDR] [--shards M]
        [--cpus-per-task T] [--retries R] --size N --walls K --out FILE

The universe is split into M shards (`--shard k/M`, k = 1..M: the row choices numbered k - 1
modulo M, see protocol.md); each Ray task runs `sente rushhour universe ... --shard k/M
--threads T` on whatever node Ray gives it (the `sente` binary must be at the same path on
every node) and sends back its lines and its summary. The driver writes the union of the
shards' lines, sorted, to --out (the same file as one run of the whole universe) and prints the
summed summary in the same form as `sente rushhour universe`, then the tasks per node.

As in scripts/ray_match.py: a task whose worker process, node or `sente` dies is submitted again
(at most --retries times per shard); a `sente` that refuses the arguments (exit status 1) stops
the run with its message. Without --address a Ray of this machine is started (--local-cpus);
a loopback address (`127.0.0.1:<port>`, as scripts/ray_local.py prints) keeps the cluster on
this machine.

Cost of the whole 6x6 with two walls on N machines: see docs/performance.md.
"""

import argparse
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter

from ray_start import cluster_text, start_ray

OUT = sys.stdout

SUMMARY = re.compile(
    r"universe (\d+)x\d+, up to (\d+) walls, shard (\d+)/(\d+): (\d+) boards generated, "
    r"(\d+) clusters, (\d+) solvable, (\d+) puzzles, (\d+) states, ([\d.]+) s"
)


def say(line):
    OUT.write(line + "\n")
    OUT.flush()


class ShardFailed(Exception):
    """`sente` failed in a task; `retryable` when it was killed rather than refused."""

    def __init__(self, message, retryable):
        super().__init__(message, retryable)
        self.message = message
        self.retryable = retryable

    def __str__(self):
        return self.message


def run_shard(sente, size, walls, shard, shards, threads):
    """A Ray task: one shard; (node, host, lines text, stderr summary)."""
    import ray

    node = ray.get_runtime_context().get_node_id()
    workdir = tempfile.mkdtemp(prefix="sente-universe-")
    out = os.path.join(workdir, "lines.txt")
    command = [sente, "rushhour", "universe", "--size", str(size), "--walls", str(walls),
               "--shard", f"{shard}/{shards}", "--threads", str(threads),
               "--progress", "3600", "--out", out]
    # On Linux, sente gets SIGTERM if this worker dies.
    setpriv = shutil.which("setpriv")
    if setpriv:
        command = [setpriv, "--pdeathsig", "TERM", "--", *command]
    try:
        try:
            done = subprocess.run(command, stdin=subprocess.DEVNULL, capture_output=True,
                                  text=True)
        except OSError as error:
            raise ShardFailed(f"{sente} on {socket.gethostname()}: {error}", False)
        if done.returncode != 0:
            message = done.stderr.strip() or f"sente exited with status {done.returncode}"
            raise ShardFailed(message, retryable=done.returncode != 1)
        with open(out) as file:
            lines = file.read()
        return node, socket.gethostname(), lines, done.stderr
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def parse_arguments(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], allow_abbrev=False)
    parser.add_argument("--sente", required=True, help="the sente binary, on every node")
    parser.add_argument("--address", help="the Ray cluster (auto, or host:port)")
    parser.add_argument("--local-cpus", type=int, help="CPUs of a Ray started here")
    parser.add_argument("--shards", type=int, default=16, help="tasks (shards of the universe)")
    parser.add_argument("--cpus-per-task", type=int, default=1, help="threads per task")
    parser.add_argument("--retries", type=int, default=3, help="attempts per shard after the first")
    parser.add_argument("--size", type=int, required=True)
    parser.add_argument("--walls", type=int, default=0)
    parser.add_argument("--out", required=True, help="the merged lines")
    args = parser.parse_args(argv)
    if args.shards < 1 or args.cpus_per_task < 1 or args.retries < 0:
        parser.error("--shards and --cpus-per-task are at least 1, --retries at least 0")
    args.sente = os.path.abspath(args.sente) if os.sep in args.sente else args.sente
    if shutil.which(args.sente) is None:
        parser.error(f"--sente {args.sente}: no such program here")
    return args


class Totals:
    """The shards' summaries added up."""

    def __init__(self):
        self.counts = [0] * 5  # boards, clusters, solvable, puzzles, states
        self.hardest = None
        self.histogram = Counter()

    def add(self, stderr):
        found = SUMMARY.search(stderr)
        if not found:
            raise SystemExit(f"ray_rush_universe: no summary in {stderr[-500:]!r}")
        for i in range(5):
            self.counts[i] += int(found.group(5 + i))
        for line in stderr.splitlines():
            if line.startswith("hardest: ") and line != "hardest: none":
                candidate = line[len("hardest: "):]
                key = (int(candidate.split()[0]), [-ord(c) for c in candidate])
                if self.hardest is None or key > self.hardest[0]:
                    self.hardest = (key, candidate)
            if line.startswith("puzzles by moves:"):
                for pair in line.split(":", 1)[1].split():
                    moves, count = pair.split(":")
                    self.histogram[int(moves)] += int(count)


def main(argv):
    args = parse_arguments(argv)
    ray, nodes, cpus = start_ray(args.address, args.local_cpus)
    say(f"{cluster_text(nodes, cpus)}; universe "
        f"{args.size}x{args.size} up to {args.walls} walls in {args.shards} shards")
    remote = ray.remote(max_retries=0)(run_shard).options(num_cpus=args.cpus_per_task)

    def submit(shard):
        return remote.remote(args.sente, args.size, args.walls, shard, args.shards,
                             args.cpus_per_task)

    def stop(*_):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    start = time.monotonic()
    running = {submit(k): k for k in range(1, args.shards + 1)}
    attempts = Counter()
    per_node = Counter()
    totals = Totals()
    lines = []
    retried = 0
    try:
        while running:
            ready, _ = ray.wait(list(running), num_returns=1, timeout=1.0)
            for ref in ready:
                shard = running.pop(ref)
                try:
                    node, hostname, text, stderr = ray.get(ref)
                except ray.exceptions.RayTaskError as error:
                    cause = error.cause
                    if not getattr(cause, "retryable", True):
                        for other in running:
                            ray.cancel(other, force=True)
                        raise SystemExit(f"ray_rush_universe: {cause}")
                    reason = (str(cause).strip().splitlines() or [type(cause).__name__])[-1]
                except ray.exceptions.RayError as error:
                    # The worker, its node or the object died.
                    reason = type(error).__name__
                else:
                    per_node[f"{node[:8]} ({hostname})"] += 1
                    totals.add(stderr)
                    lines.extend(text.splitlines())
                    say(f"Shard {shard}/{args.shards} done on {node[:8]} ({hostname}): "
                        f"{len(text.splitlines())} puzzles")
                    continue
                attempts[shard] += 1
                if attempts[shard] > args.retries:
                    raise SystemExit(f"ray_rush_universe: shard {shard} failed "
                                     f"{attempts[shard]} times ({reason})")
                say(f"Shard {shard}/{args.shards} failed: {reason}; retrying")
                retried += 1
                running[submit(shard)] = shard
    except KeyboardInterrupt:
        for ref in running:
            ray.cancel(ref, force=True)
        say("Interrupted")
        return 130
    elapsed = time.monotonic() - start
    lines.sort()
    if len(set(lines)) != len(lines):
        raise SystemExit("ray_rush_universe: a puzzle came from two shards")
    with open(args.out, "w") as file:
        file.writelines(line + "\n" for line in lines)
    boards, clusters, solvable, puzzles, states = totals.counts
    say(f"universe {args.size}x{args.size}, up to {args.walls} walls, {args.shards} shards: "
        f"{boards} boards generated, {clusters} clusters, {solvable} solvable, {puzzles} "
        f"puzzles, {states} states, {elapsed:.1f} s")
    say(f"hardest: {totals.hardest[1] if totals.hardest else 'none'}")
    say("puzzles by moves: "
        + " ".join(f"{m}:{c}" for m, c in sorted(totals.histogram.items())))
    nodes_text = ", ".join(f"{n} {c}" for n, c in sorted(per_node.items()))
    say(f"Shards per node: {nodes_text}; {retried} shards retried")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
