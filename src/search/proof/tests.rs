//! The proof tree checked line for line on the textbook tree, and node for node against an
//! independent computation (plain minimax over the rules, written here) on game trees,
//! Babylon and the rocks game.

use crate::games::babylon::Babylon;
use crate::games::rocks::RushHourRocks;
use crate::games::tree::{GameTree, START};
use crate::games::{Game, Outcome, Seat};
use crate::protocol::response::Response;
use crate::search::limits::Limits;
use crate::search::trace::TraceNode;
use crate::search::tt::TranspositionTable;
use crate::search::{Algorithm, Report, SearchContext, run};
use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// Every report of `Algorithm proof` on `pos`, tracing `limit` nodes, within `nodes`.
fn proved<G: Game>(pos: &G, limit: u64, nodes: Option<u64>) -> Vec<Report> {
    let stop = AtomicBool::new(false);
    let mut table = TranspositionTable::new(1);
    let mut reports = Vec::new();
    let context = SearchContext {
        algorithm: Algorithm::Proof,
        limits: Limits {
            depth: Some(1),
            nodes,
            ..Limits::default()
        },
        start: Instant::now(),
        stop: &stop,
        table: &mut table,
        trace_limit: Some(limit),
    };
    run(pos, context, &mut |r| reports.push(r));
    reports
}

/// The trace records of `reports`.
fn trace_of(reports: &[Report]) -> Vec<TraceNode> {
    reports
        .iter()
        .filter_map(|r| match r {
            Report::Trace(node) => Some(node.clone()),
            _ => None,
        })
        .collect()
}

/// The node count of the one iteration of `reports`.
fn counted(reports: &[Report]) -> u64 {
    let counts: Vec<u64> = reports
        .iter()
        .filter_map(|r| match r {
            Report::Iteration(p) => Some(p.nodes),
            _ => None,
        })
        .collect();
    assert_eq!(counts.len(), 1, "one iteration: {reports:?}");
    counts[0]
}

#[test]
fn the_textbook_trees_proof_keeps_maxs_best_move_and_every_reply_to_it() {
    let reports = proved(&GameTree::from_fen(START).expect("tree"), 100, None);
    let lines: Vec<String> = trace_of(&reports)
        .into_iter()
        .map(|n| Response::Trace(n).to_string())
        .collect();
    // Max's best move is 1 (worth 3); min's three replies to it are all kept; max's moves 2
    // and 3 (worth 2) are left out.
    assert_eq!(
        lines,
        [
            "info trace id 3 parent 2 move 1 ply 2 kind leaf value 3",
            "info trace id 4 parent 2 move 2 ply 2 kind leaf value 12",
            "info trace id 5 parent 2 move 3 ply 2 kind leaf value 8",
            "info trace id 2 parent 1 move 1 ply 1 kind min value 3",
            "info trace id 1 parent 0 move none ply 0 kind max value 3 pruned 2",
        ]
    );
    assert_eq!(counted(&reports), 5);
}

/// A position's exact value for its side to move by plain minimax over the rules: a win `p`
/// plies from the root is worth `1_000_000 - p`, a game tree's leaf its value for the mover.
fn exact<G: Game>(pos: &G, ply: u32, memo: &mut HashMap<(String, u32), i64>) -> i64 {
    let key = (pos.fen(), ply);
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mover = pos.side_to_move();
    let value = match pos.outcome() {
        Some(Outcome::Draw) => 0,
        Some(Outcome::Score(v)) if mover == Seat::P1 => i64::from(v),
        Some(Outcome::Score(v)) => -i64::from(v),
        Some(Outcome::Win(seat)) if seat == mover => 1_000_000 - i64::from(ply),
        Some(Outcome::Win(_)) => -(1_000_000 - i64::from(ply)),
        None => children(pos)
            .iter()
            .map(|(_, child)| for_mover(pos, child, exact(child, ply + 1, memo)))
            .max()
            .expect("a position not over has a move"),
    };
    memo.insert(key, value);
    value
}

/// A child's value (for its own mover) for `pos`'s mover.
fn for_mover<G: Game>(pos: &G, child: &G, value: i64) -> i64 {
    if pos.side_to_move() == child.side_to_move() {
        value
    } else {
        -value
    }
}

/// The moves of `pos` in the rules' order, each with the position it leads to.
fn children<G: Game>(pos: &G) -> Vec<(String, G)> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|mv| {
            let mut child = pos.clone();
            child.play(mv);
            (pos.move_text(mv), child)
        })
        .collect()
}

/// The proof tree of `pos` for `prover`, each node as `<moves from the root> pruned <k>`, in
/// preorder: at the prover's nodes the first child worth the node's value, at the other
/// side's every child.
fn expected_proof<G: Game>(
    pos: &G,
    path: &str,
    ply: u32,
    prover: Seat,
    memo: &mut HashMap<(String, u32), i64>,
    out: &mut Vec<String>,
) {
    let at = out.len();
    out.push(String::new());
    let mut kept = 0;
    let mut all = 0;
    if pos.outcome().is_none() {
        let value = exact(pos, ply, memo);
        let kids = children(pos);
        all = kids.len();
        for (text, child) in &kids {
            let score = for_mover(pos, child, exact(child, ply + 1, memo));
            if pos.side_to_move() != prover || score == value {
                kept += 1;
                expected_proof(child, &format!("{path} {text}"), ply + 1, prover, memo, out);
                if pos.side_to_move() == prover {
                    break;
                }
            }
        }
    }
    out[at] = format!("[{}] pruned {}", path.trim(), all - kept);
}

/// The traced tree in the same form as `expected_proof`'s, in preorder (children in id order).
fn traced_proof(nodes: &[TraceNode]) -> Vec<String> {
    let mut by_id: Vec<&TraceNode> = nodes.iter().collect();
    by_id.sort_by_key(|n| n.id);
    let mut paths: HashMap<u64, String> = HashMap::new();
    by_id
        .iter()
        .map(|n| {
            let path = match &n.move_text {
                None => String::new(),
                Some(mv) => format!("{} {mv}", paths[&n.parent]).trim().to_string(),
            };
            paths.insert(n.id, path.clone());
            format!("[{path}] pruned {}", n.pruned)
        })
        .collect()
}

/// Checks the proof tree of `pos` against `expected_proof`; returns its size.
fn check_proof<G: Game>(pos: &G) -> usize {
    let mut expected = Vec::new();
    expected_proof(
        pos,
        "",
        0,
        pos.side_to_move(),
        &mut HashMap::new(),
        &mut expected,
    );
    let reports = proved(pos, 1_000_000, None);
    let nodes = trace_of(&reports);
    assert_eq!(traced_proof(&nodes), expected, "{}", pos.fen());
    assert_eq!(counted(&reports), expected.len() as u64);
    // Each node's value is what plain minimax gives it (from p1's side, in the game's units).
    let root = nodes.iter().find(|n| n.id == 1).expect("the root");
    let mut memo = HashMap::new();
    let value = exact(pos, 0, &mut memo);
    let for_p1 = if pos.side_to_move() == Seat::P1 {
        value
    } else {
        -value
    };
    let units = if for_p1.abs() >= 990_000 {
        for_p1 as f64
    } else {
        for_p1 as f64 / f64::from(G::VALUE_UNIT)
    };
    assert_eq!(root.value, units, "{}", pos.fen());
    expected.len()
}

#[test]
fn game_trees_proofs_are_the_minimal_trees_plain_minimax_gives() {
    for fen in [
        START,
        "((3 12 8) (2 4 6) (14 5 2))",
        "(((1 5) (6 2)) ((7 3) (4 8)) ((2 2) 9))",
        "((5 (1 9)) ((4 4) 3) 6)",
    ] {
        check_proof(&GameTree::from_fen(fen).expect("tree"));
    }
}

#[test]
fn babylons_proofs_are_the_minimal_trees_plain_minimax_gives() {
    let mut sizes = Vec::new();
    for fen in [
        "a1 a2 b1 2",
        "a1 b1 c1 d1 1",
        "a1 a1 b1 b1 c1 2",
        "a1 a1 b1 b2 c1 c1 1",
        "a1 b1 b1 c2 c1 d1 2",
    ] {
        sizes.push(check_proof(&Babylon::from_fen(fen).expect("babylon")));
    }
    assert!(sizes.iter().all(|&n| n > 1), "{sizes:?}");
}

#[test]
fn the_rocks_games_proof_is_the_minimal_tree_plain_minimax_gives() {
    let pos = RushHourRocks::parse("....B.....BC.AA.BC.D.....D.....DEEE. c 8", 10).expect("rocks");
    check_proof(&pos);
}

#[test]
fn past_its_node_budget_the_proof_says_so_and_traces_nothing() {
    let pos = Babylon::from_fen("a1 a1 b1 b2 c1 c1 1").expect("babylon");
    let reports = proved(&pos, 100, Some(5));
    assert!(trace_of(&reports).is_empty(), "{reports:?}");
    assert!(
        reports.iter().any(|r| matches!(r, Report::Note(n)
            if n.starts_with("error: no proof tree: "))),
        "{reports:?}"
    );
}

#[test]
fn a_proof_larger_than_the_trace_limit_is_cut_with_its_root() {
    let pos = Babylon::from_fen("a1 a1 b1 b2 c1 c1 1").expect("babylon");
    let whole = check_proof(&pos);
    let reports = proved(&pos, 3, None);
    let nodes = trace_of(&reports);
    assert!(whole > 3);
    assert!(nodes.iter().any(|n| n.id == 1 && n.parent == 0));
    assert!(
        reports
            .iter()
            .any(|r| matches!(r, Report::Note(n) if n == "trace truncated at 3 nodes"))
    );
    assert_eq!(counted(&reports), whole as u64);
}
