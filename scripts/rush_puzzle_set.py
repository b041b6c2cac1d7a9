#!/usr/bin/env python3
"""Draws the puzzle set shipped with sente from a 6x6 Rush Hour universe, and plots the universe's
puzzles by number of moves.

Input: the lines of `sente rushhour universe --size 6 --walls 0 --out FILE` (one interesting
puzzle per line, `moves board cluster_states distance_counts`). Output:

- `data/rushhour/puzzles-6x6.txt`: every puzzle of `--all-from` (40) moves and more, and for
  each smaller number of moves up to `--per-count` (25) puzzles spread evenly over that
  count's lines in their sorted order (the first, the last and evenly between: the same
  input always gives the same set). One line per puzzle, `moves board cluster_states`.
- `docs/rushhour-6x6-puzzles.svg`: a bar chart of the number of puzzles for each number of
  moves (logarithmic scale), drawn here without a plotting library.

Usage: python3 scripts/rush_puzzle_set.py 6x6.txt [--all-from 40] [--per-count 25]
       [--out data/rushhour/puzzles-6x6.txt] [--plot docs/rushhour-6x6-puzzles.svg]
"""

import argparse
import collections
import math
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def read_universe(path):
    """The universe's puzzles: (moves, board, states), in the file's (sorted) order."""
    puzzles = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        fields = line.split()
        if len(fields) != 4 or len(fields[1]) != 36:
            sys.exit(f"{path}:{number}: not a 6x6 universe line: {line[:80]!r}")
        puzzles.append((int(fields[0]), fields[1], int(fields[2])))
    if not puzzles:
        sys.exit(f"{path}: no puzzles")
    return sorted(puzzles)


def spread(items, count):
    """Up to `count` items evenly spread over `items`, the first and the last included."""
    if len(items) <= count:
        return list(items)
    if count == 1:
        return [items[0]]
    step = (len(items) - 1) / (count - 1)
    return [items[round(i * step)] for i in range(count)]


def draw_set(puzzles, all_from, per_count):
    by_moves = collections.defaultdict(list)
    for p in puzzles:
        by_moves[p[0]].append(p)
    chosen = []
    for moves in sorted(by_moves):
        group = by_moves[moves]
        chosen.extend(group if moves >= all_from else spread(group, per_count))
    return chosen


def write_set(path, chosen, puzzles, all_from, per_count, source):
    hardest = max(p[0] for p in puzzles)
    header = [
        "# Rush Hour 6x6 puzzles without walls, drawn from sente's enumeration of the whole game",
        f"# (`sente rushhour universe --size 6 --walls 0`: {len(puzzles)} interesting puzzles, the",
        f"# hardest {hardest} moves; Michael Fogleman's definitions). Every puzzle of {all_from} moves and more,",
        f"# and up to {per_count} per smaller number of moves, evenly spread. Made by",
        f"# `python3 scripts/rush_puzzle_set.py {source}`.",
        "# One puzzle per line: <moves> <board> <cluster_states>; moves are slides (a vehicle moving",
        "# any distance), the board is 36 cells row-major from the top ('.' empty, A the red car on",
        "# the third row, leaving on the right), cluster_states the boards reachable from it.",
    ]
    lines = [f"{m} {b} {s}" for m, b, s in chosen]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(header + lines) + "\n")


def plot(path, histogram, total):
    """A bar chart of puzzles per number of moves, log scale, as SVG."""
    width, height = 760, 340
    left, right, top, bottom = 64, 16, 40, 44
    moves = sorted(histogram)
    top_count = max(histogram.values())
    decades = max(1, math.ceil(math.log10(top_count)))
    plot_w, plot_h = width - left - right, height - top - bottom
    span = moves[-1] + 1
    bar = plot_w / span

    # The axis starts at 0.5, so that a count of 1 still has a bar.
    low = math.log10(0.5)

    def y(count):
        return top + plot_h - plot_h * (math.log10(count) - low) / (decades - low)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="#fff"/>',
        f'<text x="{left}" y="22" font-size="14" font-weight="bold">Rush Hour 6x6 without walls: '
        f'{total:,} puzzles by optimal number of moves (log scale)</text>',
    ]
    for d in range(decades + 1):
        yy = y(10**d)
        parts.append(f'<line x1="{left}" y1="{yy:.1f}" x2="{width - right}" y2="{yy:.1f}" stroke="#ddd"/>')
        parts.append(f'<text x="{left - 6}" y="{yy + 4:.1f}" text-anchor="end">{10**d:,}</text>')
    for m in moves:
        x = left + m * bar
        yy = y(histogram[m])
        parts.append(
            f'<rect x="{x + 1:.1f}" y="{yy:.1f}" width="{max(bar - 2, 1):.1f}" '
            f'height="{top + plot_h - yy:.1f}" fill="#c0392b"><title>{m} moves: '
            f"{histogram[m]:,} puzzles</title></rect>"
        )
    ticks = [m for m in range(0, span, 5) if moves[-1] - m > 2 or m == moves[-1]]
    for m in sorted(set(ticks) | {moves[-1]}):
        x = left + m * bar + bar / 2
        parts.append(f'<text x="{x:.1f}" y="{top + plot_h + 16}" text-anchor="middle">{m}</text>')
    parts.append(
        f'<text x="{left + plot_w / 2:.1f}" y="{height - 8}" text-anchor="middle">'
        "optimal number of moves (slides of any length)</text>"
    )
    parts.append("</svg>")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(parts) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("universe", type=pathlib.Path, help="the 6x6 universe's lines")
    parser.add_argument("--all-from", type=int, default=40)
    parser.add_argument("--per-count", type=int, default=25)
    parser.add_argument("--out", type=pathlib.Path, default=ROOT / "data" / "rushhour" / "puzzles-6x6.txt")
    parser.add_argument("--plot", type=pathlib.Path, default=ROOT / "docs" / "rushhour-6x6-puzzles.svg")
    args = parser.parse_args()
    puzzles = read_universe(args.universe)
    chosen = draw_set(puzzles, args.all_from, args.per_count)
    write_set(args.out, chosen, puzzles, args.all_from, args.per_count, args.universe.name)
    histogram = collections.Counter(p[0] for p in puzzles)
    plot(args.plot, histogram, len(puzzles))
    print(f"{len(puzzles)} puzzles read, {len(chosen)} in the set ({args.out}), plot in {args.plot}")
    print("puzzles by moves: " + " ".join(f"{m}:{histogram[m]}" for m in sorted(histogram)))


if __name__ == "__main__":
    main()
