#!/usr/bin/env python3
"""Checks sente's perfect play at Connect Four with 1 s per move (OwnBook on, the default).

--side first: sente moves first from the empty board and must win every game.
--side second: the opponent moves first with a first move that does not win (any column but
the centre, chosen at random), and sente must never lose (a draw or a win).

Opponents: a random mover (seeded), a plain depth-4 minimax, and sente's own full search
(1 s per move, no book) whose first moves are random (seeded) so that the games differ. The
referee checks every move with `query moves` and the end with `query result`. Prints one line
per game and a summary; exits with status 1 if any game failed the check.

Usage: cargo build --release && python3 scripts/connect4_perfect_play.py [--side first|second] [--games 6]
"""

import argparse
import random
import sys

from engine_pipe import EnginePipe

# The first moves that do not win for the first player (only the centre column wins).
NON_WINNING_FIRST_MOVES = ["1", "2", "3", "5", "6", "7"]


def play(sente, sente_seat, opponent, judge, rng, random_moves):
    """One game; `random_moves` of the opponent's first moves are random."""
    moves = []
    while True:
        result = judge.ask(moves, "result")
        if result and result[0] != "none":
            return result[0], moves
        legal = judge.ask(moves, "moves")
        if len(moves) % 2 == sente_seat:
            move = sente.best_move(moves, "go movetime 1000")
        elif sente_seat == 1 and not moves:
            move = rng.choice(NON_WINNING_FIRST_MOVES)
        elif opponent is None or len(moves) // 2 < random_moves:
            move = rng.choice(legal)
        else:
            move = opponent[0].best_move(moves, opponent[1])
        if move not in legal:
            return ("p2win" if len(moves) % 2 == 0 else "p1win"), moves
        moves.append(move)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default="target/release/sente")
    parser.add_argument("--side", choices=["first", "second"], default="first")
    parser.add_argument("--games", type=int, default=6, help="games per random opponent")
    parser.add_argument("--hash", type=int, default=256)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    seat = 0 if args.side == "first" else 1
    sente = EnginePipe(args.engine, "connect4", {"Hash": args.hash})
    judge = EnginePipe(args.engine, "connect4")
    minimax = EnginePipe(args.engine, "connect4", {"Algorithm": "minimax"})
    full = EnginePipe(args.engine, "connect4", {"Hash": args.hash, "OwnBook": "false"})
    opponents = [
        ("random", None, 0),
        ("minimax depth 4", (minimax, "go depth 4"), 0),
        ("full search 1 s, random first moves", (full, "go movetime 1000"), 2),
    ]
    rng = random.Random(args.seed)
    failed = 0
    mine = "p1win" if seat == 0 else "p2win"
    for name, opponent, random_moves in opponents:
        # A deterministic opponent against sente moving first gives one game only.
        single = opponent is not None and random_moves == 0 and seat == 0
        for game in range(1 if single else args.games):
            sente.send("ucinewgame")
            result, moves = play(sente, seat, opponent, judge, rng, random_moves)
            ok = result == mine if seat == 0 else result in (mine, "draw")
            failed += not ok
            print(
                f"{name:<36} game {game + 1}: {result:<5} in {len(moves):2} plies"
                f"  {''.join(moves)}{'' if ok else '  FAILED'}"
            )
    goal = "won every game" if seat == 0 else "lost no game"
    print(f"sente as {args.side} player: {goal if failed == 0 else f'{failed} game(s) failed'}")
    for engine in (sente, judge, minimax, full):
        engine.close()
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
