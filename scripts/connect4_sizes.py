#!/usr/bin/env python3
"""Solves the empty Connect Four board of every size with width + height in a range and prints
the table of who wins and on which move the perfect game ends, beside the published values of
John Tromp and Christophe Steininger (tests/data/connect4/sizes.txt), with the time of each cell.

Each cell is one `sente solve connect4 --width W --height H` (a fresh table); its time is the
solve time sente reports. A cell reads `1st 41` (the first player wins, the game ends on move
41), `2nd 36` or `draw 49` (the board full); `!` marks a value that differs from the published
one, `?` a cell not solved within --limit seconds. With --weak only the winner is proven.

Usage: cargo build --release && python3 scripts/connect4_sizes.py [--max-sum 13] [--min-sum 8]
       [--sizes 7x7,8x6] [--hash 1024] [--threads 2] [--limit 3600] [--weak]
"""

import argparse
import pathlib
import subprocess
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
TABLE = ROOT / "tests" / "data" / "connect4" / "sizes.txt"
SHORT = {"first": "1st", "second": "2nd", "draw": "draw"}


def published():
    """(width, height) -> (outcome, last move or None, Tromp's sign)."""
    cells = {}
    for line in TABLE.read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        w, h, outcome, last, tromp = line.split()
        cells[(int(w), int(h))] = (outcome, None if last == "." else int(last), tromp)
    return cells


def fits(w, h):
    """Whether sente holds a w x h board: 4 to 12 columns, 4 or more rows, width x (height + 1)
    at most 128, or 12 x 10."""
    return 4 <= w <= 12 and h >= 4 and (w * (h + 1) <= 128 or (w, h) == (12, 10))


def outcome_of(w, h, score):
    """The winner and the move that ends the perfect game, from the empty board's score."""
    cells = w * h
    if score == 0:
        return "draw", cells
    first = score > 0
    # The winning stone is played with n stones on the board: (cells + 1 - n) / 2 = |score|,
    # n even for the first player.
    n = cells + 1 - 2 * abs(score)
    if (n % 2 == 0) != first:
        n -= 1
    return ("first" if first else "second"), n + 1


def solve(args, w, h):
    command = [args.engine, "solve", "connect4", "--width", str(w), "--height", str(h),
               "--hash", str(args.hash), "--threads", str(args.threads)]
    if args.weak:
        command.append("--weak")
    start = time.perf_counter()
    try:
        out = subprocess.run(command, input="\n", capture_output=True, text=True,
                             timeout=args.limit, check=True).stdout.split()
    except subprocess.TimeoutExpired:
        return None, time.perf_counter() - start
    # "<moves> <score> <nodes> <microseconds>"; the empty move string leaves three words.
    score, micros = int(out[0]), float(out[2])
    return score, micros / 1e6


def cell_text(w, h, score, seconds, known, weak):
    if score is None:
        return f"? (> {seconds:.0f} s)"
    if weak:
        outcome = "first" if score > 0 else "second" if score < 0 else "draw"
        text, ok = SHORT[outcome], known is None or known[0] == outcome
    else:
        outcome, last = outcome_of(w, h, score)
        text = f"{SHORT[outcome]} {last}"
        ok = known is None or (known[0] == outcome and known[1] in (None, last))
    return f"{text}{'' if ok else ' !'} ({fmt(seconds)})"


def print_table(widths, heights, text):
    """A markdown table, a row per height and a column per width, `text(w, h)` in each cell."""
    print()
    print("| height \\ width | " + " | ".join(str(w) for w in widths) + " |")
    print("|---" * (len(widths) + 1) + "|")
    for h in heights:
        print(f"| {h} | " + " | ".join(text(w, h) for w in widths) + " |")


def fmt(seconds):
    return f"{seconds * 1000:.0f} ms" if seconds < 1 else f"{seconds:.1f} s"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default=str(ROOT / "target" / "release" / "sente"))
    parser.add_argument("--min-sum", type=int, default=8)
    parser.add_argument("--max-sum", type=int, default=13)
    parser.add_argument("--sizes", help="only these cells, e.g. 7x7,8x6")
    parser.add_argument("--hash", type=int, default=1024)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--limit", type=float, default=3600.0, help="seconds per cell")
    parser.add_argument("--weak", action="store_true", help="prove only who wins")
    args = parser.parse_args()
    known = published()
    if args.sizes:
        cells = [tuple(int(x) for x in s.split("x")) for s in args.sizes.split(",")]
    else:
        cells = [(w, s - w) for s in range(args.min_sum, args.max_sum + 1)
                 for w in range(4, s - 3)]
    cells = [(w, h) for w, h in cells if fits(w, h)]
    results = {}
    total = 0.0
    differ = 0
    for w, h in cells:
        score, seconds = solve(args, w, h)
        total += seconds
        results[(w, h)] = cell_text(w, h, score, seconds, known.get((w, h)), args.weak)
        differ += results[(w, h)].count(" !")
        print(f"{w}x{h}: {results[(w, h)]}", flush=True)
    widths = sorted({w for w, _ in cells})
    heights = sorted({h for _, h in cells})
    print_table(widths, heights, lambda w, h: results.get((w, h), ""))

    def published_text(w, h):
        cell = known.get((w, h))
        if (w, h) not in results or cell is None:
            return ""
        last = "" if cell[1] is None or args.weak else f" {cell[1]}"
        return f"{SHORT[cell[0]]}{last} (Tromp {cell[2]})"

    print_table(widths, heights, published_text)
    print()
    print(f"{len(cells)} cells in {fmt(total)} (solve times as sente reports them);"
          f" {differ} differ from the published values")


if __name__ == "__main__":
    main()
