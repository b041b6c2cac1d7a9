//! Whole traces checked line for line against hand computations, and the shape of every
//! trace (ids, parents, values, pruned children) on many random positions.

use crate::games::connect4::Connect4;
use crate::games::tictactoe::TicTacToe;
use crate::games::tree::{GameTree, START};
use crate::games::{Game, Seat, play_random_moves};
use crate::protocol::response::Response;
use crate::search::limits::Limits;
use crate::search::score::MATE_BOUND;
use crate::search::textbook::Vision;
use crate::search::trace::{NodeKind, TraceNode, in_units};
use crate::search::tt::TranspositionTable;
use crate::search::{Algorithm, Report, SearchContext, run};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// Every report of a traced search of `pos`.
fn traced<G: Game>(pos: &G, algorithm: Algorithm, depth: Option<u32>, limit: u64) -> Vec<Report> {
    let limits = Limits {
        depth,
        ..Limits::default()
    };
    traced_with(pos, algorithm, limits, limit)
}

/// Every report of a search of `pos` within `limits`, tracing `limit` nodes.
fn traced_with<G: Game>(pos: &G, algorithm: Algorithm, limits: Limits, limit: u64) -> Vec<Report> {
    let stop = AtomicBool::new(false);
    let mut table = TranspositionTable::new(1);
    let mut reports = Vec::new();
    let context = SearchContext {
        algorithm,
        limits,
        start: Instant::now(),
        stop: &stop,
        table: &mut table,
        trace_limit: Some(limit),
    };
    run(pos, context, &mut |r| reports.push(r));
    reports
}

/// The trace and note lines of a search, as sente prints them.
fn trace_lines<G: Game>(pos: &G, algorithm: Algorithm, depth: u32, limit: u64) -> Vec<String> {
    traced(pos, algorithm, Some(depth), limit)
        .into_iter()
        .filter_map(|r| match r {
            Report::Trace(node) => Some(Response::Trace(node).to_string()),
            Report::Note(text) => Some(Response::InfoString(text).to_string()),
            Report::PuzzleCounts(counts) => panic!("a two-player game's counts {counts:?}"),
            Report::Iteration(_) => None,
        })
        .collect()
}

fn tree(fen: &str) -> GameTree {
    GameTree::from_fen(fen).expect("a tree")
}

fn tictactoe(fen: &str) -> TicTacToe {
    TicTacToe::from_fen(fen).expect("a tic-tac-toe fen")
}

#[test]
fn minimax_visits_the_whole_textbook_tree() {
    let lines = trace_lines(&tree(START), Algorithm::Minimax, 2, 100);
    assert_eq!(
        lines,
        [
            "info trace id 3 parent 2 move 1 ply 2 kind leaf value 3",
            "info trace id 4 parent 2 move 2 ply 2 kind leaf value 12",
            "info trace id 5 parent 2 move 3 ply 2 kind leaf value 8",
            "info trace id 2 parent 1 move 1 ply 1 kind min value 3",
            "info trace id 7 parent 6 move 1 ply 2 kind leaf value 2",
            "info trace id 8 parent 6 move 2 ply 2 kind leaf value 4",
            "info trace id 9 parent 6 move 3 ply 2 kind leaf value 6",
            "info trace id 6 parent 1 move 2 ply 1 kind min value 2",
            "info trace id 11 parent 10 move 1 ply 2 kind leaf value 14",
            "info trace id 12 parent 10 move 2 ply 2 kind leaf value 5",
            "info trace id 13 parent 10 move 3 ply 2 kind leaf value 2",
            "info trace id 10 parent 1 move 3 ply 1 kind min value 2",
            "info trace id 1 parent 0 move none ply 0 kind max value 3",
        ]
    );
}

#[test]
fn alphabeta_prunes_two_leaves_of_the_textbook_tree() {
    let lines = trace_lines(&tree(START), Algorithm::AlphaBetaPlain, 2, 100);
    assert_eq!(
        lines,
        [
            "info trace id 3 parent 2 move 1 ply 2 kind leaf alpha -inf beta inf value 3",
            "info trace id 4 parent 2 move 2 ply 2 kind leaf alpha -inf beta 3 value 12",
            "info trace id 5 parent 2 move 3 ply 2 kind leaf alpha -inf beta 3 value 8",
            "info trace id 2 parent 1 move 1 ply 1 kind min alpha -inf beta inf value 3",
            // 2 <= 3: p1 has 3 already, the other leaves of this subtree cannot matter.
            "info trace id 7 parent 6 move 1 ply 2 kind leaf alpha 3 beta inf value 2",
            "info trace id 6 parent 1 move 2 ply 1 kind min alpha 3 beta inf value 2 pruned 2",
            "info trace id 9 parent 8 move 1 ply 2 kind leaf alpha 3 beta inf value 14",
            "info trace id 10 parent 8 move 2 ply 2 kind leaf alpha 3 beta 14 value 5",
            "info trace id 11 parent 8 move 3 ply 2 kind leaf alpha 3 beta 5 value 2",
            "info trace id 8 parent 1 move 3 ply 1 kind min alpha 3 beta inf value 2",
            "info trace id 1 parent 0 move none ply 0 kind max alpha -inf beta inf value 3",
        ]
    );
}

#[test]
fn a_min_root_reads_from_p1_too() {
    // The same tree with p2 to move: the root minimises, its children maximise; the third
    // subtree is cut after 14 > 6.
    let lines = trace_lines(
        &tree(&format!("{START} 2")),
        Algorithm::AlphaBetaPlain,
        2,
        100,
    );
    assert_eq!(
        lines,
        [
            "info trace id 3 parent 2 move 1 ply 2 kind leaf alpha -inf beta inf value 3",
            "info trace id 4 parent 2 move 2 ply 2 kind leaf alpha 3 beta inf value 12",
            "info trace id 5 parent 2 move 3 ply 2 kind leaf alpha 12 beta inf value 8",
            "info trace id 2 parent 1 move 1 ply 1 kind max alpha -inf beta inf value 12",
            "info trace id 7 parent 6 move 1 ply 2 kind leaf alpha -inf beta 12 value 2",
            "info trace id 8 parent 6 move 2 ply 2 kind leaf alpha 2 beta 12 value 4",
            "info trace id 9 parent 6 move 3 ply 2 kind leaf alpha 4 beta 12 value 6",
            "info trace id 6 parent 1 move 2 ply 1 kind max alpha -inf beta 12 value 6",
            "info trace id 11 parent 10 move 1 ply 2 kind leaf alpha -inf beta 6 value 14",
            "info trace id 10 parent 1 move 3 ply 1 kind max alpha -inf beta 6 value 14 pruned 2",
            "info trace id 1 parent 0 move none ply 0 kind min alpha -inf beta inf value 6",
        ]
    );
}

#[test]
fn a_random_opponent_s_nodes_are_chance_nodes_worth_their_mean() {
    let lines = trace_lines(&tree(START), Algorithm::Expectimax(Vision::Random), 2, 100);
    assert_eq!(
        lines,
        [
            "info trace id 3 parent 2 move 1 ply 2 kind leaf value 3",
            "info trace id 4 parent 2 move 2 ply 2 kind leaf value 12",
            "info trace id 5 parent 2 move 3 ply 2 kind leaf value 8",
            // (3 + 12 + 8) / 3 = 7.67
            "info trace id 2 parent 1 move 1 ply 1 kind chance value 7.67",
            "info trace id 7 parent 6 move 1 ply 2 kind leaf value 2",
            "info trace id 8 parent 6 move 2 ply 2 kind leaf value 4",
            "info trace id 9 parent 6 move 3 ply 2 kind leaf value 6",
            "info trace id 6 parent 1 move 2 ply 1 kind chance value 4",
            "info trace id 11 parent 10 move 1 ply 2 kind leaf value 14",
            "info trace id 12 parent 10 move 2 ply 2 kind leaf value 5",
            "info trace id 13 parent 10 move 3 ply 2 kind leaf value 2",
            "info trace id 10 parent 1 move 3 ply 1 kind chance value 7",
            "info trace id 1 parent 0 move none ply 0 kind max value 7.67",
        ]
    );
}

#[test]
fn the_other_visions_weigh_the_chance_nodes() {
    // Nearly cold (1 centipawn): the pessimistic opponent nearly always plays its best reply
    // (the smallest leaf), the optimistic one its worst (the largest).
    let chance_values = |vision| -> Vec<(u64, f64)> {
        traced(&tree(START), Algorithm::Expectimax(vision), Some(2), 100)
            .into_iter()
            .filter_map(|r| match r {
                Report::Trace(node) if node.kind != NodeKind::Leaf => Some((node.id, node.value)),
                _ => None,
            })
            .collect()
    };
    assert_eq!(
        chance_values(Vision::Pessimistic { temperature: 1 }),
        [(2, 3.0), (6, 2.0), (10, 2.0), (1, 3.0)]
    );
    assert_eq!(
        chance_values(Vision::Optimistic { temperature: 1 }),
        [(2, 12.0), (6, 6.0), (10, 14.0), (1, 14.0)]
    );
}

/// x to move, three cells left (a1 b1 c1): c1 wins at once, a1 lets o win on b1, b1 draws.
const ENDGAME: &str = "xox/oox/... x";

#[test]
fn a_tictactoe_endgame_to_its_end_with_mate_values() {
    // A win of p1 at ply p is worth 1000000 - p, a win of p2 -(1000000 - p).
    let lines = trace_lines(&tictactoe(ENDGAME), Algorithm::Minimax, 9, 100);
    assert_eq!(
        lines,
        [
            "info trace id 3 parent 2 move b1 ply 2 kind leaf value -999998",
            "info trace id 5 parent 4 move b1 ply 3 kind leaf value 0",
            "info trace id 4 parent 2 move c1 ply 2 kind max value 0",
            "info trace id 2 parent 1 move a1 ply 1 kind min value -999998",
            "info trace id 8 parent 7 move c1 ply 3 kind leaf value 999997",
            "info trace id 7 parent 6 move a1 ply 2 kind max value 999997",
            "info trace id 10 parent 9 move a1 ply 3 kind leaf value 0",
            "info trace id 9 parent 6 move c1 ply 2 kind max value 0",
            "info trace id 6 parent 1 move b1 ply 1 kind min value 0",
            "info trace id 11 parent 1 move c1 ply 1 kind leaf value 999999",
            "info trace id 1 parent 0 move none ply 0 kind max value 999999",
        ]
    );
    let lines = trace_lines(&tictactoe(ENDGAME), Algorithm::AlphaBetaPlain, 9, 100);
    assert_eq!(
        lines,
        [
            "info trace id 3 parent 2 move b1 ply 2 kind leaf alpha -inf beta inf value -999998",
            "info trace id 5 parent 4 move b1 ply 3 kind leaf alpha -inf beta -999998 value 0",
            "info trace id 4 parent 2 move c1 ply 2 kind max alpha -inf beta -999998 value 0",
            "info trace id 2 parent 1 move a1 ply 1 kind min alpha -inf beta inf value -999998",
            "info trace id 8 parent 7 move c1 ply 3 kind leaf alpha -999998 beta inf value 999997",
            "info trace id 7 parent 6 move a1 ply 2 kind max alpha -999998 beta inf value 999997",
            "info trace id 10 parent 9 move a1 ply 3 kind leaf alpha -999998 beta 999997 value 0",
            "info trace id 9 parent 6 move c1 ply 2 kind max alpha -999998 beta 999997 value 0",
            "info trace id 6 parent 1 move b1 ply 1 kind min alpha -999998 beta inf value 0",
            "info trace id 11 parent 1 move c1 ply 1 kind leaf alpha 0 beta inf value 999999",
            "info trace id 1 parent 0 move none ply 0 kind max alpha -inf beta inf value 999999",
        ]
    );
}

#[test]
fn leaves_at_the_depth_limit_carry_the_evaluation() {
    // After a1, o has b1 (20) against x's a1-b1-c1 (4) and c1-c2-c3 (20): -4 for o, 4 for x.
    // After b1, o has no open line against x's 4 + 20.
    let lines = trace_lines(&tictactoe(ENDGAME), Algorithm::Minimax, 1, 100);
    assert_eq!(
        lines,
        [
            "info trace id 2 parent 1 move a1 ply 1 kind leaf value 4",
            "info trace id 3 parent 1 move b1 ply 1 kind leaf value 24",
            "info trace id 4 parent 1 move c1 ply 1 kind leaf value 999999",
            "info trace id 1 parent 0 move none ply 0 kind max value 999999",
        ]
    );
}

#[test]
fn past_the_limit_only_the_open_nodes_finish_their_lines() {
    let lines = trace_lines(&tree(START), Algorithm::Minimax, 2, 5);
    assert_eq!(
        lines,
        [
            "info trace id 3 parent 2 move 1 ply 2 kind leaf value 3",
            "info trace id 4 parent 2 move 2 ply 2 kind leaf value 12",
            "info trace id 5 parent 2 move 3 ply 2 kind leaf value 8",
            "info trace id 2 parent 1 move 1 ply 1 kind min value 3",
            "info string trace truncated at 5 nodes",
            "info trace id 1 parent 0 move none ply 0 kind max value 3",
        ]
    );
    let lines = trace_lines(&tree(START), Algorithm::AlphaBetaPlain, 2, 3);
    assert_eq!(
        lines,
        [
            "info trace id 3 parent 2 move 1 ply 2 kind leaf alpha -inf beta inf value 3",
            "info string trace truncated at 3 nodes",
            "info trace id 2 parent 1 move 1 ply 1 kind min alpha -inf beta inf value 3",
            "info trace id 1 parent 0 move none ply 0 kind max alpha -inf beta inf value 3",
        ]
    );
    // Exactly as many nodes as the limit: nothing is cut, nothing said.
    assert_eq!(
        trace_lines(&tree(START), Algorithm::Minimax, 2, 13).len(),
        13
    );
}

#[test]
fn a_stopped_search_leaves_the_nodes_it_was_in_untraced() {
    // Stopped at its 7th node (the second subtree's first leaf): the first subtree is
    // complete, the second subtree and the root never finish.
    let limits = Limits {
        depth: Some(2),
        nodes: Some(7),
        ..Limits::default()
    };
    let lines: Vec<String> = traced_with(&tree(START), Algorithm::Minimax, limits, 100)
        .into_iter()
        .map(|r| match r {
            Report::Trace(node) => Response::Trace(node).to_string(),
            Report::Note(text) => Response::InfoString(text).to_string(),
            Report::PuzzleCounts(counts) => panic!("a two-player game's counts {counts:?}"),
            Report::Iteration(p) => format!("depth {}", p.depth),
        })
        .collect();
    assert_eq!(
        lines,
        [
            "info trace id 3 parent 2 move 1 ply 2 kind leaf value 3",
            "info trace id 4 parent 2 move 2 ply 2 kind leaf value 12",
            "info trace id 5 parent 2 move 3 ply 2 kind leaf value 8",
            "info trace id 2 parent 1 move 1 ply 1 kind min value 3",
            "info string stopped before depth 2 was complete; playing the first legal move",
        ]
    );
}

#[test]
fn each_iteration_of_a_deepening_search_is_traced_before_its_info() {
    let reports = traced(&tree(START), Algorithm::Minimax, None, 100);
    let mut traced_since_info = Vec::new();
    let mut iterations = Vec::new();
    for report in reports {
        match report {
            Report::Trace(node) => traced_since_info.push(node.id),
            Report::Iteration(p) => {
                iterations.push((p.depth, p.nodes, std::mem::take(&mut traced_since_info)))
            }
            Report::Note(text) => panic!("unexpected note {text}"),
            Report::PuzzleCounts(counts) => panic!("unexpected counts {counts:?}"),
        }
    }
    // Depth 1 (the subtrees are worth 0 at the horizon), then depth 2 proves the value.
    assert_eq!(
        iterations,
        [
            (1, 4, vec![2, 3, 4, 1]),
            (2, 13, vec![3, 4, 5, 2, 7, 8, 9, 6, 11, 12, 13, 10, 1])
        ]
    );
    // The limit counts the nodes of the whole `go`: the second iteration is cut after 2.
    let reports = traced(&tree(START), Algorithm::Minimax, None, 6);
    let lines: Vec<String> = reports
        .into_iter()
        .map(|r| match r {
            Report::Trace(node) => format!("{} {}", node.id, node.ply),
            Report::Note(text) => text,
            Report::PuzzleCounts(counts) => panic!("a two-player game's counts {counts:?}"),
            Report::Iteration(p) => format!("depth {} nodes {}", p.depth, p.nodes),
        })
        .collect();
    assert_eq!(
        lines,
        [
            "2 1",
            "3 1",
            "4 1",
            "1 0",
            "depth 1 nodes 4",
            "trace truncated at 6 nodes",
            "2 1",
            "1 0",
            "depth 2 nodes 13"
        ]
    );
}

/// Checks the shape of the whole trace of `root`: one record per node, ids in entering order
/// with their parents, each record's move legal in its parent's position, the values of
/// max, min and chance nodes made from their children's, and the pruned children counted.
fn check_trace<G: Game>(root: &G, algorithm: Algorithm, depth: u32) {
    let reports = traced(root, algorithm, Some(depth), u64::MAX);
    let mut nodes: Vec<TraceNode> = Vec::new();
    let mut info = None;
    for report in reports {
        match report {
            Report::Trace(node) => nodes.push(node),
            Report::Iteration(p) => info = Some(p),
            Report::Note(text) => panic!("unexpected note {text}"),
            Report::PuzzleCounts(counts) => panic!("unexpected counts {counts:?}"),
        }
    }
    let info = info.expect("an iteration");
    let fen = root.fen();
    assert_eq!(nodes.len() as u64, info.nodes, "{fen}: one record per node");
    // Lines come when nodes finish: a parent after all its children.
    let finished: HashMap<u64, usize> = nodes.iter().enumerate().map(|(i, n)| (n.id, i)).collect();
    nodes.sort_by_key(|n| n.id);
    let by_id: HashMap<u64, &TraceNode> = nodes.iter().map(|n| (n.id, n)).collect();
    let mut positions: HashMap<u64, G> = HashMap::new();
    let mut children: HashMap<u64, Vec<&TraceNode>> = HashMap::new();
    // The path from the root to the last node entered: depth first, a node's parent is the
    // last node entered one ply above it.
    let mut path: Vec<u64> = Vec::new();
    for (i, node) in nodes.iter().enumerate() {
        assert_eq!(node.id, i as u64 + 1, "{fen}: ids count from 1");
        path.truncate(node.ply as usize);
        assert_eq!(
            node.parent,
            path.last().copied().unwrap_or(0),
            "{fen}: {node:?}"
        );
        path.push(node.id);
        if node.id == 1 {
            assert_eq!((node.ply, &node.move_text), (0, &None));
            positions.insert(1, root.clone());
            continue;
        }
        let parent = by_id[&node.parent];
        assert!(finished[&parent.id] > finished[&node.id], "{fen}: {node:?}");
        let mut pos = positions[&parent.id].clone();
        let text = node.move_text.as_deref().expect("a move");
        pos.play(pos.parse_move(text).expect("a legal move"));
        positions.insert(node.id, pos);
        children.entry(parent.id).or_default().push(node);
    }
    for node in &nodes {
        let kids = children.get(&node.id).map_or(&[][..], Vec::as_slice);
        let pos = &positions[&node.id];
        if node.kind == NodeKind::Leaf {
            assert!(kids.is_empty(), "{fen}: leaf {node:?}");
            continue;
        }
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        assert_eq!(kids.len() + node.pruned, moves.len(), "{fen}: {node:?}");
        for (kid, &mv) in kids.iter().zip(&moves) {
            assert_eq!(
                kid.move_text,
                Some(pos.move_text(mv)),
                "{fen}: generation order"
            );
        }
        let values: Vec<f64> = kids.iter().map(|k| k.value).collect();
        let expected = match node.kind {
            NodeKind::Max => values.iter().copied().reduce(f64::max),
            NodeKind::Min => values.iter().copied().reduce(f64::min),
            // A uniform chance node: the mean of the search's scores, rounded half away from
            // zero, in the game's units.
            _ => {
                let scores = values.iter().map(|&v| score_of::<G>(v));
                let mean = scores.map(f64::from).sum::<f64>() / values.len() as f64;
                Some(in_units(mean.round() as i32, G::VALUE_UNIT))
            }
        };
        assert_eq!(Some(node.value), expected, "{fen}: {node:?}");
        let side_kind = match pos.side_to_move() {
            Seat::P1 => NodeKind::Max,
            Seat::P2 => NodeKind::Min,
        };
        if node.kind != NodeKind::Chance {
            assert_eq!(node.kind, side_kind, "{fen}: {node:?}");
        }
        if node.pruned > 0 {
            let cut = node.window.expect("a window where children were pruned");
            let last = *values.last().expect("a child");
            match node.kind {
                NodeKind::Max => assert!(last >= cut.beta, "{fen}: {node:?}"),
                _ => assert!(last <= cut.alpha, "{fen}: {node:?}"),
            }
        }
    }
    // The root's value is the reported score, seen from p1, in the game's units.
    let root_value = match root.side_to_move() {
        Seat::P1 => info.score,
        Seat::P2 => -info.score,
    };
    assert_eq!(nodes[0].value, in_units(root_value, G::VALUE_UNIT), "{fen}");
}

/// The search's score of a traced value of a `G` (`in_units` undone).
fn score_of<G: Game>(value: f64) -> i32 {
    if value.abs() >= f64::from(MATE_BOUND) {
        value as i32
    } else {
        (value * f64::from(G::VALUE_UNIT)).round() as i32
    }
}

/// A position after `plies` random moves (in that range) where the game goes on.
fn random_position<G: Game>(rng: &mut StdRng, plies: std::ops::RangeInclusive<usize>) -> G {
    loop {
        let mut pos = G::startpos();
        let count = rng.random_range(plies.clone());
        play_random_moves(&mut pos, count, rng);
        if pos.outcome().is_none() {
            return pos;
        }
    }
}

#[test]
fn every_trace_is_a_consistent_tree() {
    let algorithms = [
        Algorithm::Minimax,
        Algorithm::AlphaBetaPlain,
        Algorithm::Expectimax(Vision::Random),
    ];
    let mut rng = StdRng::seed_from_u64(14);
    for _ in 0..100 {
        let pos: TicTacToe = random_position(&mut rng, 2..=6);
        for algorithm in algorithms {
            for depth in [1, 3, 9] {
                check_trace(&pos, algorithm, depth);
            }
        }
    }
    for _ in 0..20 {
        let pos: Connect4 = random_position(&mut rng, 0..=30);
        for algorithm in algorithms {
            for depth in [1, 4] {
                check_trace(&pos, algorithm, depth);
            }
        }
    }
    check_trace(
        &tree("((3 (1 2) 8) (2 4 (6 -7)) (14 5 2))"),
        Algorithm::AlphaBetaPlain,
        5,
    );
}

#[test]
fn the_trace_changes_no_node_count_and_no_value() {
    let mut pos = TicTacToe::startpos();
    pos.play(pos.parse_move("a3").expect("a legal move"));
    for algorithm in [Algorithm::Minimax, Algorithm::AlphaBetaPlain] {
        let plain = crate::search::run_for_test(&pos, algorithm, Some(8));
        let reports = traced(&pos, algorithm, Some(8), u64::MAX);
        let lines = reports
            .iter()
            .filter(|r| matches!(r, Report::Trace(_)))
            .count();
        assert_eq!(lines as u64, plain.nodes, "{algorithm:?}");
        assert!(matches!(
            reports.last(),
            Some(Report::Iteration(p)) if Some(p.score) == plain.score && p.nodes == plain.nodes
        ));
    }
    // The course's count after the corner opening: 59704 expanded nodes and the root.
    assert_eq!(
        crate::search::run_for_test(&pos, Algorithm::Minimax, Some(8)).nodes,
        59_705
    );
}
