"""Checks `scripts/ray_solve_bounds.py`'s Prover against the split's own negamax: random scores
for the tasks of small boards' splits (some already bounded, as a store would hold them), the
Prover's questions answered from those scores in a random order, some handed back unanswered
(a dead worker), with every first bound. Prints `checked N splits` or the first that failed,
and exits 1 on a failure. Run by tests/cluster.rs (python3 alone, no Ray)."""

import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "scripts"))

from ray_solve import Split  # noqa: E402
from ray_solve_bounds import Prover  # noqa: E402


def check(trial):
    rng = random.Random(trial)
    width, height = rng.choice([(4, 4), (5, 4), (4, 5), (6, 4), (5, 5), (7, 4)])
    depth = rng.randint(0, 5)
    split = Split(width, height, depth, {}, lazy=True)
    whole = Split(width, height, depth, {})  # every task listed, for their scores
    scores, bounds = {}, {}
    for key, _ in whole.tasks():
        low, high = split.limits(key)
        near = rng.random() < 0.9
        scores[key] = rng.randint(max(low, -4), min(high, 4)) if near else rng.randint(low, high)
        if rng.random() < 0.1:
            bounds[key] = [scores[key] - rng.randint(0, 2), scores[key] + rng.randint(0, 2)]
    wanted = whole.value(scores)
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
        prover.answer(leaf, scores[leaf.key] >= leaf.t)
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
