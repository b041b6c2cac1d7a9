//! Making a table of values (`sente book connect4 --weak-values --stones K --out FILE`, or
//! `--exact-scores` in place of `--weak-values`): every position with `K` stones (one per
//! mirror pair) solved by the solver, weakly (who wins) or strongly (its exact score),
//! each appended to a progress file as soon as it is proven, so that a run stopped at any
//! moment goes on where it stopped; then the positions with fewer stones valued from their
//! children without a search, and the whole table packed (the form
//! `connect4::value_table::ValueTable` reads).

use crate::games::Game;
use crate::games::connect4::solver::value_table::{self, Kind, ValueTable};
use crate::games::connect4::solver::{Interrupted, Solver, win_score};
use crate::games::connect4::{Connect4, Shape};
use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// How far a run has come, for its progress lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Positions with the most stones proven so far (read back from the progress file
    /// included).
    pub done: usize,
    /// Of how many.
    pub total: usize,
    /// Of `done`, how many were read back from the progress file.
    pub resumed: usize,
}

/// `sente book connect4 --weak-values|--exact-scores --stones <stones> --out <out>
/// [--progress <file>]`: makes the 7 x 6 table of `kind` with a solver of `hash_mb` MB on `threads` threads, keeping its
/// progress in `progress` (default: `<out>.progress`), prints a line per position on stderr,
/// and writes the packed table to `out` once every position is proven.
pub fn make_file(
    game: &str,
    kind: Kind,
    stones: u32,
    out: &Path,
    progress: Option<&Path>,
    hash_mb: usize,
    threads: usize,
) -> Result<(), String> {
    if game != "connect4" {
        return Err(format!(
            "no table of weak values for '{game}' (connect4 has one)"
        ));
    }
    if stones > 12 {
        return Err(format!(
            "--stones {stones}: a table of every position beyond 12 stones is out of reach"
        ));
    }
    let progress_path = progress.map_or_else(
        || {
            let mut name = out.as_os_str().to_owned();
            name.push(".progress");
            PathBuf::from(name)
        },
        Path::to_path_buf,
    );
    let mut solver = Solver::new(hash_mb);
    solver.set_threads(threads);
    let start = Instant::now();
    let packed = make(
        &mut solver,
        Shape::STANDARD,
        stones,
        kind,
        &progress_path,
        &mut |p| {
            let fresh = p.done - p.resumed;
            let elapsed = start.elapsed().as_secs_f64();
            let left = if fresh > 0 {
                format!(
                    ", about {:.0} s left",
                    elapsed / fresh as f64 * (p.total - p.done) as f64
                )
            } else {
                String::new()
            };
            eprintln!("{}/{} positions, {elapsed:.1} s{left}", p.done, p.total);
        },
    )?
    .map_err(|Interrupted| "interrupted".to_string())?;
    std::fs::write(out, &packed).map_err(|e| format!("{}: {e}", out.display()))?;
    let table = ValueTable::from_packed(&packed)?;
    eprintln!(
        "{} positions (a position and its mirror image once) with at most {stones} stones in {} ({} bytes), {:.1} s, {} solver nodes",
        table.len(),
        out.display(),
        packed.len(),
        start.elapsed().as_secs_f64(),
        solver.nodes
    );
    Ok(())
}

/// The first line of a progress file.
fn progress_header(shape: Shape, stones: u32, kind: Kind) -> String {
    match kind {
        Kind::Weak => format!(
            "# sente's weak values, {shape}, positions with {stones} stones: <moves> <1 win, 0 draw, -1 loss for the side to move>"
        ),
        Kind::Exact => format!(
            "# sente's exact scores, {shape}, positions with {stones} stones: <moves> <the solver's score for the side to move>"
        ),
    }
}

/// The positions with 0 to `stones` stones of a `shape` board, one per mirror pair (the first
/// in the order of their move strings), not over, each level in that order; an error when
/// the board does not fit a 64-bit word (the table's keys).
fn levels(shape: Shape, stones: u32) -> Result<Vec<Vec<(Connect4, String)>>, String> {
    let start = Connect4::start(shape).map_err(|e| format!("a {shape} board: {e}"))?;
    let mut levels = vec![vec![(start, String::new())]];
    for _ in 0..stones {
        let mut seen = std::collections::HashSet::new();
        let mut next = Vec::new();
        for (pos, moves) in levels.last().into_iter().flatten() {
            let mut cols = Vec::new();
            pos.legal_moves(&mut cols);
            for col in cols {
                let mut child = pos.clone();
                child.play(col);
                if child.outcome().is_none() && seen.insert(value_table::canonical_key(&child)) {
                    next.push((child, format!("{moves}{}", Shape::column_char(col))));
                }
            }
        }
        levels.push(next);
    }
    Ok(levels)
}

/// Reads the values proven so far from the progress file at `path` (made if missing; a line
/// cut short by a stop is dropped), checking that it is for `shape`, `stones` and `kind`.
fn read_progress(
    path: &Path,
    shape: Shape,
    stones: u32,
    kind: Kind,
) -> Result<(HashMap<u64, i32>, std::fs::File), String> {
    let name = path.display();
    let header = progress_header(shape, stones, kind);
    let widest = win_score(shape.cells(), stones);
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(format!("{name}: {e}")),
    };
    // Only whole lines count: a run stopped in the middle of one leaves it unfinished.
    let whole = match text.rfind('\n') {
        Some(end) => &text[..=end],
        None => "",
    };
    let mut values = HashMap::new();
    for (n, line) in whole.lines().enumerate() {
        if n == 0 {
            if line != header {
                return Err(format!(
                    "{name} is the progress of another table (its first line is '{line}', not '{header}')"
                ));
            }
            continue;
        }
        let bad = || format!("{name} line {}: '{line}' is not '<moves> <value>'", n + 1);
        let (moves, value) = line.split_once(' ').ok_or_else(bad)?;
        let pos = Connect4::from_moves(shape, moves).map_err(|e| format!("{}: {e}", bad()))?;
        let value: i32 = value.parse().map_err(|_| bad())?;
        let most = if kind == Kind::Weak { 1 } else { widest };
        if pos.moves_played() != stones || !(-most..=most).contains(&value) {
            return Err(bad());
        }
        values.insert(value_table::canonical_key(&pos), value);
    }
    let mut file = std::fs::File::create(path).map_err(|e| format!("{name}: {e}"))?;
    let kept = if whole.is_empty() {
        format!("{header}\n")
    } else {
        whole.to_string()
    };
    file.write_all(kept.as_bytes())
        .and_then(|()| file.flush())
        .map_err(|e| format!("{name}: {e}"))?;
    Ok((values, file))
}

/// Makes the packed table of `kind` of every position of a `shape` board with at most
/// `stones` stones: those with `stones` stones solved by `solver`, weakly or strongly as
/// `kind` says (each appended to the progress file at `progress_path` as it is proven, those
/// already there read back), the others valued from their children by negamax (exact for
/// scores as for signs). `report` hears each position proven.
pub fn make(
    solver: &mut Solver,
    shape: Shape,
    stones: u32,
    kind: Kind,
    progress_path: &Path,
    report: &mut dyn FnMut(Progress),
) -> Result<Result<Vec<u8>, Interrupted>, String> {
    let levels = levels(shape, stones)?;
    let (mut values, mut file) = read_progress(progress_path, shape, stones, kind)?;
    let deepest = levels.last().map_or(&[][..], Vec::as_slice);
    let resumed = values.len();
    let mut done = resumed;
    for (pos, moves) in deepest {
        let key = value_table::canonical_key(pos);
        if values.contains_key(&key) {
            continue;
        }
        let solved = match kind {
            Kind::Weak => solver.solve_weak(pos, &mut |_| {}),
            Kind::Exact => solver.solve(pos, &mut |_| {}),
        };
        let value = match solved {
            Ok(value) => value,
            Err(e) => return Ok(Err(e)),
        };
        writeln!(file, "{moves} {value}")
            .and_then(|()| file.flush())
            .map_err(|e| format!("{}: {e}", progress_path.display()))?;
        values.insert(key, value);
        done += 1;
        report(Progress {
            done,
            total: deepest.len(),
            resumed,
        });
    }
    // The levels above: a position is worth the best of its children for its side to move.
    for level in levels.iter().rev().skip(1) {
        for (pos, moves) in level {
            let mut cols = Vec::new();
            pos.legal_moves(&mut cols);
            let mut best = i32::MIN;
            for col in cols {
                let mut child = pos.clone();
                child.play(col);
                let value = match child.outcome() {
                    Some(crate::games::Outcome::Win(_)) => match kind {
                        Kind::Weak => 1,
                        Kind::Exact => win_score(shape.cells(), pos.moves_played()),
                    },
                    Some(_) => 0,
                    None => -*values
                        .get(&value_table::canonical_key(&child))
                        .ok_or_else(|| format!("no value for {moves} then {}", col + 1))?,
                };
                best = best.max(value);
            }
            values.insert(value_table::canonical_key(pos), best);
        }
    }
    let mut entries: Vec<u64> = values
        .iter()
        .map(|(&key, &value)| value_table::entry(kind, key, value))
        .collect();
    entries.sort_unstable();
    let mut packed = value_table::header(shape, stones, kind).to_vec();
    packed.extend(entries.iter().flat_map(|e| e.to_le_bytes()));
    Ok(Ok(packed))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("sente-weak-{}-{name}", std::process::id()))
    }

    #[test]
    fn each_table_agrees_with_the_solver_and_a_stopped_run_goes_on() {
        for kind in [Kind::Weak, Kind::Exact] {
            the_table_agrees_with_the_solver_and_a_stopped_run_goes_on(kind);
        }
    }

    fn the_table_agrees_with_the_solver_and_a_stopped_run_goes_on(kind: Kind) {
        // Every position of 5 x 4 with at most 4 stones.
        let shape = Shape::new(5, 4).expect("fits");
        let path = temp(&format!("progress-{kind:?}"));
        let _ = std::fs::remove_file(&path);
        let mut solver = Solver::new(16);
        let mut heard = Vec::new();
        let whole = make(&mut solver, shape, 4, kind, &path, &mut |p| heard.push(p))
            .expect("made")
            .expect("not stopped");
        let total = heard.last().expect("a position proven").total;
        assert_eq!(heard.len(), total);
        // A run stopped after a few positions and a line cut short, then resumed.
        let text = std::fs::read_to_string(&path).expect("progress");
        let mut lines: Vec<&str> = text.lines().take(4).collect();
        lines.push("323");
        std::fs::write(&path, lines.join("\n")).expect("written");
        heard.clear();
        let resumed = make(&mut Solver::new(16), shape, 4, kind, &path, &mut |p| {
            heard.push(p)
        })
        .expect("made")
        .expect("not stopped");
        assert_eq!(resumed, whole);
        assert_eq!(heard.first().map(|p| p.resumed), Some(3));
        assert_eq!(heard.len(), total - 3);
        // Another table's progress is refused: other stones, the other kind.
        assert!(make(&mut solver, shape, 3, kind, &path, &mut |_| {}).is_err());
        let other = if kind == Kind::Weak {
            Kind::Exact
        } else {
            Kind::Weak
        };
        assert!(make(&mut solver, shape, 4, other, &path, &mut |_| {}).is_err());
        let _ = std::fs::remove_file(&path);
        // Every position up to 4 stones, checked against a fresh solve.
        let table = ValueTable::from_packed(&whole).expect("a table");
        assert_eq!(table.kind(), kind);
        let mut checker = Solver::new(16);
        let mut count = 0;
        for level in levels(shape, 4).expect("a 64-bit board") {
            for (pos, moves) in level {
                let weak = checker.solve_weak(&pos, &mut |_| {}).expect("solved");
                assert_eq!(table.sign(&pos), Some(weak), "{moves}");
                if kind == Kind::Exact {
                    let score = checker.solve(&pos, &mut |_| {}).expect("solved");
                    assert_eq!(table.range(&pos), Some((score, score)), "{moves}");
                }
                count += 1;
            }
        }
        assert_eq!(table.len(), count);
    }
}
