"""A sente (or any UCI/UGI engine) process driven through its stdin/stdout, for the scripts."""

import os
import subprocess
from pathlib import Path


def machine_description():
    """The processor's model and the number of cores, for the scripts' reports."""
    model = "unknown processor"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} cores"


def size_options(width, height):
    """Options setting a width x height Connect Four board whatever the current size, in
    order: every intermediate board fits 64 bits (4 columns hold any height)."""
    return [("Connect4Width", 4), ("Connect4Height", height), ("Connect4Width", width)]


class EnginePipe:
    """Starts `path --variant variant`, sets `options` (a dict, or a list of (name, value)
    pairs when the order matters), and waits until it is ready."""

    def __init__(self, path, variant, options=None):
        self.proc = subprocess.Popen(
            [path, "--variant", variant],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        options = options or {}
        for name, value in options.items() if hasattr(options, "items") else options:
            self.send(f"setoption name {name} value {value}")
        self.send("isready")
        self.read_until("readyok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read_until(self, prefix):
        """Reads lines until one starts with `prefix`; returns its words."""
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("engine closed its output")
            if line.startswith(prefix):
                return line.split()

    def set_moves(self, moves):
        """Sets the position to the start plus `moves`."""
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))

    def ask(self, moves, query):
        """The words of the answer to `query <query>` after `moves`."""
        self.set_moves(moves)
        self.send("query " + query)
        return self.read_until("response")[1:]

    def best_move(self, moves, go):
        """The engine's `bestmove` after `moves` for the command `go`."""
        self.set_moves(moves)
        self.send(go)
        return self.read_until("bestmove")[1]

    def go(self, command):
        """Sends a `go ...` command and reads up to its `bestmove`. Returns the words of the
        last `info depth` line (None if there was none), the best move, and the texts of the
        `info string` lines."""
        self.send(command)
        last, notes = None, []
        while True:
            words = self.read_until("")
            if words[:2] == ["info", "depth"]:
                last = words
            elif words[:2] == ["info", "string"]:
                notes.append(" ".join(words[2:]))
            elif words[:1] == ["bestmove"]:
                return last, words[1], notes

    def close(self):
        self.send("quit")
        self.proc.wait(timeout=5)


class SolverPipe:
    """A `sente solve connect4` process keeping its table from one position to the next
    (`weak`: who wins only), on a board of `width` x `height` (7 x 6 when not given), giving up
    a position after `max_seconds` when given."""

    def __init__(self, engine, hash_mb, weak=False, width=None, height=None, max_seconds=None):
        command = [engine, "solve", "connect4", "--hash", str(hash_mb), "--keep-table"]
        if weak:
            command.append("--weak")
        if width is not None:
            command += ["--width", str(width), "--height", str(height)]
        if max_seconds is not None:
            command += ["--max-seconds", str(max_seconds)]
        self.proc = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )

    def score(self, moves):
        """The solver's score of the position after `moves`, from the side to move; None when
        it gave the position up (`max_seconds`)."""
        self.proc.stdin.write("".join(moves) + "\n")
        self.proc.stdin.flush()
        words = self.proc.stdout.readline().split()
        if len(words) < 2 or words[1] == "error":
            raise RuntimeError(f"sente solve gave no score for {''.join(moves)}: {' '.join(words)}")
        return None if words[1] == "unknown" else int(words[1])

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()
