#!/usr/bin/env python3
"""Prints markdown tables comparing sente's search algorithms on the course's examples.

For each position: value, best move, nodes and time of plain minimax, plain alpha-beta
(`alphabeta-plain`) and the full iterative-deepening alpha-beta with its table (`alphabeta`),
each with `go depth N` from a fresh table (`ucinewgame`). Positions: the textbook tree and a
few random trees (seeded), tic-tac-toe after a corner opening (the course counts 59704 expanded
nodes for minimax, i.e. 59705 with the root), Connect Four positions at depths 4 to 8, and
Babylon 3x3. Everything is measured when the script runs; nothing is typed in.

Usage: cargo build --release && python3 scripts/compare_algorithms.py [--seed 7]
"""

import argparse
import random

from engine_pipe import EnginePipe

ALGORITHMS = ["minimax", "alphabeta-plain", "alphabeta"]


def random_tree(rng, depth, branching):
    if depth == 0:
        return str(rng.randint(-20, 20))
    children = [random_tree(rng, depth - 1, branching) for _ in range(rng.randint(2, branching))]
    return "(" + " ".join(children) + ")"


def measure(engine, setup, depth):
    """Runs `go depth` after `setup` with each algorithm; returns the last info's fields."""
    rows = []
    for algorithm in ALGORITHMS:
        engine.send(f"setoption name Algorithm value {algorithm}")
        engine.send("ucinewgame")
        for line in setup:
            engine.send(line)
        last, best, _ = engine.go(f"go depth {depth}")
        field = lambda name: last[last.index(name) + 1]
        score = f"{field('score')} {last[last.index('score') + 2]}"
        rows.append((algorithm, score, best, int(field("nodes")), int(field("time"))))
    return rows


def table(title, rows_by_position):
    print(f"\n### {title}\n")
    print("| position | depth | algorithm | value | best move | nodes | time (ms) |")
    print("|---|---|---|---|---|---|---|")
    for position, depth, rows in rows_by_position:
        for algorithm, score, best, nodes, ms in rows:
            print(f"| {position} | {depth} | {algorithm} | {score} | {best} | {nodes} | {ms} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default="target/release/sente")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    trees = [("((3 12 8) (2 4 6) (14 5 2))", 2)]
    for depth in (3, 4, 5):
        trees.append((random_tree(rng, depth, 4), depth))
    engine = EnginePipe(args.engine, "tree")
    results = []
    for fen, depth in trees:
        shown = fen if len(fen) <= 40 else f"random tree {depth} levels ({len(fen)} chars)"
        results.append((f"`{shown}`", depth, measure(engine, [f"position fen {fen}"], depth)))
    table("Explicit trees", results)
    engine.close()

    engine = EnginePipe(args.engine, "tictactoe")
    table(
        "Tic-tac-toe after a corner opening (x a3)",
        [("`a3`", 8, measure(engine, ["position startpos moves a3"], 8))],
    )
    engine.close()

    engine = EnginePipe(args.engine, "connect4", {"OwnBook": "false"})
    results = []
    for moves in ("", "4 4", "4 3 5 4 3 3"):
        for depth in (4, 6, 8):
            setup = ["position startpos" + (f" moves {moves}" if moves else "")]
            results.append((f"`{moves or 'start'}`", depth, measure(engine, setup, depth)))
    table("Connect Four", results)
    engine.close()

    engine = EnginePipe(
        args.engine, "babylon", {"BabylonColours": 3, "BabylonTablets": 3}
    )
    table(
        "Babylon 3 colours x 3 tablets (to the end: 8 moves)",
        [("start", 8, measure(engine, ["position startpos"], 8))],
    )
    engine.close()


if __name__ == "__main__":
    main()
