//! A*: states leave a priority queue by `f = g + h` (moves made plus the estimate of the moves
//! left), the deeper first among equal `f`, then in the order they were queued. A state reached
//! again by a shorter path is queued again (and expanded again if it had been), so an admissible
//! estimate gives an optimal solution even when it is not consistent.

use super::{Estimate, PuzzleResult, PuzzleStats, path};
use crate::games::Game;
use crate::search::control::Control;
use std::cmp::{Ordering, Reverse};
use std::collections::{BinaryHeap, HashMap};

/// A queued state.
struct Entry<G> {
    f: u32,
    g: u32,
    /// Queueing order, for ties.
    seq: u64,
    pos: G,
}

impl<G> Entry<G> {
    /// The heap pops the largest: the smallest `f`, then the largest `g`, then the oldest.
    fn rank(&self) -> (Reverse<u32>, u32, Reverse<u64>) {
        (Reverse(self.f), self.g, Reverse(self.seq))
    }
}

impl<G> PartialEq for Entry<G> {
    fn eq(&self, other: &Self) -> bool {
        self.rank() == other.rank()
    }
}

impl<G> Eq for Entry<G> {}

impl<G> PartialOrd for Entry<G> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<G> Ord for Entry<G> {
    fn cmp(&self, other: &Self) -> Ordering {
        self.rank().cmp(&other.rank())
    }
}

/// For each state seen (by hash): the fewest moves known to it, and the state and move they
/// came from (none for the root).
type Seen<M> = HashMap<u64, (u32, Option<(u64, M)>)>;

/// A* from `root` with `estimate`; `control` counts expanded positions and may stop it. A state
/// is tested for the goal when it leaves the queue. With the estimate `&|_| 0` the states leave
/// in exactly the order of `breadth_first`, which stops earlier (it tests states when they are
/// generated).
pub fn astar<G: Game>(
    root: &G,
    estimate: Estimate<'_, G>,
    control: &mut Control<'_>,
    stats: &mut PuzzleStats,
) -> PuzzleResult<G::Move> {
    stats.iterations = 1;
    let mut best: Seen<G::Move> = HashMap::new();
    best.insert(root.hash(), (0, None));
    let mut open = BinaryHeap::new();
    open.push(Entry {
        f: estimate(root),
        g: 0,
        seq: 0,
        pos: root.clone(),
    });
    let mut seq = 0;
    stats.open(open.len());
    let mut moves = Vec::new();
    while let Some(Entry { g, pos, .. }) = open.pop() {
        let key = pos.hash();
        if best.get(&key).is_some_and(|&(known, _)| known < g) {
            // Reached by a shorter path since it was queued.
            continue;
        }
        if pos.outcome().is_some() {
            return PuzzleResult::Solved(path(key, |k| best.get(&k).and_then(|&(_, from)| from)));
        }
        if control.visit() {
            return PuzzleResult::Stopped;
        }
        stats.expand(key);
        moves.clear();
        pos.legal_moves(&mut moves);
        for &mv in &moves {
            let mut next = pos.clone();
            next.play(mv);
            stats.generated += 1;
            let next_key = next.hash();
            let g = g + 1;
            if best.get(&next_key).is_some_and(|&(known, _)| known <= g) {
                continue;
            }
            best.insert(next_key, (g, Some((key, mv))));
            seq += 1;
            open.push(Entry {
                f: g + estimate(&next),
                g,
                seq,
                pos: next,
            });
        }
        stats.open(open.len());
    }
    PuzzleResult::Unsolvable
}
