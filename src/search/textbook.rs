//! The textbook searches, to reproduce hand computations and course node counts: plain minimax,
//! plain alpha-beta and expectimax (the opponent moves at random), children in generation
//! order, no table, no move ordering. Every position visited counts as a node, the root
//! included; with `SearchTrace`, each node is reported when it is finished (`trace`).

use super::alphabeta::pv_text;
use super::control::Control;
use super::limits::{Limits, MAX_DEPTH};
use super::node::{Tracker, same_side};
use super::report::{Progress, Report, SearchResult};
use super::score::{INFINITY, is_proven};
use super::trace::{NodeKind, Tracer, for_p1, window_for_p1};
use crate::games::{Game, Seat};

/// Which textbook search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plain {
    /// Minimax, no pruning.
    Minimax,
    /// Fail-soft alpha-beta.
    AlphaBeta,
    /// Expectimax: the opponent of the root's side to move picks its moves at random, as
    /// `Vision` says, so its nodes are worth the expectation of their children.
    Expectimax(Vision),
}

/// How a chance opponent is expected to choose among its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Vision {
    /// Uniformly at random.
    Random,
    /// Mostly its best replies: weights `exp((s - max) / T)` of its own scores `s`.
    Pessimistic {
        /// Temperature `T` in centipawns.
        temperature: u32,
    },
    /// Mostly its worst replies: weights `exp((min - s) / T)`.
    Optimistic {
        /// Temperature `T` in centipawns.
        temperature: u32,
    },
}

impl Vision {
    /// The expected score of a chance node whose mover scores its children `scores`, rounded
    /// to the centipawn.
    pub fn expectation(self, scores: &[i32]) -> i32 {
        let (Some(&max), Some(&min)) = (scores.iter().max(), scores.iter().min()) else {
            return 0;
        };
        let weight = |s: i32| match self {
            Vision::Random => 1.0,
            Vision::Pessimistic { temperature } => {
                (f64::from(s - max) / f64::from(temperature.max(1))).exp()
            }
            Vision::Optimistic { temperature } => {
                (f64::from(min - s) / f64::from(temperature.max(1))).exp()
            }
        };
        let (total, weighted) = scores.iter().fold((0.0, 0.0), |(t, w), &s| {
            let x = weight(s);
            (t + x, w + x * f64::from(s))
        });
        (weighted / total).round() as i32
    }
}

/// One plain search of a fixed depth; `TRACED` compiles the trace in (so that a search
/// without it costs nothing more).
struct PlainSearch<'a, 'c, G: Game, const TRACED: bool> {
    control: &'a mut Control<'c>,
    kind: Plain,
    /// The side to move at the root (the other side is the opponent).
    me: Seat,
    /// Node bookkeeping; no leaf cut by the depth limit means the value is the game's value.
    t: Tracker<G>,
    /// The trace (`Some` when `TRACED`).
    trace: Option<&'a mut Tracer>,
    /// Where trace records go.
    report: &'a mut dyn FnMut(Report),
}

impl<G: Game, const TRACED: bool> PlainSearch<'_, '_, G, TRACED> {
    /// Negamax value of `pos` for its side to move; under `Plain::AlphaBeta` a fail-soft
    /// alpha-beta in the window `alpha`..`beta`.
    fn value(&mut self, pos: &G, depth: u32, ply: u32, mut alpha: i32, beta: i32) -> i32 {
        let settled = self.t.enter(self.control, pos, depth, ply);
        let id = match &mut self.trace {
            Some(trace) if TRACED && !self.t.aborted => {
                trace.enter(ply, &mut |note| (self.report)(Report::Note(note)))
            }
            _ => None,
        };
        if let Some(score) = settled {
            if TRACED && let Some(id) = id {
                self.trace_node(id, pos, ply, NodeKind::Leaf, (alpha, beta), score, 0);
            }
            return score;
        }
        let window = (alpha, beta);
        let mut moves = Vec::with_capacity(16);
        pos.legal_moves(&mut moves);
        let vision = match self.kind {
            Plain::Expectimax(vision) if pos.side_to_move() != self.me => Some(vision),
            _ => None,
        };
        let mut scores = Vec::new();
        let mut best = -INFINITY;
        let mut pruned = 0;
        for (i, &mv) in moves.iter().enumerate() {
            if TRACED
                && let Some(trace) = &mut self.trace
                && trace.is_open()
            {
                trace.set_move(ply + 1, pos.move_text(mv));
            }
            let mut child = pos.clone();
            child.play(mv);
            let score = if same_side(pos, &child) {
                self.value(&child, depth - 1, ply + 1, alpha, beta)
            } else {
                -self.value(&child, depth - 1, ply + 1, -beta, -alpha)
            };
            if self.t.aborted {
                return 0;
            }
            if vision.is_some() {
                scores.push(score);
            }
            if score > best {
                best = score;
                self.t.update_pv(ply as usize, mv);
            }
            if self.kind == Plain::AlphaBeta {
                alpha = alpha.max(score);
                if alpha >= beta {
                    pruned = moves.len() - i - 1;
                    break;
                }
            }
        }
        let value = match vision {
            Some(vision) => vision.expectation(&scores),
            None => best,
        };
        if TRACED && let Some(id) = id {
            let kind = match (vision, pos.side_to_move()) {
                (Some(_), _) => NodeKind::Chance,
                (None, Seat::P1) => NodeKind::Max,
                (None, Seat::P2) => NodeKind::Min,
            };
            self.trace_node(id, pos, ply, kind, window, value, pruned);
        }
        value
    }

    /// Reports the record of the traced node `id`: `pos` at `ply`, entered with `window` and
    /// worth `value` (both from its side to move).
    #[allow(clippy::too_many_arguments)]
    #[cold]
    fn trace_node(
        &mut self,
        id: u64,
        pos: &G,
        ply: u32,
        kind: NodeKind,
        (alpha, beta): (i32, i32),
        value: i32,
        pruned: usize,
    ) {
        let Some(trace) = &self.trace else { return };
        let side = pos.side_to_move();
        let window = (self.kind == Plain::AlphaBeta).then(|| window_for_p1(alpha, beta, side));
        let node = trace.finish(id, ply, kind, window, for_p1(value, side), pruned);
        (self.report)(Report::Trace(node));
    }
}

/// One plain search of `root` to `depth`: its value, and the bookkeeping `t` it leaves.
fn search_depth<G: Game, const TRACED: bool>(
    root: &G,
    depth: u32,
    kind: Plain,
    control: &mut Control<'_>,
    t: Tracker<G>,
    trace: Option<&mut Tracer>,
    report: &mut dyn FnMut(Report),
) -> (i32, Tracker<G>) {
    let mut search = PlainSearch::<G, TRACED> {
        control,
        kind,
        me: root.side_to_move(),
        t,
        trace,
        report,
    };
    let score = search.value(root, depth, 0, -INFINITY, INFINITY);
    (score, search.t)
}

/// Runs the plain search: once at `go depth N`, otherwise deepening one ply at a time (each
/// iteration a complete plain search, reported with its own node count); with a time limit
/// (`movetime`, a clock) `depth` is only the deepest iteration, as for alpha-beta, so that
/// the deepest iteration the time allows is reported rather than none. With
/// `trace_limit`, the first that many nodes are traced (each iteration's records before its
/// `Report::Iteration`, ids from 1 in each).
pub fn iterate<G: Game>(
    root: &G,
    kind: Plain,
    control: &mut Control<'_>,
    limits: &Limits,
    trace_limit: Option<u64>,
    report: &mut dyn FnMut(Report),
) -> SearchResult {
    // A fixed-depth search without a time limit stays one search (its node count is the
    // textbook's); with one, the depth is a cap on the deepening.
    let timed = limits.move_time.is_some() || limits.clock.is_some();
    let fixed = limits.depth.filter(|_| !timed);
    let depths = match (fixed, limits.depth) {
        (Some(d), _) => d.clamp(1, MAX_DEPTH)..=d.clamp(1, MAX_DEPTH),
        (None, cap) => 1..=cap.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH),
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
    let mut may_abort = fixed.is_some();
    let mut tracer = trace_limit.map(|limit| Tracer::new(limit, G::VALUE_UNIT));
    for depth in depths {
        let nodes_before = control.nodes;
        let t = Tracker::new(may_abort);
        let (score, mut t) = match tracer.as_mut() {
            Some(tracer) => {
                tracer.new_iteration();
                search_depth::<G, true>(root, depth, kind, control, t, Some(tracer), report)
            }
            None => search_depth::<G, false>(root, depth, kind, control, t, None, report),
        };
        if t.aborted {
            if result.score.is_none() {
                report(Report::Note(format!(
                    "stopped before depth {depth} was complete; playing the first legal move"
                )));
            }
            break;
        }
        may_abort = true;
        let pv = std::mem::take(&mut t.pv[0]);
        let (horizon_hits, seldepth) = (t.horizon_hits, t.seldepth);
        result.best_move = pv.first().map(|&mv| root.move_text(mv));
        result.score = Some(score);
        result.proven = is_proven(score, depth, horizon_hits == 0);
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
        control.wait_for_stop();
    }
    result.nodes = control.nodes;
    result
}
