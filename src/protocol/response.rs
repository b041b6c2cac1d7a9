//! Every line sente writes on stdout, typed, with its text form (`Display`).

use super::command::Dialect;
pub use super::info::{ScoreBound, SearchInfo};
pub use super::option::OptionKind;
use crate::search::puzzle::PuzzleCounts;
use crate::search::trace::TraceNode;
use std::fmt;

/// A line of output.
#[derive(Clone, Debug, PartialEq)]
pub enum Response {
    /// `id name ...`.
    IdName(String),
    /// `id author ...`.
    IdAuthor(String),
    /// `option name ... type ...`.
    Option {
        /// The option's name.
        name: String,
        /// Its kind, default and range.
        kind: OptionKind,
    },
    /// `uciok` or `ugiok`.
    HandshakeOk(Dialect),
    /// `readyok`.
    ReadyOk,
    /// `info depth ...`.
    Info(SearchInfo),
    /// `info trace id ...`: a finished node of a traced search.
    Trace(TraceNode),
    /// `info string <text>`.
    InfoString(String),
    /// `info string puzzle algorithm ...`: a puzzle search's counts.
    PuzzleCounts(PuzzleCounts),
    /// `info string error: <text>`.
    Error(String),
    /// `bestmove <move>`, `bestmove 0000` when there is none.
    BestMove(Option<String>),
    /// `response <text>` (answer to `query`).
    QueryResponse(String),
    /// Free text for a person (`d`), possibly several lines.
    Text(String),
}

impl fmt::Display for Response {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Response::IdName(name) => write!(f, "id name {name}"),
            Response::IdAuthor(author) => write!(f, "id author {author}"),
            Response::Option { name, kind } => write!(f, "option name {name} {kind}"),
            Response::HandshakeOk(Dialect::Uci) => write!(f, "uciok"),
            Response::HandshakeOk(Dialect::Ugi) => write!(f, "ugiok"),
            Response::ReadyOk => write!(f, "readyok"),
            Response::Info(info) => write!(f, "{info}"),
            Response::Trace(node) => write!(f, "{node}"),
            Response::InfoString(text) => write!(f, "info string {text}"),
            Response::PuzzleCounts(counts) => write!(f, "info string {counts}"),
            Response::Error(text) => write!(f, "info string error: {text}"),
            Response::BestMove(Some(mv)) => write!(f, "bestmove {mv}"),
            Response::BestMove(None) => write!(f, "bestmove 0000"),
            Response::QueryResponse(text) if text.is_empty() => write!(f, "response"),
            Response::QueryResponse(text) => write!(f, "response {text}"),
            Response::Text(text) => write!(f, "{}", text.trim_end_matches('\n')),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_read_as_the_protocol_says() {
        assert_eq!(Response::BestMove(None).to_string(), "bestmove 0000");
        assert_eq!(
            Response::Error("bad".into()).to_string(),
            "info string error: bad"
        );
    }
}
