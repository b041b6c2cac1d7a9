#!/usr/bin/env python3
"""Checks that sente, moving first at Connect Four with 1 s per move, wins every game.

sente (OwnBook on, the default) plays p1 with `go movetime 1000` from the empty board against
several opponents: a random mover (seeded), a plain depth-4 minimax, and sente's own full search
(1 s per move, no book) whose first replies are random (seeded) so that the games differ. The
referee checks every move with `query moves` and the end with `query result`. Prints one line
per game and a summary; exits with status 1 if any game was not won by sente.

Usage: cargo build --release && python3 scripts/connect4_first_player.py [--games 6] [--hash 256]
"""

import argparse
import random
import sys

from engine_pipe import EnginePipe


def play(sente, opponent, judge, rng, random_replies):
    moves = []
    while True:
        result = judge.ask(moves, "result")
        if result and result[0] != "none":
            return result[0], moves
        legal = judge.ask(moves, "moves")
        if len(moves) % 2 == 0:
            move = sente.best_move(moves, "go movetime 1000")
        elif opponent is None or len(moves) // 2 < random_replies:
            move = rng.choice(legal)
        else:
            move = opponent[0].best_move(moves, opponent[1])
        if move not in legal:
            return ("p2win" if len(moves) % 2 == 0 else "p1win"), moves
        moves.append(move)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default="target/release/sente")
    parser.add_argument("--games", type=int, default=6, help="games per opponent")
    parser.add_argument("--hash", type=int, default=256)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    sente = EnginePipe(args.engine, "connect4", {"Hash": args.hash})
    judge = EnginePipe(args.engine, "connect4")
    minimax = EnginePipe(args.engine, "connect4", {"Algorithm": "minimax"})
    full = EnginePipe(args.engine, "connect4", {"Hash": args.hash, "OwnBook": "false"})
    opponents = [
        ("random", None, 0),
        ("minimax depth 4", (minimax, "go depth 4"), 0),
        ("full search 1 s, random first replies", (full, "go movetime 1000"), 2),
    ]
    rng = random.Random(args.seed)
    lost = 0
    for name, opponent, random_replies in opponents:
        games = 1 if opponent is not None and random_replies == 0 else args.games
        for game in range(games):
            sente.send("ucinewgame")
            result, moves = play(sente, opponent, judge, rng, random_replies)
            won = result == "p1win"
            lost += not won
            print(f"{name:<38} game {game + 1}: {result:<5} in {len(moves):2} plies  {''.join(moves)}")
    print(f"sente as first player: {'won every game' if lost == 0 else f'{lost} game(s) not won'}")
    for engine in (sente, judge, minimax, full):
        engine.close()
    sys.exit(1 if lost else 0)


if __name__ == "__main__":
    main()
