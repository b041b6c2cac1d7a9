//! The proof tree (option `Algorithm proof`): the minimal tree that proves a position's exact
//! minimax value for its side to move, the course's solution tree. At each node of the side to
//! move at the root (the prover) it keeps one child, the first in generation order that
//! attains the node's value (its best move); at each node of the other side it keeps every
//! child (every reply must be answered); its leaves are finished games. The search goes to the
//! end of the game whatever the depth, within a node budget (`go nodes N`, else
//! `PROOF_BUDGET`): past it, or when stopped, no tree is given and a note says why.
//!
//! The tree is built first (each kept node's exact value by a plain alpha-beta to the end),
//! then reported through the trace (`SearchTrace`) depth first, as the textbook searches
//! report theirs, each node's `pruned` the children the proof leaves out. The search's node
//! count is the proof tree's size; a note says how many positions were searched to find it.

use super::alphabeta::pv_text;
use super::control::Control;
use super::limits::{Limits, MAX_DEPTH};
use super::node::same_side;
use super::report::{Progress, Report, SearchResult};
use super::score::{INFINITY, is_mate, terminal_score};
use super::trace::{NodeKind, Tracer, for_p1};
use crate::games::{Game, Seat};

/// Positions a proof may search when `go` sets no `nodes`.
pub const PROOF_BUDGET: u64 = 50_000_000;

/// A game's own exact value of a position for its side to move, where it knows it (a table of
/// the game's): a score as at the root (`score::win_in(p)` a win in `p` plies, `loss_in(p)`, 0 a
/// draw, a final score). The proof reads it instead of searching below the position, so that
/// a proof is bounded by its tree, not by the game's longest line.
pub type ExactValues<'a, G> = &'a dyn Fn(&G) -> Option<i32>;

/// One node of a proof tree.
struct ProofNode<M> {
    /// The move from the parent; `None` for the root.
    mv: Option<M>,
    /// Its move in notation; `None` for the root.
    move_text: Option<String>,
    /// Max, min or leaf.
    kind: NodeKind,
    /// Its exact value seen from p1 (the search's scores).
    value: i32,
    /// Its children that the proof leaves out.
    pruned: usize,
    /// Its children in the proof, in generation order (indices into the tree).
    children: Vec<usize>,
}

/// Why no proof tree was built.
enum Unproven {
    /// Stopped, or past a `go nodes` limit or the time.
    Stopped,
    /// Past `PROOF_BUDGET` positions.
    Budget,
    /// A line longer than `MAX_DEPTH` plies (a game that may not end).
    TooDeep,
}

/// The builder of one proof tree.
struct Prover<'a, 'c, G: Game> {
    control: &'a mut Control<'c>,
    /// Positions that may be searched.
    budget: u64,
    /// The side whose value is proven: the side to move at the root.
    prover: Seat,
    /// The tree built so far (the root first).
    tree: Vec<ProofNode<G::Move>>,
    /// Set once the search must give up.
    failed: Option<Unproven>,
    /// The game's own exact values, read instead of a search where they are known.
    exact: Option<ExactValues<'a, G>>,
}

impl<G: Game> Prover<'_, '_, G> {
    /// Counts a visit; false (and `failed` set) when the search must give up.
    fn visit(&mut self, ply: u32) -> bool {
        if self.failed.is_some() {
            return false;
        }
        if self.control.visit() {
            self.failed = Some(Unproven::Stopped);
        } else if self.control.nodes > self.budget {
            self.failed = Some(Unproven::Budget);
        } else if ply > MAX_DEPTH {
            self.failed = Some(Unproven::TooDeep);
        }
        self.failed.is_none()
    }

    /// The exact negamax value of `pos` for its side to move, `ply` plies from the root
    /// (fail-soft alpha-beta in `alpha`..`beta`, to the end of the game); meaningless once
    /// `failed` is set.
    fn value(&mut self, pos: &G, ply: u32, mut alpha: i32, beta: i32) -> i32 {
        if !self.visit(ply) {
            return 0;
        }
        if let Some(outcome) = pos.outcome() {
            return terminal_score(pos, outcome, ply);
        }
        if let Some(score) = self.exact.and_then(|exact| exact(pos)) {
            // A win or loss in `p` plies from `pos` is `ply + p` plies from the root.
            return match score {
                s if is_mate(s) && s > 0 => s - ply as i32,
                s if is_mate(s) => s + ply as i32,
                s => s,
            };
        }
        let mut moves = Vec::with_capacity(16);
        pos.legal_moves(&mut moves);
        let mut best = -INFINITY;
        for mv in moves {
            let mut child = pos.clone();
            child.play(mv);
            let score = self.child_score(pos, &child, ply, alpha, beta);
            if self.failed.is_some() {
                return 0;
            }
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// The value of `child` of `pos` for `pos`'s side to move.
    fn child_score(&mut self, pos: &G, child: &G, ply: u32, alpha: i32, beta: i32) -> i32 {
        if same_side(pos, child) {
            self.value(child, ply + 1, alpha, beta)
        } else {
            -self.value(child, ply + 1, -beta, -alpha)
        }
    }

    /// Adds the proof tree of `pos` (reached by `mv`, `ply` plies from the root, worth `value`
    /// exactly for its side to move) to the tree; returns its index.
    fn build(&mut self, pos: &G, mv: Option<G::Move>, ply: u32, value: i32) -> Option<usize> {
        let index = self.tree.len();
        let side = pos.side_to_move();
        self.tree.push(ProofNode {
            mv,
            move_text: None,
            kind: NodeKind::Leaf,
            value: for_p1(value, side),
            pruned: 0,
            children: Vec::new(),
        });
        if pos.outcome().is_some() {
            return Some(index);
        }
        let mut moves = Vec::with_capacity(16);
        pos.legal_moves(&mut moves);
        let mut children = Vec::new();
        for &mv in &moves {
            let mut child = pos.clone();
            child.play(mv);
            let score = self.child_score(pos, &child, ply, -INFINITY, INFINITY);
            if self.failed.is_some() {
                return None;
            }
            let proves = side != self.prover || score == value;
            if proves {
                let child_value = if same_side(pos, &child) {
                    score
                } else {
                    -score
                };
                let at = self.build(&child, Some(mv), ply + 1, child_value)?;
                self.tree[at].move_text = Some(pos.move_text(mv));
                children.push(at);
                if side == self.prover {
                    break;
                }
            }
        }
        let node = &mut self.tree[index];
        node.kind = match side {
            Seat::P1 => NodeKind::Max,
            Seat::P2 => NodeKind::Min,
        };
        node.pruned = moves.len() - children.len();
        node.children = children;
        Some(index)
    }

    /// The best line from node `at`: at each node its first child worth the node's value.
    fn line(&self, mut at: usize) -> Vec<G::Move> {
        let mut line = Vec::new();
        while let Some(&next) = self.tree[at]
            .children
            .iter()
            .find(|&&c| self.tree[c].value == self.tree[at].value)
        {
            line.extend(self.tree[next].mv);
            at = next;
        }
        line
    }

    /// The height of the subtree at `at`, in plies.
    fn height(&self, at: usize) -> u32 {
        self.tree[at]
            .children
            .iter()
            .map(|&c| 1 + self.height(c))
            .max()
            .unwrap_or(0)
    }
}

/// Reports the subtree at `at` (`ply` plies from the root) through `tracer`, depth first, each
/// node when it is finished.
fn trace<M>(
    tree: &[ProofNode<M>],
    at: usize,
    ply: u32,
    tracer: &mut Tracer,
    report: &mut dyn FnMut(Report),
) {
    let id = tracer.enter(ply, &mut |note| report(Report::Note(note)));
    for &child in &tree[at].children {
        if tracer.is_open() {
            tracer.set_move(ply + 1, tree[child].move_text.clone().unwrap_or_default());
        }
        trace(tree, child, ply + 1, tracer, report);
    }
    if let Some(id) = id {
        let node = &tree[at];
        let record = tracer.finish(id, ply, node.kind, None, node.value, node.pruned);
        report(Report::Trace(record));
    }
}

/// Builds the proof tree of `root` and reports it: its nodes through the trace (the first
/// `trace_limit` of them, with `SearchTrace`), then one iteration whose node count is the
/// tree's size, its score the root's exact value and its line the best play. Without a tree
/// (stopped, past the budget) a note says why and the first legal move is given. `exact`, the
/// game's own values where it knows them, stands in for the search below those positions.
pub fn prove<G: Game>(
    root: &G,
    control: &mut Control<'_>,
    limits: &Limits,
    trace_limit: Option<u64>,
    exact: Option<ExactValues<'_, G>>,
    report: &mut dyn FnMut(Report),
) -> SearchResult {
    let mut moves = Vec::new();
    root.legal_moves(&mut moves);
    let mut result = SearchResult {
        best_move: moves.first().map(|&mv| root.move_text(mv)),
        score: None,
        proven: false,
        nodes: 0,
    };
    let budget = limits.nodes.map_or(PROOF_BUDGET, |n| n.min(PROOF_BUDGET));
    let mut prover = Prover::<G> {
        control,
        budget,
        prover: root.side_to_move(),
        tree: Vec::new(),
        failed: None,
        exact,
    };
    let value = prover.value(root, 0, -INFINITY, INFINITY);
    let built = match prover.failed {
        None => prover.build(root, None, 0, value),
        Some(_) => None,
    };
    let searched = prover.control.nodes;
    if built.is_none() {
        let why = match prover.failed {
            Some(Unproven::Budget) => {
                format!("the game was not searched to its end within {budget} positions")
            }
            Some(Unproven::TooDeep) => {
                format!("a line is longer than {MAX_DEPTH} plies")
            }
            _ => "stopped before the game was searched to its end".to_string(),
        };
        report(Report::Note(format!("error: no proof tree: {why}")));
        result.nodes = searched;
        return result;
    }
    let size = prover.tree.len() as u64;
    if let Some(limit) = trace_limit {
        let mut tracer = Tracer::new(limit, G::VALUE_UNIT);
        tracer.new_iteration();
        trace(&prover.tree, 0, 0, &mut tracer, report);
    }
    let line = prover.line(0);
    let height = prover.height(0);
    report(Report::Note(format!(
        "proof tree of {size} nodes; {searched} positions searched to find it"
    )));
    report(Report::Iteration(Progress {
        depth: height,
        seldepth: height,
        score: value,
        bound: None,
        nodes: size,
        elapsed: prover.control.elapsed(),
        hashfull: None,
        pv: pv_text(root, &line),
    }));
    result.best_move = line.first().map(|&mv| root.move_text(mv));
    result.score = Some(value);
    result.proven = true;
    result.nodes = size;
    if limits.infinite {
        prover.control.wait_for_stop();
    }
    result
}

#[cfg(test)]
mod tests;
