//! The textbook searches, to reproduce hand computations and course node counts: plain minimax,
//! plain alpha-beta and expectimax (the opponent moves at random), children in generation
//! order, no table, no move ordering. Every position visited counts as a node, the root
//! included.

use super::control::Control;
use super::limits::Limits;
use super::node::Tracker;
use super::score::INFINITY;
use super::{MAX_DEPTH, Progress, Report, SearchResult, alphabeta::pv_text};
use crate::games::{Game, Seat};

/// Which textbook search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plain {
    /// Minimax, no pruning.
    Minimax,
    /// Fail-soft alpha-beta.
    AlphaBeta,
    /// Expectimax: the opponent of the root's side to move picks its moves uniformly at
    /// random, so its nodes are worth the mean of their children.
    Expectimax,
}

/// One plain search of a fixed depth.
struct PlainSearch<'a, 'c, G: Game> {
    control: &'a mut Control<'c>,
    kind: Plain,
    /// The side to move at the root (the other side is the opponent).
    me: Seat,
    /// Node bookkeeping; no leaf cut by the depth limit means the value is the game's value.
    t: Tracker<G>,
}

impl<G: Game> PlainSearch<'_, '_, G> {
    /// Negamax value of `pos` for its side to move. With `pruning`, a fail-soft alpha-beta.
    fn value(&mut self, pos: &G, depth: u32, ply: u32, mut alpha: i32, beta: i32) -> i32 {
        if let Some(score) = self.t.enter(self.control, pos, depth, ply) {
            return score;
        }
        let mut moves = Vec::with_capacity(16);
        pos.legal_moves(&mut moves);
        let chance = self.kind == Plain::Expectimax && pos.side_to_move() != self.me;
        let count = moves.len() as i64;
        let mut sum: i64 = 0;
        let mut best = -INFINITY;
        for mv in moves {
            let mut child = pos.clone();
            child.play(mv);
            let score = if super::same_side(pos, &child) {
                self.value(&child, depth - 1, ply + 1, alpha, beta)
            } else {
                -self.value(&child, depth - 1, ply + 1, -beta, -alpha)
            };
            if self.t.aborted {
                return 0;
            }
            sum += i64::from(score);
            if score > best {
                best = score;
                self.t.update_pv(ply as usize, mv);
            }
            if self.kind == Plain::AlphaBeta {
                alpha = alpha.max(score);
                if alpha >= beta {
                    break;
                }
            }
        }
        if chance {
            // The mean, rounded to the nearest centipawn.
            return (2 * sum + count).div_euclid(2 * count.max(1)) as i32;
        }
        best
    }
}

/// Runs the plain search: once at `go depth N`, otherwise deepening one ply at a time (each
/// iteration a complete plain search, reported with its own node count).
pub fn iterate<G: Game>(
    root: &G,
    kind: Plain,
    control: &mut Control<'_>,
    limits: &Limits,
    report: &mut dyn FnMut(Report),
) -> SearchResult {
    let depths = match limits.depth {
        Some(d) => d.clamp(1, MAX_DEPTH)..=d.clamp(1, MAX_DEPTH),
        None => 1..=MAX_DEPTH,
    };
    let mut moves = Vec::new();
    root.legal_moves(&mut moves);
    let mut result = SearchResult {
        best_move: moves.first().map(|&mv| root.move_text(mv)),
        score: None,
        proven: false,
        nodes: 0,
    };
    // A single fixed-depth search may be stopped at any time (its best move is then the first
    // legal one); when deepening, the first iteration always completes.
    let mut may_abort = limits.depth.is_some();
    for depth in depths {
        let nodes_before = control.nodes;
        let mut search = PlainSearch::<G> {
            control: &mut *control,
            kind,
            me: root.side_to_move(),
            t: Tracker::new(may_abort),
        };
        let score = search.value(root, depth, 0, -INFINITY, INFINITY);
        if search.t.aborted {
            if result.score.is_none() {
                report(Report::Note(format!(
                    "stopped before depth {depth} was complete; playing the first legal move"
                )));
            }
            break;
        }
        may_abort = true;
        let pv = std::mem::take(&mut search.t.pv[0]);
        let (horizon_hits, seldepth) = (search.t.horizon_hits, search.t.seldepth);
        result.best_move = pv.first().map(|&mv| root.move_text(mv));
        result.score = Some(score);
        result.proven = super::is_proven(score, depth, horizon_hits == 0);
        report(Report::Iteration(Progress {
            depth,
            seldepth,
            score,
            bound: None,
            nodes: control.nodes - nodes_before,
            elapsed: control.elapsed(),
            hashfull: None,
            pv: pv_text(root, &pv),
        }));
        if result.proven || control.soft_time_over() || control.check_now() {
            break;
        }
    }
    if limits.infinite {
        super::wait_for_stop(control);
    }
    result.nodes = control.nodes;
    result
}
