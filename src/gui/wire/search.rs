//! What a search says, for the page: an engine's `info` line read into fields, and the exact
//! value of a move (each Connect Four column) from the solver.

use crate::protocol::info::InfoLine;
use crate::search::score::Reported;
use serde::Serialize;

/// An `info` line read into fields.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct InfoMessage {
    /// `analysis`, `p1`, `p2`, `hint` or `solve`.
    pub source: String,
    /// The engine's name.
    pub engine: String,
    /// The fen of the position searched.
    pub fen: String,
    /// `depth`.
    pub depth: Option<u64>,
    /// `seldepth`.
    pub seldepth: Option<u64>,
    /// `cp` or `mate`.
    pub score_kind: Option<String>,
    /// The score, from the side to move.
    pub score: Option<i64>,
    /// `lowerbound` or `upperbound`.
    pub bound: Option<String>,
    /// `nodes`.
    pub nodes: Option<u64>,
    /// `nps`.
    pub nps: Option<u64>,
    /// `time`, in ms.
    pub time_ms: Option<u64>,
    /// `hashfull`, in permille.
    pub hashfull: Option<u64>,
    /// The principal variation.
    pub pv: Vec<String>,
    /// The text after `info string`.
    pub string: Option<String>,
}

/// The line's fields, for the page (`source`, `engine` and `fen` left for the caller).
impl From<InfoLine> for InfoMessage {
    fn from(line: InfoLine) -> InfoMessage {
        let (score_kind, score) = match line.score {
            Some(Reported::Centipawns(cp)) => (Some("cp"), Some(i64::from(cp))),
            Some(Reported::Mate(n)) => (Some("mate"), Some(i64::from(n))),
            None => (None, None),
        };
        InfoMessage {
            depth: line.depth.map(u64::from),
            seldepth: line.seldepth.map(u64::from),
            score_kind: score_kind.map(str::to_string),
            score,
            bound: line.bound.map(|b| b.word().to_string()),
            nodes: line.nodes,
            nps: line.nps,
            time_ms: line.time_ms,
            hashfull: line.hashfull.map(u64::from),
            pv: line.pv,
            string: line.string,
            ..InfoMessage::default()
        }
    }
}

/// A move's exact value from the solver (each Connect Four column), for the side that plays it.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ColumnValue {
    /// The move (column label).
    pub mv: String,
    /// `pending`, `solved`, `unproven` (time ran out) or `error`.
    pub status: &'static str,
    /// Once solved: `win`, `draw` or `loss`, for the side that plays the move.
    pub result: Option<&'static str>,
    /// Once solved as a win or a loss: the plies from the position to the move that ends the
    /// game, this move included (1: it wins at once; 2: the opponent wins with its reply).
    pub plies: Option<u32>,
    /// The solver's score of the position after the move as its `info` line gave it (`mate
    /// -2`, `cp 0`), from the side to move there (the opponent); none when the move ends the
    /// game.
    pub score: Option<String>,
}
