//! `sente rushhour`: `universe` enumerates an N x N game into a file of puzzles, `puzzles`
//! prints those of the set shipped with sente, which was drawn from the 6x6 universe.

use super::{Config, run, write_lines};
use crate::games::rushhour::puzzles::puzzles_between;
use crate::shard::parse_shard;
use std::path::Path;
use std::time::Duration;

/// `sente rushhour universe`: enumerates part `shard` (`K/M`, the whole when `None`) of the
/// universe of `size` with at most `walls` walls on `threads` threads (one per core when
/// `None`), writes its puzzle lines to `out`, and prints a progress line on stderr every
/// `progress` seconds, then the summary.
pub fn universe(
    size: usize,
    walls: usize,
    out: &Path,
    shard: Option<&str>,
    threads: Option<usize>,
    progress: f64,
) -> Result<(), String> {
    let config = Config {
        size,
        walls,
        shard: match shard.map(parse_shard).transpose()? {
            Some((k, m)) => (k as u64, m as u64),
            None => (1, 1),
        },
        threads: threads.unwrap_or_else(|| {
            std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
        }),
    };
    if !progress.is_finite() || progress <= 0.0 {
        return Err(format!(
            "--progress {progress}: expected a positive number of seconds"
        ));
    }
    let every = Duration::from_secs_f64(progress);
    let (lines, summary) = run(&config, every, &|p| eprintln!("{}", p.line()))?;
    write_lines(out, &lines)?;
    eprintln!("{}", summary.text(&config));
    Ok(())
}

/// `sente rushhour puzzles`: prints the shipped set's puzzles of `moves` moves, or of `min` to
/// `max` moves (either bound may be absent), as `moves board cluster_states` lines; none is an
/// error.
pub fn puzzles(moves: Option<u32>, min: Option<u32>, max: Option<u32>) -> Result<(), String> {
    let (min, max) = match moves {
        Some(m) => (m, m),
        None => (min.unwrap_or(0), max.unwrap_or(u32::MAX)),
    };
    let chosen = puzzles_between(min, max);
    if chosen.is_empty() {
        let wanted = if min == max {
            format!("{min}")
        } else {
            format!("{min} to {max}")
        };
        return Err(format!(
            "no puzzle of the set has {wanted} moves (the set: `sente rushhour puzzles`)"
        ));
    }
    for p in chosen {
        println!("{} {} {}", p.moves, p.board, p.states);
    }
    Ok(())
}
