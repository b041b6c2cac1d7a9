//! Every line sente writes on stdout, typed, with its text form (`Display`).

use super::command::Dialect;
pub use super::info::{ScoreBound, SearchInfo};
pub use super::option::OptionKind;
use crate::search::score::INFINITY;
use crate::search::trace::{NodeKind, TraceNode};
use std::fmt;

/// A line of output.
#[derive(Clone, Debug, PartialEq, Eq)]
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
    /// `info string error: <text>`.
    Error(String),
    /// `bestmove <move>`, `bestmove 0000` when there is none.
    BestMove(Option<String>),
    /// `response <text>` (answer to `query`).
    QueryResponse(String),
    /// Free text for a person (`d`), possibly several lines.
    Text(String),
}

/// A trace value or window bound: a whole number, or `-inf`/`inf` for an open end.
struct TraceValue(i32);

impl fmt::Display for TraceValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            v if v >= INFINITY => write!(f, "inf"),
            v if v <= -INFINITY => write!(f, "-inf"),
            v => write!(f, "{v}"),
        }
    }
}

/// `info trace id <i> parent <p> move <m>|none ply <d> kind max|min|chance|leaf
/// [alpha <a> beta <b>] value <v> [pruned <k>]`.
impl fmt::Display for TraceNode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.kind {
            NodeKind::Max => "max",
            NodeKind::Min => "min",
            NodeKind::Chance => "chance",
            NodeKind::Leaf => "leaf",
        };
        write!(
            f,
            "info trace id {} parent {} move {} ply {} kind {kind}",
            self.id,
            self.parent,
            self.move_text.as_deref().unwrap_or("none"),
            self.ply
        )?;
        if let Some(window) = self.window {
            write!(
                f,
                " alpha {} beta {}",
                TraceValue(window.alpha),
                TraceValue(window.beta)
            )?;
        }
        write!(f, " value {}", TraceValue(self.value))?;
        if self.pruned > 0 {
            write!(f, " pruned {}", self.pruned)?;
        }
        Ok(())
    }
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

    #[test]
    fn trace_lines_read_as_the_protocol_says() {
        use crate::search::trace::Window;
        let mut node = TraceNode {
            id: 6,
            parent: 1,
            move_text: Some("2".into()),
            ply: 1,
            kind: NodeKind::Min,
            window: Some(Window {
                alpha: 300,
                beta: INFINITY,
            }),
            value: 200,
            pruned: 2,
        };
        assert_eq!(
            Response::Trace(node.clone()).to_string(),
            "info trace id 6 parent 1 move 2 ply 1 kind min alpha 300 beta inf value 200 pruned 2"
        );
        node.window = Some(Window {
            alpha: -INFINITY,
            beta: -5,
        });
        node.pruned = 0;
        assert_eq!(
            Response::Trace(node.clone()).to_string(),
            "info trace id 6 parent 1 move 2 ply 1 kind min alpha -inf beta -5 value 200"
        );
        node.window = None;
        node.move_text = None;
        node.kind = NodeKind::Chance;
        node.value = -999_997;
        assert_eq!(
            Response::Trace(node).to_string(),
            "info trace id 6 parent 1 move none ply 1 kind chance value -999997"
        );
    }
}
