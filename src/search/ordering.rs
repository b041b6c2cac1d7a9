//! Move ordering for the full search: the table move, then killers, then the game's static
//! hint and the history of cutoffs.

use super::limits::MAX_DEPTH;
use crate::games::Game;

const HISTORY_SIZE: usize = 4096;
const MAX_PLY: usize = MAX_DEPTH as usize + 2;

/// Killer moves per ply and a history of cutoffs per move code, reset at each `go` so that a
/// search is reproducible.
pub struct MoveOrderer {
    killers: Vec<[Option<u16>; 2]>,
    history: Vec<i32>,
}

impl Default for MoveOrderer {
    fn default() -> Self {
        MoveOrderer {
            killers: vec![[None; 2]; MAX_PLY],
            history: vec![0; HISTORY_SIZE],
        }
    }
}

impl MoveOrderer {
    /// Sorts `moves` best first for the node at `ply` whose table move is `table_move`.
    pub fn order<G: Game>(
        &self,
        pos: &G,
        moves: &mut [G::Move],
        ply: u32,
        table_move: Option<u16>,
    ) {
        let killers = self.killers[(ply as usize).min(MAX_PLY - 1)];
        moves.sort_by_cached_key(|&mv| {
            let code = G::move_code(mv);
            let key: i64 = if Some(code) == table_move {
                1 << 40
            } else if Some(code) == killers[0] {
                1 << 38
            } else if Some(code) == killers[1] {
                1 << 37
            } else {
                (i64::from(pos.move_order_hint(mv)) << 20)
                    + i64::from(self.history[usize::from(code) % HISTORY_SIZE])
            };
            std::cmp::Reverse(key)
        });
    }

    /// Records that `code` caused a beta cutoff at `ply` with `depth` plies left.
    pub fn record_cutoff(&mut self, code: u16, ply: u32, depth: u32) {
        let slot = &mut self.killers[(ply as usize).min(MAX_PLY - 1)];
        if slot[0] != Some(code) {
            slot[1] = slot[0];
            slot[0] = Some(code);
        }
        let h = &mut self.history[usize::from(code) % HISTORY_SIZE];
        *h = (*h + (depth * depth) as i32).min(1 << 19);
    }
}
