//! The Rush Hour universe (`sente rushhour universe`): every board of an N x N game with up to
//! K walls, grouped into clusters, one interesting puzzle per cluster, exactly as Michael
//! Fogleman's program (github fogleman/rush, `cpp/`) defines them (see protocol.md).
//!
//! Streaming design: the start boards come from [`enumerate::Enumerator`], a product of row and
//! column choices, never stored, unit by unit (a unit fixes the pieces of every row; every board
//! of a cluster lies in one unit). The first board of a cluster met in a unit has its cluster
//! explored whole with reused buffers ([`cluster::Explorer`]), which lists the cluster's
//! packed boards — the generated boards it holds —, so the unit's later boards of that cluster
//! are skipped with one lookup: each cluster is explored once. Memory is the largest cluster's,
//! the largest unit's packed boards (16 bytes each) and the output lines. Shard K of M takes the
//! units under the prefixes (groups of the first rows) whose mixed number is K - 1 modulo M;
//! its threads take its units one at a time, the largest first.

pub mod cluster;
pub mod command;
pub mod enumerate;
pub mod table;

use crate::games::rushhour::grid::Layout;
use cluster::{Explorer, Verdict};
use enumerate::{Enumerator, Unit};
use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// What to enumerate, and how.
#[derive(Clone, Debug)]
pub struct Config {
    /// Board side: 4, 5 or 6.
    pub size: usize,
    /// The most walls: 0, 1 or 2.
    pub walls: usize,
    /// `(K, M)`: this run is part K (1 ≤ K ≤ M) of M.
    pub shard: (u64, u64),
    /// Worker threads.
    pub threads: usize,
}

/// Where a run is, for the progress lines.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// Start boards judged.
    pub done: u64,
    /// Start boards in all (of this shard).
    pub total: u64,
    /// Puzzles found so far.
    pub puzzles: u64,
    /// Since the start.
    pub elapsed: Duration,
}

impl Progress {
    /// `universe: 12.5% (…/… boards), 1234567 boards/s, ETA 0:12:34, 123 puzzles`.
    pub fn line(&self) -> String {
        let fraction = self.done as f64 / self.total.max(1) as f64;
        let seconds = self.elapsed.as_secs_f64();
        let rate = self.done as f64 / seconds.max(1e-9);
        let eta = if self.done > 0 {
            (seconds / fraction - seconds).max(0.0)
        } else {
            0.0
        };
        format!(
            "universe: {:.1}% ({}/{} boards), {:.0} boards/s, ETA {}, {} puzzles",
            100.0 * fraction,
            self.done,
            self.total,
            rate,
            clock(eta),
            self.puzzles
        )
    }
}

fn clock(seconds: f64) -> String {
    let s = seconds.round() as u64;
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

/// The figures of a run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Start boards generated (Fogleman's "inp").
    pub boards: u64,
    /// Canonical clusters ("can").
    pub clusters: u64,
    /// Solvable canonical clusters ("slv").
    pub solvable: u64,
    /// Interesting puzzles ("min"): the output lines.
    pub puzzles: u64,
    /// Boards in the canonical clusters.
    pub states: u64,
    /// Puzzles by number of moves (index = moves).
    pub histogram: Vec<u64>,
    /// The line of the hardest puzzle (the smallest line among the hardest).
    pub hardest: Option<String>,
    /// Wall time, milliseconds.
    pub millis: u64,
}

impl Summary {
    fn add(&mut self, other: &Summary) {
        self.boards += other.boards;
        self.clusters += other.clusters;
        self.solvable += other.solvable;
        self.puzzles += other.puzzles;
        self.states += other.states;
        if self.histogram.len() < other.histogram.len() {
            self.histogram.resize(other.histogram.len(), 0);
        }
        for (i, n) in other.histogram.iter().enumerate() {
            self.histogram[i] += n;
        }
        if let Some(line) = &other.hardest
            && self.hardest.as_ref().is_none_or(|h| harder(line, h))
        {
            self.hardest = Some(line.clone());
        }
    }

    /// The summary for stderr: counts, hardest puzzle, time, then the histogram.
    pub fn text(&self, config: &Config) -> String {
        let hardest = self.hardest.as_deref().unwrap_or("none");
        let histogram: Vec<String> = self
            .histogram
            .iter()
            .enumerate()
            .filter(|&(_, &n)| n > 0)
            .map(|(m, n)| format!("{m}:{n}"))
            .collect();
        format!(
            "universe {0}x{0}, up to {1} walls, shard {2}/{3}: {4} boards generated, {5} clusters, \
             {6} solvable, {7} puzzles, {8} states, {9:.1} s\nhardest: {10}\npuzzles by moves: {11}",
            config.size,
            config.walls,
            config.shard.0,
            config.shard.1,
            self.boards,
            self.clusters,
            self.solvable,
            self.puzzles,
            self.states,
            self.millis as f64 / 1000.0,
            hardest,
            histogram.join(" ")
        )
    }
}

/// More moves, or as many and a smaller line.
fn harder(line: &str, than: &str) -> bool {
    let moves = |l: &str| l.split(' ').next().and_then(|m| m.parse::<u32>().ok());
    (moves(line), std::cmp::Reverse(line)) > (moves(than), std::cmp::Reverse(than))
}

/// Enumerates the universe (this shard of it): the puzzle lines, sorted, and the summary.
/// `progress` is called about every `every` while the run lasts.
pub fn run(
    config: &Config,
    every: Duration,
    progress: &(dyn Fn(&Progress) + Sync),
) -> Result<(Vec<String>, Summary), String> {
    let start = Instant::now();
    let enumerator = Enumerator::new(config.size, config.walls)?;
    let (k, m) = config.shard;
    if k == 0 || k > m {
        return Err(format!("shard {k}/{m}: expected 1 <= K <= M"));
    }
    let threads = config.threads.max(1) as u64;
    let size = config.size;
    // A shard takes the prefixes (choices of the first rows) whose mixed number is K - 1
    // modulo M, with
    // enough prefixes for a fair share each, and never enumerates the others.
    let split = if m == 1 {
        0
    } else {
        enumerator.split_for(PREFIXES_PER_SHARD * m)
    };
    // First pass: this shard's units and their boards, the largest first (the threads take
    // them in this order, so that no large unit is left for the end).
    let mut units: Vec<(Unit, u64)> = Vec::new();
    let mut scratch = vec![Vec::new(); size];
    enumerator.for_each_unit_under(
        split,
        |prefix| shard_of(prefix, m) == k - 1,
        |unit| {
            let mut boards = 0;
            enumerator.for_each_row_choice_in(unit, &mut |choice| {
                boards += enumerator.columns_for(choice, &mut scratch)
            });
            if boards > 0 {
                units.push((*unit, boards));
            }
        },
    );
    units.sort_by_key(|&(_, boards)| std::cmp::Reverse(boards));
    let total: u64 = units.iter().map(|&(_, boards)| boards).sum();
    let next = AtomicUsize::new(0);
    let done = AtomicU64::new(0);
    let puzzles = AtomicU64::new(0);
    let finished = AtomicUsize::new(0);
    let results = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                let (enumerator, units, next, done, puzzles, finished) =
                    (&enumerator, &units, &next, &done, &puzzles, &finished);
                scope.spawn(move || {
                    let out = work(enumerator, units, next, done, puzzles);
                    finished.fetch_add(1, Ordering::Relaxed);
                    out
                })
            })
            .collect();
        let mut last = Instant::now();
        while finished.load(Ordering::Relaxed) < workers.len() {
            std::thread::sleep(Duration::from_millis(50));
            if last.elapsed() >= every {
                last = Instant::now();
                progress(&Progress {
                    done: done.load(Ordering::Relaxed),
                    total,
                    puzzles: puzzles.load(Ordering::Relaxed),
                    elapsed: start.elapsed(),
                });
            }
        }
        workers
            .into_iter()
            .map(|w| {
                w.join()
                    .map_err(|_| "a universe worker panicked".to_string())
                    .and_then(|r| r)
            })
            .collect::<Result<Vec<_>, String>>()
    })?;
    let mut summary = Summary::default();
    let mut lines = Vec::new();
    for (mut l, s) in results {
        summary.add(&s);
        lines.append(&mut l);
    }
    lines.sort_unstable();
    summary.millis = start.elapsed().as_millis() as u64;
    Ok((lines, summary))
}

/// Writes the puzzle lines to `path`, one per line.
pub fn write_lines(path: &std::path::Path, lines: &[String]) -> Result<(), String> {
    use std::io::Write;
    let fail = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
    let file = std::fs::File::create(path).map_err(fail)?;
    let mut out = std::io::BufWriter::new(file);
    for line in lines {
        writeln!(out, "{line}").map_err(fail)?;
    }
    out.flush().map_err(fail)
}

/// The shard (from 0) of a prefix: its number mixed (SplitMix64's finaliser) modulo M, so that
/// each shard is a spread-out sample of the universe (numbers modulo M would follow the last
/// row's entries) and any one shard's time estimates the whole.
fn shard_of(prefix: u64, m: u64) -> u64 {
    let mut z = prefix.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (z ^ (z >> 31)) % m
}

/// Prefixes per shard, at least: shards of prefixes of very different sizes even out.
const PREFIXES_PER_SHARD: u64 = 256;

/// A hasher for the keys of packed boards (already well spread in their low bits, where the
/// vertical mask sits).
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
        }
    }

    fn write_u128(&mut self, key: u128) {
        let folded = (key as u64) ^ ((key >> 64) as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        self.0 = folded.wrapping_mul(0xff51_afd7_ed55_8ccd).rotate_left(29);
    }
}

/// The packed boards of a unit's explored clusters.
type Seen = HashSet<u128, BuildHasherDefault<KeyHasher>>;

/// What one cluster adds to a thread's figures and lines.
fn record(verdict: Verdict, summary: &mut Summary, lines: &mut Vec<String>) -> Result<(), String> {
    match verdict {
        Verdict::TooLarge { states } => {
            return Err(format!("a cluster of {states} boards is too large"));
        }
        Verdict::Unsolvable { states } => {
            summary.clusters += 1;
            summary.states += states as u64;
        }
        Verdict::NotMinimal { states } => {
            summary.clusters += 1;
            summary.solvable += 1;
            summary.states += states as u64;
        }
        Verdict::Puzzle(p) => {
            summary.clusters += 1;
            summary.solvable += 1;
            summary.puzzles += 1;
            summary.states += p.states as u64;
            if summary.histogram.len() <= p.moves {
                summary.histogram.resize(p.moves + 1, 0);
            }
            summary.histogram[p.moves] += 1;
            let line = p.line();
            if summary.hardest.as_ref().is_none_or(|h| harder(&line, h)) {
                summary.hardest = Some(line.clone());
            }
            lines.push(line);
        }
    }
    Ok(())
}

/// One thread's share: the next unit not yet taken, until none is left. In a unit, a board
/// whose cluster was explored (it is among the packed boards listed) is skipped; each other
/// board has its cluster judged.
fn work(
    enumerator: &Enumerator,
    units: &[(Unit, u64)],
    next: &AtomicUsize,
    done: &AtomicU64,
    puzzles: &AtomicU64,
) -> Result<(Vec<String>, Summary), String> {
    let size = enumerator.size();
    let mut explorer = Explorer::new();
    let mut columns = vec![Vec::new(); size];
    let mut summary = Summary::default();
    let mut lines = Vec::new();
    let mut seen = Seen::default();
    let mut packed = Vec::new();
    let mut failure = Ok(());
    while let Some((unit, unit_boards)) = units.get(next.fetch_add(1, Ordering::Relaxed)) {
        seen.clear();
        if seen.capacity() > 4 * *unit_boards as usize + 1024 {
            seen = Seen::default();
        }
        let found = summary.puzzles;
        enumerator.for_each_row_choice_in(unit, &mut |choice| {
            let boards = enumerator.columns_for(choice, &mut columns);
            if boards == 0 || failure.is_err() {
                return;
            }
            enumerator.for_each_board(choice, &columns, |pieces| {
                let Ok((layout, state)) = Layout::new(size, pieces) else {
                    // Unreachable: the enumerator places pieces on the board without overlap.
                    return;
                };
                let lengths = u128::from(layout.vertical_lengths()) << 36;
                if failure.is_err() || seen.contains(&(state.key() | lengths)) {
                    return;
                }
                packed.clear();
                let verdict = explorer.judge(&layout, &state, &mut packed);
                seen.extend(packed.iter().map(|&key| key | lengths));
                failure = record(verdict, &mut summary, &mut lines)
                    .map_err(|e| format!("{e} (from {})", layout.board_string(&state)));
            });
            summary.boards += boards;
            done.fetch_add(boards, Ordering::Relaxed);
        });
        failure.clone()?;
        // Every generated board of the unit is a packed board of one explored cluster, and
        // every packed board is generated: anything else is a bug in one of the two.
        if seen.len() as u64 != *unit_boards {
            return Err(format!(
                "a unit of {unit_boards} boards holds {} packed boards of its clusters",
                seen.len()
            ));
        }
        puzzles.fetch_add(summary.puzzles - found, Ordering::Relaxed);
    }
    Ok((lines, summary))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hardest_is_most_moves_then_smallest_line() {
        assert!(harder("10 B", "09 A"));
        assert!(harder("10 A", "10 B"));
        assert!(!harder("10 B", "10 A"));
    }
}
