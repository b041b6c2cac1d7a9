#!/usr/bin/env python3
"""Play a `sente match` over a Ray cluster.

    python3 scripts/ray_match.py --sente PATH [--address ADDR] [driver options] \\
        <the arguments of sente match>

The match's games are numbered as `sente match` numbers them; the driver splits them into
tasks of consecutive games (`--task-games`), and each Ray task runs
`sente match <arguments> --rounds <its games> --concurrency <its CPUs> --out <a local file>`
on whatever node Ray gives it (one engine pair per CPU the task asks for; the `sente` binary,
and the engines the arguments name, must be at the same path on every node). Each task
streams its games back as they finish (record block and `Finished game` line); the driver
prints the lines, keeps every game once in the order received, and after each task prints the
running summary that `sente match --merge` computes from the games so far. At the end
`sente match --merge` writes the record (`--out`, games in order) and prints the summary, so
all the arithmetic (score, Elo, LOS, SPRT) is sente's.

With `--sprt`, tasks are scheduled as CPUs free up, and once the merged SPRT accepts a
hypothesis no task is started: the tasks running finish and their games are counted.

A task whose worker process, node or `sente` dies is retried with only the games it had not
sent back, on any node Ray has left (at most `--retries` times per game); a game is counted
once, whichever attempt played it. A `sente` that refuses the arguments (exit status 1) stops
the match with its message.

Without `--address` a Ray of this machine is started (`--local-cpus` CPUs). A loopback
address (`127.0.0.1:<port>`, as scripts/ray_local.py prints) tells Ray that the cluster stays
on this machine. `sente` must also be present where this driver runs (it merges).
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
from collections import Counter, deque

from ray_start import cluster_text, start_ray

# Options of `sente match` the driver sets itself, or that make no sense in a driven match.
DRIVER_OWNED = {
    "--concurrency": "give --cpus-per-task instead",
    "--shard": "the driver splits the match itself",
    "--rounds": "the driver splits the match itself",
    "--merge": "run sente match --merge directly",
    "--replay": "run sente match --replay directly",
}

# The driver's own lines; Ray's messages (a worker died, ...) go to stderr instead of
# breaking into them (see main).
OUT = sys.stdout


def say(line):
    """Writes one line of the driver's output whole."""
    OUT.write(line + "\n")
    OUT.flush()


ROUND = re.compile(r'^\[Round "(\d+)"\]$', re.MULTILINE)
BLOCK_START = re.compile(r"\n\n(?=\[)")


class ShardFailed(Exception):
    """`sente match` in a task failed; `retryable` when it was killed rather than refused."""

    def __init__(self, message, retryable):
        # Both in args, so that the exception crosses Ray's pickling whole.
        super().__init__(message, retryable)
        self.message = message
        self.retryable = retryable

    def __str__(self):
        return self.message


def rounds_text(rounds):
    """`1-3,7`: the `--rounds` argument for sorted game numbers."""
    parts = []
    start = prev = None
    for r in rounds:
        if prev is not None and r == prev + 1:
            prev = r
            continue
        if start is not None:
            parts.append(str(start) if start == prev else f"{start}-{prev}")
        start = prev = r
    if start is not None:
        parts.append(str(start) if start == prev else f"{start}-{prev}")
    return ",".join(parts)


def first_block(text):
    """The first record block of `text`, which sente wrote whole before printing its game's
    line: it ends with the result line and a blank line, where the next block's `[` starts
    (if one is being written) or the text ends."""
    following = BLOCK_START.search(text)
    block = text[: following.end()] if following else text
    if not block.endswith("\n\n"):
        raise ShardFailed("a game announced but not in the record", True)
    return block


def play_rounds(sente, match_args, rounds, concurrency):
    """A Ray task: plays `rounds` with `sente match` and yields ("start", node, host) then
    ("game", round, line, block) for each finished game."""
    import ray

    yield ("start", ray.get_runtime_context().get_node_id(), socket.gethostname())
    workdir = tempfile.mkdtemp(prefix="sente-task-")
    record = os.path.join(workdir, "games.txt")
    command = [
        sente,
        "match",
        *match_args,
        "--rounds",
        rounds_text(rounds),
        "--concurrency",
        str(concurrency),
        "--out",
        record,
    ]
    # On Linux, sente gets SIGTERM if this worker dies (it then stops its engines).
    setpriv = shutil.which("setpriv")
    if setpriv:
        command = [setpriv, "--pdeathsig", "TERM", "--", *command]
    process = None
    try:
        with open(os.path.join(workdir, "stderr.txt"), "w+") as errors:
            try:
                process = subprocess.Popen(
                    command,
                    stdin=subprocess.DEVNULL,
                    stdout=subprocess.PIPE,
                    stderr=errors,
                    text=True,
                    start_new_session=True,
                )
            except OSError as error:
                raise ShardFailed(f"{sente} on {socket.gethostname()}: {error}", False)
            consumed = 0
            for line in process.stdout:
                if not line.startswith("Finished game "):
                    continue
                # sente writes a game's block before it prints the game's line.
                with open(record, "rb") as file:
                    file.seek(consumed)
                    text = file.read().decode(errors="replace")
                block = first_block(text)
                consumed += len(block.encode())
                found = ROUND.search(block)
                yield ("game", int(found.group(1)) if found else 0, line.rstrip("\n"), block)
            status = process.wait()
            if status != 0:
                errors.seek(0)
                message = errors.read().strip() or f"sente match exited with status {status}"
                # Exit status 1: sente refused (arguments, engines); killed: try again.
                raise ShardFailed(message, retryable=status != 1)
    finally:
        if process is not None and process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(5)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        shutil.rmtree(workdir, ignore_errors=True)


class Task:
    """One submitted task and what it has sent back."""

    def __init__(self, rounds):
        self.rounds = rounds
        self.node = None
        self.received = set()


def option_value(words, name, default):
    """The value of `--name v` or `--name=v` in sente's arguments."""
    value = default
    for i, word in enumerate(words):
        if word == name and i + 1 < len(words):
            value = words[i + 1]
        elif word.startswith(name + "="):
            value = word.split("=", 1)[1]
    return value


def parse_arguments(argv):
    parser = argparse.ArgumentParser(
        usage="ray_match.py --sente PATH [--address ADDR] [driver options] <sente match arguments>",
        description=__doc__.split("\n\n")[0],
        allow_abbrev=False,
    )
    parser.add_argument("--sente", required=True, help="the sente binary, on every node")
    parser.add_argument("--address", help="the Ray cluster (auto, or host:port)")
    parser.add_argument("--out", help="the merged record")
    parser.add_argument("--cpus-per-task", type=int, default=1, help="games at once per task")
    parser.add_argument("--task-games", type=int, default=8, help="games per task")
    parser.add_argument("--retries", type=int, default=3, help="attempts per game after the first")
    parser.add_argument("--local-cpus", type=int, help="CPUs of a Ray started here")
    args, match_args = parser.parse_known_args(argv)
    for word in match_args:
        name = word.split("=", 1)[0]
        if name in DRIVER_OWNED:
            parser.error(f"{name} is not for the driver's matches: {DRIVER_OWNED[name]}")
    if args.cpus_per_task < 1 or args.task_games < 1 or args.retries < 0:
        parser.error("--cpus-per-task and --task-games are at least 1, --retries at least 0")
    engines = sum(1 for w in match_args if w == "--engine" or w.startswith("--engine="))
    try:
        games = int(option_value(match_args, "--games", "2"))
    except ValueError:
        parser.error("--games takes a number")
    args.total = engines * (engines - 1) // 2 * games
    args.sprt = any(w == "--sprt" or w.startswith("--sprt=") for w in match_args)
    args.sente = os.path.abspath(args.sente) if os.sep in args.sente else args.sente
    if shutil.which(args.sente) is None:
        parser.error(f"--sente {args.sente}: no such program here (the driver merges with it)")
    if args.total == 0:
        parser.error("no games: give two --engine or more, and --games")
    return args, match_args


class Driver:
    """Schedules the tasks, collects the games, runs the merges."""

    def __init__(self, args, match_args, workdir):
        self.args = args
        self.match_args = match_args
        self.received_path = os.path.join(workdir, "received.txt")
        open(self.received_path, "w").close()
        self.games = {}  # round -> node
        self.attempts = Counter()
        self.queue = deque()
        self.retried = 0
        self.decided = False
        self.last_merge = time.monotonic()
        self.running = {}  # generator -> Task
        for first in range(1, args.total + 1, args.task_games):
            self.queue.append(list(range(first, min(first + args.task_games, args.total + 1))))

    def merge(self, out=None):
        """`sente match --merge` of the games so far: its stdout lines."""
        command = [self.args.sente, "match", "--merge", self.received_path]
        if out:
            command += ["--out", out]
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode != 0:
            raise SystemExit(f"ray_match: sente match --merge: {done.stderr.strip()}")
        self.last_merge = time.monotonic()
        return done.stdout.splitlines()

    def summary(self):
        """Prints the running summary; notes whether the SPRT has decided."""
        if not self.games or len(self.games) == self.args.total:
            return
        lines = [l for l in self.merge() if not l.startswith("Finished game ")]
        say(f"After {len(self.games)} of {self.args.total} games:")
        for line in lines[:-1]:
            say(f"  {line}")
        decided = any(l.startswith("SPRT:") and "was accepted" in l for l in lines)
        if decided and not self.decided:
            say(
                f"SPRT decided after {len(self.games)} games: no task is started, "
                f"{len(self.running)} running finish"
            )
        self.decided = self.decided or decided

    def receive(self, task, item):
        kind = item[0]
        if kind == "start":
            task.node = f"{item[1][:8]} ({item[2]})"
            return
        _, number, line, block = item
        if number not in task.rounds or number in task.received:
            raise SystemExit(f"ray_match: a task of games {rounds_text(task.rounds)} sent game {number}")
        task.received.add(number)
        if number in self.games:
            say(f"Game {number} again from another attempt: the first one counts")
            return
        self.games[number] = task.node
        with open(self.received_path, "a") as file:
            file.write(block)
        say(line)

    def failed(self, task, error):
        """Queues the games a failed task did not send back, or stops the match."""
        missing = [r for r in task.rounds if r not in task.received and r not in self.games]
        where = f"on node {task.node}" if task.node else "before it started"
        say(
            f"Task of games {rounds_text(task.rounds)} failed {where}: {error}; "
            + (f"retrying games {rounds_text(missing)}" if missing else "no game to retry")
        )
        for number in missing:
            self.attempts[number] += 1
            if self.attempts[number] > self.args.retries:
                raise SystemExit(
                    f"ray_match: game {number} failed {self.attempts[number]} times; "
                    f"the games so far are in {self.received_path}"
                )
        if missing:
            self.retried += len(missing)
            self.queue.appendleft(missing)

    def cancel(self, ray):
        """Stops every running task (their sente gets SIGTERM)."""
        for generator in self.running:
            ray.cancel(generator, force=True)
        self.running.clear()

    def run(self, ray):
        # Ray's own retries are off: the driver retries only the games not sent back.
        remote = ray.remote(max_retries=0)(play_rounds).options(num_cpus=self.args.cpus_per_task)
        running = self.running
        while True:
            slots = max(1, int(ray.cluster_resources().get("CPU", 1)) // self.args.cpus_per_task)
            # Without an SPRT a task waits in Ray's queue for each CPU, so that none idles;
            # with one, no game starts that the test might not need.
            limit = slots if self.args.sprt else 2 * slots
            while self.queue and len(running) < limit and not self.decided:
                rounds = self.queue.popleft()
                generator = remote.remote(
                    self.args.sente, self.match_args, rounds, self.args.cpus_per_task
                )
                running[generator] = Task(rounds)
            if not running:
                return
            ready, _ = ray.wait(list(running), num_returns=1, timeout=1.0)
            for generator in ready:
                task = running[generator]
                try:
                    item = ray.get(next(generator))
                except StopIteration:
                    del running[generator]
                    missing = [r for r in task.rounds if r not in task.received]
                    if missing:
                        self.failed(task, "sente ended without these games")
                    self.summary()
                    continue
                except ray.exceptions.RayTaskError as error:
                    del running[generator]
                    cause = error.cause
                    if not getattr(cause, "retryable", True):
                        self.cancel(ray)
                        raise SystemExit(f"ray_match: {cause}")
                    lines = str(cause).strip().splitlines() or [type(cause).__name__]
                    self.failed(task, lines[-1])
                    self.summary()
                    continue
                except ray.exceptions.RayError as error:
                    # The worker, its node or the object died.
                    del running[generator]
                    self.failed(task, type(error).__name__)
                    self.summary()
                    continue
                self.receive(task, item)
            if not self.args.sprt and time.monotonic() - self.last_merge > 10 and self.games:
                self.summary()


def main(argv):
    args, match_args = parse_arguments(argv)
    ray, nodes, cpus = start_ray(args.address, args.local_cpus)
    say(
        f"{cluster_text(nodes, cpus)}; {args.total} games in tasks of "
        f"{args.task_games}, {args.cpus_per_task} CPU each"
    )
    workdir = tempfile.mkdtemp(prefix="ray-match-")
    driver = Driver(args, match_args, workdir)
    interrupted = False

    def stop(*_):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    start = time.monotonic()
    try:
        driver.run(ray)
    except KeyboardInterrupt:
        interrupted = True
        driver.cancel(ray)
    elapsed = time.monotonic() - start
    per_node = Counter(driver.games.values())
    nodes_text = ", ".join(f"{n} {c}" for n, c in sorted(per_node.items())) or "none"
    say(
        f"Games per node: {nodes_text}; {driver.retried} games retried; "
        f"{len(driver.games)} games in {elapsed:.2f} s"
    )
    if driver.games:
        lines = driver.merge(args.out)
        for line in lines:
            if not line.startswith("Finished game "):
                say(line)
    shutil.rmtree(workdir, ignore_errors=True)
    if interrupted:
        say(f"Match interrupted after {len(driver.games)} of {args.total} games")
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
