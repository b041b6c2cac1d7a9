#!/usr/bin/env python3
"""What perfect play could have scored against the games of a Connect Four match record.

Reads a `sente match` record (the `--out` of `scripts/strength.py --opponent fsf`) of any board
size and, for every game the engine named `--player` (default sente) did not win, walks back
from the game's end over the positions where that player was to move, weak-solving each with
`go solve weak movetime T` (one sente process, its table kept from one position to the next),
until one is won for the player, a solve does not finish in time, or the opening is reached.
The best value the player held at any of its moves is what perfect play would have secured
from there against the opponent's actual moves:

- better than the result: the player's move there gave that value away;
- no better, back to the end of the opening: the game ended at the opening's value for the
  player, the opponent never letting it get more (a loss there: the opening was lost);
- a solve that did not finish leaves the earlier plies undetermined: the game counts at the
  best value found for the ceiling's lower bound and as won for its upper bound.

Games the player won count as won. A pair of games on the same opening with the player on each
side also counts at least one point in all, without a solve: the opening's value is a win for
one side or a draw, and perfect play secures it in the game where the player has that side (a
draw: in both). Prints one line per game not won, then the score as played and the ceiling
(perfect play against the opponent's actual games) as a range. With
`--openings T2`, also values each distinct opening of the record (a mirror pair once) with a
weak solve of at most T2 seconds and prints those that finish.

Usage: cargo build --release && python3 scripts/connect4_ceiling.py --record strength-fsf.txt
       --width 9 --height 6 [--movetime 60] [--hash 4096] [--openings 300]
"""

import argparse
import re
import time

from engine_pipe import EnginePipe, machine_description, size_options

NAMES = {1: "won", 0: "drawn", -1: "lost"}


def read_games(path):
    """The games of a `sente match` record: dicts of round, p1, p2, result, opening plies and
    every move, in the record's notation."""
    games = []
    for block in open(path).read().split("[Event ")[1:]:
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', block, re.M))
        body = re.sub(r"\{[^}]*\}", "", block.split("\n\n", 1)[1]).split()
        moves = [word for word in body if word not in ("1-0", "0-1", "1/2-1/2", "*")]
        games.append({
            "round": int(tags["Round"]), "p1": tags["P1"], "p2": tags["P2"],
            "result": tags["Result"], "opening": int(tags.get("OpeningPlies", "0")),
            "moves": moves,
        })
    return sorted(games, key=lambda game: game["round"])


class WeakSolver:
    """`go solve weak movetime` on a sente process set to the board."""

    def __init__(self, engine, width, height, hash_mb):
        options = size_options(width, height) + [("Hash", hash_mb), ("OwnBook", "false")]
        self.pipe = EnginePipe(engine, "connect4", options)

    def value(self, moves, seconds):
        """1, 0 or -1 for the side to move after `moves`, or None if not proven in time."""
        self.pipe.set_moves(moves)
        _, _, notes = self.pipe.go(f"go solve weak movetime {int(seconds * 1000)}")
        for note in notes:
            found = re.match(r"solved weak (win|draw|loss)", note)
            if found:
                return {"win": 1, "draw": 0, "loss": -1}[found.group(1)]
        return None

    def close(self):
        self.pipe.close()


def walk_back(solver, game, seat, seconds):
    """Walks back over the positions where the player (seat 0 first, 1 second) was to move,
    until one is won for it, a solve does not finish, or the opening is reached. Returns (best,
    at, earliest, reached): the best value the player held (-1 if none better than a loss),
    the latest ply where it held it, the earliest ply proven, and whether the walk reached the
    opening (else the solve before `earliest` did not finish)."""
    moves = game["moves"]
    first = game["opening"] + (seat - game["opening"]) % 2
    best, at, earliest = -1, None, len(moves)
    for ply in reversed(range(first, len(moves), 2)):
        value = solver.value(moves[:ply], seconds)
        if value is None:
            return best, at, earliest, False
        earliest = ply
        if value > best:
            best, at = value, ply
        if best == 1:
            break
    return best, at, earliest, True


def mirror(moves, width):
    """The opening's mirror image, in the record's notation (columns `1`-`9`, `a`-`c`)."""
    columns = "123456789abc"[:width]
    return [columns[width - 1 - columns.index(move)] for move in moves]


def value_openings(solver, games, width, seconds):
    """Values each distinct opening (a mirror pair once) for the side to move after it."""
    seen = {}
    for game in games:
        opening = game["moves"][:game["opening"]]
        key = min(tuple(opening), tuple(mirror(opening, width)))
        if key in seen:
            continue
        start = time.time()
        seen[key] = solver.value(list(key), seconds)
        took = time.time() - start
        shown = "not proven" if seen[key] is None else NAMES[seen[key]]
        print(f"opening {' '.join(key)}: {shown} for the side to move ({took:.1f} s)",
              flush=True)
    proven = sum(1 for value in seen.values() if value is not None)
    print(f"openings valued: {proven} of {len(seen)}")


def pair_bound(games, player, kept):
    """How much the lower bound rises when each pair of games on one opening, the player first
    in one and second in the other, counts at least one point in all; `kept[round]` is each
    game's own lower bound. Returns (the rise, the pairs it rose in)."""
    seats = {}
    for game in games:
        opening = tuple(game["moves"][:game["opening"]])
        seat = 0 if game["p1"] == player else 1
        seats.setdefault(opening, ([], []))[seat].append(game["round"])
    rise, pairs = 0.0, []
    for firsts, seconds in seats.values():
        for a, b in zip(firsts, seconds):
            both = kept[a] + kept[b]
            if both < 1:
                rise += 1 - both
                pairs.append((a, b))
    return rise, pairs


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default="target/release/sente")
    parser.add_argument("--record", required=True, help="a `sente match` record")
    parser.add_argument("--player", default="sente", help="the engine whose ceiling to count")
    parser.add_argument("--width", type=int, default=7)
    parser.add_argument("--height", type=int, default=6)
    parser.add_argument("--movetime", type=float, default=60, help="seconds per weak solve")
    parser.add_argument("--hash", type=int, default=4096, help="the solver's table, MB")
    parser.add_argument("--openings", type=float, default=0,
                        help="also value the openings, this many seconds each")
    args = parser.parse_args()

    games = read_games(args.record)
    solver = WeakSolver(args.engine, args.width, args.height, args.hash)
    played = low = high = 0.0
    kinds = {"mistake": 0, "opening": 0, "unknown": 0}
    kept = {}
    start = time.time()
    for game in games:
        seat = 0 if game["p1"] == args.player else 1
        got = {"1-0": 1, "0-1": -1}.get(game["result"], 0) * (1 if seat == 0 else -1)
        points = (got + 1) / 2
        played += points
        if got == 1:
            low += 1
            high += 1
            kept[game["round"]] = 1
            continue
        best, at, earliest, reached = walk_back(solver, game, seat, args.movetime)
        kept[game["round"]] = max(points, (best + 1) / 2)
        low += kept[game["round"]]
        high += kept[game["round"]] if reached or best == 1 else 1
        if best > got:
            kinds["mistake"] += 1
            note = (f"{NAMES[best]} for it at ply {at}, its move {game['moves'][at]} gave that"
                    f" away")
        elif reached:
            kinds["opening"] += 1
            note = (f"{NAMES[got]} for it at every one of its moves from ply {earliest}: the "
                    f"opening's value for it")
        else:
            kinds["unknown"] += 1
            proven = earliest < len(game["moves"])
            later = f"{NAMES[best]} for it from ply {earliest} on; " if proven else ""
            note = f"{later}not proven at ply {earliest - 2} in time"
        print(f"game {game['round']:3d} {args.player} {'p1' if seat == 0 else 'p2'} opening "
              f"{' '.join(game['moves'][:game['opening']])}: {NAMES[got]} in "
              f"{len(game['moves'])} plies; {note}", flush=True)
    total = len(games)
    rise, pairs = pair_bound(games, args.player, kept)
    if pairs:
        shown = ", ".join(f"{a}-{b}" for a, b in pairs)
        print(f"pairs on one opening where the games' own bounds make less than one point: "
              f"{shown}; the pair's opening gives one side at least a draw: +{rise:g}", flush=True)
    low += rise
    print(f"{args.width}x{args.height}, {total} games of {args.record}: {args.player} scored "
          f"{played:g} ({played / total:.3f}); perfect play against the same opponent's games: "
          f"{low:g} to {high:g} ({low / total:.3f} to {high / total:.3f}); games not won: "
          f"{kinds['mistake']} with a value given away, {kinds['opening']} at the "
          f"opening's value, {kinds['unknown']} undetermined; weak solves of at most {args.movetime:g} "
          f"s, {time.time() - start:.0f} s in all; {machine_description()}", flush=True)
    if args.openings:
        value_openings(solver, games, args.width, args.openings)
    solver.close()


if __name__ == "__main__":
    main()
