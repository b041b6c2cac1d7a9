#!/usr/bin/env python3
"""Reproduces the course's Rush Hour lab: breadth-first search against A* and IDA* with each estimate.

For every puzzle of tests/data/rushhour/course-puzzles.txt (the lab's solve1, solve22 -- the main
puzzle -- and solve40, and the others there), in both metrics (`RushMetric steps` and `slides`),
runs `go` with `Algorithm bfs`, then `astar` and `idastar` with each `PuzzleHeuristic` (zero,
distance, blockers, movers), and prints markdown tables: the solution's length (checked against
the file's optimum), the states expanded (`nodes`), the states generated, the open list's peak,
IDA*'s iterations, the search's own time and the time per expanded state. Every figure comes from
sente's `info` lines when the script runs; the counts are deterministic, the times are the
minimum of `--repeat` runs (the machine may be busy). A closing line compares the states A*
expands on solve22 with each estimate: the lab's conclusion (a better estimate, fewer states).

Usage: cargo build --release && python3 scripts/puzzle_algorithms.py [--repeat 5]
"""

import argparse
from pathlib import Path

from engine_pipe import EnginePipe, machine_description

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = ROOT / "tests/data/rushhour/course-puzzles.txt"
HEURISTICS = ["zero", "distance", "blockers", "movers"]
SEARCHES = [("bfs", None)] + [(a, h) for a in ("astar", "idastar") for h in HEURISTICS]
# The lab's names for the course's puzzles.
LAB_NAMES = {
    "course-main-12-vehicles": "solve22 (main)",
    "course-solve1": "solve1",
    "course-solve40": "solve40",
}


def puzzles():
    """(name, board, optimal steps, optimal slides) of each puzzle of the file."""
    for line in PUZZLES.read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        board, steps, slides, _, name = line.split()[:5]
        yield LAB_NAMES.get(name, name), board, int(steps), int(slides)


def counts(notes):
    """The fields of the `info string puzzle ...` line, as a dict of ints (and names)."""
    for note in notes:
        words = note.split()
        if words[:1] == ["puzzle"]:
            fields = dict(zip(words[1::2], words[2::2]))
            return {k: v if k in ("algorithm", "heuristic") else int(v) for k, v in fields.items()}
    raise RuntimeError(f"no puzzle counts in {notes}")


def measure(engine, board, algorithm, heuristic, repeat):
    """Length and counts of one search, with the smallest time of `repeat` runs."""
    engine.send(f"setoption name Algorithm value {algorithm}")
    if heuristic:
        engine.send(f"setoption name PuzzleHeuristic value {heuristic}")
    engine.send(f"position fen {board}")
    best = None
    for _ in range(repeat):
        last, _, notes = engine.go("go")
        length = int(last[last.index("mate") + 1])
        run = counts(notes)
        run["length"] = length
        if best is None:
            best = run
        else:
            # The counts are deterministic; only the time varies.
            assert {k: v for k, v in run.items() if k != "microseconds"} == {
                k: v for k, v in best.items() if k != "microseconds"
            }, (board, algorithm, heuristic)
            best["microseconds"] = min(best["microseconds"], run["microseconds"])
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default=str(ROOT / "target/release/sente"))
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    engine = EnginePipe(args.engine, "rushhour")
    # A first search, so that no measured one waits for the table cleared by the variant change.
    engine.go("go")
    print(f"Machine: {machine_description()}. Times: the search's own, minimum of {args.repeat} runs.\n")
    solve22 = {}
    for metric in ("steps", "slides"):
        engine.send(f"setoption name RushMetric value {metric}")
        print(f"### Metric `{metric}`\n")
        print("| puzzle | algorithm | heuristic | length | expanded | generated | peak open "
              "| iterations | time (ms) | time / state (µs) |")
        print("|---|---|---|---|---|---|---|---|---|---|")
        for name, board, steps, slides in puzzles():
            optimal = steps if metric == "steps" else slides
            for algorithm, heuristic in SEARCHES:
                run = measure(engine, board, algorithm, heuristic, args.repeat)
                if run["length"] != optimal:
                    raise RuntimeError(f"{name} {metric} {algorithm} {heuristic}: "
                                       f"{run['length']} moves, the optimum is {optimal}")
                micros = run["microseconds"]
                print(f"| {name} | {algorithm} | {heuristic or '-'} | {run['length']} "
                      f"| {run['expanded']} | {run['generated']} | {run['peakopen']} "
                      f"| {run['iterations']} | {micros / 1000:.2f} "
                      f"| {micros / max(run['expanded'], 1):.2f} |")
                if name.startswith("solve22") and algorithm == "astar":
                    solve22.setdefault(metric, []).append((heuristic, run["expanded"]))
        print()
    for metric, rows in solve22.items():
        line = ", ".join(f"{heuristic} {expanded}" for heuristic, expanded in rows)
        fewer = all(b[1] < a[1] for a, b in zip(rows, rows[1:]))
        verdict = "each" if fewer else "NOT each"
        print(f"solve22, `{metric}`: states A* expands with {line}: {verdict} estimate "
              "expands fewer than the weaker one before it.")
    engine.close()


if __name__ == "__main__":
    main()
