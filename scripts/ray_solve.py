#!/usr/bin/env python3
"""Solve a whole Connect Four board over a Ray cluster.

    python3 scripts/ray_solve.py --width W --height H [--address ADDR] [--sente PATH]
        [--store DIR] [--depth K] [--hash MB] [--bounds] [driver options]
    python3 scripts/ray_solve.py --width W --height H --store DIR [--depth K] --status

The driver splits the empty board's solve at ply K: every position K plies deep, transpositions
(the same stones reached by other move orders) and mirror images merged into one, is a task of
its own, solved exactly by `sente solve connect4 --width W --height H --hash MB` (the position's
move string on its stdin). A position before ply K in which the side to move completes a four
at once is not split further (its score is that win's), nor is a full board (a draw); a
position the store already holds is not split further either. The driver then takes the
maximum of the negated children's scores up to the empty board (negamax) and prints the empty
board's line as `sente solve connect4` prints it, on stdout and alone there:

    <moves> <score> <nodes> <microseconds>

the moves empty (so the line starts with a space), the score in sente's convention (on a
board of W x H cells, a win completed by the stone played when n stones are on the board
scores (W * H + 1 - n) / 2 rounded down, for the side to move; its negative for the side
losing; 0 a draw), the nodes summed over the tasks (those solved by an earlier run and read
from the store included), and the
microseconds of this run's wall time, with two decimals. Progress, the split's figures (tasks,
the longest, the sum of their times) and Ray's messages go to stderr.

Tasks are sent to the workers in batches of `--task-positions` positions; one batch is one
Ray task, one `sente solve` process fed the batch's move strings (one CPU, `--threads
--cpus-per-task`), whose lines come back one at a time as they are solved. A batch whose
worker process, node or `sente` dies is sent again with only the positions it had not sent
back (at most `--retries` times per position); a `sente` that refuses its arguments or a
position stops the run with its message.

With `--keep-table` a batch is not a process of its own: each CPU slot of the cluster holds a
Ray actor keeping one `sente solve ... --keep-table` process, and so its table, from one batch
to the next (each line asks its own bound: `<moves> >=t`), so that a question finds what the
questions before it on that worker proved (siblings share most of their subtrees); `--hash`
is then each worker's table. An actor that dies is replaced by a new one, its table empty, and
its batches' unsolved positions are sent again.

The store (`--store DIR`; a temporary directory removed at the end without it) keeps every
position solved, so that a run killed midway goes on where it stopped when run again with the
same store (with any `--depth`: a stored position is used wherever the split reaches it). Its files:

    board.txt   one line, `connect4 <W> <H>`: the board its positions belong to (a run on
                another board refuses the store); locked while a driver runs on it
    solved.txt  one line per solved position, exactly as `sente solve connect4` printed it
                (`<moves> <score> <nodes> <microseconds>`, or `<moves> >=t ...`,
                `<moves> <t ...` and `<moves> unknown ...` for the answers of `--bounds`),
                appended as each comes back
                (flushed to disk at each task's end); a last line cut short by a kill is
                dropped when read

With `--bounds` no task is solved exactly: the empty board's score is proven by questions
"does this position score at least t?" (`ray_solve_bounds.py`), each position at ply K asked
only the bound its parent needs (`sente solve connect4 --at-least t`, one null-window search),
a position's other moves only when its most central one did not settle it. The empty board is
asked t = `--first-bound` (default 1) first, then up or down one at a time until its bounds
meet; the answers go to the store like scores, and every question reads the bounds the store
proves before anything is asked. With `--task-seconds S` a solve is given up after S seconds
(`sente solve --max-seconds`, a line `<moves> unknown ...`, stored) and its question asked of
the position's children, one ply deeper. The line printed is the same, its nodes those of
every line in the store.

With `--status` nothing is started: the store is read (a driver may be writing it) and what
its answers prove is printed, the bounds of the empty board and of each first move
(`status()`).

With `--sample N` only N of the split's tasks are solved, drawn at random (`--seed`), and
instead of the empty board's line the driver prints what the whole split would cost,
estimated from the sample's measured times (the solver's own, as `sente solve` prints them):

    sample <n> of <T> tasks at ply <K>: <seconds> s, <nodes> nodes, the longest <seconds> s
    tasks <T x the mean> s of CPU (95% <low>-<high>)
    workers <N> <wall> s (95% <low>-<high>)      one line per --workers count

The sum over the T tasks is the sample's mean times T; its 95% interval is the bootstrap's
(the sample drawn again with replacement 2,000 times, seeded): task times are far from normal
(a few take most of the time). On N workers, each taking the next task as it frees, the wall
time is at least the larger of the sum over N and the longest task, and at most their sum; the
line gives the lower bound, the longest task being the sample's longest, itself a lower bound
of the split's (a sample rarely holds the very longest task: where the sum over N is below the
sample's longest, the wall time is governed by the tail the sample cannot see). A sampled task
the store already holds is not solved again; run with the same `--store` and a larger `--sample`
(the same `--seed`) to add to a sample.

Without `--address` a Ray of this machine is started (`--local-cpus` CPUs). On a real cluster
(`--address <head>:6379`, or `auto` on a node of it) the `sente` binary must be at the same
path on every node (`--sente`, default `sente` on the PATH), and the store is written only by
the driver: it lives on the driver's machine (or any filesystem the driver writes).
"""

import argparse
import fcntl
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, deque

from ray_solve_bounds import Prover, standing
from ray_start import cluster_text, start_ray

OUT = sys.stdout
COLUMNS = "123456789abc"


STARTED = time.monotonic()


def since_start():
    """The wall time of this run so far, as the progress lines say it (a killed run's time is
    its last progress line's; a resumed run counts from its own start)."""
    return f"{time.monotonic() - STARTED:.0f} s into this run"


def note(line):
    """One line of progress, on stderr."""
    sys.stderr.write(f"ray_solve: {line}\n")
    sys.stderr.flush()


class Board:
    """A Connect Four position: `cells[c]` the stones of column c bottom up (1 first player)."""

    def __init__(self, width, height):
        self.width, self.height = width, height
        self.cells = [[] for _ in range(width)]
        self.moves = ""
        self.ply = 0

    def copy(self):
        other = Board(self.width, self.height)
        other.cells = [list(c) for c in self.cells]
        other.moves, other.ply = self.moves, self.ply
        return other

    def playable(self, col):
        return len(self.cells[col]) < self.height

    def wins(self, col):
        """True if the side to move completes a four by playing `col`."""
        who = 1 + self.ply % 2
        row = len(self.cells[col])

        def at(c, r):
            return 0 <= c < self.width and 0 <= r < len(self.cells[c]) and self.cells[c][r] == who

        for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
            run = 1
            for sign in (1, -1):
                c, r = col + sign * dc, row + sign * dr
                while at(c, r):
                    run += 1
                    c, r = c + sign * dc, r + sign * dr
            if run >= 4:
                return True
        return False

    def play(self, col):
        if not self.playable(col):
            raise ValueError(f"column {COLUMNS[col]} is full")
        self.cells[col].append(1 + self.ply % 2)
        self.moves += COLUMNS[col]
        self.ply += 1

    def key(self):
        """The same for transpositions and mirror images."""
        cols = ["".join(map(str, c)) for c in self.cells]
        return min("/".join(cols), "/".join(reversed(cols)))


def position(width, height, moves):
    """The board after `moves`, which must be legal and not end the game."""
    board = Board(width, height)
    for char in moves:
        col = COLUMNS.find(char)
        if col < 0 or col >= width:
            raise ValueError(f"no column '{char}' on a board {width} wide")
        if not board.playable(col):
            raise ValueError(f"column {char} is full")
        if board.wins(col):
            raise ValueError("the game is over")
        board.play(col)
    return board


class Store:
    """The solved positions, by key: (moves, score, nodes, microseconds); and the bounds every
    line proves (those of `--at-least` answers too), by key: [low, high]."""

    def __init__(self, directory, width, height, read_only=False):
        """The store in `directory`, made if need be and locked for this driver; `read_only`
        (`--status`): only read, beside a driver that may be writing it."""
        self.dir = directory
        board_path = os.path.join(directory, "board.txt")
        wanted = f"connect4 {width} {height}"
        if read_only:
            try:
                with open(board_path) as board:
                    found = board.read().strip()
            except OSError as error:
                raise SystemExit(f"ray_solve: {directory}: no store there ({error.strerror})")
        else:
            os.makedirs(directory, exist_ok=True)
            self.lock = open(board_path, "a+")
            try:
                fcntl.flock(self.lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                raise SystemExit(f"ray_solve: {directory}: another ray_solve.py is using this store")
            self.lock.seek(0)
            found = self.lock.read().strip()
        if found and found != wanted:
            raise SystemExit(
                f"ray_solve: {board_path} says '{found}': the store of another board than {wanted}"
            )
        if not found and not read_only:
            self.lock.write(wanted + "\n")
            self.lock.flush()
            os.fsync(self.lock.fileno())
        self.path = os.path.join(directory, "solved.txt")
        self.solved = {}
        self.bounds = {}
        self.given_up = set()  # keys of `unknown` lines
        self.nodes = self.lines = 0
        self.seconds = self.longest = 0.0
        self.read(width, height, read_only)
        self.file = None if read_only else open(self.path, "a")

    def read(self, width, height, read_only=False):
        if not os.path.exists(self.path):
            return
        with open(self.path, "rb") as file:
            data = file.read()
        complete = data.rfind(b"\n") + 1
        if complete < len(data) and not read_only:
            note(f"{self.path}: its last line was cut short (a killed run): dropped")
            with open(self.path, "r+b") as file:
                file.truncate(complete)
        for number, line in enumerate(data[:complete].decode(errors="replace").splitlines(), 1):
            try:
                moves = parse_answer(line)[0]
                key = position(width, height, moves).key()
            except ValueError as error:
                raise SystemExit(f"ray_solve: {self.path}:{number}: {error}: {line!r}")
            self.learn(key, line, f"{self.path}:{number}: ")

    def learn(self, key, line, where=""):
        moves, low, high, nodes, micros = parse_answer(line)
        self.nodes += nodes
        self.lines += 1
        self.seconds += micros / 1e6
        self.longest = max(self.longest, micros / 1e6)
        held = self.bounds.setdefault(key, [-NO_BOUND, NO_BOUND])
        if max(held[0], low) > min(held[1], high):
            known = " and ".join(
                text
                for text, bound in ((f">={held[0]}", held[0] > -NO_BOUND), (f"<={held[1]}", held[1] < NO_BOUND))
                if bound
            )
            raise SystemExit(
                f"ray_solve: {where}{moves!r}: {line.split()[-3]} contradicts the store's "
                f"earlier lines on the same position ({known})"
            )
        held[0], held[1] = max(held[0], low), min(held[1], high)
        if low == high:
            self.solved.setdefault(key, (moves, low, nodes, micros))
        if low == -NO_BOUND and high == NO_BOUND:
            self.given_up.add(key)

    def add(self, key, line):
        self.learn(key, line)
        # Written through at once (a killed driver loses nothing); to disk at each batch's end.
        self.file.write(line + "\n")
        self.file.flush()

    def sync(self):
        os.fsync(self.file.fileno())


def parse_line(line):
    """(moves, score, nodes, microseconds) of a line of `sente solve connect4`."""
    moves, low, high, nodes, micros = parse_answer(line)
    if low != high:
        raise ValueError("a bound, not a score")
    return moves, low, nodes, micros


NO_BOUND = 1 << 30


def parse_answer(line):
    """(moves, low, high, nodes, microseconds) of a line of `sente solve connect4`, with or
    without `--at-least S`: a score is its own low and high, `>=S` is (S, NO_BOUND), `<S`
    (-NO_BOUND, S - 1) and `unknown` (given up after `--max-seconds`) (-NO_BOUND, NO_BOUND)."""
    words = line.split()
    if len(words) == 3 and line.startswith(" "):
        words.insert(0, "")
    if len(words) != 4 or words[1] == "error":
        raise ValueError("not a line of `sente solve connect4`")
    answer = words[1]
    try:
        if answer.startswith(">="):
            low, high = int(answer[2:]), NO_BOUND
        elif answer.startswith("<"):
            low, high = -NO_BOUND, int(answer[1:]) - 1
        elif answer == "unknown":
            low, high = -NO_BOUND, NO_BOUND
        else:
            low = high = int(answer)
        return words[0], low, high, int(words[2]), float(words[3])
    except ValueError:
        raise ValueError("not a line of `sente solve connect4`") from None


class Split:
    """The tree of positions down to ply `depth`, each position once (by key). A `lazy` split
    (for --bounds) lists a position's children only when `node` is first asked for them, its
    moves from the centre out."""

    def __init__(self, width, height, depth, solved, lazy=False):
        self.width, self.height, self.depth = width, height, depth
        self.cells = width * height
        self.lazy = lazy
        self.columns = sorted(range(width), key=lambda c: abs(2 * c - width + 1)) if lazy else range(width)
        # key -> ("known", score) | ("task", moves) | ("inner", [child keys], None until listed)
        self.nodes = {}
        self.boards = {}  # lazy: key -> the board of an inner position not listed yet
        self.stored = set()  # keys whose score the store had
        self.solved = solved
        self.root = self.visit(Board(width, height))

    def node(self, key):
        """`nodes[key]`, an inner position's children listed first if need be."""
        kind, data = self.nodes[key]
        if kind == "inner" and data is None:
            self.nodes[key] = ("inner", self.children(self.boards.pop(key)))
        return self.nodes[key]

    def deepen(self, key):
        """A position at ply `depth` (a task) made inner: its children are tasks one ply deeper."""
        board = Board(self.width, self.height)
        for char in self.nodes[key][1]:
            board.play(COLUMNS.find(char))
        self.nodes[key] = ("inner", self.children(board))

    def children(self, board):
        keys = []
        for col in self.columns:
            if board.playable(col):
                child = board.copy()
                child.play(col)
                keys.append(self.visit(child))
        return keys

    def visit(self, board):
        key = board.key()
        if key in self.nodes:
            return key
        if key in self.solved:
            self.stored.add(key)
            self.nodes[key] = ("task", board.moves)
            return key
        moves = [c for c in self.columns if board.playable(c)]
        if not moves:
            self.nodes[key] = ("known", 0)
        elif any(board.wins(c) for c in moves):
            # The side to move completes a four with its next stone, the best it can do.
            self.nodes[key] = ("known", (self.cells + 1 - board.ply) // 2)
        elif board.ply >= self.depth:
            self.nodes[key] = ("task", board.moves)
        elif self.lazy:
            self.nodes[key] = ("inner", None)
            self.boards[key] = board
        else:
            self.nodes[key] = ("inner", self.children(board))
        return key

    def tasks(self):
        return [(k, n[1]) for k, n in self.nodes.items() if n[0] == "task"]

    def known(self):
        return sum(1 for n in self.nodes.values() if n[0] == "known")

    def limits(self, key):
        """The lowest and highest scores a position of `key`'s stones can have: the opponent's
        win with its next stone, the side to move's win with its own (as sente's solver bounds
        them)."""
        stones = len(key) - key.count("/")
        return -((self.cells - stones) // 2), (self.cells + 1 - stones) // 2

    def value(self, scores):
        """The root's score by negamax, `scores` giving each task's."""
        memo = {}

        def score(key):
            if key not in memo:
                kind, data = self.nodes[key]
                if kind == "known":
                    memo[key] = data
                elif kind == "task":
                    memo[key] = scores[key]
                else:
                    memo[key] = max(-score(child) for child in data)
            return memo[key]

        return score(self.root)


class TaskFailed(Exception):
    """`sente solve` in a task failed; `retryable` when it was killed rather than refused."""

    def __init__(self, message, retryable):
        super().__init__(message, retryable)
        self.message = message
        self.retryable = retryable

    def __str__(self):
        return self.message


def solve_positions(sente, arguments, positions):
    """A Ray task: solves `positions` (move strings) with `sente solve connect4 <arguments>`
    and yields ("start", node, host), then each position's line as it is solved."""
    import ray

    yield ("start", ray.get_runtime_context().get_node_id(), socket.gethostname())
    command = [sente, "solve", "connect4", *arguments]
    # On Linux, sente gets SIGTERM if this worker dies.
    setpriv = shutil.which("setpriv")
    if setpriv:
        command = [setpriv, "--pdeathsig", "TERM", "--", *command]
    process = None
    with tempfile.TemporaryFile("w+") as errors:
        try:
            try:
                process = subprocess.Popen(
                    command,
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    stderr=errors,
                    text=True,
                    start_new_session=True,
                )
            except OSError as error:
                raise TaskFailed(f"{sente} on {socket.gethostname()}: {error}", False)

            def feed():
                try:
                    process.stdin.write("".join(p + "\n" for p in positions))
                    process.stdin.close()
                except OSError:
                    pass

            threading.Thread(target=feed, daemon=True).start()
            for line in process.stdout:
                line = line.rstrip("\n")
                if " error " in f" {line} ":
                    raise TaskFailed(f"sente solve connect4: {line.strip()}", False)
                yield ("solved", line)
            status = process.wait()
            if status != 0:
                errors.seek(0)
                message = errors.read().strip() or f"sente solve exited with status {status}"
                # Exit status 1: sente refused its arguments; killed: try again.
                raise TaskFailed(message, retryable=status != 1)
        finally:
            if process is not None and process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
                try:
                    process.wait(5)
                except subprocess.TimeoutExpired:
                    os.killpg(process.pid, signal.SIGKILL)
                    process.wait()


class KeptSolver:
    """A Ray actor (`--keep-table`): one `sente solve connect4 <arguments> --keep-table`
    process kept from one batch to the next, so that its table keeps what the questions before
    proved (siblings share most of their subtrees). `solve` yields ("start", node, host), then
    each line of the batch's as it is solved; a `sente` that died is started again (an empty
    table) at the next batch, the positions it had not sent back failing with this one."""

    def __init__(self, sente, arguments):
        self.command = [sente, "solve", "connect4", *arguments, "--keep-table"]
        # On Linux, sente gets SIGTERM if this actor dies.
        setpriv = shutil.which("setpriv")
        if setpriv:
            self.command = [setpriv, "--pdeathsig", "TERM", "--", *self.command]
        self.process = None
        self.errors = tempfile.TemporaryFile("w+")

    def solve(self, lines):
        import ray

        yield ("start", ray.get_runtime_context().get_node_id(), socket.gethostname())
        if self.process is None:
            try:
                self.process = subprocess.Popen(
                    self.command,
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    stderr=self.errors,
                    text=True,
                    start_new_session=True,
                )
            except OSError as error:
                raise TaskFailed(f"{self.command[0]} on {socket.gethostname()}: {error}", False)
        try:
            self.process.stdin.write("".join(line + "\n" for line in lines))
            self.process.stdin.flush()
        except OSError:
            raise self.ended()
        for _ in lines:
            line = self.process.stdout.readline()
            if not line:
                raise self.ended()
            line = line.rstrip("\n")
            if " error " in f" {line} ":
                raise TaskFailed(f"sente solve connect4: {line.strip()}", False)
            yield ("solved", line)

    def ended(self):
        """The TaskFailed of a `sente` that stopped answering (its process reaped)."""
        process, self.process = self.process, None
        try:
            status = process.wait(5)
        except subprocess.TimeoutExpired:
            process.kill()
            status = process.wait()
        self.errors.seek(0)
        message = self.errors.read().strip() or f"sente solve exited with status {status}"
        self.errors.seek(0)
        self.errors.truncate()
        # Exit status 1: sente refused its arguments; killed: try again.
        return TaskFailed(message, retryable=status != 1)


class Batch:
    """One Ray task's positions, the bound asked of them (--bounds; None: their scores), and
    what it has sent back."""

    def __init__(self, positions, bound=None, leaves=None):
        self.positions = positions  # [(key, moves)]
        self.keys = {moves: key for key, moves in positions}
        self.bound = bound
        self.leaves = leaves  # --bounds: moves -> the Prover's Leaf
        self.node = None
        self.received = set()

    def arguments(self):
        """What `sente solve` gets beside the driver's arguments to ask the batch's bound of
        every line."""
        return [] if self.bound is None else ["--at-least", str(self.bound)]

    def lines(self):
        """The batch's lines for a `sente solve` asked nothing on its command line: each
        position's moves, then `>=t` if a bound is asked."""
        ask = "" if self.bound is None else f" >={self.bound}"
        return [moves + ask for _, moves in self.positions]


class ExactWork:
    """The split's tasks, each solved exactly, in batches of `per_batch`."""

    def __init__(self, tasks, per_batch):
        self.queue = deque(
            Batch(tasks[first : first + per_batch]) for first in range(0, len(tasks), per_batch)
        )
        self.total = len(tasks)

    def next_batch(self):
        return self.queue.popleft() if self.queue else None

    def retry(self, batch, missing):
        self.queue.appendleft(Batch(missing))

    def solved(self, batch, key, line):
        pass

    def progress(self, done):
        return f"{done} of {self.total} positions solved"

    def where(self):
        return ""


class BoundsWork:
    """The questions of a `Prover` (ray_solve_bounds.py), as it asks them, in batches of at
    most `per_batch` positions asked the same bound."""

    def __init__(self, prover, per_batch):
        self.prover = prover
        self.per_batch = per_batch
        self.said = 0

    def next_batch(self):
        leaves = self.prover.leaves(self.per_batch)
        self.say_steps()
        if not leaves:
            return None
        return Batch(
            [(leaf.key, leaf.moves) for leaf in leaves],
            leaves[0].t,
            {leaf.moves: leaf for leaf in leaves},
        )

    def retry(self, batch, missing):
        self.prover.unsent([batch.leaves[moves] for _, moves in missing])

    def solved(self, batch, key, line):
        answer = line.split()[-3]
        reached = None if answer == "unknown" else answer.startswith(">=")
        self.prover.answer(batch.leaves[parse_answer(line)[0]], reached)
        self.say_steps()

    def say_steps(self):
        for t, reached in self.prover.steps[self.said :]:
            note(
                f"the empty board scores {'at least' if reached else 'less than'} {t} "
                f"({since_start()})"
            )
        self.said = len(self.prover.steps)

    def progress(self, done):
        return f"{done} bounds proven"

    def where(self):
        """How far the empty board's open question is, for the progress lines."""
        asking = self.prover.asking()
        if asking is None:
            return ""
        t, settled, moves = asking
        return f"; at least {t}?: {settled} of its {moves} first moves settled"


class FreshTables:
    """Each batch a Ray task of its own: one `sente solve` process, a fresh table per position."""

    def __init__(self, ray, args, arguments):
        self.ray = ray
        self.arguments = arguments
        self.sente = args.sente
        self.remote = ray.remote(max_retries=0)(solve_positions).options(num_cpus=args.cpus_per_task)

    def submit(self, batch):
        moves = [m for _, m in batch.positions]
        return self.remote.remote(self.sente, self.arguments + batch.arguments(), moves)

    def fit(self, slots):
        pass

    def finished(self, generator):
        pass

    def lost(self, generator):
        pass

    def cancel(self, generators):
        for generator in generators:
            self.ray.cancel(generator, force=True)


class KeptTables:
    """`--keep-table`: one Ray actor per CPU slot (`KeptSolver`), each keeping its `sente
    solve` process, and so its table, from one batch to the next; a batch goes to the actor
    with the fewest batches waiting. An actor that dies is replaced by a new one (an empty
    table) when its batches fail."""

    def __init__(self, ray, args, arguments):
        self.ray = ray
        self.arguments = arguments
        self.sente = args.sente
        self.actor = ray.remote(max_restarts=0, max_task_retries=0)(KeptSolver).options(
            num_cpus=args.cpus_per_task
        )
        self.actors = []
        self.load = Counter()
        self.owner = {}  # generator -> its actor

    def start(self):
        return self.actor.remote(self.sente, self.arguments)

    def fit(self, slots):
        """One actor per slot of the cluster (more when nodes join)."""
        while len(self.actors) < slots:
            self.actors.append(self.start())

    def submit(self, batch):
        actor = min(self.actors, key=lambda a: self.load[a])
        generator = actor.solve.remote(batch.lines())
        self.load[actor] += 1
        self.owner[generator] = actor
        return generator

    def finished(self, generator):
        actor = self.owner.pop(generator, None)
        if actor is not None:
            self.load[actor] -= 1
        return actor

    def lost(self, generator):
        actor = self.finished(generator)
        if actor in self.actors:
            self.actors[self.actors.index(actor)] = self.start()
            self.ray.kill(actor)

    def cancel(self, generators):
        for actor in self.actors:
            self.ray.kill(actor)
        self.actors = []


class Driver:
    def __init__(self, args, store, work):
        self.args = args
        self.store = store
        self.work = work
        self.done = 0
        self.attempts = Counter()
        self.retried = 0
        self.per_node = Counter()
        self.running = {}
        self.pool = None
        self.arguments = [
            "--width",
            str(args.width),
            "--height",
            str(args.height),
            "--hash",
            str(args.hash),
            "--threads",
            str(args.cpus_per_task),
        ]
        if args.task_seconds is not None:
            self.arguments += ["--max-seconds", str(args.task_seconds)]

    def receive(self, batch, item):
        if item[0] == "start":
            batch.node = f"{item[1][:8]} ({item[2]})"
            return
        line = item[1]
        try:
            moves = parse_answer(line)[0]
        except ValueError as error:
            raise SystemExit(f"ray_solve: sente solve printed {line!r}: {error}")
        key = batch.keys.get(moves)
        if key is None or key in batch.received:
            raise SystemExit(f"ray_solve: sente solve printed {line!r}, not a position of its batch")
        batch.received.add(key)
        if key not in self.store.solved:
            self.store.add(key, line)
            self.done += 1
            self.per_node[batch.node] += 1
            if self.done % self.args.progress_every == 0 or self.done == getattr(
                self.work, "total", 0
            ):
                note(f"{self.work.progress(self.done)}, {since_start()}{self.work.where()}")
        self.work.solved(batch, key, line)

    def failed(self, batch, error):
        missing = [p for p in batch.positions if p[0] not in batch.received]
        where = f"on node {batch.node}" if batch.node else "before it started"
        note(
            f"a task of {len(batch.positions)} positions failed {where}: {error}; "
            + (f"retrying {len(missing)} positions" if missing else "nothing to retry")
        )
        for key, moves in missing:
            self.attempts[key] += 1
            if self.attempts[key] > self.args.retries:
                raise SystemExit(
                    f"ray_solve: position {moves!r} failed {self.attempts[key]} times; "
                    f"the positions solved so far are in the store"
                )
        if missing:
            self.retried += len(missing)
            self.work.retry(batch, missing)

    def cancel(self, ray):
        if self.pool is not None:
            self.pool.cancel(list(self.running))
        self.running.clear()

    def run(self, ray):
        kind = KeptTables if self.args.keep_table else FreshTables
        pool = self.pool = kind(ray, self.args, self.arguments)
        running = self.running
        while True:
            slots = max(1, int(ray.cluster_resources().get("CPU", 1)) // self.args.cpus_per_task)
            pool.fit(slots)
            # A batch waits in Ray's queue for each CPU, so that none idles.
            while len(running) < 2 * slots:
                batch = self.work.next_batch()
                if batch is None:
                    break
                running[pool.submit(batch)] = batch
            if not running:
                return
            ready, _ = ray.wait(list(running), num_returns=1, timeout=1.0)
            for generator in ready:
                batch = running[generator]
                try:
                    item = ray.get(next(generator))
                except StopIteration:
                    del running[generator]
                    pool.finished(generator)
                    self.store.sync()
                    if len(batch.received) < len(batch.positions):
                        self.failed(batch, "sente ended before solving them all")
                    continue
                except ray.exceptions.RayTaskError as error:
                    del running[generator]
                    pool.finished(generator)
                    cause = error.cause
                    if not getattr(cause, "retryable", True):
                        self.cancel(ray)
                        raise SystemExit(f"ray_solve: {cause}")
                    lines = str(cause).strip().splitlines() or [type(cause).__name__]
                    self.failed(batch, lines[-1])
                    continue
                except ray.exceptions.RayError as error:
                    # The worker, its node or the object died.
                    del running[generator]
                    pool.lost(generator)
                    self.failed(batch, type(error).__name__)
                    continue
                self.receive(batch, item)


def parse_arguments(argv):
    parser = argparse.ArgumentParser(
        usage="ray_solve.py --width W --height H [--address ADDR] [--sente PATH] [--store DIR] "
        "[--depth K] [--hash MB] [driver options]",
        description=__doc__.split("\n\n")[0],
        allow_abbrev=False,
    )
    parser.add_argument("--width", type=int, required=True, help="columns of the board")
    parser.add_argument("--height", type=int, required=True, help="rows of the board")
    parser.add_argument("--address", help="the Ray cluster (auto, or host:port)")
    parser.add_argument("--sente", default="sente", help="the sente binary, on every node")
    parser.add_argument("--store", help="the directory keeping the solved positions")
    parser.add_argument("--depth", type=int, default=4, help="plies before the split")
    parser.add_argument("--hash", type=int, default=64, help="table of each solve, in MB")
    parser.add_argument("--cpus-per-task", type=int, default=1, help="threads of each solve")
    parser.add_argument("--task-positions", type=int, default=4, help="positions per Ray task")
    parser.add_argument("--retries", type=int, default=3, help="attempts per position after the first")
    parser.add_argument(
        "--keep-table",
        action="store_true",
        help="one sente process per CPU slot kept from task to task, its table with it "
        "(a Ray actor each), rather than a fresh process and table per task",
    )
    parser.add_argument("--local-cpus", type=int, help="CPUs of a Ray started here")
    parser.add_argument(
        "--progress-every", type=int, default=20, help="say progress every this many positions"
    )
    parser.add_argument(
        "--sample", type=int, help="solve this many tasks drawn at random and estimate the rest"
    )
    parser.add_argument(
        "--bounds",
        action="store_true",
        help="ask each task only the bound its parent needs (--at-least), a position's other "
        "moves only when its first does not settle it",
    )
    parser.add_argument(
        "--first-bound",
        type=int,
        default=1,
        help="with --bounds, the first bound the empty board is asked (1: does the first player win?)",
    )
    parser.add_argument(
        "--task-seconds",
        type=float,
        help="with --bounds, a position's solve given up after this long, its question asked of "
        "its children instead",
    )
    parser.add_argument(
        "--status",
        action="store_true",
        help="start nothing: print what the store (--store, beside a run or after it) proves "
        "of the empty board and of each first move, with --bounds's split at --depth",
    )
    parser.add_argument("--seed", type=int, default=1, help="the draw of --sample and its bootstrap")
    parser.add_argument(
        "--workers", default="2,64,1024", help="worker counts the --sample estimate is given for"
    )
    args = parser.parse_args(argv)
    try:
        args.workers = [int(n) for n in args.workers.split(",")]
    except ValueError:
        parser.error(f"--workers {args.workers}: worker counts separated by commas, e.g. 2,64,1024")
    if any(n < 1 for n in args.workers):
        parser.error("--workers: each count is at least 1")
    if args.sample is not None and args.sample < 1:
        parser.error("--sample is at least 1")
    if args.sample is not None and args.bounds:
        parser.error("--sample estimates the split's exact tasks: not with --bounds")
    if args.sample is not None and args.keep_table:
        parser.error("--sample times tasks each on a fresh table: not with --keep-table")
    if args.task_seconds is not None and not args.bounds:
        parser.error("--task-seconds splits a position given up deeper: only with --bounds")
    if args.task_seconds is not None and not args.task_seconds > 0:
        parser.error("--task-seconds is more than 0")
    for name in ("depth", "retries"):
        if getattr(args, name) < 0:
            parser.error(f"--{name} is at least 0")
    for name in ("hash", "cpus_per_task", "task_positions", "progress_every"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} is at least 1")
    if args.local_cpus is not None and args.local_cpus < 1:
        parser.error("--local-cpus is at least 1")
    if args.status:
        if args.store is None:
            parser.error("--status reads a store: give its --store")
        if args.sample is not None:
            parser.error("--status solves nothing: not with --sample")
        if not 1 <= args.width <= len(COLUMNS) or args.height < 1:
            parser.error(f"--width is 1 to {len(COLUMNS)} and --height at least 1")
        return args
    args.sente = os.path.abspath(args.sente) if os.sep in args.sente else args.sente
    if shutil.which(args.sente) is None:
        parser.error(f"--sente {args.sente}: no such program here")
    # sente says whether it holds the board (the driver checks it before Ray starts).
    check = subprocess.run(
        [args.sente, "solve", "connect4", "--width", str(args.width), "--height", str(args.height),
         "--hash", "1"],
        input="",
        capture_output=True,
        text=True,
    )
    if check.returncode != 0:
        parser.error(f"--width {args.width} --height {args.height}: {check.stderr.strip()}")
    return args


def main(argv):
    args = parse_arguments(argv)
    if args.status:
        return status(args)
    temporary = None
    if args.store is None:
        temporary = tempfile.mkdtemp(prefix="ray-solve-")
    store = Store(args.store or temporary, args.width, args.height)
    start = STARTED
    if args.bounds:
        split = Split(args.width, args.height, args.depth, store.solved, lazy=True)
        return prove(args, store, split, start, temporary)
    split = Split(args.width, args.height, args.depth, store.solved)
    tasks = split.tasks()
    population = len(tasks)
    if args.sample is not None:
        # Drawn from the tasks in the split's order, so a seed draws the same ones each run.
        tasks = random.Random(args.seed).sample(tasks, min(args.sample, population))
    todo = [(k, m) for k, m in tasks if k not in store.solved]
    note(
        f"{args.width}x{args.height} split at ply {args.depth}: {len(split.nodes)} positions, "
        f"{split.known()} decided before the split, "
        f"{population} tasks"
        + (f", {len(tasks)} drawn" if args.sample is not None else "")
        + f": {len(tasks) - len(todo)} in the store, {len(todo)} to solve"
    )
    interrupted = False
    if todo:
        ray, nodes, cpus = start_ray(args.address, args.local_cpus)
        note(
            f"{cluster_text(nodes, cpus)}; tasks of "
            f"{args.task_positions} positions, {args.cpus_per_task} CPU each"
        )
        # Shuffled (fixed seed): neighbouring positions of the split are alike in cost.
        random.Random(1).shuffle(todo)
        driver = Driver(args, store, ExactWork(todo, args.task_positions))
        interrupted = drive(driver, ray)
    elapsed = time.monotonic() - start
    if interrupted:
        note(f"interrupted; {len(store.solved)} positions in the store")
        return 130
    entries = [store.solved[k] for k, _ in tasks]
    times = sorted((e[3] / 1e6, e[0]) for e in entries)
    nodes = sum(e[2] for e in entries)
    if times:
        total = sum(t for t, _ in times)
        note(
            f"tasks' own time: {total:.2f} s in all, the longest {times[-1][0]:.2f} s "
            f"({times[-1][1]}), {times[-1][0] / total if total else 0:.3f} of the sum; "
            f"wall {elapsed:.2f} s"
        )
    if temporary:
        shutil.rmtree(temporary, ignore_errors=True)
    if args.sample is not None:
        seconds = [t for t, _ in times]
        OUT.write(estimate(seconds, nodes, population, args.depth, args.workers, args.seed))
        OUT.flush()
        return 0
    score = split.value({k: store.solved[k][1] for k, _ in tasks})
    OUT.write(f" {score} {nodes} {elapsed * 1e6:.2f}\n")
    OUT.flush()
    return 0


def status(args):
    """`--status`: what the store's answers prove, on stdout, without asking anything:

        store <answers> <given up> <solver seconds> <nodes>
        empty <low> <high>
        move <columns> <low> <high>      one line per first move, mirror images on one line

    the bounds of the empty board's score and of the first player's score after each first
    move (its columns as move strings name them, the most central first), by negamax over the
    split at `--depth` (a position given up split one ply deeper, as `--bounds` does)."""
    store = Store(args.store, args.width, args.height, read_only=True)
    split = Split(args.width, args.height, args.depth, store.solved, lazy=True)
    (low, high), moves = standing(split, store.bounds, store.given_up)
    board = Board(args.width, args.height)
    columns = {}
    for col in split.columns:
        child = board.copy()
        child.play(col)
        columns.setdefault(child.key(), []).append(COLUMNS[col])
    OUT.write(
        f"store {store.lines} {len(store.given_up)} {store.seconds:.2f} {store.nodes}\n"
        f"empty {low} {high}\n"
    )
    for key, (child_low, child_high) in moves:
        OUT.write(f"move {','.join(columns.get(key, '?'))} {-child_high} {-child_low}\n")
    OUT.flush()
    return 0


def drive(driver, ray):
    """Runs `driver` on `ray` until its work is done or the driver is stopped (SIGTERM or
    ^C: True), then says what the workers did."""

    def stop(*_):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    interrupted = False
    try:
        driver.run(ray)
    except KeyboardInterrupt:
        interrupted = True
        driver.cancel(ray)
    nodes_text = ", ".join(f"{n} {c}" for n, c in sorted(driver.per_node.items())) or "none"
    note(
        f"positions solved here: {driver.done}; per node: {nodes_text}; "
        f"{driver.retried} retried"
    )
    return interrupted


def prove(args, store, split, start, temporary):
    """`--bounds`: the empty board's score by null-window questions (ray_solve_bounds.py)."""
    note(
        f"{args.width}x{args.height} split at ply {args.depth}, each position there asked a "
        f"bound when a proof needs it; {store.lines} answers in the store"
    )
    prover = Prover(
        split, store.bounds, split.limits, first=args.first_bound, given_up=store.given_up
    )
    work = BoundsWork(prover, args.task_positions)
    interrupted = False
    work.say_steps()
    if not prover.done():
        ray, nodes, cpus = start_ray(args.address, args.local_cpus)
        note(
            f"{cluster_text(nodes, cpus)}; tasks of at most "
            f"{args.task_positions} positions, {args.cpus_per_task} CPU each"
        )
        driver = Driver(args, store, work)
        interrupted = drive(driver, ray)
        if not interrupted and not prover.done():
            raise SystemExit("ray_solve: the workers are idle and the proof is not done")
    elapsed = time.monotonic() - start
    note(
        f"positions listed: {len(split.nodes)}, {split.known()} decided in the driver, "
        f"{len(split.tasks())} tasks (at ply {args.depth}, or deeper below one given up)"
    )
    note(
        f"the store's {store.lines} answers: {store.seconds:.2f} s of the solver's time in all, "
        f"the longest {store.longest:.2f} s; wall {elapsed:.2f} s"
    )
    if interrupted:
        note(f"interrupted; {store.lines} answers in the store")
        return 130
    if temporary:
        shutil.rmtree(temporary, ignore_errors=True)
    OUT.write(f" {prover.score()} {store.nodes} {elapsed * 1e6:.2f}\n")
    OUT.flush()
    return 0


def estimate(seconds, nodes, population, depth, workers, seed, rounds=2000):
    """The `--sample` report: the whole split's cost from the sampled tasks' `seconds`."""
    n = len(seconds)
    if n == 0:
        return f"sample 0 of 0 tasks at ply {depth}: every position is decided before the split\n"
    longest = max(seconds)
    lines = [
        f"sample {n} of {population} tasks at ply {depth}: {sum(seconds):.2f} s, {nodes} nodes, "
        f"the longest {longest:.2f} s"
    ]
    rng = random.Random(seed)
    mean = sum(seconds) / n
    if n == population:
        # The whole split was solved: nothing is estimated.
        draws = [(sum(seconds), longest)] * 2
    else:
        draws = sorted(
            (population * sum(d) / n, max(d))
            for d in ([rng.choice(seconds) for _ in range(n)] for _ in range(rounds))
        )
    low, high = draws[int(0.025 * (len(draws) - 1))], draws[int(0.975 * (len(draws) - 1))]
    lines.append(f"tasks {population * mean:.2f} s of CPU (95% {low[0]:.2f}-{high[0]:.2f})")
    for count in workers:
        walls = sorted(max(total / count, top) for total, top in draws)
        lines.append(
            f"workers {count} {max(population * mean / count, longest):.2f} s "
            f"(95% {walls[int(0.025 * (len(walls) - 1))]:.2f}-{walls[int(0.975 * (len(walls) - 1))]:.2f})"
        )
    return "".join(line + "\n" for line in lines)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
