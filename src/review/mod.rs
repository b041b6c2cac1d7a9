//! The game review, as lichess's computer analysis but exact where sente's solvers answer:
//! every move of a game classed (best, good, inaccuracy, mistake, blunder) from the value of
//! the position before it and of the one after, the best move(s) named, every move's value
//! where the player erred, and each side's accuracy and counts. One implementation for
//! `sente review`, Python's `sente.review` and the GUI.
//!
//! Each position is valued by the variant's own tasks (`variants::value`): its `go solve`
//! (exact: who wins and how fast), else `go solve weak` (who wins), else a search of a fixed
//! node budget (winning chances by lichess's logistic curve, with a constant fitted per game).
//! The review goes from the last move to the first: the last positions are solved fastest, and
//! what their solves leave in the tables speeds up the earlier ones; once a position's strong
//! solve fails in the time given, the earlier positions (harder still) get only the weak solve
//! (and once that fails, only the search).
//!
//! The API, for a caller that shows progress and can cancel (the GUI):
//!
//! ```text
//! let game = GameRecord::from_record(text)?;      // or GameRecord::new(variant, ...)
//! let mut reviewer = Reviewer::new(&game, Settings::default(), stop_flag)?;
//! while let Some(reviewed) = reviewer.step()? {   // one move, from the last to the first;
//!     show(reviewer.done(), reviewer.total());    // Err(Stopped) once the flag is raised
//! }
//! let review: Review = reviewer.finish()?;        // serde::Serialize: the JSON of --json
//! ```
//!
//! or `review(&game, settings, stop, &mut |progress| ...)` for the whole at once. Every type
//! below serialises to the JSON that `sente review --json` prints (protocol.md, "sente
//! review").

mod assemble;
mod command;
pub mod judge;
mod record;
mod run;
pub mod saved;
pub mod tags;
mod trial;
mod why;
mod words;

pub use crate::games::why::Why;
pub use crate::variants::value::{Judged, Value};
pub use command::{ReviewArgs, run as run_command};
pub use judge::Class;
pub use record::GameRecord;
pub use run::{Progress, Reviewer, Stopped, review};
pub use tags::{Tag, TagCounts, TagKind};
pub use trial::{Trial, trial};
pub use words::{accuracy_text, annotated, move_number, value_words};

use serde::Serialize;
use std::time::Duration;

/// How much effort each position gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Settings {
    /// The most time a solve of one position may take (the strong solve, then the weak one),
    /// in ms.
    #[serde(rename = "movetime_ms", serialize_with = "millis")]
    pub movetime: Duration,
    /// The node budget of the search that values a position no solve proves.
    pub nodes: u64,
    /// Memory for the tables (the `Hash` option), in MB.
    pub hash_mb: usize,
    /// Threads of the Connect Four solver (the `Threads` option).
    pub threads: usize,
}

impl Settings {
    /// Settings from a person's numbers: `movetime` seconds per solve (above 0, at most a
    /// day), a search budget of `nodes` (at least 1), `hash_mb` MB of tables (1-16384) and
    /// `threads` (1-256); the error names the number out of range.
    pub fn checked(
        movetime: f64,
        nodes: u64,
        hash_mb: usize,
        threads: usize,
    ) -> Result<Settings, String> {
        if !(movetime.is_finite() && movetime > 0.0 && movetime <= 86_400.0) {
            return Err(format!(
                "movetime is a number of seconds above 0 (at most a day), not {movetime}"
            ));
        }
        if nodes == 0 {
            return Err("nodes is at least 1".to_string());
        }
        if !(1..=16_384).contains(&hash_mb) {
            return Err(format!("hash is 1 to 16384 MB, not {hash_mb}"));
        }
        if !(1..=256).contains(&threads) {
            return Err(format!("threads is 1 to 256, not {threads}"));
        }
        Ok(Settings {
            movetime: Duration::from_secs_f64(movetime),
            nodes,
            hash_mb,
            threads,
        })
    }
}

impl Review {
    /// The review as the JSON `sente review --json` prints (protocol.md, "sente review").
    pub fn to_json(&self) -> Result<String, String> {
        serde_json::to_string(self).map_err(|e| format!("cannot write the review as JSON: {e}"))
    }
}

fn millis<S: serde::Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_u64(u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

impl Default for Settings {
    /// 10 s per solve, 1,000,000 nodes per search, 256 MB, one thread.
    fn default() -> Self {
        Settings {
            movetime: Duration::from_secs(10),
            nodes: 1_000_000,
            hash_mb: 256,
            threads: 1,
        }
    }
}

/// A seat as the review names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The first player.
    P1,
    /// The second player.
    P2,
}

/// A position of the game and its value.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PositionReview {
    /// Plies played before it (0: the start).
    pub ply: usize,
    /// Its fen.
    pub fen: String,
    /// Its side to move (after the end: the side that would move next).
    pub side: Side,
    /// Its value for its side to move.
    pub value: Value,
    /// How the value was found.
    pub judged: Judged,
    /// The engine's move there (one that keeps the value), if any.
    pub best: Option<String>,
    /// The first player's win % (0-100): 100 a won position, 50 a draw, an estimate by the
    /// game's logistic curve.
    pub win_p1: f64,
    /// The evaluation graph's height of its value for the first player, in [-1, 1]
    /// (`judge::graph_height`): proven wins above 0.5, the sooner the higher, proven losses
    /// below -0.5, a search's winning chances halved between, a draw 0.
    pub graph_p1: f64,
}

/// Another move of a position where the player erred, and its value.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Alternative {
    /// The move.
    #[serde(rename = "move")]
    pub mv: String,
    /// Its value for the mover, counted from the position before it.
    pub value: Value,
    /// How the value was found.
    pub judged: Judged,
}

/// One move of the game, judged.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MoveReview {
    /// Its number in the game, from 1 (the position before it is `positions[ply - 1]`).
    pub ply: usize,
    /// Its number as the move list writes it: the first player's `number.` (an odd ply), the
    /// second player's `number…` (an even one), `(ply + 1) / 2` both; a puzzle's `ply`.
    pub number: usize,
    /// Who played it.
    pub side: Side,
    /// The move.
    #[serde(rename = "move")]
    pub mv: String,
    /// The move in words where the game says it (`takes 3 from heap 2`, `car A one square
    /// right`); `None` where the notation says it already.
    pub words: Option<String>,
    /// The value of the position before it, for the mover.
    pub before: Value,
    /// The value it keeps: the position after it, for the mover, counted from the position
    /// before the move (a best move keeps `before` exactly).
    pub after: Value,
    /// How it was judged: `exact` (both values proven with their distance), `weak` (only
    /// who wins is proven on one side: a blunder or not), `search` (an estimate on one side:
    /// lichess's thresholds).
    pub judged: Judged,
    /// Its class.
    pub class: Class,
    /// `?!`, `?`, `??` or nothing.
    pub mark: &'static str,
    /// Its tags beside the class (`tags.rs`): a faster win or a longer defence missed, the only
    /// move, a great move, a forced move, a book move.
    pub tags: Vec<Tag>,
    /// The best move(s) known: every move keeping `before` where the player erred (all were
    /// valued), otherwise the engine's move and the move played if it was best.
    pub best: Vec<String>,
    /// The mover's win % before the move, by the value the move was judged by (a proven
    /// value's, or the search's estimate where the other side of the move is only estimated).
    pub win_before: f64,
    /// The mover's win % after it, likewise.
    pub win_after: f64,
    /// The evaluation graph's heights of the positions before and after it, for the first
    /// player (as `PositionReview::graph_p1`).
    pub graph_before: f64,
    /// See `graph_before`.
    pub graph_after: f64,
    /// lichess's accuracy of the move (`None` in a puzzle).
    pub accuracy: Option<f64>,
    /// Where the player erred: every legal move and its value, best first (the move played
    /// among them); otherwise empty.
    pub alternatives: Vec<Alternative>,
    /// Where the player erred, what the move does and what the best does ("3 loses in 4: 4
    /// still wins in 6", in the winner's moves); otherwise empty.
    pub comment: String,
    /// Where the player erred, why, each claim checked by the engine (protocol.md, "sente
    /// review": the kinds); otherwise `None`.
    pub why: Option<Why>,
}

/// One side's summary.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SideSummary {
    /// The side.
    pub side: Side,
    /// Its moves.
    pub moves: usize,
    /// lichess's game accuracy (`None` without a move, and in a puzzle).
    pub accuracy: Option<f64>,
    /// Its inaccuracies.
    pub inaccuracies: usize,
    /// Its mistakes.
    pub mistakes: usize,
    /// Its blunders.
    pub blunders: usize,
    /// Its tags, counted apart from the classes (a tagged move keeps its class).
    pub tags: TagCounts,
    /// Of its moves, how many were judged exactly, by who wins only, by search.
    pub judged: JudgedCounts,
}

/// Moves by how they were judged.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct JudgedCounts {
    /// Exactly.
    pub exact: usize,
    /// By who wins only.
    pub weak: usize,
    /// By search.
    pub search: usize,
}

/// A puzzle's summary.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PuzzleSummary {
    /// Moves played.
    pub moves: usize,
    /// The fewest moves that solve it from the start (`None` if not found in time, or
    /// unsolvable).
    pub optimal: Option<u32>,
    /// True when the moves solve it.
    pub solved: bool,
}

/// The review of a game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Review {
    /// The variant.
    pub variant: &'static str,
    /// Its rule options, `Name=value` words (empty for the defaults).
    pub rules: String,
    /// The start position's fen, when not the variant's start.
    pub fen: Option<String>,
    /// How the game ended (`1-0`, `0-1`, `1/2-1/2`), when it did.
    pub result: Option<&'static str>,
    /// The effort each position got.
    pub settings: Settings,
    /// The constant of the logistic curve turning the game's search scores into winning
    /// chances.
    pub win_scale: f64,
    /// Every position, from the start to the last.
    pub positions: Vec<PositionReview>,
    /// Every move.
    pub moves: Vec<MoveReview>,
    /// The first player's summary, then the second's (one only in a puzzle).
    pub sides: Vec<SideSummary>,
    /// In a puzzle, the moves played against the fewest that solve it.
    pub puzzle: Option<PuzzleSummary>,
}
