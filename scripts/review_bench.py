#!/usr/bin/env python3
"""The game review's speed on 7 x 6 Connect Four: seconds per 40-ply game.

    python3 scripts/review_bench.py [--sente target/release/sente] [--movetime 10]
    python3 scripts/review_bench.py --against OTHER_SENTE   # two builds, game by game in turn
    python3 scripts/review_bench.py --make   # remake the set (tests/data/connect4/review-games.txt)

Reviews each game of `tests/data/connect4/review-games.txt` (one game a line: its 40 moves as
columns 1-7, then `#` and where it comes from) with `sente review --json` and prints, per game,
the wall-clock seconds and how its moves were judged (exactly, by who wins only, by search),
then the median and the maximum. `--against PATH` reviews each game with that build too, the
two in turn game by game (a before/after on one machine), and prints both builds' figures.
docs/performance.md ("Reviewing a 7 x 6 game") holds the
figures, with the machine's load.

`--make` plays the set: `sente match` between sente at fixed depths 2, 4, 6 and 8 (`go depth
N`, the book off: no game follows the book's lines on purpose) from random 4-ply openings,
keeping the first 40 moves of the first game of each seed that lasts at least 40 plies
(each game from its own opening).
"""

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GAMES = os.path.join(REPO, "tests", "data", "connect4", "review-games.txt")
RESULT = re.compile(r"(1-0|0-1|1/2-1/2|\*)\s*$")


def make(sente, count, seed):
    """Plays games until `count` reach 40 plies; returns (moves, source) pairs."""
    found = []
    depths = [2, 4, 6, 8]
    while len(found) < count:
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "games.txt")
            cmd = [sente, "match", "--variant", "connect4", "--games", "2",
                   "--openings", "plies=4", "--seed", str(seed), "--out", out]
            for d in depths:
                cmd += ["--engine", f"cmd={sente}", f"name=depth{d}", f"depth={d}",
                        "option.OwnBook=false"]
            subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
            with open(out, encoding="utf-8") as f:
                record = f.read()
        for game in re.split(r"\n\s*\n(?=\[)", record):
            parts = game.split("\n\n", 1)
            if len(parts) < 2:
                continue
            headers = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', parts[0], re.M))
            text = re.sub(r"\{[^}]*\}", " ", parts[1])
            moves = [w for w in text.split() if re.fullmatch(r"[1-7]", w)]
            # One game per seed: each from its own opening.
            if len(moves) >= 40 and len(found) < count:
                source = (f"{headers.get('P1', '?')} - {headers.get('P2', '?')}, "
                          f"sente match --seed {seed} round {headers.get('Round', '?')}")
                found.append(("".join(moves[:40]), source))
                break
        seed += 1
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sente", default=os.environ.get("SENTE", os.path.join(REPO, "target", "release", "sente")))
    ap.add_argument("--movetime", type=float, default=10.0, help="seconds per solve")
    ap.add_argument("--hash", type=int, default=256)
    ap.add_argument("--make", action="store_true", help="remake the set of games")
    ap.add_argument("--count", type=int, default=12)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", type=int, default=0, help="review only the first N games")
    ap.add_argument("--against", help="another build, reviewing each game in turn with --sente")
    args = ap.parse_args()
    if args.make:
        games = make(args.sente, args.count, args.seed)
        with open(GAMES, "w", encoding="utf-8") as f:
            f.write("# 40-ply 7x6 Connect Four games for the review benchmark "
                    "(scripts/review_bench.py --make): <moves> # <engines, how>\n")
            for moves, source in games:
                f.write(f"{moves} # {source}\n")
        print(f"{len(games)} games written to {os.path.relpath(GAMES, REPO)}")
        return
    games = []
    with open(GAMES, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                games.append(line)
    if args.games:
        games = games[: args.games]
    builds = [args.sente] + ([args.against] if args.against else [])
    times = {build: [] for build in builds}
    print(f"load average before: {os.getloadavg()[0]:.1f}")
    for i, moves in enumerate(games, 1):
        for build in builds:
            took, review = review_game(build, moves, args)
            times[build].append(took)
            judged = {"exact": 0, "weak": 0, "search": 0}
            for m in review["moves"]:
                judged[m["judged"]] += 1
            classes = [m["class"] for m in review["moves"]]
            label = f" {build}" if args.against else ""
            print(f"game {i:>2}{label}: {took:7.1f} s  exact {judged['exact']:>2}, who wins "
                  f"{judged['weak']:>2}, search {judged['search']:>2}  "
                  f"blunders {classes.count('blunder')}, mistakes {classes.count('mistake')}, "
                  f"inaccuracies {classes.count('inaccuracy')}", flush=True)
    for build in builds:
        label = f" {build}" if args.against else ""
        print(f"{len(times[build])} games{label}: median {statistics.median(times[build]):.1f} s, "
              f"max {max(times[build]):.1f} s")
    print(f"load average after: {os.getloadavg()[0]:.1f}")


def review_game(sente, moves, args):
    """The wall-clock seconds of `sente review --json` on `moves`, and the review."""
    started = time.monotonic()
    out = subprocess.run(
        [sente, "review", "--variant", "connect4", "--moves", moves, "--json",
         "--movetime", str(args.movetime), "--hash", str(args.hash)],
        check=True, capture_output=True, text=True,
    ).stdout
    return time.monotonic() - started, json.loads(out)

if __name__ == "__main__":
    sys.exit(main())
