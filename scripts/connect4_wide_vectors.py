#!/usr/bin/env python3
"""Makes (or checks) solved positions of a Connect Four board (tests/data/connect4/wide.txt for
the boards beyond 64 bits, nine-by-five.txt for 9 x 5): positions from games sente plays against
itself on the board, each solved by `sente solve connect4` and by another solver (--peer, built
locally for that board, never by this script), their scores compared.

Games: a random opening of --opening plies, then `go depth D` for both sides with a random
move instead every so often (--random), seeded (--seed), so the same arguments give the same
games. From each unfinished game position with --min-empty to --max-empty empty cells where the
side to move cannot complete four at once, up to --per-game positions are drawn. Each is solved by sente (a fresh --hash MB table per position)
and by the peer, a program that reads move strings (columns 1-9, a-c) on stdin, one per line,
and prints `<moves> <score> <nodes> <microseconds>` per line, in the same score convention
(tests/data/connect4/README.md). A disagreement stops the script with both lines.

Prints `width height moves score peer_nodes` per position (the file's format) and, on stderr,
each solver's total and mean solve time. With --from FILE the positions of the board are read
from a file of that format instead (no games played; the words after the third are not read),
to check it again or time both solvers on it: --runs R solves the set R times, interleaved,
each position keeping its fastest time. --peer is a command line, so the other solver can be
sente itself on more threads (sente's own side runs on --threads, 1 by default):
`--peer "target/release/sente solve connect4 --width 9 --height 7 --hash 2048 --threads 2"`.

Usage: cargo build --release && python3 scripts/connect4_wide_vectors.py --width 8 --height 8
       --peer path/to/solver-8x8 [--positions 60] [--seed 1] [--depth 8] [--hash 64]
       [--from tests/data/connect4/wide.txt --runs 3] [--threads 1]
"""

import argparse
import pathlib
import random
import shlex
import subprocess
import sys

from engine_pipe import EnginePipe, machine_description

ROOT = pathlib.Path(__file__).resolve().parent.parent


def label(column):
    return str(column + 1) if column < 9 else chr(ord("a") + column - 9)


class Board:
    """A plain Connect Four board: columns of stones, four in a row checked cell by cell."""

    def __init__(self, width, height):
        self.width, self.height = width, height
        self.columns = [[] for _ in range(width)]
        self.moves = []
        self.won = False

    def legal(self):
        if self.won:
            return []
        return [c for c in range(self.width) if len(self.columns[c]) < self.height]

    def makes_four(self, column, player):
        """Whether `player`'s stone dropped in `column` completes four in a row."""
        row = len(self.columns[column])
        for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
            count = 1
            for sign in (1, -1):
                c, r = column + sign * dc, row + sign * dr
                while 0 <= c < self.width and 0 <= r < len(self.columns[c]) \
                        and self.columns[c][r] == player:
                    count += 1
                    c, r = c + sign * dc, r + sign * dr
            if count >= 4:
                return True
        return False

    def wins_at_once(self):
        """Whether the side to move has a move that completes four."""
        player = len(self.moves) % 2
        return any(self.makes_four(c, player) for c in self.legal())

    def play(self, column):
        player = len(self.moves) % 2
        self.won = self.makes_four(column, player)
        self.columns[column].append(player)
        self.moves.append(column)

    def empty(self):
        return self.width * self.height - len(self.moves)

    def text(self):
        return "".join(label(c) for c in self.moves)


def play_game(engine, width, height, rng, args):
    """The move strings of the game's unfinished positions with the wanted empty cells."""
    board = Board(width, height)
    found = []
    while board.legal():
        if args.min_empty <= board.empty() <= args.max_empty and not board.wins_at_once():
            found.append(board.text())
        legal = board.legal()
        if len(board.moves) < args.opening or rng.random() < args.random:
            column = rng.choice(legal)
        else:
            engine.set_moves([label(c) for c in board.moves])
            engine.send(f"go depth {args.depth}")
            move = engine.read_until("bestmove")[1]
            column = int(move) - 1 if move.isdigit() else ord(move) - ord("a") + 9
        board.play(column)
    return found


def solve(command, positions):
    text = "".join(p + "\n" for p in positions)
    out = subprocess.run(command, input=text, capture_output=True, text=True, check=True)
    lines = out.stdout.splitlines()
    if len(lines) != len(positions):
        sys.exit(f"{command[0]} printed {len(lines)} lines for {len(positions)} positions")
    return [line.split() for line in lines]


def fastest(kept, lines):
    """Each position's line of the run where it was solved fastest."""
    if kept is None:
        return lines
    return [a if float(a[3]) <= float(b[3]) else b for a, b in zip(kept, lines)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default=str(ROOT / "target" / "release" / "sente"))
    parser.add_argument("--width", type=int, required=True)
    parser.add_argument("--height", type=int, required=True)
    parser.add_argument("--peer", required=True,
                        help="the other solver's command line, built for this board")
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--per-game", type=int, default=4)
    parser.add_argument("--min-empty", type=int, default=16)
    parser.add_argument("--max-empty", type=int, default=30)
    parser.add_argument("--opening", type=int, default=4)
    parser.add_argument("--random", type=float, default=0.1)
    parser.add_argument("--depth", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hash", type=int, default=64)
    parser.add_argument("--from", dest="source", help="read the positions from this file")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--threads", type=int, default=1, help="sente's threads")
    args = parser.parse_args()
    if args.source:
        positions = [words[2] for words in (line.split() for line in
                                            pathlib.Path(args.source).read_text().splitlines())
                     if words and not words[0].startswith("#")
                     and (int(words[0]), int(words[1])) == (args.width, args.height)]
    else:
        rng = random.Random(args.seed)
        engine = EnginePipe(args.engine, "connect4",
                            [("Connect4Width", args.width), ("Connect4Height", args.height)])
        positions = []
        while len(positions) < args.positions:
            found = play_game(engine, args.width, args.height, rng, args)
            rng.shuffle(found)
            positions += sorted(found[:args.per_game], key=len)
        positions = positions[:args.positions]
        engine.send("quit")
    sente = [args.engine, "solve", "connect4", "--width", str(args.width), "--height",
             str(args.height), "--hash", str(args.hash), "--threads", str(args.threads)]
    ours, theirs = None, None
    for _ in range(args.runs):
        ours = fastest(ours, solve(sente, positions))
        theirs = fastest(theirs, solve(shlex.split(args.peer), positions))
    for moves, a, b in zip(positions, ours, theirs):
        if a[0] != moves or b[0] != moves or a[1] != b[1]:
            sys.exit(f"disagreement on {moves}: sente '{' '.join(a)}', peer '{' '.join(b)}'")
        print(f"{args.width} {args.height} {moves} {a[1]} {b[2]}")
    for name, lines in (("sente", ours), ("peer", theirs)):
        total = sum(float(words[3]) for words in lines) / 1e6
        nodes = sum(int(words[2]) for words in lines)
        print(f"# {name}: {args.width}x{args.height}, {len(lines)} positions, {total:.3f} s, "
              f"{1e3 * total / len(lines):.2f} ms and {nodes / len(lines):.0f} nodes a position, "
              f"fastest of {args.runs} ({machine_description()})", file=sys.stderr)


if __name__ == "__main__":
    main()
