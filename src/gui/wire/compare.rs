//! The comparison view's messages: the rows of a comparison as they start and end.

use super::offer::WholeGamesEntry;
use serde::Serialize;

/// The rows of a comparison, before they run.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct CompareStart {
    /// The engine's name.
    pub engine: String,
    /// The variant.
    pub variant: String,
    /// Its rule options.
    pub rules: Vec<(String, String)>,
    /// The position compared, as a fen.
    pub fen: String,
    /// The position compared, as the `position` command sent.
    pub position: String,
    /// Its side to move, `p1` or `p2` (the rows' values are from it).
    pub side: &'static str,
    /// The engine's `cp` units in one of the game's own (`TabGame::VALUE_UNIT`: 100 for a game
    /// tree, else 1): the page writes the rows' values in the game's units, as the tree view.
    pub value_unit: i32,
    /// `search` (two-player searches at depths), `puzzle` (one-player optimal searches) or
    /// `games` (whole games against sente's exact second player: the rocks experiment).
    pub kind: &'static str,
    /// `games`: the words for the players, as the game declares them.
    pub whole_games: Option<WholeGamesEntry>,
    /// Every row, pending.
    pub rows: Vec<CompareRow>,
}

/// One row of a comparison.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct CompareRow {
    /// Its place in the table, from 0.
    pub index: usize,
    /// The run's name (`minimax`, `astar-movers`).
    pub run: String,
    /// `Algorithm` of the run.
    pub algorithm: String,
    /// `Opponent` of the run.
    pub opponent: String,
    /// The estimate of the run (A* and IDA*), a choice of the game's estimate option.
    pub heuristic: Option<String>,
    /// `go depth` (none for the puzzle searches).
    pub depth: Option<u32>,
    /// `pending`, `running`, `done` or `error`.
    pub status: &'static str,
    /// The search's score, as `info` says it (`cp 300`, `mate 46`), from the side to move.
    pub value: Option<String>,
    /// `bestmove`.
    pub best: Option<String>,
    /// Nodes the search visited (a puzzle search: states expanded; a game: the states the
    /// first player's searches visited, all moves together).
    pub nodes: Option<u64>,
    /// The search's own time, in ms (a game: the first player's searches' together).
    pub time_ms: Option<f64>,
    /// Puzzle searches: states generated.
    pub generated: Option<u64>,
    /// Puzzle searches: the open list's peak.
    pub peak_open: Option<u64>,
    /// Puzzle searches: IDA*'s iterations.
    pub iterations: Option<u64>,
    /// Puzzle searches: the solution's length.
    pub length: Option<u64>,
    /// Games: the moves the first player (the compared search) played.
    pub first_moves: Option<u64>,
    /// Games: whether the first player won (the cars got out).
    pub won: Option<bool>,
    /// Games: the exact value (`go solve`).
    pub exact: Option<String>,
    /// Why the row failed.
    pub error: Option<String>,
}
