#!/usr/bin/env python3
"""Plays sente's full search (`go movetime`) against a plain searcher (also sente, with
`Algorithm minimax` or `alphabeta-plain` and `go depth N`) at Connect Four, on any board size,
and prints the score.

Games come in pairs: the same random opening (a few random plies, seeded) is played once with
each engine moving first. The rules are checked by asking a third sente (`query result`,
`query moves`) after every move. At sizes other than 7 x 6 the full search has no opening book
(it says so in an info string) and plays its own moves from the start; from 8 stones on it
first gives the exact solver half of its time, as at 7 x 6.

With `--opponent fsf` the opponent is Fairy-Stockfish (a local build: `--fsf <path>`, or the
environment variable FAIRY_STOCKFISH, else `fairy-stockfish` on the PATH) and the
games are played by `sente match` (whose adapter speaks Fairy-Stockfish's notation and checks
every move), both engines at `--movetime` a move, one thread each, `--opening-plies` random
plies played with both colours; `--width 3 --height 3` plays tic-tac-toe. Prints the referee's
summary (score, Elo with its error bar) and writes the record to `--out`. On 7 x 6 and
tic-tac-toe it then values each game's opening exactly (`sente solve connect4 --weak`, a whole
`go depth 9` search) and prints every game sente did worse in than its opening's value, and
the count: the issue's "no loss from an opening that is not lost". `--balanced` plays only
openings worth a draw (every one of them, shuffled by the seed, from a file given to
`sente match`): on tic-tac-toe every game should then be drawn.

Usage: cargo build --release && python3 scripts/strength.py [--games 40] [--movetime 100]
       [--width 7 --height 6] [--opponent minimax --depth 4]
       python3 scripts/strength.py --opponent fsf --fsf path/to/fairy-stockfish --movetime 500
       --width 8 --height 7 --games 100
       python3 scripts/strength.py --opponent fsf --fsf ... --width 3 --height 3 --balanced
Issue 15's runs: python3 scripts/strength.py --width 8 --height 7 --movetime 1000
       --opponent alphabeta-plain --depth 6 --games 40   (and --width 9 --height 6)
"""

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

from engine_pipe import EnginePipe, SolverPipe, size_options


def play(first, second, opening, judge):
    moves = list(opening)
    engines = [first, second]
    while True:
        result = judge.ask(moves, "result")[0]
        if result != "none":
            return result, len(moves)
        mover = engines[len(moves) % 2]
        move = mover[0].best_move(moves, mover[1])
        if move not in judge.ask(moves, "moves"):
            return ("p2win" if len(moves) % 2 == 0 else "p1win"), len(moves)
        moves.append(move)


class OpeningJudge:
    """Values openings exactly for the side to move after them (1 wins, 0 draws, -1 loses):
    the weak solver on 7 x 6 Connect Four, a whole-game search on tic-tac-toe."""

    def __init__(self, engine, tictactoe):
        self.tictactoe = tictactoe
        self.engine = engine
        self.pipe = None
        if tictactoe:
            self.pipe = EnginePipe(engine, "tictactoe")
        else:
            self.solver = SolverPipe(engine, 512, weak=True)
        self.values = {}

    def value(self, moves):
        key = tuple(moves)
        if key not in self.values:
            self.values[key] = self._value(moves)
        return self.values[key]

    def _value(self, moves):
        if self.tictactoe:
            self.pipe.set_moves(moves)
            last, _, _ = self.pipe.go("go depth 9")
            score = last[last.index("score") + 1:last.index("score") + 3]
            return 0 if score[0] == "cp" else (1 if int(score[1]) > 0 else -1)
        return self.solver.score(moves)

    def all_openings(self, plies):
        """Every opening of `plies` moves that does not end the game."""
        pipe = self.pipe or EnginePipe(self.engine, "connect4")
        found = [[]]
        for _ in range(plies):
            found = [o + [m] for o in found for m in pipe.ask(o, "moves")]
        found = [o for o in found if pipe.ask(o, "result") == ["none"]]
        if pipe is not self.pipe:
            pipe.close()
        return found

    def close(self):
        if self.pipe:
            self.pipe.close()
        else:
            self.solver.close()


def balanced_openings(args, tictactoe):
    """A file of every `--opening-plies` opening worth a draw, shuffled by the seed."""
    judge = OpeningJudge(args.engine, tictactoe)
    openings = [o for o in judge.all_openings(args.opening_plies) if judge.value(o) == 0]
    judge.close()
    random.Random(args.seed).shuffle(openings)
    handle, path = tempfile.mkstemp(prefix="balanced-", suffix=".txt")
    with os.fdopen(handle, "w") as out:
        out.write(f"# every {args.opening_plies}-ply opening worth a draw, seed {args.seed}\n")
        for opening in openings:
            out.write(f"startpos moves {' '.join(opening)}\n")
    print(f"{len(openings)} balanced openings in {path}", flush=True)
    return path


def read_record(path):
    """The games of a `sente match` record: (round, p1, p2, result, opening moves)."""
    games = []
    for block in open(path).read().split("[Event ")[1:]:
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', block, re.M))
        body = re.sub(r"\{[^}]*\}", "", block.split("\n\n", 1)[1]).split()
        plies = int(tags.get("OpeningPlies", "0"))
        games.append((int(tags["Round"]), tags["P1"], tags["P2"], tags["Result"], body[:plies]))
    return sorted(games)


def verdict(args, tictactoe):
    """Prints each game sente did worse in than its opening's exact value; returns the
    count of losses from openings that are not lost, and of such non-wins on tic-tac-toe."""
    judge = OpeningJudge(args.engine, tictactoe)
    worse = 0
    counts = {}
    for number, p1, _, result, opening in read_record(args.out):
        # The value for the first player: the side to move after an even opening.
        value = judge.value(opening) * (1 if len(opening) % 2 == 0 else -1)
        sente = 1 if p1 == "sente" else -1
        due = value * sente
        got = {"1-0": 1, "0-1": -1}.get(result, 0) * sente
        counts[(due, got)] = counts.get((due, got), 0) + 1
        if got < due:
            worse += 1
            print(f"game {number}: opening {' '.join(opening)} worth {due:+d} to sente"
                  f" ({'p1' if sente == 1 else 'p2'}), sente got {got:+d}")
    judge.close()
    names = {1: "won", 0: "drawn", -1: "lost"}
    for (due, got), n in sorted(counts.items(), reverse=True):
        print(f"  {n:3d} games from openings {names[due]} for sente: sente {names[got]}")
    losses = sum(n for (due, got), n in counts.items() if due >= 0 and got < 0)
    print(f"losses from openings that are not lost: {losses}; games below the opening's"
          f" value: {worse}", flush=True)
    return losses


def fsf_program(path):
    """Fairy-Stockfish's program as given (a path, or a name on the PATH), or exit saying how
    to give it."""
    found = shutil.which(path)
    if found is None:
        sys.exit(f"Fairy-Stockfish not found: '{path}' is not an executable program. Build it "
                 "(outside this repository) and give it with --fsf <path> or the environment "
                 "variable FAIRY_STOCKFISH.")
    return found


def against_fsf(args):
    """The match against Fairy-Stockfish, refereed by `sente match`; its exit status."""
    args.fsf = fsf_program(args.fsf)
    tictactoe = (args.width, args.height) == (3, 3)
    exact = tictactoe or (args.width, args.height) == (7, 6)
    openings = f"plies={args.opening_plies}"
    if args.balanced:
        if not exact:
            sys.exit("--balanced needs 7x6 or tic-tac-toe (3x3), whose openings are valued")
        openings = "file=" + balanced_openings(args, tictactoe)
    if tictactoe:
        rules = ["--variant", "tictactoe"]
        each = []
    else:
        rules = ["--variant", "connect4"]
        each = [f"option.Connect4Width={args.width}", f"option.Connect4Height={args.height}"]
    seconds = f"{args.movetime / 1000:g}"
    command = [
        args.engine, "match", *rules, "--games", str(args.games),
        "--openings", openings, "--seed", str(args.seed),
        "--concurrency", str(args.concurrency), "--out", args.out,
        "--engine", f"cmd={args.engine}", "name=sente", f"option.Hash={args.hash}",
        "--engine", f"cmd={args.fsf}", "name=fsf", "notation=fsf",
        "--each", f"st={seconds}", "timemargin=1000", "option.Threads=1", *each,
    ]
    print(" ".join(command), flush=True)
    status = subprocess.run(command).returncode
    if args.balanced:
        os.remove(openings.removeprefix("file="))
    if status == 0 and exact:
        verdict(args, tictactoe)
    return status


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default="target/release/sente")
    parser.add_argument("--games", type=int, default=40, help="even number of games")
    parser.add_argument("--movetime", type=int, default=100)
    parser.add_argument("--opening-plies", type=int, default=2)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--width", type=int, default=7)
    parser.add_argument("--height", type=int, default=6)
    parser.add_argument("--opponent", default="minimax",
                        choices=["minimax", "alphabeta-plain", "fsf"])
    parser.add_argument("--fsf", default=os.environ.get("FAIRY_STOCKFISH", "fairy-stockfish"),
                        help="Fairy-Stockfish's program (default: $FAIRY_STOCKFISH, else "
                             "fairy-stockfish on the PATH)")
    parser.add_argument("--out", default="strength-fsf.txt", help="the record (with fsf)")
    parser.add_argument("--concurrency", type=int, default=1, help="games at once (with fsf)")
    parser.add_argument("--depth", type=int, default=4, help="the opponent's depth")
    parser.add_argument("--hash", type=int, default=256, help="the full search's Hash, MB")
    parser.add_argument("--balanced", action="store_true",
                        help="only openings worth a draw (with fsf, 7x6 or tic-tac-toe)")
    args = parser.parse_args()

    if args.opponent == "fsf":
        sys.exit(against_fsf(args))
    size = size_options(args.width, args.height)
    full = (EnginePipe(args.engine, "connect4", size + [("Hash", args.hash)]),
            f"go movetime {args.movetime}")
    plain = (EnginePipe(args.engine, "connect4", size + [("Algorithm", args.opponent)]),
             f"go depth {args.depth}")
    judge = EnginePipe(args.engine, "connect4", size)
    rng = random.Random(args.seed)
    wins = losses = draws = 0
    plies = 0
    for pair in range(args.games // 2):
        opening = []
        for _ in range(args.opening_plies):
            opening.append(rng.choice(judge.ask(opening, "moves")))
        for full_first in (True, False):
            first, second = (full, plain) if full_first else (plain, full)
            result, length = play(first, second, opening, judge)
            plies += length
            full_seat = "p1" if full_first else "p2"
            if result == "draw":
                draws += 1
            elif result == full_seat + "win":
                wins += 1
            else:
                losses += 1
            print(
                f"game {2 * pair + (1 if full_first else 2):3d} opening {' '.join(opening):<6}"
                f" full search as {full_seat}: {result} in {length} plies", flush=True
            )
    total = wins + losses + draws
    print(
        f"{args.width}x{args.height}: full search (movetime {args.movetime}) vs {args.opponent}"
        f" depth {args.depth}: +{wins} -{losses} ={draws} of {total},"
        f" score {(wins + draws / 2) / total:.3f}, {plies / total:.1f} plies a game"
    )
    for engine in (full[0], plain[0], judge):
        engine.close()


if __name__ == "__main__":
    main()
