//! The full search: iterative-deepening negamax alpha-beta with principal-variation search,
//! the transposition table and move ordering.
//!
//! Table entries are used for cutoffs only at exactly the depth they were searched to (or, for
//! subtrees searched to the end of the game, at any larger depth), so a `go depth N` search
//! returns exactly the depth-N minimax value, like the textbook algorithms.

use super::control::Control;
use super::limits::{Limits, MAX_DEPTH};
use super::node::{Tracker, same_side};
use super::ordering::MoveOrderer;
use super::report::{Progress, Report, SearchResult};
use super::score::{INFINITY, is_proven};
use super::tt::{Bound, Probe, TranspositionTable};
use crate::games::Game;

/// The state of one full search.
pub struct Searcher<'a, 'c, G: Game> {
    table: &'a mut TranspositionTable,
    control: &'a mut Control<'c>,
    limits: &'a Limits,
    orderer: MoveOrderer,
    /// Node bookkeeping; aborting is allowed once an iteration completed, so there is always
    /// a best move.
    t: Tracker<G>,
    /// `move_lists[ply]`: the moves of the node being searched at `ply`, kept from node to node
    /// so that a node allocates none.
    move_lists: Vec<Vec<G::Move>>,
}

impl<'a, 'c, G: Game> Searcher<'a, 'c, G> {
    /// A search using `table`, stopped by `control`.
    pub fn new(
        table: &'a mut TranspositionTable,
        control: &'a mut Control<'c>,
        limits: &'a Limits,
    ) -> Self {
        table.new_search();
        Searcher {
            table,
            control,
            limits,
            orderer: MoveOrderer::default(),
            t: Tracker::new(false),
            move_lists: vec![Vec::new(); MAX_DEPTH as usize + 2],
        }
    }

    /// Iterative deepening until a limit, `stop`, or a proven value.
    pub fn iterate(mut self, root: &G, report: &mut dyn FnMut(Report)) -> SearchResult {
        let mut root_moves = Vec::new();
        root.legal_moves(&mut root_moves);
        self.orderer.order(
            root,
            &mut root_moves,
            0,
            self.table.probe(root.hash(), 0).and_then(|p| p.move_code),
        );
        let max_depth = self.limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let mut result = SearchResult {
            best_move: root_moves.first().map(|&mv| root.move_text(mv)),
            score: None,
            proven: false,
            nodes: 0,
        };
        for depth in 1..=max_depth {
            self.t.seldepth = 0;
            let hits_before = self.t.horizon_hits;
            let (score, best) = self.search_root(root, depth, &mut root_moves);
            if let Some(mv) = best {
                result.best_move = Some(root.move_text(mv));
            }
            if self.t.aborted {
                break;
            }
            self.t.may_abort = true;
            result.score = Some(score);
            result.proven = is_proven(score, depth, self.t.horizon_hits == hits_before);
            report(Report::Iteration(Progress {
                depth,
                seldepth: self.t.seldepth,
                score,
                bound: None,
                nodes: self.control.nodes,
                elapsed: self.control.elapsed(),
                hashfull: Some(self.table.hashfull()),
                pv: pv_text(root, &self.t.pv[0]),
            }));
            if result.proven || self.control.soft_time_over() || self.control.check_now() {
                break;
            }
        }
        if self.limits.infinite {
            self.control.wait_for_stop();
        }
        result.nodes = self.control.nodes;
        result
    }

    /// One iteration at the root. Returns the score and the best move; after an abort the
    /// best move is the one that beat the others among those fully searched, if any.
    fn search_root(
        &mut self,
        root: &G,
        depth: u32,
        root_moves: &mut [G::Move],
    ) -> (i32, Option<G::Move>) {
        self.control.visit();
        self.t.pv[0].clear();
        let mut alpha = -INFINITY;
        let beta = INFINITY;
        let mut best = None;
        let hits_before = self.t.horizon_hits;
        for i in 0..root_moves.len() {
            let mv = root_moves[i];
            let mut child = root.clone();
            child.play(mv);
            let score = if i == 0 {
                self.child_score(root, &child, depth - 1, 1, alpha, beta, true)
            } else {
                let s = self.child_score(root, &child, depth - 1, 1, alpha, alpha + 1, false);
                if s > alpha && !self.t.aborted {
                    self.child_score(root, &child, depth - 1, 1, alpha, beta, true)
                } else {
                    s
                }
            };
            if self.t.aborted {
                break;
            }
            if score > alpha {
                alpha = score;
                best = Some(mv);
                self.t.update_pv(0, mv);
                // Keep the best move first for the next iteration.
                root_moves[..=i].rotate_right(1);
            }
        }
        if !self.t.aborted
            && let Some(mv) = best
        {
            self.table.store(
                root.hash(),
                0,
                Probe {
                    score: alpha,
                    depth,
                    bound: Bound::Exact,
                    resolved: self.t.horizon_hits == hits_before,
                    move_code: Some(G::move_code(mv)),
                },
            );
        }
        (alpha, best)
    }

    /// The score of `child` for `parent`'s side to move, searched with the parent's window.
    #[allow(clippy::too_many_arguments)]
    fn child_score(
        &mut self,
        parent: &G,
        child: &G,
        depth: u32,
        ply: u32,
        alpha: i32,
        beta: i32,
        pv_node: bool,
    ) -> i32 {
        if same_side(parent, child) {
            self.negamax(child, depth, ply, alpha, beta, pv_node)
        } else {
            -self.negamax(child, depth, ply, -beta, -alpha, pv_node)
        }
    }

    fn negamax(
        &mut self,
        pos: &G,
        depth: u32,
        ply: u32,
        mut alpha: i32,
        beta: i32,
        pv_node: bool,
    ) -> i32 {
        if let Some(score) = self.t.enter(self.control, pos, depth, ply) {
            return score;
        }
        let p = ply as usize;
        let key = pos.hash();
        let probe = self.table.probe(key, ply);
        if let Some(entry) = probe
            && !pv_node
            && (entry.depth == depth || (entry.resolved && entry.depth <= depth))
        {
            let usable = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => entry.score >= beta,
                Bound::Upper => entry.score <= alpha,
            };
            if usable {
                if !entry.resolved {
                    self.t.horizon_hits += 1;
                }
                return entry.score;
            }
        }

        let mut moves = std::mem::take(&mut self.move_lists[p]);
        moves.clear();
        pos.legal_moves(&mut moves);
        self.orderer
            .order(pos, &mut moves, ply, probe.and_then(|e| e.move_code));
        let alpha_before = alpha;
        let hits_before = self.t.horizon_hits;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        for (i, &mv) in moves.iter().enumerate() {
            let mut child = pos.clone();
            child.play(mv);
            let score = if i == 0 {
                self.child_score(pos, &child, depth - 1, ply + 1, alpha, beta, pv_node)
            } else {
                let s = self.child_score(pos, &child, depth - 1, ply + 1, alpha, alpha + 1, false);
                if pv_node && s > alpha && s < beta && !self.t.aborted {
                    self.child_score(pos, &child, depth - 1, ply + 1, alpha, beta, true)
                } else {
                    s
                }
            };
            if self.t.aborted {
                self.move_lists[p] = moves;
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    if pv_node {
                        self.t.update_pv(p, mv);
                    }
                    if alpha >= beta {
                        self.orderer.record_cutoff(G::move_code(mv), ply, depth);
                        break;
                    }
                }
            }
        }
        self.move_lists[p] = moves;
        let bound = if best_score <= alpha_before {
            Bound::Upper
        } else if best_score >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.store(
            key,
            ply,
            Probe {
                score: best_score,
                depth,
                bound,
                resolved: self.t.horizon_hits == hits_before,
                move_code: best_move.map(G::move_code),
            },
        );
        best_score
    }
}

/// The text of a line of moves played from `root`.
pub fn pv_text<G: Game>(root: &G, line: &[G::Move]) -> Vec<String> {
    let mut pos = root.clone();
    line.iter()
        .map(|&mv| {
            let text = pos.move_text(mv);
            pos.play(mv);
            text
        })
        .collect()
}
