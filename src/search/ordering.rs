//! Move ordering for the full search: the table move, then killers, then the game's static
//! hint and the history of cutoffs.

use super::limits::MAX_DEPTH;
use crate::games::Game;

const HISTORY_SIZE: usize = 4096;
const MAX_PLY: usize = MAX_DEPTH as usize + 2;
/// The most moves `order` sorts without allocating.
const STACK_MOVES: usize = 32;

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
    /// Sorts `moves` best first for the node at `ply` whose table move is `table_move`: by
    /// key, highest first, moves of equal keys in their order (a stable sort). The game's
    /// hints are asked once for all the moves that need one (`Game::move_order_hints`). Up
    /// to `STACK_MOVES` moves, the keys are kept on the stack and sorted by insertion (no
    /// allocation a node); more go through `sort_by_key`, which gives the same order.
    pub fn order<G: Game>(
        &self,
        pos: &G,
        moves: &mut [G::Move],
        ply: u32,
        table_move: Option<u16>,
    ) {
        let n = moves.len();
        if n < 2 {
            return;
        }
        if n > STACK_MOVES {
            let mut keys = vec![0; n];
            let (mut asked, mut hints) = (moves.to_vec(), vec![0; n]);
            self.keys(
                pos, moves, ply, table_move, &mut keys, &mut asked, &mut hints,
            );
            let mut keyed: Vec<(i64, G::Move)> =
                keys.into_iter().zip(moves.iter().copied()).collect();
            keyed.sort_by_key(|&(k, _)| std::cmp::Reverse(k));
            for (slot, (_, mv)) in moves.iter_mut().zip(keyed) {
                *slot = mv;
            }
            return;
        }
        let mut keys = [0_i64; STACK_MOVES];
        let (mut asked, mut hints) = ([moves[0]; STACK_MOVES], [0_i32; STACK_MOVES]);
        self.keys(
            pos, moves, ply, table_move, &mut keys, &mut asked, &mut hints,
        );
        for i in 1..n {
            let (k, mv) = (keys[i], moves[i]);
            let mut j = i;
            while j > 0 && keys[j - 1] < k {
                keys[j] = keys[j - 1];
                moves[j] = moves[j - 1];
                j -= 1;
            }
            keys[j] = k;
            moves[j] = mv;
        }
    }

    /// Writes the key of each of `moves` to `keys`: the table move's, then the killers', above
    /// every other, whose key is its hint (`Game::move_order_hints`, asked once with those
    /// moves gathered in `asked`, answered in `hints`) then its history. `keys`, `asked` and
    /// `hints` hold `moves.len()` at least.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn keys<G: Game>(
        &self,
        pos: &G,
        moves: &[G::Move],
        ply: u32,
        table_move: Option<u16>,
        keys: &mut [i64],
        asked: &mut [G::Move],
        hints: &mut [i32],
    ) {
        let killers = self.killers[(ply as usize).min(MAX_PLY - 1)];
        let special = |code: u16| -> Option<i64> {
            if Some(code) == table_move {
                Some(1 << 40)
            } else if Some(code) == killers[0] {
                Some(1 << 38)
            } else if Some(code) == killers[1] {
                Some(1 << 37)
            } else {
                None
            }
        };
        let mut count = 0;
        for &mv in moves {
            if special(G::move_code(mv)).is_none() {
                asked[count] = mv;
                count += 1;
            }
        }
        pos.move_order_hints(&asked[..count], &mut hints[..count]);
        let mut hints = hints.iter();
        for (key, &mv) in keys.iter_mut().zip(moves) {
            let code = G::move_code(mv);
            *key = special(code).unwrap_or_else(|| {
                let hint = hints.next().copied().unwrap_or_default();
                (i64::from(hint) << 20) + i64::from(self.history[usize::from(code) % HISTORY_SIZE])
            });
        }
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
