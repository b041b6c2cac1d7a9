//! The clever search checked against the simple ones: the same value at the same depth, on
//! many random positions of every game; exact values where the game is small enough.

use super::limits::Limits;
use super::score::{self, Reported};
use super::tt::TranspositionTable;
use super::{Algorithm, Report, SearchContext, run, search_for_test as search};
use crate::games::connect4::Connect4;
use crate::games::tictactoe::TicTacToe;
use crate::games::{Game, play_random_moves};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

fn random_position<G: Game>(rng: &mut StdRng, max_plies: usize) -> G {
    loop {
        let mut pos = G::startpos();
        let plies = rng.random_range(0..=max_plies);
        play_random_moves(&mut pos, plies, rng);
        if pos.outcome().is_none() {
            return pos;
        }
    }
}

/// Checks that the three algorithms agree on `count` random positions at each depth.
fn algorithms_agree<G: Game>(count: usize, max_plies: usize, depths: &[u32], seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut table = TranspositionTable::new(4);
    for _ in 0..count {
        let pos: G = random_position(&mut rng, max_plies);
        for &depth in depths {
            let (minimax, _) = search(&pos, Algorithm::Minimax, Some(depth), &mut table);
            let (plain, _) = search(&pos, Algorithm::AlphaBetaPlain, Some(depth), &mut table);
            let (full, _) = search(&pos, Algorithm::AlphaBeta, Some(depth), &mut table);
            let fen = pos.fen();
            assert_eq!(minimax.score, plain.score, "{fen} depth {depth}: plain");
            assert_eq!(minimax.score, full.score, "{fen} depth {depth}: full");
            assert!(
                plain.nodes <= minimax.nodes,
                "{fen}: pruning visits no more"
            );
        }
    }
}

#[test]
fn tictactoe_algorithms_agree_at_every_depth() {
    algorithms_agree::<TicTacToe>(60, 6, &[1, 2, 3, 4, 5, 9], 1);
}

#[test]
fn connect4_algorithms_agree_at_fixed_depth() {
    algorithms_agree::<Connect4>(40, 30, &[1, 2, 3, 5], 2);
}

#[test]
fn tictactoe_is_a_draw() {
    let mut table = TranspositionTable::new(1);
    for algorithm in [
        Algorithm::AlphaBeta,
        Algorithm::Minimax,
        Algorithm::AlphaBetaPlain,
    ] {
        let (result, reports) = search(&TicTacToe::startpos(), algorithm, Some(9), &mut table);
        assert_eq!(result.score, Some(0), "{algorithm:?}");
        assert!(result.proven);
        assert!(matches!(reports.last(), Some(Report::Iteration(p)) if p.depth == 9));
    }
}

#[test]
fn plain_minimax_counts_every_node_of_the_game_tree() {
    let mut table = TranspositionTable::new(1);
    let (result, _) = search(
        &TicTacToe::startpos(),
        Algorithm::Minimax,
        Some(9),
        &mut table,
    );
    // The complete tic-tac-toe game tree has 549,946 nodes, root included.
    assert_eq!(result.nodes, 549_946);
}

#[test]
fn iterative_deepening_stops_once_the_value_is_proven() {
    let mut table = TranspositionTable::new(1);
    let (result, reports) = search(
        &TicTacToe::startpos(),
        Algorithm::AlphaBeta,
        None,
        &mut table,
    );
    assert!(result.proven);
    assert_eq!(result.score, Some(0));
    assert!(reports.len() <= 9);
}

#[test]
fn finds_the_fastest_win_and_the_slowest_loss() {
    let mut table = TranspositionTable::new(1);
    // x to move wins at once on c1 (a1 b1 c1).
    let pos = TicTacToe::from_fen("oo./.../xx. x").expect("fen");
    let (result, _) = search(&pos, Algorithm::AlphaBeta, None, &mut table);
    assert_eq!(result.best_move.as_deref(), Some("c1"));
    assert_eq!(
        score::report(result.score.expect("score"), 2),
        Reported::Mate(1)
    );
    // o to move: x threatens three lines, o loses at x's next move whatever it does.
    let pos = TicTacToe::from_fen("xo./..o/x.x o").expect("fen");
    let (result, _) = search(&pos, Algorithm::AlphaBeta, None, &mut table);
    assert_eq!(
        score::report(result.score.expect("score"), 2),
        Reported::Mate(-1)
    );
}

#[test]
fn a_finished_game_has_no_best_move() {
    let mut table = TranspositionTable::new(1);
    let pos = TicTacToe::from_fen("xxx/oo./... o").expect("fen");
    let (result, reports) = search(&pos, Algorithm::AlphaBeta, None, &mut table);
    assert_eq!(result.best_move, None);
    assert!(matches!(&reports[..], [Report::Note(n)] if n.contains("p1 won")));
}

#[test]
fn the_full_search_is_reproducible() {
    let pos = <Connect4>::startpos();
    let mut first = TranspositionTable::new(2);
    let mut second = TranspositionTable::new(2);
    let (a, _) = search(&pos, Algorithm::AlphaBeta, Some(8), &mut first);
    let (b, _) = search(&pos, Algorithm::AlphaBeta, Some(8), &mut second);
    assert_eq!(
        (a.nodes, a.score, a.best_move),
        (b.nodes, b.score, b.best_move)
    );
}

#[test]
fn a_raised_stop_flag_still_gives_a_legal_move() {
    let pos = <Connect4>::startpos();
    let stop = AtomicBool::new(true);
    let mut table = TranspositionTable::new(1);
    let context = SearchContext {
        algorithm: Algorithm::AlphaBeta,
        limits: Limits::default(),
        start: Instant::now(),
        stop: &stop,
        table: &mut table,
        trace_limit: None,
    };
    let result = run(&pos, context, &mut |_| {});
    let best = result.best_move.expect("a move");
    assert!(pos.parse_move(&best).is_ok());
}
