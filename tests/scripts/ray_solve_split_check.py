"""Checks the scores `scripts/ray_solve.py` gives without asking sente against sente's own
solver, on a W x H board split at ply K:
- every position in which the side to move completes a four at once: the split decides it, and
  its score must be sente's and the high limit of `Split.limits`;
- every position whose every move lets the opponent do so: sente's score must be the low limit;
- 200 of the split's tasks drawn at random (seed 1): sente's score within the limits (the range
  `--bounds` searches).
Each position is solved by one `sente solve connect4` process. On a board of an odd number of
cells the rules `(cells + 1 - stones) / 2` and `(cells - stones) / 2`, which the driver once
confused, differ at every other ply, so tests/cluster.rs runs it on 5 x 5.

    python3 tests/scripts/ray_solve_split_check.py SENTE WIDTH HEIGHT DEPTH

Prints `checked N decided, L lost and M tasks on WxH` or the first disagreement, and exits 1
on one (python3 alone, no Ray)."""

import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "scripts"))

from ray_solve import Board, Split  # noqa: E402


def positions(width, height, depth):
    """One move string per position of the split (by key), in the order first reached."""
    found = {}
    frontier = [Board(width, height)]
    while frontier:
        board = frontier.pop()
        key = board.key()
        if key in found:
            continue
        found[key] = board.moves
        if board.ply >= depth:
            continue
        moves = [c for c in range(width) if board.playable(c)]
        if any(board.wins(c) for c in moves):
            continue
        for col in moves:
            child = board.copy()
            child.play(col)
            frontier.append(child)
    return found


def solved(sente, width, height, moves):
    """sente's score of each move string, by `sente solve connect4`, in one process."""
    command = [sente, "solve", "connect4", "--width", str(width), "--height", str(height), "--hash", "1"]
    done = subprocess.run(
        command, input="".join(m + "\n" for m in moves), capture_output=True, text=True
    )
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed: {done.stderr.strip()}")
    scores = {}
    for line in done.stdout.splitlines():
        words = line.split(" ")
        scores[words[0]] = int(words[1])
    return scores


def main(argv):
    sente, width, height, depth = argv[0], int(argv[1]), int(argv[2]), int(argv[3])
    split = Split(width, height, depth, {})
    found = positions(width, height, depth)
    if set(found) != set(split.nodes):
        print(f"{width}x{height}: the split lists {len(split.nodes)} positions, the walk {len(found)}")
        return 1
    decided = [k for k in found if split.nodes[k][0] == "known"]
    # Positions whose every move lets the opponent complete a four at once: their score is the
    # split's low limit.
    lost = [
        k
        for k in found
        if split.nodes[k][0] == "inner" and all(split.nodes[c][0] == "known" for c in split.nodes[k][1])
    ]
    tasks = [k for k in found if split.nodes[k][0] == "task"]
    tasks = random.Random(1).sample(tasks, min(200, len(tasks)))
    if not decided or not lost or not tasks:
        print(f"{width}x{height} at ply {depth}: {len(decided)} decided, {len(lost)} lost, {len(tasks)} tasks")
        return 1
    scores = solved(sente, width, height, [found[k] for k in decided + lost + tasks])
    for key in decided + lost + tasks:
        moves = found[key]
        kind, data = split.nodes[key]
        score = scores.get(moves)
        if score is None:
            print(f"{width}x{height} '{moves}': sente printed no line for it")
            return 1
        low, high = split.limits(key)
        if not low <= score <= high:
            print(f"{width}x{height} '{moves}': sente scores {score}, outside the limits {low}..{high}")
            return 1
        if kind == "known" and not data == high == score:
            print(f"{width}x{height} '{moves}': the split scores {data} (at most {high}), sente {score}")
            return 1
        if key in lost and score != low:
            print(f"{width}x{height} '{moves}': lost at once, sente scores {score}, the low limit is {low}")
            return 1
    print(f"checked {len(decided)} decided, {len(lost)} lost and {len(tasks)} tasks on {width}x{height}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
