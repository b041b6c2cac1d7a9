//! Breadth-first search over the positions, keyed by their hash: states leave a FIFO queue in
//! the order they were found, so the first solved position generated is at the fewest moves.

use super::{PuzzleResult, PuzzleStats, path};
use crate::games::Game;
use crate::search::control::Control;
use std::collections::{HashMap, VecDeque};

/// Breadth-first search from `root`; `control` counts expanded positions and may stop it. A
/// successor is tested for the goal when generated (so the states at the solution's depth are
/// never expanded).
pub fn breadth_first<G: Game>(
    root: &G,
    control: &mut Control<'_>,
    stats: &mut PuzzleStats,
) -> PuzzleResult<G::Move> {
    stats.iterations = 1;
    if root.outcome().is_some() {
        return PuzzleResult::Solved(Vec::new());
    }
    // Each position seen, with the one it came from and the move that led here.
    let mut parents: HashMap<u64, Option<(u64, G::Move)>> = HashMap::new();
    parents.insert(root.hash(), None);
    let mut queue = VecDeque::from([root.clone()]);
    stats.open(queue.len());
    let mut moves = Vec::new();
    while let Some(pos) = queue.pop_front() {
        if control.visit() {
            return PuzzleResult::Stopped;
        }
        let key = pos.hash();
        stats.expand(key);
        moves.clear();
        pos.legal_moves(&mut moves);
        for &mv in &moves {
            let mut next = pos.clone();
            next.play(mv);
            stats.generated += 1;
            let next_key = next.hash();
            if parents.contains_key(&next_key) {
                continue;
            }
            parents.insert(next_key, Some((key, mv)));
            if next.outcome().is_some() {
                return PuzzleResult::Solved(path(next_key, |k| {
                    parents.get(&k).copied().flatten()
                }));
            }
            queue.push_back(next);
        }
        stats.open(queue.len());
    }
    PuzzleResult::Unsolvable
}
