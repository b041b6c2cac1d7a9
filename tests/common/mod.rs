//! Helpers shared by the tests of matches played in parts (`tests/shards.rs`,
//! `tests/cluster.rs`): fresh temp paths, and records read back for comparison.

use sente::referee::record::{self, RecordedGame};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The binary under test.
pub const SENTE: &str = env!("CARGO_BIN_EXE_sente");

/// A fresh path in the temp directory, unique to this test run.
pub fn temp_path(name: &str) -> PathBuf {
    static COUNT: AtomicUsize = AtomicUsize::new(0);
    let n = COUNT.fetch_add(1, Ordering::SeqCst);
    std::env::temp_dir().join(format!("sente-shards-{}-{n}-{name}", std::process::id()))
}

/// A game as two runs of the same deterministic match must both have it: every header but
/// the `Date`, the moves, and each comment without its time (`+0.12/10`).
#[derive(Debug, PartialEq, Eq)]
pub struct Comparable {
    pub headers: Vec<(String, String)>,
    pub moves: Vec<String>,
    pub comments: Vec<String>,
}

fn comparable(game: &RecordedGame) -> Comparable {
    let untimed = |comment: &String| {
        let words: Vec<&str> = comment.split_whitespace().collect();
        let timed = words
            .last()
            .and_then(|w| w.strip_suffix('s'))
            .is_some_and(|t| t.parse::<f64>().is_ok());
        words[..words.len() - usize::from(timed)].join(" ")
    };
    Comparable {
        headers: game
            .headers
            .iter()
            .filter(|(k, _)| k != "Date")
            .cloned()
            .collect(),
        moves: game.moves.clone(),
        comments: game.comments.iter().map(untimed).collect(),
    }
}

/// The games of a record by number; panics if a number is there twice.
pub fn games_by_round(path: &Path) -> BTreeMap<usize, Comparable> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut games = BTreeMap::new();
    for game in record::parse(&text).expect("the record reads") {
        let round: usize = game
            .header("Round")
            .and_then(|r| r.parse().ok())
            .expect("a Round");
        let again = games.insert(round, comparable(&game));
        assert!(again.is_none(), "game {round} twice in {}", path.display());
    }
    games
}
