//! `sente solve connect4`: one position per input line (a move string such as `4453`, columns
//! `1`-`9` then `a`-`c`, empty for the empty board) on a board of any size, one line out per
//! position: `<moves> <score> <nodes> <microseconds>` (microseconds with two decimals), or
//! `<moves> error <reason>` for a malformed or finished position; asked only whether each score
//! is at least `S` (`--at-least S`: one null-window search, the piece of a long solve a bound
//! is), `<moves> >=S` or `<moves> <S` in place of the score; a line `<moves> >=S` asks that
//! of its position alone. With a table file the
//! table is kept from one position to the next, loaded from the file if it is there, and saved
//! to it now and then and once every position is solved: a solve of hours stopped midway goes
//! on from the last save when run again; each narrowing of the score is then said on stderr.
//! With `bounds_only` nothing is solved: each line says what the table file holds on its
//! position, how far a solve stopped midway has got. With `max_time` a position whose solve
//! outlasts it is given up, `<moves> unknown <nodes> <microseconds>`, and the next one solved.

use super::solver::{Narrowing, Solver, SolverWord, TableSaver};
use crate::games::Game;
use crate::games::connect4::{Connect4, Shape};
use crate::with_board_word;
use crossbeam_channel::RecvTimeoutError;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Where a solve keeps its table between runs, and how often it saves it.
#[derive(Clone, Debug)]
pub struct TableFile {
    /// The file.
    pub path: PathBuf,
    /// Time between two saves during a solve.
    pub every: Duration,
}

/// How `run` solves.
#[derive(Clone, Debug)]
pub struct BatchConfig {
    /// The board.
    pub shape: Shape,
    /// Solver table size in MB.
    pub hash_mb: usize,
    /// Threads sharing the table.
    pub threads: usize,
    /// Keep the table from one position to the next.
    pub keep_table: bool,
    /// Prove only who wins: print 1, 0 or -1 as the score.
    pub weak: bool,
    /// Prove only whether each score is at least this (`weak` is then ignored).
    pub at_least: Option<i32>,
    /// Keep the table in this file (the table is then kept from one position to the next).
    pub table_file: Option<TableFile>,
    /// Solve nothing: print what the table file holds on each position (see `print_bounds`).
    pub bounds_only: bool,
    /// Give up a position after this long: its line says `unknown` in place of the score.
    pub max_time: Option<Duration>,
}

impl BatchConfig {
    /// The 7 x 6 board with a table of `hash_mb` MB, one thread, cleared for each position.
    pub fn standard(hash_mb: usize) -> Self {
        BatchConfig {
            shape: Shape::STANDARD,
            hash_mb,
            threads: 1,
            keep_table: false,
            weak: false,
            at_least: None,
            table_file: None,
            bounds_only: false,
            max_time: None,
        }
    }
}

/// Solves every line of `input`, writing one line per position to `out`, with the solver of
/// the narrowest word the board fits.
pub fn run(
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    config: BatchConfig,
) -> std::io::Result<()> {
    with_board_word!(config.shape, B => run_in::<B>(input, out, config))
}

/// `run` with the solver of words `B` (which must hold the board).
pub fn run_in<B: SolverWord>(
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    config: BatchConfig,
) -> std::io::Result<()> {
    let mut solver = Solver::<B>::new(config.hash_mb);
    solver.set_threads(config.threads);
    let Some(file) = &config.table_file else {
        return solve_lines(&mut solver, input, out, &config);
    };
    // A solve starts from the file if it is there; --bounds has nothing to read without it.
    if config.bounds_only || file.path.exists() {
        let used = solver
            .load_table(config.shape, &file.path)
            .map_err(|e| in_file(&file.path, e))?;
        eprintln!(
            "sente solve: table loaded from {}: {used} entries",
            file.path.display()
        );
    }
    if config.bounds_only {
        return print_bounds(&mut solver, input, out, config.shape);
    }
    let saver = solver.table_saver(config.shape);
    saver
        .check(&file.path)
        .map_err(|e| in_file(&file.path, e))?;
    let (stop, stopped) = crossbeam_channel::bounded::<()>(0);
    std::thread::scope(|scope| {
        let (saver, path) = (&saver, &file.path);
        // A periodic save that fails is said at once and tried again next time; the last
        // save, once every position is solved, ends the run with an error if it fails.
        scope.spawn(move || {
            while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(file.every) {
                if let Err(e) = save(saver, path) {
                    eprintln!("sente solve: the table was not saved: {e}");
                }
            }
        });
        let solved = solve_lines(&mut solver, input, out, &config);
        drop(stop);
        solved.and_then(|()| save(saver, path))
    })
}

/// Prints, for each position of `input`, what `solver`'s table holds on its score without
/// searching: `<moves> <lower> <upper>` (from its side to move, within the widest range its
/// empty cells allow), then `best <column>` when the table recorded a best move; `<moves>
/// unknown` when it holds nothing. How far a solve stopped midway has got, position by position.
fn print_bounds<B: SolverWord>(
    solver: &mut Solver<B>,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    shape: Shape,
) -> std::io::Result<()> {
    let mut line = Vec::new();
    while let Some(moves) = next_line(input, &mut line)? {
        let moves = moves.as_str();
        let Some(pos) = unfinished_position::<B>(shape, moves, out)? else {
            continue;
        };
        match solver.table_bounds(&pos) {
            None => writeln!(out, "{moves} unknown")?,
            Some((bounds, best)) => {
                write!(out, "{moves} {} {}", bounds.lower, bounds.upper)?;
                if let Some(col) = best {
                    write!(out, " best {}", Shape::column_char(col))?;
                }
                writeln!(out)?;
            }
        }
    }
    out.flush()
}

/// The next line of `input` (read into `buffer`), trimmed, bytes that are not UTF-8
/// replaced; `None` at the end of the input.
fn next_line(input: &mut dyn BufRead, buffer: &mut Vec<u8>) -> std::io::Result<Option<String>> {
    buffer.clear();
    if input.read_until(b'\n', buffer)? == 0 {
        return Ok(None);
    }
    Ok(Some(String::from_utf8_lossy(buffer).trim().to_string()))
}

/// The position of the move string `moves` on a `shape` board if its game is still going;
/// otherwise writes `<moves> error <reason>` to `out` and gives `None`.
fn unfinished_position<B: SolverWord>(
    shape: Shape,
    moves: &str,
    out: &mut dyn Write,
) -> std::io::Result<Option<Connect4<B>>> {
    match Connect4::<B>::from_moves(shape, moves) {
        Ok(pos) if pos.outcome().is_none() => Ok(Some(pos)),
        Ok(_) => writeln!(out, "{moves} error the game is over").map(|()| None),
        Err(e) => writeln!(out, "{moves} error {e}").map(|()| None),
    }
}

/// Saves the table to `path`, saying so on stderr.
fn save<B: SolverWord>(saver: &TableSaver<B>, path: &Path) -> std::io::Result<()> {
    let start = Instant::now();
    let used = saver.save(path).map_err(|e| in_file(path, e))?;
    eprintln!(
        "sente solve: table saved to {} in {:.1} s: {used} entries",
        path.display(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// `error` about the file at `path`, naming it.
fn in_file(path: &Path, error: std::io::Error) -> std::io::Error {
    std::io::Error::new(error.kind(), format!("{}: {error}", path.display()))
}

/// Solves every line of `input` with `solver`.
fn solve_lines<B: SolverWord>(
    solver: &mut Solver<B>,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    config: &BatchConfig,
) -> std::io::Result<()> {
    let keep_table = config.keep_table || config.table_file.is_some();
    // `max_time` ends a solve by its deadline alone; nothing raises this flag.
    let never = Arc::new(AtomicBool::new(false));
    let mut line = Vec::new();
    // A new table is empty already.
    let mut fresh = true;
    while let Some(text) = next_line(input, &mut line)? {
        let (moves, bound) = match question(&text) {
            Ok(asked) => asked,
            Err(reason) => {
                writeln!(out, "{text} error {reason}")?;
                continue;
            }
        };
        let Some(pos) = unfinished_position::<B>(config.shape, moves, out)? else {
            continue;
        };
        if !keep_table && !fresh {
            solver.clear();
        }
        fresh = false;
        solver.nodes = 0;
        let start = Instant::now();
        if let Some(limit) = config.max_time {
            solver.set_stop(Arc::clone(&never), Some(start + limit));
        }
        // A solve long enough to keep its table in a file says how it narrows, on stderr.
        let name = if moves.is_empty() {
            "the empty board"
        } else {
            moves
        };
        let mut report = |step: Narrowing| {
            if config.table_file.is_some() {
                eprintln!(
                    "sente solve: {name}: score {} to {} after {} nodes, {:.0} s",
                    step.lower,
                    step.upper,
                    step.nodes,
                    start.elapsed().as_secs_f64()
                );
            }
        };
        let outcome = match bound.or(config.at_least) {
            Some(bound) => solver.reaches(&pos, bound).map(|reached| {
                let verdict = if reached { ">=" } else { "<" };
                format!("{verdict}{bound}")
            }),
            None if config.weak => solver.solve_weak(&pos, &mut report).map(|s| s.to_string()),
            None => solver.solve(&pos, &mut report).map(|s| s.to_string()),
        };
        let micros = start.elapsed().as_secs_f64() * 1e6;
        match outcome {
            Ok(answer) => writeln!(out, "{moves} {answer} {} {micros:.2}", solver.nodes)?,
            Err(_) if config.max_time.is_some() => {
                writeln!(out, "{moves} unknown {} {micros:.2}", solver.nodes)?
            }
            Err(_) => writeln!(out, "{moves} error interrupted")?,
        }
        out.flush()?;
    }
    Ok(())
}

/// A line of `sente solve`'s input: its move string and, when it ends in a word `>=T`, the
/// bound `T` it asks of that position alone (as `--at-least T` asks of every line). An error
/// names a bound that is not a whole number.
fn question(line: &str) -> Result<(&str, Option<i32>), String> {
    let (moves, last) = match line.rsplit_once(char::is_whitespace) {
        Some((moves, last)) => (moves.trim_end(), last),
        None => ("", line),
    };
    let Some(bound) = last.strip_prefix(">=") else {
        return Ok((line, None));
    };
    bound.parse::<i32>().map(|t| (moves, Some(t))).map_err(|_| {
        format!(
            "the bound '{bound}' is not a whole number (>=T asks whether the score is at least T)"
        )
    })
}

/// `sente solve <game>`: solves the lines of stdin onto stdout as `config` says (`game` must
/// be `connect4`, the game with an exact solver).
pub fn run_stdio(game: &str, config: BatchConfig) -> Result<(), String> {
    if game != "connect4" {
        return Err(format!("no exact solver for '{game}' (connect4 has one)"));
    }
    run(
        &mut std::io::stdin().lock(),
        &mut std::io::stdout().lock(),
        config,
    )
    .map_err(|e| e.to_string())
}
