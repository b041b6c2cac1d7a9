"""Checks `scripts/ray_solve_bounds.py`'s Prover against negamax: random scores for the
positions of small boards up to a ply, and negamax above it (some positions already bounded, as
a store would hold them); the Prover's questions on a split at that ply or above answered from
those values in a random order, some handed back unanswered (a dead worker), some given up (a
solver's time limit: asked again one ply deeper), with every first bound. Prints `checked N splits` or the first that failed,
and exits 1 on a failure. Run by tests/cluster.rs (python3 alone, no Ray)."""

import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "scripts"))

from ray_solve import Split  # noqa: E402
from ray_solve_bounds import Prover, standing  # noqa: E402


def check(trial):
    rng = random.Random(trial)
    width, height = rng.choice([(4, 4), (5, 4), (4, 5), (6, 4), (5, 5), (7, 4)])
    depth = rng.randint(0, 4)
    deepest = depth + rng.randint(0, 2)  # a given-up position is asked one ply deeper
    split = Split(width, height, depth, {}, lazy=True)
    whole = Split(width, height, deepest, {})  # every position listed, down to `deepest`
    scores, bounds = {}, {}
    for key, _ in whole.tasks():
        low, high = whole.limits(key)
        near = rng.random() < 0.9
        scores[key] = rng.randint(max(low, -4), min(high, 4)) if near else rng.randint(low, high)
    values = {}

    def value(key):
        if key not in values:
            kind, data = whole.nodes[key]
            values[key] = {"known": lambda: data, "task": lambda: scores[key]}.get(
                kind, lambda: max(-value(child) for child in data)
            )()
        return values[key]

    for key in whole.nodes:
        if rng.random() < 0.05:
            bounds[key] = [value(key) - rng.randint(0, 2), value(key) + rng.randint(0, 2)]
    # What a store would hold: the bounds known before, then the solver's answers.
    stored = {key: list(held) for key, held in bounds.items()}
    given_up = set()
    prover = Prover(split, bounds, split.limits, first=rng.randint(-3, 3))
    out = []
    asked = set()
    while not prover.done():
        out += prover.leaves(rng.randint(1, 5))
        if not out:
            return f"split {trial} ({width}x{height} at ply {depth}): no question out, not done"
        leaf = out.pop(rng.randrange(len(out)))
        if rng.random() < 0.05:
            prover.unsent([leaf])
            continue
        if (leaf.key, leaf.t) in asked:
            return f"split {trial}: {leaf.moves!r} asked >= {leaf.t} twice"
        asked.add((leaf.key, leaf.t))
        shallow = len(leaf.moves) < deepest and whole.nodes[leaf.key][0] == "inner"
        if shallow and rng.random() < 0.3:
            prover.answer(leaf, None)  # given up: asked of its children
            given_up.add(leaf.key)
        else:
            reached = value(leaf.key) >= leaf.t
            prover.answer(leaf, reached)
            held = stored.setdefault(leaf.key, [-(1 << 30), 1 << 30])
            if reached:
                held[0] = max(held[0], leaf.t)
            else:
                held[1] = min(held[1], leaf.t - 1)
    wanted = value(whole.root)
    # `--status`: the store's answers alone, on a split listed afresh, prove the same score,
    # and bound each first move around its value.
    fresh = Split(width, height, depth, {}, lazy=True)
    root, moves = standing(fresh, stored, given_up)
    if root != (wanted, wanted):
        return f"split {trial} ({width}x{height} at ply {depth}): standing {root}, negamax {wanted}"
    for key, (low, high) in moves:
        if not low <= value(key) <= high:
            return f"split {trial}: a first move {low}..{high}, its value {value(key)}"
    if prover.score() != wanted:
        return f"split {trial} ({width}x{height} at ply {depth}): {prover.score()}, negamax {wanted}"
    if len(prover.steps) and prover.steps[-1][0] not in (wanted, wanted + 1):
        return f"split {trial}: the last bound asked {prover.steps[-1]}, the score {wanted}"
    return None


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    for trial in range(count):
        failure = check(trial)
        if failure:
            print(failure)
            return 1
    print(f"checked {count} splits")
    return 0


if __name__ == "__main__":
    sys.exit(main())
