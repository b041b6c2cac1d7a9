#!/usr/bin/env python3
"""Plays sente's full search (100 ms per move) against a plain depth-4 minimax (also sente,
`Algorithm minimax`, `go depth 4`) at Connect Four, and prints the score.

Games come in pairs: the same random opening (a few random plies, seeded) is played once with
each engine moving first. The rules are checked by asking the engine (`query result`,
`query moves`) after every move.

Usage: cargo build --release && python3 scripts/strength.py [--games 40] [--movetime 100]
"""

import argparse
import random

from engine_pipe import EnginePipe


def play(first, second, opening, judge):
    moves = list(opening)
    engines = [first, second]
    while True:
        result = judge.ask(moves, "result")[0]
        if result != "none":
            return result
        mover = engines[len(moves) % 2]
        move = mover[0].best_move(moves, mover[1])
        if move not in judge.ask(moves, "moves"):
            return "p2win" if len(moves) % 2 == 0 else "p1win"
        moves.append(move)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default="target/release/sente")
    parser.add_argument("--games", type=int, default=40, help="even number of games")
    parser.add_argument("--movetime", type=int, default=100)
    parser.add_argument("--opening-plies", type=int, default=2)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()

    full = (EnginePipe(args.engine, "connect4"), f"go movetime {args.movetime}")
    plain = (EnginePipe(args.engine, "connect4", {"Algorithm": "minimax"}), "go depth 4")
    judge = EnginePipe(args.engine, "connect4")
    rng = random.Random(args.seed)
    wins = losses = draws = 0
    for pair in range(args.games // 2):
        opening = []
        for _ in range(args.opening_plies):
            opening.append(rng.choice(judge.ask(opening, "moves")))
        for full_first in (True, False):
            first, second = (full, plain) if full_first else (plain, full)
            result = play(first, second, opening, judge)
            full_seat = "p1" if full_first else "p2"
            if result == "draw":
                draws += 1
            elif result == full_seat + "win":
                wins += 1
            else:
                losses += 1
            print(
                f"game {2 * pair + (1 if full_first else 2):3d} opening {' '.join(opening):<6}"
                f" full search as {full_seat}: {result}"
            )
    total = wins + losses + draws
    print(
        f"full search (movetime {args.movetime}) vs minimax depth 4: "
        f"+{wins} -{losses} ={draws} of {total}, score {(wins + draws / 2) / total:.3f}"
    )
    for engine in (full[0], plain[0], judge):
        engine.close()


if __name__ == "__main__":
    main()
