//! What a search tells while it runs (`Report`: iterations, notes, trace records, a puzzle
//! search's counts) and what it returns (`SearchResult`), before the protocol formats them.

use super::puzzle::PuzzleCounts;
use super::trace::TraceNode;
use super::tt::Bound;
use std::time::Duration;

/// The note of a `go solve` stopped (by `stop` or a limit) before it proved the value.
pub const NOT_PROVEN: &str = "stopped before the value was proven";

/// The note of a puzzle search stopped before it found a solution.
pub const NOT_SOLVED: &str = "stopped before a solution was found";

/// The note of a puzzle search that proved there is no solution.
pub const UNSOLVABLE: &str = "unsolvable";

/// The first words of the note a weak solve ends with: `solved weak win|draw|loss`, maybe
/// followed by where the value comes from (`(the game's theory)`).
pub const SOLVED_WEAK: &str = "solved weak";

/// One finished iteration (or the final state of a search), before formatting.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Depth of the iteration.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Score from the side to move (see `score`).
    pub score: i32,
    /// `None` when exact; otherwise the score is only a bound.
    pub bound: Option<Bound>,
    /// Nodes visited: since `go` for the full search, by this iteration alone for the
    /// textbook algorithms (so that the last line equals a `go depth N` search).
    pub nodes: u64,
    /// Time since `go`.
    pub elapsed: Duration,
    /// Table fill in permille (`None` without a table).
    pub hashfull: Option<u32>,
    /// Principal variation in move notation.
    pub pv: Vec<String>,
}

/// What a search tells while it runs.
#[derive(Clone, Debug, PartialEq)]
pub enum Report {
    /// An iteration completed.
    Iteration(Progress),
    /// A remark for the user (`info string`).
    Note(String),
    /// A finished node of a traced textbook search (`SearchTrace`).
    Trace(TraceNode),
    /// The counts of a finished puzzle search, just before its result.
    PuzzleCounts(PuzzleCounts),
}

/// The end of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play, in move notation; `None` when the game is over.
    pub best_move: Option<String>,
    /// Score of the last completed iteration.
    pub score: Option<i32>,
    /// True when the score is the game's exact value (the search reached every end).
    pub proven: bool,
    /// Nodes visited in all.
    pub nodes: u64,
}
