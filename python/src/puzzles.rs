//! The Rush Hour puzzle set shipped with the crate (`games::rushhour::puzzles`).

use pyo3::prelude::*;

/// Every puzzle of the 6x6 set: `(moves, board, cluster_states)`, by moves, then board.
#[pyfunction]
pub fn rushhour_puzzle_set() -> Vec<(u32, &'static str, u64)> {
    sente::games::rushhour::puzzles::puzzles()
        .into_iter()
        .map(|p| (p.moves, p.board, p.states))
        .collect()
}
