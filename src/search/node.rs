//! Bookkeeping shared by the depth-first searches: node counting and abort, the deepest ply,
//! leaves cut by the depth limit, and the triangular principal-variation table.

use super::control::Control;
use super::limits::MAX_DEPTH;
use super::score::terminal_score;
use crate::games::Game;

/// True when `parent` and `child` have the same side to move.
#[inline]
pub fn same_side<G: Game>(parent: &G, child: &G) -> bool {
    parent.side_to_move() == child.side_to_move()
}

/// What a depth-first search tracks besides its scores.
pub struct Tracker<G: Game> {
    /// Leaves cut by the depth limit: a subtree was searched to the end of the game when this
    /// did not change while it was searched.
    pub horizon_hits: u64,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// `pv[ply]`: the best line found from the node at `ply`.
    pub pv: Vec<Vec<G::Move>>,
    /// Whether the search may be aborted now (once a first iteration gave a best move).
    pub may_abort: bool,
    /// Set when the search was aborted; every score after that is meaningless.
    pub aborted: bool,
}

impl<G: Game> Tracker<G> {
    /// A fresh tracker.
    pub fn new(may_abort: bool) -> Self {
        Tracker {
            horizon_hits: 0,
            seldepth: 0,
            pv: vec![Vec::new(); MAX_DEPTH as usize + 2],
            may_abort,
            aborted: false,
        }
    }

    /// Counts a visit of `pos` at `ply` with `depth` plies left, and settles the node when it
    /// needs no search: `Some(0)` after an abort, the score of a finished game, or the static
    /// evaluation at the depth limit.
    // Always inlined: a call per node costs the textbook searches about 5% (callgrind).
    #[inline(always)]
    pub fn enter(
        &mut self,
        control: &mut Control<'_>,
        pos: &G,
        depth: u32,
        ply: u32,
    ) -> Option<i32> {
        if control.visit() && self.may_abort {
            self.aborted = true;
            return Some(0);
        }
        let p = ply as usize;
        self.seldepth = self.seldepth.max(ply);
        self.pv[p].clear();
        if let Some(outcome) = pos.outcome() {
            return Some(terminal_score(pos, outcome, ply));
        }
        if depth == 0 || p > MAX_DEPTH as usize {
            self.horizon_hits += 1;
            return Some(pos.evaluate());
        }
        None
    }

    /// Makes `mv` followed by the line of `ply + 1` the line of `ply`.
    pub fn update_pv(&mut self, ply: usize, mv: G::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }
}
