#!/usr/bin/env python3
"""Plays sente's full search (`go movetime`) against a plain searcher (also sente, with
`Algorithm minimax` or `alphabeta-plain` and `go depth N`) at Connect Four, on any board size,
and prints the score.

Games come in pairs: the same random opening (a few random plies, seeded) is played once with
each engine moving first. The rules are checked by asking a third sente (`query result`,
`query moves`) after every move. At sizes other than 7 x 6 the full search has no opening book
(it says so in an info string) and plays its own moves from the start; from 8 stones on it
first gives the exact solver half of its time, as at 7 x 6.

With `--opponent fsf` the opponent is Fairy-Stockfish (a local build, `--fsf <path>`) and the
games are played by `sente match` (whose adapter speaks Fairy-Stockfish's notation and checks
every move), both engines at `--movetime` a move, one thread each, `--opening-plies` random
plies played with both colours; `--width 3 --height 3` plays tic-tac-toe. Prints the referee's
summary (score, Elo with its error bar) and writes the record to `--out`.

Usage: cargo build --release && python3 scripts/strength.py [--games 40] [--movetime 100]
       [--width 7 --height 6] [--opponent minimax --depth 4]
       python3 scripts/strength.py --opponent fsf --fsf /work/peers/fsf/fsf --movetime 500
       --width 8 --height 7 --games 100
Issue 15's runs: python3 scripts/strength.py --width 8 --height 7 --movetime 1000
       --opponent alphabeta-plain --depth 6 --games 40   (and --width 9 --height 6)
"""

import argparse
import random
import subprocess
import sys

from engine_pipe import EnginePipe


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


def size_options(width, height):
    """Options setting a width x height board whatever the current size, in order: every
    intermediate board fits 64 bits (4 columns hold any height)."""
    return [("Connect4Width", 4), ("Connect4Height", height), ("Connect4Width", width)]


def against_fsf(args):
    """The match against Fairy-Stockfish, refereed by `sente match`; its exit status."""
    if (args.width, args.height) == (3, 3):
        rules = ["--variant", "tictactoe"]
        each = []
    else:
        rules = ["--variant", "connect4"]
        each = [f"option.Connect4Width={args.width}", f"option.Connect4Height={args.height}"]
    seconds = f"{args.movetime / 1000:g}"
    command = [
        args.engine, "match", *rules, "--games", str(args.games),
        "--openings", f"plies={args.opening_plies}", "--seed", str(args.seed),
        "--concurrency", str(args.concurrency), "--out", args.out,
        "--engine", f"cmd={args.engine}", "name=sente", f"option.Hash={args.hash}",
        "--engine", f"cmd={args.fsf}", "name=fsf", "notation=fsf",
        "--each", f"st={seconds}", "timemargin=1000", "option.Threads=1", *each,
    ]
    print(" ".join(command), flush=True)
    return subprocess.run(command).returncode


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
    parser.add_argument("--fsf", default="fairy-stockfish", help="Fairy-Stockfish's program")
    parser.add_argument("--out", default="strength-fsf.txt", help="the record (with fsf)")
    parser.add_argument("--concurrency", type=int, default=1, help="games at once (with fsf)")
    parser.add_argument("--depth", type=int, default=4, help="the opponent's depth")
    parser.add_argument("--hash", type=int, default=256, help="the full search's Hash, MB")
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
