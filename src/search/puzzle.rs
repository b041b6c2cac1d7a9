//! Optimal solving of one-player puzzles: breadth-first search over the positions, keyed by
//! their hash, so the first solved position found is at the fewest moves.

use super::control::Control;
use crate::games::Game;
use std::collections::{HashMap, VecDeque};

/// How a puzzle search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleResult<M> {
    /// An optimal solution.
    Solved(Vec<M>),
    /// No sequence of moves solves the puzzle.
    Unsolvable,
    /// `stop` or a limit came first.
    Stopped,
}

/// Breadth-first search from `root`; `control` counts expanded positions and may stop it.
pub fn breadth_first<G: Game>(root: &G, control: &mut Control<'_>) -> PuzzleResult<G::Move> {
    if root.outcome().is_some() {
        return PuzzleResult::Solved(Vec::new());
    }
    // Each position seen, with the one it came from and the move that led here.
    let mut parents: HashMap<u64, Option<(u64, G::Move)>> = HashMap::new();
    parents.insert(root.hash(), None);
    let mut queue = VecDeque::from([root.clone()]);
    let mut moves = Vec::new();
    while let Some(pos) = queue.pop_front() {
        if control.visit() {
            return PuzzleResult::Stopped;
        }
        let key = pos.hash();
        moves.clear();
        pos.legal_moves(&mut moves);
        for &mv in &moves {
            let mut next = pos.clone();
            next.play(mv);
            let next_key = next.hash();
            if parents.contains_key(&next_key) {
                continue;
            }
            parents.insert(next_key, Some((key, mv)));
            if next.outcome().is_some() {
                return PuzzleResult::Solved(path(&parents, next_key));
            }
            queue.push_back(next);
        }
    }
    PuzzleResult::Unsolvable
}

/// The moves from the root to `key`.
fn path<M: Copy>(parents: &HashMap<u64, Option<(u64, M)>>, mut key: u64) -> Vec<M> {
    let mut line = Vec::new();
    while let Some(Some((parent, mv))) = parents.get(&key) {
        line.push(*mv);
        key = *parent;
    }
    line.reverse();
    line
}
