//! `sente solve connect4`: one position per input line (a move string such as `4453`, empty
//! for the empty board), one line out per position: `<moves> <score> <nodes> <microseconds>`
//! (microseconds with two decimals),
//! or `<moves> error <reason>` for a malformed or finished position.

use super::connect4::Solver;
use crate::games::Game;
use crate::games::connect4::Connect4;
use std::io::{BufRead, Write};
use std::time::Instant;

/// Solves every line of `input` with `threads` threads, writing one line per position to
/// `out`. With `keep_table` the table is kept from one position to the next.
pub fn run(
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    hash_mb: usize,
    threads: usize,
    keep_table: bool,
) -> std::io::Result<()> {
    let mut solver = Solver::new(hash_mb);
    solver.set_threads(threads);
    let mut line = Vec::new();
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            return Ok(());
        }
        let text = String::from_utf8_lossy(&line);
        let moves = text.trim();
        let pos = match Connect4::from_move_string(moves) {
            Ok(pos) if pos.outcome().is_some() => {
                writeln!(out, "{moves} error the game is over")?;
                continue;
            }
            Ok(pos) => pos,
            Err(e) => {
                writeln!(out, "{moves} error {e}")?;
                continue;
            }
        };
        if !keep_table {
            solver.clear();
        }
        solver.nodes = 0;
        let start = Instant::now();
        let outcome = solver.solve(&pos, &mut |_| {});
        let micros = start.elapsed().as_secs_f64() * 1e6;
        match outcome {
            Ok(score) => writeln!(out, "{moves} {score} {} {micros:.2}", solver.nodes)?,
            Err(_) => writeln!(out, "{moves} error interrupted")?,
        }
        out.flush()?;
    }
}
