#!/usr/bin/env python3
"""Reproduces the course's Rush Hour rocks experiment with sente and prints markdown tables.

For the course's three adversarial puzzles (9, 16 and 14 steps without rocks), the car player
searches at depth 3 (`go depth 3`) with each algorithm: minimax, plain alpha-beta, and
expectimax with the random, pessimistic and optimistic visions (`Opponent`); the rock player is
sente's full alpha-beta at depth 3. Each row gives the states the car player visited over the
whole game (sum of its searches' `nodes`), the car moves used (or `lost` after
`RocksMaxTurns` = 100), and the exact value of the puzzle from `go solve` (the fewest car moves
against the best rock play). A second table plays the minimax car player against a random rock
player over several seeds: car moves min / mean / max.

Usage: cargo build --release && python3 scripts/rocks_experiment.py [--seeds 10]
"""

import argparse
import random

from engine_pipe import EnginePipe

PUZZLES = [
    ("....B.....BC.AA.BC.D.....D.....DEEE.", 9),
    ("BB...GC..H.GCAAH.GC..H..D...FFD.EEE.", 16),
    ("B..CCCB..D.FAA.DEFGGG.EF..I.KKHHIJJ.", 14),
]

CAR_PLAYERS = [
    ("minimax", {"Algorithm": "minimax", "Opponent": "adversarial"}),
    ("alpha-beta", {"Algorithm": "alphabeta-plain", "Opponent": "adversarial"}),
    ("expectimax random", {"Opponent": "random"}),
    ("expectimax pessimistic", {"Opponent": "pessimistic"}),
    ("expectimax optimistic", {"Opponent": "optimistic"}),
]


def setup(engine, board, moves):
    engine.send(f"position fen {board} c" + (" moves " + " ".join(moves) if moves else ""))


def search(engine, board, moves, go):
    """The engine's move and the nodes of its last `info` line."""
    setup(engine, board, moves)
    last, move, _ = engine.go(go)
    return move, int(last[last.index("nodes") + 1]) if last else 0


def play(cars, rocks, judge, board, rng=None):
    """One game; returns (car moves, states visited by the car player, won)."""
    moves, states = [], 0
    while True:
        setup(judge, board, moves)
        judge.send("query result")
        result = judge.read_until("response")[1]
        if result != "none":
            # The cars move first: every other move is theirs.
            return len(moves[::2]), states, result == "p1win"
        if len(moves) % 2 == 0:
            move, nodes = search(cars, board, moves, "go depth 3")
            states += nodes
        elif rng is not None:
            setup(judge, board, moves)
            judge.send("query moves")
            move = rng.choice(judge.read_until("response")[1:])
        else:
            move, _ = search(rocks, board, moves, "go depth 3")
        moves.append(move)


def exact_value(engine, board):
    setup(engine, board, [])
    last, _, _ = engine.go("go solve")
    return last[last.index("mate") + 1] if last and "mate" in last else "?"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default="target/release/sente")
    parser.add_argument("--seeds", type=int, default=10)
    args = parser.parse_args()
    judge = EnginePipe(args.engine, "rushhour-rocks")
    rocks = EnginePipe(args.engine, "rushhour-rocks")
    print("| puzzle (steps without rocks) | car player (depth 3) | states visited | car moves | exact value (go solve) |")
    print("|---|---|---|---|---|")
    for board, steps in PUZZLES:
        value = exact_value(judge, board)
        for name, options in CAR_PLAYERS:
            cars = EnginePipe(args.engine, "rushhour-rocks", options)
            moves, states, won = play(cars, rocks, judge, board)
            cars.close()
            used = str(moves) if won else f"lost ({moves})"
            print(f"| `{board}` ({steps}) | {name} | {states} | {used} | {value} |")
    print()
    print(f"Minimax car player (depth 3) against a random rock player, {args.seeds} seeds:\n")
    print("| puzzle | min | mean | max | games lost |")
    print("|---|---|---|---|---|")
    cars = EnginePipe(args.engine, "rushhour-rocks", {"Algorithm": "minimax"})
    for board, steps in PUZZLES:
        results = [play(cars, rocks, judge, board, random.Random(seed)) for seed in range(args.seeds)]
        used = [moves for moves, _, won in results if won]
        lost = sum(1 for _, _, won in results if not won)
        if used:
            print(f"| `{board}` ({steps}) | {min(used)} | {sum(used) / len(used):.1f} | {max(used)} | {lost} |")
        else:
            print(f"| `{board}` ({steps}) | - | - | - | {lost} |")
    for engine in (cars, rocks, judge):
        engine.close()


if __name__ == "__main__":
    main()
