//! The search trace (option `SearchTrace`): one record per node of a textbook search, given
//! when the node is finished, with its values seen from p1 so that a tree reads like the
//! textbook's (p1 maximises, p2 minimises), in the game's own units (`Game::VALUE_UNIT`: a
//! game tree's leaf 3 is 3, not the search's 300).

use super::score::{INFINITY, MATE_BOUND};
use crate::games::Seat;

/// What a traced node is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeKind {
    /// p1 to move: the node is worth its best child for p1 (the largest value).
    Max,
    /// p2 to move: the node is worth its best child for p2 (the smallest value).
    Min,
    /// Under expectimax, the chance opponent to move: the node is worth the expectation of
    /// its children.
    Chance,
    /// Valued without children: the game is over there, or the depth limit was reached.
    Leaf,
}

/// An alpha-beta window seen from p1, in the game's units: the node's value matters only
/// strictly between the two. `f64::NEG_INFINITY` and `f64::INFINITY` stand for an open end.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Window {
    /// The value p1 is already sure of elsewhere (lower bound).
    pub alpha: f64,
    /// The value p2 is already sure of elsewhere (upper bound).
    pub beta: f64,
}

/// A score of the search (centipawn-like, from `score`) in the game's units, `unit` of the
/// search's to one of the game's: an open end (`±INFINITY`) is `±∞`; a win (`MATE - p`, of
/// magnitude `MATE_BOUND` or more) stays the whole number it is, above any value of the game;
/// any other score is divided by `unit` (exactly: at most two decimals).
pub fn in_units(score: i32, unit: i32) -> f64 {
    if score >= INFINITY {
        f64::INFINITY
    } else if score <= -INFINITY {
        f64::NEG_INFINITY
    } else if score.abs() >= MATE_BOUND {
        f64::from(score)
    } else {
        f64::from(score) / f64::from(unit.max(1))
    }
}

/// One finished node of a traced search.
#[derive(Clone, Debug, PartialEq)]
pub struct TraceNode {
    /// Entering order within the traced search, from 1 (the root).
    pub id: u64,
    /// The parent's id; 0 for the root.
    pub parent: u64,
    /// The move from the parent, in move notation; `None` for the root.
    pub move_text: Option<String>,
    /// Plies from the root.
    pub ply: u32,
    /// Max, min, chance or leaf.
    pub kind: NodeKind,
    /// The window when the node was entered, seen from p1; `None` for the searches without
    /// one (minimax, expectimax).
    pub window: Option<Window>,
    /// What the node returned, seen from p1, in the game's units (`in_units`: a game won by
    /// p1 `p` plies from the root is worth `MATE - p`).
    pub value: f64,
    /// Children never visited because of a cutoff.
    pub pruned: usize,
}

/// Converts a score from `side`'s point of view to p1's.
pub fn for_p1(score: i32, side: Seat) -> i32 {
    match side {
        Seat::P1 => score,
        Seat::P2 => -score,
    }
}

/// Converts a negamax window of `side` to p1's point of view: `(alpha, beta)`.
pub fn window_for_p1(alpha: i32, beta: i32, side: Seat) -> (i32, i32) {
    match side {
        Seat::P1 => (alpha, beta),
        Seat::P2 => (-beta, -alpha),
    }
}

/// The state of the trace of one `go`: which nodes are traced, their ids, and the path from
/// the root to the node being searched.
///
/// The first `limit` nodes the `go` enters are traced (ids restart at 1 with each iteration
/// of a deepening search); the first node past them ends the tracing with one note, and only
/// the nodes then open (the path from the root) still get their records when they finish, so
/// that what was traced is a tree with its root.
#[derive(Debug)]
pub struct Tracer {
    /// Nodes that may be traced in this `go`.
    limit: u64,
    /// The search's score units in one of the game's (`Game::VALUE_UNIT`).
    unit: i32,
    /// Nodes traced so far in this `go`.
    traced: u64,
    /// Set once a node past the limit was entered.
    truncated: bool,
    /// The id of the last node entered in this iteration.
    last_id: u64,
    /// For each ply of the path being searched: the id of its node and the move to it.
    path: Vec<(u64, Option<String>)>,
}

impl Tracer {
    /// A trace of at most `limit` nodes, its values written in a game's units, `unit` of the
    /// search's scores each (`Game::VALUE_UNIT`).
    pub fn new(limit: u64, unit: i32) -> Self {
        Tracer {
            limit,
            unit,
            traced: 0,
            truncated: false,
            last_id: 0,
            path: Vec::new(),
        }
    }

    /// Starts a new iteration: ids start again at 1.
    pub fn new_iteration(&mut self) {
        self.last_id = 0;
        self.path.clear();
    }

    /// True while new nodes are traced (the limit is not passed).
    #[inline]
    pub fn is_open(&self) -> bool {
        !self.truncated
    }

    /// Records the move that leads to the child about to be entered at `ply`.
    pub fn set_move(&mut self, ply: u32, move_text: String) {
        let p = ply as usize;
        if self.path.len() <= p {
            self.path.resize(p + 1, (0, None));
        }
        self.path[p].1 = Some(move_text);
    }

    /// Enters a node at `ply`: its id when it is traced. The first node past the limit
    /// gives `note` the remark that the trace is truncated.
    pub fn enter(&mut self, ply: u32, note: &mut dyn FnMut(String)) -> Option<u64> {
        if self.truncated {
            return None;
        }
        if self.traced == self.limit {
            self.truncated = true;
            note(format!("trace truncated at {} nodes", self.limit));
            return None;
        }
        self.traced += 1;
        self.last_id += 1;
        let p = ply as usize;
        if self.path.len() <= p {
            self.path.resize(p + 1, (0, None));
        }
        self.path[p].0 = self.last_id;
        if p == 0 {
            self.path[0].1 = None;
        }
        Some(self.last_id)
    }

    /// The record of the traced node `id` at `ply`, entered with `window` and finished with
    /// `value` (the search's scores, seen from p1), its values in the game's units.
    pub fn finish(
        &self,
        id: u64,
        ply: u32,
        kind: NodeKind,
        window: Option<(i32, i32)>,
        value: i32,
        pruned: usize,
    ) -> TraceNode {
        let p = ply as usize;
        let parent = match p {
            0 => 0,
            _ => self.path.get(p - 1).map_or(0, |&(id, _)| id),
        };
        TraceNode {
            id,
            parent,
            move_text: self.path.get(p).and_then(|(_, mv)| mv.clone()),
            ply,
            kind,
            window: window.map(|(alpha, beta)| Window {
                alpha: in_units(alpha, self.unit),
                beta: in_units(beta, self.unit),
            }),
            value: in_units(value, self.unit),
            pruned,
        }
    }
}

#[cfg(test)]
mod tests;
