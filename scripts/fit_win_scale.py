#!/usr/bin/env python3
"""Fits the constant k of lichess's logistic curve to sente's own scores against game results.

lichess turns a centipawn score into winning chances with 2 / (1 + exp(-k * cp)) - 1, with
k = 0.00368208 fitted to Stockfish's scores in chess. sente's game review does the same with
the scores of its own search (the positions no solver proves in time), so k is fitted here to
sente's scores in games of the variant:

1. `sente match` plays games between sente at several fixed depths (plain `go depth N`, the
   book off), from random openings: games of varied strength, as lichess's fit used games
   of many ratings. Each move's comment holds the mover's score (`+0.35/6 0.010s`).
2. Every move whose score is in centipawns (not a mate) gives a point (cp, result), the
   result of the game for the mover: 1 a win, 0.5 a draw, 0 a loss.
3. k maximises the likelihood of the results under the expected score
   1 / (1 + exp(-k * cp)) (winning chances moved to 0-1): a golden-section search on log k.

Prints k, the points, and a calibration table (bins of cp: the mean expected score against
the mean result). The figure sente uses, with the command that made it, is in
docs/performance.md ("Winning chances"); the registry holds it (`Entry::scored`).

  python3 scripts/fit_win_scale.py --sente target/release/sente --games 40 --depths 2 4 6
"""

import argparse
import math
import os
import re
import subprocess
import sys
import tempfile

COMMENT = re.compile(r"\{([+-])(M?)(\d+(?:\.\d+)?)(?:/\d+)?\s[^}]*\}")
RESULT = re.compile(r"(1-0|0-1|1/2-1/2)\s*$")


def play(sente, variant, games, depths, seed, rules, out):
    """Plays the match between sente at each depth; returns the record's text."""
    cmd = [sente, "match", "--variant", variant, "--games", str(games),
           "--openings", "plies=4", "--seed", str(seed), "--out", out]
    for d in depths:
        cmd += ["--engine", f"cmd={sente}", f"name=depth{d}", f"depth={d}", "option.OwnBook=false"]
    for rule in rules:
        cmd += ["--each", f"option.{rule}"]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    with open(out, encoding="utf-8") as f:
        return f.read()


def points(record):
    """(cp, result for the mover) of every move scored in centipawns."""
    found = []
    for game in re.split(r"\n\s*\n(?=\[)", record):
        parts = game.split("\n\n", 1)
        if len(parts) < 2:
            continue
        moves = parts[1].strip()
        result = RESULT.search(moves)
        if not result:
            continue
        p1 = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[result.group(1)]
        for ply, m in enumerate(COMMENT.finditer(moves)):
            sign, mate, number = m.groups()
            if mate:
                continue
            cp = float(number) * 100 * (1 if sign == "+" else -1)
            found.append((cp, p1 if ply % 2 == 0 else 1 - p1))
    return found


def log_likelihood(k, pts):
    total = 0.0
    for cp, r in pts:
        e = 1 / (1 + math.exp(max(-50, min(50, -k * cp))))
        e = min(max(e, 1e-12), 1 - 1e-12)
        total += r * math.log(e) + (1 - r) * math.log(1 - e)
    return total


def fit(pts):
    """k maximising the likelihood, by golden-section search on log k in [1e-5, 1]."""
    lo, hi = math.log(1e-5), math.log(1.0)
    g = (math.sqrt(5) - 1) / 2
    a, b = hi - g * (hi - lo), lo + g * (hi - lo)
    fa, fb = log_likelihood(math.exp(a), pts), log_likelihood(math.exp(b), pts)
    for _ in range(80):
        if fa > fb:
            hi, b, fb = b, a, fa
            a = hi - g * (hi - lo)
            fa = log_likelihood(math.exp(a), pts)
        else:
            lo, a, fa = a, b, fb
            b = lo + g * (hi - lo)
            fb = log_likelihood(math.exp(b), pts)
    return math.exp((lo + hi) / 2)


def calibration(k, pts, edges=(-10**9, -300, -100, -30, 30, 100, 300, 10**9)):
    rows = []
    for lo, hi in zip(edges, edges[1:]):
        inside = [(cp, r) for cp, r in pts if lo <= cp < hi]
        if not inside:
            continue
        expected = sum(1 / (1 + math.exp(-k * cp)) for cp, _ in inside) / len(inside)
        actual = sum(r for _, r in inside) / len(inside)
        rows.append((lo, hi, len(inside), expected, actual))
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sente", default=os.environ.get("SENTE", "target/release/sente"))
    ap.add_argument("--variant", default="connect4")
    ap.add_argument("--rule", action="append", default=[],
                    help="a rule option for every engine, Name=value")
    ap.add_argument("--games", type=int, default=40, help="games per pair of engines")
    ap.add_argument("--depths", type=int, nargs="+", default=[2, 4, 6])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--record", help="fit the games of this record instead of playing")
    args = ap.parse_args()
    if args.record:
        with open(args.record, encoding="utf-8") as f:
            record = f.read()
    else:
        with tempfile.TemporaryDirectory() as tmp:
            record = play(args.sente, args.variant, args.games, args.depths, args.seed,
                          args.rule, os.path.join(tmp, "games.txt"))
    pts = points(record)
    if len(pts) < 10:
        sys.exit(f"only {len(pts)} scored moves: play more games")
    if not any(abs(cp) >= 30 for cp, _ in pts):
        sys.exit(f"{args.variant}: every score is within 0.30 of 0: nothing to fit")
    k = fit(pts)
    games = len(re.findall(r"^\[Variant ", record, re.M))
    print(f"{args.variant}: k = {k:.6f} from {len(pts)} scored moves of {games} games "
          f"(lichess's chess constant: 0.003682)")
    print("cp range        moves  expected  actual")
    for lo, hi, n, e, a in calibration(k, pts):
        print(f"[{lo:>6}, {hi:>6})  {n:>6}  {e:8.3f}  {a:6.3f}")


if __name__ == "__main__":
    main()
