//! `sente bench`: searches a fixed set of positions to a fixed depth with a fresh table each,
//! solves the course's Rush Hour puzzles in both metrics, and prints nodes, time and speed per
//! position and in total. Node counts are deterministic,
//! so a change in them shows a change in the search.

use crate::games::Game;
use crate::games::connect4::Connect4;
use crate::games::rushhour::{Metric, RushHour};
use crate::games::tictactoe::TicTacToe;
use crate::search::control::Control;
use crate::search::limits::Limits;
use crate::search::puzzle::{PuzzleResult, PuzzleStats, breadth_first};
use crate::search::tt::TranspositionTable;
use crate::search::{self, Algorithm, SearchContext};
use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// One bench position: moves from the start (space separated) and the depth to search.
type BenchPosition = (&'static str, u32);

const TICTACTOE: &[BenchPosition] = &[("", 9), ("b2", 8), ("a1 b2", 7), ("a3 b3 c1", 6)];

const CONNECT4: &[BenchPosition] = &[
    ("", 14),
    ("4 4 4 4", 14),
    ("4 3 5 4 3 3", 14),
    ("4 4 3 5 2 1 6", 13),
    ("3 4 4 5 5 6 2 3 4", 14),
    ("4 4 4 4 4 4 3 3 3 5 5", 14),
    ("1 2 3 4 5 6 7 7 6 5 4 3 2 1", 14),
    ("4 5 4 4 4 3 3 5 6 2 5 5 3 2 2 3", 16),
    ("4 6 6 6 7 2 6 1 5 6 1 6 4", 14),
    ("3 7 6 1 4 1 2 2 6 7 1", 14),
];

/// Totals of a bench run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BenchTotals {
    /// Nodes over all positions.
    pub nodes: u64,
    /// Time over all positions.
    pub time: Duration,
}

fn bench_game<G: Game>(
    positions: &[BenchPosition],
    hash_mb: usize,
    out: &mut dyn Write,
) -> Result<BenchTotals, String> {
    let mut totals = BenchTotals::default();
    for &(moves, depth) in positions {
        let mut pos = G::startpos();
        for text in moves.split_whitespace() {
            let mv = pos
                .parse_move(text)
                .map_err(|e| format!("bench position '{moves}': {e}"))?;
            pos.play(mv);
        }
        let mut table = TranspositionTable::new(hash_mb);
        let stop = AtomicBool::new(false);
        let start = Instant::now();
        let context = SearchContext {
            algorithm: Algorithm::AlphaBeta,
            limits: Limits {
                depth: Some(depth),
                ..Limits::default()
            },
            start,
            stop: &stop,
            table: &mut table,
            trace_limit: None,
        };
        let result = search::run(&pos, context, &mut |_| {});
        let time = start.elapsed();
        totals.nodes += result.nodes;
        totals.time += time;
        writeln!(
            out,
            "{:<10} {:<40} depth {:>2} nodes {:>10} time {:>7.1} ms nps {:>9} best {}",
            G::NAME,
            pos.fen(),
            depth,
            result.nodes,
            time.as_secs_f64() * 1000.0,
            nps(result.nodes, time),
            result.best_move.as_deref().unwrap_or("0000")
        )
        .map_err(|e| e.to_string())?;
    }
    Ok(totals)
}

fn nps(nodes: u64, time: Duration) -> u64 {
    (nodes as f64 / time.as_secs_f64().max(1e-9)) as u64
}

/// Rush Hour puzzles solved optimally: the boards of `tests/data/rushhour/course-puzzles.txt`
/// (the first word of each data line), built into the binary.
const RUSH_HOUR: &str = include_str!("../tests/data/rushhour/course-puzzles.txt");

/// The puzzles' boards.
fn rush_hour_boards() -> impl Iterator<Item = &'static str> {
    RUSH_HOUR
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_whitespace().next())
}

/// Solves every Rush Hour puzzle in both metrics, one line each: length, expanded states, time.
fn bench_puzzles(out: &mut dyn Write) -> Result<BenchTotals, String> {
    let mut totals = BenchTotals::default();
    for metric in [Metric::Steps, Metric::Slides] {
        for board in rush_hour_boards() {
            let pos = RushHour::parse(board, metric).map_err(|e| e.to_string())?;
            let stop = AtomicBool::new(false);
            let start = Instant::now();
            let mut control = Control::new(&stop, &Limits::default(), start);
            let length = match breadth_first(&pos, &mut control, &mut PuzzleStats::default()) {
                PuzzleResult::Solved(line) => line.len().to_string(),
                _ => "-".to_string(),
            };
            let time = start.elapsed();
            totals.nodes += control.nodes;
            totals.time += time;
            writeln!(
                out,
                "{:<10} {:<40} {:<6} length {:>3} states {:>8} time {:>8.3} ms",
                RushHour::NAME,
                board,
                format!("{metric:?}").to_lowercase(),
                length,
                control.nodes,
                time.as_secs_f64() * 1000.0
            )
            .map_err(|e| e.to_string())?;
        }
    }
    Ok(totals)
}

/// Runs the whole bench, writing one line per position and a `Bench:` summary line.
pub fn run(hash_mb: usize, out: &mut dyn Write) -> Result<BenchTotals, String> {
    let mut totals = bench_game::<TicTacToe>(TICTACTOE, hash_mb, out)?;
    let c4 = bench_game::<Connect4>(CONNECT4, hash_mb, out)?;
    totals.nodes += c4.nodes;
    totals.time += c4.time;
    let puzzles = bench_puzzles(out)?;
    totals.nodes += puzzles.nodes;
    totals.time += puzzles.time;
    writeln!(
        out,
        "Bench: {} nodes {:.0} ms {} nps",
        totals.nodes,
        totals.time.as_secs_f64() * 1000.0,
        nps(totals.nodes, totals.time)
    )
    .map_err(|e| e.to_string())?;
    Ok(totals)
}
